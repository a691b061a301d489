"""The status boards are read in SQL (issue 19): only the campaigns with the setting on, a
channel and a day to show are loaded, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from bot.service import CampaignService
from db.engine import make_engine
from rules.catalog import catalog


@pytest.fixture
def service(migrated_url: str) -> Iterator[CampaignService]:
    engine = make_engine(migrated_url)
    yield CampaignService(engine, catalog(), clock=lambda: datetime(2026, 11, 26, tzinfo=UTC))
    engine.dispose()


def test_only_the_campaigns_with_a_board_have_one(service: CampaignService) -> None:
    for name, board in [("On", "yes"), ("Off", "no"), ("Default", None), ("Enrolling", "yes")]:
        options: dict[str, object] | None = {"status_board": board} if board else None
        service.campaigns.create(name, moderator="gm", channel=f"#{name}", options=options)
        if name != "Enrolling":
            service.campaigns.join(name, player=f"p-{name}", player_name="P", character="Amazon")
            service.campaigns.start(name, moderator="gm")
    assert [board.channel for board in service.boards.status_boards()] == ["#On"]
