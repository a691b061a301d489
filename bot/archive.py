"""What a campaign's archive keeps for its final report (issue 17): the saved game as day 1
began and the events of every day, read back in order."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from sqlmodel import Session

from db import event_log, repo
from rules import GameState

if TYPE_CHECKING:
    from rules import Event


def first_state(session: Session, campaign_id: int) -> GameState | None:
    """The saved game as the campaign's first day began (its ``start`` snapshot), if kept."""
    snapshot = repo.get_snapshot(session, campaign_id=campaign_id, day=1, step="start")
    return None if snapshot is None else GameState.from_json(snapshot.state)


def every_day(
    session: Session, campaign_id: int, last_day: int, *, types: Collection[str] | None = None
) -> list[tuple[int, list[Event]]]:
    """The events of each day from the first to ``last_day``, in order; with ``types``, only
    those of the types so named (:func:`bot.final_report.final_events`)."""
    return [
        (day, event_log.day_events(session, campaign_id=campaign_id, day=day, types=types))
        for day in range(1, last_day + 1)
    ]
