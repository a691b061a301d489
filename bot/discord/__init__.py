"""The Discord transport: slash commands, DM orders and outbox delivery over the campaign service.

:func:`make_bot` builds the bot. The cogs (:mod:`bot.discord.cogs`) turn interactions and direct
messages into calls of :class:`~bot.service.CampaignService`, each in a worker thread, and answer
with the service's reply; :mod:`bot.discord.delivery` sends what the service wrote to the outbox.
Every text the bot shows is escaped for Markdown and mentions, and the bot pings nobody but a
player whose DMs are closed, asked in the campaign's channel to open them.
:mod:`bot.discord.startup` connects, waiting out a network failure at start-up.
"""

from __future__ import annotations

from bot.discord.app import RealmBot, make_bot
from bot.discord.delivery import OutboxDelivery

__all__ = ["OutboxDelivery", "RealmBot", "make_bot"]
