"""Selects under a combat window's DM: one per decision, choosing an option answers it.

The service opens a combat window by DM (``templates/messages/combat_window.txt.j2``), one
decision a block::

    - Your target this round (8.4.2), or none
      Options: none | Giant 1 | Black Knight. Default: none.

Each block with at most 25 options (Discord's limit) gets a select; the others (a placement's
many) are answered by typing ``plays``. Like the decision buttons (:mod:`bot.discord.decisions`)
a select survives a restart: it is a :class:`discord.ui.DynamicItem` whose ``custom_id``
(``rb:play:<campaign id>:<decision index>``) and options hold all it needs, and a choice is taken
only while the player's open window still asks that decision with those options
(:meth:`~bot.service.CampaignService.answer_window_choice`). A choice may be changed until the
window closes, as typed plays may.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Self

import discord

from bot.discord.cogs.common import answer, player_id, reporting_failure
from bot.discord.decisions import NOT_YOURS, ServesCampaigns, pressed_by_recipient
from bot.service import RequestError

log = logging.getLogger("realmbot.discord.plays")

#: Discord's limits: options in a select, selects on a message, an option's label.
MAX_OPTIONS = 25
MAX_SELECTS = 5
LABEL_LENGTH = 100

CUSTOM_ID = r"rb:play:(?P<campaign>[0-9]{1,20}):(?P<index>[0-9]{1,2})"

_BLOCK = re.compile(r"^- (?P<prompt>.+)\n  Options: (?P<options>.+)\. Default: ", re.MULTILINE)


def read_window(content: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """A combat window DM's decisions, as (prompt, options) in order; None if ``content`` is
    not one."""
    if " window is open until " not in content.partition("\n")[0]:
        return None
    return [
        (found["prompt"], tuple(found["options"].split(" | ")))
        for found in _BLOCK.finditer(content)
    ]


class PlaySelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=CUSTOM_ID):
    """One decision of a combat window; it finds the service through the bot it is used in."""

    def __init__(
        self,
        campaign_id: int,
        index: int,
        options: tuple[str, ...] = (),
        prompt: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rb:play:{campaign_id}:{index}",
                placeholder=(prompt or "")[:150] or None,
                options=[
                    discord.SelectOption(label=option[:LABEL_LENGTH], value=str(n))
                    for n, option in enumerate(options)
                ],
            )
        )
        self.campaign_id, self.index, self.options = campaign_id, index, options

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        select = item.item if isinstance(item, discord.ui.DynamicItem) else item
        options: tuple[str, ...] = ()
        if isinstance(select, discord.ui.Select):
            options = tuple(o.label for o in select.options)
        return cls(int(match["campaign"]), int(match["index"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "a combat select", interaction, self.choose)

    async def choose(self, interaction: discord.Interaction) -> None:
        """Answer the decision with the option chosen, privately echoed, if the window still
        asks it."""
        client = interaction.client
        if not isinstance(client, ServesCampaigns):
            raise TypeError(f"combat selects need the realmbot, not {client!r}")
        if not await pressed_by_recipient(interaction):
            await answer(interaction, NOT_YOURS)
            return
        values = self.item.values
        chosen = self.options[int(values[0])] if values else None
        if chosen is None:
            return
        names = await asyncio.to_thread(client.service.campaign_names)
        name = names.get(self.campaign_id)
        if name is None:
            await answer(interaction, "This window is no longer open.")
            return
        try:
            reply = await asyncio.to_thread(
                client.service.answer_window_choice,
                name,
                player=player_id(interaction.user),
                index=self.index,
                offered=self.options,
                choice=chosen,
            )
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await answer(interaction, reply.text)


def window_view(campaign_id: int, content: str) -> discord.ui.View | None:
    """The selects for an outbox DM that opens a combat window, if any decision fits one."""
    decisions = read_window(content)
    if not decisions:
        return None
    view = discord.ui.View(timeout=None)
    for index, (prompt, options) in enumerate(decisions):
        if len(view.children) == MAX_SELECTS:
            break
        fits = all(len(option) <= LABEL_LENGTH for option in options)
        if fits and 1 < len(options) <= MAX_OPTIONS and len(set(options)) == len(options):
            view.add_item(PlaySelect(campaign_id, index, options, prompt))
    view.stop()
    return view if view.children else None
