"""The players' and moderators' slash commands under SimCord: each one's answer and a refusal."""

from __future__ import annotations

import pytest
import simcord

from bot.discord.cogs.rollback import CONFIRM_TIMEOUT

from .conftest import (
    HIDDEN,
    Table,
    bot_messages,
    last_dm,
    last_report,
    private_answer,
    private_card,
    public_answer,
    seat_two_players,
)


def buttons(message: simcord.ResponseMessage) -> list[str]:
    """The labels of a message's buttons."""
    return [button["label"] for row in message.components for button in row.get("components", [])]


PNG = b"\x89PNG\r\n\x1a\n"
NOT_THIS_GAMES_MODERATOR = "Moderators only. (Only the moderators of Test may do that)"


async def start(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert private_answer(started).startswith("Test has started: day 1")
    await table.bot.deliver_once()


async def play_day_one(table: Table) -> None:
    await start(table)
    await table.alice.send_dm("orders Test\nH, R")
    forced = await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    assert private_answer(forced) == "Test: day 1 resolved."
    await table.bot.deliver_once()


# --- players ------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_orders_show_and_clear(table: Table) -> None:
    await start(table)
    await table.alice.send_dm("orders Test\nH, R")
    shown = await table.alice.slash(table.channel, "orders show", campaign="Test")
    text = private_answer(shown)
    assert text.startswith("Day 1, v1 · ") and text.endswith("H, R")

    cleared = await table.alice.slash(table.channel, "orders clear", campaign="Test")
    assert private_answer(cleared) == "Orders for the Amazon on day 1 cleared."
    shown = await table.alice.slash(table.channel, "orders show", campaign="Test")
    assert private_answer(shown) == "No orders for the Amazon on day 1."

    carol = table.member("carol")
    refused = await carol.slash(table.channel, "orders show", campaign="Test")
    assert private_answer(refused) == "You have no character in Test"


@pytest.mark.asyncio
async def test_orders_clear_is_refused_before_the_start(table: Table) -> None:
    await seat_two_players(table)
    refused = await table.alice.slash(table.channel, "orders clear", campaign="Test")
    assert private_answer(refused) == "Test is enrolling: orders are not open"


@pytest.mark.asyncio
async def test_standing_orders_are_typed_in_a_modal(table: Table) -> None:
    await start(table)
    shown = await table.alice.slash(table.channel, "standing", campaign="Test")
    assert shown.modal is not None and shown.modal["title"] == "Standing orders: Test"
    stored = await table.alice.submit_modal(shown, {"standing-orders": "H, R"})
    assert private_answer(stored).startswith("Standing orders for the Amazon:\nH, R")
    shown = await table.alice.slash(table.channel, "orders show", campaign="Test")
    assert private_answer(shown) == "No orders for the Amazon on day 1. Standing orders: H, R"

    bad = await table.alice.slash(table.channel, "standing", campaign="Test")
    problems = private_answer(await table.alice.submit_modal(bad, {"standing-orders": "M XX9"}))
    assert "NOT stored" in problems and "bad-clearing" in problems

    carol = table.member("carol")
    shown = await carol.slash(table.channel, "standing", campaign="Test")
    refused = await carol.submit_modal(shown, {"standing-orders": "H"})
    assert private_answer(refused) == "You have no character in Test"


@pytest.mark.asyncio
async def test_map_is_the_players_own_png(table: Table) -> None:
    await start(table)
    shown = await table.alice.slash(table.channel, "map", campaign="Test")
    assert shown.ephemeral and shown.response is not None
    assert shown.response.content == "Your map of Test."
    [attachment] = shown.response.attachments
    assert attachment.filename == "map.png"
    assert (await attachment.read()).startswith(PNG)

    carol = table.member("carol")
    refused = await carol.slash(table.channel, "map", campaign="Test")
    assert private_answer(refused) == "You have no character in Test"
    assert refused.response is not None and refused.response.attachments == []


@pytest.mark.asyncio
async def test_history_is_private_unless_shared_and_journal_private_after_a_forced_day(
    table: Table,
) -> None:
    await play_day_one(table)
    history = await table.bob.slash(table.channel, "history", campaign="Test", day=1)
    report = private_answer(history)
    assert report.startswith("Day 1, Month 1") and "Amazon: H (2, 4: hidden)" in report
    shared = await table.bob.slash(table.channel, "history", campaign="Test", day=1, share=True)
    assert public_answer(shared) == report, "shared, the same report in the channel"

    journal = await table.alice.slash(table.channel, "journal", campaign="Test", day=1)
    assert private_answer(journal).startswith("Day 1, Month 1"), "her whole day, on request"
    assert "Amazon: H (2, 4: hidden)" in private_answer(journal)
    assert last_report(table.alice) == (
        "Day 1, Month 1 of Test is resolved: its report is in the campaign's channel, and "
        "nothing in it is for the Amazon alone."
    ), "by DM, only what is hers: nothing that day"

    refused = await table.bob.slash(table.channel, "history", campaign="Test", day=2)
    assert private_answer(refused) == "Test has no report for day 2 yet", "refused privately"
    refused = await table.member("carol").slash(table.channel, "journal", campaign="Test", day=1)
    assert private_answer(refused) == "You have no character in Test"


@pytest.mark.asyncio
async def test_away_and_back(table: Table) -> None:
    await start(table)
    away = private_answer(await table.alice.slash(table.channel, "away", campaign="Test", days=3))
    assert away.startswith("The Amazon is away until ") and away.endswith(":R>).")
    back = await table.alice.slash(table.channel, "away", campaign="Test", days=0)
    assert private_answer(back) == "Welcome back: the Amazon is no longer away."
    with pytest.raises(simcord.OptionError, match="30"):
        await table.alice.slash(table.channel, "away", campaign="Test", days=31)
    refused = await table.member("carol").slash(table.channel, "away", campaign="Test", days=1)
    assert private_answer(refused) == "You have no character in Test"


@pytest.mark.asyncio
async def test_the_day_must_be_positive(table: Table) -> None:
    await play_day_one(table)
    with pytest.raises(simcord.OptionError):
        await table.bob.slash(table.channel, "history", campaign="Test", day=0)


# --- moderators ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_preview_is_private_and_stores_nothing(table: Table) -> None:
    await start(table)
    preview = await table.moderator.slash(table.channel, "gm preview", campaign="Test")
    assert private_answer(preview).startswith("Preview (nothing stored):\nDay 1, Month 1")
    assert await table.bot.deliver_once() == 0, "nothing sent to anyone"
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm preview", campaign="Test")


@pytest.mark.asyncio
async def test_rolls_are_the_days_dice_for_the_moderators_alone(table: Table) -> None:
    await play_day_one(table)
    rolls = await table.moderator.slash(table.channel, "gm rolls", campaign="Test", day=1)
    answer = private_answer(rolls)
    assert answer.startswith("Test, day 1: ") and "1. game, monster roll: " in answer
    assert "Amazon, Hide" in answer
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm rolls", campaign="Test", day=1)


@pytest.mark.asyncio
async def test_extend_within_its_range(table: Table) -> None:
    await start(table)
    extended = await table.moderator.slash(
        table.channel, "gm extend", campaign="Test", hours=24, reason="a holiday"
    )
    assert private_answer(extended) == "Deadline of Test extended by 24 h."
    with pytest.raises(simcord.OptionError, match="168"):
        await table.moderator.slash(
            table.channel, "gm extend", campaign="Test", hours=999, reason="forever"
        )
    other = table.member("other-gm", manage_guild=True)
    refused = await other.slash(table.channel, "gm extend", campaign="Test", hours=1, reason="mine")
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR


@pytest.mark.asyncio
async def test_pause_and_resume(table: Table) -> None:
    await start(table)
    refused = await table.moderator.slash(table.channel, "gm resume", campaign="Test")
    assert private_answer(refused) == "Test is not paused"
    with pytest.raises(simcord.OptionError):
        await table.moderator.slash(
            table.channel, "gm pause", campaign="Test", reason="long", hours=721
        )
    paused = await table.moderator.slash(
        table.channel, "gm pause", campaign="Test", reason="the moderator is away", hours=48
    )
    assert private_answer(paused) == "Test is paused."
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm resume", campaign="Test")
    resumed = await table.moderator.slash(table.channel, "gm resume", campaign="Test")
    assert private_answer(resumed) == "Test is running again."


@pytest.mark.asyncio
async def test_config_changes_a_setting_and_refuses_bad_values(table: Table) -> None:
    await seat_two_players(table)
    changed = await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="decision_hours", value="24"
    )
    assert private_answer(changed) == "Test: decision\\_hours is now 24."
    changed = await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="time", value="20:30"
    )
    assert private_answer(changed) == "Test: time is now 20:30."

    refused = await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="decision_hours", value="999"
    )
    assert private_answer(refused).startswith("decision\\_hours: '999' is not allowed (hours")
    refused = await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="wait_for_decisions", value="maybe"
    )
    refusal = private_answer(refused)
    assert refusal.startswith("wait\\_for\\_decisions: 'maybe' is not allowed (yes \\| no")
    assert refusal.endswith("): yes or no")
    with pytest.raises(simcord.OptionError):
        await table.moderator.slash(
            table.channel, "gm config", campaign="Test", setting="colour", value="red"
        )

    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(
            table.channel, "gm config", campaign="Test", setting="decision_hours", value="1"
        )
    other = table.member("other-gm", manage_guild=True)
    refused = await other.slash(
        table.channel, "gm config", campaign="Test", setting="decision_hours", value="1"
    )
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR


@pytest.mark.asyncio
async def test_rollback_needs_its_confirmation(table: Table) -> None:
    await play_day_one(table)
    asked = await table.moderator.slash(table.channel, "gm rollback", campaign="Test", day=1)
    assert asked.ephemeral and asked.response is not None
    assert asked.response.content.startswith("Roll Test back to the start of day 1?")
    assert buttons(asked.response) == ["Roll back", "Cancel"]
    status = private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    assert "day 2" in status, "nothing happens before the confirmation"

    cancelled = await table.moderator.click(asked.response.message, label="Cancel")
    assert cancelled.response is not None and cancelled.response.components == []
    assert cancelled.response.content == "Rollback cancelled: nothing changed."
    status = private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    assert "day 2" in status

    asked = await table.moderator.slash(table.channel, "gm rollback", campaign="Test", day=1)
    assert asked.response is not None
    confirmed = await table.moderator.click(asked.response.message, label="Roll back")
    assert confirmed.response is not None and confirmed.response.components == []
    [done] = confirmed.followups
    assert done.ephemeral and done.content == "Test is back at the start of day 1."
    status = private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    assert "day 1" in status

    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm rollback", campaign="Test", day=1)


@pytest.mark.asyncio
async def test_an_unanswered_rollback_expires(table: Table) -> None:
    await play_day_one(table)
    asked = await table.moderator.slash(table.channel, "gm rollback", campaign="Test", day=1)
    await table.env.advance_time(CONFIRM_TIMEOUT + 1)
    assert asked.response is not None and buttons(asked.response) == []
    assert asked.response.content == "Rollback not confirmed in time: nothing changed."
    status = private_card(await table.bob.slash(table.channel, "status", campaign="Test"))
    assert "day 2" in status


@pytest.mark.asyncio
async def test_rollback_is_refused_after_the_confirmation_too(table: Table) -> None:
    await play_day_one(table)
    other = table.member("other-gm", manage_guild=True)
    asked = await other.slash(table.channel, "gm rollback", campaign="Test", day=1)
    assert asked.response is not None
    confirmed = await other.click(asked.response.message, label="Roll back")
    [refused] = confirmed.followups
    assert refused.ephemeral and refused.content == NOT_THIS_GAMES_MODERATOR


@pytest.mark.asyncio
async def test_a_seats_orders_viewed_and_set(table: Table) -> None:
    await start(table)
    viewed = await table.moderator.slash(
        table.channel, "gm orders view", campaign="Test", character="Elf"
    )
    assert private_answer(viewed) == "No orders for the Elf."
    set_ = await table.moderator.slash(
        table.channel, "gm orders set", campaign="Test", character="Elf", text="H, R"
    )
    assert private_answer(set_) == "H, R"
    viewed = await table.moderator.slash(
        table.channel, "gm orders view", campaign="Test", character="Elf"
    )
    assert private_answer(viewed) == "H, R"
    refused = await table.moderator.slash(
        table.channel, "gm orders view", campaign="Test", character="Dragon"
    )
    assert private_answer(refused) == "No seat plays the Dragon in Test (Amazon, Elf)"
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(
            table.channel, "gm orders set", campaign="Test", character="Elf", text="H"
        )


@pytest.mark.asyncio
async def test_lock_and_unlock(table: Table) -> None:
    await start(table)
    locked = await table.moderator.slash(table.channel, "gm lock", campaign="Test")
    assert private_answer(locked) == "Test is locked."
    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice) == "Test is locked by its moderators; orders wait"
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(table.channel, "gm unlock", campaign="Test")
    unlocked = await table.moderator.slash(table.channel, "gm unlock", campaign="Test")
    assert private_answer(unlocked) == "Test is unlocked."
    await table.alice.send_dm("orders Test\nH")
    assert last_dm(table.alice).startswith("Orders for the Amazon, day 1 stored")


@pytest.mark.asyncio
async def test_announce_is_posted_escaped(table: Table) -> None:
    await seat_two_players(table)
    await table.bot.deliver_once()
    announced = await table.moderator.slash(
        table.channel, "gm announce", campaign="Test", text="**Start** soon, @everyone"
    )
    assert private_answer(announced) == "Announced."
    await table.bot.deliver_once()
    posted = bot_messages(table.channel.history())[-1]
    assert posted.content.endswith("\\*\\*Start\\*\\* soon, @\u200beveryone")
    assert not posted.mention_everyone
    other = table.member("other-gm", manage_guild=True)
    refused = await other.slash(table.channel, "gm announce", campaign="Test", text="hi")
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR


@pytest.mark.asyncio
async def test_excuse(table: Table) -> None:
    await seat_two_players(table)
    refused = await table.moderator.slash(
        table.channel, "gm excuse", campaign="Test", character="Elf"
    )
    assert private_answer(refused) == "Test is enrolling, not running"
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    excused = await table.moderator.slash(
        table.channel, "gm excuse", campaign="Test", character="Elf"
    )
    assert private_answer(excused) == "The Elf is excused for day 1."


@pytest.mark.asyncio
async def test_replace_gives_the_seat_to_a_member(table: Table) -> None:
    await play_day_one(table)
    carol = table.member("carol", global_name="Carol *the* Bold")
    with pytest.raises(simcord.SetupError, match=HIDDEN):  # /gm: not for players
        await table.alice.slash(
            table.channel, "gm replace", campaign="Test", character="Elf", member=carol
        )
    replaced = await table.moderator.slash(
        table.channel, "gm replace", campaign="Test", character="Elf", member=carol
    )
    assert private_answer(replaced) == "The Elf is now played by Carol \\*the\\* Bold."
    await table.bot.deliver_once()
    assert last_report(carol).startswith("Day 1, Month 1"), "the Elf's journal so far"
    sheet = await carol.slash(table.channel, "me", campaign="Test")
    assert private_card(sheet).startswith("Your Elf in Test\n")
    refused = await table.bob.slash(table.channel, "me", campaign="Test")
    assert private_answer(refused) == "You have no character in Test"
