"""snapshots of finished days

Revision ID: e2a9f4c1b807
Revises: 5b7d2e90c3a1
Create Date: 2026-11-26 17:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "e2a9f4c1b807"
down_revision: str | Sequence[str] | None = "5b7d2e90c3a1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_campaign = sa.table(
    "campaign", sa.column("id", sa.Integer), sa.column("day", sa.Integer), sa.column("status")
)
_snapshot = sa.table(
    "snapshot",
    sa.column("id", sa.Integer),
    sa.column("campaign_id", sa.Integer),
    sa.column("day", sa.Integer),
    sa.column("step", sa.String),
)

#: The steps a finished day keeps (as :data:`db.rewind.KEPT_STEPS` says now).
_KEPT = ("start", "end", "ended")


def upgrade() -> None:
    """Upgrade data: the snapshots the application keeps no more (issue 18, :mod:`db.rewind`)
    are deleted from the campaigns saved before: the stops of the days that are over (a
    finished campaign's every day, a running one's days before its current one), and the
    snapshots of days after the current one, left by a rollback (a future undone). What a
    rollback reaches stays: every ``end``, the ``start``, and the current day's stops."""
    bind = op.get_bind()
    for campaign_id, today, status in bind.execute(
        sa.select(_campaign.c.id, _campaign.c.day, _campaign.c.status)
    ).all():
        mine = _snapshot.c.campaign_id == campaign_id
        over = sa.true() if status == "finished" else _snapshot.c.day < today
        bind.execute(_snapshot.delete().where(mine, over, _snapshot.c.step.not_in(_KEPT)))
        bind.execute(_snapshot.delete().where(mine, _snapshot.c.day > today))


def downgrade() -> None:
    """Downgrade data: nothing to undo (the older application reads the snapshots kept, and
    never read those deleted)."""
