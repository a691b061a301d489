"""moderator names

Revision ID: b3c5d7e9f1a2
Revises: e2a9f4c1b807
Create Date: 2026-11-26 15:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "b3c5d7e9f1a2"
down_revision: str | Sequence[str] | None = "e2a9f4c1b807"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: the name the log gave each moderator action's moderator (older actions
    have none: their moderator was shown by id)."""
    with op.batch_alter_table("moderatoraction", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("moderator_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True)
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("moderatoraction", schema=None) as batch_op:
        batch_op.drop_column("moderator_name")
