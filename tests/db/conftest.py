"""Fixtures: a fresh database migrated to head, and a few rows to hang others on.

Every test here that takes ``db_url`` (``tests/conftest.py``: an empty database, for the
migrations' tests), or ``engine`` (on ``migrated_url``: a copy of a database migrated once), runs
on SQLite and on PostgreSQL; :data:`sqlite_only` marks the few about SQLite's own behaviour.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from db import repo
from db.engine import make_engine, session_scope

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)

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
