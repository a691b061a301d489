"""The moderators' commands, ``/gm <command>``.

Every command is refused with "Moderators only." unless the member has Discord's Manage Server
permission in the channel *and* (except ``/gm create``) is one of the campaign's moderators in
the service (the service raises :class:`~bot.service.NotModeratorError`). Every answer is
private. To add a command, add its service call to the inbox's table
(:data:`bot.inbox.COMMANDS`) and write a method decorated with ``@app_commands.command`` (or
``@orders.command`` for ``/gm orders ...``) that calls
:meth:`~bot.discord.cogs.gm.GmCommands.moderate_in` with the campaign option, the command's name
and its options (the campaign option, last, may be left out in the campaign's channel:
:mod:`bot.discord.where`)::

    @app_commands.command(name="lock", description="Stop taking orders")
    async def lock(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "lock", locked=True)

``/gm rollback`` asks first: it answers with a confirmation and its buttons, and only the button
"Roll back" calls the service (:class:`RollbackConfirmation`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign_settings import SETTINGS
from bot.discord.cogs.common import (
    MODERATORS_ONLY,
    answer,
    may_moderate,
    player_id,
)
from bot.discord.cogs.gm import Campaign
from bot.discord.cogs.notices import NoticeCommands
from bot.discord.cogs.players import CAMPAIGN_HELP, CampaignName, Day, OrdersText
from bot.discord.cogs.rollback import RollbackConfirmation
from bot.discord.cogs.team import TeamCommands
from bot.discord.options import LANGUAGE_CHOICES, SeatedCharacter
from bot.discord.where import Place
from bot.i18n import _
from bot.inbox import Option, Request, take
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.moderators")

CHARACTER_HELP = "the seat's character"

#: The longest deadline extension a command takes, in hours (a week).
ExtensionHours = app_commands.Range[int, 1, 168]
#: The longest pause, in hours (30 days, as the service allows).
PauseHours = app_commands.Range[int, 1, 720]
WindowHours = app_commands.Range[int, 1, 48]
Reason = app_commands.Range[str, 1, 200]
Announcement = app_commands.Range[str, 1, 1500]
SettingValue = app_commands.Range[str, 1, 100]
#: Discord's limit on a choice's name.
CHOICE_NAME_LENGTH = 100
#: ``/gm config``'s settings: the service's, each shown with what it takes.
SETTING_CHOICES = [
    app_commands.Choice(name=f"{key}: {what}"[:CHOICE_NAME_LENGTH], value=key)
    for key, what in SETTINGS.items()
]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ModeratorCog(
    TeamCommands,
    NoticeCommands,
    commands.GroupCog,
    group_name="gm",
    group_description="Moderate a campaign",
):
    """``/gm``: create, start, configure and force campaigns, and manage seats."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        super().__init__()

    orders = app_commands.Group(name="orders", description="A seat's orders for today")

    # --- campaign life --------------------------------------------------------------------------

    @app_commands.command(name="create", description="Create a campaign played in this channel")
    @app_commands.describe(
        name="the campaign's name",
        weeks="the game's length in weeks, 1-24 (default 4, a month; 10.E.2)",
        language="the language of its public reports (default English)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: CampaignName,
        weeks: int | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        if not interaction.permissions.manage_guild:
            await answer(interaction, _(MODERATORS_ONLY))
            return
        where: dict[str, Option] = {
            "channel": str(interaction.channel_id),
            "guild": str(interaction.guild_id),
            "weeks": weeks,
            "language": None if language is None else language.value,
        }
        await self.moderate(
            interaction,
            lambda moderator: take(self.service, Request("create", name, moderator, options=where)),
        )

    @app_commands.command(name="start", description="Set the game up and open day 1")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def start(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "start")

    @app_commands.command(name="force", description="Resolve the current day now")
    @app_commands.describe(
        day="the day you mean to resolve: refused if it is not today, so a repeat does nothing",
        campaign=CAMPAIGN_HELP,
    )
    async def force(
        self,
        interaction: discord.Interaction,
        day: app_commands.Range[int, 1, 10_000],
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "resolve", day=day)

    @app_commands.command(name="status", description="The day, who is in, and undelivered messages")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def status(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        """The public status plus the campaign's deliveries: how many messages wait, and each
        one Discord keeps refusing (a player's closed DMs...), without its content."""
        await self.moderate_in(interaction, campaign, "moderators status")

    # --- seats ----------------------------------------------------------------------------------

    @app_commands.command(name="autopilot", description="Let the autopilot play a seat, or stop")
    @app_commands.describe(character=CHARACTER_HELP, on="on or off", campaign=CAMPAIGN_HELP)
    async def autopilot(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        on: bool,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "autopilot", character=character, on=on)

    @app_commands.command(name="preview", description="A private dry run of today: nothing stored")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def preview(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "preview")

    @app_commands.command(name="rolls", description="Every roll of the dice on a day (4.1)")
    @app_commands.describe(day="the day", campaign=CAMPAIGN_HELP)
    async def rolls(
        self, interaction: discord.Interaction, day: Day, campaign: Campaign = None
    ) -> None:
        await self.moderate_in(interaction, campaign, "rolls", day=day)

    @app_commands.command(
        name="window", description="The combat window: see, extend, close, roll back"
    )
    @app_commands.describe(
        what=(
            "status: who is silent; extend; close now; sealed: the plays so far (logged); "
            "rollback: to the start of a round or of the Evening; demon: Ask Demon's questions "
            "and answers (logged)"
        ),
        hours="for extend: how many hours more",
        to="for rollback: evening, round (this one), round N, or round N at CLEARING",
        campaign=CAMPAIGN_HELP,
    )
    async def window(
        self,
        interaction: discord.Interaction,
        what: Literal["status", "extend", "close", "sealed", "rollback", "demon"],
        hours: WindowHours = 1,
        to: app_commands.Range[str, 1, 80] = "round",
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "window", what=what, hours=hours, to=to)

    @app_commands.command(name="extend", description="Move today's deadline later")
    @app_commands.describe(
        hours="how many hours later", reason="why (players see it)", campaign=CAMPAIGN_HELP
    )
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: ExtensionHours,
        reason: Reason,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "extend", hours=hours, reason=reason)

    @app_commands.command(name="pause", description="Stop the clock until resumed or expired")
    @app_commands.describe(
        reason="why (players see it)", hours="for how long", campaign=CAMPAIGN_HELP
    )
    async def pause(
        self,
        interaction: discord.Interaction,
        reason: Reason,
        hours: PauseHours,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "pause", reason=reason, hours=hours)

    @app_commands.command(name="resume", description="Restart a paused campaign's clock")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def resume(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "resume")

    @app_commands.command(name="config", description="Change a campaign setting")
    @app_commands.describe(setting="the setting", value="its new value", campaign=CAMPAIGN_HELP)
    @app_commands.choices(setting=SETTING_CHOICES)
    async def config(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Choice[str],
        value: SettingValue,
        campaign: Campaign = None,
    ) -> None:
        key = setting.value
        await self.moderate_in(interaction, campaign, "config", setting=key, value=value)

    @app_commands.command(name="rollback", description="Return to the start of a day (confirm)")
    @app_commands.describe(day="the day to play again", campaign=CAMPAIGN_HELP)
    async def rollback(
        self, interaction: discord.Interaction, day: Day, campaign: Campaign = None
    ) -> None:
        if not may_moderate(interaction):
            await answer(interaction, _(MODERATORS_ONLY))
            return
        try:
            name = await asyncio.to_thread(
                Place.of(interaction).campaign, self.service.engine, campaign
            )
        except RequestError as error:
            await answer(interaction, str(error))
            return
        confirmation = RollbackConfirmation(self, interaction, name, day)
        await interaction.response.send_message(
            confirmation.question(), view=confirmation, ephemeral=True
        )

    @app_commands.command(name="lock", description="Freeze orders and resolution")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def lock(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "lock", locked=True)

    @app_commands.command(name="unlock", description="Take orders and resolve again")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def unlock(self, interaction: discord.Interaction, campaign: Campaign = None) -> None:
        await self.moderate_in(interaction, campaign, "lock", locked=False)

    @app_commands.command(name="end", description="End the game early: all players agreed (9.2.1)")
    @app_commands.describe(
        agreed="every player agreed to quit now (9.2.1); if any refuses, the game continues",
        campaign=CAMPAIGN_HELP,
    )
    async def end(
        self, interaction: discord.Interaction, agreed: bool, campaign: Campaign = None
    ) -> None:
        await self.moderate_in(interaction, campaign, "end", agreed=agreed)

    @app_commands.command(name="announce", description="Post an announcement in the channel")
    @app_commands.describe(text="the announcement", campaign=CAMPAIGN_HELP)
    async def announce(
        self, interaction: discord.Interaction, text: Announcement, campaign: Campaign = None
    ) -> None:
        await self.moderate_in(interaction, campaign, "announce", text=text)

    # --- seats and orders -----------------------------------------------------------------------

    @orders.command(name="view", description="A seat's orders in force (logged)")
    @app_commands.describe(character=CHARACTER_HELP, campaign=CAMPAIGN_HELP)
    async def orders_view(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "view orders", character=character)

    @app_commands.command(name="sheet", description="A seat's sheet with his hirelings (logged)")
    @app_commands.describe(character=CHARACTER_HELP, campaign=CAMPAIGN_HELP)
    async def sheet(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "view sheet", character=character)

    @orders.command(name="set", description="Set a seat's orders for today (logged)")
    @app_commands.describe(character=CHARACTER_HELP, text="the orders", campaign=CAMPAIGN_HELP)
    async def orders_set(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        text: OrdersText,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "set orders", character=character, text=text)

    @app_commands.command(name="excuse", description="Today without orders is not a missed day")
    @app_commands.describe(character=CHARACTER_HELP, campaign=CAMPAIGN_HELP)
    async def excuse(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(interaction, campaign, "excuse", character=character)

    @app_commands.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(
        character=CHARACTER_HELP, member="who plays it from now on", campaign=CAMPAIGN_HELP
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        character: SeatedCharacter,
        member: discord.Member,
        campaign: Campaign = None,
    ) -> None:
        await self.moderate_in(
            interaction,
            campaign,
            "replace",
            character=character,
            player=player_id(member),
            player_name=member.display_name,
        )
