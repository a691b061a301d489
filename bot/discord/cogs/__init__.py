"""The bot's cogs: :class:`PlayerCog` (joining, orders, status) and :class:`ModeratorCog` (/gm)."""

from __future__ import annotations

from bot.discord.cogs.moderators import ModeratorCog
from bot.discord.cogs.players import PlayerCog

__all__ = ["ModeratorCog", "PlayerCog"]
