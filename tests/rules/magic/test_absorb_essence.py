"""Absorb Essence ending (L4945–4946, rules 1.1–1.2; rules.magic.lifecycle): broken without
killing the caster, the monster appears in his clearing; killed, it is killed with him. The
scenario of the Witch King absorbing the Goblin is played, then its state taken further by
hand."""

from __future__ import annotations

from pathlib import Path

from bot.scenarios import read_scenario
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.magic import lifecycle
from rules.magic.forms import OWN, form
from rules.state import GameState, Place
from scenarios.run import run

SCENARIO = (
    Path(__file__).parents[2]
    / "scenarios/magic/spells_fly/L4942_absorb_essence_makes_the_caster_the_monster.yaml"
)


def absorbed() -> GameState:
    """The state once the Witch King has absorbed the Goblin Axe."""
    state = run(catalog(), read_scenario(SCENARIO)).state
    assert state.place_of(goblin(state)) == Place.OUT
    return state


def goblin(state: GameState) -> str:
    """The absorbed Goblin's piece."""
    return state.spells[0].targets[0]


def test_broken_without_killing_him_the_monster_appears_in_his_clearing():
    """L4946: "If the spell is broken without killing the spellcaster, the monster instantly
    appears in the spellcaster's clearing"; he is his own self again."""
    state = absorbed()
    state.put("Witch King", Place.clearing("DW2"))
    ctx = Ctx.start(catalog(), state)
    piece = goblin(state)
    lifecycle.break_spell(ctx, state.spells[0], lifecycle.by_name("Exorcise"))
    assert state.place_of(piece) == Place.clearing("DW2")
    assert form(state.spells, "Witch King") == OWN


def test_killed_the_monster_is_killed_with_him():
    """L4945: "If the spellcaster is killed the monster is also killed"."""
    state = absorbed()
    state.characters["Witch King"].dead = True
    ctx = Ctx.start(catalog(), state)
    piece = goblin(state)
    lifecycle.killed(ctx, "Witch King")
    assert not state.spells
    assert state.place_of(piece) == Place.OUT
