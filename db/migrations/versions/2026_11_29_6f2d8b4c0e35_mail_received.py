"""mail received

Revision ID: 6f2d8b4c0e35
Revises: 5e1c7a3b9d24
Create Date: 2026-11-29 20:30:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "6f2d8b4c0e35"
down_revision: str | Sequence[str] | None = "5e1c7a3b9d24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema (issue 36): the mails read, so that none is read twice and each sender's
    mails an hour are counted."""
    op.create_table(
        "mailreceived",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sqlmodel.sql.sqltypes.AutoString(length=998), nullable=False),
        sa.Column("sender", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("received_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    with op.batch_alter_table("mailreceived", schema=None) as batch_op:
        batch_op.create_index("ix_mailreceived_sender_at", ["sender", "received_at"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("mailreceived", schema=None) as batch_op:
        batch_op.drop_index("ix_mailreceived_sender_at")
    op.drop_table("mailreceived")
