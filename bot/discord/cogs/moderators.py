"""The moderators' commands, ``/gm <command>``.

Every command is refused with "Moderators only." unless the member has Discord's Manage Server
permission in the channel *and* (except ``/gm create``) is one of the campaign's moderators in
the service. To add a command, write a method decorated with ``@app_commands.command`` that
calls :meth:`ModeratorCog.moderate` with the service call, taking the moderator's id::

    @app_commands.command(name="lock", description="Stop taking orders")
    async def lock(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.lock(campaign, moderator=moderator)
        )
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import answer, player_id
from bot.discord.cogs.players import CampaignName, CharacterName
from bot.service import CampaignService, Reply, RequestError

log = logging.getLogger("realmbot.discord.moderators")

MODERATORS_ONLY = "Moderators only."

ModeratorAction = Callable[[str], Reply]


def may_moderate(interaction: discord.Interaction) -> bool:
    """Whether Discord lets the member moderate here: Manage Server, as resolved by Discord."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def refused_as_moderator(error: RequestError) -> bool:
    """Whether the service refused the request because the member is not its moderator."""
    return str(error).startswith("only the moderators")


@app_commands.guild_only()
class ModeratorCog(commands.GroupCog, group_name="gm", group_description="Moderate a campaign"):
    """``/gm``: create, start and force campaigns, and manage seats."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        super().__init__()

    async def moderate(self, interaction: discord.Interaction, action: ModeratorAction) -> None:
        """Check Discord's permission, then run ``action(moderator_id)`` in a thread and answer
        privately with its reply (or its refusal)."""
        if not may_moderate(interaction):
            await answer(interaction, MODERATORS_ONLY)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        moderator = player_id(interaction.user)
        try:
            reply = await asyncio.to_thread(action, moderator)
        except RequestError as error:
            if refused_as_moderator(error):
                await answer(interaction, f"{MODERATORS_ONLY} ({error})")
            else:
                await answer(interaction, str(error))
            return
        log.info("moderator %s: %s", moderator, reply.text.partition("\n")[0])
        await answer(interaction, reply.text)

    # --- campaign life --------------------------------------------------------------------------

    @app_commands.command(name="create", description="Create a campaign played in this channel")
    @app_commands.describe(name="the campaign's name")
    async def create(self, interaction: discord.Interaction, name: CampaignName) -> None:
        channel = str(interaction.channel_id)
        guild = str(interaction.guild_id)
        await self.moderate(
            interaction,
            lambda moderator: self.service.create(
                name, moderator=moderator, channel=channel, guild=guild
            ),
        )

    @app_commands.command(name="start", description="Set the game up and open day 1")
    @app_commands.describe(campaign="the campaign's name")
    async def start(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.start(campaign, moderator=moderator)
        )

    @app_commands.command(name="force", description="Resolve the current day now")
    @app_commands.describe(campaign="the campaign's name")
    async def force(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.resolve_day(campaign, moderator=moderator)
        )

    # --- seats ----------------------------------------------------------------------------------

    @app_commands.command(name="autopilot", description="Let the autopilot play a seat, or stop")
    @app_commands.describe(
        campaign="the campaign's name", character="the seat's character", on="on or off"
    )
    async def autopilot(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        character: CharacterName,
        on: bool,
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.set_autopilot(
                campaign, moderator=moderator, character=character, on=on
            ),
        )
