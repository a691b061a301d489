"""``/orders send``: the day's orders typed in a text box, stored and echoed as a DM's are
(issue 19)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Table, last_dm, private_answer, private_card, seat_two_players


def text_box(modal: dict[str, Any]) -> dict[str, Any]:
    """The modal's one text input."""
    (row,) = modal["components"]
    (box,) = row["components"]
    return dict(box)


async def start(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start")
    assert private_answer(started).startswith("Test has started: day 1")


@pytest.mark.asyncio
async def test_orders_typed_in_the_box_are_stored_and_echoed_as_a_dms(table: Table):
    await start(table)
    shown = await table.alice.slash(table.channel, "orders send")
    assert shown.modal is not None and shown.modal["title"] == "Orders: Test"
    assert not text_box(shown.modal).get("value"), "no orders yet: an empty box"

    sent = await table.alice.submit_modal(shown, {"day-orders": "```\nH, R\n```"})
    echo = private_answer(sent)
    assert echo.startswith("Orders for the Amazon, day 1 stored (v1 · ") and "H, R" in echo
    shown_orders = await table.alice.slash(table.channel, "orders show")
    assert private_answer(shown_orders).endswith("H, R")

    again = await table.alice.slash(table.channel, "orders send")
    assert again.modal is not None and text_box(again.modal)["value"] == "H, R"
    await table.alice.send_dm("orders Test\nH, H")
    by_dm = last_dm(table.alice)
    assert by_dm.startswith("Orders for the Amazon, day 1 stored (v2 · ")


@pytest.mark.asyncio
async def test_bad_orders_in_the_box_store_nothing(table: Table):
    await start(table)
    shown = await table.alice.slash(table.channel, "orders send")
    refused = await table.alice.submit_modal(shown, {"day-orders": "M XX9, Q"})
    problems = private_answer(refused)
    assert "NOT stored: 2 problems" in problems and "bad-clearing" in problems
    shown = await table.alice.slash(table.channel, "orders send")
    blank = await table.alice.submit_modal(shown, {"day-orders": "```\n```"})
    assert private_answer(blank) == "Your orders are empty: nothing was stored"
    status = await table.bob.slash(table.channel, "status")
    assert "Amazon: no orders yet" in private_card(status), "nothing was stored"


@pytest.mark.asyncio
async def test_the_box_opens_by_dm_and_refuses_who_has_no_seat(table: Table):
    await start(table)
    shown = await table.alice.user.slash("orders send")
    assert shown.modal is not None and shown.modal["title"] == "Orders: Test"
    sent = await table.alice.user.submit_modal(shown, {"day-orders": "H"})
    assert private_answer(sent).startswith("Orders for the Amazon, day 1 stored (v1 · ")

    carol = table.member("carol")
    box = await carol.slash(table.channel, "orders send")
    refused = await carol.submit_modal(box, {"day-orders": "H"})
    assert private_answer(refused) == "You have no character in Test"
