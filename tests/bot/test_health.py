"""``realmbot status``: the bot's health read from its database, at an injected time."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine

from bot.cli import main
from bot.health import BACKLOG_STALE, SCHEDULER_STALE, check
from bot.scheduler import Wakeups
from bot.service import CampaignService
from db import messages
from db.engine import make_engine, session_scope
from rules.catalog import catalog

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def url(migrated_sqlite_url: str) -> str:
    return migrated_sqlite_url


@pytest.fixture
def service(url: str) -> CampaignService:
    engine = make_engine(url)
    service = CampaignService(engine, catalog(), clock=lambda: START)
    service.campaigns.create("Test", moderator="gm", seed=7)
    service.campaigns.join("Test", player="111", player_name="alice", character="Amazon")
    service.campaigns.start("Test", moderator="gm")
    return service


def deliver_everything(service: CampaignService) -> None:
    for message in service.store.undelivered(1000):
        assert message.id is not None
        service.store.delivered(message.id)


def run_scheduler(service: CampaignService, url: str, at: datetime = START) -> None:
    """Start the bot's scheduler on the database at ``at`` (it stores its jobs there), then stop
    it, as a bot that was killed would leave them."""
    wakeups = Wakeups(service, jobstore_url=url)

    async def run() -> None:
        wakeups.start(paused=True)
        wakeups.shutdown()

    with time_machine.travel(at, tick=False):
        asyncio.run(run())


def add(service: CampaignService, kind: str, *, to: str | None = None, attempts: int = 0) -> None:
    with session_scope(service.engine) as session:
        message = messages.add_message(
            session, campaign_id=1, kind=kind, to=to, content="secret", created_at=START
        )
        assert message.id is not None
        for _ in range(attempts):
            messages.record_attempt(session, message_id=message.id)


def test_a_running_bot_is_healthy_and_a_stopped_one_is_not(
    service: CampaignService, url: str
) -> None:
    deliver_everything(service)
    run_scheduler(service, url)

    health = check(url, now=START + timedelta(seconds=30))
    report = health.as_dict()
    assert report["healthy"] and report["problems"] == []
    assert report["database"] == {"reachable": True, "error": None}
    assert report["outbox"]["backlog"] == 0
    assert report["wakeups"]["last"] == "2026-11-23T09:00:00Z"
    assert report["wakeups"]["scheduled"] == 1
    assert report["wakeups"]["next"]["campaign"] == "Test"

    stopped = check(url, now=START + SCHEDULER_STALE + timedelta(seconds=61))
    [problem] = stopped.problems
    assert problem.startswith("the bot's scheduler last woke at 2026-11-23T09:00:00Z")


def test_a_bot_that_never_ran_is_not_healthy(service: CampaignService, url: str) -> None:
    deliver_everything(service)
    assert check(url, now=START).problems == ["the bot's scheduler has never run on this database"]


def test_failed_deliveries_are_listed_and_stuck_ones_are_problems(
    service: CampaignService, url: str
) -> None:
    deliver_everything(service)
    run_scheduler(service, url)
    add(service, "dm", to="222", attempts=3)
    add(service, "dm", to="222")
    soon = START + timedelta(seconds=30)

    report = check(url, now=soon).as_dict()
    assert report["healthy"], "a player's closed DMs are his and the moderators' to mend"
    outbox = report["outbox"]
    assert (outbox["backlog"], outbox["waiting"], outbox["failed"]) == (2, 0, 1)
    [failed] = outbox["failed_deliveries"]
    assert failed["campaign"] == "Test" and failed["to"] == "222"
    assert (failed["kind"], failed["attempts"], failed["held_behind"]) == ("dm", 3, 1)
    assert "secret" not in json.dumps(report), "never a message's content"

    add(service, "channel", attempts=1)
    late = START + BACKLOG_STALE + timedelta(seconds=1)
    run_scheduler(service, url, at=late)
    assert check(url, now=late).problems == [
        "1 message keeps failing to reach campaign or moderators' channels, the oldest queued "
        "at 2026-11-23T09:00:00Z: is the bot connected to Discord, and may it post there?"
    ]

    add(service, "moderators")
    run_scheduler(service, url)
    assert check(url, now=soon).healthy, "just queued"
    run_scheduler(service, url, at=late)
    [untried, _] = check(url, now=late).problems
    assert untried.startswith("1 message waits to be sent, the oldest since 2026-11-23T09:00:00Z")


def test_a_missing_database_is_unreachable_and_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.db"
    health = check(f"sqlite:///{path}", now=START)
    assert not health.reachable and not path.exists()
    [problem] = health.problems
    assert problem.startswith("the database is unreachable: FileNotFoundError")


def test_a_database_without_realmbots_tables_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    health = check(f"sqlite:///{path}", now=START)
    assert health.reachable
    assert health.problems[0].startswith("the database is reachable but unreadable")


def test_realmbot_status_prints_json_and_exits_1_when_unhealthy(
    service: CampaignService, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", "--json", "--db", url]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert err == "" and report["healthy"] is False
    assert report["database"]["reachable"] is True


def test_realmbot_status_reads_database_url_and_needs_no_token(
    service: CampaignService,
    url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    deliver_everything(service)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("DISCORD_TOKEN", "your-bot-token-here")
    run_scheduler(service, url)
    with time_machine.travel(START + timedelta(seconds=30), tick=False):
        assert main(["status"]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines()[:2] == ["healthy", "database: reachable"]
    assert "wake-ups: last 2026-11-23T09:00:00Z; next: Test day 1 at " in out
