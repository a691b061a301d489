"""``/gm moderator add|remove``, ``/gm handover`` and ``/gm set moderators-channel``: the
campaign's moderators as a team (:mod:`bot.moderators`).

These are commands of the ``/gm`` group: :class:`TeamCommands` is a base of
:class:`~bot.discord.cogs.moderators.ModeratorCog`, which supplies ``service``; ``moderate_in``
(:class:`~bot.discord.cogs.gm.GmCommands`: the campaign named or the channel's, Discord's check,
the inbox's command in a thread, the private answer) is their common base's."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.cogs.common import player_id
from bot.discord.cogs.gm import Campaign, GmCommands
from bot.discord.cogs.players import CAMPAIGN_HELP


class TeamCommands(GmCommands):
    """The team's commands, a base of the ``/gm`` cog (never added as a cog itself)."""

    moderator = app_commands.Group(name="moderator", description="The campaign's co-moderators")
    settings = app_commands.Group(name="set", description="Where the campaign's notes go")

    @moderator.command(name="add", description="Make a member a co-moderator of the campaign")
    @app_commands.describe(member="the new co-moderator", campaign=CAMPAIGN_HELP)
    async def moderator_add(
        self, interaction: discord.Interaction, member: discord.Member, campaign: Campaign = None
    ) -> None:
        user, name = player_id(member), member.display_name
        await self.moderate_in(interaction, campaign, "add moderator", user=user, user_name=name)

    @moderator.command(name="remove", description="Take a member off the campaign's moderators")
    @app_commands.describe(member="the moderator who leaves", campaign=CAMPAIGN_HELP)
    async def moderator_remove(
        self, interaction: discord.Interaction, member: discord.Member, campaign: Campaign = None
    ) -> None:
        await self.moderate_in(interaction, campaign, "remove moderator", user=player_id(member))

    @app_commands.command(name="handover", description="Hand the campaign to another moderator")
    @app_commands.describe(
        member="who moderates it from now on",
        stay="stay on as a co-moderator (default: you leave)",
        campaign=CAMPAIGN_HELP,
    )
    async def handover(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        stay: bool = False,
        campaign: Campaign = None,
    ) -> None:
        user, name = player_id(member), member.display_name
        await self.moderate_in(
            interaction, campaign, "handover", user=user, user_name=name, stay=stay
        )

    @settings.command(name="moderators-channel", description="Where the moderators' notes go")
    @app_commands.describe(channel="the moderators' channel", campaign=CAMPAIGN_HELP)
    async def moderators_channel(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel,
        campaign: Campaign = None,
    ) -> None:
        where, name = str(channel.id), channel.name
        await self.moderate_in(
            interaction, campaign, "moderators channel", channel=where, channel_name=name
        )
