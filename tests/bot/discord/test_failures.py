"""Unexpected failures under SimCord: whoever asked gets an apology with a reference, and the log
has the traceback under it; the log names the campaign; the bot asks for no privileged intent."""

from __future__ import annotations

import logging
import re

import pytest

from bot.logs import current_campaign
from bot.service import CampaignService, Reply
from db.waiting import DatabaseBusyError

from .conftest import Table, last_dm, private_answer, private_card, seat_two_players

APOLOGY = re.compile(
    r"Something went wrong on my side \(reference (?P<ref>[0-9a-f]{8})\); "
    r"the moderators can find it in the bot's log\."
)


def logged_under(caplog: pytest.LogCaptureFixture, reference: str) -> logging.LogRecord:
    [record] = [r for r in caplog.records if reference in r.getMessage()]
    return record


def broken(*args: object, **kwargs: object) -> Reply:
    raise RuntimeError("the database fell over")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("dm", "part", "method"),
    [
        ("orders Test\nH, R", "players", "submit_orders"),
        ("setup Test\nvictory: fame 3, gold 2", "campaigns", "choose"),
        ("answer MOVE M3*", "campaigns", "player_campaigns"),
    ],
)
async def test_an_unexpected_error_on_a_dm_gets_an_apology_with_a_reference(
    table: Table,
    service: CampaignService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    dm: str,
    part: str,
    method: str,
) -> None:
    await seat_two_players(table)
    monkeypatch.setattr(getattr(service, part), method, broken)
    with caplog.at_level(logging.ERROR):
        await table.alice.send_dm(dm)
    reply = last_dm(table.alice)
    match = APOLOGY.fullmatch(reply)
    assert match is not None, reply
    record = logged_under(caplog, match["ref"])
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)
    assert table.env.errors == [], "handled: nothing reached discord.py's last resort"


@pytest.mark.asyncio
async def test_an_unexpected_error_in_a_command_gets_an_apology_with_a_reference(
    table: Table,
    service: CampaignService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await seat_two_players(table)
    monkeypatch.setattr(service.campaigns, "status", broken)
    with caplog.at_level(logging.ERROR):
        result = await table.bob.slash(table.channel, "status", campaign="Test")
    match = APOLOGY.fullmatch(private_answer(result))
    assert match is not None
    record = logged_under(caplog, match["ref"])
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)
    [error] = table.env.errors  # SimCord saw it reach the tree's on_error, which answered
    assert isinstance(error.__cause__ or error, RuntimeError)


@pytest.mark.asyncio
async def test_a_commands_log_lines_name_its_campaign(
    table: Table, service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seat_two_players(table)
    seen: list[str | None] = []
    status = service.campaigns.status

    def watched(campaign: str) -> Reply:
        seen.append(current_campaign())
        return status(campaign)

    monkeypatch.setattr(service.campaigns, "status", watched)
    private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    await table.moderator.slash(table.channel, "gm status", campaign="Test")
    assert seen == ["Test", "Test"]


def test_the_bot_asks_for_no_privileged_intent(table: Table) -> None:
    """DMs (the orders) carry their text without the Message Content intent, which SimCord
    enforces like Discord: the DM tests pass without it."""
    intents = table.bot.intents
    assert not (intents.message_content or intents.members or intents.presences)
    assert intents.dm_messages and intents.guilds


@pytest.mark.asyncio
async def test_a_database_busy_past_its_patience_is_answered_in_a_sentence(
    table: Table,
    service: CampaignService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 31: "OperationalError: database is locked" reached a person; now a request that
    waited its whole patience is told so, and the log has one line without a traceback."""
    await seat_two_players(table)

    def busy(*args: object, **kwargs: object) -> Reply:
        raise DatabaseBusyError(121.4, "another writer holds it")

    monkeypatch.setattr(service.campaigns, "status", busy)
    with caplog.at_level(logging.WARNING):
        result = await table.bob.slash(table.channel, "status", campaign="Test")
    said = private_answer(result)
    assert said.startswith("The database stayed busy with other requests for 121 s"), said
    assert said.endswith("try again in a minute") and "reference" not in said
    [record] = [r for r in caplog.records if "busy" in r.getMessage()]
    assert record.levelno == logging.WARNING and record.exc_info is None
    [error] = table.env.errors  # it reached the tree's on_error, which answered
    assert isinstance(error.__cause__ or error, DatabaseBusyError)
