"""campaign bookkeeping

Revision ID: 25b7c3d40127
Revises: f3b5d7a9c1e2
Create Date: 2026-11-28 14:00:00.000000
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "25b7c3d40127"
down_revision: str | Sequence[str] | None = "f3b5d7a9c1e2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _columns() -> list[sa.Column[Any]]:
    """The bookkeeping's columns, in the models' order; the JSON ones empty unless written."""
    return [
        sa.Column("reminded_day", sa.Integer(), nullable=True),
        sa.Column("reminded_seats", sa.JSON(), server_default="[]", nullable=False),
        sa.Column("report_due", sa.Integer(), nullable=True),
        sa.Column("report_snapshot", sa.Integer(), nullable=True),
        sa.Column("moderator_names", sa.JSON(), server_default="{}", nullable=False),
        sa.Column("paused_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("board_message", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
        sa.Column("board_text", sa.Text(), nullable=True),
        sa.Column("window_reminded", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("missed_day", sa.Integer(), nullable=True),
        sa.Column("missed_windows", sa.JSON(), server_default="{}", nullable=False),
        sa.Column("defaulted", sa.JSON(), server_default="[]", nullable=False),
    ]


#: The bookkeeping kept in the settings until now, in the order the application wrote it.
BOOKS = tuple(column.name for column in _columns())
#: The empty value of each JSON column, for a campaign that never wrote it.
_EMPTY: dict[str, Callable[[], Any]] = {
    "reminded_seats": list,
    "moderator_names": dict,
    "missed_windows": dict,
    "defaulted": list,
}
#: The moments, which the settings held as ISO text.
_MOMENTS = frozenset({"paused_at", "window_reminded"})
#: The campaign names' expression index (f3b5d7a9c1e2).
_FOLDED = ("coalesce(guild, '')", "lower(name)")


_campaign = sa.table(
    "campaign",
    sa.column("id", sa.Integer),
    sa.column("options", sa.JSON),
    *(sa.column(column.name, column.type) for column in _columns()),
)


def _from_settings(key: str, value: Any) -> Any:
    """A bookkeeping value as the settings held it, for its column."""
    if value is None:
        return _EMPTY[key]() if key in _EMPTY else None
    if key in _MOMENTS:
        moment = datetime.fromisoformat(str(value))
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return value


def _to_settings(key: str, value: Any) -> Any:
    """A bookkeeping column's value as the settings held it."""
    if key in _MOMENTS and value is not None:
        return value.astimezone(UTC).isoformat()
    return value


def upgrade() -> None:
    """Upgrade schema and data (issue 30, part 6): the service's bookkeeping leaves the
    campaign's settings (``options``) for its own columns; the settings keep only what a
    moderator sets. Each campaign's values move as they were (the moments, ISO text until now,
    become times); a key a campaign never wrote leaves its column empty."""
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        for column in _columns():
            batch_op.add_column(column)
    bind, campaign = op.get_bind(), _campaign
    for campaign_id, options in bind.execute(sa.select(campaign.c.id, campaign.c.options)).all():
        settings = dict(options or {})
        books = {key: _from_settings(key, settings.pop(key, None)) for key in BOOKS}
        bind.execute(
            campaign.update().where(campaign.c.id == campaign_id).values(options=settings, **books)
        )


def downgrade() -> None:
    """Downgrade schema and data: the bookkeeping goes back into the settings, every key, as
    the older application wrote them."""
    bind, campaign = op.get_bind(), _campaign
    query = sa.select(campaign.c.id, campaign.c.options, *(campaign.c[key] for key in BOOKS))
    for campaign_id, options, *values in bind.execute(query).all():
        books = {key: _to_settings(key, value) for key, value in zip(BOOKS, values, strict=True)}
        bind.execute(
            campaign.update()
            .where(campaign.c.id == campaign_id)
            .values(options={**(options or {}), **books})
        )
    # SQLite drops columns by rebuilding the table, which cannot copy the names' expression
    # index (f3b5d7a9c1e2: it cannot reflect it): the index is made again after, on any database.
    op.drop_index("uq_campaign_name_folded", table_name="campaign")
    with op.batch_alter_table("campaign", schema=None) as batch_op:
        for key in reversed(BOOKS):
            batch_op.drop_column(key)
    op.create_index(
        "uq_campaign_name_folded", "campaign", [sa.text(e) for e in _FOLDED], unique=True
    )
