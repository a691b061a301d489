"""campaign names unique in their server whatever the case

Revision ID: f3b5d7a9c1e2
Revises: d6f8a0b2c4e5
Create Date: 2026-11-26 17:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "f3b5d7a9c1e2"
down_revision: str | Sequence[str] | None = "d6f8a0b2c4e5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FOLDED = ("coalesce(guild, '')", "lower(name)")


def upgrade() -> None:
    """Upgrade schema: a campaign's name is unique in its server case aside (the command
    line's campaigns, without a server, count as one). Names made before that may differ only
    by case: every such campaign but the oldest gets its id after its name (``Valley (4)``)."""
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, guild, name FROM campaign ORDER BY id"))
    seen: set[tuple[str, str]] = set()
    for campaign_id, guild, name in rows.all():
        key = (guild or "", name.lower())
        if key in seen:
            connection.execute(
                sa.text("UPDATE campaign SET name = :name WHERE id = :id"),
                {"name": f"{name} ({campaign_id})", "id": campaign_id},
            )
        seen.add(key)
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.drop_constraint("uq_campaign_name", type_="unique")
    op.create_index(
        "uq_campaign_name_folded", "campaign", [sa.text(e) for e in FOLDED], unique=True
    )


def downgrade() -> None:
    """Downgrade schema: back to a name unique in its server as spelled."""
    op.drop_index("uq_campaign_name_folded", table_name="campaign")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_campaign_name", ["guild", "name"])
