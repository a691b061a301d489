"""Buttons under a decision's DM: one per option, pressing one answers the decision.

The service asks a mid-day decision by DM (``templates/messages/decision.txt.j2``)::

    North Sea, day 3: the Amazon must decide. Which chit do you rest first? (7.8.2)
    Options: MOVE M3* | FIGHT M4*. Without an answer by 2025-01-01 12:00 UTC: MOVE M3*.

The options are read from the DM's ``Options:`` line (:func:`read_decision`), written
``MOVE M3* | FIGHT M4*`` (an option may hold a comma: Violent Storm's ``3, 4``; DMs from before
were written with commas, and are read so); the campaign is the outbox message's own. The DM is
shown as a card (:func:`decision_card`) above its buttons. The buttons survive a restart of the
bot: each is a :class:`discord.ui.DynamicItem` whose
``custom_id`` (``rb:decision:<campaign id>:<index>``) holds all it needs, and the bot registers
:class:`DecisionButton` once (``add_dynamic_items`` in its ``setup_hook``), so the bot keeps
nothing in memory about the DMs it sent.

A decision of over 25 options (a Wish's clearing anywhere on the map) gets selects instead, one
for each share of 25 options, at most five (:class:`DecisionSelect`, ``rb:choice:<campaign
id>:<share>``); a choice on one is taken as a press is.

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
from functools import cache
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.cards import Card, Field
from bot.discord.cogs.common import answer, player_id, reporting_failure
from bot.discord.where import enter_language
from bot.i18n import N_, _, patterns
from bot.inbox import Request, take
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.decisions")

#: Discord's limits: buttons on a message, and a button's label; options in a select, selects on
#: a message, and a select option's label.
MAX_BUTTONS = 25
LABEL_LENGTH = 80
MAX_OPTIONS = 25
MAX_SELECTS = 5
OPTION_LENGTH = 100

#: Between the options on a decision DM's ``Options:`` line; :data:`OLD_SEPARATOR` before.
SEPARATOR = " | "
OLD_SEPARATOR = ", "

#: A decision button's ``custom_id``: the campaign's id and the option's index (under 100 chars).
CUSTOM_ID = r"rb:decision:(?P<campaign>[0-9]{1,20}):(?P<index>[0-9]{1,2})"
#: A decision select's ``custom_id``: the campaign's id and which share of the options it holds.
SELECT_ID = r"rb:choice:(?P<campaign>[0-9]{1,20}):(?P<share>[0-9])"

#: What a press of a decision that was answered, defaulted or replaced says.
NO_LONGER_OPEN = N_("This decision is no longer open.")
#: What a press says while the player has another decision to answer first.
NOT_OPEN_NOW = N_(
    "This decision is no longer open, or another one must be answered first "
    "(the oldest decision you were asked)."
)
#: What anyone but the DM's recipient is told (Discord should never let them press).
NOT_YOURS = N_("These buttons are for the player who was asked.")

#: A decision DM's lines (``templates/messages/decision.txt.j2``) as messages: each language
#: says them in its words.
_HEADER = "%(name)s, day %(day)s: the %(character)s must decide."
_OPTIONS = "Options: %(options)s. Without an answer by %(due)s UTC: %(default)s."


@cache
def _options() -> tuple[re.Pattern[str], ...]:
    """A decision DM's line of options, default and deadline (``UTC`` included), as each
    language says it."""
    groups = {"options": "(?P<options>.+?)", "due": "(?P<due>.+?)", "default": "(?P<default>.+)"}
    said = (
        text.replace(r"(?P<due>.+?)\ UTC", r"(?P<due>.+?\ UTC)")
        for text in patterns(_OPTIONS, groups)
    )
    return tuple(re.compile(f"^{text}$", re.MULTILINE) for text in said)


@cache
def _header(campaign: str) -> tuple[re.Pattern[str], ...]:
    """A decision DM's first line, who must decide and the question, in each language."""
    groups = {"name": re.escape(campaign), "day": "[0-9]+", "character": ".+?"}
    return tuple(
        re.compile(f"^(?P<header>{text}) (?P<question>.*)$") for text in patterns(_HEADER, groups)
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
    its options would not fit on buttons or selects (the player answers by DM then)."""
    first = content.partition("\n")[0]
    heading = next((h for p in _header(campaign) if (h := p.match(first)) is not None), None)
    found = next((o for p in _options() if (o := p.search(content)) is not None), None)
    if heading is None or found is None:
        return None
    written = found.group("options")
    between = SEPARATOR if SEPARATOR in written else OLD_SEPARATOR
    options = tuple(o.strip() for o in written.split(between) if o.strip())
    if not options or len(set(options)) < len(options):
        return None
    if len(options) > MAX_OPTIONS * MAX_SELECTS:
        return None
    if any(len(option) > OPTION_LENGTH for option in options):
        return None
    return DecisionAsked(
        campaign=campaign,
        options=options,
        header=heading.group("header"),
        question=heading.group("question").strip(),
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
            Field("Options", SEPARATOR.join(asked.options)),
            Field("Without an answer", f"by {asked.due}: {asked.default}"),
        ),
        footer=(
            f"{'Press' if buttons(asked) else 'Choose'} an option, or answer by DM: "
            "answer <option>."
        ),
    )


def buttons(asked: DecisionAsked) -> bool:
    """Whether ``asked`` is answered with a button for each option (else with selects)."""
    return len(asked.options) <= MAX_BUTTONS and all(
        len(option) <= LABEL_LENGTH for option in asked.options
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
    service: CampaignService,
    campaign_id: int,
    player: str,
    offered: tuple[str, ...],
    index: int,
    start: int | None = None,
) -> Pressed:
    """The option at ``index`` of ``offered`` if ``offered`` (the message's buttons, or with a
    ``start`` a select's share of the options from the ``start``-th) is still the decision the
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
    shown = tuple(options) if start is None else tuple(options[start : start + len(offered)])
    if shown != offered or not 0 <= index < len(offered):
        return Pressed(refusal=NOT_OPEN_NOW)
    return Pressed(campaign=name, option=offered[index])


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


async def recipient_served(interaction: discord.Interaction, what: str) -> ServesCampaigns | None:
    """The realmbot serving ``interaction`` (``what`` pressed, for the error when it is another
    client), if it comes from the DM of the user who pressed; else None, the presser told that
    the choice is not his."""
    enter_language(interaction)
    client = interaction.client
    if not isinstance(client, ServesCampaigns):
        raise TypeError(f"{what} need the realmbot, not {client!r}")
    if not await pressed_by_recipient(interaction):
        await answer(interaction, _(NOT_YOURS))
        return None
    return client


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
        client = await recipient_served(interaction, "decision buttons")
        if client is None:
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
            await answer(interaction, _(found.refusal))
            return
        await interaction.response.edit_message(view=disable(view, chosen=self))
        await answer(interaction, await _answered(client, found, player))


class DecisionSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_ID
):
    """One share of the options of a decision too long for buttons; a choice is taken as a
    press of :class:`DecisionButton` is, if the decision is still open with these options."""

    def __init__(self, campaign_id: int, share: int, labels: tuple[str, ...] = ()) -> None:
        first = share * MAX_OPTIONS + 1
        super().__init__(
            discord.ui.Select(
                custom_id=f"rb:choice:{campaign_id}:{share}",
                placeholder=_("Options %(first)s-%(last)s")
                % {"first": first, "last": first + len(labels) - 1},
                options=[
                    discord.SelectOption(label=label, value=str(n))
                    for n, label in enumerate(labels)
                ],
            )
        )
        self.campaign_id, self.share, self.labels = campaign_id, share, labels

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        labels = (
            tuple(o.label for o in inner.options) if isinstance(inner, discord.ui.Select) else ()
        )
        return cls(int(match["campaign"]), int(match["share"]), labels)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "a decision select", interaction, self.choose)

    async def choose(self, interaction: discord.Interaction) -> None:
        """Answer the decision with the option chosen if it is still open; reply privately."""
        client = await recipient_served(interaction, "decision selects")
        if client is None:
            return
        values = self.item.values
        if not values or not values[0].isdigit():
            return
        found = await asyncio.to_thread(
            find_open_option,
            client.service,
            self.campaign_id,
            player_id(interaction.user),
            self.labels,
            int(values[0]),
            self.share * MAX_OPTIONS,
        )
        if found.campaign is None or found.option is None:
            await answer(interaction, _(found.refusal))
            return
        await answer(interaction, await _answered(client, found, player_id(interaction.user)))


async def _answered(client: ServesCampaigns, found: Pressed, player: str) -> str:
    """The service's reply to ``player``'s answer ``found``, or its refusal."""
    assert found.campaign is not None and found.option is not None
    request = Request("answer", found.campaign, player, options={"choice": found.option})
    try:
        reply = await asyncio.to_thread(take, client.service, request)
    except RequestError as error:
        return str(error)
    return reply.text


def decision_view(campaign_id: int, campaign: str, content: str) -> discord.ui.View | None:
    """The buttons for an outbox DM of ``campaign`` (whose id is ``campaign_id``), if it asks a
    decision — or its selects, a share of 25 options each, when it has too many options or
    too long for buttons. The view is stopped: the buttons are :class:`DecisionButton` (the
    selects :class:`DecisionSelect`) and need no view."""
    decision = read_decision(campaign, content)
    if decision is None:
        return None
    view = discord.ui.View(timeout=None)
    if buttons(decision):
        for index, option in enumerate(decision.options):
            view.add_item(DecisionButton(campaign_id, index, label=option))
    else:
        options = decision.options
        for share, at in enumerate(range(0, len(options), MAX_OPTIONS)):
            view.add_item(DecisionSelect(campaign_id, share, options[at : at + MAX_OPTIONS]))
    view.stop()
    return view
