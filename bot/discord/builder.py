"""``/orders build``: the day's orders picked phase by phase from a select of what the engine
says he may record next (:mod:`bot.birdsong`), then sent as typed orders are.

The message is his alone (ephemeral), and so are its controls: a select of the next phase's
options, "Undo" and "Send". Discord shows at most 25 options, so when there are more the select
offers the activities first — each one without a target as itself, the targeted ones of a kind
as one entry (``M … (4)``) — and picking such an entry offers its targets, with "Back". A player
who records others' turns too (his familiar, his hirelings) builds his own, then theirs one by
one ("Next: Lancers HQ"), each sent in its section of the message. Sending calls the service as
a DM's orders do and answers with the same echo or list of problems; he may change them and
send again (a new version). Unanswered, the builder expires.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import discord

from bot.birdsong import DayBuilder
from bot.discord.cogs.common import call_and_answer, escaped, player_id, reporting_failure
from bot.discord.where import enter, enter_language
from bot.i18n import _
from bot.inbox import Request, take
from bot.service import CampaignService
from bot.terms import term
from rules import Activity, ActivityKind

log = logging.getLogger("realmbot.discord.builder")

#: Seconds the builder waits for its player.
BUILDER_TIMEOUT = 900.0
#: Discord's limit on a select's options.
SELECT_OPTIONS = 25
#: Discord's limit on a button's label.
LABEL = 80
#: The value of a menu entry that stands for the targeted activities of one kind.
KIND = "kind:"

Callback = Callable[[discord.Interaction], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Entry:
    """One option of the builder's select: its label and its value."""

    label: str
    value: str


def entries(options: list[Activity], kind: ActivityKind | None) -> list[Entry]:
    """The select's entries for ``options``: every one when they fit (or, with ``kind``, that
    kind's targeted ones); else each activity without a target, and one entry per kind for its
    targeted ones."""
    if kind is not None:
        chosen = [a for a in options if a.kind is kind and a.target is not None]
        return [Entry(str(a), str(a)) for a in chosen][:SELECT_OPTIONS]
    if len(options) <= SELECT_OPTIONS:
        return [Entry(str(a), str(a)) for a in options]
    found: list[Entry] = []
    for activity in options:
        targeted = [a for a in options if a.kind is activity.kind and a.target is not None]
        if activity.target is None or len(targeted) == 1:
            found.append(Entry(str(activity), str(activity)))
        elif activity is targeted[0]:
            name = activity.kind.value
            found.append(Entry(f"{name} … ({len(targeted)})", f"{KIND}{name}"))
    return found[:SELECT_OPTIONS]


class _Button(discord.ui.Button["OrdersBuilder"]):
    """A button of the builder that runs ``action``."""

    def __init__(self, label: str, action: Callback, *, disabled: bool, primary: bool) -> None:
        style = discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary
        super().__init__(label=label, style=style, disabled=disabled)
        self.action = action

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.action(interaction)


class OrdersBuilder(discord.ui.View):
    """The builder's controls under its message (see the module docstring)."""

    def __init__(self, service: CampaignService, builder: DayBuilder) -> None:
        super().__init__(timeout=BUILDER_TIMEOUT)
        self.service = service
        self.builder = builder
        self.kind: ActivityKind | None = None
        self.refresh()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Let every press through, speaking its member's language (the view's callbacks run
        in a task of their own)."""
        enter_language(interaction)
        return True

    def content(self) -> str:
        """The orders built so far and the step he is at, in the language spoken."""
        built = self.builder
        turn = built.turn
        own = built.current == 0
        words = {
            "number": len(turn.chosen) + 1,
            "phases": turn.phases,
            "who": term(turn.who),
            "next": term(built.next_one) if built.next_one is not None else None,
            "kind": self.kind.value if self.kind is not None else "",
        }
        if built.options():
            number = (
                _("phase %(number)s of %(phases)s")
                if own
                else _("phase %(number)s of %(phases)s for %(who)s")
            ) % words
            step = (
                _("Pick %(phase)s: %(kind)s what?")
                if self.kind is not None
                else _("Pick %(phase)s.")
            ) % {**words, "phase": number}
        elif built.next_one is not None:
            step = (
                _("Every phase is recorded: go on to %(next)s, send, or undo.")
                if own
                else _("Every phase for %(who)s is recorded: go on to %(next)s, send, or undo.")
            ) % words
        else:
            step = (
                _("Every phase is recorded: send them, or undo.")
                if own
                else _("Every phase for %(who)s is recorded: send them, or undo.")
            ) % words
        nothing = _("(nothing yet)")
        lines = [built.turns[0].text() or nothing]
        lines += [
            f"{t.who}: {t.text() or nothing}"
            for index, t in enumerate(built.turns[1:], start=1)
            if t.chosen or index <= built.current
        ]
        so_far = "\n".join(lines)
        heading = _("Orders for the %(character)s, day %(day)s of %(campaign)s:") % {
            "character": term(built.character),
            "day": built.day,
            "campaign": built.campaign,
        }
        return escaped(f"{heading}\n{so_far}\n{step}")

    def refresh(self) -> None:
        """Controls for where the builder stands: the next phase's select, Back (while a kind's
        targets are offered), Next (to the next turn he records), Undo, Send."""
        self.clear_items()
        offered = entries(self.builder.options(), self.kind)
        if offered:
            select: discord.ui.Select[OrdersBuilder] = discord.ui.Select(
                placeholder=_("Phase %(number)s") % {"number": len(self.builder.turn.chosen) + 1},
                options=[discord.SelectOption(label=e.label, value=e.value) for e in offered],
            )

            async def chosen(interaction: discord.Interaction) -> None:
                await self._chosen(interaction, select.values)

            select.callback = chosen  # type: ignore[method-assign]
            self.add_item(select)
        if self.kind is not None:
            self._button(_("Back"), self._back, disabled=False)
        if self.builder.next_one is not None:
            following = _("Next: %(next)s") % {"next": self.builder.next_one}
            self._button(following[:LABEL], self._next, disabled=False)
        self._button(_("Undo"), self._undo, disabled=not self.builder.built())
        self._button(_("Send"), self._send, disabled=not self.builder.built(), primary=True)

    def _button(
        self, label: str, action: Callback, *, disabled: bool, primary: bool = False
    ) -> None:
        self.add_item(_Button(label, action, disabled=disabled, primary=primary))

    async def _show(self, interaction: discord.Interaction) -> None:
        self.refresh()
        await interaction.response.edit_message(content=self.content(), view=self)

    async def _chosen(self, interaction: discord.Interaction, values: list[str]) -> None:
        value = values[0] if values else ""
        kinds = {k.value: k for k in ActivityKind}
        if value.startswith(KIND) and value[len(KIND) :] in kinds:
            self.kind = kinds[value[len(KIND) :]]
        elif self.builder.choose(value):
            self.kind = None
        await self._show(interaction)

    async def _back(self, interaction: discord.Interaction) -> None:
        self.kind = None
        await self._show(interaction)

    async def _next(self, interaction: discord.Interaction) -> None:
        self.kind = None
        self.builder.next_turn()
        await self._show(interaction)

    async def _undo(self, interaction: discord.Interaction) -> None:
        self.kind = None
        self.builder.undo()
        await self._show(interaction)

    async def _send(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "sending built orders", interaction, self._submit)

    async def _submit(self, interaction: discord.Interaction) -> None:
        enter(interaction)
        campaign, player = self.builder.campaign, player_id(interaction.user)
        text = self.builder.text()
        request = Request("orders", campaign, player, text)
        await call_and_answer(interaction, lambda: take(self.service, request))
