"""The moderators as a team under SimCord: ``/gm`` hidden from players, co-moderators added and
removed, the campaign handed over, the moderators' channel — each logged by name."""

from __future__ import annotations

import pytest
import simcord

from .conftest import Table, bot_messages, private_answer, seat_two_players, text_of

NOT_THIS_GAMES_MODERATOR = "Moderators only. (Only the moderators of Test may do that)"


async def start(table: Table) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert private_answer(started).startswith("Test has started: day 1")


@pytest.mark.asyncio
async def test_players_do_not_see_gm(table: Table) -> None:
    def gm_commands(member: simcord.MemberActor) -> list[str]:
        return [c for c in member.available_commands(table.channel) if c.startswith("gm ")]

    assert "gm force" in gm_commands(table.moderator)
    assert gm_commands(table.alice) == []
    assert "join" in table.alice.available_commands(table.channel)
    with pytest.raises(simcord.SetupError, match="not visible to this user"):
        await table.alice.slash(table.channel, "gm force", campaign="Test", day=1)


@pytest.mark.asyncio
async def test_a_co_moderator_forces_a_day(table: Table) -> None:
    await start(table)
    carol = table.member("carol", global_name="Carol", manage_guild=True)
    refused = await carol.slash(table.channel, "gm force", campaign="Test", day=1)
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR
    added = await table.moderator.slash(
        table.channel, "gm moderator add", campaign="Test", member=carol
    )
    assert private_answer(added) == "Carol is now a moderator of Test."
    again = await table.moderator.slash(
        table.channel, "gm moderator add", campaign="Test", member=carol
    )
    assert private_answer(again) == "Carol moderates Test already. Nothing changed."
    forced = await carol.slash(table.channel, "gm force", campaign="Test", day=1)
    assert private_answer(forced) == "Test: day 1 resolved."
    await table.bot.deliver_once()
    public = "\n".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "\\[moderator\\] gm: made Carol a moderator" in public
    assert "\\[moderator\\] Carol: resolved day 1" in public
    assert str(carol.user.id) not in public

    removed = await carol.slash(
        table.channel, "gm moderator remove", campaign="Test", member=table.moderator
    )
    assert private_answer(removed) == "gm no longer moderates Test."
    refused = await table.moderator.slash(table.channel, "gm lock", campaign="Test")
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR
    last = await carol.slash(table.channel, "gm moderator remove", campaign="Test", member=carol)
    assert private_answer(last) == (
        "Carol is the last moderator of Test: hand it over first (/gm handover). Nothing changed."
    )


@pytest.mark.asyncio
async def test_a_player_cannot_be_made_a_moderator(table: Table) -> None:
    await seat_two_players(table)
    refused = await table.moderator.slash(
        table.channel, "gm moderator add", campaign="Test", member=table.alice
    )
    assert private_answer(refused) == (
        "alice plays the Amazon in Test: a moderator sees every secret, so a player cannot "
        "moderate. Nothing changed."
    )


@pytest.mark.asyncio
async def test_handover_and_staying_on(table: Table) -> None:
    await start(table)
    dave = table.member("dave", global_name="Dave", manage_guild=True)
    handed = await table.moderator.slash(table.channel, "gm handover", campaign="Test", member=dave)
    assert private_answer(handed) == "Dave now moderates Test. You no longer moderate it."
    refused = await table.moderator.slash(table.channel, "gm lock", campaign="Test")
    assert private_answer(refused) == NOT_THIS_GAMES_MODERATOR
    back = await dave.slash(
        table.channel, "gm handover", campaign="Test", member=table.moderator, stay=True
    )
    assert private_answer(back) == "gm now moderates Test."
    for member in (dave, table.moderator):
        locked = await member.slash(table.channel, "gm lock", campaign="Test")
        assert private_answer(locked) == "Test is locked."
    await table.bot.deliver_once()
    public = "\n".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "\\[moderator\\] gm: handed Test over to Dave" in public
    assert "\\[moderator\\] Dave: handed Test over to gm and stays a co-moderator" in public


@pytest.mark.asyncio
async def test_the_moderators_notes_go_to_their_channel(table: Table) -> None:
    notes = table.guild.create_text_channel("gm-notes")
    await seat_two_players(table)
    chosen = await table.moderator.slash(
        table.channel, "gm set moderators-channel", campaign="Test", channel=notes
    )
    assert private_answer(chosen) == "The moderators' notes of Test now go to #gm-notes."
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    await table.bot.deliver_once()
    assert any("characters seated" in text_of(m) for m in bot_messages(notes.history()))
    channel = bot_messages(table.channel.history())
    assert not any("characters seated" in text_of(m) for m in channel)
    assert any("set the moderators' channel" in text_of(m) for m in channel)
    assert str(notes.id) not in "\n".join(text_of(m) for m in channel)


@pytest.mark.asyncio
async def test_a_co_moderator_without_manage_server_moderates_once_the_server_shows_him_gm(
    table: Table,
) -> None:
    await start(table)
    erin = table.member("erin", global_name="Erin")
    with pytest.raises(simcord.SetupError, match="not visible to this user"):
        await erin.slash(table.channel, "gm force", campaign="Test", day=1)
    added = await table.moderator.slash(
        table.channel, "gm moderator add", campaign="Test", member=erin
    )
    assert private_answer(added) == "Erin is now a moderator of Test."
    gm = next(c for c in await table.bot.tree.fetch_commands() if c.name == "gm")
    table.guild.set_command_permissions(gm, {erin: True})  # Server Settings > Integrations
    forced = await erin.slash(table.channel, "gm force", campaign="Test", day=1)
    assert private_answer(forced) == "Test: day 1 resolved."
    created = await erin.slash(table.channel, "gm create", name="Hers")
    assert private_answer(created) == "Moderators only.", "a new campaign needs Manage Server"
