"""The Ask Demon exchanges (:class:`db.models.DemonExchange`) and the casts they answer, the
private ``asked_demon`` events of the event log. Like :mod:`db.repo`, small functions over a
session that never commit."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlmodel import Session, col, delete, select

from db.models import DemonExchange, EventRecord

#: The event type of a cast of Ask Demon (:class:`rules.events.casting.AskedDemon`).
ASKED_DEMON = "asked_demon"


def casts(session: Session, *, campaign_id: int, days: Collection[int]) -> list[EventRecord]:
    """The ``asked_demon`` events stored on ``days``, in their order."""
    query = (
        select(EventRecord)
        .where(
            EventRecord.campaign_id == campaign_id,
            EventRecord.type == ASKED_DEMON,
            col(EventRecord.day).in_(sorted(days)),
        )
        .order_by(col(EventRecord.day), col(EventRecord.seq))
    )
    return list(session.exec(query))


def exchanges(
    session: Session, *, campaign_id: int, days: Collection[int] | None = None
) -> list[DemonExchange]:
    """The campaign's exchanges (of ``days`` if given), in the order of their casts."""
    query = select(DemonExchange).where(DemonExchange.campaign_id == campaign_id)
    if days is not None:
        query = query.where(col(DemonExchange.day).in_(sorted(days)))
    return list(session.exec(query.order_by(col(DemonExchange.day), col(DemonExchange.seq))))


def add_exchange(
    session: Session,
    *,
    campaign_id: int,
    cast: EventRecord,
    caster: str,
    asked: str,
    question: str,
    at: datetime,
) -> DemonExchange:
    """The question ``caster`` asks ``asked`` by the cast ``cast``, stored."""
    row = DemonExchange(
        campaign_id=campaign_id,
        day=cast.day,
        seq=cast.seq,
        caster=caster,
        asked=asked,
        question=question,
        asked_at=at,
    )
    session.add(row)
    session.flush()
    return row


def forget_exchanges(
    session: Session, *, campaign_id: int, from_day: int, from_seq: int = 0
) -> None:
    """Remove the exchanges of the casts a rollback undoes: from ``from_seq`` of ``from_day``
    on, and every later day's."""
    session.exec(
        delete(DemonExchange).where(
            col(DemonExchange.campaign_id) == campaign_id,
            (col(DemonExchange.day) > from_day)
            | ((col(DemonExchange.day) == from_day) & (col(DemonExchange.seq) >= from_seq)),
        )
    )
