"""Attachments' bytes (the maps posted with the reports): stored once, by their content, and
pruned once no undelivered message needs them, so that the bytes a campaign keeps do not grow
with its days.

**Where.** In the database, in the ``blob`` table, rather than in files beside it: that works
the same on SQLite and on PostgreSQL (whose server may be another machine than the bot's, and
has no "beside"); a blob is written in the transaction of the message that names it, so a crash
never leaves a message whose image is missing nor an image no message names; and a backup of
the database (SQLite's ``.backup`` or ``VACUUM INTO``, ``pg_dump``) holds everything, with
nothing beside it to copy or lose.

**Content-addressed.** A blob is keyed by its campaign and the SHA-256 of its bytes, and an
outbox message names it by ``attachment_sha256``: the same image queued twice (a map that did
not change, a report given again) is stored once.

**Pruned.** :func:`prune` deletes a campaign's blobs that no undelivered message of the campaign
names: once delivered, a message keeps its hash (what was sent) but not the bytes. The bot's
periodic job prunes (:func:`bot.outbox.prune_attachments`), and so does the local transport
after a delivery. A blob belongs to one campaign so that pruning can be serialised with the
campaign's writers: every unit of work that queues a campaign's messages holds the campaign's
lock (:func:`db.repo.lock_campaign`) and so does pruning, so a blob is never deleted between a
writer finding it and its message committing (which PostgreSQL's READ COMMITTED would otherwise
allow). Blobs go with their campaign (``ON DELETE CASCADE``).

The same rules as :mod:`db.repo`: a session and keyword arguments, flush but never commit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Exists, exists
from sqlmodel import Session, col, delete, select

from db.models import Blob, OutboxMessage


def digest(data: bytes) -> str:
    """The SHA-256 hex digest that names ``data``."""
    return hashlib.sha256(data).hexdigest()


def store(session: Session, *, campaign_id: int, data: bytes, at: datetime) -> str:
    """Keep ``data`` for a campaign (once: bytes kept already are not written again); returns
    the digest that names it. Call it under the campaign's lock, in the transaction of the
    message that names it."""
    name = digest(data)
    if session.get(Blob, (campaign_id, name)) is None:
        session.add(
            Blob(campaign_id=campaign_id, sha256=name, size=len(data), data=data, created_at=at)
        )
        session.flush()
    return name


def attachments(session: Session, messages: Iterable[OutboxMessage]) -> dict[int, bytes]:
    """The bytes of each of ``messages``' attachments, by message id (a message without one,
    or whose bytes were pruned, is left out)."""
    by_blob: dict[tuple[int, str], list[int]] = {}
    for message in messages:
        if message.attachment_sha256 is not None and message.id is not None:
            key = (message.campaign_id, message.attachment_sha256)
            by_blob.setdefault(key, []).append(message.id)
    found: dict[int, bytes] = {}
    for campaign_id in sorted({campaign for campaign, _ in by_blob}):
        names = [name for campaign, name in by_blob if campaign == campaign_id]
        query = select(Blob.sha256, Blob.data).where(
            Blob.campaign_id == campaign_id, col(Blob.sha256).in_(names)
        )
        for name, data in session.exec(query):
            found.update((message_id, data) for message_id in by_blob[(campaign_id, name)])
    return found


def _needed() -> Exists:
    """Whether an undelivered message of the blob's campaign names it (a correlated EXISTS)."""
    return exists().where(
        col(OutboxMessage.campaign_id) == col(Blob.campaign_id),
        col(OutboxMessage.attachment_sha256) == col(Blob.sha256),
        col(OutboxMessage.delivered_at).is_(None),
    )


def prunable(session: Session) -> list[int]:
    """The campaigns that keep blobs no undelivered message needs, in id order."""
    query = select(Blob.campaign_id).where(~_needed()).distinct().order_by(col(Blob.campaign_id))
    return list(session.exec(query))


def prune(session: Session, *, campaign_id: int) -> int:
    """Delete the campaign's blobs that no undelivered message of it names; how many. Call it
    under the campaign's lock (see the module's docstring)."""
    query = delete(Blob).where(col(Blob.campaign_id) == campaign_id, ~_needed())
    result = session.exec(query)
    session.flush()
    return int(result.rowcount or 0)
