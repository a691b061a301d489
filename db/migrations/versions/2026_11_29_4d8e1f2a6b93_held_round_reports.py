"""held round reports, evening noticed

Revision ID: 4d8e1f2a6b93
Revises: 7c2e5a9d3b14
Create Date: 2026-11-29 04:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "4d8e1f2a6b93"
down_revision: str | Sequence[str] | None = "7c2e5a9d3b14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema (issue 32): the round reports held for a player until his next combat
    window, by player (none held for a campaign of before), and the last day whose Evening's
    pace the channel was told."""
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("held_reports", sa.JSON(), server_default="{}", nullable=False)
        )
        batch_op.add_column(sa.Column("evening_noticed", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema: reports held are dropped (the older application sends them at once),
    and the days noticed.
    SQLite drops a column by rebuilding the table, which cannot copy the names' expression
    index (f3b5d7a9c1e2): the index is made again after, on any database."""
    op.drop_index("uq_campaign_name_folded", table_name="campaign")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_column("evening_noticed")
        batch_op.drop_column("held_reports")
    op.create_index(
        "uq_campaign_name_folded",
        "campaign",
        [sa.text("coalesce(guild, '')"), sa.text("lower(name)")],
        unique=True,
    )
