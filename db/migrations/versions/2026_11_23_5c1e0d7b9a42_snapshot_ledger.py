"""snapshot ledger

Revision ID: 5c1e0d7b9a42
Revises: fb3f97f5d952
Create Date: 2026-11-23 16:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "5c1e0d7b9a42"
down_revision: str | Sequence[str] | None = "fb3f97f5d952"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: snapshots saved before it keep an empty ledger (a rollback to them
    restores the state, and the seats' bookkeeping as it stands)."""
    with op.batch_alter_table("snapshot", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ledger", sa.JSON(), nullable=True))
    op.execute("UPDATE snapshot SET ledger = '{}'")
    with op.batch_alter_table("snapshot", schema=None) as batch_op:
        batch_op.alter_column("ledger", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("snapshot", schema=None) as batch_op:
        batch_op.drop_column("ledger")
