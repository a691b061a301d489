"""The day's event log: each resolution's events stored in order (``seq`` per day), read back as
the engine's events, counted, and filtered for a viewer. Like :mod:`db.repo`, small functions
over a session that never commit.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from sqlmodel import Session, col, func, select

from db.models import EventRecord

if TYPE_CHECKING:
    from rules.events import Event


def event_count(session: Session, *, campaign_id: int, day: int) -> int:
    """How many events are stored for ``day``: the ``seq`` the next one takes."""
    last = session.exec(
        select(func.max(EventRecord.seq)).where(
            EventRecord.campaign_id == campaign_id, EventRecord.day == day
        )
    ).one()
    return 0 if last is None else last + 1


def save_events(
    session: Session,
    *,
    campaign_id: int,
    day: int,
    events: Iterable[Event],
    start: int | None = None,
) -> range:
    """Store a day's events in order, in one batch (one multi-row insert); ``seq`` continues
    after the day's last stored one (``start``, when the caller knows it: the ``stop`` of
    what this function returned last in the transaction, nothing stored since). Returns the
    ``seq``s they took."""
    if start is None:
        start = event_count(session, campaign_id=campaign_id, day=day)
    # Plain rows, not EventRecord objects: a month's thousands of ORM instances built only to be
    # dumped again cost a tenth of a day's resolution; inserted by the table itself (the same
    # statement and values), without the ORM's bulk insert, which only adds its bookkeeping.
    rows = [
        {
            "campaign_id": campaign_id,
            "day": day,
            "seq": start + offset,
            "type": event.type,
            "audience": event.audience,
            "recipients": list(event.recipients),
            "fields": dict(event.fields),
        }
        for offset, event in enumerate(events)
    ]
    if rows:
        table = EventRecord.__table__  # type: ignore[attr-defined]
        session.connection().execute(table.insert(), rows)
    return range(start, start + len(rows))


def list_events(session: Session, *, campaign_id: int, day: int) -> list[EventRecord]:
    """A day's events in ``seq`` order."""
    query = (
        select(EventRecord)
        .where(EventRecord.campaign_id == campaign_id, EventRecord.day == day)
        .order_by(col(EventRecord.seq))
    )
    return list(session.exec(query))


def as_event(record: EventRecord) -> Event:
    """The engine's :class:`~rules.events.Event` for a stored one, of its type's class
    (:func:`rules.events.from_stored`: what an older version stored is still read)."""
    from rules.events import from_stored  # the event classes, only when events are read

    return from_stored(
        {
            "type": record.type,
            "fields": record.fields,
            "audience": record.audience,
            "to": tuple(record.recipients),
        }
    )


def day_events(
    session: Session, *, campaign_id: int, day: int, types: Collection[str] | None = None
) -> list[Event]:
    """A day's events in ``seq`` order as the engine's (:func:`as_event`), read as plain rows:
    no EventRecord is built only to be turned into an event (a report reads a day's hundreds);
    with ``types``, only the events stored under those types' names."""
    from rules.events import from_stored

    query = (
        select(EventRecord.type, EventRecord.fields, EventRecord.audience, EventRecord.recipients)
        .where(EventRecord.campaign_id == campaign_id, EventRecord.day == day)
        .order_by(col(EventRecord.seq))
    )
    if types is not None:
        query = query.where(col(EventRecord.type).in_(sorted(types)))
    return [
        from_stored({"type": kind, "fields": fields, "audience": audience, "to": tuple(to)})
        for kind, fields, audience, to in session.exec(query)
    ]


def visible_events(
    session: Session, *, campaign_id: int, day: int, viewer: str
) -> list[EventRecord]:
    """A day's events that ``viewer`` may see (:meth:`rules.events.Event.visible_to`)."""
    events = list_events(session, campaign_id=campaign_id, day=day)
    return [record for record in events if as_event(record).visible_to(viewer)]
