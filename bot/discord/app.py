"""The bot: :func:`make_bot` builds it around a :class:`~bot.service.CampaignService`.

``setup_hook`` adds the cogs, registers the decision buttons (so that those of DMs sent before a
restart still work), syncs the slash commands (global commands) and starts the outbox delivery
loop. Mentions are off for every message the bot sends (``AllowedMentions.none()``).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs import ModeratorCog, PlayerCog
from bot.discord.cogs.common import FAILED, answer
from bot.discord.decisions import DecisionButton
from bot.discord.delivery import DEFAULT_INTERVAL, OutboxDelivery
from bot.service import CampaignService

log = logging.getLogger("realmbot.discord")


class RealmTree(app_commands.CommandTree):
    """The command tree, whose last resort logs an unexpected error and tells the user."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("/%s failed", command, exc_info=error)
        try:
            await answer(interaction, FAILED)
        except discord.HTTPException:
            log.warning("could not tell the user that /%s failed", command)


class RealmBot(commands.Bot):
    """The realmbot on Discord: the cogs over one service, and its outbox delivery."""

    def __init__(
        self,
        service: CampaignService,
        *,
        sync_tree: bool = True,
        moderators_channel: int | None = None,
        delivery_interval: float = DEFAULT_INTERVAL,
    ) -> None:
        intents = discord.Intents.default()  # guilds and messages, in guilds and DMs
        intents.message_content = True  # orders are the text of DMs
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            tree_cls=RealmTree,
        )
        self.service = service
        self.sync_tree = sync_tree
        self.delivery = OutboxDelivery(
            self, service, moderators_channel=moderators_channel, interval=delivery_interval
        )

    async def setup_hook(self) -> None:
        await self.add_cog(PlayerCog(self.service))
        await self.add_cog(ModeratorCog(self.service))
        self.add_dynamic_items(DecisionButton)
        if self.sync_tree:
            await self.tree.sync()
        self.delivery.start()

    async def close(self) -> None:
        await self.delivery.stop()
        await super().close()

    async def deliver_once(self) -> int:
        """One outbox delivery pass now; returns how many messages were sent."""
        return await self.delivery.deliver_once()


def make_bot(
    service: CampaignService,
    *,
    sync_tree: bool = True,
    moderators_channel: int | None = None,
    delivery_interval: float = DEFAULT_INTERVAL,
) -> RealmBot:
    """The bot for ``service``. ``moderators_channel`` is where moderators' messages go for
    campaigns that name no channel of their own (else the campaign's channel)."""
    return RealmBot(
        service,
        sync_tree=sync_tree,
        moderators_channel=moderators_channel,
        delivery_interval=delivery_interval,
    )
