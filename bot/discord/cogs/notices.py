"""``/gm nudge``: a DM to every player whose orders for today are missing
(:meth:`bot.notifications.Notifications.nudge`). A command of the ``/gm`` group:
:class:`NoticeCommands` is a base of :class:`~bot.discord.cogs.moderators.ModeratorCog`, which
supplies ``service`` and ``moderate``."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.players import CampaignName
from bot.service import CampaignService, Reply

_Action = Callable[[str], Reply]


class NoticeCommands(commands.Cog):
    """The moderators' notices, a base of the ``/gm`` cog (never added as a cog itself)."""

    service: CampaignService

    async def moderate(self, interaction: discord.Interaction, action: _Action) -> None:
        raise NotImplementedError  # the cog's

    @app_commands.command(name="nudge", description="DM every player whose orders are missing")
    @app_commands.describe(campaign="the campaign's name")
    async def nudge(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.nudge(campaign, moderator=moderator)
        )
