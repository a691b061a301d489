"""The players' side: joining, readiness, status and one's own sheet by slash command, orders by
direct message.

Orders are a DM whose first line is ``orders <campaign>`` and whose other lines are the orders::

    orders North Sea
    M CV3, H, S

The campaign may be left out (``orders`` alone) when the player plays in one running campaign.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import call_and_answer, parts_of, player_id
from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope

CampaignName = app_commands.Range[str, 1, 100]
CharacterName = app_commands.Range[str, 1, 40]

ORDERS_HELP = (
    "To send orders, DM me a message whose first line is `orders <campaign>` "
    "and whose next lines are your orders, for example:\n"
    "```\norders North Sea\nM CV3, H, S\n```"
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


def running_campaigns_of(service: CampaignService, player: str) -> list[str]:
    """The running campaigns ``player`` has a seat in (blocking: run it in a thread)."""
    with session_scope(service.engine) as session:
        names = []
        for seat in repo.list_player_seats(session, player=player):
            campaign = repo.get_campaign_by_id(session, campaign_id=seat.campaign_id)
            if campaign is not None and campaign.status == "running":
                names.append(campaign.name)
        return names


class PlayerCog(commands.Cog, name="Players"):
    """Slash commands for players, and orders by DM."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service

    # --- slash commands -------------------------------------------------------------------------

    @app_commands.command(name="join", description="Join a campaign as a character")
    @app_commands.describe(campaign="the campaign's name", character="your character, e.g. Amazon")
    async def join(
        self, interaction: discord.Interaction, campaign: CampaignName, character: CharacterName
    ) -> None:
        user = interaction.user
        await call_and_answer(
            interaction,
            partial(
                self.service.join,
                campaign,
                player=player_id(user),
                player_name=user.display_name,
                character=character,
            ),
        )

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

    # --- orders by DM ---------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        orders = read_orders_message(message.content)
        if orders is None:
            await self._say(message.channel, ORDERS_HELP, escape=False)
            return
        player = player_id(message.author)
        try:
            campaign = orders.campaign or await self._only_campaign(player)
            if not orders.text:
                raise RequestError("your message has no orders: put them after the first line")
            reply = await asyncio.to_thread(
                self.service.submit_orders, campaign, player=player, text=orders.text
            )
        except RequestError as error:
            await self._say(message.channel, str(error))
            return
        await self._say(message.channel, reply.text)

    async def _only_campaign(self, player: str) -> str:
        names = await asyncio.to_thread(running_campaigns_of, self.service, player)
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
