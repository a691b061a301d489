"""decision salt

Revision ID: 7c2e5a9d3b14
Revises: 25b7c3d40127
Create Date: 2026-11-28 17:30:00.000000
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "7c2e5a9d3b14"
down_revision: str | Sequence[str] | None = "25b7c3d40127"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_decision = sa.table(
    "pendingdecision",
    sa.column("id", sa.Integer),
    sa.column("campaign_id", sa.Integer),
    sa.column("day", sa.Integer),
    sa.column("character", sa.String),
    sa.column("due_at", sqlmodel.sql.sqltypes.UTCDateTime),
    sa.column("salt", sa.String),
)


def upgrade() -> None:
    """Upgrade schema and data (issue 31): each decision keeps the secret salt of its player's
    sealed set in its combat window. A decision stored before gets one drawn now, the same for
    every decision of one character due at one time (his set in one window): a window open
    across the upgrade is sealed with it, its tags changing once from the unsalted ones."""
    with op.batch_alter_table("pendingdecision", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("salt", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True)
        )
    bind, decision = op.get_bind(), _decision
    query = sa.select(
        decision.c.id,
        decision.c.campaign_id,
        decision.c.day,
        decision.c.character,
        decision.c.due_at,
    )
    salts: dict[tuple[object, ...], str] = {}
    for decision_id, *window in bind.execute(query).all():
        salt = salts.setdefault(tuple(window), secrets.token_hex(16))
        bind.execute(decision.update().where(decision.c.id == decision_id).values(salt=salt))
    with op.batch_alter_table("pendingdecision", schema=None) as batch_op:
        batch_op.alter_column(
            "salt", existing_type=sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False
        )


def downgrade() -> None:
    """Downgrade schema: the salts are dropped (the older application tags unsalted)."""
    with op.batch_alter_table("pendingdecision", schema=None) as batch_op:
        batch_op.drop_column("salt")
