"""Casting by DM on Discord (issue 34), end to end with SimCord: the Wizard (alice) and the
Witch King (bob) in one fight with a Demon, casting over two rounds — alice by the window's
selects, bob by typed plays —, alice letting round 2's window run out (her defaults taken), bob
playing a colour chit beside his action; each player's DMs and the channel checked for
secrecy."""

from __future__ import annotations

import pytest

from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from tests.fights import stage_demon_fight

from .conftest import Table, last_window, private_answer
from .test_combat_evening import (
    channel_texts,
    choose,
    combat_round,
    dms,
    fight_on_quietly,
    open_kinds,
    selects,
    time_out,
    window_dm,
)


async def demon_fight(table: Table, service: CampaignService) -> None:
    """Test started waiting for decisions; the Wizard (alice) and the Witch King (bob),
    unhidden, with a Demon in one clearing and colour chits to cast with; both rest, and day 1
    is forced to its first window (delivered)."""
    created = await table.moderator.slash(table.channel, "gm create", name="Test")
    assert private_answer(created).startswith("Campaign Test created")
    for member, character in ((table.alice, "Wizard"), (table.bob, "Witch King")):
        joined = await member.slash(table.channel, "join", campaign="Test", character=character)
        assert private_answer(joined).startswith(f"You play the {character} in Test.")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        campaign.options = {**campaign.options, "wait_for_decisions": True}
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    stage_demon_fight(service.engine, 1, "Wizard", "Witch King")
    await table.alice.send_dm("orders Test\nR")
    await table.bob.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()


async def choose_in(table: Table, prompt: str, label: str) -> str:
    """Alice picks ``label`` on the select of her open window whose prompt starts with
    ``prompt``; her private echo."""
    for message in window_dm(table):
        for select in selects([message]):
            labels = [o.label for o in select.options]
            if (select.placeholder or "").startswith(prompt) and label in labels:
                value = str(labels.index(label))
                done = await table.alice.user.select(message, [value], custom_id=select.custom_id)
                return private_answer(done)
    raise AssertionError(f"no select {prompt!r} offers {label!r}")


BLEND = "cast Blend Into Background with MAGIC II4*, color MAGIC II3*"
DISSOLVE = "Wizard's Blend Into Background on Wizard"


async def alice_casts_by_selects(table: Table) -> None:
    """Round 1: the Wizard lured the Demon; she casts Blend Into Background on herself, her
    Gray colour chit supplying it, and answers the rest of her window, all by its selects."""
    await choose_in(table, "Your Encounter action", BLEND)
    echo = await choose_in(table, "Your target", "Wizard")
    assert "target: Wizard" in echo and "Wizard's plays (version" in echo
    await choose_in(table, "Your maneuver", "MOVE M4* dodge")
    for prompt in ("Charge", "Colour", "Your attack"):
        await choose_in(table, prompt, "none")
    await choose_in(table, "Where the denizens", "Demon:1")


@pytest.mark.asyncio
async def test_two_casters_cast_through_selects_and_typed_plays(
    table: Table, service: CampaignService
) -> None:
    await demon_fight(table, service)
    before = channel_texts(table)
    await choose(table, window_dm(table), "yes")  # she lures the Demon
    await table.bob.send_dm("plays\nlure: none")
    await table.bot.deliver_once()

    # Round 1: what each is offered, and why a spell is not.
    window = last_window(table.alice)
    assert "cast a spell (8.3.9b)" in window and BLEND.replace("*", "\\*") in window
    assert "Elven Grace (no gold magic here" in window, "the brief says why not"
    assert "Options: none | Demon | Witch King | Wizard." in window.replace("\\", "")
    theirs = last_window(table.bob).replace("\\", "")
    assert "Blazing Light (cast only in a cave clearing)" in theirs
    assert "Options: none | MAGIC IV4* | MAGIC V3* | MAGIC IV4*, MAGIC IV4* |" in theirs
    assert "several in the order announced: `target: chit:Witch King/MAGIC VI4*, " in theirs
    assert "several in the order announced" not in window, "she has no spell of several"
    await alice_casts_by_selects(table)
    assert "Blend Into Background" not in dms(table.bob), "her plays are sealed"
    await table.bob.send_dm(
        "plays\nencounter: cast elemental spirit with MAGIC IV3*, color MAGIC IV4*\n"
        "target: MAGIC VI3*\ncolor: MAGIC V3*"
    )
    echo = dms(table.bob).replace("\\", "")
    assert "action: cast Elemental Spirit with MAGIC IV3*, color MAGIC IV4*" in echo
    assert "target: chit:Witch King/MAGIC VI3*" in echo and "color: MAGIC V3*" in echo
    await table.bot.deliver_once()
    assert combat_round(service) == 2
    report = dms(table.alice).replace("\\", "")
    assert "Wizard's Blend Into Background takes effect on Wizard" in report
    assert "Witch King's Elemental Spirit takes effect on chit:Witch King/MAGIC VI3*" in report
    assert "Witch King fatigues MAGIC V3*" in report, "his colour chit beside his action"

    # Round 2: she lets her window run out; his Dissolve Spell names the Demon ahead, of the
    # wrong sort: he alone is asked its targets again, and names her spell in effect.
    assert "cast Dissolve Spell with MAGIC VI4*, color MAGIC IV4*" in last_window(
        table.bob
    ).replace("\\", "")
    await table.bob.send_dm(
        "plays\nencounter: cast Dissolve Spell with MAGIC VI4*, color MAGIC IV4*\ntarget: Demon"
    )
    await time_out(service)
    await table.bot.deliver_once()
    assert open_kinds(service, "Wizard") == set(), "she is not asked again"
    assert open_kinds(service, "Witch King") == {"target"}
    again = last_window(table.bob).replace("\\", "")
    assert "The targets of your Dissolve Spell (8.4.2d)" in again and DISSOLVE in again
    assert "Dissolve Spell" not in dms(table.alice), "his spell is secret until he names it"
    await table.bob.send_dm(f"plays\ntarget: {DISSOLVE}")
    await table.bot.deliver_once()
    mine = dms(table.alice).replace("\\", "")
    assert "the Wizard's action: none (default)" in mine, "her defaults are told her"
    assert f"Witch King targets {DISSOLVE}" in mine
    assert "Witch King casts Dissolve Spell with MAGIC VI4*" in mine, "the round's report is whole"
    assert channel_texts(table) == before, "the channel heard nothing of the fight so far"

    # On quietly until the fight is over and the day resolved.
    await fight_on_quietly(table, service, {"Wizard": table.alice, "Witch King": table.bob})
    assert service.campaigns.campaign("Test").day == 2, "the day is resolved"
    public = "\n".join(channel_texts(table)[len(before) :]).replace("\\", "")
    assert "Round 1" in public and "Round 2" in public
    assert "Blend Into Background" in public and "Dissolve Spell" in public
    assert "window" not in public and "version" not in public and "(default)" not in public
    assert "The Wizard's plays" not in dms(table.bob)
    assert "The Witch King's plays" not in dms(table.alice)
