"""Fixtures: a fresh database migrated to head, and a few rows to hang others on.

Every test here that takes ``db_url`` (``tests/conftest.py``: an empty database, for the
migrations' tests), or ``engine`` (on ``migrated_url``: a copy of a database migrated once), runs
on SQLite and on PostgreSQL; :data:`sqlite_only` marks the few about SQLite's own behaviour.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from sqlalchemy import Connection, Engine

from db import repo
from db.engine import make_engine, session_scope

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


def old_valley(connection: Connection, created_at: datetime) -> None:
    """Campaign 1, Valley, running on day 1 with its moderator ``gm``, as the application wrote
    it between the revisions of the moderators' names (b3c5d7e9f1a2) and the seats' languages
    (ddef0b4539cb), for a migration's test to upgrade."""
    connection.execute(
        sa.text(
            "INSERT INTO campaign (name, status, seed, day, locked, extensions_used,"
            " created_at, options, moderators, reminded_seats, moderator_names,"
            " missed_windows, defaulted) VALUES ('Valley', 'running', 3, 1, false, 0, :at,"
            " '{}', '[\"gm\"]', '[]', '{}', '{}', '[]')"
        ),
        {"at": created_at},
    )


def old_seat(connection: Connection, joined_at: datetime) -> None:
    """alice's seat as the Amazon in campaign 1, as the application wrote it before the seats'
    languages (ddef0b4539cb)."""
    connection.execute(
        sa.text(
            "INSERT INTO seat (campaign_id, character, player, player_name, joined_at, ready,"
            " missed_days, autopilot, setup, lives, reminders)"
            " VALUES (1, 'Amazon', 'alice', 'Alice', :at, false, 0, false, '{}', '[]', true)"
        ),
        {"at": joined_at},
    )


#: Run a test on SQLite only (it is about SQLite's pragmas, batch rebuilds or transactions).
sqlite_only = pytest.mark.parametrize("db_kind", ["sqlite"], indirect=True)


@pytest.fixture
def engine(migrated_url: str) -> Iterator[Engine]:
    engine = make_engine(migrated_url)
    yield engine
    engine.dispose()


@pytest.fixture
def campaign_id(engine: Engine) -> int:
    with session_scope(engine) as session:
        campaign = repo.create_campaign(session, name="Realm", created_at=T0)
        assert campaign.id is not None
        return campaign.id
