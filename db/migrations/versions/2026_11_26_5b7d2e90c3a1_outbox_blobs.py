"""outbox blobs

Revision ID: 5b7d2e90c3a1
Revises: c4e81f2a9d60
Create Date: 2026-11-26 16:00:00.000000
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "5b7d2e90c3a1"
down_revision: str | Sequence[str] | None = "c4e81f2a9d60"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_outbox = sa.table(
    "outboxmessage",
    sa.column("id", sa.Integer),
    sa.column("campaign_id", sa.Integer),
    sa.column("attachment", sa.LargeBinary),
    sa.column("attachment_sha256", sa.String),
    sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime),
)
_blob = sa.table(
    "blob",
    sa.column("campaign_id", sa.Integer),
    sa.column("sha256", sa.String),
    sa.column("size", sa.Integer),
    sa.column("data", sa.LargeBinary),
    sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime),
)


def upgrade() -> None:
    """Upgrade schema: the outbox's attachments move to ``blob`` (:mod:`db.blobs`), each stored
    once per campaign under its SHA-256, which the message keeps in ``attachment_sha256``. Every
    attachment moves, delivered or not: the bot's next pruning deletes those no undelivered
    message needs."""
    op.create_table(
        "blob",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("sha256", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("campaign_id", "sha256"),
    )
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "attachment_sha256", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True
            )
        )
    bind = op.get_bind()
    query = sa.select(_outbox.c.id).where(_outbox.c.attachment.is_not(None)).order_by(_outbox.c.id)
    stored: set[tuple[int, str]] = set()
    for message_id in bind.execute(query).scalars().all():
        campaign_id, data, created_at = bind.execute(
            sa.select(_outbox.c.campaign_id, _outbox.c.attachment, _outbox.c.created_at).where(
                _outbox.c.id == message_id
            )
        ).one()
        name = hashlib.sha256(data).hexdigest()
        if (campaign_id, name) not in stored:
            stored.add((campaign_id, name))
            bind.execute(
                _blob.insert().values(
                    campaign_id=campaign_id,
                    sha256=name,
                    size=len(data),
                    data=data,
                    created_at=created_at or datetime.now(UTC),
                )
            )
        bind.execute(
            _outbox.update().where(_outbox.c.id == message_id).values(attachment_sha256=name)
        )
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.drop_column("attachment")


def downgrade() -> None:
    """Downgrade schema: the bytes go back into the messages that name them (those pruned are
    gone: their messages were delivered)."""
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.add_column(sa.Column("attachment", sa.LargeBinary(), nullable=True))
    bind = op.get_bind()
    query = sa.select(_blob.c.campaign_id, _blob.c.sha256)
    for campaign_id, name in bind.execute(query).all():
        data = bind.execute(
            sa.select(_blob.c.data).where(
                _blob.c.campaign_id == campaign_id, _blob.c.sha256 == name
            )
        ).scalar_one()
        bind.execute(
            _outbox.update()
            .where(_outbox.c.campaign_id == campaign_id, _outbox.c.attachment_sha256 == name)
            .values(attachment=data)
        )
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.drop_column("attachment_sha256")
    op.drop_table("blob")
