"""``/orders build``: the day's orders picked phase by phase from the engine's legal options,
then sent as typed orders are (issue 19)."""

from __future__ import annotations

import pytest
import simcord

from .conftest import Table, private_answer, seat_two_players


def select_options(message: simcord.ResponseMessage) -> list[str]:
    """The values of the message's select."""
    return [
        option["value"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("type") == 3
        for option in item["options"]
    ]


@pytest.mark.asyncio
async def test_orders_are_built_phase_by_phase_and_sent(table: Table):
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start")
    opened = await table.alice.slash(table.channel, "orders build")
    message = opened.response
    assert opened.ephemeral and message is not None
    assert message.content.startswith("Orders for the Amazon, day 1 of Test:\n(nothing yet)")
    first = select_options(message)
    assert len(first) == 25, "Discord shows 25 options at most: the rest are typed"
    assert {"H", "R", "S Locate"} <= set(first) and any(o.startswith("M ") for o in first)
    assert not any(o.startswith("F ") and "Amazon" in o for o in first), "not himself"

    await table.alice.select(message, ["H"])
    await table.alice.select(message, ["R"])
    message = opened.response
    assert message is not None and "\nH, R\nPick phase 3 of 5." in message.content
    await table.alice.click(message, label="Undo")
    message = opened.response
    assert message is not None and "\nH\nPick phase 2 of 5." in message.content

    await table.alice.select(message, ["S Locate"])
    sent = await table.alice.click(message, label="Send")
    echo = private_answer(sent)
    assert echo.startswith("Orders for the Amazon, day 1 stored (v1 · ") and "H, S Locate" in echo
    shown = await table.alice.slash(table.channel, "orders show")
    assert private_answer(shown).endswith("H, S Locate")


@pytest.mark.asyncio
async def test_no_builder_before_the_start_or_without_a_seat(table: Table):
    await seat_two_players(table)
    early = await table.alice.slash(table.channel, "orders build")
    assert private_answer(early) == "Test is enrolling: orders are not open"
    await table.moderator.slash(table.channel, "gm start")
    carol = table.member("carol")
    stranger = await carol.slash(table.channel, "orders build")
    assert private_answer(stranger) == "you have no character in Test"
