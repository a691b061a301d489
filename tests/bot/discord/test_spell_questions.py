"""The questions spells ask, by DM (issue 34, "Casting by DM"), end to end with SimCord: in
Daylight a turn decision with buttons, in the Evening a block of the melee window with its
select; each also answered typed, left to its default and told, and seen and closed by the
moderator.

The fights: the Witch (alice) with Ask Demon recorded and a Black colour chit, in one clearing
with the Dwarf (bob) and a Demon; the Amazon (carol) elsewhere. The Witch's orders cast Ask
Demon on the Demon; as it takes effect she is asked which player she asks (the Amazon, the
default, or the Dwarf). In Daylight, a Violent Storm over the Witch's tile makes her cancel
two of her four phases (SCENARIOS part 3: the last ones, ``3, 4``, by default) — options with
commas in them.
"""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest
import simcord

from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from tests.clocks import ManualClock
from tests.spell_stages import CAST_ASK_DEMON, stage_demon, stage_prophecy, stage_storm

from .conftest import HIDDEN, Table, bot_messages, last_dm, private_answer, text_of

#: The line of the Witch's orders that casts Ask Demon on the Demon with her colour chit.
CAST = "encounter: cast Ask Demon with MAGIC V4*, color MAGIC V5*\ntarget: Demon"
#: Ask Demon's question as the engine asks it.
ASK_DEMON = "Which player do you ask your question (L4953)?"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


async def seat_three(
    table: Table, service: CampaignService, *, combat: bool
) -> simcord.MemberActor:
    """Test created, the Witch (alice), the Dwarf (bob) and the Amazon (carol, returned) seated,
    started waiting for decisions (combat's too if ``combat``)."""
    await table.moderator.slash(table.channel, "gm create", name="Test")
    carol = table.member("carol")
    for member, character in ((table.alice, "Witch"), (table.bob, "Dwarf"), (carol, "Amazon")):
        await member.slash(table.channel, "join", campaign="Test", character=character)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        campaign.options = {
            **campaign.options,
            "wait_for_decisions": True,
            "combat_by_dm": combat,
        }
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    return carol


async def cast_ask_demon(
    table: Table, service: CampaignService, clock: ManualClock
) -> simcord.MemberActor:
    """Day 1 forced with the Witch casting Ask Demon, her lure window answered and her
    encounter and melee window closed by the moderator, a minute apart: Ask Demon's question
    waits (delivered). Returns carol."""
    carol = await seat_three(table, service, combat=True)
    stage_demon(service.engine, 1)
    await table.alice.send_dm(f"orders Test\nR\n{CAST_ASK_DEMON}")
    await table.bob.send_dm("orders Test\nR")
    await carol.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    clock.advance(timedelta(minutes=1))
    await table.alice.send_dm("plays\nlure: none")
    await table.bob.send_dm("plays\nlure: none")
    await table.bot.deliver_once()
    clock.advance(timedelta(minutes=1))
    await table.moderator.slash(table.channel, "gm window", campaign="Test", what="close")
    await table.bot.deliver_once()
    return carol


def selects_of(message: discord.Message) -> list[discord.SelectMenu]:
    return [
        child
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.SelectMenu)
    ]


def buttons_of(message: discord.Message) -> list[discord.Button]:
    return [
        child
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
    ]


def said(member: simcord.MemberActor) -> str:
    """Everything the bot told ``member`` by DM, as read (Markdown's escapes out)."""
    texts = [text_of(m) for m in bot_messages(member.user.dm_channel.history())]
    return "\n".join(texts).replace("\\", "")


def last_said(member: simcord.MemberActor) -> str:
    """The last thing the bot told ``member`` by DM, as read."""
    return last_dm(member).replace("\\", "")


@pytest.mark.asyncio
async def test_a_spell_question_in_combat_comes_in_the_melee_window_answered_by_select(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    carol = await cast_ask_demon(table, service, clock)
    window = bot_messages(table.alice.user.dm_channel.history())[-1]
    text = text_of(window).replace("\\", "")  # as read: Markdown's escapes out
    assert "the Witch's melee window is open" in text
    assert f"- {ASK_DEMON}\n  Options: Amazon | Dwarf. Default: Amazon." in text
    assert "spell Ask Demon: Amazon" in text, "how to type it is shown"
    (select,) = selects_of(window)
    assert [o.label for o in select.options] == ["Amazon", "Dwarf"]
    chosen = await table.alice.user.select(window, ["1"], custom_id=select.custom_id)
    echo = private_answer(chosen)
    assert "spell Ask Demon: Dwarf" in echo and "combat goes on" in echo
    await table.bot.deliver_once()
    assert "may ask the player of Dwarf one question" in said(table.alice)
    assert "may ask the player of Dwarf one question" in said(table.bob)
    assert "ask the player of" not in said(carol)
    public = " ".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "ask the player of" not in public and ASK_DEMON not in public


@pytest.mark.asyncio
async def test_a_spell_question_in_combat_typed_in_plays(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await cast_ask_demon(table, service, clock)
    await table.alice.send_dm("plays\nspell Ask Demon: Goblin")
    refused = last_dm(table.alice)
    assert "nothing was taken" in refused and "one of: Amazon, Dwarf" in refused
    await table.alice.send_dm("plays\nspell ask demon: dwarf")
    assert "spell Ask Demon: Dwarf" in last_dm(table.alice)
    await table.bot.deliver_once()
    assert "may ask the player of Dwarf one question" in said(table.alice)


@pytest.mark.asyncio
async def test_a_spell_question_in_combat_left_to_its_default_seen_and_closed_by_the_moderator(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await cast_ask_demon(table, service, clock)
    status = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="status")
    assert "not answered: Witch" in private_answer(status)
    sealed = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="sealed")
    assert "spell Ask Demon: Amazon (default)" in private_answer(sealed)
    with pytest.raises(simcord.SetupError, match=HIDDEN):
        await table.alice.slash(table.channel, "gm window", campaign="Test", what="sealed")
    clock.advance(timedelta(days=2))
    assert service.timekeeper.wake("Test", 1) == "decided by default"
    await table.bot.deliver_once()
    told = said(table.alice)
    assert (
        "The window closed; not answered in time:\nthe Witch's spell Ask Demon: Amazon (default)"
        in told
    )


async def storm_day(table: Table, service: CampaignService) -> discord.Message:
    """Day 1 forced with the Witch under a Violent Storm: her decision DM (delivered)."""
    carol = await seat_three(table, service, combat=False)
    stage_storm(service.engine, 1)
    await table.alice.send_dm("orders Test\nH, H, H, H")
    await table.bob.send_dm("orders Test\nR")
    await carol.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    return bot_messages(table.alice.user.dm_channel.history())[-1]


@pytest.mark.asyncio
async def test_a_spell_question_in_daylight_comes_as_a_decision_with_buttons(
    table: Table, service: CampaignService
) -> None:
    asked = await storm_day(table, service)
    card = text_of(asked).replace("\\", "")
    assert card.startswith("Test, day 1: the Witch must decide.\nViolent Storm in ")
    assert "which 2 of your phases 2, 3, 4 do you cancel?" in card
    assert "Options: 3, 4 | 2, 4 | 2, 3" in card
    assert card.splitlines()[-2].endswith(": 3, 4"), "the default, the last phases"
    labels = [b.label for b in buttons_of(asked)]
    assert labels == ["3, 4", "2, 4", "2, 3"]
    pressed = await table.alice.user.click(asked, label="2, 4")
    [reply] = pressed.followups
    assert reply.ephemeral and reply.content.startswith("Answer recorded: 2, 4.")
    await table.bot.deliver_once()
    public = "\n".join(text_of(m) for m in bot_messages(table.channel.history()))
    turn = next(line for line in public.splitlines() if line.startswith("Witch: H"))
    cancelled = ["Violent Storm cancels it" in phase for phase in turn.split(" / ")]
    assert cancelled == [False, True, False, True], turn


@pytest.mark.asyncio
async def test_a_spell_question_in_daylight_typed_or_left_to_its_default(
    table: Table, service: CampaignService, clock: ManualClock
) -> None:
    await storm_day(table, service)
    await table.alice.send_dm("answer 4, 5")
    assert "'4, 5' is not one of: 3, 4 | 2, 4 | 2, 3" in last_said(table.alice)
    status = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="status")
    assert "the Witch's spell Violent Storm (default 3, 4)" in private_answer(status)
    clock.advance(timedelta(days=2))
    assert service.timekeeper.wake("Test", 1) == "decided by default"
    await table.bot.deliver_once()
    told = said(table.alice)
    assert "not answered in time, so the default stands for the Witch." in told
    assert "do you cancel? 3, 4 (default)." in told


@pytest.mark.asyncio
async def test_a_spell_question_in_daylight_typed_and_nothing_left_to_close(
    table: Table, service: CampaignService
) -> None:
    await storm_day(table, service)
    await table.alice.send_dm("answer 2, 3")
    assert "Answer recorded: 2, 3" in last_dm(table.alice)
    closed = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="close")
    assert "no combat window open, nor any decision" in private_answer(closed)


@pytest.mark.asyncio
async def test_a_spell_question_in_daylight_closed_by_the_moderator_takes_its_default(
    table: Table, service: CampaignService
) -> None:
    await storm_day(table, service)
    closed = await table.moderator.slash(table.channel, "gm window", campaign="Test", what="close")
    assert "the defaults stand" in private_answer(closed)
    await table.bot.deliver_once()
    assert "do you cancel? 3, 4 (default)." in said(table.alice)


@pytest.mark.asyncio
async def test_a_spell_question_of_over_25_options_gets_selects_of_25(
    table: Table, service: CampaignService
) -> None:
    """Prophecy (L4725) asks the Witch, phase by phase, what she does: every activity she may
    do, far more than a message's 25 buttons — selects of 25 options each."""
    carol = await seat_three(table, service, combat=False)

    stage_prophecy(service.engine, 1)
    await table.alice.send_dm("orders Test\nH, H, H, H")
    await table.bob.send_dm("orders Test\nR")
    await carol.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    asked = bot_messages(table.alice.user.dm_channel.history())[-1]
    card = text_of(asked).replace("\\", "")
    assert "Prophecy: what do you do in phase 1? (L4725)" in card
    options = card.split("\nOptions: ")[1].split("\n")[0].split(" | ")
    assert len(options) > 25 and options[0] == "H"
    selects = selects_of(asked)
    shares = [[o.label for o in s.options] for s in selects]
    assert [len(share) for share in shares[:-1]] == [25] * (len(selects) - 1)
    assert [label for share in shares for label in share] == options
    assert not buttons_of(asked)
    last = selects[-1]
    blank = [o.label for o in last.options].index("-")
    chosen = await table.alice.user.select(asked, [str(blank)], custom_id=last.custom_id)
    assert private_answer(chosen).startswith("Answer recorded: -.")
    await table.bot.deliver_once()
    again = text_of(bot_messages(table.alice.user.dm_channel.history())[-1])
    assert "Prophecy: what do you do in phase 2?" in again
    stale = await table.alice.user.select(asked, ["0"], custom_id=selects[0].custom_id)
    assert "no longer open" in private_answer(stale), "a select of phase 1 answers nothing"
