"""The spells and Curses in a clearing (L4682, L5049, L5177): what Exorcise breaks there, and
what Remedy and Dissolve Spell may name as their target (8.4.2d) — each written as the player
reads it and as the state holds it.

A spell in effect is in a clearing when one of its targets is there — an individual, the
clearing itself or its tile, an item or Magic chit of someone there — or when the character who
controls it is there (4.6.10g.1: breaking a spell in its caster's clearing). A Curse is in the
clearing of the character who has it. A Flying Carpet's own spell ("an unbreakable Permanent
spell", L4558) is in the clearing of the card's holder while a colour chit keeps it energized
for the day (:attr:`rules.day.state.DayState.carpets`).
"""

from __future__ import annotations

from rules.board import parse_clearing_id
from rules.magic.state import SpellInEffect
from rules.state import GameState, Place

#: How a Curse is written as a spell's target in the state (:mod:`rules.magic.state`).
CURSE = "curse:"
#: How a spell in effect is written as a spell's target in the state.
SPELL = "spell:"


def is_here(state: GameState, clearing: str, target: str) -> bool:
    """Whether the spell's ``target`` is in ``clearing``: the clearing itself or its tile, an
    individual there, an item or Magic chit of someone there."""
    if target in (clearing, parse_clearing_id(clearing)[0]):
        return True
    if target.startswith((SPELL, CURSE)):
        return False
    piece = target
    if target.startswith("chit:"):  # chit:<owner>/<label>: the owner (a label holds no slash)
        piece = target[len("chit:") : target.index("/")]
    for _ in range(3):
        try:
            kind, where = Place.split(state.place_of(piece))
        except KeyError:
            return False
        if kind != "with":
            return kind == "at" and where == clearing
        piece = where
    return False


def spells(state: GameState, clearing: str) -> dict[str, SpellInEffect]:
    """The spells in effect in ``clearing`` (see the module docstring), by the words that name
    each — ``Witch King's Transform on Amazon`` —, in casting order; a second spell the same
    words would name gets its number after them."""
    found: dict[str, SpellInEffect] = {}
    for spell in state.spells:
        here = state.clearing_of(spell.controller) == clearing
        if not here and not any(is_here(state, clearing, t) for t in spell.targets):
            continue
        words = f"{spell.caster}'s {spell.spell}"
        if spell.targets:
            words += " on " + " and ".join(spell.targets)
        if words in found:
            words += f" ({spell.number})"
        found[words] = spell
    return found


def curses(state: GameState, clearing: str) -> dict[str, tuple[str, str]]:
    """The Curses on the characters in ``clearing``, by the words that name each — ``Amazon's
    Ashes`` — as (character, Curse), in the order of the characters and their sheets."""
    return {
        f"{name}'s {curse}": (name, curse)
        for name, sheet in state.characters.items()
        if not sheet.dead and state.clearing_of(name) == clearing
        for curse in sheet.curses
    }


def carpets(state: GameState, energized: list[str], clearing: str) -> dict[str, str]:
    """The Flying Carpets in ``clearing`` whose spell a colour chit energized today
    (``energized``, :attr:`rules.day.state.DayState.carpets`), by the words that name the spell —
    ``Witch King's Flying Carpet`` — as their pieces: what a spellbreaking spell there may
    name, and Exorcise makes fall inert (L4558)."""
    found: dict[str, str] = {}
    for carpet in energized:
        kind, holder = Place.split(state.place_of(carpet))
        if kind == "with" and is_here(state, clearing, carpet):
            found[f"{holder}'s {carpet}"] = carpet
    return found
