"""``/orders build``: the day's orders picked phase by phase from a select of what the engine
says he may record next (:mod:`bot.birdsong`), then sent as typed orders are.

The message is his alone (ephemeral), and so are its controls: a select of the next phase's
options (Discord shows at most 25: Moves, Hide, Rest, Search, Alert and Blank first; the rest
he may type in ``/orders send``), "Undo" and "Send". Sending calls the service as a DM's
orders do and answers with the same echo or list of problems; he may change them and send again
(a new version). Unanswered, the builder expires.
"""

from __future__ import annotations

import logging

import discord

from bot import scope
from bot.birdsong import DayBuilder
from bot.discord.cogs.common import call_and_answer, escaped, player_id, reporting_failure
from bot.discord.where import scope_of
from bot.service import CampaignService
from rules.orders.model import Activity, ActivityKind

log = logging.getLogger("realmbot.discord.builder")

#: Seconds the builder waits for its player.
BUILDER_TIMEOUT = 900.0
#: Discord's limit on a select's options.
SELECT_OPTIONS = 25
K = ActivityKind
#: The activities kept first when there are more options than a select shows.
FIRST = (K.MOVE, K.HIDE, K.REST, K.SEARCH, K.ALERT, K.BLANK)


def shown(options: list[Activity]) -> list[Activity]:
    """The options a select shows, in the engine's order: all, or :data:`FIRST`'s kinds first
    and the others while there is room."""
    if len(options) <= SELECT_OPTIONS:
        return options
    first = [a for a in options if a.kind in FIRST][:SELECT_OPTIONS]
    room = SELECT_OPTIONS - len(first)
    others = [a for a in options if a.kind not in FIRST][:room]
    kept = set(map(str, first + others))
    return [a for a in options if str(a) in kept]


class OrdersBuilder(discord.ui.View):
    """The builder's controls under its message (see the module docstring)."""

    def __init__(self, service: CampaignService, builder: DayBuilder) -> None:
        super().__init__(timeout=BUILDER_TIMEOUT)
        self.service = service
        self.builder = builder
        self.refresh()

    def content(self) -> str:
        built = self.builder
        done = len(built.chosen)
        so_far = built.text() or "(nothing yet)"
        if built.options():
            step = f"Pick phase {done + 1} of {built.phases}."
        else:
            step = "Every phase is recorded: send them, or undo."
        more = len(built.options()) - len(shown(built.options()))
        hidden = f" ({more} more options: type them with /orders send)" if more > 0 else ""
        return escaped(
            f"Orders for the {built.character}, day {built.day} of {built.campaign}:\n"
            f"{so_far}\n{step}{hidden}"
        )

    def refresh(self) -> None:
        """Controls for where the builder stands: the next phase's select, Undo, Send."""
        self.clear_items()
        options = shown(self.builder.options())
        if options:
            select: discord.ui.Select[OrdersBuilder] = discord.ui.Select(
                placeholder=f"Phase {len(self.builder.chosen) + 1}",
                options=[discord.SelectOption(label=str(a), value=str(a)) for a in options],
            )
            select.callback = lambda interaction: self._chosen(interaction, select)  # type: ignore[method-assign]
            self.add_item(select)
        undo: discord.ui.Button[OrdersBuilder] = discord.ui.Button(
            label="Undo", style=discord.ButtonStyle.secondary, disabled=not self.builder.chosen
        )
        undo.callback = self._undo  # type: ignore[method-assign]
        send: discord.ui.Button[OrdersBuilder] = discord.ui.Button(
            label="Send", style=discord.ButtonStyle.primary, disabled=not self.builder.chosen
        )
        send.callback = self._send  # type: ignore[method-assign]
        self.add_item(undo)
        self.add_item(send)

    async def _chosen(
        self, interaction: discord.Interaction, select: discord.ui.Select[OrdersBuilder]
    ) -> None:
        if select.values:
            self.builder.choose(select.values[0])
        self.refresh()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def _undo(self, interaction: discord.Interaction) -> None:
        self.builder.undo()
        self.refresh()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def _send(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "sending built orders", interaction, self._submit)

    async def _submit(self, interaction: discord.Interaction) -> None:
        scope.enter(scope_of(interaction))
        campaign, player, text = (
            self.builder.campaign,
            player_id(interaction.user),
            self.builder.text(),
        )
        await call_and_answer(
            interaction, lambda: self.service.submit_orders(campaign, player=player, text=text)
        )
