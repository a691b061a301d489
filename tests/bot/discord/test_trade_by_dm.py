"""Trading on Discord (issue 16), end to end with SimCord: in a campaign that waits for
decisions, a Trade phase asks the player by DM, with a button per option, what he buys and what
he does on a Boon, one step at a time (issue 32); the channel reads the Meeting roll and what was
bought, and what he looked at in the seller's box reaches him alone."""

from __future__ import annotations

import discord
import pytest

from bot.service import CampaignService
from rules.state import GameState, Place

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


def _the_company(state: GameState) -> None:
    """The Company HQ stands with the Amazon, his box holding a Mace and an Axe; she is his
    Ally; the monster roll is a 2 and her Meeting roll a 1: Boon (x 1)."""
    here = state.place_of("Amazon")
    state.put("Company HQ", here)
    box = Place.box("Company")
    for item in list(state.at(box)):
        state.put(item, Place.OUT)
    state.put("Mace 1", box)
    state.put("Axe 1", box)
    state.characters["Amazon"].relationships["Company"] = 2
    state.dice.forced = [[2], [1, 1]]


def _dms(table: Table) -> str:
    """Every DM the Amazon has had from the bot, as one text."""
    return " ".join(text_of(m) for m in bot_messages(table.alice.user.dm_channel.history()))


def _asked(table: Table, words: str) -> discord.Message:
    """The latest decision DM'd to the Amazon whose text holds ``words``."""
    asked = bot_messages(table.alice.user.dm_channel.history())
    return next(m for m in reversed(asked) if words in text_of(m))


@pytest.mark.asyncio
async def test_a_trade_is_decided_by_buttons_and_its_look_stays_private(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    await start_waiting_for_decisions(table, service)
    change_state(service, _the_company)
    await table.alice.send_dm("orders Test\nT Company")
    await table.bob.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()

    trade = _asked(table, "Trade with the Company?")
    assert labels(trade) == [("buy", False), ("sell", False), ("cancel", False)]
    assert not any(words in _dms(table) for words in ("try to buy", "You take")), (
        "what she buys, and what she does with it, wait for her first answer (issue 32)"
    )
    await table.alice.user.click(trade, label="buy")
    await table.bot.deliver_once()
    which = _asked(table, "try to buy")
    assert labels(which) == [("Axe 1", False), ("Mace 1", False)]
    assert "Buy drinks" not in _dms(table), "drinks cannot make an Ally friendlier (7.6.5b)"
    await table.alice.user.click(which, label="Axe 1")
    await table.bot.deliver_once()
    boon = _asked(table, "Boon: take Axe 1 free")
    assert ("take", False) in labels(boon)
    assert "You take the Axe" not in _dms(table), "the Axe is not hers before she takes it"
    assert "Give " not in _dms(table), "her gold pays: no belongings are asked for"
    await table.alice.user.click(boon, label="take")
    await table.bot.deliver_once()
    kept = _asked(table, "You take the Axe")
    assert [label for label, _ in labels(kept)] == ["keep", "abandon"], (
        "her Short Sword is active: a second weapon cannot be (4.3.6)"
    )
    await table.alice.user.click(kept, label="keep")
    await table.bot.deliver_once()

    await table.bot.deliver_once()
    public = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "Amazon: T Company (1, 1: Boon (x 1) (ally)) (buys Axe 1 for 0 gold)" in public
    assert "Mace" not in public, "what she looked at is hers alone (7.6.5)"
    assert "friendly" not in public.split("Evening")[0], "her relationships are hers alone"
    mine = last_report(table.alice)
    assert "Amazon looks at the belongings of the Company: Axe 1, Mace 1" in mine
    assert "relationship with the Company is now friendly" in mine
    assert "T Company" not in mine, "the channel's report is not sent again"
