"""``/gm nudge``: a DM to every player whose orders for today are missing
(:meth:`bot.reminders.Reminders.nudge`). A command of the ``/gm`` group: :class:`NoticeCommands`
is a base of :class:`~bot.discord.cogs.moderators.ModeratorCog`, which supplies ``service``;
``moderate_in`` is their common base's (:class:`~bot.discord.cogs.gm.GmCommands`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.cogs.gm import Campaign, GmCommands
from bot.discord.cogs.players import CAMPAIGN_HELP


class NoticeCommands(GmCommands):
    """The moderators' notices, a base of the ``/gm`` cog (never added as a cog itself)."""

    @app_commands.command(name="nudge", description="DM every player whose orders are missing")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def nudge(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "nudge")
