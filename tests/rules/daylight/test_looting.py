"""Looting (7.5.5) beyond what the scenarios show: a dead character's belongings lie in his
clearing's pile, which anyone there may loot (4.3.4, 7.5.5b.1)."""

from __future__ import annotations

from pathlib import Path

from bot.scenarios import read_scenario
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight import looting
from rules.orders.targets import PILE
from rules.pieces import pieces_of
from rules.state import Place
from scenarios.run import run

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_a_dead_characters_belongings_are_a_pile_to_loot():
    done = run(
        catalog(), read_scenario(SCENARIOS / "combat" / "8.4.9c.2-first-resolved-survives.yaml")
    )
    state = done.state
    assert state.characters["Swordsman"].dead
    ctx = Ctx.start(catalog(), state)
    pile = looting.loose_items(ctx, Place.clearing("DW5"))
    names = {pieces_of(catalog())[p].name for p in pile}
    assert "Thrusting Sword" in names, "his weapon lies where he fell"
    assert PILE in looting.lootable(ctx, "Amazon", "DW5")
