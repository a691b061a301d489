"""Fixtures: a fresh database migrated to head, and a few rows to hang others on.

Every test here that takes ``db_url`` (``tests/conftest.py``), or ``engine`` on it, runs on
SQLite and on PostgreSQL; :data:`sqlite_only` marks the few about SQLite's own behaviour.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)

#: Run a test on SQLite only (it is about SQLite's pragmas, batch rebuilds or transactions).
sqlite_only = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def campaign_id(engine: Engine) -> int:
    with session_scope(engine) as session:
        campaign = repo.create_campaign(session, name="Realm", created_at=T0)
        assert campaign.id is not None
        return campaign.id
