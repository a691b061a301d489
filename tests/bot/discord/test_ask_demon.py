"""Ask Demon's question and answer by DM on Discord (issue 34, L4953), end to end with SimCord:
the Witch casts it in a fight and names the Dwarf's player in her melee window; she DMs her
question, the bot relays it to the Dwarf's player alone, his answer comes back to her alone;
the Amazon's player and the channel see nothing of it; a moderator reads the exchange."""

from __future__ import annotations

import pytest
import simcord

from bot.service import CampaignService
from tests.clocks import ManualClock

from .conftest import HIDDEN, Table, bot_messages, private_answer, text_of
from .test_spell_questions import cast_ask_demon, clock, last_said, said, selects_of

__all__ = ["clock"]  # the module's clock fixture: time moves by hand

QUESTION = "Is your Great Axe active? @everyone **now** <@1>"


@pytest.mark.asyncio
async def test_the_question_and_answer_pass_privately_between_the_two_players(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    carol = await cast_ask_demon(table, service, clock)
    window = bot_messages(table.alice.user.dm_channel.history())[-1]
    (select,) = selects_of(window)
    await table.alice.user.select(window, ["1"], custom_id=select.custom_id)  # the Dwarf
    await table.bot.deliver_once()
    told = "your Ask Demon lets the Witch ask the Dwarf's player one question (L4953)"
    assert said(table.alice).count(told) == 1 and "`ask Test`" in said(table.alice)
    assert "`ask Test`" not in said(table.bob) and "`ask Test`" not in said(carol)
    await carol.send_dm("ask Test\nMay I?")
    assert "The Amazon has cast no Ask Demon whose question is open" in last_said(carol)
    await table.bob.send_dm("answer-demon Test\nyes")
    assert "No question asked of the Dwarf by Ask Demon waits" in last_said(table.bob)

    await table.alice.send_dm(f"ask Test\n{QUESTION}")
    assert "Your question was sent to the Dwarf's player, privately" in last_said(table.alice)
    await table.bot.deliver_once()
    relayed = bot_messages(table.bob.user.dm_channel.history())[-1]
    labels = [getattr(c, "label", None) for row in relayed.components for c in row.children]  # type: ignore[union-attr]
    assert labels == ["Answer"], "its Answer button alone"
    raw = text_of(relayed)
    assert "@everyone" not in raw and "<@1>" not in raw, "mentions are broken"
    question = last_said(table.bob)
    assert "by Ask Demon (L4953) the Witch asks the Dwarf one question" in question
    assert "Is your Great Axe active?" in question

    await table.bob.send_dm("answer-demon Test\nYes, it is.")
    assert "Your answer was sent to the Witch's player, privately" in last_said(table.bob)
    await table.bot.deliver_once()
    answer = last_said(table.alice)
    assert "the Dwarf answers the question you asked by Ask Demon" in answer
    assert "Answer:\n> Yes, it is." in answer

    assert "Great Axe" not in said(carol) and "Yes, it is" not in said(carol)
    public = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert (
        "Great Axe" not in public and "Yes, it is" not in public and "ask the player" not in public
    )
    read = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="demon")
    shown = private_answer(read).replace("\\", "")
    assert "Day 1: the Witch asks the Dwarf:" in shown and "> Yes, it is." in shown
    with pytest.raises(simcord.SetupError, match=HIDDEN):
        await table.alice.slash(table.channel, "gm window", campaign="Test", what="demon")


@pytest.mark.asyncio
async def test_the_question_and_answer_typed_in_text_boxes_behind_buttons(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    """The caster's notice has an Ask button, the relayed question an Answer button: each opens
    a text box whose text is sent as the DM would be."""
    await cast_ask_demon(table, service, clock)
    window = bot_messages(table.alice.user.dm_channel.history())[-1]
    (select,) = selects_of(window)
    await table.alice.user.select(window, ["1"], custom_id=select.custom_id)
    await table.bot.deliver_once()
    notice = next(
        m
        for m in bot_messages(table.alice.user.dm_channel.history())
        if "your Ask Demon lets the Witch" in text_of(m)
    )
    shown = await table.alice.user.click(notice, label="Ask")
    assert shown.modal is not None and shown.modal["title"] == "Ask: Test"
    sent = await table.alice.user.submit_modal(shown, {"demon-text": "Are you hurt?"})
    assert "sent to the Dwarf's player, privately" in private_answer(sent)
    await table.bot.deliver_once()
    relayed = bot_messages(table.bob.user.dm_channel.history())[-1]
    assert "Are you hurt?" in text_of(relayed)
    shown = await table.bob.user.click(relayed, label="Answer")
    assert shown.modal is not None and shown.modal["title"] == "Answer: Test"
    sent = await table.bob.user.submit_modal(shown, {"demon-text": "No."})
    assert "sent to the Witch's player, privately" in private_answer(sent)
    await table.bot.deliver_once()
    assert "Answer:\n> No." in last_said(table.alice)
    again = await table.bob.user.click(relayed, label="Answer")
    refused = await table.bob.user.submit_modal(again, {"demon-text": "Yes."})
    assert "No question asked of the Dwarf by Ask Demon waits" in private_answer(refused)


@pytest.mark.asyncio
async def test_a_spanish_reader_s_button_is_labelled_in_spanish(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    """The buttons are made when the DM is delivered: they speak its reader's language, not the
    campaign's (issue 35)."""
    await cast_ask_demon(table, service, clock)
    service.languages.set_language("Test", player=str(table.bob.user.id), text="es")
    window = bot_messages(table.alice.user.dm_channel.history())[-1]
    (select,) = selects_of(window)
    await table.alice.user.select(window, ["1"], custom_id=select.custom_id)
    await table.bot.deliver_once()
    await table.alice.send_dm(f"ask Test\n{QUESTION}")
    await table.bot.deliver_once()
    relayed = bot_messages(table.bob.user.dm_channel.history())[-1]
    labels = [getattr(c, "label", None) for row in relayed.components for c in row.children]  # type: ignore[union-attr]
    assert labels == ["Responder"]
    notice = next(
        m
        for m in bot_messages(table.alice.user.dm_channel.history())
        if "your Ask Demon lets the Witch" in text_of(m)
    )
    asked = [getattr(c, "label", None) for row in notice.components for c in row.children]  # type: ignore[union-attr]
    assert asked == ["Ask"], "the Witch's player reads English"
