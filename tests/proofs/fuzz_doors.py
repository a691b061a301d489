"""The fuzz suite's doors (issue 20): every function that reads text a person sends, and what
must hold of its answer.

A door takes the text and answers an :class:`Answer`: accepted or refused (the refusal its own
exception type, :data:`REFUSED`: anything else is a crash), the texts the sender is shown, and
for orders the canonical echo. The doors are the order parser (a day's orders, standing orders,
a hireling's section: :func:`rules.orders.parse.parse_orders`), combat plays
(:func:`rules.evening.windows.read_plays`), setup choices (:func:`rules.setup.setup_choices` and
:class:`rules.setup.CharacterSetup`), campaign names (:func:`bot.campaigns.clean_name`), a
campaign setting's value (:meth:`bot.campaign_settings.CampaignSettings.configured`) and the
moderators' text (:func:`bot.store.typed_text`, the character names of
:func:`bot.names.matching` and :func:`bot.names.did_you_mean`), and any text the bot relays.

What must hold (:func:`findings`): an accepted order's echo parses again to the same orders; no
echo holds a mention, markup or invisible character; and every text shown, as the Discord
transport sends it (escaped, split at 2,000 characters: :func:`discord_parts`), holds no raw
mention or markup in any part.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from pydantic import ValidationError

from bot.campaign_settings import SETTINGS, CampaignSettings, SettingError
from bot.campaigns import clean_name
from bot.event_text import english
from bot.names import did_you_mean, matching
from bot.render import discord_times, escape_discord, split_message
from bot.store import RequestError, typed_text
from rules.board import board_for
from rules.catalog import catalog
from rules.evening.windows import read_plays
from rules.orders.parse import parse_orders
from rules.setup import CharacterSetup, SetupError, setup_choices
from rules.state import GameState, ItemState, Place
from tests.proofs.fuzz_inputs import Grammar
from tests.rules.games import fresh

CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")
#: The refusals a door may answer with; any other exception is a crash.
REFUSED: tuple[type[Exception], ...] = (RequestError, SetupError, SettingError)
#: What no echo may hold: mention and markup characters, and invisible or reordering ones.
ECHO_LEAK = re.compile(r"[@<>\[\]`|~\\_\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]|https?:")
#: Mentions Discord would ping or link: everyone, here, a user, a role, a channel, a command.
_RAW_MENTION = re.compile(r"@(everyone|here)|<@[!&]?\d+>|<#\d+>|</[^<>]*:\d+>")
#: A line Discord reads as a block: a quote, a heading or subtext, a list item.
_RAW_BLOCK = re.compile(r"^[ \t]*(>|#{1,3} |-# |[-*] )", re.M)
_MARKUP = frozenset("*_~`|[]")


@dataclass
class Answer:
    """A door's answer: accepted or not, the texts shown, and an accepted order's echo."""

    accepted: bool
    shown: list[str] = field(default_factory=list)
    echo: str | None = None
    reparse: Callable[[str], tuple[object, object]] | None = None


@dataclass(frozen=True)
class World:
    """The game the doors read against: the seed-7 game of :data:`CAST`, the Amazon given a
    Pony, the Crystal Ball and the Flying Carpet (so that sources and rearrangements read)."""

    state: GameState
    grammar: Grammar


@cache
def world() -> World:
    """The one :class:`World` of this process (built once: a game takes a while to set up)."""
    state = fresh(7, CAST)
    for item in ("Pony M3/M4", "Crystal Ball", "Flying Carpet"):
        state.put(item, Place.owner("Amazon"))
        state.characters["Amazon"].items[item] = ItemState()
    board = board_for(catalog(), state.tiles)
    grammar = Grammar(clearings=board.clearings(), tiles=tuple(t.tile for t in board.tiles))
    return World(state, grammar)


def orders_door(text: str, character: str) -> Answer:
    """A day's orders (or standing orders: the same parser) for ``character``."""
    state = world().state
    result = parse_orders(text, state, character)
    if result.orders is None:
        shown = [f"{p.code.value}: {english(p.message)} ({english(p.hint)})" for p in result.errors]
        return Answer(False, shown)

    def reparse(echo: str) -> tuple[object, object]:
        again = parse_orders(echo, state, character).orders
        return result.orders, again

    return Answer(True, [result.echo], result.echo, reparse)


def plays_door(text: str, character: str) -> Answer:
    """Combat plays typed for a window (none open: the lines are still read and checked)."""
    typed = read_plays(catalog(), world().state, character, text, [])
    return Answer(
        not typed.problems, [f"{english(p.message)} ({english(p.hint)})" for p in typed.problems]
    )


def setup_door(text: str, character: str) -> Answer:
    """Setup choices, read and checked as the service stores them."""
    choices = setup_choices(text)
    try:
        CharacterSetup.model_validate({**choices, "name": character})
    except ValidationError as error:
        raise SetupError(str(error)) from None
    return Answer(True, [repr(choices)])


def name_door(text: str, _: str) -> Answer:
    """A campaign's name, as created."""
    return Answer(True, [clean_name(text)])


def setting_door(text: str, character: str) -> Answer:
    """A setting's value, for a setting chosen by the character's index (every one in turn)."""
    keys = list(SETTINGS)
    key = keys[(len(text) + len(character)) % len(keys)]
    settings = CampaignSettings().configured(key, text)
    return Answer(True, [settings.value_text(key)])


def moderator_door(text: str, _: str) -> Answer:
    """A moderator's text: an announcement or reason, and a character name he types."""
    typed_text(text, "announcement")
    name = matching(text, CAST)
    return Answer(True, [text, name or f"No seat plays the {text[:40]}{did_you_mean(text, CAST)}"])


def relayed_door(text: str, _: str) -> Answer:
    """A text the bot relays as it is (a report, an announcement): checked as it is sent."""
    return Answer(True, [text])


DOORS: dict[str, Callable[[str, str], Answer]] = {
    "relayed": relayed_door,
    "orders": orders_door,
    "plays": plays_door,
    "setup": setup_door,
    "name": name_door,
    "setting": setting_door,
    "moderator": moderator_door,
}


def discord_parts(text: str) -> list[str]:
    """``text`` as the Discord transport sends it: escaped, times stamped, split."""
    return split_message(discord_times(str(escape_discord(text))))


def discord_leak(part: str) -> str | None:
    """The first raw mention or markup Discord would read in ``part``, or None."""
    found = _RAW_MENTION.search(part) or _RAW_BLOCK.search(part)
    if found is not None:
        return found.group()
    i = 0
    while i < len(part):
        if part[i] == "\\":
            i += 2
            continue
        if part[i] in _MARKUP:
            return part[max(0, i - 10) : i + 10]
        i += 1
    return None


def findings(kind: str, text: str, answer: Answer) -> list[str]:
    """What is wrong with ``answer`` to ``text`` at door ``kind`` (see the module docstring)."""
    found: list[str] = []
    if answer.echo is not None:
        leak = ECHO_LEAK.search(answer.echo)
        if leak is not None:
            found.append(f"echo-leak: {leak.group()!r} in {answer.echo[:200]!r}")
        if answer.reparse is not None:
            first, again = answer.reparse(answer.echo)
            if first != again:
                found.append(f"round-trip: {answer.echo[:200]!r} reads back otherwise")
    for shown in answer.shown:
        parts = discord_parts(shown)
        for part in parts:
            leak_text = discord_leak(part)
            if len(part) > 2000 or leak_text is not None:
                found.append(f"discord-leak: {leak_text!r} ({len(part)} chars) of {kind}")
                break
    return found
