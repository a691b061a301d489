"""Fixtures of the application's tests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules.catalog import catalog


@pytest.fixture
def service(db_url: str) -> Iterator[CampaignService]:
    """A service on a fresh database: SQLite, then PostgreSQL (``db_url``, tests/conftest.py),
    on the real clock (tests travel in time with time-machine)."""
    engine = make_engine(db_url)
    upgrade(engine)
    yield CampaignService(engine, catalog(), clock=lambda: datetime.now(UTC))
    engine.dispose()
