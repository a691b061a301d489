"""The game state as plain data: exact JSON round trip, schema version, stable hash, stacks."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.dice import Dice, DiceState
from rules.layout import PlacedTile
from rules.state import CharacterState, ChitState, GameState, ItemState, Place
from rules.state_check import check_state, read_state


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


# --- a state checked against the game (issue 11) ---------------------------------------------


def _game() -> GameState:
    from rules.catalog import catalog
    from tests.rules.games import fresh

    state = fresh(7, ("Amazon", "Dwarf"))
    check_state(state, catalog())
    return state


def _nowhere(state: GameState) -> None:
    state.take("Mace 1")


def _twice(state: GameState) -> None:
    state.stacks.setdefault("out", []).append(state.at("with:Amazon")[0])


def _foreign_item(state: GameState) -> None:
    state.characters["Amazon"].items["Mace 1"] = ItemState()


CORRUPTIONS = {
    "a character in a clearing that does not exist": (
        lambda s: s.put("Amazon", Place.clearing("ZZ9")),
        "'at:ZZ9' (the Amazon): 'ZZ9' is no clearing on this map",
    ),
    "a clearing of a tile not on the map": (
        lambda s: s.put("Amazon", Place.clearing("XX1")),
        "'XX1' is no clearing on this map",
    ),
    "negative gold": (
        lambda s: setattr(s.characters["Amazon"], "gold", -5),
        "Amazon: recorded gold -5 is below zero, which it never is (4.5.7)",
    ),
    "a piece nowhere": (_nowhere, "Mace 1 is nowhere: every piece of the game is in one place"),
    "a piece in two places": (_twice, "the Short Sword 1 is also in "),
    "a piece the game does not have": (
        lambda s: s.stacks["out"].append("Excalibur"),
        "out: 'Excalibur' is no piece of the game",
    ),
    "a box the Set Up Card does not have": (
        lambda s: s.put("Mace 1", Place.box("Narnia")),
        "'box:Narnia' (the Mace 1): 'Narnia' is no box of the Set Up Card",
    ),
    "belongings of someone not in the game": (
        lambda s: s.put("Mace 1", Place.owner("Elf")),
        "'with:Elf' (the Mace 1): 'Elf' is nobody in the game",
    ),
    "a place that is no place": (
        lambda s: s.put("Mace 1", "under the bed"),
        "'under the bed' (the Mace 1): no such place",
    ),
    "a sheet listing what he does not have": (
        _foreign_item,
        "Amazon: the sheet lists the Mace 1, which is in",
    ),
    "Victory points out of range": (
        lambda s: s.characters["Amazon"].victory.update(Fame=9),
        "Amazon: Victory Requirement 'Fame': 9 is not 0 to 5 points",
    ),
    "a tile placed twice": (
        lambda s: s.tiles.append(s.tiles[0]),
        "tiles: ",
    ),
}


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_a_state_that_is_not_a_game_is_refused_naming_the_fault(case):
    from rules.catalog import catalog
    from rules.state import GameStateError

    corrupt, message = CORRUPTIONS[case]
    state = _game()
    corrupt(state)
    text = state.to_json()
    assert GameState.from_json(text) == state, "read without the catalog, it is only parsed"
    with pytest.raises(GameStateError) as refused:
        read_state(text, catalog())
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_state_of_the_game_reads_back_checked():
    from rules.catalog import catalog

    state = _game()
    assert read_state(state.to_json(), catalog()) == state
