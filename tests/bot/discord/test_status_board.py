"""The status board under SimCord: pinned once in the channel, edited in place as orders come
in; it shows who is ready, never what anyone ordered."""

from __future__ import annotations

import discord
import pytest

from bot.service import CampaignService

from .conftest import Table, bot_messages, embed_text, private_answer, seat_two_players

BOARD = "Test · day "


def board_messages(table: Table) -> list[discord.Message]:
    """The bot's messages in the channel that are a board: one embed titled with the day."""
    return [
        m
        for m in bot_messages(table.channel.history())
        if m.embeds and (m.embeds[0].title or "").startswith(BOARD)
    ]


def boards(table: Table) -> list[str]:
    """The boards in the channel, each read as text."""
    return [embed_text(m.embeds[0]) for m in board_messages(table)]


@pytest.mark.asyncio
async def test_the_board_is_pinned_once_and_edited_in_place(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    on = await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="status_board", value="yes"
    )
    assert private_answer(on) == "Test: status\\_board is now yes."
    await table.bot.deliver_once()
    assert boards(table) == [], "no board before the start: no day to show"
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    await table.bot.deliver_once()
    (board,) = board_messages(table)
    assert board.pinned and board.content == "" and len(board.embeds) == 1
    deadline = service.campaigns.campaign("Test").deadline
    assert deadline is not None
    stamp = int(deadline.timestamp())
    (text,) = boards(table)
    assert text.startswith("Test · day 1\n")
    assert f"Orders due: <t:{stamp}:F> (<t:{stamp}:R>)" in text
    assert "Ready: none" in text
    assert "✗ Amazon: no orders yet" in text and "✗ Elf: no orders yet" in text

    await table.alice.send_dm("orders Test\nH, R")
    await table.bob.slash(table.channel, "ready", campaign="Test")
    await table.bot.deliver_once()
    (edited,) = board_messages(table)
    assert edited.id == board.id, "edited in place, not posted again"
    (text,) = boards(table)
    assert "… Amazon: orders in" in text and "H, R" not in text
    assert "✓ Elf: ready" in text and "Ready: Elf" in text, text
    await table.bot.deliver_once()
    assert len(boards(table)) == 1
