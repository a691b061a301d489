"""Hirelings on Discord (issue 16), end to end with SimCord: the employer records his hired
leader's orders in a section of his DM, the echo gives them back, the day runs the leader's turn
with them, a section he may not write is refused saying why, and his sheet lists his hirelings
to him alone."""

from __future__ import annotations

import re

import pytest
import simcord

from bot.service import CampaignService
from tests.hiring import stage_hirelings

from .conftest import (
    HIDDEN,
    Table,
    bot_messages,
    channel_report,
    last_dm,
    private_card,
    seat_two_players,
    text_of,
)


async def hired_lancers(table: Table, service: CampaignService) -> str:
    """Test started, the Amazon employing Lancers HQ (with his horse, 7 gold and a Spear) and
    Lancers 1 in her clearing, which is returned."""
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    return stage_hirelings(
        service.engine, 1, "Amazon", "Lancers HQ", "Lancers 1", gold=7, carried=("Spear 1",)
    )


@pytest.mark.asyncio
async def test_the_employer_orders_his_hired_leader_by_dm(
    table: Table, service: CampaignService
) -> None:
    await hired_lancers(table, service)
    await table.alice.send_dm("orders Test\nH\nlancers hq: h,  r\nLancers 1: F Lancers HQ")
    echo = last_dm(table.alice)
    assert echo.startswith("Orders for the Amazon, day 1 stored (v1 · ")
    assert echo.endswith("H\nLancers HQ: H, R\nLancers 1: F Lancers HQ")
    await table.bob.send_dm("orders Test\nR")

    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    report, _ = channel_report(table.channel.history(), "Day 1, Month 1")
    assert "Lancers 1 follows Lancers HQ" in report
    assert re.search(r"^Lancers HQ: H \(\d, \d: (not )?hidden\) / R$", report, re.M), report
    assert "Amazon: H (" in report


@pytest.mark.asyncio
async def test_a_section_he_may_not_write_is_refused_saying_why(
    table: Table, service: CampaignService
) -> None:
    await hired_lancers(table, service)
    refusals = {
        (table.alice, "Patrol HQ: H"): r"\[not-your-hireling\]: Patrol HQ is not hired",
        (table.alice, "Lancers 9: H"): "no native or monster counter called 'Lancers 9'",
        (table.alice, "Lancers 1: H"): r"\[hireling-activity\]: Lancers 1: an underling can",
        (table.bob, "Lancers HQ: H"): "Lancers HQ is the Amazon's hireling",
    }
    for (member, section), why in refusals.items():
        await member.send_dm(f"orders Test\nR\n{section}")
        refused = last_dm(member)
        assert "were NOT stored: 1 problem" in refused and "line 2" in refused, refused
        assert why in refused, refused
    status = private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    assert "Amazon: no orders yet" in status and "Elf: no orders yet" in status


@pytest.mark.asyncio
async def test_his_sheet_lists_his_hirelings_to_him_alone(
    table: Table, service: CampaignService
) -> None:
    where = await hired_lancers(table, service)
    await table.bot.deliver_once()
    before = len(bot_messages(table.channel.history()))
    mine = private_card(await table.alice.slash(table.channel, "me", campaign="Test"))
    assert f"Lancers HQ: at {where}, hired until game day 14; horse Lancers HQ Horse; " in mine
    assert "gold 7; belongings Spear 1 (inactive)" in mine
    assert (
        f"Lancers 1 (follows only): at {where}, hired until game day 14; horse Lancers 1 Horse"
        in mine
    )
    theirs = private_card(await table.bob.slash(table.channel, "me", campaign="Test"))
    assert "hirelings" not in theirs and "Lancers" not in theirs
    await table.bot.deliver_once()
    public = bot_messages(table.channel.history())
    assert len(public) == before, "the channel hears nothing"
    assert not any("gold 7" in text_of(m) or "Spear 1" in text_of(m) for m in public)


@pytest.mark.asyncio
async def test_a_moderator_sees_a_seats_hirelings_privately(
    table: Table, service: CampaignService
) -> None:
    where = await hired_lancers(table, service)
    seen = await table.moderator.slash(
        table.channel, "gm sheet", campaign="Test", character="Amazon"
    )
    sheet = private_card(seen)
    assert sheet.startswith("The Amazon's sheet in Test (a moderator's view)\n")
    assert f"Lancers HQ: at {where}, hired until game day 14" in sheet and "gold 7" in sheet
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.bob.slash(table.channel, "gm sheet", campaign="Test", character="Amazon")
    await table.bot.deliver_once()
    public = [text_of(m) for m in bot_messages(table.channel.history())]
    assert any("viewed the Amazon's sheet" in text for text in public)
    assert not any("gold 7" in text or "Lancers HQ Horse" in text for text in public)
