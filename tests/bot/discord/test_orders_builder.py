"""``/orders build``: the day's orders picked phase by phase from the engine's legal options,
then sent as typed orders are (issue 19)."""

from __future__ import annotations

import pytest
import simcord

from bot.discord.builder import entries
from bot.service import CampaignService
from rules.orders.model import Activity
from rules.orders.model import ActivityKind as K

from .conftest import Table, private_answer, seat_two_players
from .test_bot import wait_for_alices_decision


def select_options(message: simcord.ResponseMessage) -> list[str]:
    """The values of the message's select."""
    return [
        option["value"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("type") == 3
        for option in item["options"]
    ]


def select_labels(message: simcord.ResponseMessage) -> list[str]:
    """The labels of the message's select."""
    return [
        option["label"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("type") == 3
        for option in item["options"]
    ]


def fresh(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The builder's message as it stands now."""
    assert result.response is not None
    return result.response


@pytest.mark.asyncio
async def test_orders_are_built_phase_by_phase_and_sent(table: Table):
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start")
    opened = await table.alice.slash(table.channel, "orders build")
    message = opened.response
    assert opened.ephemeral and message is not None
    assert message.content.startswith("Orders for the Amazon, day 1 of Test:\n(nothing yet)")
    assert select_options(message) == [
        "F Elf", "kind:M", "H", "R", "A", "A unalert", "S", "kind:S", "kind:T", "kind:HR",
        "EM", "E", "E tile", "-",
    ]  # fmt: skip
    assert select_labels(message)[1].startswith("M … (")

    await table.alice.select(message, ["H"])
    await table.alice.select(message, ["R"])
    message = fresh(opened)
    assert "\nH, R\nPick phase 3 of 5." in message.content
    await table.alice.click(message, label="Undo")
    message = fresh(opened)
    assert "\nH\nPick phase 2 of 5." in message.content

    await table.alice.select(message, ["kind:S"])
    message = fresh(opened)
    assert message.content.endswith("Pick phase 2 of 5: S what?")
    tables = select_options(message)
    assert "S Locate" in tables and all(o.startswith("S ") for o in tables)
    await table.alice.click(message, label="Back")
    assert "kind:M" in select_options(fresh(opened))
    await table.alice.select(message, ["kind:S"])
    await table.alice.select(message, ["S Locate"])
    message = fresh(opened)
    assert "\nH, S Locate\nPick phase 3 of 5." in message.content

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


def test_options_that_fit_are_offered_as_they_are_and_others_by_kind_first():
    few = [Activity(kind=K.HIDE), Activity(kind=K.MOVE, target="CV1")]
    assert [e.value for e in entries(few, None)] == ["H", "M CV1"]
    many = [Activity(kind=K.MOVE, target=f"CV{n}") for n in range(1, 7)] + [
        Activity(kind=K.TRADE, target=f"Group {n}") for n in range(30)
    ]
    assert [e.label for e in entries(many, None)] == ["M … (6)", "T … (30)"]
    assert len(entries(many, K.TRADE)) == 25, "Discord's limit"
    assert [e.value for e in entries(many, K.MOVE)][:2] == ["M CV1", "M CV2"]


@pytest.mark.asyncio
async def test_no_builder_while_the_day_waits_for_decisions(table: Table, service: CampaignService):
    await seat_two_players(table)
    await wait_for_alices_decision(table, service)
    waiting = await table.alice.slash(table.channel, "orders build")
    assert private_answer(waiting) == (
        "day 1 of Test is being resolved and waits for players' decisions: its orders are in; "
        "build day 2's once its report is out"
    )
