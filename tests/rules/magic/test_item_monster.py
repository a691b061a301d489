"""Absorb Essence cast by a Spell Book (rule 4, L4950; rules.magic.item_monster): "The character
holding the item transmorphizes into the monster; if the item is not held by a character, the
item itself becomes the monster, and it functions like a normal monster in all respects. When
the monster is killed the spell is broken and the item reappears." The scenario of the Witch
King casting the Black Book's Absorb Essence at the Goblin is played, then its state taken
further by hand."""

from __future__ import annotations

from pathlib import Path

from bot.scenarios import read_scenario
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.magic import lifecycle
from rules.magic.forms import OWN, form
from rules.magic.state import SpellInEffect
from rules.state import GameState, Place
from scenarios.run import run

SCENARIO = (
    Path(__file__).parents[2]
    / "scenarios/magic/spells_fly/L4950_a_books_absorb_essence_makes_its_holder_the_monster.yaml"
)


def book_spell() -> tuple[GameState, SpellInEffect, str, str]:
    """The state once the Black Book's Absorb Essence holds the Goblin, the spell fallen inert
    and the book dropped in the Witch King's clearing (DW5); the spell, the book's piece and
    the Goblin's."""
    state = run(catalog(), read_scenario(SCENARIO)).state
    spell = state.spells[0]
    book = spell.caster
    assert state.place_of(book) == Place.owner("Witch King")
    lifecycle.fall_inert(Ctx.start(catalog(), state), spell, "midnight")
    state.put(book, Place.clearing("DW5"))
    return state, spell, book, spell.targets[0]


def types(ctx: Ctx) -> list[str]:
    return [event.type for event in ctx.events]


def test_energized_held_by_no_character_the_item_becomes_the_monster():
    """The book lying in DW5 is energized: it leaves play and the Goblin is in play in DW5, a
    normal monster; the Witch King beside it is himself."""
    state, spell, book, goblin = book_spell()
    ctx = Ctx.start(catalog(), state)
    lifecycle.energize(ctx, spell, "day")
    assert state.place_of(book) == Place.OUT
    assert state.place_of(goblin) == Place.clearing("DW5")
    assert form(state.spells, "Witch King") == OWN
    assert not lifecycle.absorbed(state, goblin)
    assert types(ctx) == ["spell_energized", "item_transmorphized"]


def test_falling_inert_the_item_reappears_where_the_monster_is():
    """The Goblin, gone to DW2, goes back into the spell as it falls inert, and the book
    reappears in DW2; energized again, the book becomes the Goblin there."""
    state, spell, book, goblin = book_spell()
    lifecycle.energize(Ctx.start(catalog(), state), spell, "day")
    state.put(goblin, Place.clearing("DW2"))
    ctx = Ctx.start(catalog(), state)
    lifecycle.fall_inert(ctx, spell, "midnight")
    assert state.place_of(book) == Place.clearing("DW2")
    assert state.place_of(goblin) == Place.OUT
    assert types(ctx) == ["spell_inert", "item_reappeared"]
    lifecycle.energize(ctx, spell, "day")
    assert state.place_of(goblin) == Place.clearing("DW2")
    assert state.place_of(book) == Place.OUT


def test_the_monster_killed_breaks_the_spell_and_the_item_reappears():
    """ "When the monster is killed the spell is broken and the item reappears": where the
    monster was killed; the monster is the killing's to take out of play."""
    state, spell, book, goblin = book_spell()
    lifecycle.energize(Ctx.start(catalog(), state), spell, "day")
    ctx = Ctx.start(catalog(), state)
    lifecycle.killed(ctx, goblin)
    assert not state.spells
    assert state.place_of(book) == Place.clearing("DW5")
    assert "spell_broken" in types(ctx) and "item_reappeared" in types(ctx)


def test_held_by_a_character_as_it_is_energized_he_becomes_the_monster():
    """Picked up again before the spell is energized, the book transmorphizes its holder, not
    itself: the Witch King has the Goblin's form, and the Goblin stays in the spell."""
    state, spell, book, goblin = book_spell()
    state.put(book, Place.owner("Witch King"))
    ctx = Ctx.start(catalog(), state)
    lifecycle.energize(ctx, spell, "day")
    assert spell.controller == "Witch King"
    assert form(state.spells, "Witch King") != OWN
    assert state.place_of(goblin) == Place.OUT
    assert "item_transmorphized" not in types(ctx)


def test_the_holder_killed_the_monster_is_killed_with_him():
    """Rule 1.1 for the character the book made the monster: killed, the spell is broken (rule
    4) and the Goblin stays out of play; the book goes with his belongings."""
    state, spell, book, goblin = book_spell()
    state.put(book, Place.owner("Witch King"))
    lifecycle.energize(Ctx.start(catalog(), state), spell, "day")
    state.characters["Witch King"].dead = True
    lifecycle.killed(Ctx.start(catalog(), state), "Witch King")
    assert not state.spells
    assert state.place_of(goblin) == Place.OUT
    assert state.place_of(book) == Place.owner("Witch King")
