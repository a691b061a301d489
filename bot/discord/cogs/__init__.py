"""The bot's cogs: :class:`PlayerCog` (joining, orders, status), :class:`ModeratorCog` (/gm),
:class:`SettingsCog` (/settings, a player's notifications) and :class:`HelpCog` (/help)."""

from __future__ import annotations

from bot.discord.cogs.help import HelpCog
from bot.discord.cogs.moderators import ModeratorCog
from bot.discord.cogs.players import PlayerCog
from bot.discord.cogs.settings import SettingsCog

__all__ = ["HelpCog", "ModeratorCog", "PlayerCog", "SettingsCog"]
