"""The Discord transport end to end under SimCord: the real bot, a real service and database."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import cast

import discord
import pytest
import simcord
from sqlmodel import select

from bot.discord import make_bot
from bot.discord.decisions import NO_LONGER_OPEN, pressed_by_recipient, read_decision
from bot.discord.delivery import DEFAULT_INTERVAL
from bot.inbox import read_orders_message
from bot.service import CampaignService
from db import messages
from db.engine import session_scope
from db.models import PendingDecision
from rules.state import GameState

from .conftest import (
    HIDDEN,
    Table,
    bot_messages,
    change_state,
    channel_report,
    last_dm,
    last_report,
    private_card,
    seat_two_players,
    start_waiting_for_decisions,
    text_of,
)


@pytest.mark.asyncio
async def test_a_day_is_played_from_creation_to_reports(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert started.ephemeral and started.response is not None
    assert started.response.content.startswith("Test has started: day 1")
    assert await table.bot.deliver_once() > 0
    assert re.match(r"Your Amazon in Test: at [A-Z]+\d, (hidden; )?gold", last_dm(table.alice))

    await table.alice.send_dm("orders Test\nM XX9, Q")
    problems = last_dm(table.alice)
    assert "NOT stored: 2 problems" in problems and "bad-clearing" in problems
    status = await table.bob.slash(table.channel, "status", campaign="Test")
    assert "Amazon: no orders yet" in private_card(status), "nothing was stored"

    await table.alice.send_dm("orders\n```\nH, R\n```")  # the only campaign she plays in
    echo = last_dm(table.alice)
    assert echo.startswith("Orders for the Amazon, day 1 stored (v1 · ") and "H, R" in echo

    forced = await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    assert forced.ephemeral and forced.response is not None
    assert forced.response.content == "Test: day 1 resolved."
    assert await table.bot.deliver_once() > 0
    assert await table.bot.deliver_once() == 0, "each message is delivered once"

    public = bot_messages(table.channel.history())
    report, files = channel_report(table.channel.history(), "Day 1, Month 1")
    assert files == ["map-month1-day2.png"], "the board day 2 is played on, named as titled"
    assert "Amazon: H (2, 4: hidden)" in report
    logged = next(i for i, m in enumerate(public) if "resolved day 1" in text_of(m))
    first = next(i for i, m in enumerate(public) if text_of(m).startswith("Day 1, Month 1"))
    assert logged < first, "the force is logged, then its day's report follows"
    [card] = public[first].embeds
    assert card.title == "Day 1, Month 1" and not public[first].content
    assert card.image.url == "attachment://map-month1-day2.png", "the map shown in the card"
    for member in (table.alice, table.bob):
        assert last_report(member).startswith("Day 1, Month 1")


@pytest.mark.asyncio
async def test_only_moderators_moderate(table: Table) -> None:
    await seat_two_players(table)
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm force", campaign="Test", day=1)
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm create", name="Mine")

    other = table.member("other-gm", manage_guild=True)  # a Discord moderator, not this game's
    refused = await other.slash(table.channel, "gm start", campaign="Test")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content.startswith("Moderators only. (Only the moderators of Test")


@pytest.mark.asyncio
async def test_a_hostile_name_never_pings_and_shows_escaped(table: Table) -> None:
    await table.moderator.slash(table.channel, "gm create", name="Test")
    mallory = table.member("mallory", global_name="@everyone **x**")
    joined = await mallory.slash(table.channel, "join", campaign="Test", character="Amazon")
    assert joined.response is not None and joined.response.content.startswith("You play")
    await table.bot.deliver_once()
    message = bot_messages(table.channel.history())[-1]
    assert "joins as the Amazon" in message.content
    assert not message.mention_everyone
    assert message.content == "@\u200beveryone \\*\\*x\\*\\* joins as the Amazon."


@pytest.mark.asyncio
async def test_refusals_are_private_and_escaped(table: Table) -> None:
    joined = await table.alice.slash(table.channel, "join", campaign="*nope*", character="Amazon")
    assert joined.ephemeral and joined.response is not None
    assert joined.response.content == "There is no campaign called '\\*nope\\*'"


@pytest.mark.asyncio
async def test_a_dm_without_orders_gets_the_help(table: Table) -> None:
    await table.alice.send_dm("hello?")
    helped = last_dm(table.alice)
    assert "orders <campaign>" in helped
    assert (
        "Company HQ: M CV5, H" in helped
        and "a section of yours that starts with his name" in helped
    )
    await table.alice.send_dm("orders\nH")
    assert last_dm(table.alice) == "You play in no running campaign"


def test_orders_messages_are_read_from_their_first_line() -> None:
    read = read_orders_message("Orders North Sea\nM CV3\nH")
    assert read is not None and (read.campaign, read.text) == ("North Sea", "M CV3\nH")
    read = read_orders_message("orders\n```text\nH, R\n```")
    assert read is not None and (read.campaign, read.text) == (None, "H, R")
    assert read_orders_message("hello\norders Test") is None


def queue(service: CampaignService, content: str) -> None:
    """Put one channel message for campaign 1 in the outbox."""
    with session_scope(service.engine) as session:
        messages.add_message(
            session, campaign_id=1, kind="channel", content=content, created_at=datetime.now(UTC)
        )


@pytest.mark.asyncio
async def test_long_messages_are_split_or_attached(table: Table, service: CampaignService) -> None:
    await table.moderator.slash(table.channel, "gm create", name="Test")
    await table.bot.deliver_once()
    lines = [f"line {n:03d} " + "x" * 90 for n in range(50)]
    queue(service, "\n".join(lines))
    assert await table.bot.deliver_once() == 1
    parts = [text_of(m) for m in bot_messages(table.channel.history())[1:]]
    assert len(parts) == 3 and all(len(part) <= 2000 for part in parts)
    assert "\n".join(parts).splitlines() == lines, "nothing lost at the splits"

    queue(service, "A very long report\n" + "y" * 10_000)
    assert await table.bot.deliver_once() == 1
    last = bot_messages(table.channel.history())[-1]
    assert last.content == "A very long report\n(the whole text is attached)"
    assert [(a.filename, a.size) for a in last.attachments] == [("message-3.txt", 10_019)]


@pytest.mark.asyncio
async def test_moderators_messages_and_failed_deliveries(
    table: Table, service: CampaignService
) -> None:
    notes = table.guild.create_text_channel("gm-notes")
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
    service.campaigns.join("Test", player="404404404404404404", player_name="gone", character="Elf")
    service.campaigns.start("Test", moderator=str(table.moderator.id))
    queued = len(service.store.undelivered())

    assert await table.bot.deliver_once() == queued - 1
    [kept, notice] = service.store.undelivered()
    assert (kept.to, kept.attempts) == ("404404404404404404", 1), "left for next time"
    assert notice.kind == "moderators", "the moderators are to be told"
    assert text_of(bot_messages(notes.history())[-1]) == "Test: 2 characters seated."
    assert last_dm(table.alice).startswith("Your Amazon in Test:")
    assert await table.bot.deliver_once() == 1, "the moderators' notice; the DM waits its turn"
    told = text_of(bot_messages(notes.history())[-1])
    assert told.startswith("Test: a direct message to gone (the Elf) could not be delivered")
    assert "Unknown User" in told and "Your Elf" not in told


@pytest.mark.asyncio
async def test_sheet_readiness_and_autopilot(table: Table) -> None:
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    sheet = await table.alice.slash(table.channel, "me", campaign="Test")
    assert private_card(sheet).startswith("Your Amazon in Test\n")
    ready = await table.alice.slash(table.channel, "ready", campaign="Test")
    assert ready.ephemeral and ready.response is not None
    assert ready.response.content.startswith(
        "The Amazon is ready for day 1. Still waiting for: Elf"
    )
    unready = await table.alice.slash(table.channel, "unready", campaign="Test")
    assert unready.response is not None and "is not ready" in unready.response.content
    autopilot = await table.moderator.slash(
        table.channel, "gm autopilot", campaign="Test", character="Elf", on=True
    )
    assert autopilot.ephemeral and autopilot.response is not None
    assert autopilot.response.content == "Autopilot on for the Elf."


@pytest.mark.asyncio
async def test_the_delivery_loop_sends_the_outbox_by_itself(table: Table) -> None:
    await table.moderator.slash(table.channel, "gm create", name="Test")
    assert bot_messages(table.channel.history()) == []
    await table.env.advance_time(DEFAULT_INTERVAL + 1)
    assert "created Test" in text_of(bot_messages(table.channel.history())[-1])


async def wait_for_alices_decision(table: Table, service: CampaignService) -> None:
    """Start Test waiting for decisions (not combat's, which have their own tests), with two of
    the Amazon's chits fatigued so that resting asks her which to rest first, and force day 1
    until it stops at her decision (delivered)."""
    await start_waiting_for_decisions(table, service)

    def two_fatigued(state: GameState) -> None:
        for chit in state.characters["Amazon"].chits:
            if chit.label in ("MOVE M3*", "FIGHT M4*"):
                chit.status = "fatigued"

    change_state(service, two_fatigued)
    await table.alice.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()


def day_one_reported(table: Table) -> bool:
    return any(
        text_of(m).startswith("Day 1, Month 1") for m in bot_messages(table.channel.history())
    )


@pytest.mark.asyncio
async def test_setup_choices_and_a_decision_answered_by_dm(
    table: Table, service: CampaignService
) -> None:
    """Secret setup choices by DM before the start; a mid-day decision asked and answered by
    DM, the channel hearing nothing of it."""
    await seat_two_players(table)
    await table.alice.send_dm("setup Test\nvictory: fame 3, gold 2")
    assert "stored (secret)" in last_dm(table.alice)
    await table.alice.send_dm("setup Test\nvictory: fame 3")
    assert "must total 5 points" in last_dm(table.alice)

    await wait_for_alices_decision(table, service)
    assert "must decide" in last_dm(table.alice)
    assert not any("decide" in text_of(m) for m in bot_messages(table.channel.history()))
    await table.alice.send_dm("answer FIGHT M4*")
    assert "The day goes on" in last_dm(table.alice)
    await table.bot.deliver_once()
    assert day_one_reported(table)


def labels(message: discord.Message) -> list[tuple[str | None, bool]]:
    """A message's buttons: label and whether disabled."""
    return [
        (child.label, child.disabled)
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
    ]


@pytest.mark.asyncio
async def test_a_decision_is_answered_with_its_buttons(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    await wait_for_alices_decision(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    [card] = asked.embeds
    assert card.title == "Test, day 1: the Amazon must decide."
    options, default = card.fields
    assert (options.name, options.value) == ("Options", "MOVE M3\\* \\| FIGHT M4\\*")
    assert default.name == "Without an answer"
    assert re.fullmatch(r"by <t:[0-9]+:F> \(<t:[0-9]+:R>\): MOVE M3\\\*", default.value or "")
    assert labels(asked) == [("MOVE M3*", False), ("FIGHT M4*", False)]
    assert not day_one_reported(table)

    pressed = await table.alice.user.click(asked, label="FIGHT M4*")
    assert pressed.response is not None
    assert [b["disabled"] for row in pressed.response.components for b in row["components"]] == [
        True,
        True,
    ]
    [reply] = pressed.followups
    assert reply.ephemeral and reply.content == "Answer recorded: FIGHT M4\\*. The day goes on."
    await table.bot.deliver_once()
    assert day_one_reported(table)
    shown = bot_messages(table.alice.user.dm_channel.history())
    assert all(disabled for _, disabled in labels(next(m for m in shown if m.id == asked.id)))


def test_a_decision_dm_is_read_back_for_its_buttons() -> None:
    content = (
        "North Sea, day 3: the Amazon must decide. Which chit do you rest first? (7.8.2)\n"
        "Options: MOVE M3*, FIGHT M4*. Without an answer by 2025-01-01 12:00 UTC: MOVE M3*."
    )
    read = read_decision("North Sea", content)
    assert read is not None and read.options == ("MOVE M3*", "FIGHT M4*")
    assert read_decision("South Sea", content) is None, "another campaign's"
    assert read_decision("North Sea", "North Sea, day 3: the Amazon rests.") is None
    many = content.replace("MOVE M3*, FIGHT M4*", ", ".join(f"o{n}" for n in range(126)))
    assert read_decision("North Sea", many) is None, "too many for selects: answer by DM"


def buttons_of(result: simcord.InteractionResult) -> list[tuple[str, bool]]:
    """The buttons an interaction's response left on its message: label and whether disabled."""
    assert result.response is not None
    return [
        (b["label"], b["disabled"]) for row in result.response.components for b in row["components"]
    ]


@pytest.mark.asyncio
async def test_decision_buttons_outlive_a_restart(table: Table, service: CampaignService) -> None:
    await seat_two_players(table)
    await wait_for_alices_decision(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    assert [c.custom_id for row in asked.components for c in row.children] == [  # type: ignore[union-attr]
        "rb:decision:1:0",
        "rb:decision:1:1",
    ]

    restarted = make_bot(service)
    await table.env.restart_bot(restarted)
    assert table.env.bot is restarted is not table.bot
    pressed = await table.alice.user.click(asked, label="MOVE M3*")
    assert buttons_of(pressed) == [("MOVE M3*", True), ("FIGHT M4*", True)]
    [reply] = pressed.followups
    assert reply.ephemeral and reply.content == "Answer recorded: MOVE M3\\*. The day goes on."
    await restarted.deliver_once()
    assert day_one_reported(table)


@pytest.mark.asyncio
async def test_a_stale_decision_button_answers_nothing(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    await wait_for_alices_decision(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    await table.alice.send_dm("answer FIGHT M4*")
    assert "The day goes on" in last_dm(table.alice)

    pressed = await table.alice.user.click(asked, label="MOVE M3*")
    assert buttons_of(pressed) == [("MOVE M3*", True), ("FIGHT M4*", True)]
    [reply] = pressed.followups
    assert reply.ephemeral and reply.content == NO_LONGER_OPEN
    with session_scope(service.engine) as session:
        [decision] = session.exec(select(PendingDecision)).all()
        assert decision.answer == "FIGHT M4*", "the DM's answer stands"


@pytest.mark.asyncio
async def test_a_button_on_an_options_change_is_not_answered(
    table: Table, service: CampaignService
) -> None:
    """A button whose message offers other options than the open decision answers nothing
    (a newer decision, or one to answer after another) and stays, since its turn may come."""
    await seat_two_players(table)
    await wait_for_alices_decision(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    with session_scope(service.engine) as session:
        [decision] = session.exec(select(PendingDecision)).all()
        decision.options = ["FIGHT M4*", "MOVE M3*"]
    pressed = await table.alice.user.click(asked, label="MOVE M3*")
    assert pressed.response is not None and pressed.ephemeral
    assert pressed.response.content.startswith(NO_LONGER_OPEN[:-1])
    assert service.resolver.open_decision("Test", player=str(table.alice.id)) is not None
    shown = bot_messages(table.alice.user.dm_channel.history())
    assert not any(disabled for _, disabled in labels(next(m for m in shown if m.id == asked.id)))


def dm_interaction(user_id: int, *, channel_id: int, recipient: int | None) -> discord.Interaction:
    """A press in the bot's DM ``channel_id``: Discord names the DM's recipient or not."""
    channel = discord.DMChannel.__new__(discord.DMChannel)
    channel.id = channel_id
    channel.recipients = (
        [] if recipient is None else [cast(discord.User, SimpleNamespace(id=recipient))]
    )
    own_dm = SimpleNamespace(id=100 + user_id)
    user = SimpleNamespace(id=user_id, dm_channel=own_dm)
    return cast(discord.Interaction, SimpleNamespace(guild_id=None, channel=channel, user=user))


@pytest.mark.asyncio
async def test_only_the_dms_recipient_may_press() -> None:
    """SimCord, like Discord, lets nobody press a button in another's DM: the check is tested
    on its own, with and without the recipient Discord leaves out of an interaction."""
    alices_dm = 142
    assert await pressed_by_recipient(dm_interaction(42, channel_id=alices_dm, recipient=42))
    assert not await pressed_by_recipient(dm_interaction(7, channel_id=alices_dm, recipient=42))
    assert await pressed_by_recipient(dm_interaction(42, channel_id=alices_dm, recipient=None))
    assert not await pressed_by_recipient(dm_interaction(7, channel_id=alices_dm, recipient=None))
    in_a_guild = cast(discord.Interaction, SimpleNamespace(guild_id=1, channel=None))
    assert not await pressed_by_recipient(in_a_guild)
