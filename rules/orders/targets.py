"""What a phase's target names: clearings, tiles, Search tables, native groups and visitors,
action chits (6.2.6 L1524; the Daylight Activities table L5509–5531).

:class:`~rules.orders.world.Map` is the board as one character may use it now (7.3.1a);
:func:`target` turns the text after an activity into its canonical target, or raises
:class:`OrderError` with a :class:`~rules.orders.problems.ProblemCode` and a hint. A clearing
is a tile code or name and a number (``cv5``, ``CV 5``, ``Curst Valley 5``); ``CG CL CS CN`` tell
the four C tiles apart (6.2.6), so ``C5`` is refused with the candidates. Names are read whole-word
and case-insensitively by :func:`pick`, never guessed when ambiguous.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from rules.board import ClearingError, is_tile_code
from rules.catalog import Catalog
from rules.glossary import read_name
from rules.magic.colors import chit_color
from rules.magic.pacification import spells_hiring
from rules.orders.entitlement import activity_name
from rules.orders.model import ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.world import EDGE, Map
from rules.phrases import Phrase, Value, phrase
from rules.pieces import is_phantasm
from rules.schema.chits import ChitKind
from rules.schema.visitors import FaceKind

K = ActivityKind

#: The Search tables, as a target of S and of the ``search`` instruction (7.5).
SEARCH_TABLES = ("Peer", "Locate", "Loot", "Reading Runes", "Magic Sight")
#: What :func:`pick` calls a Search table, and the tables.
SEARCH_TABLE = phrase("orders.search_table"), phrase("orders.search_tables")
#: What ``S Loot`` names to loot the pile of abandoned belongings in his clearing (7.5.5b).
PILE = "pile"

_NEEDS_TARGET = frozenset({K.MOVE, K.TRADE, K.HIRE, K.FOLLOW, K.PEER, K.FLY, K.REMOTE_ENCHANT})
_NO_TARGET = frozenset({K.HIDE, K.REST, K.ENCHANT_FIRST, K.CACHE, K.BLANK})
_LETTERS = frozenset(string.ascii_letters)
_NAME_CHARACTERS = _LETTERS | {"'", " "}


def quote(text: str, limit: int = 60) -> str:
    """``text`` quoted safely for a message: repr, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def either(items: Sequence[str]) -> Value:
    """``items`` as the words ``A or B or C`` (a phrase when there are two or more)."""
    if len(items) < 2:
        return items[0] if items else ""
    return phrase("orders.either", first=items[0], rest=either(items[1:]))


class OrderError(Exception):
    """A part of an order that cannot be read: a stable ``code``, the ``message`` and a ``hint``
    (None: no hint), phrases the reader reads in his language."""

    def __init__(self, code: ProblemCode, message: Phrase, hint: Phrase | None = None) -> None:
        super().__init__(message.key)
        self.code, self.message, self.hint = code, message, hint


def _clearing(world: Map, text: str, *, edge: bool = False) -> str:
    """A clearing id on this map from what the player wrote (6.2.6 L1524)."""
    words = " ".join(text.split())
    if edge and words.casefold() == "edge":
        return EDGE
    written = _split_clearing(words)
    example = phrase("orders.clearing_example")
    if written is None:
        message = phrase("orders.not_a_clearing", text=quote(text))
        raise OrderError(ProblemCode.BAD_CLEARING, message, example)
    name, number = written
    code = world.tile_codes.get(name.casefold(), name.upper())
    on_map = [p.tile for p in world.board.tiles]
    if not is_tile_code(world.catalog, code):
        near = [c for c in on_map if c.startswith(code) and len(code) < len(c)]
        with_number = [c for c in near if number in world.board.side(c).clearing_numbers()]
        candidates = sorted(f"{c}{number}" for c in with_number or near)
        if len(with_number) > 1:
            raise OrderError(
                ProblemCode.AMBIGUOUS,
                phrase("orders.could_be", text=quote(text), names=tuple(candidates)),
                phrase("orders.c_tiles"),
            )
        hint = phrase("orders.did_you_mean", names=tuple(candidates)) if candidates else example
        message = phrase("orders.no_such_tile", text=quote(text), code=repr(code))
        raise OrderError(ProblemCode.BAD_CLEARING, message, hint)
    try:
        return world.board.resolve(f"{code}{number}")
    except ClearingError as error:
        raise OrderError(ProblemCode.BAD_CLEARING, error.phrase, example) from None


def _split_clearing(words: str) -> tuple[str, int] | None:
    """``words`` read as a tile's code or name and a clearing number (``CV5``, ``Curst Valley 5``),
    or None. String methods only: linear time."""
    name = words.rstrip(string.digits)
    digits = words[len(name) :]
    name = name.strip()
    if not digits or not name or name[0] not in _LETTERS or not set(name) <= _NAME_CHARACTERS:
        return None
    return name, int(digits)


def _tile(world: Map, text: str) -> str:
    words = " ".join(text.split())
    code = world.tile_codes.get(words.casefold(), words.upper())
    if world.board.placed(code) is None:
        on_map = ", ".join(p.tile for p in world.board.tiles)
        raise OrderError(
            ProblemCode.BAD_TILE,
            phrase("orders.not_a_tile", text=quote(text)),
            phrase("orders.tiles", tiles=on_map),
        )
    return code


def pick(text: str, names: Sequence[str], what: Phrase, plural: Phrase) -> tuple[str, str]:
    """The name among ``names`` that ``text`` starts with (whole words, case-insensitive; a
    unique prefix of the first word is enough; or the name's term in another language, as its
    glossary gives it: ``Leer Runas``), and the rest of ``text``. An unknown name is
    ``bad-target`` (not a ``what``), its hint listing ``names`` as ``plural``."""
    words = text.split()
    for size in range(len(words), 0, -1):
        head = " ".join(words[:size]).casefold()
        exact = [n for n in names if n.casefold() == head]
        if not exact and (translated := read_name(head)) in names:
            exact = [str(translated)]
        if exact:
            return exact[0], " ".join(words[size:])
    first = words[0].casefold() if words else ""
    prefixed = [n for n in names if n.casefold().startswith(first)] if first else []
    if len(prefixed) == 1 and len(first) >= 2:
        return prefixed[0], " ".join(words[1:])
    if len(prefixed) > 1:
        raise OrderError(
            ProblemCode.AMBIGUOUS,
            phrase("orders.could_be", text=quote(text), names=tuple(prefixed)),
            phrase("orders.write_more"),
        )
    raise OrderError(
        ProblemCode.BAD_TARGET,
        phrase("orders.is_not_a", text=quote(text), what=what),
        phrase("orders.listed", what=plural, names=tuple(names)),
    )


def visitors(catalog: Catalog) -> list[str]:
    return [
        face.name
        for chit in catalog.visitors.values()
        for face in chit.faces
        if face.kind is FaceKind.VISITOR
    ]


def _chit(world: Map, text: str, actions: Sequence[str]) -> str:
    """One of his action chits of ``actions``, as printed (``MAGIC III4*``); ``III4*`` will do."""
    label = " ".join(text.upper().split())
    if label.split()[0] not in actions:
        label = f"{actions[0]} {label}"
    labels = [c.label for c in world.state.sheet(world.character).chits]
    if label in labels and label.split()[0] in actions:
        return label
    mine = [x for x in dict.fromkeys(labels) if x.split()[0] in actions]
    kinds = either(actions)  # the chits' printed actions: MAGIC, BERSERK
    raise OrderError(
        ProblemCode.BAD_TARGET,
        phrase("orders.not_your_chits", text=quote(text), kinds=kinds),
        phrase("orders.yours", names=tuple(mine))
        if mine
        else phrase("orders.no_chit", kinds=kinds),
    )


def target(world: Map, kind: ActivityKind, text: str) -> str | None:
    """The canonical target of a ``kind`` phase from the text after the activity."""
    text = " ".join(text.split())
    if kind is K.ENCHANT:
        return enchanting(world, text)
    if kind is K.PEER and world.character in world.state.familiars:
        if text:
            message = (
                phrase("orders.phantasm_peers", text=quote(text))
                if is_phantasm(world.character)
                else phrase("orders.familiar_peers", text=quote(text))
            )
            raise OrderError(ProblemCode.UNEXPECTED_TARGET, message, phrase("orders.just_p"))
        return None
    if not text:
        if kind in _NEEDS_TARGET:
            what = {
                K.FLY: phrase("orders.a_tile"),
                K.FOLLOW: phrase("orders.a_character"),
                K.TRADE: phrase("orders.a_group_or_visitor"),
                K.HIRE: phrase("orders.a_native_group"),
            }.get(kind, phrase("orders.a_clearing"))
            raise OrderError(
                ProblemCode.MISSING_TARGET,
                phrase("orders.needs", activity=activity_name(kind), what=what),
                phrase("orders.example", example=f"{kind.value} {_example(world, kind)}"),
            )
        return None
    if kind in _NO_TARGET:
        raise OrderError(
            ProblemCode.UNEXPECTED_TARGET,
            phrase(
                "orders.takes_nothing",
                activity=activity_name(kind),
                letters=kind.value,
                text=quote(text),
            ),
            phrase("orders.write_just", letters=kind.value),
        )
    if kind is K.MOVE:
        return _clearing(world, text, edge=True)
    if kind is K.PEER:
        return _clearing(world, text)
    if kind is K.REMOTE_ENCHANT:
        return _remote(world, text)
    if kind is K.FLY:
        return _tile(world, text)
    if kind is K.SEARCH:
        return _search(world, text)
    if kind is K.TRADE:
        groups = [*world.catalog.natives, *visitors(world.catalog)]
        return _only(
            text,
            groups,
            phrase("orders.native_group_or_visitor"),
            phrase("orders.native_groups_and_visitors"),
            "Trade (T)",
        )
    if kind is K.HIRE:  # a native group, or a pacifying spell of his whose monsters he hires
        groups = [*world.catalog.natives, *hiring_spells(world)]
        group, plural = phrase("orders.native_group"), phrase("orders.native_groups")
        return _only(text, groups, group, plural, "Hire (HR)")
    if kind is K.ALERT:
        return alerting(world, text)
    return read_name(text) or text  # Follow (by a term too): checked with the whole day


def alerting(world: Map, text: str) -> str:
    """What an Alert phase names (7.9): ``weapon``, ``unalert``, or one of his Magic chits,
    which he alerts to time 0 (7.9.3, 8.3.9b.4), or his BERSERK chit (the Berserker's). A chit
    he does not have is refused with those he has and the other two words."""
    if text.casefold() in ("weapon", "unalert"):
        return text.casefold()
    labels = [c.label for c in world.state.sheet(world.character).chits]
    kinds = tuple(k for k in ("MAGIC", "BERSERK") if any(x.split()[0] == k for x in labels))
    try:
        return _chit(world, text, kinds or ("MAGIC",))
    except OrderError as refused:
        mine = [x for x in dict.fromkeys(labels) if x.split()[0] in kinds]
        hint = (
            phrase("orders.alert_or_yours", names=tuple(mine))
            if mine
            else phrase("orders.alert_words")
        )
        raise OrderError(refused.code, refused.message, hint) from None


def hiring_spells(world: Map) -> list[str]:
    """The pacifying spells in effect whose monsters he may hire, by name (7.7.5a L1980: "When
    such a spell is in effect during Daylight, the spellcaster and his hired leaders can use
    Hire phases to hire the target denizens"): ``HR Deal with Goblins``, ``HR Persuade``
    (:func:`rules.magic.pacification.spells_hiring`)."""
    return spells_hiring(world.catalog, world.state, world.character)


def enchanters(world: Map) -> list[str]:
    """His Magic chits that can do enchantments (Types I–V, 7.10.2), by label, once each, in
    development order — whatever their state now: one fatigued at Birdsong may be rested by the
    time he enchants."""
    return list(
        dict.fromkeys(
            c.label
            for c in world.state.sheet(world.character).chits
            if c.label.startswith("MAGIC ") and chit_color(c.label) is not None
        )
    )


def enchanting(world: Map, text: str) -> str:
    """An Enchant phase's target (7.10.1–7.10.4): the Magic chit he enchants (``MAGIC III4*``),
    or ``tile`` and the Magic chit that enchants his tile (``tile MAGIC II3*``). The chit is
    named (7.10.2): a bare ``E`` or ``E tile`` is refused, naming the chits he could use; so is a
    chit of Type VI–VIII, which cannot do enchantments. A phantasm names its controller's
    chits, which it enchants with (L5068)."""
    text = " ".join(text.split())
    if world.character not in world.state.characters and not is_phantasm(world.character):
        return text  # hired leaders and controlled monsters cannot Enchant (6.2.5): refused so
    first, _, rest = text.partition(" ")
    tile = first.casefold() == "tile"
    chit = rest if tile else text
    mine = enchanters(world)
    hint = phrase("orders.yours", names=tuple(mine)) if mine else phrase("orders.no_enchanter")
    if not chit:
        message = (
            phrase("orders.enchant_names_tile_chit")
            if tile
            else phrase("orders.enchant_names_chit")
        )
        if mine:
            example = f"E {'tile ' if tile else ''}{mine[0]}"
            hint = phrase("orders.example_then", example=example, hint=hint)
        raise OrderError(ProblemCode.MISSING_TARGET, message, hint)
    try:
        label = _chit(world, chit, ("MAGIC",))
    except OrderError as refused:
        raise OrderError(refused.code, refused.message, hint) from None
    if chit_color(label) is None:
        raise OrderError(
            ProblemCode.BAD_TARGET,
            phrase("orders.cannot_enchant", chit=label),
            hint,
        )
    return f"tile {label}" if tile else label


def _remote(world: Map, text: str) -> str:
    """A Remote Enchant phase's target (7.10.5): the clearing, then what an Enchant phase
    names there (:func:`enchanting`): ``CV5 MAGIC III4*``, ``CV5 tile MAGIC II3*``. The
    clearing is read up to its number, the first word that ends in a digit."""
    words = text.split()
    end = next((i for i, w in enumerate(words) if w[-1].isdigit()), len(words) - 1)
    clearing = _clearing(world, " ".join(words[: end + 1]))
    rest = " ".join(words[end + 1 :])
    if not rest:
        mine = enchanters(world)
        raise OrderError(
            ProblemCode.MISSING_TARGET,
            phrase("orders.remote_names"),
            phrase(
                "orders.remote_example",
                chit=f"RE {clearing} {mine[0] if mine else 'MAGIC III4*'}",
                tile=f"RE {clearing} tile ...",
            ),
        )
    return f"{clearing} {enchanting(world, rest)}"


def sites(catalog: Catalog) -> list[str]:
    """The treasure sites' chits (``HOARD 6``...), which Loot and Reading Runes may name."""
    return [c.name for c in catalog.map_chits.values() if c.kind is ChitKind.SITE]


def _only(text: str, names: Sequence[str], what: Phrase, plural: Phrase, activity: str) -> str:
    """The one name of ``names`` that ``text`` is, with nothing written after it."""
    found, rest = pick(text, names, what, plural)
    if rest:
        raise OrderError(
            ProblemCode.BAD_TARGET,
            phrase("orders.names_one", activity=activity, what=what, text=quote(text)),
            phrase("orders.listed", what=plural, names=tuple(names)),
        )
    return found


def _search(world: Map, text: str) -> str:
    """A Search's table (7.5.2) and, if he names it now (7.5.3), where he searches: Peer a
    clearing, Loot a treasure site or the pile of abandoned belongings (7.5.5b), Reading Runes a
    treasure site, an Artifact or a Spell Book (7.5.6); nothing after Locate or Magic Sight."""
    table, rest = pick(text, SEARCH_TABLES, *SEARCH_TABLE)
    if not rest:
        return table
    if table == "Peer":
        return f"{table} {_clearing(world, rest)}"
    if table == "Loot":
        cards = [t.name for t in world.catalog.treasures.values() if t.site_table]
        places = [*sites(world.catalog), *cards, PILE]
        what = phrase("orders.place_to_loot"), phrase("orders.places_to_loot")
        return f"{table} {_only(rest, places, *what, 'S Loot')}"
    if table == "Reading Runes":
        books = [t.name for t in world.catalog.treasures.values() if t.spells]
        places = [*sites(world.catalog), *books]
        what = phrase("orders.site_or_book"), phrase("orders.sites_and_books")
        where = _only(rest, places, *what, "S Reading Runes")
        return f"{table} {where}"
    raise OrderError(
        ProblemCode.BAD_TARGET,
        phrase("orders.search_names_nothing", table=table, text=quote(rest)),
        phrase("orders.search_tables_take", table=table),
    )


def _example(world: Map, kind: ActivityKind) -> str:
    here = world.here()
    if kind is K.FLY:
        return here[:-1] if here else "CV"
    if kind is K.FOLLOW:
        return next((n for n in world.state.characters if n != world.character), "Amazon")
    if kind in (K.TRADE, K.HIRE):
        return "Company"
    reachable = world.reachable(here) if here else []
    return reachable[0] if reachable and reachable[0] != EDGE else "CV5"
