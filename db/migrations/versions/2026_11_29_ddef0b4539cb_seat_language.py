"""seat language

Revision ID: ddef0b4539cb
Revises: 9a4c6e8b2d17
Create Date: 2026-11-29 14:30:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "ddef0b4539cb"
down_revision: str | Sequence[str] | None = "9a4c6e8b2d17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema (issue 35): the language each player reads his DMs in; existing players
    choose none, and read the campaign's."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("language", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=True)
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_column("language")
