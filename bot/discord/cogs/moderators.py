"""The moderators' commands, ``/gm <command>``.

Every command is refused with "Moderators only." unless the member has Discord's Manage Server
permission in the channel *and* (except ``/gm create``) is one of the campaign's moderators in
the service (the service raises :class:`~bot.service.NotModeratorError`). Every answer is
private. To add a command, write a method decorated with ``@app_commands.command`` (or
``@orders.command`` for ``/gm orders ...``) that calls :meth:`ModeratorCog.moderate` with the
service call, taking the moderator's id::

    @app_commands.command(name="lock", description="Stop taking orders")
    async def lock(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.lock(campaign, moderator=moderator)
        )

``/gm rollback`` asks first: it answers with a confirmation and its buttons, and only the button
"Roll back" calls the service (:class:`RollbackConfirmation`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign_settings import SETTINGS
from bot.discord.cogs.common import answer, escaped, player_id
from bot.discord.cogs.notices import NoticeCommands
from bot.discord.cogs.players import CampaignName, CharacterName, Day, OrdersText
from bot.discord.cogs.team import TeamCommands
from bot.outbox import moderators_status
from bot.service import CampaignService, NotModeratorError, Reply, RequestError

log = logging.getLogger("realmbot.discord.moderators")

MODERATORS_ONLY = "Moderators only."

ModeratorAction = Callable[[str], Reply]

#: Seconds a rollback waits for its confirmation.
CONFIRM_TIMEOUT = 120.0

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


def may_moderate(interaction: discord.Interaction) -> bool:
    """Whether Discord lets the member moderate here: in a server, with Manage Server as
    resolved by Discord, or as one of the campaign's moderators, whom the service knows (its
    :class:`~bot.service.NotModeratorError` refuses the others). ``/gm`` is shown by default
    to members with Manage Server only (``default_permissions``); a server's admins may show it
    to a co-moderator's role too (Server Settings > Integrations)."""
    return interaction.guild_id is not None


class RollbackConfirmation(discord.ui.View):
    """The buttons under ``/gm rollback``'s question: "Roll back" rolls back, "Cancel" does not.

    Only the moderator who asked may press them; unanswered, the question expires.
    """

    def __init__(
        self, cog: ModeratorCog, asked: discord.Interaction, campaign: str, day: int
    ) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.cog = cog
        self.asked = asked
        self.campaign = campaign
        self.day = day

    def question(self) -> str:
        return escaped(
            f"Roll {self.campaign} back to the start of day {self.day}? The reports of day "
            f"{self.day} and later are removed and the day is played again. Players are told."
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.asked.user.id

    @discord.ui.button(label="Roll back", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[RollbackConfirmation]
    ) -> None:
        self.stop()
        if not may_moderate(interaction):
            await interaction.response.edit_message(content=MODERATORS_ONLY, view=None)
            return
        await interaction.response.edit_message(content=f"{self.question()}\nConfirmed.", view=None)
        campaign, day = self.campaign, self.day
        await self.cog.run_moderated(
            interaction,
            lambda moderator: self.cog.service.rollback(campaign, moderator=moderator, day=day),
        )

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[RollbackConfirmation]
    ) -> None:
        self.stop()
        await interaction.response.edit_message(
            content="Rollback cancelled: nothing changed.", view=None
        )

    async def on_timeout(self) -> None:
        try:
            await self.asked.edit_original_response(
                content="Rollback not confirmed in time: nothing changed.", view=None
            )
        except discord.HTTPException:
            log.info("could not mark an expired rollback question as expired")


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

    async def moderate(self, interaction: discord.Interaction, action: ModeratorAction) -> None:
        """Check Discord's permission, then run ``action(moderator_id)`` in a thread and answer
        privately with its reply (or its refusal)."""
        if not may_moderate(interaction):
            await answer(interaction, MODERATORS_ONLY)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run_moderated(interaction, action)

    async def run_moderated(
        self, interaction: discord.Interaction, action: ModeratorAction
    ) -> None:
        """Run ``action(moderator_id)`` in a thread and answer privately with its reply or its
        refusal; the interaction has been responded to already."""
        moderator = player_id(interaction.user)
        try:
            reply = await asyncio.to_thread(action, moderator)
        except NotModeratorError as error:
            await answer(interaction, f"{MODERATORS_ONLY} ({error})")
            return
        except RequestError as error:
            await answer(interaction, str(error))
            return
        log.info("moderator %s: %s", moderator, reply.text.partition("\n")[0])
        await answer(interaction, reply.text)

    # --- campaign life --------------------------------------------------------------------------

    @app_commands.command(name="create", description="Create a campaign played in this channel")
    @app_commands.describe(
        name="the campaign's name",
        weeks="the game's length in weeks, 1-24 (default 4, a month; 10.E.2)",
    )
    async def create(
        self, interaction: discord.Interaction, name: CampaignName, weeks: int | None = None
    ) -> None:
        if not interaction.permissions.manage_guild:
            await answer(interaction, MODERATORS_ONLY)
            return
        channel = str(interaction.channel_id)
        guild = str(interaction.guild_id)
        options: dict[str, object] = {} if weeks is None else {"weeks": weeks}
        await self.moderate(
            interaction,
            lambda moderator: self.service.create(
                name, moderator=moderator, channel=channel, guild=guild, options=options
            ),
        )

    @app_commands.command(name="start", description="Set the game up and open day 1")
    @app_commands.describe(campaign="the campaign's name")
    async def start(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.start(campaign, moderator=moderator)
        )

    @app_commands.command(name="force", description="Resolve the current day now")
    @app_commands.describe(
        campaign="the campaign's name",
        day="the day you mean to resolve: refused if it is not today, so a repeat does nothing",
    )
    async def force(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        day: app_commands.Range[int, 1, 10_000],
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.resolve_day(campaign, day=day, moderator=moderator),
        )

    @app_commands.command(name="status", description="The day, who is in, and undelivered messages")
    @app_commands.describe(campaign="the campaign's name")
    async def status(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """The public status plus the campaign's deliveries: how many messages wait, and each
        one Discord keeps refusing (a player's closed DMs...), without its content."""
        await self.moderate(
            interaction,
            lambda moderator: moderators_status(self.service, campaign, moderator=moderator),
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

    @app_commands.command(name="preview", description="A private dry run of today: nothing stored")
    @app_commands.describe(campaign="the campaign's name")
    async def preview(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.preview(campaign, moderator=moderator)
        )

    @app_commands.command(name="rolls", description="Every roll of the dice on a day (4.1)")
    @app_commands.describe(campaign="the campaign's name", day="the day")
    async def rolls(
        self, interaction: discord.Interaction, campaign: CampaignName, day: Day
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.rolls(campaign, moderator=moderator, day=day),
        )

    @app_commands.command(
        name="window", description="The combat window: see, extend, close, roll back"
    )
    @app_commands.describe(
        campaign="the campaign's name",
        what=(
            "status: who is silent; extend; close now; sealed: the plays so far (logged); "
            "rollback: to the start of a round or of the Evening"
        ),
        hours="for extend: how many hours more",
        to="for rollback: evening, round (this one), round N, or round N at CLEARING",
    )
    async def window(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        what: Literal["status", "extend", "close", "sealed", "rollback"],
        hours: WindowHours = 1,
        to: app_commands.Range[str, 1, 80] = "round",
    ) -> None:
        def act(moderator: str) -> Reply:
            if what == "rollback":
                return self.service.rollback_combat(campaign, moderator=moderator, to=to)
            if what == "extend":
                return self.service.extend_window(campaign, moderator=moderator, hours=hours)
            if what == "close":
                return self.service.close_window(campaign, moderator=moderator)
            if what == "sealed":
                return self.service.sealed_plays(campaign, moderator=moderator)
            return self.service.window_status(campaign, moderator=moderator)

        await self.moderate(interaction, act)

    @app_commands.command(name="extend", description="Move today's deadline later")
    @app_commands.describe(
        campaign="the campaign's name", hours="how many hours later", reason="why (players see it)"
    )
    async def extend(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        hours: ExtensionHours,
        reason: Reason,
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.extend(
                campaign, moderator=moderator, hours=hours, reason=reason
            ),
        )

    @app_commands.command(name="pause", description="Stop the clock until resumed or expired")
    @app_commands.describe(
        campaign="the campaign's name", reason="why (players see it)", hours="for how long"
    )
    async def pause(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        reason: Reason,
        hours: PauseHours,
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.pause(
                campaign, moderator=moderator, reason=reason, hours=hours
            ),
        )

    @app_commands.command(name="resume", description="Restart a paused campaign's clock")
    @app_commands.describe(campaign="the campaign's name")
    async def resume(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction, lambda moderator: self.service.resume(campaign, moderator=moderator)
        )

    @app_commands.command(name="config", description="Change a campaign setting")
    @app_commands.describe(
        campaign="the campaign's name", setting="the setting", value="its new value"
    )
    @app_commands.choices(setting=SETTING_CHOICES)
    async def config(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        setting: app_commands.Choice[str],
        value: SettingValue,
    ) -> None:
        key = setting.value
        await self.moderate(
            interaction,
            lambda moderator: self.service.configure(
                campaign, moderator=moderator, setting=key, value=value
            ),
        )

    @app_commands.command(name="rollback", description="Return to the start of a day (confirm)")
    @app_commands.describe(campaign="the campaign's name", day="the day to play again")
    async def rollback(
        self, interaction: discord.Interaction, campaign: CampaignName, day: Day
    ) -> None:
        if not may_moderate(interaction):
            await answer(interaction, MODERATORS_ONLY)
            return
        confirmation = RollbackConfirmation(self, interaction, campaign, day)
        await interaction.response.send_message(
            confirmation.question(), view=confirmation, ephemeral=True
        )

    @app_commands.command(name="lock", description="Freeze orders and resolution")
    @app_commands.describe(campaign="the campaign's name")
    async def lock(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.lock(campaign, moderator=moderator, locked=True),
        )

    @app_commands.command(name="unlock", description="Take orders and resolve again")
    @app_commands.describe(campaign="the campaign's name")
    async def unlock(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.lock(campaign, moderator=moderator, locked=False),
        )

    @app_commands.command(name="end", description="End the game early: all players agreed (9.2.1)")
    @app_commands.describe(
        campaign="the campaign's name",
        agreed="every player agreed to quit now (9.2.1); if any refuses, the game continues",
    )
    async def end(
        self, interaction: discord.Interaction, campaign: CampaignName, agreed: bool
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.end_early(campaign, moderator=moderator, agreed=agreed),
        )

    @app_commands.command(name="announce", description="Post an announcement in the channel")
    @app_commands.describe(campaign="the campaign's name", text="the announcement")
    async def announce(
        self, interaction: discord.Interaction, campaign: CampaignName, text: Announcement
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.announce(campaign, moderator=moderator, text=text),
        )

    # --- seats and orders -----------------------------------------------------------------------

    @orders.command(name="view", description="A seat's orders in force (logged)")
    @app_commands.describe(campaign="the campaign's name", character="the seat's character")
    async def orders_view(
        self, interaction: discord.Interaction, campaign: CampaignName, character: CharacterName
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.view_orders(
                campaign, moderator=moderator, character=character
            ),
        )

    @app_commands.command(name="sheet", description="A seat's sheet with his hirelings (logged)")
    @app_commands.describe(campaign="the campaign's name", character="the seat's character")
    async def sheet(
        self, interaction: discord.Interaction, campaign: CampaignName, character: CharacterName
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.view_sheet(
                campaign, moderator=moderator, character=character
            ),
        )

    @orders.command(name="set", description="Set a seat's orders for today (logged)")
    @app_commands.describe(
        campaign="the campaign's name", character="the seat's character", text="the orders"
    )
    async def orders_set(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        character: CharacterName,
        text: OrdersText,
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.set_orders(
                campaign, moderator=moderator, character=character, text=text
            ),
        )

    @app_commands.command(name="excuse", description="Today without orders is not a missed day")
    @app_commands.describe(campaign="the campaign's name", character="the seat's character")
    async def excuse(
        self, interaction: discord.Interaction, campaign: CampaignName, character: CharacterName
    ) -> None:
        await self.moderate(
            interaction,
            lambda moderator: self.service.excuse(
                campaign, moderator=moderator, character=character
            ),
        )

    @app_commands.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(
        campaign="the campaign's name",
        character="the seat's character",
        member="who plays it from now on",
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        character: CharacterName,
        member: discord.Member,
    ) -> None:
        player, name = player_id(member), member.display_name
        await self.moderate(
            interaction,
            lambda moderator: self.service.replace(
                campaign, moderator=moderator, character=character, player=player, player_name=name
            ),
        )
