"""The bot's cogs: :class:`PlayerCog` (joining, orders, status), :class:`ModeratorCog` (/gm)
and :class:`SettingsCog` (/settings, a player's notifications)."""

from __future__ import annotations

from bot.discord.cogs.moderators import ModeratorCog
from bot.discord.cogs.players import PlayerCog
from bot.discord.cogs.settings import SettingsCog

__all__ = ["ModeratorCog", "PlayerCog", "SettingsCog"]
