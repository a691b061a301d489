"""Fixtures of the application's tests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from bot.maps.pool import MapPool
from bot.service import CampaignService
from db.engine import make_engine
from rules.catalog import catalog


@pytest.fixture
def service(migrated_url: str) -> Iterator[CampaignService]:
    """A service on a fresh database migrated to head (``migrated_url``, tests/conftest.py: on
    SQLite, and on PostgreSQL where that is due), on the real clock (tests travel in time with
    time-machine)."""
    engine = make_engine(migrated_url)
    yield CampaignService(engine, catalog(), clock=lambda: datetime.now(UTC))
    engine.dispose()


@pytest.fixture(scope="module")
def maps() -> Iterator[MapPool]:
    """A pool of one map-drawing worker for a module's tests (a worker's start costs about a
    second)."""
    pool = MapPool(catalog(), workers=1)
    pool.ready()
    yield pool
    pool.close()
