"""The Witch's familiar (L3925–3929): its piece, its orders recorded in her message, its turn just
before hers, and what it may not do. The scenarios under tests/scenarios/familiar play it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.event_text import english
from rules.catalog import catalog
from rules.day.engine import OrdersError, resolve
from rules.daylight import familiar
from rules.orders.model import ActivityKind, Orders
from rules.orders.parse import legal_activities, parse_orders
from rules.state import GameState, GameStateError, Place
from rules.state_check import check_state, read_state
from scenarios import load_scenario
from scenarios.run import run
from tests.rules.games import fresh

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "familiar"

K = ActivityKind
CAST = ("Witch", "Amazon", "Black Knight", "Swordsman")


def game(**places: str) -> GameState:
    return fresh(3, CAST, **places)


def accepted(text: str, state: GameState, who: str = "Witch") -> Orders:
    result = parse_orders(text, state, who)
    assert result.errors == (), result.errors
    assert result.orders is not None
    return result.orders


def codes(text: str, state: GameState, who: str = "Witch") -> list[str]:
    return [p.code for p in parse_orders(text, state, who).errors]


def test_she_brings_it_to_her_start_and_only_she_records_for_it():
    state = game()
    assert state.familiars == {"Familiar": "Witch"}
    assert state.clearing_of("Familiar") == state.clearing_of("Witch")
    assert state.recorder("Familiar") == "Witch" and state.recorder("Witch") is None
    without = fresh(3, ("Amazon",))
    assert without.familiars == {} and without.place_of("Familiar") == Place.OUT


def test_her_section_is_its_orders_on_the_messages_lines():
    state = game()
    orders = accepted("H\n  familiar :  F Witch\nstop following: before 2", state)
    assert orders.phases[0].kind is K.HIDE
    (theirs,) = orders.recorded
    assert (theirs.character, theirs.follow, theirs.instructions.stop_following) == (
        "Familiar",
        "Witch",
        2,
    )
    result = parse_orders("H\n\nFamiliar: H", state, "Witch")
    (problem,) = result.errors
    assert (problem.code, problem.line) == ("hireling-activity", 3)
    assert english(problem.message).startswith("Familiar: ") and "L3926" in english(problem.message)


def test_the_echo_reparses_to_the_same_orders():
    state = game()
    result = parse_orders("R\nblock: all\nFamiliar: P, -", state, "Witch")
    assert result.echo == "R\nblock: all\nFamiliar: P, -"
    again = parse_orders(result.echo, state, "Witch")
    assert again.orders == result.orders


def test_it_records_only_move_follow_and_peer_and_peers_only_where_it_is():
    state = game()
    for text in ("H", "R", "A", "S", "T Company", "HR Company", "E"):
        assert codes(f"R\nFamiliar: {text}", state) == ["hireling-activity"], text
    assert codes("R\nFamiliar: P AV2", state) == ["unexpected-target"]
    assert codes("R\nFamiliar: -\nblock: all", state) == ["bad-instruction"]
    assert codes("R\nFamiliar: -\nbefore 1: activate Witch", state) == ["bad-instruction"]
    kinds = {a.kind for a in legal_activities(state, "Familiar", 1)}
    assert kinds == {K.MOVE, K.FOLLOW, K.PEER, K.BLANK}
    assert [str(a) for a in legal_activities(state, "Familiar", 1) if a.kind is K.PEER] == ["P"]


def test_it_gets_basic_and_sunlight_phases_like_a_character():
    state = game()
    assert accepted("R\nFamiliar: -, -, *-, *-", state).recorded[0].phases[3].source == "sunlight"
    assert "too-many-phases" in codes("R\nFamiliar: -, -, -, -, -", state)


def test_it_cannot_be_followed():
    state = game()
    state.put("Amazon", Place.clearing(state.clearing_of("Witch") or ""))
    (problem,) = parse_orders("F Familiar", state, "Amazon").errors
    assert problem.code == "follow-absent" and "cannot be followed (L3927)" in english(
        problem.message
    )


def test_a_section_names_only_those_she_records_for():
    state = game()
    assert codes("R\nFamiliar: -", state, "Amazon") == ["unknown-instruction"]


def test_its_turn_comes_just_before_hers_whatever_the_draw():
    for seed in range(12):
        state = fresh(seed, CAST)
        orders = {"Witch": accepted("R\nFamiliar: -", state)}
        after = resolve(state, orders, until="daylight").state
        order = after.today.turn_order
        assert order.index("Familiar") + 1 == order.index("Witch"), (seed, order)


def test_when_she_follows_it_goes_just_before_her_guide():
    state = game()
    state.put("Witch", Place.clearing(state.clearing_of("Amazon") or ""))
    state.put("Familiar", Place.clearing(state.clearing_of("Amazon") or ""))
    orders = {"Witch": accepted("F Amazon\nFamiliar: -", state)}
    order = resolve(state, orders, until="daylight").state.today.turn_order
    assert "Witch" not in order and order.index("Familiar") + 1 == order.index("Amazon")


def test_orders_recorded_twice_or_by_the_wrong_character_are_refused():
    state = game()
    mine = accepted("R\nFamiliar: -", state)
    with pytest.raises(OrdersError, match="twice"):
        resolve(state, {"Witch": mine, "Familiar": Orders(character="Familiar")})
    stolen = Orders(character="Amazon", recorded=(Orders(character="Familiar"),))
    with pytest.raises(OrdersError, match="does not record"):
        resolve(state, {"Amazon": stolen})


def test_what_it_spies_is_told_to_her_alone():
    text = (SCENARIOS / "witch_familiar_spies_for_her_L3927_L3929.yaml").read_text()
    outcome = run(catalog(), load_scenario(yaml.safe_load(text)))
    (found,) = [e for e in outcome.events if e.type == "discovered"]
    assert found.fields["who"] == "Familiar"
    assert [v for v in ("public", "Witch", "Amazon") if found.visible_to(v)] == ["Witch"]


def test_orders_keyed_by_its_id_are_recorded_as_hers():
    state = game()
    theirs = parse_orders("M AV2", state, "Familiar")
    assert theirs.orders is not None and theirs.errors == ()
    after = resolve(state, {"Familiar": theirs.orders}, until="daylight").state
    assert after.clearing_of("Familiar") == "AV2"


def test_the_state_check_refuses_a_familiar_out_of_place():
    state = game()
    state.familiars["Familiar"] = "Amazon"
    with pytest.raises(GameStateError, match="not the familiar"):
        check_state(state, catalog())
    state = game()
    state.put("Familiar", Place.OUT)
    with pytest.raises(GameStateError, match="not on the map"):
        check_state(state, catalog())


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=80))
def test_any_section_text_is_answered_without_a_crash(tail):
    result = parse_orders(f"R\nFamiliar: {tail}", game(), "Witch")
    assert (result.orders is None) == bool(result.errors)


def test_when_she_dies_its_orders_lapse_and_the_game_saves_and_loads():
    """L3926: her familiar leaves play with her (9.1.1) and moves only as she records, so the
    orders she recorded for it today lapse: a saved game keeping them would not load."""
    state = game()
    state.today.orders = {"Witch": accepted("H\nFamiliar: F Witch", state)}
    state.today.orders["Familiar"] = state.today.orders["Witch"].recorded[0]
    familiar.leave(state, "Witch")
    assert "Familiar" not in state.today.orders and "Witch" in state.today.orders
    assert read_state(state.to_json(), catalog()).today.orders.keys() == {"Witch"}
