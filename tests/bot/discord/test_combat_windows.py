"""Combat by DM on Discord (issue 14), end to end with SimCord: a window opens by DM for each
player of a fight, plays typed by DM are echoed privately, and the channel hears nothing."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.discord import make_bot
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from tests.fights import stage_giant_fight

from .conftest import (
    HIDDEN,
    Table,
    bot_messages,
    last_dm,
    last_window,
    private_answer,
    seat_two_players,
    text_of,
)


async def giant_fight(
    table: Table, service: CampaignService, monsters: tuple[str, ...] = ("Giant 1",)
) -> None:
    """Test started waiting for decisions, combat's too; the Amazon (alice) and the Elf (bob),
    unhidden, with a Giant in one clearing; both rest, and day 1 is forced to its first
    window (delivered)."""
    await seat_two_players(table)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        campaign.options = {**campaign.options, "wait_for_decisions": True}
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    stage_giant_fight(service.engine, 1, "Amazon", "Elf", monsters)
    await table.alice.send_dm("orders Test\nR")
    await table.bob.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()


@pytest.mark.asyncio
async def test_a_window_by_dm_answered_with_typed_plays(
    table: Table, service: CampaignService
) -> None:
    await giant_fight(table, service)
    assert "lure window is open" in last_dm(table.alice)
    assert "Giant 1" in last_dm(table.alice)
    assert "lure window is open" in last_dm(table.bob)
    await table.alice.send_dm("plays\nlure: Giant, with a typo")
    assert "nothing was taken" in last_dm(table.alice)
    await table.alice.send_dm("plays\nlure: none")
    assert "lure Giant 1: no" in last_dm(table.alice) and "version" in last_dm(table.alice)
    await table.bob.send_dm("plays\nlure: Giant")
    assert "combat goes on" in last_dm(table.bob)
    await table.bot.deliver_once()
    assert "encounter and melee window is open" in last_window(table.alice)
    said = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "window" not in said and "lure" not in said, "the channel hears nothing of the fight"


@pytest.mark.asyncio
async def test_moderators_hold_the_window_with_gm_window(
    table: Table, service: CampaignService
) -> None:
    await giant_fight(table, service)
    await table.alice.send_dm("plays\nlure: Giant")
    status = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="status")
    assert "Elf" in private_answer(status) and "Amazon" not in private_answer(status)
    sealed = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="sealed")
    assert "lure Giant 1: yes" in private_answer(sealed)
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm window", campaign="Test", what="sealed")
    closed = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="close")
    assert "closed" in private_answer(closed)
    await table.bot.deliver_once()
    assert "encounter and melee window is open" in last_window(table.bob)
    back = await table.moderator.slash(
        table.channel, "gm window", campaign="Test", what="rollback", to="round 1"
    )
    assert "back at the start of the round 1 at" in private_answer(back)
    await table.bot.deliver_once()
    assert "lure window is open" in last_dm(table.alice)
    assert "lure window is open" in last_dm(table.bob)
    said = [text_of(m) for m in bot_messages(table.channel.history())]
    paces = [text for text in said if "the Evening's combat is fought by DM" in text]
    assert len(paces) == 1, "the Evening's pace is told once, whatever rollbacks follow"
    others = " ".join(text for text in said if text not in paces)
    assert "window" not in others and "round" not in others, "the channel hears nothing of it"


@pytest.mark.asyncio
async def test_a_window_survives_a_restart_of_the_bot(
    table: Table, service: CampaignService
) -> None:
    """The window, its deadline and the plays given so far are in the database: a restarted
    bot takes the rest of the plays and the fight goes on."""
    await giant_fight(table, service)
    await table.alice.send_dm("plays\nlure: none")
    restarted = make_bot(service)
    await table.env.restart_bot(restarted)
    await table.bob.send_dm("plays\nlure: none")
    assert "combat goes on" in last_dm(table.bob)
    await restarted.deliver_once()
    assert "encounter and melee window is open" in last_window(table.alice)


@pytest.mark.asyncio
async def test_a_window_answered_with_its_selects_even_after_a_restart(
    table: Table, service: CampaignService
) -> None:
    """Each decision of a window DM has a select built from its options; a choice is echoed
    privately, and the selects keep working after the bot restarts."""
    await giant_fight(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    selects = [
        child
        for row in asked.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.SelectMenu)
    ]
    assert selects and [o.label for o in selects[0].options] == ["no", "yes"]
    chosen = await table.alice.user.select(asked, ["1"], custom_id=selects[0].custom_id)
    assert "lure Giant 1: yes" in private_answer(chosen)
    assert (
        "lure Giant 1: yes"
        in service.plays.sealed_plays("Test", moderator=moderator_of(table)).text
    )
    restarted = make_bot(service)
    await table.env.restart_bot(restarted)
    again = await table.alice.user.select(asked, ["0"], custom_id=selects[0].custom_id)
    assert "lure Giant 1: no" in private_answer(again)
    assert (
        "lure Giant 1: no" in service.plays.sealed_plays("Test", moderator=moderator_of(table)).text
    )


@pytest.mark.asyncio
async def test_the_lures_are_one_select_of_any_of_the_denizens(
    table: Table, service: CampaignService
) -> None:
    """Issue 32: a window's lures are one select of the denizens he may lure, any number of
    them or none, not a yes-or-no question each."""
    await giant_fight(table, service, ("Giant 1", "Ogre 1"))
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    assert "Any of: Giant 1 \\| Ogre 1. Default: none." in text_of(asked)  # | escaped
    assert "e.g. \\`lure: Giant 1, Ogre 1\\` or \\`lure: none\\`" in text_of(asked)
    assert "Lure the Giant 1" not in text_of(asked)
    (select,) = [
        child
        for row in asked.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.SelectMenu)
    ]
    assert [o.label for o in select.options] == ["Giant 1", "Ogre 1"]
    assert (select.min_values, select.max_values) == (0, 2)
    chosen = await table.alice.user.select(asked, ["1"], custom_id=select.custom_id)
    assert "lure Giant 1: no" in private_answer(chosen)
    assert "lure Ogre 1: yes" in private_answer(chosen)
    both = await table.alice.user.select(asked, ["0", "1"], custom_id=select.custom_id)
    sealed = service.plays.sealed_plays("Test", moderator=moderator_of(table)).text
    assert "lure Giant 1: yes" in private_answer(both) and "lure Ogre 1: yes" in sealed
    await table.bob.send_dm("plays\nlure: none")
    late = await table.alice.user.select(asked, [], custom_id=select.custom_id)
    assert "no longer open" in private_answer(late)


def moderator_of(table: Table) -> str:
    return str(table.moderator.id)


@pytest.mark.asyncio
async def test_a_select_of_a_closed_window_answers_nothing(
    table: Table, service: CampaignService
) -> None:
    await giant_fight(table, service)
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    (custom_id, *_) = [
        child.custom_id
        for row in asked.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.SelectMenu)
    ]
    await table.alice.send_dm("plays\nlure: none")
    await table.bob.send_dm("plays\nlure: none")
    late = await table.alice.user.select(asked, ["1"], custom_id=custom_id)
    assert "no longer open" in private_answer(late)


def test_a_decision_with_over_25_options_gets_a_select_for_each_share() -> None:
    from bot.discord.plays import window_views

    attacks = [
        "none",
        *(f"FIGHT H{n} {d}" for n in range(10) for d in ("thrust", "swing", "smash")),
    ]
    content = (
        "Test, day 1: the Elf's melee window is open until 2026-11-23 09:00 UTC (window 0a1b2c3d)."
        "\n- Your target this round (8.4.2), or none\n  Options: none | Giant 1. Default: none."
        f"\n- Your attack\n  Options: {' | '.join(attacks)}. Default: none.\n"
    )
    (view,) = window_views(1, content)
    ids = [child.custom_id for child in view.children]  # type: ignore[attr-defined]
    assert ids == ["rb:play:1:0a1b2c3d:0", "rb:play:1:0a1b2c3d:1.0", "rb:play:1:0a1b2c3d:1.1"]
    shares = [[o.label for o in child.item.options] for child in view.children[1:]]  # type: ignore[attr-defined]
    assert shares[0] + shares[1] == attacks and len(shares[0]) == 25
