"""What a rollback within a day reads and undoes (the moderator's window rollback, issue 14):
the snapshots saved for a day with their ledgers, the last decision's id a save point records,
and the rows stored after a save point or from a day on. The same rules as
:mod:`db.repo`: a session and keyword arguments, flush but never commit.

Which snapshots are kept (issue 18): while a day is resolved, every stop is saved (the Evening's
start, each stop for decisions, a fresh start, a rollback's restored state), since a moderator
may roll the day back to any of them; once the day is over only its ``end`` is needed — the
next day's start, which a rollback to that day restores — so :func:`forget_day` deletes the
others, and a rollback to a day deletes what was saved after the snapshot it restores
(:func:`forget_after`), a future no rollback can reach. A campaign keeps one snapshot per day.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, delete, func, select

from db.exchanges import forget_exchanges
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
    latest: the snapshots saved since, the events from ``seq`` ``events_from`` on (and the Ask
    Demon exchanges of those casts), and the decisions whose ids are above
    ``decisions_after``."""
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
    forget_exchanges(session, campaign_id=campaign_id, from_day=day, from_seq=events_from)
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


#: The snapshots a day keeps once it is over: the game's first (``start``), each day's last
#: (``end``) and the game ended by the players (``ended``, 9.2.1).
KEPT_STEPS = frozenset({"start", "end", "ended"})


def forget_day(session: Session, *, campaign_id: int, day: int) -> int:
    """Delete the snapshots saved within ``day`` (those of its steps not in
    :data:`KEPT_STEPS`), once it is over; how many."""
    query = delete(Snapshot).where(
        col(Snapshot.campaign_id) == campaign_id,
        col(Snapshot.day) == day,
        col(Snapshot.step).not_in(KEPT_STEPS),
    )
    return _deleted(session, query)


def forget_after(session: Session, *, campaign_id: int, snapshot_id: int) -> int:
    """Delete a campaign's snapshots saved after snapshot ``snapshot_id`` (which a rollback
    restores: they are a future undone); how many."""
    query = delete(Snapshot).where(
        col(Snapshot.campaign_id) == campaign_id, col(Snapshot.id) > snapshot_id
    )
    return _deleted(session, query)


def _deleted(session: Session, query: Any) -> int:
    result = session.exec(query)
    session.flush()
    return int(result.rowcount or 0)
