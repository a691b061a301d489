"""The game state as plain data: exact JSON round trip, schema version, stable hash, stacks."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.dice import Dice, DiceState
from rules.layout import PlacedTile
from rules.state import CharacterState, ChitState, GameState, ItemState, Place


def small_state() -> GameState:
    state = GameState(
        dice=DiceState(seed=3),
        tiles=[PlacedTile(tile="BL", at=(0, 0)), PlacedTile(tile="CV", at=(0, -1), rotation=2)],
        characters={
            "Amazon": CharacterState(
                name="Amazon",
                start="Inn",
                chits=[ChitState(label="MOVE M4"), ChitState(label="FIGHT L4", status="fatigued")],
                items={"Short Sword 1": ItemState(alerted=True)},
                victory={"Fame": 5},
            )
        },
    )
    state.put("Amazon", Place.clearing("CV5"))
    state.put("Short Sword 1", Place.owner("Amazon"))
    Dice(state.dice).roll("Amazon", "Hide Table")
    return state


def test_json_round_trip_is_exact():
    state = small_state()
    text = state.to_json()
    again = GameState.from_json(text)
    assert again == state
    assert again.to_json() == text


def test_the_hash_is_stable_and_follows_content():
    state = small_state()
    assert state.content_hash() == GameState.from_json(state.to_json()).content_hash()
    before = state.content_hash()
    state.characters["Amazon"].gold += 1
    assert state.content_hash() != before


def test_the_hash_ignores_mapping_insertion_order():
    one, two = small_state(), small_state()
    one.options = {"a": True, "b": False}
    two.options = {"b": False, "a": True}
    assert one.content_hash() == two.content_hash()


def test_another_schema_version_is_refused_with_a_reason():
    data = json.loads(small_state().to_json())
    data["schema_version"] = 99
    with pytest.raises(ValueError, match="schema version 99 is not 1"):
        GameState.from_json(json.dumps(data))


def test_an_unknown_key_is_refused():
    data = json.loads(small_state().to_json())
    data["characters"]["Amazon"]["gold_coins"] = 5
    with pytest.raises(ValidationError, match="gold_coins"):
        GameState.from_json(json.dumps(data))


def test_pieces_move_between_stacks_on_top_of_the_pile():
    state = small_state()
    state.put("Giant 1", Place.clearing("CV5"))
    assert state.at(Place.clearing("CV5")) == ["Amazon", "Giant 1"]
    assert state.place_of("Giant 1") == "at:CV5"
    state.put("Amazon", Place.clearing("BL1"))
    assert state.at(Place.clearing("CV5")) == ["Giant 1"]
    assert state.take("Giant 1") == "at:CV5"
    assert "at:CV5" not in state.stacks
    assert state.take("Giant 1") is None
    with pytest.raises(KeyError, match="Giant 1"):
        state.place_of("Giant 1")


def test_place_strings_split_into_kind_and_name():
    assert Place.split(Place.box("Giants #1")) == ("box", "Giants #1")
    assert Place.split(Place.OUT) == ("out", "")
