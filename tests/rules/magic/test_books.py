"""Casting with an Artifact or a Spell Book (4.6.6, 8.3.9c; rules.magic.items): the item's spell
in effect outlives its owner (c.6, 4.6.10h.2), and the reasons a cast through an item is
refused (c.1, c.3, c.4). The scenario of the Witch's Beast Pipes casting Poison is played,
then its state is taken further by hand: a scenario cannot kill her after the cast and before
Midnight with the spell still in effect."""

from __future__ import annotations

from pathlib import Path

from bot.event_text import english
from bot.scenarios import read_scenario
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic import casting, items, lifecycle
from rules.state import GameState, Place
from scenarios.run import run

SCENARIO = (
    Path(__file__).parents[2]
    / "scenarios/magic/books/8.3.9c.5_an_items_spell_in_effect_has_the_item_as_caster.yaml"
)


def after_the_cast() -> GameState:
    """The state once the Witch's Beast Pipes has cast Poison on the Amazon's Short Sword."""
    return run(catalog(), read_scenario(SCENARIO)).state


def test_the_item_is_the_caster_and_its_owner_the_controller():
    state = after_the_cast()
    [spell] = state.spells
    assert (spell.spell, spell.caster, spell.controller, spell.chit) == (
        "Poison",
        "Beast Pipes",
        "Witch",
        None,
    )
    assert state.today.items_cast == ["Beast Pipes"]


def test_an_items_spell_is_not_broken_when_its_owner_is_killed():
    """8.3.9c.6: "The spell cannot be broken by killing the current owner of the item"."""
    state = after_the_cast()
    ctx = Ctx.start(catalog(), state)
    lifecycle.killed(ctx, "Witch")
    assert [(s.spell, s.caster) for s in state.spells] == [("Poison", "Beast Pipes")]
    assert not [e for e in ctx.events if e.type == "spell_broken"]


def test_a_cast_through_an_item_is_refused_for_the_rules_reasons():
    state = after_the_cast()
    ctx = Ctx.start(catalog(), state)
    poison = catalog().spells["Poison"]
    assert "8.3.9c.3" in english(items.refusal(ctx, "Witch", "Beast Pipes", poison))
    state.spells.clear()
    assert "8.3.9c.4" in english(items.refusal(ctx, "Witch", "Beast Pipes", poison))
    state.today.items_cast.clear()
    assert items.refusal(ctx, "Witch", "Beast Pipes", poison) is None
    state.characters["Witch"].items["Beast Pipes"].active = False
    assert "8.3.9c.1" in english(items.refusal(ctx, "Witch", "Beast Pipes", poison))
    state.characters["Witch"].items["Beast Pipes"].active = True
    fiery = catalog().spells["Fiery Blast"]
    assert "8.3.9c.1" in english(items.refusal(ctx, "Witch", "Beast Pipes", fiery))
    state.put("Fiery Blast", Place.item("Beast Pipes"))
    assert "4.6.6b" in english(items.refusal(ctx, "Witch", "Beast Pipes", fiery))


def test_each_awakened_card_is_offered_with_its_item_to_its_owner():
    """Offered only while the item may cast it (8.3.9c.3-c.4): the Pipes committed to the
    Poison in effect, then free again on another Evening (day 14 supplies its Grey)."""
    state = after_the_cast()
    ctx = Ctx.start(catalog(), state)
    combat = CombatState(clearing=state.clearing_of("Witch") or "")
    assert not any("Beast Pipes" in o for o in casting.cast_options(ctx, combat, "Witch", []))
    state.spells.clear()
    state.today.items_cast.clear()
    assert "cast Poison with Beast Pipes" in casting.cast_options(ctx, combat, "Witch", [])
    assert "cast Poison with Beast Pipes" not in casting.cast_options(ctx, combat, "Amazon", [])
