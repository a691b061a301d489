"""The status board under SimCord: pinned once in the channel, edited in place as orders come
in; it shows who is ready, never what anyone ordered."""

from __future__ import annotations

import pytest

from bot.service import CampaignService

from .conftest import Table, bot_messages, private_answer, seat_two_players

BOARD = "Test · day "


def boards(table: Table) -> list[str]:
    return [m.content for m in bot_messages(table.channel.history()) if m.content.startswith(BOARD)]


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
    (board,) = [m for m in bot_messages(table.channel.history()) if m.content.startswith(BOARD)]
    assert board.pinned
    deadline = service.campaign("Test").deadline
    assert deadline is not None
    stamp = int(deadline.timestamp())
    assert board.content.startswith("Test · day 1\n")
    assert f"Orders due <t:{stamp}:F> (<t:{stamp}:R>)" in board.content
    assert "✗ Amazon: no orders yet" in board.content and "✗ Elf: no orders yet" in board.content

    await table.alice.send_dm("orders Test\nH, R")
    await table.bob.slash(table.channel, "ready", campaign="Test")
    await table.bot.deliver_once()
    (edited,) = [m for m in bot_messages(table.channel.history()) if m.content.startswith(BOARD)]
    assert edited.id == board.id, "edited in place, not posted again"
    assert "… Amazon: orders in" in edited.content and "H, R" not in edited.content
    assert "✓ Elf: ready" in edited.content, edited.content
    await table.bot.deliver_once()
    assert len(boards(table)) == 1
