"""seat lives

Revision ID: a7d3e9c41b52
Revises: 9e2b4c7d1f03
Create Date: 2026-11-26 13:06:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "a7d3e9c41b52"
down_revision: str | Sequence[str] | None = "9e2b4c7d1f03"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: each seat's past lives (9.1.2); seats before it have had none."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lives", sa.JSON(), nullable=True))
    op.execute("UPDATE seat SET lives = '[]'")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.alter_column("lives", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_column("lives")
