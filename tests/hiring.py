"""Hirelings staged in a started campaign's saved game, for the tests of hirelings ordered by
their employer (issue 16): natives put in the employer's clearing, alone with him, and hired."""

from __future__ import annotations

from sqlalchemy import Engine

from rules.catalog import catalog
from rules.daylight.hirelings import hire
from rules.pieces import Kind, pieces_of
from rules.state import GameState, ItemState, Place
from rules.state_check import check_state
from tests.snapshots import rewrite_latest


def stage_hirelings(
    engine: Engine,
    campaign_id: int,
    employer: str,
    *pieces: str,
    gold: int = 0,
    carried: tuple[str, ...] = (),
) -> str:
    """Rewrite the latest snapshot of the campaign ``campaign_id`` (a started game): every
    denizen in ``employer``'s clearing taken out, ``pieces`` (with their horses) put there and
    hired by him (7.7.1c), the first of them given ``gold`` and the items ``carried``, inactive.
    Returns the clearing."""
    data = catalog()
    kinds = pieces_of(data)

    def change(state: GameState) -> str:
        here = state.place_of(employer)
        for piece in list(state.at(here)):
            if kinds[piece].kind in (Kind.NATIVE, Kind.MONSTER, Kind.HORSE):
                state.put(piece, Place.OUT)
        for piece in pieces:
            state.put(piece, here)
            horse = data.native_counters[piece].horse if piece in data.native_counters else None
            if horse is not None:
                state.put(horse, here)
            hire(data, state, piece, employer)
        leader = state.minions[pieces[0]].sheet
        leader.gold = gold
        for item in carried:
            state.put(item, Place.owner(pieces[0]))
            leader.items[item] = ItemState(active=False)
        check_state(state, data)
        return Place.split(here)[1]

    return rewrite_latest(engine, campaign_id, change)
