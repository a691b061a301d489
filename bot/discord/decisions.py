"""Buttons under a decision's DM: one per option, pressing one answers the decision.

The service asks a mid-day decision by DM (``templates/messages/decision.txt.j2``)::

    North Sea, day 3: the Amazon must decide. Which chit do you rest first? (7.8.2)
    Options: MOVE M3*, FIGHT M4*. Without an answer by 2025-01-01 12:00 UTC: MOVE M3*.

The options are read from the DM's ``Options:`` line (:func:`read_decision`); the campaign is the
outbox message's own. The DM is shown as a card (:func:`decision_card`) above its buttons. The
buttons survive a restart of the bot: each is a :class:`discord.ui.DynamicItem` whose
``custom_id`` (``rb:decision:<campaign id>:<index>``) holds all it needs, and the bot registers
:class:`DecisionButton` once (``add_dynamic_items`` in its ``setup_hook``), so the bot keeps
nothing in memory about the DMs it sent.

A press asks the service for the player's open decision
(:meth:`~bot.resolution.Resolver.open_decision`): only if its options are still those on the
message's buttons does it send the inbox's ``answer`` (:mod:`bot.inbox`), as ``answer <option>``
by DM does (that path stays). Otherwise the player is told, privately, that the decision is no
longer open, and an old button never answers a newer decision. Only the DM's recipient can press
(it is checked all the same), and a press disables the message's buttons, except when the
pressed decision may still come: while another decision of the same player is open first.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.cards import Card, Field
from bot.discord.cogs.common import answer, player_id, reporting_failure
from bot.inbox import Request, take
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.decisions")

#: Discord's limits: buttons on a message, and a button's label.
MAX_BUTTONS = 25
LABEL_LENGTH = 80

#: A decision button's ``custom_id``: the campaign's id and the option's index (under 100 chars).
CUSTOM_ID = r"rb:decision:(?P<campaign>[0-9]{1,20}):(?P<index>[0-9]{1,2})"

#: What a press of a decision that was answered, defaulted or replaced says.
NO_LONGER_OPEN = "This decision is no longer open."
#: What a press says while the player has another decision to answer first.
NOT_OPEN_NOW = (
    "This decision is no longer open, or another one must be answered first "
    "(the oldest decision you were asked)."
)
#: What anyone but the DM's recipient is told (Discord should never let them press).
NOT_YOURS = "These buttons are for the player who was asked."

_OPTIONS = re.compile(
    r"^Options: (?P<options>.+?)\. Without an answer by (?P<due>[^:]+:[0-9]{2} UTC): "
    r"(?P<default>.+)\.$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class DecisionAsked:
    """A decision DM read back: its campaign, who must decide (``header``, ``Campaign, day 3:
    the Amazon must decide.``), the ``question``, the options offered in order, and what is
    taken (``default``) without an answer by ``due`` (as written: ``2025-01-01 12:00 UTC``)."""

    campaign: str
    options: tuple[str, ...]
    header: str = ""
    question: str = ""
    due: str = ""
    default: str = ""


def read_decision(campaign: str, content: str) -> DecisionAsked | None:
    """``content`` (an outbox DM of ``campaign``) as a decision, or ``None`` if it is not one, or
    its options would not fit on buttons (the player answers by DM then)."""
    first = content.partition("\n")[0]
    if not (first.startswith(f"{campaign}, day ") and " must decide. " in first):
        return None
    found = _OPTIONS.search(content)
    if found is None:
        return None
    options = tuple(o.strip() for o in found.group("options").split(", ") if o.strip())
    if not options or len(options) > MAX_BUTTONS or len(set(options)) < len(options):
        return None
    if any(len(option) > LABEL_LENGTH for option in options):
        return None
    header, _, question = first.partition(" must decide. ")
    return DecisionAsked(
        campaign=campaign,
        options=options,
        header=f"{header} must decide.",
        question=question.strip(),
        due=found.group("due"),
        default=found.group("default"),
    )


def decision_card(asked: DecisionAsked) -> Card:
    """The card a decision DM is shown as (its buttons go with it): who must decide, the
    question, the options, and the default with its deadline (a Discord timestamp once shown)."""
    return Card(
        title=asked.header,
        description=asked.question,
        fields=(
            Field("Options", ", ".join(asked.options)),
            Field("Without an answer", f"by {asked.due}: {asked.default}"),
        ),
        footer="Press an option, or answer by DM: answer <option>.",
    )


@runtime_checkable
class ServesCampaigns(Protocol):
    """The client a decision button is pressed through: the bot, with its service."""

    service: CampaignService


@dataclass(frozen=True)
class Pressed:
    """What a press finds: the option to answer (and the campaign's name), or why not."""

    campaign: str | None = None
    option: str | None = None
    refusal: str = NO_LONGER_OPEN


def find_open_option(
    service: CampaignService, campaign_id: int, player: str, offered: tuple[str, ...], index: int
) -> Pressed:
    """The option at ``index`` if ``offered`` (the message's buttons) is still the decision the
    player must make in the campaign ``campaign_id`` (blocking: run it in a thread)."""
    name = service.campaigns.campaign_names().get(campaign_id)
    if name is None:
        return Pressed()
    try:
        options = service.resolver.open_decision(name, player=player)
    except RequestError:
        return Pressed()
    if options is None:
        return Pressed()
    if tuple(options) != offered or not 0 <= index < len(options):
        return Pressed(refusal=NOT_OPEN_NOW)
    return Pressed(campaign=name, option=options[index])


async def pressed_by_recipient(interaction: discord.Interaction) -> bool:
    """Whether ``interaction`` comes from the DM between the bot and the user who pressed."""
    channel = interaction.channel
    if interaction.guild_id is not None or not isinstance(channel, discord.DMChannel):
        return False
    if channel.recipient is not None:
        return channel.recipient.id == interaction.user.id
    # Discord does not say who an interaction's DM is with: the user's DM channel must be it.
    dm = interaction.user.dm_channel or await interaction.user.create_dm()
    return dm.id == channel.id


def _button(item: discord.ui.Item[Any]) -> discord.ui.Button[Any] | None:
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    return inner if isinstance(inner, discord.ui.Button) else None


def offered_options(view: discord.ui.View) -> tuple[str, ...]:
    """The labels of ``view``'s buttons, in order: the options the message offers."""
    buttons = (_button(item) for item in view.children)
    return tuple(button.label or "" for button in buttons if button is not None)


def disable(view: discord.ui.View, chosen: discord.ui.Item[Any] | None = None) -> discord.ui.View:
    """``view`` with its buttons disabled, ``chosen`` shown as chosen; stopped, so that
    sending it does not keep it in the bot's memory."""
    for item in view.children:
        button = _button(item)
        if button is not None:
            button.disabled = True
            button.style = (
                discord.ButtonStyle.success if item is chosen else discord.ButtonStyle.secondary
            )
    view.stop()
    return view


class DecisionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=CUSTOM_ID
):
    """One option of a decision; it finds the rest (the service) through the bot pressed."""

    def __init__(self, campaign_id: int, index: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"rb:decision:{campaign_id}:{index}",
            )
        )
        self.campaign_id = campaign_id
        self.index = index

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        button = _button(item)
        label = button.label if button is not None else None
        return cls(int(match["campaign"]), int(match["index"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "a decision button", interaction, self.press)

    async def press(self, interaction: discord.Interaction) -> None:
        """Answer the decision if it is still open, and reply privately either way."""
        client = interaction.client
        if not isinstance(client, ServesCampaigns):
            raise TypeError(f"decision buttons need the realmbot, not {client!r}")
        if not await pressed_by_recipient(interaction):
            await answer(interaction, NOT_YOURS)
            return
        view = self.view
        if not isinstance(view, discord.ui.View):
            raise RuntimeError(f"a decision button pressed outside of its message: {view!r}")
        player = player_id(interaction.user)
        found = await asyncio.to_thread(
            find_open_option,
            client.service,
            self.campaign_id,
            player,
            offered_options(view),
            self.index,
        )
        if found.campaign is None or found.option is None:
            if found.refusal == NO_LONGER_OPEN:  # it will not come back: no more buttons
                await interaction.response.edit_message(view=disable(view))
            await answer(interaction, found.refusal)
            return
        await interaction.response.edit_message(view=disable(view, chosen=self))
        request = Request("answer", found.campaign, player, options={"choice": found.option})
        try:
            reply = await asyncio.to_thread(take, client.service, request)
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await answer(interaction, reply.text)


def decision_view(campaign_id: int, campaign: str, content: str) -> discord.ui.View | None:
    """The buttons for an outbox DM of ``campaign`` (whose id is ``campaign_id``), if it asks a
    decision. The view is stopped: the buttons are :class:`DecisionButton` and need no view."""
    decision = read_decision(campaign, content)
    if decision is None:
        return None
    view = discord.ui.View(timeout=None)
    for index, option in enumerate(decision.options):
        view.add_item(DecisionButton(campaign_id, index, label=option))
    view.stop()
    return view
