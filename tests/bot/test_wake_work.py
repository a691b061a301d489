"""What a wake-up asks of the database when it resolves a day (issue 31's sweep of campaigns due
at once, where this work is most of the bot's): the day resolved in one unit of work and its
reports posted in one more, nothing read back that the resolution has in hand — the seats once
in each unit, the day's count of events only where nothing in hand tells it — and nothing
saved that the same unit deletes (the Evening's start of a day that does not stop in it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import update

from bot.service import CampaignService
from db.engine import session_scope
from db.models import Campaign
from tests.bot.test_scheduler import due_soon


def test_a_wake_up_resolves_and_posts_a_day_in_two_units_reading_the_seats_once_in_each(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    due_soon(service, 1)
    with session_scope(service.engine) as session:
        session.exec(update(Campaign).values(deadline=datetime.now(UTC) - timedelta(seconds=1)))
    units = 0
    unit = service.store.unit

    def counted() -> Any:
        nonlocal units
        units += 1
        return unit()

    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(" ".join(statement.split()))

    monkeypatch.setattr(service.store, "unit", counted)
    event.listen(service.engine, "before_cursor_execute", seen)
    try:
        assert service.timekeeper.wake("C0", 1) == "resolved"
    finally:
        event.remove(service.engine, "before_cursor_execute", seen)
        monkeypatch.undo()
    campaign = service.campaigns.campaign("C0")
    assert (campaign.day, campaign.report_due) == (2, None), "resolved, and its reports posted"
    assert units == 2, "the resolution's unit of work and the posting's"
    seats = [s for s in statements if s.startswith("SELECT seat.")]
    mail = [s for s in seats if "LIKE" in s]  # the outbox's look for mail players (issue 36)
    assert len(seats) - len(mail) == 2 and len(mail) <= units
    assert sum("max(eventrecord.seq)" in s for s in statements) == 1, "the day's first save"
    saved = [s for s in statements if s.startswith("INSERT INTO snapshot ")]
    assert len(saved) == 1, "the day's end: its Evening's start, forgotten at the end, is not saved"
