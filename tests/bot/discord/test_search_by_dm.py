"""Searching on Discord (issue 15), end to end with SimCord: a Search result that leaves the
player a choice comes by DM with a button per option; what he finds reaches him alone, and the
channel reads only his roll and its result as printed."""

from __future__ import annotations

import pytest

from bot.service import CampaignService
from rules.state import GameState

from .conftest import (
    Table,
    bot_messages,
    change_state,
    last_report,
    seat_two_players,
    start_waiting_for_decisions,
    text_of,
)
from .test_bot import labels


@pytest.mark.asyncio
async def test_a_search_choice_is_answered_with_its_buttons(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    await start_waiting_for_decisions(table, service)

    def forced(state: GameState) -> None:
        state.dice.forced = [[2], [1, 1]]  # the monster roll, then her Locate: 1, Choice

    change_state(service, forced)
    await table.alice.send_dm("orders Test\nS Locate")
    await table.bob.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    assert "must decide" in text_of(asked) and "Choice on the Locate Table" in text_of(asked)
    assert ("Discover chits", False) in labels(asked)
    said = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "Choice" not in said, "the channel waits for the day's report"
    await table.alice.user.click(asked, label="Passages")
    await table.bot.deliver_once()
    public = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "S Locate (1, 1: Choice)" in public and "chooses" not in public
    mine = last_report(table.alice)
    assert mine.startswith("Day 1, Month 1 of Test, for the Amazon alone:")
    assert "Amazon chooses Passages (7.5.4, Choice)" in mine
    assert "S Locate" not in mine, "the channel's report is not sent again"
    assert mine.endswith("The day's report is in the campaign's channel.")
    assert "Passages" not in last_report(table.bob) and "Elf alone" in last_report(table.bob)
