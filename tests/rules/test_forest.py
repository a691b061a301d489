"""A character in the forest (rules.forest; 7.10.4d.2 L2048, 8.3.8f L2386): the clearings his
next turn may start by moving to, the tile whose colours supply him, and the saved place."""

from __future__ import annotations

import pytest

from rules import forest
from rules.board import board_for
from rules.catalog import catalog
from rules.setup.game import new_game
from rules.state import GameState, GameStateError, Place
from rules.state_check import check_state


def game() -> GameState:
    return new_game(catalog(), 3, ["Amazon", "Witch"])


def test_off_a_vanished_roadway_he_may_move_back_to_either_of_its_clearings() -> None:
    state = game()
    state.put("Amazon", Place.forest("CV5", "CV2"))
    assert state.place_of("Amazon") == "forest:CV2|CV5"
    assert forest.exits(board_for(catalog(), state.tiles), state, "Amazon") == ("CV2", "CV5")
    assert forest.tile_of(state.place_of("Amazon")) == "CV"


def test_in_a_tile_s_forest_he_may_move_to_any_clearing_of_the_tile() -> None:
    state = game()
    state.put("Amazon", Place.forest("CV"))
    exits = forest.exits(board_for(catalog(), state.tiles), state, "Amazon")
    assert exits == ("CV1", "CV2", "CV4", "CV5")  # the Curst Valley has no clearing 3 or 6
    assert forest.tile_of("forest:CV") == "CV"


def test_elsewhere_he_is_in_no_forest() -> None:
    state = game()
    board = board_for(catalog(), state.tiles)
    state.put("Amazon", Place.road("CV2", "CV5"))
    assert forest.exits(board, state, "Amazon") is None
    state.put("Amazon", Place.tile("CV"))  # flying over the tile is not the forest (7.3.3a.1)
    assert forest.exits(board, state, "Amazon") is None
    assert forest.tile_of("at:CV2") is None


def test_a_saved_forest_place_is_checked_like_the_others() -> None:
    state = game()
    state.put("Amazon", Place.forest("CV"))
    check_state(state, catalog())
    state.put("Amazon", Place.forest("CV2", "CV5"))
    check_state(state, catalog())
    state.put("Amazon", "forest:XX")
    with pytest.raises(GameStateError, match="no tile"):
        check_state(state, catalog())
    state.put("Amazon", "forest:CV2|XX9")
    with pytest.raises(GameStateError, match="no roadway"):
        check_state(state, catalog())
