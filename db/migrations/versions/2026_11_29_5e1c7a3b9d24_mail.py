"""mail: seats' addresses and secrets, the outbox's day

Revision ID: 5e1c7a3b9d24
Revises: ddef0b4539cb
Create Date: 2026-11-29 20:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "5e1c7a3b9d24"
down_revision: str | Sequence[str] | None = "ddef0b4539cb"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema (issue 36): a mail player's address and each seat's secret (the seats
    of before play by other doors and have neither); the day an outbox message was written on,
    which threads a day's mails (unknown for the messages of before)."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=True)
        )
        batch_op.add_column(
            sa.Column("mail_secret", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True)
        )
        batch_op.create_unique_constraint("uq_seat_mail_secret", ["mail_secret"])
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.add_column(sa.Column("day", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.drop_column("day")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_constraint("uq_seat_mail_secret", type_="unique")
        batch_op.drop_column("mail_secret")
        batch_op.drop_column("email")
