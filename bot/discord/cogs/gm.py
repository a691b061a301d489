"""What every ``/gm`` command shares: :class:`GmCommands`, the base of the ``/gm`` cog
(:class:`~bot.discord.cogs.moderators.ModeratorCog`) and of the command groups it is made of
(:mod:`~bot.discord.cogs.team`, :mod:`~bot.discord.cogs.notices`): Discord's check, the
inbox's command (:mod:`bot.inbox`) on the campaign meant, run in a thread, and the private
answer; and the campaign option every ``/gm`` command takes."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.discord.cogs.common import MODERATORS_ONLY, answer, answer_reply, may_moderate, player_id
from bot.discord.options import CampaignOption
from bot.discord.where import Place
from bot.i18n import _
from bot.inbox import Option, Request, take
from bot.service import CampaignService, NotModeratorError, Reply, RequestError

log = logging.getLogger("realmbot.discord.moderators")

#: A service call on the moderator's id.
ModeratorAction = Callable[[str], Reply]

#: A ``/gm`` command's campaign option: left out, the channel's campaign.
Campaign = CampaignOption | None


class GmCommands(commands.Cog):
    """A base of the ``/gm`` cog holding its commands' common work (never added as a cog
    itself); ``service`` is the cog's."""

    service: CampaignService

    async def moderate(self, interaction: discord.Interaction, action: ModeratorAction) -> None:
        """Check Discord's permission, then run ``action(moderator_id)`` in a thread and answer
        privately with its reply (or its refusal)."""
        if not may_moderate(interaction):
            await answer(interaction, _(MODERATORS_ONLY))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.run_moderated(interaction, action)

    async def moderate_in(
        self,
        interaction: discord.Interaction,
        campaign: str | None,
        command: str,
        *,
        text: str = "",
        **options: Option,
    ) -> None:
        """:meth:`moderate` the inbox's ``command`` (:data:`bot.inbox.COMMANDS`) with ``text``
        and ``options`` on the campaign the slash command means: ``campaign``, else its
        channel's (:mod:`bot.discord.where`)."""
        place, engine = Place.of(interaction), self.service.engine

        def act(moderator: str) -> Reply:
            request = Request(command, place.campaign(engine, campaign), moderator, text, options)
            return take(self.service, request)

        await self.moderate(interaction, act)

    async def run_moderated(
        self, interaction: discord.Interaction, action: ModeratorAction
    ) -> None:
        """Run ``action(moderator_id)`` in a thread and answer privately with its reply or its
        refusal; the interaction has been responded to already."""
        moderator = player_id(interaction.user)
        try:
            reply = await asyncio.to_thread(action, moderator)
        except NotModeratorError as error:
            await answer(interaction, f"{_(MODERATORS_ONLY)} ({error})")
            return
        except RequestError as error:
            await answer(interaction, str(error))
            return
        log.info("moderator %s: %s", moderator, reply.text.partition("\n")[0])
        await answer_reply(interaction, reply)
