"""The outbox's rows: messages queued for a transport, in the transaction of the change they
report, then marked delivered (the delivery contract is :class:`db.models.OutboxMessage`'s).

The same rules as :mod:`db.repo`: a session and keyword arguments, flush but never commit.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from db import blobs
from db.models import OutboxMessage
from db.rows import add, get


def add_message(
    session: Session,
    *,
    campaign_id: int,
    kind: str,
    content: str,
    created_at: datetime,
    to: str | None = None,
    attachment_name: str | None = None,
    attachment: bytes | None = None,
    flush: bool = True,
) -> OutboxMessage:
    """Queue a message (``channel``, ``dm`` to ``to``, or ``moderators``) for the transport;
    without ``flush`` it is written with the session's next flush (several at once), and has
    no id until then. Its ``attachment`` goes to :func:`db.blobs.store`."""
    digest = None
    if attachment is not None:
        digest = blobs.store(session, campaign_id=campaign_id, data=attachment, at=created_at)
    message = OutboxMessage(
        campaign_id=campaign_id,
        kind=kind,
        to=to,
        content=content,
        attachment_name=attachment_name,
        attachment_sha256=digest,
        created_at=created_at,
    )
    if not flush:
        session.add(message)
        return message
    return add(session, message)


def undelivered_messages(session: Session, *, limit: int | None = None) -> list[OutboxMessage]:
    """The messages not yet delivered, in id order (the order they were written)."""
    query = (
        select(OutboxMessage)
        .where(col(OutboxMessage.delivered_at).is_(None))
        .order_by(col(OutboxMessage.id))
        .limit(limit)
    )
    return list(session.exec(query))


def mark_delivered(session: Session, *, message_id: int, at: datetime) -> OutboxMessage:
    """Record that a message was delivered at ``at``."""
    message = get(session, OutboxMessage, message_id)
    message.delivered_at = at
    return add(session, message)


def record_attempt(session: Session, *, message_id: int) -> int:
    """Count one more delivery attempt of a message; returns the count."""
    message = get(session, OutboxMessage, message_id)
    message.attempts += 1
    add(session, message)
    return message.attempts
