"""Selects under a combat window's DM: one per decision, choosing an option answers it.

The service opens a combat window by DM (``templates/messages/combat_window.txt.j2``), one
decision a block::

    - Your target this round (8.4.2), or none
      Options: none | Giant 1 | Black Knight. Default: none.

Lures of two or more denizens come as one block, ``Any of: Giant 1 | Ogre 1. Default: none.``,
whose select (:class:`LureSelect`) takes any number of them, or none: each chosen is lured, the
others not (issue 32). Each other block gets a select, or two or more when it has over 25
options (Discord's limit: an attack's chits and directions may); a message holds five selects,
so those beyond go on messages of their own after the window's (:func:`window_views`).

Like the decision buttons (:mod:`bot.discord.decisions`) a select survives a restart: it is a
:class:`discord.ui.DynamicItem` whose ``custom_id`` (``rb:play:<campaign id>:<window
tag>:<decision index>[.<share>]``, the tag from the DM's header) and options hold all it needs,
and a choice is taken only while the player's open window is that window and still asks that
decision with those options (:meth:`~bot.plays.Plays.answer_window_choice`).
Selects sent before windows had tags (``rb:play:<campaign id>:<decision index>``) are still
read, without the tag's check. A choice may be changed until the window closes, as typed plays
may.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Self

import discord

from bot.discord.cogs.common import answer, player_id, reporting_failure
from bot.discord.decisions import ServesCampaigns, recipient_served
from bot.discord.outgoing import shown
from bot.i18n import Language, _, translations
from bot.option_lists import expand
from bot.service import RequestError
from bot.store import Reply

log = logging.getLogger("realmbot.discord.plays")

#: Discord's limits: options in a select, selects on a message, an option's label.
MAX_OPTIONS = 25
MAX_SELECTS = 5
LABEL_LENGTH = 100
#: Discord's limits on a message in its newer layout: characters of text, components.
LAYOUT_TEXT = 4000
LAYOUT_COMPONENTS = 40

CUSTOM_ID = (
    r"rb:play:(?P<campaign>[0-9]{1,20}):(?:(?P<tag>[0-9a-f]{8}):)?(?P<index>[0-9]{1,2})"
    r"(?:\.(?P<part>[0-9]))?"
)

LURES_ID = r"rb:lure:(?P<campaign>[0-9]{1,20}):(?P<tag>[0-9a-f]{8}):(?P<index>[0-9]{1,2})"

#: The parts of a combat window's DM (``templates/messages/combat_window.txt.j2``) its selects are
#: read from, as their messages: each language says them in its words.
_HEADER = (
    "%(name)s, day %(day)s: the %(character)s's %(kinds)s window is open until %(due)s UTC "
    "(window %(tag)s)."
)
_ONE = "Options: %(options)s. Default: %(default)s."
_MANY = "Any of: %(options)s. Default: %(default)s."


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The window's tag at the end of its heading, and a block (its prompt, then its options
    and default), as every language realmbot speaks writes them."""
    tags: set[str] = set()
    ones: set[str] = set()
    manys: set[str] = set()
    defaults: set[str] = set()
    for spoken in Language:
        said = translations(spoken).gettext
        tags.add(said(_HEADER).partition("%(tag)s")[0].rpartition("(")[2])
        for message, kind in ((_ONE, ones), (_MANY, manys)):
            before, _, after = said(message).partition("%(options)s")
            kind.add(before)
            defaults.add(after.partition("%(default)s")[0])

    def either(texts: set[str]) -> str:
        return "|".join(re.escape(text) for text in sorted(texts, key=len, reverse=True))

    tag = re.compile(rf"\((?:{either(tags)})(?P<tag>[0-9a-f]{{8}})\)\.$", re.MULTILINE)
    block = re.compile(
        rf"^- (?P<prompt>.+)\n  (?:(?P<one>{either(ones)})|(?P<many>{either(manys)}))"
        rf"(?P<options>.+)(?:{either(defaults)})",
        re.MULTILINE,
    )
    return tag, block


@dataclass(frozen=True)
class Block:
    """A block of a combat window's DM: its prompt and options, the index of its (first)
    decision in the window, and whether it stands for one yes-or-no lure decision per option
    (``many``: any of them may be chosen, or none)."""

    prompt: str
    options: tuple[str, ...]
    index: int
    many: bool = False


def read_window(content: str) -> tuple[str, list[Block]] | None:
    """A combat window DM's tag and blocks, in order; None if ``content`` is not one."""
    tag, block = _patterns()
    header = tag.search(content)  # its first line, or the first after the rounds before it
    if header is None:
        return None
    blocks: list[Block] = []
    index = 0
    for found in block.finditer(content, header.end()):
        options = tuple(o for entry in found["options"].split(" | ") for o in expand(entry))
        many = found["many"] is not None
        blocks.append(Block(found["prompt"], options, index, many))
        index += len(options) if many else 1
    return header["tag"], blocks


def _select_options(labels: tuple[str, ...]) -> list[discord.SelectOption]:
    """A select's options: each label (cut to Discord's length), its index the value."""
    return [
        discord.SelectOption(label=label[:LABEL_LENGTH], value=str(n))
        for n, label in enumerate(labels)
    ]


def _labels(item: discord.ui.Item[Any]) -> tuple[str, ...]:
    """The labels of the select a restarted bot is handed (a select's options hold all it
    needs)."""
    select = item.item if isinstance(item, discord.ui.DynamicItem) else item
    if isinstance(select, discord.ui.Select):
        return tuple(o.label for o in select.options)
    return ()


async def _campaign(
    interaction: discord.Interaction, campaign_id: int
) -> tuple[ServesCampaigns, str] | None:
    """The bot and the name of the campaign a select of a window DM belongs to; None, the
    chooser told why, if he is not its recipient or the campaign is gone."""
    client = await recipient_served(interaction, "combat selects")
    if client is None:
        return None
    names = await asyncio.to_thread(client.service.campaigns.campaign_names)
    name = names.get(campaign_id)
    if name is None:
        await answer(interaction, _("This window is no longer open."))
        return None
    return client, name


async def _echo(interaction: discord.Interaction, call: Callable[[], Reply]) -> None:
    """Run the service's ``call`` off the event loop; its reply, or its refusal, privately."""
    try:
        reply = await asyncio.to_thread(call)
    except RequestError as error:
        await answer(interaction, str(error))
        return
    await answer(interaction, reply.text)


class PlaySelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=CUSTOM_ID):
    """One decision of a combat window; it finds the service through the bot it is used in."""

    def __init__(
        self,
        campaign_id: int,
        tag: str | None,
        index: int,
        options: tuple[str, ...] = (),
        prompt: str | None = None,
        part: int | None = None,
    ) -> None:
        window = f"{tag}:" if tag is not None else ""
        share = f".{part}" if part is not None else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"rb:play:{campaign_id}:{window}{index}{share}",
                placeholder=(prompt or "")[:150] or None,
                options=_select_options(options),
            )
        )
        self.campaign_id, self.tag, self.index, self.options = campaign_id, tag, index, options

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        part = int(match["part"]) if match["part"] is not None else None
        index = int(match["index"])
        return cls(int(match["campaign"]), match["tag"], index, _labels(item), part=part)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "a combat select", interaction, self.choose)

    async def choose(self, interaction: discord.Interaction) -> None:
        """Answer the decision with the option chosen, privately echoed, if the window still
        asks it."""
        values = self.item.values
        found = await _campaign(interaction, self.campaign_id)
        if found is None or not values:
            return
        client, name = found
        answer_choice = partial(
            client.service.plays.answer_window_choice,
            name,
            player=player_id(interaction.user),
            index=self.index,
            offered=self.options,
            choice=self.options[int(values[0])],
            tag=self.tag,
        )
        await _echo(interaction, answer_choice)


class LureSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=LURES_ID):
    """The lures of a combat window as one select of any number of denizens, or none (issue
    32); it finds the service through the bot it is used in."""

    def __init__(self, campaign_id: int, tag: str, index: int, denizens: tuple[str, ...]) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rb:lure:{campaign_id}:{tag}:{index}",
                placeholder=_("Lure any of them (8.3.4), or none"),
                min_values=0,
                max_values=max(1, len(denizens)),
                options=_select_options(denizens),
            )
        )
        self.campaign_id, self.tag, self.index, self.denizens = campaign_id, tag, index, denizens

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["campaign"]), match["tag"], int(match["index"]), _labels(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "a lure select", interaction, self.choose)

    async def choose(self, interaction: discord.Interaction) -> None:
        """Lure the denizens chosen and not the others, privately echoed, if the window still
        asks those lures."""
        found = await _campaign(interaction, self.campaign_id)
        if found is None:
            return
        client, name = found
        chosen = frozenset(
            self.denizens[int(v)]
            for v in self.item.values
            if v.isdigit() and int(v) < len(self.denizens)
        )
        answer_lures = partial(
            client.service.plays.answer_lures,
            name,
            player=player_id(interaction.user),
            index=self.index,
            denizens=self.denizens,
            chosen=chosen,
            tag=self.tag,
        )
        await _echo(interaction, answer_lures)


def _window_items(
    campaign_id: int, content: str
) -> list[discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]]]:
    """The selects of an outbox DM that opens a combat window, in the window's order: one for
    each decision that fits one (a block of lures a select of any number of its denizens, a
    decision of over 25 options one per share); none if ``content`` opens no window."""
    window = read_window(content)
    if window is None:
        return []
    tag, blocks = window
    items: list[discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]]] = []
    for block in blocks:
        prompt, options, index = block.prompt, block.options, block.index
        fits = all(len(option) <= LABEL_LENGTH for option in options)
        if block.many:
            if fits and len(options) <= MAX_OPTIONS:
                items.append(LureSelect(campaign_id, tag, index, options))
            continue
        if not fits or len(options) < 2 or len(set(options)) != len(options):
            continue
        shares = [options[at : at + MAX_OPTIONS] for at in range(0, len(options), MAX_OPTIONS)]
        if len(shares) == 1:
            items.append(PlaySelect(campaign_id, tag, index, options, prompt))
            continue
        for part, share in enumerate(shares):
            placeholder = f"{prompt} ({part + 1}/{len(shares)})"
            items.append(PlaySelect(campaign_id, tag, index, share, placeholder, part))
    return items


def window_views(campaign_id: int, content: str) -> list[discord.ui.View]:
    """The selects for an outbox DM that opens a combat window (:func:`_window_items`), five to
    a view (Discord's limit on a message of text): the form of a window too long for one
    message (:func:`window_layout`), whose text the transport sends first, then each view on a
    message of its own (:meth:`bot.discord.delivery.DiscordTransport.send`)."""
    items = _window_items(campaign_id, content)
    views = []
    for at in range(0, len(items), MAX_SELECTS):
        view = discord.ui.View(timeout=None)
        for item in items[at : at + MAX_SELECTS]:
            view.add_item(item)
        view.stop()
        views.append(view)
    return views


def window_layout(campaign_id: int, content: str) -> tuple[str, discord.ui.LayoutView] | None:
    """A combat window as one message (issue 32): its text as Discord shows it above a row for
    each of its selects, in Discord's newer layout (components v2), which holds 4,000
    characters and 40 components where a message of text holds 2,000 and five selects. The
    rounds' report heading the window goes in the same message if it fits, else first, as
    text of its own: returned with the layout, empty when it is in it. None if ``content``
    opens no window, or if the window alone does not fit so: then it goes as text and
    :func:`window_views`."""
    items = _window_items(campaign_id, content)
    header = _patterns()[0].search(content)
    if not items or header is None or 1 + 2 * len(items) > LAYOUT_COMPONENTS:
        return None
    before = ""
    text = shown(content)
    if len(text) > LAYOUT_TEXT:
        start = content.rfind("\n", 0, header.start()) + 1
        before, text = content[:start].rstrip("\n"), shown(content[start:])
        if len(text) > LAYOUT_TEXT:
            return None
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    for item in items:
        layout.add_item(discord.ui.ActionRow(item))
    layout.stop()
    return before, layout
