"""The outbox's rows: messages queued for a transport, in the transaction of the change they
report, then marked delivered (the delivery contract is :class:`db.models.OutboxMessage`'s).

The same rules as :mod:`db.repo`: a session and keyword arguments, flush but never commit.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, or_
from sqlmodel import Session, col, select

from db import blobs
from db.models import Campaign, OutboxMessage
from db.rows import add, get

#: What starts a mail player's id (:data:`bot.mail.addresses.PREFIX`; the database's layer reads
#: the bot's none): the messages to him are the mail transport's (:func:`to_mail`).
MAIL_PREFIX = "mail:"


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
    day: int | None = None,
    flush: bool = True,
) -> OutboxMessage:
    """Queue a message (``channel``, ``dm`` to ``to``, ``public``: a channel's message copied
    to the mail player ``to``, or ``moderators``) for the transport,
    written on the campaign's ``day``; without ``flush`` it is written with the session's next
    flush (several at once), and has no id until then. Its ``attachment`` goes to
    :func:`db.blobs.store`."""
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
        day=day,
    )
    if not flush:
        session.add(message)
        return message
    return add(session, message)


def undelivered_messages(
    session: Session,
    *,
    limit: int | None = None,
    with_channel: bool | None = None,
    mail: bool | None = None,
) -> list[OutboxMessage]:
    """The messages not yet delivered, in id order (the order they were written): of every
    campaign, or (``with_channel``) only of the campaigns with a channel (True: the Discord
    transport's) or without one (False: the local transport's, see :func:`has_channel`); to
    mail players only (``mail`` True: the mail transport's) or to no mail player (False: the
    others', see :func:`to_mail`)."""
    query = select(OutboxMessage).where(col(OutboxMessage.delivered_at).is_(None))
    if with_channel is not None:
        query = query.where(has_channel(with_channel))
    if mail is not None:
        query = query.where(to_mail(mail))
    return list(session.exec(query.order_by(col(OutboxMessage.id)).limit(limit)))


def has_channel(wanted: bool) -> ColumnElement[bool]:
    """A condition on an outbox message: its campaign has a channel (``wanted`` True) or not.

    Each campaign has one transport: the Discord bot delivers the campaigns it posts in (they
    have a channel), the local transport the others; a transport that took another's messages
    would mark them delivered where nobody reads them."""
    with_one = select(Campaign.id).where(col(Campaign.channel).is_not(None))
    if wanted:
        return col(OutboxMessage.campaign_id).in_(with_one)
    return col(OutboxMessage.campaign_id).not_in(with_one)


def to_mail(wanted: bool) -> ColumnElement[bool]:
    """A condition on an outbox message: it goes to a mail player (``wanted`` True: a ``dm`` or
    ``public`` copy whose ``to`` is one) or not (to a Discord user, a channel, the moderators).

    A mail player's messages are the mail transport's, whichever campaign they are of; the
    other transports leave them, as they leave another campaign's."""
    mailed = col(OutboxMessage.to).startswith(MAIL_PREFIX, autoescape=True)
    return mailed if wanted else or_(col(OutboxMessage.to).is_(None), ~mailed)


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
