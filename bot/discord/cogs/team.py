"""``/gm moderator add|remove``, ``/gm handover`` and ``/gm set moderators-channel``: the
campaign's moderators as a team (:mod:`bot.moderators`).

These are commands of the ``/gm`` group: :class:`TeamCommands` is a base of
:class:`~bot.discord.cogs.moderators.ModeratorCog`, which supplies ``service`` and
``moderate`` (Discord's check, the service call in a thread, the private answer)."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import player_id
from bot.discord.cogs.players import CampaignName
from bot.service import CampaignService, Reply

_Action = Callable[[str], Reply]


class TeamCommands(commands.Cog):
    """The team's commands, a base of the ``/gm`` cog (never added as a cog itself)."""

    service: CampaignService

    async def moderate(self, interaction: discord.Interaction, action: _Action) -> None:
        raise NotImplementedError  # the cog's

    moderator = app_commands.Group(name="moderator", description="The campaign's co-moderators")
    settings = app_commands.Group(name="set", description="Where the campaign's notes go")

    @moderator.command(name="add", description="Make a member a co-moderator of the campaign")
    @app_commands.describe(campaign="the campaign's name", member="the new co-moderator")
    async def moderator_add(
        self, interaction: discord.Interaction, campaign: CampaignName, member: discord.Member
    ) -> None:
        user, name = player_id(member), member.display_name
        await self.moderate(
            interaction,
            lambda moderator: self.service.add_moderator(
                campaign, moderator=moderator, user=user, user_name=name
            ),
        )

    @moderator.command(name="remove", description="Take a member off the campaign's moderators")
    @app_commands.describe(campaign="the campaign's name", member="the moderator who leaves")
    async def moderator_remove(
        self, interaction: discord.Interaction, campaign: CampaignName, member: discord.Member
    ) -> None:
        user = player_id(member)
        await self.moderate(
            interaction,
            lambda moderator: self.service.remove_moderator(
                campaign, moderator=moderator, user=user
            ),
        )

    @app_commands.command(name="handover", description="Hand the campaign to another moderator")
    @app_commands.describe(
        campaign="the campaign's name",
        member="who moderates it from now on",
        stay="stay on as a co-moderator (default: you leave)",
    )
    async def handover(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        member: discord.Member,
        stay: bool = False,
    ) -> None:
        user, name = player_id(member), member.display_name
        await self.moderate(
            interaction,
            lambda moderator: self.service.handover(
                campaign, moderator=moderator, user=user, user_name=name, stay=stay
            ),
        )

    @settings.command(name="moderators-channel", description="Where the moderators' notes go")
    @app_commands.describe(campaign="the campaign's name", channel="the moderators' channel")
    async def moderators_channel(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        channel: discord.TextChannel,
    ) -> None:
        where, name = str(channel.id), channel.name
        await self.moderate(
            interaction,
            lambda moderator: self.service.set_moderators_channel(
                campaign, moderator=moderator, channel=where, channel_name=name
            ),
        )
