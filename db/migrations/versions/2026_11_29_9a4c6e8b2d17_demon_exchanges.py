"""demon exchanges

Revision ID: 9a4c6e8b2d17
Revises: 4d8e1f2a6b93
Create Date: 2026-11-29 12:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "9a4c6e8b2d17"
down_revision: str | Sequence[str] | None = "4d8e1f2a6b93"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema (issue 34): the question a spellcaster asks another player by Ask Demon
    and its answer, relayed between the two of them (none for a campaign of before)."""
    op.create_table(
        "demonexchange",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("caster", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("asked", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("asked_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("answered_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "day", "seq", name="uq_demon_exchange_event"),
    )
    with op.batch_alter_table("demonexchange", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_demonexchange_campaign_id"), ["campaign_id"], unique=False
        )


def downgrade() -> None:
    """Downgrade schema: the exchanges are dropped (the older application relays none)."""
    with op.batch_alter_table("demonexchange", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_demonexchange_campaign_id"))
    op.drop_table("demonexchange")
