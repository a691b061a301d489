"""``/settings``: a player's own settings in a campaign — ``/settings reminders on|off`` and
``/settings remind-before hours`` (:mod:`bot.reminders`), and ``/settings language``, the language
of his messages (:mod:`bot.languages`). Every answer is private."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import ask
from bot.discord.cogs.players import CAMPAIGN_HELP
from bot.discord.options import LANGUAGE_CHOICES, CampaignOption
from bot.service import CampaignService

#: A lead time, in hours, as Discord offers it (the service checks it again).
LeadHours = app_commands.Range[float, 0.25, 72.0]


class SettingsCog(
    commands.GroupCog, group_name="settings", group_description="Your notifications and language"
):
    """``/settings``: each player's reminders and language."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        super().__init__()

    @app_commands.command(name="reminders", description="Be reminded of missing orders, or not")
    @app_commands.describe(state="on or off", campaign=CAMPAIGN_HELP)
    async def reminders(
        self,
        interaction: discord.Interaction,
        state: Literal["on", "off"],
        campaign: CampaignOption | None = None,
    ) -> None:
        await ask(interaction, self.service, campaign, "reminders", on=state == "on")

    @app_commands.command(name="remind-before", description="How long before a deadline")
    @app_commands.describe(hours="hours before the deadline", campaign=CAMPAIGN_HELP)
    async def remind_before(
        self,
        interaction: discord.Interaction,
        hours: LeadHours,
        campaign: CampaignOption | None = None,
    ) -> None:
        await ask(interaction, self.service, campaign, "remind before", hours=hours)

    @app_commands.command(name="language", description="The language of your messages")
    @app_commands.describe(language="the language you read", campaign=CAMPAIGN_HELP)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self,
        interaction: discord.Interaction,
        language: app_commands.Choice[str],
        campaign: CampaignOption | None = None,
    ) -> None:
        await ask(interaction, self.service, campaign, "language", language=language.value)
