"""The Magic types and spells Enchant Artifact adds to an item (L5053–5056; rules.magic.items):
only while energized, each type once an Evening, and a type committed to a spell in effect
leaving the others free. The scenario of the Good Book casting the added Fiery Blast is played,
then its state is taken further by hand."""

from __future__ import annotations

from pathlib import Path

from bot.event_text import english
from bot.scenarios import read_scenario
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.magic import items
from rules.magic.state import SpellInEffect
from rules.state import GameState
from scenarios.run import run

SCENARIO = (
    Path(__file__).parents[2] / "scenarios/magic/spells_fly/"
    "L5053_an_enchanted_book_casts_the_added_spell_with_the_added_type.yaml"
)


def after_the_cast() -> GameState:
    """The state once the Witch King's Good Book has cast the Fiery Blast its Enchant Artifact
    added."""
    return run(catalog(), read_scenario(SCENARIO)).state


def test_the_added_type_is_recorded_as_cast_beside_the_books_own():
    state = after_the_cast()
    assert state.today.items_cast == ["Good Book IV"], "its own type I is still free tonight"


def test_each_type_casts_once_an_evening_and_only_while_the_spell_is_energized():
    """L5055: "Each Magic type on the target item can be used once per day"; L5053: the type
    and spell are there "Whenever the Enchant Artifact spell is energized"."""
    state = after_the_cast()
    ctx = Ctx.start(catalog(), state)
    blast = catalog().spells["Fiery Blast"]
    assert "8.3.9c.4" in english(items.refusal(ctx, "Witch King", "Good Book", blast))
    state.today.items_cast.clear()
    assert items.refusal(ctx, "Witch King", "Good Book", blast) is None
    assert items.types(ctx, "Good Book") == ["I", "IV"]
    state.spells[0].energized = False
    assert items.types(ctx, "Good Book") == ["I"]
    assert "not a Spell card" in english(items.refusal(ctx, "Witch King", "Good Book", blast))


def test_a_type_committed_to_a_spell_leaves_the_others_free():
    """L5055: "when one Magic type is committed to a target, the item can still be played to
    use the other Magic type"."""
    state = after_the_cast()
    state.today.items_cast.clear()
    state.spells.append(
        SpellInEffect(
            number=2,
            spell="Make Whole",  # type I, as cast by the book with its own type
            caster="Good Book",
            controller="Witch King",
            targets=["Witch King"],
            cast_day=state.game_day,
        )
    )
    ctx = Ctx.start(catalog(), state)
    assert items.in_effect(ctx, "Good Book", "I")
    assert not items.in_effect(ctx, "Good Book", "IV")
    assert items.refusal(ctx, "Witch King", "Good Book", catalog().spells["Fiery Blast"]) is None
