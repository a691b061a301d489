"""``/gm nudge``: a DM to every player whose orders for today are missing
(:meth:`bot.notifications.Notifications.nudge`). A command of the ``/gm`` group:
:class:`NoticeCommands` is a base of :class:`~bot.discord.cogs.moderators.ModeratorCog`, which
supplies ``service`` and ``moderate_in``."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.players import CAMPAIGN_HELP
from bot.discord.options import CampaignOption
from bot.service import CampaignService, Reply

#: A service call on (campaign name, moderator id).
_Action = Callable[[str, str], Reply]


class NoticeCommands(commands.Cog):
    """The moderators' notices, a base of the ``/gm`` cog (never added as a cog itself)."""

    service: CampaignService

    async def moderate_in(
        self, interaction: discord.Interaction, campaign: str | None, action: _Action
    ) -> None:
        raise NotImplementedError  # the cog's

    @app_commands.command(name="nudge", description="DM every player whose orders are missing")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def nudge(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await self.moderate_in(
            interaction,
            campaign,
            lambda at, moderator: self.service.nudge(at, moderator=moderator),
        )
