"""The bot: :func:`make_bot` builds it around a :class:`~bot.service.CampaignService`.

``setup_hook`` adds the cogs, registers the decision buttons (so that those of DMs sent before a
restart still work), syncs the slash commands (global commands), their names and descriptions
translated for the clients set to a language realmbot speaks (:mod:`bot.discord.translator`),
and starts the outbox delivery loop. Mentions are off for every message the bot sends
(``AllowedMentions.none()``) but the one asking a player whose DMs are closed to open them; once
he writes to the bot or uses a command, what waits for him is sent at once. The bot asks for no
privileged intent.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs import HelpCog, ModeratorCog, PlayerCog, SettingsCog
from bot.discord.cogs.common import answer, report_failure
from bot.discord.decisions import DecisionButton, DecisionSelect
from bot.discord.delivery import DEFAULT_INTERVAL, OutboxDelivery
from bot.discord.demon import DemonButton
from bot.discord.plays import LureSelect, PlaySelect
from bot.discord.status_board import refresh_boards
from bot.discord.translator import CatalogTranslator
from bot.discord.where import enter
from bot.logs import set_campaign
from bot.service import CampaignService

log = logging.getLogger("realmbot.discord")


class RealmTree(app_commands.CommandTree):
    """The command tree, whose last resort logs an unexpected error and tells the user."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Let every command through, naming its campaign (if it has one) in the log, and
        serving it within its server (or, in DMs, its user's campaigns: :mod:`bot.scope`)."""
        namespace = interaction.namespace
        set_campaign(getattr(namespace, "campaign", None) or getattr(namespace, "name", None))
        enter(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        apology = report_failure(log, f"/{command}", cause)
        try:
            await answer(interaction, apology)
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
        # Orders are the text of DMs, which Discord gives without the privileged Message
        # Content intent (as it does for messages mentioning the bot); nothing reads the text
        # of guild messages, so the bot asks for no privileged intent.
        intents = discord.Intents.default()
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
        self.delivery.after_pass = self.refresh_boards
        self.add_listener(self._heard_in_message, "on_message")
        self.add_listener(self._heard_in_interaction, "on_interaction")

    async def setup_hook(self) -> None:
        await self.add_cog(PlayerCog(self.service))
        await self.add_cog(ModeratorCog(self.service))
        await self.add_cog(SettingsCog(self.service))
        await self.add_cog(HelpCog())
        self.add_dynamic_items(DecisionButton, DecisionSelect, DemonButton, PlaySelect, LureSelect)
        await self.tree.set_translator(CatalogTranslator())
        if self.sync_tree:
            await self.tree.sync()
        self.delivery.start()

    async def close(self) -> None:
        await self.delivery.stop()
        await super().close()

    async def deliver_once(self) -> int:
        """One outbox delivery pass now, then the status boards brought up to date
        (:mod:`bot.discord.status_board`); returns how many messages were sent."""
        sent = await self.delivery.deliver_once()
        await self.refresh_boards()
        return sent

    async def _heard_in_message(self, message: discord.Message) -> None:
        """A message of a person (a DM, or in a channel): his queued DMs go at once."""
        if not message.author.bot:
            await self._heard_from(message.author.id)

    async def _heard_in_interaction(self, interaction: discord.Interaction) -> None:
        """An interaction of a person (a command, a button, a select): likewise."""
        await self._heard_from(interaction.user.id)

    async def _heard_from(self, user_id: int) -> None:
        """Someone the bot could not DM (his DMs closed) shows he is here: what waits for him
        is sent now rather than when its back-off ends (:meth:`OutboxDelivery.heard_from`)."""
        try:
            await self.delivery.heard_from(user_id)
        except Exception:
            log.exception("a delivery pass for a user heard from failed")

    async def refresh_boards(self) -> None:
        """The status boards brought up to date (after each delivery pass)."""
        await refresh_boards(self, self.service)


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
