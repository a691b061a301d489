"""Hired and controlled denizens as state (7.7): hiring, terms, unhiring."""

from __future__ import annotations

import pytest

from rules.board import Board
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight.hirelings import (
    expire_terms,
    guides,
    hire,
    individuals,
    is_actor,
    remount,
    unhire,
)
from rules.orders.parse import parse_orders
from rules.phrases import phrase
from rules.state import GameState, ItemState, Place
from rules.state_check import read_state
from tests.rules.games import fresh


def game_with(*pieces: str) -> GameState:
    """The seed-3 game with ``pieces`` standing in the Amazon's clearing."""
    state = fresh(3, ("Amazon", "Elf"))
    for piece in pieces:
        state.put(piece, state.place_of("Amazon"))
    return state


def test_a_hired_native_rides_his_own_horse_and_the_term_counts_today():
    state = game_with("Lancers HQ", "Lancers HQ Horse")
    event = hire(catalog(), state, "Lancers HQ", "Amazon")
    minion = state.minions["Lancers HQ"]
    assert (minion.employer, minion.last_day, minion.controlled) == ("Amazon", 14, False)
    assert event.fields == {"piece": "Lancers HQ", "by": "Amazon", "until": 14}
    assert state.place_of("Lancers HQ Horse") == Place.owner("Lancers HQ")
    assert minion.sheet.items["Lancers HQ Horse"].active


def test_only_denizens_are_hired_only_monsters_controlled_and_no_one_twice():
    state = game_with("Company HQ", "Giant 1")
    with pytest.raises(ValueError, match="only denizens are hired"):
        hire(catalog(), state, "Elf", "Amazon")
    with pytest.raises(ValueError, match="only monsters are controlled"):
        hire(catalog(), state, "Company HQ", "Amazon", controlled=True)
    hire(catalog(), state, "Company HQ", "Amazon")
    with pytest.raises(ValueError, match=r"already the Amazon's.*7\.7\.1a"):
        hire(catalog(), state, "Company HQ", "Elf")


def test_leaders_and_controlled_monsters_act_underlings_follow():
    state = game_with("Company HQ", "Company 1", "Giant 1", "Giant 2")
    hire(catalog(), state, "Company HQ", "Amazon")
    hire(catalog(), state, "Company 1", "Amazon")
    hire(catalog(), state, "Giant 1", "Elf", controlled=True)
    hire(catalog(), state, "Giant 2", "Elf")
    acting = {p for p in state.minions if is_actor(catalog(), state, p)}
    assert acting == {"Company HQ", "Giant 1"}
    assert individuals(catalog(), state) == ["Amazon", "Elf", "Company HQ", "Giant 1"]
    assert guides(catalog(), state, "Company 1") == ["Amazon", "Elf", "Company HQ", "Giant 1"]
    assert "Company HQ" not in guides(catalog(), state, "Company HQ")


def test_an_unhired_leader_leaves_his_belongings_to_his_group_and_forgets_the_rest():
    """7.7.2a.4 and 7.7.4: his group's box takes what he carried, his gold and discoveries are
    cancelled, he is unhidden where he stands, and his horse stands beside him again."""
    state = game_with("Lancers HQ", "Lancers HQ Horse")
    hire(catalog(), state, "Lancers HQ", "Amazon")
    sheet = state.minions["Lancers HQ"].sheet
    sheet.gold, sheet.hidden = 9, True
    sheet.discoveries.append("HOARD 6")
    state.put("Spear 1", Place.owner("Lancers HQ"))
    sheet.items["Spear 1"] = ItemState(active=False)
    where = state.place_of("Lancers HQ")
    ctx = Ctx.start(catalog(), state)
    unhire(ctx, "Lancers HQ", phrase("hire.term_over"))
    assert "Lancers HQ" not in state.minions
    assert [e.fields for e in ctx.events] == [
        {"piece": "Lancers HQ", "employer": "Amazon", "reason": {"phrase": "hire.term_over"}}
    ]
    assert state.place_of("Lancers HQ") == where
    assert state.place_of("Lancers HQ Horse") == where
    assert state.place_of("Spear 1") == Place.box("Lancers")
    hire(catalog(), state, "Lancers HQ", "Elf")
    rehired = state.minions["Lancers HQ"].sheet
    assert (rehired.gold, rehired.discoveries, rehired.hidden) == (0, [], False)


def expired(state: GameState) -> list[str]:
    """The minions whose terms :func:`expire_terms` ends now."""
    ctx = Ctx.start(catalog(), state)
    expire_terms(ctx)
    return [e.fields["piece"] for e in ctx.events]


def test_terms_end_at_midnight_of_their_last_game_day():
    """7.7.1c: fourteen days counting the day of hire, across the months."""
    state = game_with("Company HQ", "Company 1")
    state.month, state.day = 1, 20
    hire(catalog(), state, "Company HQ", "Amazon")
    hire(catalog(), state, "Company 1", "Amazon", days=1)
    assert state.minions["Company HQ"].last_day == 33  # day 5 of the second month
    assert expired(state) == ["Company 1"]
    state.month, state.day = 2, 4
    assert expired(state) == []
    state.day = 5
    assert expired(state) == ["Company HQ"]
    assert state.minions == {}


def test_a_hired_native_dismounts_in_a_cave_and_rides_again_outside():
    """7.3.2e.2: he cannot ride in a cave; he rides again once he is out of it."""
    state = game_with()
    board = Board(catalog(), state.tiles)
    cave = next(c for c in board.clearings() if str(board.clearing_type(c)) == "cave")
    state.put("Patrol HQ", Place.clearing(cave))
    state.put("Patrol HQ Horse", Place.clearing(cave))
    hire(catalog(), state, "Patrol HQ", "Amazon")
    items = state.minions["Patrol HQ"].sheet.items
    assert not items["Patrol HQ Horse"].active
    state.put("Patrol HQ", state.place_of("Amazon"))
    remount(catalog(), board, state)
    assert items["Patrol HQ Horse"].active


def test_an_unhired_hireling_keeps_no_orders_and_the_game_saves_and_loads():
    """7.7.4, 6.2.5: the orders his employer recorded for him today lapse with his hire (he is
    killed, or his term ends): a saved game keeping them would not load."""
    state = game_with("Company HQ")
    hire(catalog(), state, "Company HQ", "Amazon")
    amazon = parse_orders("H\nCompany HQ: H", state, "Amazon").orders
    assert amazon is not None
    state.today.orders = {"Amazon": amazon, "Company HQ": amazon.recorded[0]}
    unhire(Ctx.start(catalog(), state), "Company HQ", phrase("hire.term_over"))
    assert state.today.orders.keys() == {"Amazon"}
    assert read_state(state.to_json(), catalog()).today.orders.keys() == {"Amazon"}
