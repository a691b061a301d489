"""Outbox delivery under SimCord when Discord refuses: a player's closed DMs, a refused message,
Discord unreachable, an error of the bot's own; and the nonces that make a resend harmless.

Time is the service's injected clock: a failed message is due again when the clock says so.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
import pytest
import simcord
from sqlmodel import col, select

from bot import outbox
from bot.cards import Card
from bot.delivery import FIRST_RETRY, NOTICE_AFTER_TRANSIENT, retry_delay
from bot.discord import delivery, outgoing
from bot.discord.delivery import nonce
from bot.discord.outgoing import Part
from bot.logs import current_campaign
from bot.service import CampaignService
from db import messages
from db.engine import session_scope
from db.models import OutboxMessage
from tests.clocks import ManualClock

from .conftest import HIDDEN, Table, bot_messages, private_answer, private_card, text_of


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def campaign(table: Table, service: CampaignService, *, notes: simcord.ChannelHandle) -> None:
    """Test, played in the table's channel, its moderators' messages in ``notes``, alice the
    Amazon and bob the Elf seated; started, so that each has his sheet in the outbox."""
    service.campaigns.create(
        "Test",
        moderator=str(table.moderator.id),
        channel=str(table.channel.id),
        guild=str(table.guild.id),
        options={"moderators_channel": str(notes.id)},
    )
    service.campaigns.join(
        "Test", player=str(table.alice.id), player_name="alice", character="Amazon"
    )
    service.campaigns.join("Test", player=str(table.bob.id), player_name="bob", character="Elf")
    service.campaigns.start("Test", moderator=str(table.moderator.id))


def queue(service: CampaignService, kind: str, content: str, to: str | None = None) -> None:
    with session_scope(service.engine) as session:
        messages.add_message(
            session, campaign_id=1, kind=kind, to=to, content=content, created_at=service.clock()
        )


def posts_to(table: Table, channel_id: int) -> list[Any]:
    """The bodies of every message the bot tried to post in a channel, in order."""
    return [
        request.json
        for request in table.env.http_requests
        if request.method == "POST" and request.path == f"/channels/{channel_id}/messages"
    ]


def dms(member: simcord.MemberActor) -> list[str]:
    return [text_of(m) for m in bot_messages(member.user.dm_channel.history())]


def close_dms(table: Table, member: simcord.MemberActor) -> None:
    """``member`` accepts no DM from the bot, as Discord answers when his DMs are closed."""
    table.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


def open_dms(table: Table) -> None:
    table.env.backend.faults.clear()


@pytest.mark.asyncio
async def test_a_player_with_closed_dms_is_told_once_and_nothing_else_waits(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    notes = table.guild.create_text_channel("gm-notes")
    campaign(table, service, notes=notes)
    close_dms(table, table.bob)
    bobs_dm = table.bob.user.dm_channel.id

    await table.bot.deliver_once()
    assert dms(table.alice)[0].startswith("Your Amazon in Test:"), "alice's DMs flow"
    assert text_of(bot_messages(notes.history())[-1]) == "Test: 2 characters seated."
    asked = bot_messages(table.channel.history())[-1]
    assert text_of(asked).startswith(f"<@{table.bob.id}> I cannot DM you; open your DMs")
    assert [user.id for user in asked.mentions] == [table.bob.id], "the mention pings him"
    assert "Your Elf" not in text_of(asked) and "MAGIC" not in text_of(asked)
    [sheet] = [m for m in service.store.undelivered() if m.kind == "dm"]
    assert (sheet.to, sheet.attempts) == (str(table.bob.id), 1)

    queue(service, "dm", "Day 1: the Elf's own report.", to=str(table.bob.id))
    queue(service, "dm", "Day 1: the Amazon's own report.", to=str(table.alice.id))
    await table.bot.deliver_once()
    told = text_of(bot_messages(notes.history())[-1])
    assert told.startswith("Test: I cannot send direct messages to bob (the Elf): Discord refused")
    assert "I asked them in the channel to open their DMs" in told and "MAGIC" not in told
    assert dms(table.alice)[-1] == "Day 1: the Amazon's own report."
    assert len(posts_to(table, bobs_dm)) == 1, "no retry before its time, the next one waits"

    clock.advance(FIRST_RETRY)
    channel_before, notes_before = len(table.channel.history()), len(notes.history())
    await table.bot.deliver_once()
    assert len(posts_to(table, bobs_dm)) == 2, "one retry, of the oldest only"
    assert len(table.channel.history()) == channel_before, "he is asked once"
    assert len(notes.history()) == notes_before, "the moderators are told once"

    status = await table.moderator.slash(table.channel, "gm status", campaign="Test")
    text = private_card(status)
    assert text.startswith("Test: running, day 1")
    assert "Deliveries: 2 waiting, 1 undeliverable so far." in text
    assert "a direct message to bob (the Elf): 2 failed attempts" in text
    assert "1 more waits behind it" in text and "MAGIC" not in text
    assert text.count("Deliveries") == 1, "the card's field names it once"

    clock.advance(retry_delay(2) - timedelta(seconds=1))
    await table.bot.deliver_once()
    assert len(posts_to(table, bobs_dm)) == 2, "the retries back off"

    open_dms(table)
    clock.advance(timedelta(seconds=1))
    assert await table.bot.deliver_once() == 2
    assert [text.split(":")[0] for text in dms(table.bob)] == ["Your Elf in Test", "Day 1"]
    assert service.store.undelivered() == []
    status = await table.moderator.slash(table.channel, "gm status", campaign="Test")
    assert "Deliveries: everything has been delivered." in private_card(status)
    assert private_card(status).count("Deliveries") == 1


@pytest.mark.asyncio
async def test_a_player_who_writes_to_the_bot_gets_his_queued_dms_at_once(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    """His DMs closed, his messages back off; once he shows he is here — a slash command, a
    DM — they are tried at once, not when the back-off ends (the clock never moves here)."""
    campaign(table, service, notes=table.guild.create_text_channel("gm-notes"))
    close_dms(table, table.bob)
    bobs_dm = table.bob.user.dm_channel.id
    await table.bot.deliver_once()
    queue(service, "dm", "Day 1: the Elf's own report.", to=str(table.bob.id))
    await table.bot.deliver_once()
    assert len(posts_to(table, bobs_dm)) == 1, "his sheet failed; it and his report wait"

    await table.bob.slash(table.channel, "status", campaign="Test")
    assert len(posts_to(table, bobs_dm)) == 2, "tried at once, though his DMs are still closed"
    await table.alice.slash(table.channel, "status", campaign="Test")
    await table.bot.deliver_once()
    assert len(posts_to(table, bobs_dm)) == 2, "others' commands change nothing for him"

    open_dms(table)
    await table.bob.send_dm("hello?")
    queued = [text.split(":")[0] for text in dms(table.bob) if not text.startswith("To send")]
    assert queued == ["Your Elf in Test", "Day 1"], "in order, before the back-off ends"
    assert service.store.undelivered() == []


@pytest.mark.asyncio
async def test_gm_status_is_for_the_campaigns_moderators(
    table: Table, service: CampaignService
) -> None:
    campaign(table, service, notes=table.channel)
    other = table.member("other-gm", manage_guild=True)
    refused = await other.slash(table.channel, "gm status", campaign="Test")
    assert private_answer(refused).startswith("Moderators only. (Only the moderators of Test")
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm status", campaign="Test")


@pytest.mark.asyncio
async def test_a_message_discord_refuses_holds_nothing_after_it(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    notes = table.guild.create_text_channel("gm-notes")
    campaign(table, service, notes=notes)
    await table.bot.deliver_once()
    await table.bot.deliver_once()
    queue(service, "channel", "first")
    queue(service, "channel", "second")
    table.env.inject_error(
        "POST",
        f"/channels/{table.channel.id}/messages",
        status=400,
        code=50035,
        message="Invalid Form Body",
        times=1,
    )
    assert await table.bot.deliver_once() == 1
    assert text_of(bot_messages(table.channel.history())[-1]) == "second"
    await table.bot.deliver_once()
    told = text_of(bot_messages(notes.history())[-1])
    assert told.startswith("Test: a message to the campaign's channel could not be delivered")
    assert "Invalid Form Body" in told and "the messages after it" not in told

    clock.advance(FIRST_RETRY)
    assert await table.bot.deliver_once() == 1
    assert [text_of(m) for m in bot_messages(table.channel.history())[-2:]] == ["second", "first"]


@pytest.mark.asyncio
async def test_discord_unreachable_holds_each_destination_in_order(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    notes = table.guild.create_text_channel("gm-notes")
    campaign(table, service, notes=notes)
    await table.bot.deliver_once()
    await table.bot.deliver_once()
    notes_before = len(notes.history())
    queue(service, "channel", "first")
    queue(service, "channel", "second")
    table.env.inject_error(
        "POST", f"/channels/{table.channel.id}/messages", status=503, message="down", times=None
    )
    for attempt in range(1, NOTICE_AFTER_TRANSIENT + 1):
        assert await table.bot.deliver_once() == 0
        waiting = [(m.kind, m.attempts) for m in service.store.undelivered()]
        assert waiting[:2] == [("channel", attempt), ("channel", 0)], "the second waits"
        told = attempt == NOTICE_AFTER_TRANSIENT
        assert (waiting[2:] == [("moderators", 0)]) is told, "a hiccup is not news"
        clock.advance(retry_delay(attempt))
    assert await table.bot.deliver_once() == 1, "the notice; the channel is still down"
    told_text = text_of(bot_messages(notes.history())[-1])
    assert "could not be delivered: 503" in told_text and "the messages after it" in told_text
    assert len(notes.history()) == notes_before + 1

    open_dms(table)
    clock.advance(retry_delay(NOTICE_AFTER_TRANSIENT + 1))
    assert await table.bot.deliver_once() == 2
    assert [text_of(m) for m in bot_messages(table.channel.history())[-2:]] == ["first", "second"]


@pytest.mark.asyncio
async def test_an_error_of_the_bots_own_is_logged_and_holds_nothing(
    table: Table,
    service: CampaignService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    campaign(table, service, notes=table.channel)
    await table.bot.deliver_once()
    queue(service, "channel", "cursed")
    queue(service, "channel", "fine")
    render = outgoing.render_parts
    campaigns: list[str | None] = []

    def broken(
        message: OutboxMessage, attachment: bytes | None = None, card: Card | None = None
    ) -> tuple[list[Part], list[discord.File]]:
        campaigns.append(current_campaign())
        if message.content == "cursed":
            raise ValueError("a bug")
        return render(message, attachment, card)

    monkeypatch.setattr(delivery, "render_parts", broken)
    with caplog.at_level(logging.WARNING, logger="realmbot.discord.delivery"):
        assert await table.bot.deliver_once() == 1
    assert text_of(bot_messages(table.channel.history())[-1]) == "fine"
    [record] = [r for r in caplog.records if "not delivered" in r.getMessage()]
    assert record.exc_info is not None and isinstance(record.exc_info[1], ValueError)
    assert campaigns == ["Test", "Test"], "its log lines name the campaign"


@pytest.mark.asyncio
async def test_a_resend_after_a_crash_carries_the_same_nonces(
    table: Table, service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopping between sending and marking delivered sends the message again with the same
    nonce, which Discord (``enforce_nonce``) answers with the first message. SimCord does not
    model nonces, so the test checks what Discord is sent."""
    campaign(table, service, notes=table.channel)
    await table.bot.deliver_once()
    await table.bot.deliver_once()
    lines = [f"line {n:03d} " + "x" * 90 for n in range(30)]
    queue(service, "channel", "\n".join(lines))
    before = len(posts_to(table, table.channel.id))

    def crash(*args: object, **kwargs: object) -> int:
        raise RuntimeError("the bot stopped here")

    monkeypatch.setattr(outbox, "mark_delivered", crash)
    with pytest.raises(RuntimeError):
        await table.bot.deliver_once()
    monkeypatch.undo()
    assert await table.bot.deliver_once() == 1

    posted = posts_to(table, table.channel.id)[before:]
    first, again = posted[:2], posted[2:]
    with session_scope(service.engine) as session:
        [message] = session.exec(
            select(OutboxMessage).where(col(OutboxMessage.content).startswith("line 000"))
        ).all()
    assert message.id is not None and message.delivered_at is not None
    assert [body["nonce"] for body in first] == [nonce(message.id, 0), nonce(message.id, 1)]
    assert [body["nonce"] for body in again] == [body["nonce"] for body in first]
    assert all(body["enforce_nonce"] is True for body in first + again)


def test_nonces_are_stable_distinct_and_short_enough() -> None:
    assert nonce(7, 0) == nonce(7, 0)
    assert len({nonce(7, 0), nonce(7, 1), nonce(70, 0), nonce(7, "dm")}) == 4
    assert len(nonce(10**15, 99)) <= 25
    with pytest.raises(ValueError):
        nonce(10**30, 0)


def test_retries_back_off_exponentially_up_to_a_cap() -> None:
    waits = [retry_delay(n).total_seconds() for n in range(1, 9)]
    assert waits == [30, 60, 120, 240, 480, 900, 900, 900]
    assert retry_delay(10_000) == timedelta(minutes=15)


@pytest.mark.asyncio
async def test_the_bot_leaves_the_messages_of_campaigns_without_a_channel_to_the_local_transport(
    table: Table, service: CampaignService
) -> None:
    """A campaign run from the command line (no channel) on the bot's database is delivered by
    ``realmbot local deliver``: the bot neither sends its messages nor marks them delivered."""
    campaign(table, service, notes=table.channel)
    service.campaigns.create("Forum", moderator="gm")
    with session_scope(service.engine) as session:
        messages.add_message(
            session, campaign_id=2, kind="channel", content="forum news", created_at=service.clock()
        )
    await table.bot.deliver_once()
    left = service.store.undelivered()
    assert "forum news" in [m.content for m in left] and {m.campaign_id for m in left} == {2}
    assert all(m.attempts == 0 for m in left), "not tried: no failure, no notice of one"
    assert "forum news" not in [text_of(m) for m in bot_messages(table.channel.history())]
