"""campaign names unique per server

Revision ID: 9e2b4c7d1f03
Revises: 5c1e0d7b9a42
Create Date: 2026-11-23 17:20:00.000000
"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "9e2b4c7d1f03"
down_revision: str | Sequence[str] | None = "5c1e0d7b9a42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: a campaign's name is unique in its server only."""
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_campaign_name"))
        batch_op.create_index(batch_op.f("ix_campaign_name"), ["name"], unique=False)
        batch_op.create_unique_constraint("uq_campaign_name", ["guild", "name"])


def downgrade() -> None:
    """Downgrade schema (fails if two servers have a campaign of the same name)."""
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_constraint("uq_campaign_name", type_="unique")
        batch_op.drop_index(batch_op.f("ix_campaign_name"))
        batch_op.create_index(batch_op.f("ix_campaign_name"), ["name"], unique=True)
