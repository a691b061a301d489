"""Section 9 on Discord under SimCord: the game ended early when the players agree (9.2.1)."""

from __future__ import annotations

import pytest

from bot.campaigns import row_id
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from rules.state import GameState

from .conftest import Table, bot_messages, last_dm, private_answer, seat_two_players


async def start(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert private_answer(started).startswith("Test has started: day 1")
    await table.bot.deliver_once()


@pytest.mark.asyncio
async def test_gm_end_needs_the_players_agreement_then_ends_the_game(
    table: Table, service: CampaignService
) -> None:
    await start(table)
    refused = await table.alice.slash(table.channel, "gm end", campaign="Test", agreed=True)
    assert private_answer(refused) == "Moderators only."
    not_agreed = await table.moderator.slash(table.channel, "gm end", campaign="Test", agreed=False)
    assert private_answer(not_agreed) == (
        "Test was not ended: the game ends early only when every player agrees to quit (9.2.1); "
        "if any refuses, it continues. Confirm that all agreed to end it. Nothing changed."
    )
    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice).startswith("Orders for the Amazon, day 1 stored")

    ended = await table.moderator.slash(table.channel, "gm end", campaign="Test", agreed=True)
    assert private_answer(ended) == (
        "Test is over at Birdsong of day 1: the players quit together (9.2.1), and it is scored "
        "as at the end of the month."
    )
    await table.bot.deliver_once()
    posted = [m.content for m in bot_messages(table.channel.history())]
    assert any("ended the game at Birdsong of day 1: every player agreed" in p for p in posted)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None and campaign.status == "finished"
        snapshot = repo.latest_snapshot(session, campaign_id=row_id(campaign))
        assert snapshot is not None
        state = GameState.from_json(snapshot.state)
    assert state.today.stage == "over" and state.ended == "agreed"

    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice) == "Test is finished: orders are not open"
    again = await table.moderator.slash(table.channel, "gm end", campaign="Test", agreed=True)
    assert private_answer(again) == (
        "Test is finished: only a running game can end early. Nothing changed."
    )
