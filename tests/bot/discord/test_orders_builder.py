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
from .test_hirelings_by_dm import hired_lancers


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
    # No Enchant: the Amazon has no Magic chit (7.10.1).
    assert select_options(message) == [
        "F Elf", "kind:M", "H", "R", "A", "A unalert", "S", "kind:S", "kind:T", "kind:HR", "-",
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
    assert private_answer(stranger) == "You have no character in Test"


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
        "Day 1 of Test is being resolved and waits for players' decisions: its orders are in; "
        "build day 2's once its report is out"
    )


@pytest.mark.asyncio
async def test_her_hirelings_turns_are_built_after_hers_and_sent_in_their_sections(
    table: Table, service: CampaignService
):
    await hired_lancers(table, service)
    opened = await table.alice.slash(table.channel, "orders build")
    message = fresh(opened)
    assert message.content.startswith("Orders for the Amazon, day 1 of Test:\n(nothing yet)")
    await table.alice.select(message, ["H"])
    await table.alice.click(fresh(opened), label="Next: Lancers 1")
    message = fresh(opened)
    assert message.content.endswith("H\nLancers 1: (nothing yet)\nPick phase 1 of 4 for Lancers 1.")
    underling = select_options(message)
    assert "F Lancers HQ" in underling and "F Amazon" in underling
    assert all(o.startswith("F ") or o == "-" for o in underling), "he only follows (6.2.5)"
    await table.alice.select(message, ["F Lancers HQ"])
    message = fresh(opened)
    assert "recorded: go on to Lancers HQ" in message.content
    await table.alice.click(message, label="Next: Lancers HQ")
    message = fresh(opened)
    assert "H" in select_options(message) and "F Lancers 1" not in select_options(message)
    await table.alice.select(message, ["H"])
    await table.alice.select(fresh(opened), ["R"])
    await table.alice.click(fresh(opened), label="Undo")
    assert fresh(opened).content.endswith("Lancers HQ: H\nPick phase 2 of 4 for Lancers HQ.")
    await table.alice.select(fresh(opened), ["R"])

    echo = private_answer(await table.alice.click(fresh(opened), label="Send"))
    assert echo.startswith("Orders for the Amazon, day 1 stored (v1 · ")
    assert echo.endswith("H\nLancers 1: F Lancers HQ\nLancers HQ: H, R"), echo
