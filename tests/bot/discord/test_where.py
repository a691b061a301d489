"""The channel is the campaign: commands in a campaign's channel (or a thread of it) need no
campaign name; names match whatever the case; options offer names as they are typed, only
those the asker may see (issue 19)."""

from __future__ import annotations

import discord
import pytest

from bot.campaign_settings import CampaignSettings
from bot.service import CampaignService
from db import repo
from db.engine import session_scope

from .conftest import Table, private_answer, private_card


async def create_test(table: Table) -> None:
    created = await table.moderator.slash(table.channel, "gm create", name="Test")
    assert private_answer(created).startswith("Campaign Test created")


def offered(choices: list[dict[str, object]]) -> list[object]:
    return [choice["value"] for choice in choices]


@pytest.mark.asyncio
async def test_a_player_joins_from_the_channel_in_lower_case_without_naming_it(table: Table):
    await create_test(table)
    joined = await table.alice.slash(table.channel, "join", character="amazon")
    assert private_answer(joined).startswith("You play the Amazon in Test.\nHow to play by DM")
    typo = await table.bob.slash(table.channel, "join", character="Amazn")
    assert private_answer(typo) == "Unknown character 'Amazn'; did you mean 'Amazon'?"
    taken = await table.bob.slash(table.channel, "join", character="AMAZON")
    assert private_answer(taken) == "The Amazon is taken in Test; choose another"
    named = await table.bob.slash(table.channel, "join", character="Elf", campaign="test")
    assert private_answer(named).startswith("You play the Elf in Test.\n")


@pytest.mark.asyncio
async def test_a_moderator_command_in_the_channel_needs_no_name(table: Table):
    await create_test(table)
    await table.alice.slash(table.channel, "join", character="Amazon")
    await table.bob.slash(table.channel, "join", character="Elf")
    started = await table.moderator.slash(table.channel, "gm start")
    assert private_answer(started).startswith("Test has started: day 1")
    excused = await table.moderator.slash(table.channel, "gm excuse", character="elf")
    assert private_answer(excused) == "The Elf is excused for day 1."
    typo = await table.moderator.slash(table.channel, "gm excuse", character="Elff")
    assert (
        private_answer(typo) == "No seat plays the Elff in Test (Amazon, Elf); did you mean 'Elf'?"
    )
    forced = await table.moderator.slash(table.channel, "gm force", day=1)
    assert private_answer(forced) == "Test: day 1 resolved."


@pytest.mark.asyncio
async def test_a_thread_of_the_channel_is_the_campaign_too(table: Table):
    await create_test(table)
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.create_thread(name="table talk", type=discord.ChannelType.public_thread)
    (thread,) = table.channel.threads
    joined = await table.alice.slash(thread, "join", character="Amazon")
    assert private_answer(joined).startswith("You play the Amazon in Test.\nHow to play by DM")
    status = await table.alice.slash(thread, "status")
    assert "Test" in private_card(status)


@pytest.mark.asyncio
async def test_elsewhere_a_missing_name_is_answered_with_the_campaigns(table: Table):
    lobby = table.guild.create_text_channel("lobby")
    none_yet = await table.alice.slash(lobby, "status")
    assert private_answer(none_yet) == (
        "This channel plays no campaign, and this server has none: a moderator creates one in "
        "its channel with /gm create"
    )
    await create_test(table)
    refused = await table.alice.slash(lobby, "join", character="Amazon")
    assert private_answer(refused) == (
        "This channel plays no campaign: name one in the command's campaign option, or use the "
        "command in the campaign's channel (this server's: Test)"
    )
    joined = await table.alice.slash(lobby, "join", character="Amazon", campaign="Test")
    assert private_answer(joined).startswith("You play the Amazon in Test.\nHow to play by DM")


@pytest.mark.asyncio
async def test_in_a_dm_a_missing_name_means_his_only_campaign_or_lists_his(table: Table):
    stranger = await table.bob.user.slash("status")
    assert private_answer(stranger) == (
        "You play in no campaign: join one with /join in its channel on its server"
    )
    await create_test(table)
    await table.alice.slash(table.channel, "join", character="Amazon")
    only = await table.alice.user.slash("status")
    assert "Test" in private_card(only)

    other = table.guild.create_text_channel("other")
    await table.moderator.slash(other, "gm create", name="Other")
    await table.alice.slash(other, "join", character="Elf")
    listed = await table.alice.user.slash("status")
    assert private_answer(listed) == (
        "Name the campaign in the command's campaign option: you play in Test, Other"
    )


@pytest.mark.asyncio
async def test_campaigns_offered_are_this_servers_or_by_dm_his_own(table: Table):
    await create_test(table)
    other = table.guild.create_text_channel("other")
    await table.moderator.slash(other, "gm create", name="Other")
    elsewhere = table.env.create_guild()
    gm = elsewhere.add_member(
        table.env.create_user("far-gm"),
        roles=[elsewhere.create_role("Mods", permissions=discord.Permissions(manage_guild=True))],
    )
    await gm.slash(elsewhere.create_text_channel("far"), "gm create", name="Secret Vale")

    everything = await table.alice.autocomplete(table.channel, "status", "campaign", "")
    assert offered(everything) == ["Test", "Other"]
    typed = await table.alice.autocomplete(table.channel, "join", "campaign", "ot")
    assert offered(typed) == ["Other"]
    for_gm = await table.moderator.autocomplete(table.channel, "gm start", "campaign", "t")
    assert offered(for_gm) == ["Test", "Other"], "those starting so, then those holding it"
    assert offered(await table.alice.autocomplete(table.channel, "status", "campaign", "sec")) == []

    await table.alice.slash(table.channel, "join", character="Amazon")
    by_dm = await table.alice.user.autocomplete("status", "campaign", "")
    assert offered(by_dm) == ["Test"], "by DM, only the campaigns he plays in"


@pytest.mark.asyncio
async def test_characters_offered_are_the_free_ones_or_the_seated_ones(table: Table):
    await create_test(table)
    await table.alice.slash(table.channel, "join", character="Amazon")
    free = offered(await table.bob.autocomplete(table.channel, "join", "character", ""))
    assert "Amazon" not in free and {"Elf", "Dwarf", "Black Knight"} <= set(free)
    assert offered(await table.bob.autocomplete(table.channel, "join", "character", "b")) == [
        "Berserker",
        "Black Knight",
    ]
    lobby = table.guild.create_text_channel("lobby")
    named = await table.bob.autocomplete(lobby, "join", "character", "am", campaign="test")
    assert offered(named) == [], "The Amazon is taken"
    assert offered(await table.bob.autocomplete(lobby, "join", "character", "el")) == []

    await table.bob.slash(table.channel, "join", character="Elf")
    seated = await table.moderator.autocomplete(table.channel, "gm excuse", "character", "")
    assert offered(seated) == ["Amazon", "Elf"]


@pytest.mark.asyncio
async def test_a_channel_plays_one_campaign_and_one_with_two_needs_the_name(
    table: Table, service: CampaignService
):
    await create_test(table)
    second = await table.moderator.slash(table.channel, "gm create", name="Second")
    assert private_answer(second) == (
        "This channel plays Test already: a channel is one campaign's; create the new one in "
        "another channel or a thread"
    )
    with session_scope(service.engine) as session:  # one made before channels were one's
        repo.create_campaign(
            session,
            name="Second",
            created_at=service.clock(),
            guild=str(table.guild.id),
            channel=str(table.channel.id),
            moderators=[str(table.moderator.id)],
            options=CampaignSettings().stored(),
        )
    refused = await table.alice.slash(table.channel, "join", character="Amazon")
    assert private_answer(refused) == (
        "This channel plays 2 campaigns (Test, Second): name one in the command's campaign option"
    )
    joined = await table.alice.slash(table.channel, "join", character="Amazon", campaign="second")
    assert private_answer(joined).startswith("You play the Amazon in Second.\n")


@pytest.mark.asyncio
async def test_the_team_nudge_and_settings_commands_need_no_name_in_the_channel(table: Table):
    await create_test(table)
    await table.alice.slash(table.channel, "join", character="Amazon")
    carol = table.member("carol")
    added = await table.moderator.slash(table.channel, "gm moderator add", member=carol)
    assert "carol" in private_answer(added)
    off = await table.alice.slash(table.channel, "settings reminders", state="off")
    assert "Test" in private_answer(off)
    await table.moderator.slash(table.channel, "gm start")
    nudged = await table.moderator.slash(table.channel, "gm nudge")
    assert private_answer(nudged).startswith("Nudged 1 player by DM")
