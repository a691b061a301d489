"""Finding English left in a message meant for a reader of another language (issue 35).

The word list is made from the project's own words, nothing written by hand: every word of the
English messages of the catalog (``templates/locale/realmbot.pot``: the templates' sentences,
the bot's, the engine's phrases), less every word its translation uses too (``cosas`` in both,
a command such as ``orders`` that both languages type, a number's unit), the words of the
game's English names added (``Amazon``), less the keys of the order notation both languages
type (``lure``, ``target``); a run of three words a translation copies from its English (the
order notation it quotes) counts for neither. What is left are the words that only
English uses — ``the``, ``his``, ``cannot``, ``Amazon`` (Amazona in Spanish) — and a message
that holds one (as a whole word, whatever its case), once its game names as its rulebook prints
them are set aside (the Spanish rulebook keeps the treasures' and spells' English names: ``Eye of
the Moon`` is Spanish too), holds English its reader cannot read.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import Language, translations
from rules import glossary
from rules.catalog import catalog
from rules.decisions.kinds import COMBAT_KINDS, TURN_KINDS
from rules.orders.combat import COMBAT_KEYS
from rules.orders.instructions import INSTRUCTION_KEYS
from rules.orders.meetings import MEETING_KEYS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "templates" / "locale"
#: A word: three letters or more (``of``, ``a``, ``de`` tell nothing), apostrophes inside.
_WORD = re.compile(r"[^\W\d_][^\W\d_']*(?:'[^\W\d_]+)*")
#: What a message quotes or names rather than says: placeholders, code spans, commands.
_QUOTED = re.compile(r"%\([a-z_]+\)[sd]|`[^`\n]*`|\{\{.*?\}\}")


#: The words that start a line of the notation both languages write alike (6.2.6: "M NW2"):
#: a standing instruction, a combat play, a meeting's choice, a setup choice (``key: value``,
#: as a player types them and the echo gives them back), an echo's ``note:`` (which the reader
#: skips when the echo is sent back), and a decision's answer as a sealed set of plays lists it
#: (``lure Giant 1: no``).
_KEYS = {*COMBAT_KEYS, *INSTRUCTION_KEYS, *MEETING_KEYS, *COMBAT_KINDS, *TURN_KINDS}
_SETUP = {"victory", "spells", "character", "setup", "restart", "note"}
#: A combat window's list of options: the codes a player answers with (its heading's words are
#: its language's).
_OPTIONS = (
    "Options: %(options)s. Default: %(default)s.",
    "Any of: %(options)s. Default: %(default)s.",
)


@cache
def _notation(spoken: Language) -> re.Pattern[str]:
    """A line of notation (:data:`_KEYS`, :data:`_OPTIONS`) as ``spoken`` writes it."""
    keys = "|".join(re.escape(key) for key in sorted(_KEYS | _SETUP, key=len, reverse=True))
    said = translations(spoken).gettext
    heads = {said(o).partition("%(options)s")[0] for o in _OPTIONS} | {
        o.partition("%(options)s")[0] for o in _OPTIONS
    }
    options = "|".join(re.escape(head) for head in sorted(heads))
    return re.compile(rf"^\s*(?:- )?(?:(?:{keys})\b[^:\n]*:|(?:{options}))", re.IGNORECASE)


#: Notation inside a line: a phase's source in parentheses, as a player names it (6.2.4:
#: ``- (Aura of Power)``), the setup choices an echo gives back (``victory: Fame 2, Gold 1``),
#: a problem's code (``[extra-activity]``), a version tag or salt (hexadecimal: ``0add31f2``), and
#: a chit's name in capitals, as both rulebooks print them (``MOVE M4*``, ``RUINS M``).
_INSIDE = re.compile(
    r"\((?:[A-Z][a-z]+)(?: (?:of|the|[A-Z][a-z]+))*\)|\b(?:victory|spells): [^;\n]*"
    r"|\[[a-z]+(?:-[a-z]+)*\]|\b[0-9a-f]{8,64}\b|\b[A-Z]{2,}\b"
)
#: A line of phases as orders and their echo write them (6.2.6: ``T Lancers, *M AV5, -``).
_PHASES = re.compile(r"^\*?(?:[A-Z]{1,2}|-)(?: [^,\n]+)?(?:, \*?(?:[A-Z]{1,2}|-)(?: [^,\n]+)?)*$")


def prose(text: str, spoken: Language = Language.EN) -> str:
    """``text`` without its notation: its lines of notation (:func:`_notation`, :data:`_PHASES`)
    and what :data:`_INSIDE` finds in the others."""
    notation = _notation(spoken)
    plain = text.replace("\\", "")  # a Discord message's escapes
    kept = (
        line
        for line in plain.splitlines()
        if not notation.match(line) and not _PHASES.match(line.strip())
    )
    return "\n".join(_INSIDE.sub(" ", line) for line in kept)


def words(text: str) -> set[str]:
    """The words of ``text`` of three letters or more, in lower case, quoted code left out."""
    found = _WORD.findall(_QUOTED.sub(" ", text))
    return {word.casefold() for word in found if len(word) >= 3}


@cache
def english_only(spoken: Language) -> frozenset[str]:
    """The words of the English messages that ``spoken`` never uses (module docstring)."""
    english: set[str] = set()
    spoken_words: set[str] = set()
    with (LOCALES / "realmbot.pot").open("rb") as file:
        template = read_po(file)
    with (LOCALES / spoken.value / "LC_MESSAGES" / "realmbot.po").open("rb") as file:
        translated = read_po(file, locale=spoken.value)
    for message in template:
        english |= words(" ".join(_texts(message.id)))
    for message in translated:
        source = " ".join(_texts(message.id))
        spoken_words |= words(_own(" ".join(_texts(message.string)), source))
    names = {word for name in glossary(spoken.value).entries for word in words(name)}
    keys = {word for key in _KEYS | _SETUP for word in words(key.replace("_", " "))}
    return frozenset((english | names) - spoken_words - keys)


@cache
def _terms(spoken: Language) -> re.Pattern[str]:
    """Every game name as ``spoken``'s rulebook prints it (longest first), as whole words: its
    glossary's terms, and the map chits' words, which every rulebook prints in English (the
    Set Up Card's box of the Statue's Imp is "Statue")."""
    chits = {name.split(" ")[0] for name in catalog().map_chits}
    named = {entry.term for entry in glossary(spoken.value).entries.values()} | chits
    terms = sorted(named, key=len)
    alternatives = "|".join(re.escape(term) for term in reversed(terms))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])", re.IGNORECASE)


def _own(translation: str, source: str) -> str:
    """``translation`` without the runs of three words or more it copies from its English
    ``source``: the order notation a Spanish sentence quotes (``any attacker on my sheet``) is
    no Spanish."""
    theirs = [word.casefold() for word in _WORD.findall(_QUOTED.sub(" ", source))]
    copied = {tuple(theirs[i : i + 3]) for i in range(len(theirs) - 2)}
    mine = _WORD.findall(_QUOTED.sub(" ", translation))
    keep = [True] * len(mine)
    for i in range(len(mine) - 2):
        if tuple(word.casefold() for word in mine[i : i + 3]) in copied:
            keep[i] = keep[i + 1] = keep[i + 2] = False
    return " ".join(word for word, kept in zip(mine, keep, strict=True) if kept)


def _texts(value: object) -> list[str]:
    """A catalog message's texts: its one string, or its plural forms."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [text for text in value if isinstance(text, str)]
    return []


def untranslated(text: str, spoken: Language) -> list[str]:
    """The English-only words of ``text`` (:func:`english_only`) outside its lines of order
    notation and its game names (as its rulebook prints them: ``Eye of the Moon`` is Spanish
    too), sorted, each once."""
    return sorted(words(_terms(spoken).sub(" ", prose(text, spoken))) & english_only(spoken))
