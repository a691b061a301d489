"""seat reminders

Revision ID: d6f8a0b2c4e5
Revises: b3c5d7e9f1a2
Create Date: 2026-11-26 15:45:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "d6f8a0b2c4e5"
down_revision: str | Sequence[str] | None = "b3c5d7e9f1a2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: each player's reminder settings; existing players keep being reminded
    at the campaign's time."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("reminders", sa.Boolean(), server_default=sa.true(), nullable=False)
        )
        batch_op.add_column(sa.Column("remind_before_hours", sa.Float(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_column("remind_before_hours")
        batch_op.drop_column("reminders")
