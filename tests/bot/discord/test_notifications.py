"""Notices about time under SimCord, on an injected clock: a moderator's nudge DMs only the
late players; a moved deadline is announced once; a pause's time is added back on resume."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import simcord

from bot.discord import RealmBot, make_bot
from bot.service import CampaignService, RequestError
from tests.clocks import ManualClock

from .conftest import Table, bot_messages, last_dm, private_answer, seat_two_players, text_of

MOVED = "the deadline of day 1 is now"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(datetime(2026, 11, 26, 12, 0, tzinfo=UTC))


@pytest.fixture
def simcord_bot(service: CampaignService) -> RealmBot:
    return make_bot(service)


async def start(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert private_answer(started).startswith("Test has started: day 1")
    await table.bot.deliver_once()


def deadline(service: CampaignService) -> datetime:
    moment = service.campaigns.campaign("Test").deadline
    assert moment is not None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def said(table: Table, words: str) -> list[str]:
    return [text_of(m) for m in bot_messages(table.channel.history()) if words in text_of(m)]


@pytest.mark.asyncio
async def test_a_nudge_dms_only_the_late_players(table: Table) -> None:
    await start(table)
    await table.alice.send_dm("orders Test\nH, R")
    alices = len(bot_messages(table.alice.user.dm_channel.history()))
    nudged = await table.moderator.slash(table.channel, "gm nudge", campaign="Test")
    assert private_answer(nudged) == "Nudged 1 player by DM: the Elf."
    await table.bot.deliver_once()
    assert last_dm(table.bob).startswith(
        "Test: the moderators remind you that the Elf has no orders for day 1 yet; they are due <t:"
    )
    assert len(bot_messages(table.alice.user.dm_channel.history())) == alices, "she is not late"
    (logged,) = said(table, "without orders")
    assert logged == "\\[moderator\\] gm: reminded 1 player without orders for day 1"
    assert not any(m.mentions for m in bot_messages(table.channel.history()))

    await table.bob.send_dm("orders Test\nH")
    refused = await table.moderator.slash(table.channel, "gm nudge", campaign="Test")
    assert private_answer(refused) == (
        "Every player of Test has sent orders for day 1: nobody to nudge"
    )


@pytest.mark.asyncio
async def test_an_extension_announces_the_new_deadline_once(
    table: Table, service: CampaignService
) -> None:
    await start(table)
    before = deadline(service)
    extended = await table.moderator.slash(
        table.channel, "gm extend", campaign="Test", hours=3, reason="a holiday"
    )
    assert private_answer(extended) == "Deadline of Test extended by 3 h."
    assert deadline(service) == before + timedelta(hours=3)
    await table.bot.deliver_once()
    await table.bot.deliver_once()
    (notice,) = said(table, MOVED)
    after = int((before + timedelta(hours=3)).timestamp())
    assert f"<t:{after}:F>" in notice and f"<t:{int(before.timestamp())}:F>" in notice


@pytest.mark.asyncio
async def test_a_resume_adds_the_paused_time_to_the_deadline(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await start(table)
    before = deadline(service)
    paused = await table.moderator.slash(
        table.channel, "gm pause", campaign="Test", reason="the moderator is away", hours=48
    )
    assert private_answer(paused) == "Test is paused."
    clock.now += timedelta(hours=5)
    resumed = await table.moderator.slash(table.channel, "gm resume", campaign="Test")
    assert private_answer(resumed) == "Test is running again."
    assert deadline(service) == before + timedelta(hours=5), "the 5 paused hours given back"
    await table.bot.deliver_once()
    assert len(said(table, MOVED)) == 1


@pytest.mark.asyncio
async def test_an_expired_pause_gives_back_its_own_length(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await start(table)
    before = deadline(service)
    await table.moderator.slash(table.channel, "gm pause", campaign="Test", reason="away", hours=2)
    clock.now += timedelta(hours=3)  # the wake-up comes an hour after the pause ran out
    assert service.timekeeper.wake("Test", 1) == "resumed"
    assert deadline(service) == before + timedelta(hours=2)
    await table.bot.deliver_once()
    assert len(said(table, MOVED)) == 1


def reminders_to(member: simcord.MemberActor) -> list[str]:
    return [
        text_of(m)
        for m in bot_messages(member.user.dm_channel.history())
        if "no orders yet" in text_of(m)
    ]


@pytest.mark.asyncio
async def test_each_player_is_reminded_at_his_own_time_or_not_at_all(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await start(table)
    off = await table.alice.slash(table.channel, "settings reminders", campaign="Test", state="off")
    assert private_answer(off) == (
        "Reminders for the Amazon in Test: off (a moderator's nudge still reaches you)."
    )
    late = await table.bob.slash(
        table.channel, "settings remind-before", campaign="Test", hours=1.5
    )
    assert private_answer(late) == (
        "The Elf in Test is reminded 1.5 h before each deadline when his orders are missing."
    )
    with pytest.raises(simcord.OptionError):
        await table.bob.slash(table.channel, "settings remind-before", campaign="Test", hours=99)
    with pytest.raises(RequestError, match=r"0\.25 to 72 hours before the deadline"):
        service.reminders.set_remind_before("Test", player=str(table.bob.user.id), hours=100)
    stranger = table.member("carol")
    refused = await stranger.slash(table.channel, "settings reminders", campaign="Test", state="on")
    assert private_answer(refused) == "You have no character in Test"

    due = deadline(service)
    assert [when for _, _, when in service.timekeeper.wake_ups()] == [due - timedelta(hours=1.5)]
    clock.now = due - timedelta(hours=6)  # the campaign's own reminder time: nobody's now
    assert service.timekeeper.wake("Test", 1) == "nothing"
    clock.now = due - timedelta(hours=1.5)
    assert service.timekeeper.wake("Test", 1) == "reminded"
    assert service.timekeeper.wake("Test", 1) == "nothing", "once a day"
    await table.bot.deliver_once()
    assert len(reminders_to(table.bob)) == 1 and reminders_to(table.alice) == []
    assert [when for _, _, when in service.timekeeper.wake_ups()] == [due], (
        "next: the deadline itself"
    )


@pytest.mark.asyncio
async def test_a_forced_day_announces_the_next_deadline_once(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await start(table)
    clock.now += timedelta(hours=1)
    forced = await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    assert private_answer(forced) == "Test: day 1 resolved."
    await table.bot.deliver_once()
    await table.bot.deliver_once()
    due = int(deadline(service).timestamp())
    (opened,) = said(table, "day 2 is open")
    assert opened == f"Test: day 2 is open; orders are due <t:{due}:F> (<t:{due}:R>)."


@pytest.mark.asyncio
async def test_a_player_chooses_his_language_among_those_realmbot_speaks(
    table: Table, service: CampaignService
) -> None:
    await start(table)
    chose = await table.alice.slash(
        table.channel, "settings language", campaign="Test", language="es"
    )
    assert private_answer(chose) == "Amazona, en Test, lee sus mensajes en español."
    assert service.languages.of_reply("Test", str(table.alice.user.id)).value == "es"
    assert service.languages.of_reply("Test", str(table.bob.user.id)).value == "en"
    with pytest.raises(simcord.OptionError):
        await table.bob.slash(table.channel, "settings language", campaign="Test", language="fr")
    stranger = table.member("carol")
    refused = await stranger.slash(
        table.channel, "settings language", campaign="Test", language="en"
    )
    assert private_answer(refused) == "You have no character in Test"
