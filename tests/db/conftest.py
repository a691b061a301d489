"""Fixtures: a fresh SQLite file migrated to head, and a few rows to hang others on."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine

from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade

T0 = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'realm.db'}"


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
