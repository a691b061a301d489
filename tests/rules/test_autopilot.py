"""The autopilot (rules/autopilot.py): legal orders using the whole entitlement (6.2.2), Rest when
fatigued (7.8), Hide when denizens prowl nearby (7.4), deterministic and off the game's dice."""

from __future__ import annotations

import random

import pytest

from rules.autopilot import autopilot_all, autopilot_orders
from rules.board import Board
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.orders.entitlement import entitlement
from rules.orders.model import ActivityKind, Orders
from rules.orders.parse import parse_orders
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.tiles import ClearingType
from rules.state import GameState, Place
from tests.rules.games import fresh

K = ActivityKind
NAMES = tuple(catalog().characters)


def game(seed: int = 7, *, scatter: bool = False) -> GameState:
    """A copy of a new 16-character game; ``scatter`` puts each character in a random clearing
    (so that some start in caves, mountains, dead ends)."""
    state = fresh(seed, NAMES)
    if scatter:
        clearings = Board(catalog(), state.tiles).clearings()
        pick = random.Random(seed)
        for name in NAMES:
            state.put(name, Place.clearing(pick.choice(clearings)))
    return state


def parsed(state: GameState, name: str) -> Orders:
    text = autopilot_orders(state, name)
    result = parse_orders(text, state, name, catalog=catalog())
    assert not result.errors, (name, state.place_of(name), text, result.errors)
    assert result.orders is not None
    return result.orders


def kinds(orders: Orders) -> list[ActivityKind]:
    return [p.kind for p in orders.phases]


@pytest.mark.parametrize("seed", range(10))
def test_orders_parse_and_use_the_whole_entitlement(seed: int) -> None:
    state = game(seed, scatter=seed % 2 == 1)
    board = Board(catalog(), state.tiles)
    for name in NAMES:
        orders = parsed(state, name)
        caves = [
            p.target
            for p in orders.phases
            if p.kind is K.MOVE and p.target and board.clearing_type(p.target) is ClearingType.CAVE
        ]
        assert len(orders.phases) == entitlement(catalog(), state, name, cave_moves=caves).total
        assert set(kinds(orders)) <= {K.MOVE, K.HIDE, K.REST, K.SEARCH, K.TRADE, K.HIRE, K.BLANK}
        moves = [p.target for p in orders.phases if p.kind is K.MOVE]
        assert "Edge" not in moves
        for i, target in enumerate(moves):  # climbs are two Moves in a row (7.3.1c.1)
            if target and board.clearing_type(target) is ClearingType.MOUNTAIN:
                assert target in (moves[i - 1 : i] + moves[i + 1 : i + 2]), (name, moves)


def test_a_fresh_character_explores_and_hides_at_the_end() -> None:
    orders = parsed(game(), "Black Knight")
    assert kinds(orders)[-1] is K.HIDE
    assert K.MOVE in kinds(orders)


@pytest.mark.parametrize("tired", [1, 2, 3])
def test_a_fatigued_character_rests_once_per_chit(tired: int) -> None:
    state = game()
    for chit in state.characters["Black Knight"].chits[:tired]:
        chit.status = "fatigued"
    orders = parsed(state, "Black Knight")
    assert kinds(orders)[:tired] == [K.REST] * tired
    assert kinds(orders).count(K.REST) >= tired


def test_with_every_chit_out_of_play_he_only_rests() -> None:
    state = game()
    for name in ("Black Knight", "Amazon", "Sorcerer"):
        for chit in state.characters[name].chits:
            chit.status = "wounded"
        assert set(kinds(parsed(state, name))) <= {K.REST, K.BLANK}
        assert K.REST in kinds(parsed(state, name))


@pytest.mark.parametrize("name", ["Black Knight", "Elf", "Dwarf"])
def test_a_monster_nearby_makes_him_hide_first(name: str) -> None:
    state = game()
    here = Place.split(state.place_of(name))[1]
    assert kinds(parsed(state, name))[0] is not K.HIDE
    state.put("Giant 1", Place.clearing(here))
    orders = parsed(state, name)
    assert kinds(orders)[0] is K.HIDE
    assert kinds(orders)[-1] is K.HIDE


def test_deterministic_and_off_the_games_dice() -> None:
    state = game(3, scatter=True)
    before, position = state.content_hash(), state.dice.position
    first = autopilot_all(state, NAMES)
    assert first == autopilot_all(state.model_copy(deep=True), NAMES)
    assert state.content_hash() == before
    assert state.dice.position == position
    later = state.model_copy(deep=True)
    later.day += 1
    assert autopilot_all(later, NAMES) != first  # a new day, new choices


def test_five_days_on_autopilot() -> None:
    state = game(11)
    start = {name: state.place_of(name) for name in NAMES}
    moved: set[str] = set()
    for _ in range(5):
        orders = {name: parsed(state, name) for name in NAMES}
        resolution = resolve(state, orders, catalog=catalog())
        assert not resolution.pending
        state = resolution.state
        assert state.today.stage == "birdsong"
        moved |= {name for name in NAMES if state.place_of(name) != start[name]}
    assert state.day == 6
    assert len(moved) == len(NAMES)
    assert len({state.place_of(name) for name in NAMES}) > 1


def test_he_locates_where_his_tiles_chits_are_unknown_then_loots_what_he_discovered() -> None:
    """Issue 15: the autopilot searches where it starts: a Locate in a tile whose map chits he
    has not seen; twice Loot at the site he has discovered in his clearing."""
    state = game()
    board = Board(catalog(), state.tiles)
    name = "Black Knight"
    pieces = pieces_of(catalog())
    chit = next(
        p
        for place, stack in state.stacks.items()
        if place.startswith("tile:")
        for p in stack
        if pieces[p].kind is Kind.MAP_CHIT
        and catalog().map_chits[pieces[p].name].kind is ChitKind.SITE
    )
    code = state.place_of(chit).partition(":")[2]
    here = f"{code}{catalog().map_chits[pieces[chit].name].clearing}"
    assert here in board.clearings()
    state.put(name, Place.clearing(here))
    orders = [str(p) for p in parsed(state, name).phases]
    assert "S Locate" in orders
    state.characters[name].discoveries.append(pieces[chit].name)
    state.characters[name].known.extend(state.at(f"tile:{code}"))
    orders = [str(p) for p in parsed(state, name).phases]
    assert orders.count("S Loot") == min(2, len(orders) - 1), "a phase is kept for his last H"
    assert "S Locate" not in orders and orders[-1] == "H"


def test_in_the_forest_the_day_starts_by_moving_to_a_clearing_it_lets_him_reach() -> None:
    """7.10.4d.2 and 8.3.8f (rules.forest): his orders start with a Move to one of the
    clearings the forest lets him reach first, and parse without a problem."""
    state = game()
    for place, exits in (
        (Place.forest("CV"), ("CV1", "CV2", "CV4", "CV5")),
        (Place.forest("AV5", "AV2"), ("AV2", "AV5")),
    ):
        state.put("Amazon", place)
        first = parsed(state, "Amazon").phases[0]
        assert first.kind is K.MOVE and first.target in exits, place
