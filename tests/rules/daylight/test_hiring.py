"""7.7.1a.1: the Rogues and the Order are hired highest ID first, the leader last."""

from __future__ import annotations

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight.hiring import order, wages
from rules.state import GameState


def test_rogues_are_hired_highest_id_first_leader_last() -> None:
    ctx = Ctx(catalog=catalog(), board=None, state=GameState.model_construct(), dice=None)  # type: ignore[arg-type, call-arg]
    assert order(ctx, ["Rogues HQ", "Rogues 3", "Rogues 7", "Rogues 1"]) == [
        "Rogues 7",
        "Rogues 3",
        "Rogues 1",
        "Rogues HQ",
    ]
    assert wages(ctx, ("Company 1", "Company 5")) == 6  # 2 + 4 (7.7.1b.1 L1930)
