"""The players' side: joining, readiness, absence, status, one's own sheet, orders in force,
standing orders, the map and past days' reports by slash command; orders by direct message.

Orders are a DM whose first line is ``orders <campaign>`` and whose other lines are the orders,
those of his hirelings in sections of their own (:mod:`rules.orders.sections`)::

    orders North Sea
    M CV3, H, S
    Company HQ: M CV3, H

The campaign may be left out (``orders`` alone) when the player plays in one running campaign.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from dataclasses import dataclass
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot import scope
from bot.campaigns import Joined
from bot.discord.cogs.common import (
    answer,
    call_and_answer,
    escaped,
    parts_of,
    player_id,
    report_failure,
)
from bot.logs import set_campaign
from bot.render import render
from bot.scope import Scope
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.players")

CampaignName = app_commands.Range[str, 1, 100]
CharacterName = app_commands.Range[str, 1, 40]
Day = app_commands.Range[int, 1, 10_000]
#: An absence, in days (0 ends one), as the service allows.
AwayDays = app_commands.Range[int, 0, 30]
#: The longest orders a command takes (a slash option or the standing orders' text box).
ORDERS_LENGTH = 2000
OrdersText = app_commands.Range[str, 1, ORDERS_LENGTH]
#: Discord's limit on a modal's title.
MODAL_TITLE_LENGTH = 45

ORDERS_HELP = (
    "To send orders, DM me a message whose first line is `orders <campaign>` "
    "and whose next lines are your orders, for example:\n"
    "```\norders North Sea\nM CV3, H, S\nCompany HQ: M CV3, H\nCompany 1: F Company HQ\n```\n"
    "A hireling's orders go in a section of yours that starts with his name and a colon, as "
    "`Company HQ:` above: a hired leader records his own phases, an underling only follows "
    "(`F <name>`); `/me` lists your hirelings.\n"
    "Answer a decision with `answer <choice>`; in combat, send `plays` followed by lines such as "
    "`target: Giant` and `attack: FIGHT H5* smash`; before the game starts, send your secret "
    "choices "
    "as `setup <campaign>` followed by lines such as `victory: fame 2, gold 3`. When your "
    "character is dead, start again with `restart <campaign>` followed by `character: <name>` "
    "and such lines."
)

_HEADER = re.compile(r"orders(?:\s+(?P<campaign>.*))?", re.IGNORECASE)
_FENCE = re.compile(r"^```[A-Za-z]*$")


@dataclass(frozen=True)
class OrdersMessage:
    """A DM read as orders: the campaign named on its first line (if any) and the orders."""

    campaign: str | None
    text: str


def read_orders_message(content: str) -> OrdersMessage | None:
    """``content`` as orders, or ``None`` if its first line is not ``orders [campaign]``.

    Code fences around the orders (players paste them that way) are dropped.
    """
    first, _, rest = content.strip().partition("\n")
    header = _HEADER.fullmatch(first.strip())
    if header is None:
        return None
    lines = [line for line in rest.strip().splitlines() if not _FENCE.match(line.strip())]
    campaign = (header.group("campaign") or "").strip() or None
    return OrdersMessage(campaign=campaign, text="\n".join(lines).strip())


class StandingOrdersModal(discord.ui.Modal):
    """The standing orders' text box: several lines, as in a DM; submitting it stores them."""

    orders: discord.ui.TextInput[StandingOrdersModal] = discord.ui.TextInput(
        label="Standing orders",
        style=discord.TextStyle.paragraph,
        placeholder="H, R",
        min_length=1,
        max_length=ORDERS_LENGTH,
        custom_id="standing-orders",
    )

    def __init__(self, service: CampaignService, campaign: str) -> None:
        title = f"Standing orders: {campaign}"
        if len(title) > MODAL_TITLE_LENGTH:
            title = title[: MODAL_TITLE_LENGTH - 1] + "…"
        super().__init__(title=title)
        self.service = service
        self.campaign = campaign

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await call_and_answer(
            interaction,
            partial(
                self.service.set_standing,
                self.campaign,
                player=player_id(interaction.user),
                text=self.orders.value,
            ),
        )


class PlayerCog(commands.Cog, name="Players"):
    """Slash commands for players, and orders by DM."""

    orders = app_commands.Group(name="orders", description="Your orders for today")

    def __init__(self, service: CampaignService) -> None:
        self.service = service

    # --- slash commands -------------------------------------------------------------------------

    @app_commands.command(name="join", description="Join a campaign as a character")
    @app_commands.describe(campaign="the campaign's name", character="your character, e.g. Amazon")
    async def join(
        self, interaction: discord.Interaction, campaign: CampaignName, character: CharacterName
    ) -> None:
        user = interaction.user
        joined = await call_and_answer(
            interaction,
            partial(
                self.service.join,
                campaign,
                player=player_id(user),
                player_name=user.display_name,
                character=character,
            ),
        )
        if isinstance(joined, Joined):  # how to play by DM, to him alone
            welcome = render("messages/welcome.txt.j2", campaign=joined.campaign)
            await interaction.followup.send(welcome, ephemeral=True)

    @app_commands.command(name="ready", description="Tell the moderator your orders are final")
    @app_commands.describe(campaign="the campaign's name")
    async def ready(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self._ready(interaction, campaign, ready=True)

    @app_commands.command(name="unready", description="Take back your ready")
    @app_commands.describe(campaign="the campaign's name")
    async def unready(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await self._ready(interaction, campaign, ready=False)

    async def _ready(self, interaction: discord.Interaction, campaign: str, *, ready: bool) -> None:
        await call_and_answer(
            interaction,
            partial(self.service.ready, campaign, player=player_id(interaction.user), ready=ready),
        )

    @app_commands.command(name="away", description="Say you are away: no reminders (0 days: back)")
    @app_commands.describe(
        campaign="the campaign's name", days="for how many days (0: you are back)"
    )
    async def away(
        self, interaction: discord.Interaction, campaign: CampaignName, days: AwayDays
    ) -> None:
        await call_and_answer(
            interaction,
            partial(self.service.away, campaign, player=player_id(interaction.user), days=days),
        )

    @app_commands.command(name="status", description="A campaign's day, deadline and who is in")
    @app_commands.describe(campaign="the campaign's name")
    async def status(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await call_and_answer(interaction, partial(self.service.status, campaign), ephemeral=False)

    @app_commands.command(name="me", description="Your character's sheet (only you see it)")
    @app_commands.describe(campaign="the campaign's name")
    async def me(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await call_and_answer(
            interaction, partial(self.service.sheet, campaign, player=player_id(interaction.user))
        )

    @orders.command(name="show", description="Your orders in force for today (only you see them)")
    @app_commands.describe(campaign="the campaign's name")
    async def orders_show(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await call_and_answer(
            interaction,
            partial(self.service.show_orders, campaign, player=player_id(interaction.user)),
        )

    @orders.command(name="clear", description="Withdraw today's orders")
    @app_commands.describe(campaign="the campaign's name")
    async def orders_clear(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await call_and_answer(
            interaction,
            partial(self.service.clear_orders, campaign, player=player_id(interaction.user)),
        )

    @app_commands.command(name="standing", description="Orders for any day you send none")
    @app_commands.describe(campaign="the campaign's name")
    async def standing(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await interaction.response.send_modal(StandingOrdersModal(self.service, campaign))

    @app_commands.command(name="map", description="The map as your character sees it (only you)")
    @app_commands.describe(campaign="the campaign's name")
    async def map(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            image = await asyncio.to_thread(
                self.service.map_image, campaign, player=player_id(interaction.user)
            )
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await interaction.followup.send(
            escaped(f"Your map of {campaign}."),
            file=discord.File(io.BytesIO(image), filename="map.png"),
            ephemeral=True,
        )

    @app_commands.command(name="history", description="A past day's public report")
    @app_commands.describe(campaign="the campaign's name", day="the day")
    async def history(
        self, interaction: discord.Interaction, campaign: CampaignName, day: Day
    ) -> None:
        await call_and_answer(
            interaction, partial(self.service.history, campaign, day=day), ephemeral=False
        )

    @app_commands.command(name="final", description="A finished campaign's final report")
    @app_commands.describe(campaign="the campaign's name")
    async def final(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        await call_and_answer(interaction, partial(self.service.final, campaign), ephemeral=False)

    @app_commands.command(name="journal", description="Your own report of a past day (only you)")
    @app_commands.describe(campaign="the campaign's name", day="the day")
    async def journal(
        self, interaction: discord.Interaction, campaign: CampaignName, day: Day
    ) -> None:
        await call_and_answer(
            interaction,
            partial(self.service.history, campaign, day=day, player=player_id(interaction.user)),
        )

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
        first, _, rest = message.content.strip().partition("\n")
        word, _, argument = first.strip().partition(" ")
        if word.casefold() in ("answer", "setup", "plays", "restart"):
            await self._answer_or_setup(message, word.casefold(), argument.strip(), rest)
            return
        orders = read_orders_message(message.content)
        if orders is None:
            await self._say(message.channel, ORDERS_HELP, escape=False)
            return
        player = player_id(message.author)
        try:
            campaign = orders.campaign or await self._only_campaign(player)
            set_campaign(campaign)
            if not orders.text:
                raise RequestError("your message has no orders: put them after the first line")
            reply = await asyncio.to_thread(
                self.service.submit_orders, campaign, player=player, text=orders.text
            )
        except RequestError as error:
            await self._say(message.channel, str(error))
            return
        await self._say(message.channel, reply.text)

    async def _answer_or_setup(
        self, message: discord.Message, word: str, argument: str, rest: str
    ) -> None:
        """``answer <choice>``: the answer to the decision he was asked (in his only running
        campaign); ``plays [campaign]`` with standing-order lines below: his plays for the open
        combat window; ``setup <campaign>`` with choice lines below: his secret setup
        choices; ``restart [campaign]`` with ``character: NAME`` and choice lines below: his
        fresh start after his character's death (9.1.2)."""
        player = player_id(message.author)
        try:
            if word == "plays":
                campaign = argument or await self._only_campaign(player)
                set_campaign(campaign)
                reply = await asyncio.to_thread(
                    self.service.answer_plays, campaign, player=player, text=rest
                )
            elif word == "answer":
                campaign = await self._only_campaign(player)
                set_campaign(campaign)
                reply = await asyncio.to_thread(
                    self.service.answer, campaign, player=player, answer=argument
                )
            elif word == "restart":
                campaign = argument or await self._only_campaign(player)
                set_campaign(campaign)
                reply = await asyncio.to_thread(
                    self.service.restart, campaign, player=player, text=rest
                )
            else:
                set_campaign(argument)
                reply = await asyncio.to_thread(
                    self.service.choose, argument, player=player, text=rest
                )
        except RequestError as error:
            await self._say(message.channel, str(error))
            return
        await self._say(message.channel, reply.text)

    async def _only_campaign(self, player: str) -> str:
        names = await asyncio.to_thread(self.service.player_campaigns, player)
        if len(names) == 1:
            return names[0]
        if not names:
            raise RequestError("you play in no running campaign")
        raise RequestError(
            f"you play in {len(names)} campaigns ({', '.join(names)}): "
            "name one on the first line, as in 'orders <campaign>'"
        )

    @staticmethod
    async def _say(channel: discord.abc.Messageable, text: str, *, escape: bool = True) -> None:
        for part in parts_of(text) if escape else [text]:
            await channel.send(part)
