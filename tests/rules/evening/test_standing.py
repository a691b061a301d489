"""Standing combat instructions in the day's orders answer the Evening's decisions (pbem-combat
§3), and the autopilot writes them so that its characters fight (issue 13)."""

from __future__ import annotations

from rules.autopilot import autopilot_orders
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.events import Event
from rules.orders.parse import parse_orders
from rules.state import GameState, Place
from tests.rules.games import fresh


def of_type(events: list[Event], kind: str, **fields: object) -> list[Event]:
    return [
        e for e in events if e.type == kind and all(e.fields.get(k) == v for k, v in fields.items())
    ]


def amazon_with(monster: str) -> GameState:
    """The Amazon alone, unhidden, with ``monster`` in her clearing; no other denizen there."""
    state = fresh(7, ["Amazon"])
    here = state.place_of("Amazon")
    for piece in list(state.at(here)):
        if piece != "Amazon":
            state.put(piece, Place.OUT)
    state.put(monster, here)
    state.characters["Amazon"].hidden = False
    return state


def day_of(state: GameState, text: str) -> list[Event]:
    result = parse_orders(text, state, "Amazon")
    assert result.orders is not None, result.errors
    return resolve(state, {"Amazon": result.orders}, until="evening").events


def test_standing_instructions_choose_her_target_attack_and_maneuver():
    state = amazon_with("Wolf 1")
    events = day_of(
        state,
        "R\ntarget: any attacker on my sheet\nattack: FIGHT M4* smash\nmaneuver: MOVE M3* duck",
    )
    assert of_type(events, "targeted", who="Amazon", target="Wolf 1", round=1)
    played = of_type(events, "played", who="Amazon", round=1)
    assert played and played[0].fields["attack"] == "FIGHT M4* smash"
    assert played[0].fields["maneuver"] == "MOVE M3* duck"


def test_without_instructions_she_only_maneuvers():
    """pbem-combat §4: no target and no attack by default; a maneuver always."""
    state = amazon_with("Wolf 1")
    events = day_of(state, "R")
    assert not of_type(events, "targeted", who="Amazon")
    played = of_type(events, "played", who="Amazon", round=1)
    assert played and played[0].fields["attack"] == "none"
    assert played[0].fields["maneuver"] != "none"


def test_a_clause_whose_condition_fails_falls_through():
    state = amazon_with("Wolf 1")
    events = day_of(state, "R\ntarget: Giant if round 1; none\nmaneuver: MOVE M3* dodge")
    assert not of_type(events, "targeted", who="Amazon")
    events = day_of(state, "R\ntarget: Wolf if Wolf is on me; none")
    assert of_type(events, "targeted", who="Amazon", target="Wolf 1")


def test_the_autopilot_fights():
    state = amazon_with("Wolf 1")
    text = autopilot_orders(state, "Amazon", catalog=catalog())
    assert "target: any attacker on my sheet" in text
    result = parse_orders(text.replace(text.splitlines()[0], "R"), state, "Amazon")
    assert result.orders is not None, result.errors
    events = resolve(state, {"Amazon": result.orders}, until="evening").events
    assert of_type(events, "targeted", who="Amazon", target="Wolf 1")
    assert of_type(events, "attacked", attacker="Amazon", target="Wolf 1")
