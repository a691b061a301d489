"""Section 9 on Discord under SimCord: the game ended early when the players agree (9.2.1), and
a dead character's player starting again as another (9.1.2)."""

from __future__ import annotations

import pytest
import simcord

from bot.service import CampaignService
from bot.store import row_id
from db import repo
from db.engine import session_scope
from rules.board import board_for
from rules.catalog import catalog
from rules.state import GameState, Place

from .conftest import (
    HIDDEN,
    Table,
    bot_messages,
    change_state,
    last_dm,
    private_answer,
    seat_two_players,
    text_of,
)


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
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm end", campaign="Test", agreed=True)
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
    posted = [text_of(m) for m in bot_messages(table.channel.history())]
    assert any("ended the game at Birdsong of day 1: every player agreed" in p for p in posted)
    assert any(
        p.startswith("Test is over at Birdsong of day 1: the players quit together") for p in posted
    )
    final = next(p for p in posted if p.startswith("Test is over: the players quit together"))
    assert "Victory Requirements, revealed at last" in final
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


def away_from_the_inn(state: GameState) -> None:
    """The Amazon waits in a tile of her own, where nobody stands, away from the Inn."""
    taken = {p.removeprefix("at:")[:2] for p in state.stacks if p.startswith("at:")}
    board = board_for(catalog(), state.tiles)
    quiet = [c for c in board.clearings() if c[:2] not in taken]
    state.put("Amazon", Place.clearing(quiet[0]))


async def force(table: Table, day: int) -> None:
    forced = await table.moderator.slash(table.channel, "gm force", campaign="Test", day=day)
    assert private_answer(forced) == f"Test: day {day} resolved."
    await table.bot.deliver_once()


@pytest.mark.asyncio
async def test_a_dead_character_starts_again_as_another_and_the_seat_keeps_both_lives(
    table: Table, service: CampaignService
) -> None:
    await start(table)
    change_state(service, away_from_the_inn)
    await table.alice.send_dm("orders Test\n-\nsuicide: at midnight")
    assert last_dm(table.alice).startswith("Orders for the Amazon, day 1 stored")
    await force(table, 1)
    public = "\n".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "Amazon suicides at Midnight" in public
    assert "his player may start again" not in public, "the player alone is told"
    assert "Amazon is dead (suicide at Midnight (9.2.2a))" in "\n".join(
        text_of(m) for m in bot_messages(table.alice.user.dm_channel.history())
    )

    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice) == (
        "The Amazon is dead (suicide at Midnight (9.2.2a)): she takes no orders. Start again from "
        "game day 3 with a DM whose first line is 'restart Test' and whose lines below are your "
        "choices: 'character: <name>' (default the same), 'victory: fame 2, gold 3' (9.1.2). "
        "Nothing was stored."
    )
    await table.alice.send_dm("restart Test\ncharacter: Black Knight")
    assert last_dm(table.alice) == (
        "Not started again: the Amazon died on game day 1: a player who suicides sits out a full "
        "day (9.2.2a), so from game day 3, not 2. Nothing changed."
    )
    await force(table, 2)
    await table.alice.send_dm("restart Test\ncharacter: Elf")
    assert last_dm(table.alice) == (
        "Not started again: the Elf is in use; pick a character nobody plays (9.1.2a). "
        "Nothing changed."
    )
    await table.alice.send_dm("restart Test\ncharacter: Black Knight\nvictory: fame 7")
    assert last_dm(table.alice).startswith("Not started again: the Black Knight: Fame points")

    await table.alice.send_dm("restart Test\ncharacter: Black Knight\nvictory: fame 2, gold 3")
    assert last_dm(table.alice).startswith("You start again as the Black Knight at the Inn (")
    await table.bot.deliver_once()
    assert "starts again as the Black Knight, at the Inn" in text_of(
        bot_messages(table.channel.history())[-1]
    )
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        [seat] = [
            s
            for s in repo.list_seats(session, campaign_id=row_id(campaign))
            if s.player == str(table.alice.id)
        ]
        assert seat.character == "Black Knight"
        assert seat.lives == [
            {
                "character": "Amazon",
                "player": str(table.alice.id),
                "how": "suicide",
                "cause": "suicide at Midnight (9.2.2a)",
                "died": 1,
                "restarted": 3,
                "as": "Black Knight",
            }
        ]
    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice).startswith("Orders for the Black Knight, day 3 stored")

    ended = await table.moderator.slash(table.channel, "gm end", campaign="Test", agreed=True)
    assert private_answer(ended).startswith("Test is over at Birdsong of day 3")
    await table.bot.deliver_once()
    posted = [text_of(m) for m in bot_messages(table.channel.history())]
    final = next(p for p in posted if p.startswith("Test is over: the players quit together"))
    assert "Amazon: " in final and "killed: day 1, by her own hand at Midnight" in final
    assert "fresh starts: the player of the Amazon starts again as the Black Knight" in final
    scored = final.split("Scores")[1].split("Epilogue")[0]
    assert "Black Knight: " in scored and "Amazon" not in scored, "9.3.1a: the old one is ignored"
    # The Elf, left at the Inn without orders, was killed on day 1 and not started again.
    assert "Elf: killed and not started again, total -100 (9.3.1a)" in scored


@pytest.mark.asyncio
async def test_a_suicide_is_refused_in_standing_orders(table: Table) -> None:
    await start(table)
    shown = await table.alice.slash(table.channel, "standing", campaign="Test")
    refused = await table.alice.submit_modal(shown, {"standing-orders": "H\nsuicide: at midnight"})
    assert private_answer(refused) == (
        "Standing orders cannot say 'suicide: at midnight': they stand for every day without "
        "orders. Send it in the orders of the day he is to die (9.2.2a). Nothing was stored."
    )
    shown = await table.alice.slash(table.channel, "orders show", campaign="Test")
    assert private_answer(shown) == "No orders for the Amazon on day 1."
