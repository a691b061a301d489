"""What the ``/gm`` group's command mixins (:mod:`~bot.discord.cogs.team`,
:mod:`~bot.discord.cogs.notices`) rely on: :class:`GmCommands`, their base, whose ``service`` and
``moderate_in`` :class:`~bot.discord.cogs.moderators.ModeratorCog` supplies, and the campaign
option every ``/gm`` command takes."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord.ext import commands

from bot.discord.options import CampaignOption
from bot.service import CampaignService, Reply

#: A service call on (campaign name, moderator id).
InCampaign = Callable[[str, str], Reply]

#: A ``/gm`` command's campaign option: left out, the channel's campaign.
Campaign = CampaignOption | None


class GmCommands(commands.Cog):
    """A base of the ``/gm`` cog holding some of its commands (never added as a cog itself)."""

    service: CampaignService

    async def moderate_in(
        self, interaction: discord.Interaction, campaign: str | None, action: InCampaign
    ) -> None:
        """The cog's: ``action(campaign name, moderator id)`` on the campaign meant, checked and
        answered privately."""
        raise NotImplementedError
