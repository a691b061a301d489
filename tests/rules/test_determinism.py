"""Determinism (DESIGN principle 3): the same snapshot with the same orders gives byte-identical
results in any process — whatever order Python's string hashing gives to sets of names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rules import GameState, parse_orders
from rules.orders.model import Orders

ROOT = Path(__file__).resolve().parents[2]

#: A day where three characters follow each other in a loop (6.3.2b) and others move and hide.
SCRIPT = """
from rules import catalog, new_game, parse_orders, resolve, autopilot_orders
cast = ["Amazon", "Black Knight", "Elf", "Dwarf", "Pilgrim", "Witch"]
state = new_game(catalog(), 11, cast)
for name in cast[1:]:
    state.put(name, state.place_of("Amazon"))
texts = {"Amazon": "F Black Knight", "Black Knight": "F Elf", "Elf": "F Amazon",
         "Dwarf": "F Amazon", "Pilgrim": autopilot_orders(state, "Pilgrim"), "Witch": "H, H"}
orders = {n: parse_orders(t, state, n).orders for n, t in texts.items()}
result = resolve(state, orders)
print(result.state.to_json())
print([e.stored() for e in result.events])
"""


def parsed(text: str, state: GameState, name: str) -> Orders:
    """``name``'s orders from ``text``, which must be valid."""
    result = parse_orders(text, state, name)
    assert result.orders is not None, result.errors
    return result.orders


def run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_day_is_the_same_whatever_the_string_hashing():
    first = run("1")
    assert "day.followers_loop" in first, "the followers who follow each other do nothing"
    for seed in ("2", "3"):
        assert run(seed) == first


def test_a_day_stopped_at_the_start_of_its_evening_goes_on_to_the_same_results():
    """The service saves the Evening's start (``until="sunset"``) and resumes from it: the two
    halves give the state and events of the day resolved at once, fights included."""
    from rules import autopilot_orders, catalog, new_game, resolve

    cast = ["Amazon", "Black Knight", "Dwarf", "Elf", "Swordsman", "White Knight"]
    state = new_game(catalog(), 5, cast)
    fights = 0
    for _ in range(6):
        texts = {n: autopilot_orders(state, n) for n in cast if n in state.characters}
        orders = {n: parsed(t, state, n) for n, t in texts.items()}
        whole = resolve(state, orders)
        first = resolve(state, orders, until="sunset")
        assert first.state.today.stage == "evening"
        rest = resolve(first.state, {})
        assert rest.state.to_json() == whole.state.to_json()
        assert [*first.events, *rest.events] == whole.events
        assert [*first.rolls, *rest.rolls] == whole.rolls
        fights += sum(e.type == "combat_ended" and e.fields["rounds"] > 1 for e in whole.events)
        state = whole.state
    assert fights, "the days hold fights"


def test_a_resolution_returns_its_rolls_and_the_state_keeps_none():
    """Each day's rolls come back with its resolution (the day's own, in order) and are kept
    with its events as one moderator-only ``dice_log`` event; the state never holds them, so
    its dice take the same room on day 6 as on day 1."""
    from rules import autopilot_orders, catalog, new_game, resolve
    from rules.events import logged_rolls

    cast = ["Amazon", "Black Knight", "Dwarf", "Elf", "Swordsman", "White Knight"]
    state = new_game(catalog(), 5, cast)
    dice_json = state.dice.model_dump_json()
    for _ in range(6):
        texts = {n: autopilot_orders(state, n) for n in cast if n in state.characters}
        orders = {n: parsed(t, state, n) for n, t in texts.items()}
        day = resolve(state, orders)
        assert day.rolls, "every day rolls (the Monster Roll, 6.3.3)"
        shown = [(e.fields["who"], e.fields["dice"]) for e in day.events if e.type == "roll"]
        drawn = [(r.who, list(r.dice)) for r in day.rolls]
        assert all(roll in drawn for roll in shown)
        *events, log = day.events_with_rolls()
        assert events == day.events
        assert (log.type, log.audience) == ("dice_log", "moderator")
        assert logged_rolls([log]) == day.rolls
        assert set(json.loads(day.state.to_json())["dice"]) == {"seed", "position", "forced"}
        assert len(day.state.dice.model_dump_json()) <= len(dice_json) + 8
        state = day.state
