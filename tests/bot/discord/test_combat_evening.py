"""Issue 14 end to end on Discord (SimCord): an Evening whose fight is played over three rounds
through combat windows — the Amazon (alice) answering by the windows' selects, the Elf (bob) by
typed plays, one window left to run out — then the public Evening report; what each player was
told privately, and proof that nothing secret reached the channel before the reveal."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import discord
import pytest
import simcord

from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from rules.state import GameState
from tests.fights import quiet_plays

from .conftest import Table, bot_messages, private_answer, text_of
from .test_combat_windows import giant_fight

MELEE = {"target", "attack", "maneuver", "shield", "place"}


def open_kinds(service: CampaignService, character: str) -> set[str]:
    with session_scope(service.engine) as session:
        waiting = repo.open_decisions(session, campaign_id=1)
        return {d.kind for d in waiting if d.character == character}


def combat_round(service: CampaignService) -> int | None:
    """The round of the fight the saved game stands in, or None outside combat."""
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        evening = GameState.from_json(snapshot.state).today.evening
    return evening.combat.round if evening is not None and evening.combat is not None else None


def window_dm(table: Table) -> list[discord.Message]:
    """The Amazon's DMs that carry the selects of her open window: from the last that names a
    window, those with components (a window of more than five selects has them on two)."""
    sent = bot_messages(table.alice.user.dm_channel.history())
    start = max(i for i, m in enumerate(sent) if "window is open until" in text_of(m))
    return [m for m in sent[start:] if m.components]


def selects(messages: list[discord.Message]) -> list[discord.SelectMenu]:
    return [
        child
        for message in messages
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.SelectMenu)
    ]


def target_select(messages: list[discord.Message]) -> discord.SelectMenu:
    return next(s for s in selects(messages) if (s.placeholder or "").startswith("Your target"))


async def choose(table: Table, messages: list[discord.Message], label: str) -> str:
    """The Amazon picks ``label`` on the window's select that offers it; her private echo."""
    return await choose_on(table, messages, label)


async def choose_on(table: Table, messages: list[discord.Message], label: str) -> str:
    for message in messages:
        for select in selects([message]):
            labels = [o.label for o in select.options]
            if label in labels:
                value = str(labels.index(label))
                done = await table.alice.user.select(message, [value], custom_id=select.custom_id)
                return private_answer(done)
    raise AssertionError(f"no select offers {label!r}")


async def time_out(service: CampaignService) -> None:
    """The open window's deadline passes: its silent players' defaults are taken."""
    real = service.store.clock
    service.store.clock = lambda: real() + timedelta(hours=9)
    try:
        assert await asyncio.to_thread(service.timekeeper.wake, "Test", 1) == "decided by default"
    finally:
        service.store.clock = real


async def fight_on_quietly(
    table: Table, service: CampaignService, seats: dict[str, simcord.MemberActor]
) -> None:
    """Each of ``seats`` (by character) answers his windows without fighting until none asks
    him, the bot delivering between rounds."""
    for _ in range(40):
        if not any(open_kinds(service, character) for character in seats):
            return
        for character, member in seats.items():
            text = quiet_plays(open_kinds(service, character))
            if text is not None:
                await member.send_dm("plays\n" + text)
        await table.bot.deliver_once()


def channel_texts(table: Table) -> list[str]:
    return [text_of(m) for m in bot_messages(table.channel.history())]


def dms(member) -> str:
    return "\n".join(text_of(m) for m in bot_messages(member.user.dm_channel.history()))


async def alice_by_selects(table: Table, service: CampaignService) -> str:
    """The Amazon answers her open window with its selects (her placement, which has none
    left on the DM, typed); her last echo."""
    kinds = open_kinds(service, "Amazon")
    message = window_dm(table)
    echo = ""
    if "lure" in kinds:
        echo = await choose(table, message, "no")
    if "charge" in kinds:
        echo = await choose(table, message, "none")
    if "action" in kinds:
        for one in message:
            for select in selects([one]):
                if any(o.label.startswith("alert") for o in select.options):
                    done = await table.alice.user.select(one, ["0"], custom_id=select.custom_id)
                    echo = private_answer(done)
    if "attack" in kinds:
        await choose(table, message, "Giant 1")
        await choose(table, message, "FIGHT M4* smash")
        await choose(table, message, "MOVE M3* dodge")
        echo = await choose(table, message, "smash")
        if "place" in kinds:
            await table.alice.send_dm("plays\nplace: spread")
            echo = text_of(bot_messages(table.alice.user.dm_channel.history())[-1])
    return echo


async def bob_types(table: Table, service: CampaignService) -> None:
    text = quiet_plays(open_kinds(service, "Elf"))
    if text is not None:
        await table.bob.send_dm("plays\n" + text)


@pytest.mark.asyncio
async def test_an_evening_fought_over_three_rounds_through_windows(
    table: Table, service: CampaignService
) -> None:
    await giant_fight(table, service)
    before = channel_texts(table)

    # Round 1: every window answered, the Amazon by selects, the Elf typed.
    for window in ("lure", "encounter and melee"):  # issue 32: two windows a round
        assert f"the Amazon's {window} window is open" in dms(table.alice)
        melee_one = window_dm(table)
        echo = await alice_by_selects(table, service)
        assert "The Amazon's plays (version" in echo and "Waiting for the other" in echo
        assert "Amazon's plays" not in dms(table.bob), "her plays are sealed"
        await bob_types(table, service)
        await table.bot.deliver_once()
    assert combat_round(service) == 2
    assert "round 1:" in dms(table.alice) and "round 1:" in dms(table.bob)

    # Round 2: the Elf lets the melee window run out.
    for _ in range(3):
        if open_kinds(service, "Amazon") & MELEE:
            break
        await alice_by_selects(table, service)
        await bob_types(table, service)
        await table.bot.deliver_once()
    assert open_kinds(service, "Amazon") & MELEE and combat_round(service) == 2
    targets = [[o.label for o in target_select(m).options] for m in (melee_one, window_dm(table))]
    assert targets[0] == targets[1], "round 2 asks the target with round 1's options"
    stale = await choose_on(table, melee_one, "Giant 1")
    assert "no longer open" in stale, "a select of round 1's window answers nothing in round 2"
    await alice_by_selects(table, service)
    await time_out(service)
    await table.bot.deliver_once()
    assert "the Elf's target: none (default)" in dms(table.bob)
    assert channel_texts(table) == before, "the channel heard nothing of the fight so far"

    # Round 3, and on quietly until the fight is over and the day resolved.
    await fight_on_quietly(table, service, {"Amazon": table.alice, "Elf": table.bob})
    assert service.campaigns.campaign("Test").day == 2, "the day is resolved"

    public = "\n".join(channel_texts(table)[len(before) :])
    assert "Round 1" in public and "Round 2" in public and "Round 3" in public
    assert "Elf reveals" in public and "(default: " in public
    assert "window" not in public and "version" not in public
    assert "The Amazon's plays" not in dms(table.bob) and "The Elf's plays" not in dms(table.alice)
    # each finished round heads the fighters' next window (issue 32); the last is public only
    assert "round 2:" in dms(table.alice) and "round 2:" in dms(table.bob)
