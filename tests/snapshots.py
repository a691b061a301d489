"""Changing a started campaign's saved game for a test: the latest snapshot read, changed, and
saved again as the latest."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Engine

from db import repo
from db.engine import session_scope
from rules.state import GameState

T = TypeVar("T")


def rewrite_latest(
    engine: Engine,
    campaign_id: int,
    change: Callable[[GameState], T],
    *,
    step: str = "start",
    day: int | None = None,
) -> T:
    """Save the campaign's latest state again as ``change`` leaves it (a new snapshot, ``step``,
    of the same day or of ``day``); what ``change`` returns."""
    with session_scope(engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=campaign_id)
        assert snapshot is not None
        state = GameState.from_json(snapshot.state)
        found = change(state)
        repo.save_snapshot(
            session,
            campaign_id=campaign_id,
            day=snapshot.day if day is None else day,
            step=step,
            state=state.to_json(),
            created_at=snapshot.created_at,
        )
    return found
