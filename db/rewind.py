"""What a rollback within a day reads and undoes (the moderator's window rollback, issue 14):
the snapshots saved for a day with their ledgers, the last decision's id a save point records,
and the rows stored after a save point or from a day on. The same rules as
:mod:`db.repo`: a session and keyword arguments, flush but never commit.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, func, select

from db.models import EventRecord, PendingDecision, Snapshot


def day_snapshots(
    session: Session, *, campaign_id: int, day: int
) -> list[tuple[int, str, dict[str, Any]]]:
    """The id, step and ledger of each snapshot saved for ``day``, oldest first, without their
    states."""
    query = (
        select(Snapshot.id, Snapshot.step, Snapshot.ledger)
        .where(Snapshot.campaign_id == campaign_id, Snapshot.day == day)
        .order_by(col(Snapshot.id))
    )
    return [(int(i), step, dict(ledger)) for i, step, ledger in session.exec(query) if i]


def rewind_day(
    session: Session,
    *,
    campaign_id: int,
    day: int,
    snapshot_id: int,
    events_from: int,
    decisions_after: int,
) -> None:
    """Undo what was stored for ``day`` after snapshot ``snapshot_id``, which becomes the
    latest: the snapshots saved since, the events from ``seq`` ``events_from`` on, and the
    decisions whose ids are above ``decisions_after``."""
    later: list[Any] = [
        *session.exec(
            select(Snapshot).where(
                Snapshot.campaign_id == campaign_id, col(Snapshot.id) > snapshot_id
            )
        ),
        *session.exec(
            select(EventRecord).where(
                EventRecord.campaign_id == campaign_id,
                EventRecord.day == day,
                col(EventRecord.seq) >= events_from,
            )
        ),
        *session.exec(
            select(PendingDecision).where(
                PendingDecision.campaign_id == campaign_id,
                PendingDecision.day == day,
                col(PendingDecision.id) > decisions_after,
            )
        ),
    ]
    for row in later:
        session.delete(row)
    session.flush()


def delete_decisions(session: Session, *, campaign_id: int, from_day: int) -> int:
    """Remove a campaign's decisions of ``from_day`` and later, answered or not; how many."""
    query = select(PendingDecision).where(
        PendingDecision.campaign_id == campaign_id, col(PendingDecision.day) >= from_day
    )
    decisions = list(session.exec(query))
    for decision in decisions:
        session.delete(decision)
    session.flush()
    return len(decisions)


def last_decision_id(session: Session, *, campaign_id: int) -> int:
    """The id of the campaign's decision asked last (0 before any)."""
    last = session.exec(
        select(func.max(PendingDecision.id)).where(PendingDecision.campaign_id == campaign_id)
    ).one()
    return last or 0
