"""The players' side: joining, readiness, absence, status, one's own sheet, orders in force,
standing orders, the map and past days' reports by slash command; today's orders typed in a text
box (``/orders send``, :mod:`bot.discord.forms`), picked phase by phase (``/orders build``,
:mod:`bot.discord.builder`) or sent by direct message.

Every command's campaign option comes last and may be left out in the campaign's channel or a
thread of it (:mod:`bot.discord.where`); names are offered as they are typed
(:mod:`bot.discord.options`).

Orders are a DM whose first line is ``orders <campaign>`` and whose other lines are the orders,
those of his hirelings in sections of their own (:mod:`rules.orders.sections`)::

    orders North Sea
    M CV5, H, S
    Company HQ: M CV5, H

The campaign may be left out (``orders`` alone) when the player plays in one running campaign.
A DM is read as the inbox reads any text message, and every command here is one of the inbox's
(:mod:`bot.inbox`), so that the command line and (next) mail answer the same.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import directory, i18n, scope
from bot.birdsong import BuildError, DayBuilder, day_builder
from bot.campaigns import Joined
from bot.discord.builder import OrdersBuilder
from bot.discord.cogs.common import (
    answer,
    ask,
    escaped,
    parts_of,
    player_id,
    report_failure,
)
from bot.discord.forms import ORDERS_LENGTH, OrdersModal, StandingOrdersModal
from bot.discord.options import CampaignOption, FreeCharacter
from bot.discord.translator import command_in
from bot.discord.where import Place
from bot.i18n import _, current
from bot.inbox import only_campaign, read_message, take
from bot.logs import set_campaign
from bot.render import render
from bot.scope import Scope
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.players")

CampaignName = app_commands.Range[str, 1, 100]
#: What the campaign option says it is.
CAMPAIGN_HELP = "the campaign (leave it out in the campaign's channel)"
Day = app_commands.Range[int, 1, 10_000]
#: An absence, in days (0 ends one), as the service allows.
AwayDays = app_commands.Range[int, 0, 30]
#: The longest orders a slash option takes.
OrdersText = app_commands.Range[str, 1, ORDERS_LENGTH]


class PlayerCog(commands.Cog, name="Players"):
    """Slash commands for players, and orders by DM."""

    orders = app_commands.Group(name="orders", description="Your orders for today")

    def __init__(self, service: CampaignService) -> None:
        self.service = service

    # --- slash commands -------------------------------------------------------------------------

    @app_commands.command(name="join", description="Join a campaign as a character")
    @app_commands.describe(character="your character, e.g. Amazon", campaign=CAMPAIGN_HELP)
    async def join(
        self,
        interaction: discord.Interaction,
        character: FreeCharacter,
        campaign: CampaignOption | None = None,
    ) -> None:
        name = interaction.user.display_name
        joined = await ask(
            interaction, self.service, campaign, "join", character=character, name=name
        )
        if isinstance(joined, Joined):  # how to play by DM, to him alone
            welcome = render("messages/welcome.txt.j2", campaign=joined.campaign)
            await interaction.followup.send(welcome, ephemeral=True)

    @app_commands.command(name="ready", description="Tell the moderator your orders are final")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def ready(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "ready", ready=True)

    @app_commands.command(name="unready", description="Take back your ready")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def unready(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "ready", ready=False)

    @app_commands.command(name="away", description="Say you are away: no reminders (0 days: back)")
    @app_commands.describe(days="for how many days (0: you are back)", campaign=CAMPAIGN_HELP)
    async def away(
        self,
        interaction: discord.Interaction,
        days: AwayDays,
        campaign: CampaignOption | None = None,
    ) -> None:
        await ask(interaction, self.service, campaign, "away", days=days)

    @app_commands.command(name="status", description="A campaign's day, deadline and who is in")
    @app_commands.describe(
        campaign=CAMPAIGN_HELP, share="Post it in the channel for everyone (only you see it else)"
    )
    async def status(
        self,
        interaction: discord.Interaction,
        campaign: CampaignOption | None = None,
        share: bool = False,
    ) -> None:
        await ask(interaction, self.service, campaign, "status", ephemeral=not share)

    @app_commands.command(name="me", description="Your character's sheet (only you see it)")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def me(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "sheet")

    @orders.command(name="show", description="Your orders in force for today (only you see them)")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def orders_show(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "show orders")

    @orders.command(name="send", description="Type today's orders in a text box (only you)")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def orders_send(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        """A text box for the day's orders, filled with his orders in force; what he submits
        is sent as his DM ``orders <campaign>`` would be."""
        place, player, engine = (
            Place.of(interaction),
            player_id(interaction.user),
            self.service.engine,
        )

        def current() -> tuple[str, str | None]:
            name = place.campaign(engine, campaign)
            return name, directory.own_orders(engine, name, player)

        try:
            name, text = await asyncio.to_thread(current)
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await interaction.response.send_modal(OrdersModal(self.service, name, text))

    @orders.command(name="build", description="Pick today's orders phase by phase (only you)")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def orders_build(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        """A message of his alone with a select of what he may record in each phase in turn,
        and Undo and Send (:mod:`bot.discord.builder`)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        place, player, service = Place.of(interaction), player_id(interaction.user), self.service

        def builder() -> DayBuilder:
            name = place.campaign(service.engine, campaign)
            try:
                return day_builder(service.engine, service.catalog, name, player)
            except BuildError as error:
                raise RequestError(str(error)) from None

        try:
            built = await asyncio.to_thread(builder)
        except RequestError as error:
            await answer(interaction, str(error))
            return
        view = OrdersBuilder(service, built)
        await interaction.followup.send(view.content(), view=view, ephemeral=True)

    @orders.command(name="clear", description="Withdraw today's orders")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def orders_clear(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "clear orders")

    @app_commands.command(name="standing", description="Orders for any day you send none")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def standing(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        name = await self._campaign_now(interaction, campaign)
        if name is not None:
            await interaction.response.send_modal(StandingOrdersModal(self.service, name))

    async def _campaign_now(
        self, interaction: discord.Interaction, campaign: str | None
    ) -> str | None:
        """The campaign the command means, before the interaction is answered (to show a
        modal); ``None`` when there is none, the user told why."""
        try:
            return await asyncio.to_thread(
                Place.of(interaction).campaign, self.service.engine, campaign
            )
        except RequestError as error:
            await answer(interaction, str(error))
            return None

    @app_commands.command(name="map", description="The map as your character sees it (only you)")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def map(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        place, player = Place.of(interaction), player_id(interaction.user)

        def draw() -> tuple[str, bytes]:
            name = place.campaign(self.service.engine, campaign)
            return name, self.service.campaigns.map_image(name, player=player)

        try:
            name, image = await asyncio.to_thread(draw)
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await interaction.followup.send(
            escaped(_("Your map of %(campaign)s.") % {"campaign": name}),
            file=discord.File(io.BytesIO(image), filename="map.png"),
            ephemeral=True,
        )

    @app_commands.command(name="history", description="A past day's public report")
    @app_commands.describe(
        day="the day",
        campaign=CAMPAIGN_HELP,
        share="Post it in the channel for everyone (only you see it else)",
    )
    async def history(
        self,
        interaction: discord.Interaction,
        day: Day,
        campaign: CampaignOption | None = None,
        share: bool = False,
    ) -> None:
        await ask(interaction, self.service, campaign, "history", day=day, ephemeral=not share)

    @app_commands.command(name="final", description="A finished campaign's final report")
    @app_commands.describe(campaign=CAMPAIGN_HELP)
    async def final(
        self, interaction: discord.Interaction, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "final", ephemeral=False)

    @app_commands.command(name="journal", description="Your own report of a past day (only you)")
    @app_commands.describe(day="the day", campaign=CAMPAIGN_HELP)
    async def journal(
        self, interaction: discord.Interaction, day: Day, campaign: CampaignOption | None = None
    ) -> None:
        await ask(interaction, self.service, campaign, "journal", day=day)

    # --- orders by DM ---------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A DM: orders, an answer or setup choices. Its sender always gets a reply: the
        service's, its refusal, or an apology with a reference if something unexpected failed
        (logged with its traceback under that reference)."""
        if message.author.bot or message.guild is not None:
            return
        scope.enter(Scope(player=player_id(message.author)))
        try:
            await self._direct_message(message)
        except Exception as error:
            apology = report_failure(log, f"a DM from {message.author.id}", error)
            try:
                await self._say(message.channel, apology, escape=False)
            except discord.HTTPException:
                log.warning("could not tell %s that his DM failed", message.author.id)

    async def _direct_message(self, message: discord.Message) -> None:
        """Read the DM as the inbox reads a text message (:func:`bot.inbox.read_message`):
        ``orders [campaign]`` with the orders below, ``answer <choice>``, ``plays [campaign]``,
        ``setup <campaign>`` or ``restart [campaign]`` with their lines below; a campaign left
        out is his only running one. Anything else is answered with how to send orders."""
        player = player_id(message.author)
        i18n.enter(await asyncio.to_thread(self.service.languages.of_person, player))
        read = read_message(message.content)
        if read is None:
            told = render("messages/how_to_send_orders.txt.j2", me=command_in(current(), "me"))
            await self._say(message.channel, told, escape=False)
            return
        try:
            campaign = read.campaign
            if campaign is None:
                campaign = await asyncio.to_thread(only_campaign, self.service, player)
            set_campaign(campaign)
            request = read.request(campaign, player)
            reply = await asyncio.to_thread(take, self.service, request)
        except RequestError as error:
            await self._say(message.channel, str(error))
            return
        await self._say(message.channel, reply.text)

    @staticmethod
    async def _say(channel: discord.abc.Messageable, text: str, *, escape: bool = True) -> None:
        for part in parts_of(text) if escape else [text]:
            await channel.send(part)
