"""Birdsong orders from the rulebook notation (6.2, the Daylight Activities table L5509–5531).

A message holds the day's phases, in order, separated by commas or new lines, case-insensitive
(6.2.3–6.2.6 L1509–1524)::

    M CV2, M CV5 (Stamina), *H
    S Loot HOARD 6
    block: unhidden
    before 2: activate Pony M3/M4

Each phase is one activity (:class:`~rules.orders.ActivityKind`): ``M <clearing>``, ``H``,
``S [table [target]]``, ``R``, ``A [weapon|unalert|chit]``, ``T <group or visitor> [...]``,
``HR <group> [...]``, ``EM``, ``E [chit|tile]``, ``P <clearing>``, ``FL <tile>``, ``RE <clearing>``,
``C`` (Caching rule only), ``-`` (blank); or ``F <character>`` alone for the whole day (6.2.7).
Full names (``Move``, ``Hide``, ``Fly``...) work too. A clearing is a tile code and a number
(``cv5``, ``CV 5``, ``Curst Valley 5``); ``CG CL CS CN`` tell the four C tiles apart (6.2.6), so
``C5`` is refused with the candidates. A phase may name its source in parentheses (``M BV4
(Stamina)``, ``M CV5 (pony)``, ``P CV5 (Crystal Ball)``); ``*`` before the activity marks a
Sunlight phase. Lines starting with ``#`` are comments; backticks and ``>`` quotes are ignored.

Standing instructions (:class:`~rules.orders.Instructions`) are ``key: value`` lines, see
:data:`INSTRUCTION_KEYS`. Every problem is reported at once as a :class:`Problem` with a stable
code from :data:`CODES`; with any error there are no orders. Moves are checked along the day's
path (7.3.1); :func:`legal_activities` is what may be recorded in a phase from where he stands.

Judgement calls (documented here because the rules leave them open):

- A single ``M`` into a mountain clearing not followed by the same ``M`` is a *warning*
  (``mountain-climb``), not an error: 7.3.1c.1 L1655 needs two consecutive Moves to enter and he
  does not move on the first alone, but 6.2.3 lets any activity be recorded in any phase and
  6.2.4e–f make an activity that cannot be done a blank phase. A lone climb is almost surely a
  slip, so the warning says how to write the climb; the path then stays where he was.
- A Move along a hidden path or secret passage he has not discovered is accepted with a warning
  (6.2.4e L1518); the path continues from its end. A Move with no roadway at all is an error: no
  discovery can make it possible. A failed Move's path also continues from its end, so one slip
  gives one error.
- ``T`` and ``HR`` need a real native group (or, for ``T``, visitor) but not one present now:
  he may plan to reach it (6.2.4e). Text after the group is kept for the Trade and Hire rules.
- A location-limited extra phase planned where it cannot be used is a warning (6.2.4b).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from rules.board import Board, ClearingError, Connection, is_tile_code
from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.layout import DIRECTIONS
from rules.moving import usable
from rules.orders import (
    BASIC,
    SUNLIGHT,
    Activity,
    ActivityKind,
    Instructions,
    Orders,
    Rearrangement,
)
from rules.phases import (
    Entitlement,
    Issue,
    PlannedPhase,
    activity_name,
    assign_sources,
    clearing_qualities,
    entitlement,
    match_source,
)
from rules.schema.tiles import RoadType
from rules.schema.visitors import FaceKind
from rules.state import GameState, Place

K = ActivityKind
MAX_CHARS = 4000
MAX_PHASES = 40
MAX_LINES = 60

#: Every problem code, with its meaning. Codes are stable: the bot and tests rely on them.
CODES: dict[str, str] = {
    "too-long": f"over {MAX_CHARS} characters, {MAX_LINES} lines or {MAX_PHASES} phases",
    "empty": "no phases and no Follow",
    "unknown-activity": "a phase does not start with an activity of the Daylight Activities table",
    "missing-target": "the activity needs a clearing, tile, group or individual",
    "unexpected-target": "the activity takes nothing after it",
    "bad-clearing": "not a clearing on this map (malformed, unknown tile, or missing number)",
    "bad-tile": "not a tile on this map, or not one he may fly to (7.3.3)",
    "ambiguous": "the text could mean several things; the candidates are listed, none is guessed",
    "bad-target": "an unknown Search table, native group, visitor, chit or Alert/Enchant target",
    "no-road": "no roadway joins his clearing at that point of the day to the one recorded",
    "hidden-road": "warning: the roadway is a hidden path or secret passage he has not found",
    "mountain-climb": "warning: a single Move into a mountain clearing does not move him",
    "unchecked-move": "warning: his clearing is unknown after a Fly, so the Move is not checked",
    "follow-alone": "Follow is recorded alone, for the whole day (6.2.7)",
    "follow-absent": "Follow names nobody he can follow: a character in his clearing, not himself",
    "optional-rule": "the activity belongs to an optional rule this game does not use",
    "not-enhanced": "P, FL or RE without a Special Advantage, Treasure card or spell giving it",
    "unknown-source": "the source in parentheses is not one of his",
    "source-inactive": "the source is his but gives no phase today (inactive, in a cave, ...)",
    "two-sources": "a phase names two sources ('*' and a name in parentheses)",
    "source-activity": "an extra phase used for an activity it does not allow (6.2.4a)",
    "extra-activity": "the extra phases left cannot pay for the activities recorded (6.2.4a)",
    "pony": "pony Moves must follow a Move from another source, never first (6.2.4c)",
    "no-sunlight": "a Sunlight phase recorded by someone who never has them (the Dwarf)",
    "sunlight-cave": "a Sunlight phase on a day he enters or starts in a cave (6.2.2b; 7.3.1c.2)",
    "too-many-phases": "more phases than he is entitled to today (6.2.2)",
    "unusable-extra": "warning: an extra phase planned where or when it cannot be used (6.2.4b)",
    "unknown-instruction": "a 'key: value' line whose key is not a standing instruction",
    "bad-instruction": "a standing instruction whose value is not allowed",
    "duplicate-instruction": "the same standing instruction twice",
    "committed-source": "abandoning the card or horse that gives a later phase (6.2.4d)",
    "source-deactivated": "warning: the source of a phase is deactivated before it (6.2.4d)",
}

#: Standing-instruction keys and the values they take.
INSTRUCTION_KEYS: dict[str, str] = {
    "block": "never | unhidden | all (7.12; default never)",
    "rest": "the order Rest returns chits, e.g. 'move, fight, magic' (7.8.2)",
    "alert": "weapon | unalert: what a bare A does (7.9)",
    "search": "the table a bare S uses: Locate, Peer, Loot, Reading Runes, Magic Sight (7.5)",
    "before N": "activate X; deactivate Y; abandon Z — his items, at the start of phase N (7.2.2)",
    "stop following": "before N: stop following at the start of the guide's phase N (7.11.5)",
    "drop": "characters a hidden guide leaves behind when he moves, e.g. 'Elf, Dwarf' (7.11.6a)",
    "heavy items": "keep | abandon: an item too heavy for his horse or Boots (7.3.2a)",
}


class Problem(BaseModel):
    """One problem with an order: a stable ``code``, where it is (``line``, ``phase``), the
    offending ``text``, what is wrong (``message``) and how to fix it (``hint``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    line: int
    phase: int | None
    text: str
    message: str
    hint: str = ""


class ParseResult(BaseModel):
    """The outcome of parsing one message: the orders (None when there is any error), every
    error and warning, and the canonical echo of the accepted orders."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    orders: Orders | None
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    echo: str = ""


_WORDS: dict[str, ActivityKind] = {k.value.casefold(): k for k in K} | {
    "move": K.MOVE,
    "hide": K.HIDE,
    "search": K.SEARCH,
    "trade": K.TRADE,
    "rest": K.REST,
    "alert": K.ALERT,
    "hire": K.HIRE,
    "follow": K.FOLLOW,
    "enchant": K.ENCHANT,
    "peer": K.PEER,
    "fly": K.FLY,
    "cache": K.CACHE,
    "blank": K.BLANK,
}
_NEEDS_TARGET = frozenset({K.MOVE, K.TRADE, K.HIRE, K.FOLLOW, K.PEER, K.FLY, K.REMOTE_ENCHANT})
_NO_TARGET = frozenset({K.HIDE, K.REST, K.ENCHANT_FIRST, K.CACHE, K.BLANK})
_PHASE = re.compile(r"(?P<star>\*)?\s*(?P<word>-|[A-Za-z]+)(?:\s+(?P<rest>.*))?", re.S)
_SOURCE = re.compile(r"(?P<body>.*?)\s*\((?P<source>[^()]*)\)\s*", re.S)
_CLEARING = re.compile(r"(?P<name>[A-Za-z][A-Za-z' ]*?)\s*(?P<number>[0-9]+)")
_INSTRUCTION = re.compile(r"(?P<key>[A-Za-z][A-Za-z ]*?)\s*(?P<n>[0-9]+)?\s*:\s*(?P<value>.*)")
_SEARCH_TABLES = ("Peer", "Locate", "Loot", "Reading Runes", "Magic Sight")
_EDGE = "Edge"
_FREE = frozenset({RoadType.OPEN, RoadType.TUNNEL})
_ROAD_NAMES = {RoadType.HIDDEN: "hidden path", RoadType.SECRET: "secret passage"}


def _q(text: str, limit: int = 60) -> str:
    """``text`` quoted safely for a message: repr, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


@dataclass
class _Phase:
    """One phase as written, and what was read from it."""

    number: int
    line: int
    text: str
    kind: ActivityKind | None = None
    target: str | None = None
    source: str | None = None
    enabler: str | None = None


@dataclass
class _Step:
    """Where the day's path stands at a phase's start: the clearing (None: unknown) and what
    matters about it (:func:`rules.phases.clearing_qualities`)."""

    start: str | None
    places: frozenset[str] | None


@dataclass
class _Map:
    """The board as one character may use it: roadways he can take now (7.3.1a)."""

    catalog: Catalog
    state: GameState
    character: str
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.board = Board(self.catalog, self.state.tiles)

    def here(self) -> str | None:
        kind, rest = Place.split(self.state.place_of(self.character))
        return rest if kind == "at" else None

    def places(self, clearing: str | None) -> frozenset[str] | None:
        return None if clearing is None else clearing_qualities(self.board, self.state, clearing)

    def open_to(self, start: str, connection: Connection) -> bool:
        """Whether he may use ``connection`` now (7.3.1a.1–a.2): see :func:`moving.usable`."""
        sheet = self.state.characters[self.character]
        return usable(self.catalog, self.board, sheet, start, connection)

    def reachable(self, start: str) -> list[str]:
        """Clearings (and ``Edge``) one roadway from ``start`` that he may use now."""
        found = [c.to or _EDGE for c in self.board.connections(start) if self.open_to(start, c)]
        return sorted(dict.fromkeys(found), key=lambda c: (c == _EDGE, c))

    def tiles_near(self, clearing: str) -> list[str]:
        """His tile and the tiles next to it: where he may fly (7.3.3 L1713)."""
        placed = self.board.tile_of(clearing)
        beyond = [self.board.tile_at(placed.neighbour(d)) for d in DIRECTIONS]
        return [placed.tile, *(b.tile for b in beyond if b is not None)]


# --- reading targets ------------------------------------------------------------------------


class _OrderError(Exception):
    def __init__(self, code: str, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


def _clearing(world: _Map, text: str, *, edge: bool = False) -> str:
    """A clearing id on this map from what the player wrote (6.2.6 L1524)."""
    words = " ".join(text.split())
    if edge and words.casefold() == "edge":
        return _EDGE
    match = _CLEARING.fullmatch(words)
    example = "write a tile code and a clearing number, e.g. CV5 or NW2 (6.2.6)"
    if match is None:
        raise _OrderError("bad-clearing", f"{_q(text)} is not a clearing", example)
    name, number = match["name"].strip(), int(match["number"])
    codes = {t.name.casefold(): t.code for t in world.catalog.tiles.values()}
    code = codes.get(name.casefold(), name.upper())
    on_map = [p.tile for p in world.board.tiles]
    if not is_tile_code(world.catalog, code):
        near = [c for c in on_map if c.startswith(code) and len(code) < len(c)]
        with_number = [c for c in near if number in world.board.side(c).clearing_numbers()]
        candidates = sorted(f"{c}{number}" for c in with_number or near)
        if len(with_number) > 1:
            raise _OrderError(
                "ambiguous",
                f"{_q(text)} could be {', '.join(candidates)}",
                "CG is the Crag, CL the Cliff, CS the Caves, CN the Cavern (6.2.6)",
            )
        hint = f"did you mean {', '.join(candidates)}?" if candidates else example
        raise _OrderError("bad-clearing", f"{_q(text)}: there is no tile {code!r}", hint)
    try:
        return world.board.resolve(f"{code}{number}")
    except ClearingError as error:
        raise _OrderError("bad-clearing", str(error), example) from None


def _tile(world: _Map, text: str) -> str:
    words = " ".join(text.split())
    codes = {t.name.casefold(): t.code for t in world.catalog.tiles.values()}
    code = codes.get(words.casefold(), words.upper())
    if world.board.placed(code) is None:
        on_map = ", ".join(p.tile for p in world.board.tiles)
        raise _OrderError("bad-tile", f"{_q(text)} is not a tile on this map", f"tiles: {on_map}")
    return code


def _pick(text: str, names: Sequence[str], what: str) -> tuple[str, str]:
    """The name among ``names`` that ``text`` starts with (whole words, case-insensitive; a
    unique prefix of the first word is enough), and the rest of ``text``."""
    words = text.split()
    for size in (3, 2, 1):
        head = " ".join(words[:size]).casefold()
        exact = [n for n in names if n.casefold() == head]
        if exact:
            return exact[0], " ".join(words[size:])
    first = words[0].casefold() if words else ""
    prefixed = [n for n in names if n.casefold().startswith(first)] if first else []
    if len(prefixed) == 1 and len(first) >= 2:
        return prefixed[0], " ".join(words[1:])
    if len(prefixed) > 1:
        raise _OrderError("ambiguous", f"{_q(text)} could be {', '.join(prefixed)}", "write more")
    raise _OrderError("bad-target", f"{_q(text)} is not a {what}", f"{what}s: {', '.join(names)}")


def _visitors(catalog: Catalog) -> list[str]:
    return [
        face.name
        for chit in catalog.visitors.values()
        for face in chit.faces
        if face.kind is FaceKind.VISITOR
    ]


def _chit(world: _Map, text: str, actions: Sequence[str]) -> str:
    """One of his action chits of ``actions``, as printed (``MAGIC III4*``); ``III4*`` will do."""
    label = " ".join(text.upper().split())
    if label.split()[0] not in actions:
        label = f"{actions[0]} {label}"
    labels = [c.label for c in world.state.characters[world.character].chits]
    if label in labels and label.split()[0] in actions:
        return label
    mine = [x for x in dict.fromkeys(labels) if x.split()[0] in actions]
    raise _OrderError(
        "bad-target",
        f"{_q(text)} is not one of your {' or '.join(actions)} chits",
        f"yours: {', '.join(mine)}" if mine else f"you have no {' or '.join(actions)} chit",
    )


def _target(world: _Map, kind: ActivityKind, text: str) -> str | None:
    """The canonical target of a ``kind`` phase from the text after the activity."""
    text = " ".join(text.split())
    if not text:
        if kind in _NEEDS_TARGET:
            what = {K.FLY: "tile", K.FOLLOW: "character", K.TRADE: "group or visitor"}.get(
                kind, "native group" if kind is K.HIRE else "clearing"
            )
            raise _OrderError(
                "missing-target",
                f"{activity_name(kind)} needs a {what}",
                f"e.g. '{kind.value} {_example(world, kind)}'",
            )
        return None
    if kind in _NO_TARGET:
        raise _OrderError(
            "unexpected-target",
            f"{activity_name(kind)} ({kind.value}) takes nothing after it, not {_q(text)}",
            f"write just '{kind.value}'",
        )
    if kind is K.MOVE:
        return _clearing(world, text, edge=True)
    if kind in (K.PEER, K.REMOTE_ENCHANT):
        return _clearing(world, text)
    if kind is K.FLY:
        return _tile(world, text)
    if kind is K.SEARCH:
        table, rest = _pick(text, _SEARCH_TABLES, "Search table")
        if table == "Peer" and rest:
            rest = _clearing(world, rest)
        return f"{table} {rest}".strip()
    if kind is K.TRADE:
        group, rest = _pick(text, [*world.catalog.natives, *_visitors(world.catalog)], "group")
        return f"{group} {rest}".strip()
    if kind is K.HIRE:
        group, rest = _pick(text, list(world.catalog.natives), "native group")
        return f"{group} {rest}".strip()
    if kind is K.ALERT:
        if text.casefold() in ("weapon", "unalert"):
            return text.casefold()
        return _chit(world, text, ("MAGIC", "BERSERK"))
    if kind is K.ENCHANT:
        return "tile" if text.casefold() == "tile" else _chit(world, text, ("MAGIC",))
    return text  # Follow: checked with the whole day


def _example(world: _Map, kind: ActivityKind) -> str:
    here = world.here()
    if kind is K.FLY:
        return here[:-1] if here else "CV"
    if kind is K.FOLLOW:
        return next((n for n in world.state.characters if n != world.character), "Amazon")
    if kind in (K.TRADE, K.HIRE):
        return "Company"
    reachable = world.reachable(here) if here else []
    return reachable[0] if reachable and reachable[0] != _EDGE else "CV5"


# --- the parser -----------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str, state: GameState, character: str, catalog: Catalog) -> None:
        self.text = text
        self.state = state
        self.character = character
        self.world = _Map(catalog, state, character)
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        self.phases: list[_Phase] = []
        self.instructions: dict[str, object] = {}
        self.rearrange: dict[int, dict[str, list[str]]] = {}
        self.seen_keys: set[str] = set()
        self.notes: list[str] = []
        self.ent: Entitlement | None = None
        self.following = False
        self.rearrange_lines: dict[int, tuple[int, str]] = {}
        self.key_lines: dict[str, tuple[int, str]] = {}

    def problem(
        self, code: str, line: int, phase: int | None, text: str, message: str, hint: str = ""
    ) -> None:
        target = self.warnings if code in _WARNINGS else self.errors
        target.append(
            Problem(code=code, line=line, phase=phase, text=text[:200], message=message, hint=hint)
        )

    def from_issue(self, issue: Issue) -> None:
        if issue.phase is not None and 0 < issue.phase <= len(self.phases):
            phase = self.phases[issue.phase - 1]
            self.flag(phase, issue.code, issue.message, issue.hint)
        else:
            line = self.phases[0].line if self.phases else 1
            text = ", ".join(p.text for p in self.phases)
            self.problem(issue.code, line, None, text, issue.message, issue.hint)

    # --- reading ----------------------------------------------------------------------------

    def read(self) -> None:
        lines = self.text.splitlines()
        if sum(1 for line in lines if line.strip()) > MAX_LINES:
            message = f"the message has over {MAX_LINES} lines"
            self.problem("too-long", 1, None, self.text[:60], message, "send the orders only")
            return
        for number, raw in enumerate(lines, 1):
            line = raw.replace("`", "").strip()
            while line.startswith(">"):
                line = line[1:].strip()
            if not line or line.startswith("#"):
                continue
            match = _INSTRUCTION.fullmatch(line)
            if match is not None and self._is_instruction(match):
                self.instruction(number, line, match)
                continue
            for chunk in line.split(","):
                if chunk.strip():
                    self.phases.append(_Phase(len(self.phases) + 1, number, chunk.strip()))

    def _is_instruction(self, match: re.Match[str]) -> bool:
        key = " ".join(match["key"].split()).casefold()
        first = key.split()[0]
        return key in INSTRUCTION_KEYS or key == "before" or first not in _WORDS

    def activity(self, phase: _Phase) -> None:
        text = phase.text
        source_text = None
        match = _SOURCE.fullmatch(text)
        if match is not None:
            text, source_text = match["body"], match["source"]
        found = _PHASE.fullmatch(text)
        word = found["word"].casefold() if found else ""
        if found is None or word not in _WORDS:
            valid = "H, M, S, T, R, A, HR, F, EM, E, P, FL, RE, C, -"
            self.flag(
                phase,
                "unknown-activity",
                f"{_q(phase.text)} does not start with an activity",
                f"activities: {valid} (Daylight Activities table)",
            )
            return
        phase.kind = _WORDS[word]
        if phase.kind is K.CACHE and not self.state.options.get("caching"):
            self.flag(
                phase,
                "optional-rule",
                "Cache (C) belongs to the optional Caching rule (10.A.4), not used in this game",
                "record another activity",
            )
        try:
            phase.target = _target(self.world, phase.kind, found["rest"] or "")
        except _OrderError as refused:
            self.flag(phase, refused.code, refused.message, refused.hint)
        if found["star"] and source_text is not None:
            self.flag(
                phase,
                "two-sources",
                "'*' marks a Sunlight phase and the parentheses name another source",
                "keep one of them",
            )
        elif found["star"]:
            phase.source = SUNLIGHT
        elif source_text is not None:
            phase.source = source_text

    def on_line(self, number: int, line: str, code: str, message: str, hint: str = "") -> None:
        """Report a problem with a standing-instruction line."""
        self.problem(code, number, None, line, message, hint)

    def flag(self, phase: _Phase, code: str, message: str, hint: str = "") -> None:
        """Report a problem with ``phase``."""
        self.problem(code, phase.line, phase.number, phase.text, message, hint)

    # --- the whole day ----------------------------------------------------------------------

    def day(self) -> None:
        if not self.phases:
            if not self.errors:
                hint = "e.g. 'H, R'; '-' records a blank phase"
                self.problem("empty", 1, None, self.text[:60], "no phases recorded", hint)
            return
        for phase in self.phases:
            self.activity(phase)
        follows = [p for p in self.phases if p.kind is K.FOLLOW]
        if follows:
            self.following = len(self.phases) == 1
            self.follow(follows)
            return
        steps, caves, _ = self.walk()
        self.ent = entitlement(self.world.catalog, self.state, self.character, cave_moves=caves)
        self.named_sources()
        if any(p.kind is None for p in self.phases):
            self.not_enhanced()
            return
        self.sources(steps)

    def not_enhanced(self) -> None:
        """P, FL and RE without any source (6.2.1a), reported even beside other errors."""
        assert self.ent is not None
        for phase in self.phases:
            if phase.kind is not None and not self.ent.can_record(phase.kind):
                self.flag(
                    phase,
                    "not-enhanced",
                    f"{activity_name(phase.kind)} ({phase.kind.value}) is an enhanced activity: "
                    "you need a Special Advantage, Treasure card or spell that gives it (6.2.1a)",
                    "none of your active belongings gives it today",
                )

    def follow(self, follows: list[_Phase]) -> None:
        """6.2.7 L1526–1528: F alone, naming a character in his clearing."""
        first = follows[0]
        if len(self.phases) > 1:
            self.flag(
                first,
                "follow-alone",
                "Follow is recorded alone: he follows all day and records nothing else (6.2.7)",
                "send only 'F <character>', or drop the F",
            )
        name = " ".join((first.target or "").split())
        here = self.world.here()
        present = [
            n
            for n in self.state.characters
            if n != self.character and here is not None and self.state.place_of(n) == f"at:{here}"
        ]
        wanted = [n for n in self.state.characters if n.casefold() == name.casefold()]
        if here is None:
            why, hint = "you are not in a clearing (6.2.7b)", ""
        elif wanted and wanted[0] == self.character:
            why, hint = "you cannot follow yourself", ""
        elif not wanted or wanted[0] not in present:
            why = f"{_q(name)} is not a character in your clearing ({here}) (6.2.7a)"
            hint = f"in your clearing: {', '.join(present)}" if present else "nobody is with you"
        else:
            first.target = wanted[0]
            return
        self.flag(first, "follow-absent", why, hint)

    def walk(self) -> tuple[list[_Step], list[str], str | None]:
        """The day's path (7.3.1): his clearing at each phase's start, the cave clearings his
        Moves enter, and where he ends (None: unknown); Move problems are reported."""
        world, here = self.world, self.world.here()
        steps: list[_Step] = []
        caves: list[str] = []
        climbing: str | None = None
        warned_fly = False
        for index, phase in enumerate(self.phases):
            steps.append(_Step(here, world.places(here)))
            if phase.kind is K.FLY:
                if here is not None and phase.target and phase.target not in world.tiles_near(here):
                    near = ", ".join(world.tiles_near(here))
                    self.flag(
                        phase,
                        "bad-tile",
                        "you may fly only to your tile or one next to it (7.3.3), "
                        f"not {phase.target}",
                        f"from {here}: {near}",
                    )
                here = None
                continue
            if phase.kind is not K.MOVE or phase.target is None:
                continue
            goal = phase.target
            if goal != _EDGE and "cave" in (world.places(goal) or ()):
                caves.append(goal)
            if climbing == goal:  # the second Move of a climb (7.3.1c.1)
                climbing, here = None, goal
                continue
            climbing = None
            if here is None:
                if not warned_fly:
                    self.flag(
                        phase,
                        "unchecked-move",
                        "after a Fly you land in a random clearing (7.3.3), so this Move is "
                        "not checked against the roads",
                        "",
                    )
                    warned_fly = True
                here = None if goal == _EDGE else goal
                continue
            self.move(phase, here, goal)
            if goal != _EDGE and "mountain" in (world.places(goal) or ()):
                after = self.phases[index + 1] if index + 1 < len(self.phases) else None
                if after is not None and after.kind is K.MOVE and after.target == goal:
                    climbing = goal
                    continue
                self.flag(
                    phase,
                    "mountain-climb",
                    f"{goal} is a mountain clearing: entering it takes two Moves in a row and "
                    "you do not move until the second (7.3.1c.1 L1655)",
                    f"write 'M {goal}, M {goal}'",
                )
                continue
            here = None if goal == _EDGE else goal
        return steps, caves, here

    def move(self, phase: _Phase, here: str, goal: str) -> None:
        world = self.world
        if goal == here:
            self.flag(
                phase,
                "no-road",
                f"at phase {phase.number} you are already in {here}",
                "drop this Move",
            )
            return
        roads = [c for c in world.board.connections(here) if (c.to or _EDGE) == goal]
        if not roads:
            leads = ", ".join(world.reachable(here)) or "nowhere you may go yet"
            self.flag(
                phase,
                "no-road",
                f"no road from {here} to {goal}",
                f"roads from {here} lead to {leads}",
            )
        elif not any(world.open_to(here, c) for c in roads):
            kinds = sorted({_ROAD_NAMES[t] for c in roads for t in c.types - _FREE})
            self.flag(
                phase,
                "hidden-road",
                f"the way from {here} to {goal} is a {' / '.join(kinds)} you have not "
                "discovered: the Move is cancelled unless you find it first (6.2.4e L1518)",
                "Search (Peer or Locate) for hidden paths and secret passages",
            )

    def named_sources(self) -> None:
        """The sources named in parentheses (6.2.4d), each checked against his entitlement."""
        assert self.ent is not None
        for phase in self.phases:
            if phase.source is None or phase.source == SUNLIGHT:
                continue
            name, issue = match_source(self.ent, phase.source)
            if issue is not None:
                self.from_issue(Issue(issue.code, phase.number, issue.message, issue.hint))
                phase.source = None
            elif phase.kind is not None and name in self.ent.enablers_of(phase.kind):
                phase.enabler, phase.source = name, None
            elif name in {n for _, n in self.ent.enablers} and self.ent.extra(name or "") is None:
                kinds = [k.value for k, n in self.ent.enablers if n == name]
                self.flag(
                    phase,
                    "source-activity",
                    f"{name} lets you record {' or '.join(kinds)} on your phases, and gives no "
                    "phase of its own (6.2.1a)",
                    "drop the name in parentheses",
                )
                phase.source = None
            else:
                phase.source = name

    def sources(self, steps: list[_Step]) -> None:
        assert self.ent is not None
        planned: list[PlannedPhase] = []
        ready = self._horse_ready(steps)
        for phase, step, horse_ready in zip(self.phases, steps, ready, strict=True):
            assert phase.kind is not None
            source = phase.source
            target_places = None
            if phase.kind is K.PEER and phase.target:
                target_places = self.world.places(phase.target)
            planned.append(
                PlannedPhase(phase.kind, source, step.places, target_places, horse_ready)
            )
        if self.errors:  # report what needs no assignment, and stop
            self.not_enhanced()
            return
        result = assign_sources(self.ent, planned)
        for issue in (*result.errors, *result.warnings):
            self.from_issue(issue)
        self.notes += result.notes
        if result.sources is not None:
            for phase, source in zip(self.phases, result.sources, strict=True):
                phase.source = source

    def _horse_ready(self, steps: list[_Step]) -> list[bool]:
        """Whether his horse can be active at each phase's start (7.3.2a.1, 7.3.2b): not after
        he enters a cave, unless his instructions activate it again a phase earlier."""
        ready, result = True, []
        horses = {e.name for e in (self.ent.extras if self.ent else ()) if e.kind == "horse"}
        for number, step in enumerate(steps, 1):
            change = self.rearrange.get(number, {})
            in_cave = step.places is not None and "cave" in step.places
            if in_cave or horses & set(change.get("deactivate", ())):
                ready = False
            result.append(ready)
            if not in_cave and horses & set(change.get("activate", ())):
                ready = True  # usable from the next phase on (7.3.2b)
        return result

    # --- standing instructions ---------------------------------------------------------------

    def instruction(self, number: int, line: str, match: re.Match[str]) -> None:
        key = " ".join(match["key"].split()).casefold()
        value = " ".join(match["value"].split())
        if key == "before" and match["n"] is not None:
            self.before(number, line, int(match["n"]), value)
            return
        if key not in INSTRUCTION_KEYS or match["n"] is not None:
            keys = ", ".join(INSTRUCTION_KEYS)
            self.on_line(
                number,
                line,
                "unknown-instruction",
                f"{_q(match['key'])} is not a standing instruction",
                f"keys: {keys}",
            )
            return
        if key in self.seen_keys:
            self.on_line(
                number,
                line,
                "duplicate-instruction",
                f"'{key}' is given twice",
                "keep one line",
            )
            return
        self.seen_keys.add(key)
        self.key_lines[key] = (number, line)
        try:
            self.instructions.update(_instruction(self.world, key, value))
        except _OrderError as refused:
            self.problem(refused.code, number, None, line, refused.message, refused.hint)

    def before(self, number: int, line: str, phase: int, value: str) -> None:
        owned = [
            p
            for p in self.state.characters[self.character].items
            if self.state.place_of(p) == Place.owner(self.character)
        ]
        change = self.rearrange.setdefault(phase, {})
        self.rearrange_lines.setdefault(phase, (number, line))
        if phase < 1:
            self.problem("bad-instruction", number, None, line, "phases count from 1")
        for part in filter(None, (p.strip() for p in value.split(";"))):
            verb, _, items = part.partition(" ")
            verb = verb.casefold()
            if verb not in ("activate", "deactivate", "abandon"):
                self.on_line(
                    number,
                    line,
                    "bad-instruction",
                    f"{_q(part)}: say what to do with an item",
                    "before 2: activate X; deactivate Y; abandon Z",
                )
                continue
            for item in filter(None, (i.strip() for i in items.split(","))):
                found = [p for p in owned if p.casefold() == item.casefold()]
                if not found:
                    self.on_line(
                        number,
                        line,
                        "bad-instruction",
                        f"{_q(item)} is not an item you own",
                        f"yours: {', '.join(owned)}" if owned else "you own no items",
                    )
                    continue
                change.setdefault(verb, []).append(found[0])

    def check_rearrangements(self) -> None:
        """The orders' own phases: a rearrangement names one, and a source of a later extra
        phase may not be abandoned before it (6.2.4d L1517) and should stay active."""
        count = len(self.phases)
        for phase, change in sorted(self.rearrange.items()):
            line, text = self.rearrange_lines[phase]
            if phase > count and not self.following:
                self.on_line(
                    line,
                    text,
                    "bad-instruction",
                    f"before {phase}: you recorded only {count} phases",
                    f"use a phase from 1 to {count}",
                )
            for later in self.phases[phase - 1 :]:
                if later.source in (None, BASIC, SUNLIGHT):
                    continue
                if later.source in change.get("abandon", ()):
                    self.flag(
                        later,
                        "committed-source",
                        f"{later.source} gives phase {later.number}: it cannot be abandoned "
                        "before that phase is done (6.2.4d L1517)",
                        f"abandon it after phase {later.number}",
                    )
                reactivated = any(
                    later.source in self.rearrange.get(n, {}).get("activate", ())
                    for n in range(phase + 1, later.number + 1)
                )
                if later.source in change.get("deactivate", ()) and not reactivated:
                    self.flag(
                        later,
                        "source-deactivated",
                        f"{later.source} must be active when phase {later.number} starts (6.2.4d)",
                        "activate it again before that phase",
                    )

    # --- the result --------------------------------------------------------------------------

    def result(self) -> ParseResult:
        self.read()
        if any(p.code == "too-long" for p in self.errors):
            return self.finish()
        if len(self.phases) > MAX_PHASES:
            self.errors = []
            message = f"{len(self.phases)} phases: at most {MAX_PHASES} are read"
            self.problem("too-long", 1, None, self.text[:60], message, "record fewer")
            return self.finish()
        self.day()
        if self.ent is not None or self.following:
            self.check_rearrangements()
        if "stop_following" in self.instructions and not self.following:
            number, line = self.key_lines["stop following"]
            message = "'stop following' is for a day you Follow (7.11.5)"
            self.on_line(number, line, "bad-instruction", message, "drop it or record F")
        return self.finish()

    def finish(self) -> ParseResult:
        def where(problem: Problem) -> tuple[int, int]:
            return problem.line, problem.phase or 0

        warnings = tuple(sorted(self.warnings, key=where))
        if self.errors:
            errors = tuple(sorted(self.errors, key=where))
            return ParseResult(orders=None, errors=errors, warnings=warnings)
        rearrange = tuple(
            Rearrangement(
                phase=n,
                activate=tuple(c.get("activate", ())),
                deactivate=tuple(c.get("deactivate", ())),
                abandon=tuple(c.get("abandon", ())),
            )
            for n, c in sorted(self.rearrange.items())
        )
        instructions = Instructions.model_validate({**self.instructions, "rearrange": rearrange})
        if self.following:
            orders = Orders(
                character=self.character, follow=self.phases[0].target, instructions=instructions
            )
        else:
            phases = tuple(
                Activity(kind=p.kind, target=p.target, source=p.source or BASIC)
                for p in self.phases
                if p.kind is not None
            )
            orders = Orders(character=self.character, phases=phases, instructions=instructions)
        for phase in self.phases:
            if phase.enabler is not None:
                self.notes = [n for n in self.notes if not n.startswith(f"phase {phase.number}:")]
                self.notes.append(
                    f"phase {phase.number}: {activity_name(phase.kind or K.BLANK)} by your "
                    f"{phase.enabler} (6.2.4d)"
                )
        return ParseResult(orders=orders, warnings=warnings, echo=echo(orders, self.notes))


_WARNINGS = frozenset(
    {"hidden-road", "mountain-climb", "unchecked-move", "unusable-extra", "source-deactivated"}
)


def _instruction(world: _Map, key: str, value: str) -> dict[str, object]:
    """The :class:`Instructions` fields one ``key: value`` line sets."""
    low = value.casefold()

    def choose(options: Sequence[str]) -> str:
        if low not in options:
            raise _OrderError(
                "bad-instruction",
                f"{key}: {_q(value)} is not allowed",
                f"one of {', '.join(options)}",
            )
        return low

    if key == "block":
        return {"block": choose(("never", "unhidden", "all"))}
    if key == "alert":
        return {"alert": choose(("weapon", "unalert"))}
    if key == "heavy items":
        return {"keep_heavy_items": choose(("keep", "abandon")) == "keep"}
    if key == "search":
        table, rest = _pick(value, _SEARCH_TABLES, "Search table")
        if rest:
            raise _OrderError("bad-instruction", f"search: {_q(value)} names more than a table")
        return {"search": table}
    if key == "rest":
        kinds = [w.strip().upper() for w in value.split(",") if w.strip()]
        allowed = ("MOVE", "FIGHT", "MAGIC")
        if not kinds or any(k not in allowed for k in kinds) or len(set(kinds)) != len(kinds):
            raise _OrderError(
                "bad-instruction",
                f"rest: {_q(value)} is not an order of chit kinds",
                "e.g. 'rest: fight, move, magic'",
            )
        return {"rest": tuple(kinds)}
    if key == "stop following":
        match = re.fullmatch(r"(?:before\s+)?([0-9]+)", low)
        if match is None or int(match[1]) < 1:
            raise _OrderError("bad-instruction", f"stop following: {_q(value)}", "e.g. 'before 3'")
        return {"stop_following": int(match[1])}
    names = [n.strip() for n in value.split(",") if n.strip()]  # drop
    known = {n.casefold(): n for n in world.state.characters if n != world.character}
    unknown = [n for n in names if n.casefold() not in known]
    if unknown or not names:
        raise _OrderError(
            "bad-instruction",
            f"drop: {', '.join(map(_q, unknown)) or 'nobody'} is not another character here",
            f"characters: {', '.join(known.values())}",
        )
    return {"drop_followers": tuple(known[n.casefold()] for n in names)}


def echo(orders: Orders, notes: Sequence[str] = ()) -> str:
    """The canonical form of accepted orders: the phases (6.2.6 notation, ``*`` for Sunlight,
    sources of extra phases in parentheses), the standing instructions that differ from the
    defaults, and one note line per inference."""
    lines = [orders.canonical()]
    given, default = orders.instructions, Instructions()
    if given.block != default.block:
        lines.append(f"block: {given.block}")
    if given.rest != default.rest:
        lines.append(f"rest: {', '.join(k.lower() for k in given.rest)}")
    if given.alert != default.alert:
        lines.append(f"alert: {given.alert}")
    if given.search != default.search:
        lines.append(f"search: {given.search}")
    for change in given.rearrange:
        parts = [
            f"{verb} {', '.join(items)}"
            for verb, items in (
                ("activate", change.activate),
                ("deactivate", change.deactivate),
                ("abandon", change.abandon),
            )
            if items
        ]
        lines.append(f"before {change.phase}: {'; '.join(parts)}")
    if given.stop_following is not None:
        lines.append(f"stop following: before {given.stop_following}")
    if given.drop_followers:
        lines.append(f"drop: {', '.join(given.drop_followers)}")
    if not given.keep_heavy_items:
        lines.append("heavy items: abandon")
    lines += [f"note: {note}" for note in notes]
    return "\n".join(lines)


def parse_orders(
    text: str, state: GameState, character: str, *, catalog: Catalog | None = None
) -> ParseResult:
    """Parse ``character``'s orders for today from ``text`` (see the module docstring).

    Never raises on any text: every problem is a :class:`Problem` in the result, all of them
    at once; with any error ``orders`` is None. ``echo`` is the canonical form of the orders.
    """
    if len(text) > MAX_CHARS:
        problem = Problem(
            code="too-long",
            line=1,
            phase=None,
            text=text[:60],
            message=f"the message has {len(text)} characters: at most {MAX_CHARS} are read",
            hint="send the phases and instructions only",
        )
        return ParseResult(orders=None, errors=(problem,))
    return _Parser(text, state, character, catalog or default_catalog()).result()


def legal_activities(
    state: GameState,
    character: str,
    phase: int,
    *,
    catalog: Catalog | None = None,
    earlier: Sequence[Activity] = (),
) -> list[Activity]:
    """What ``character`` may record as phase ``phase``, after the ``earlier`` phases, from where
    those leave him: the single source of truth for the Birdsong builder and the parser's hints.

    Listed: F with each other character in his clearing (phase 1 only, 6.2.7); M to each
    clearing one roadway away that he may use now (open roads, tunnels, discovered hidden paths
    and secret passages, ``Edge`` off the map; 7.3.1a); H; R; A (bare, ``unalert`` and each of his
    Magic and Berserk chits); S (bare and each Search table); T with each native group and
    visitor and HR with each group, present or not (they may be reached first, 6.2.4e); EM; E
    (bare, ``tile`` and each Magic chit); P, FL and RE only with a source (6.2.1a); C under the
    Caching rule; ``-``. Whether he has a phase for it is :func:`rules.phases.assign_sources`'s
    business. Raises ValueError if ``earlier`` does not hold ``phase - 1`` phases.
    """
    if len(earlier) not in (0, phase - 1) or phase < 1:
        raise ValueError(f"phase {phase} comes after {phase - 1} phases, not {len(earlier)}")
    if any(a.kind is K.FOLLOW for a in earlier):
        return []  # Follow is the whole day (6.2.7)
    data = catalog or default_catalog()
    world = _Map(data, state, character)
    here = world.here()
    if earlier:
        parser = _Parser(", ".join(map(str, earlier)), state, character, data)
        parser.read()
        for item in parser.phases:
            parser.activity(item)
        _, _, here = parser.walk()
    ent = entitlement(data, state, character)
    found: list[Activity] = []

    def add(kind: ActivityKind, target: str | None = None, source: str = BASIC) -> None:
        found.append(Activity(kind=kind, target=target, source=source))

    if phase == 1 and here is not None:
        for name in state.characters:
            if name != character and state.place_of(name) == Place.clearing(here):
                add(K.FOLLOW, name)
    for goal in world.reachable(here) if here is not None else []:
        add(K.MOVE, goal)
    add(K.HIDE)
    add(K.REST)
    sheet = state.characters[character]
    chits = [c.label for c in sheet.chits if c.status == "active" and c.label.startswith("MAGIC ")]
    add(K.ALERT)
    add(K.ALERT, "unalert")
    for label in dict.fromkeys(
        c.label for c in sheet.chits if c.label.split()[0] in ("MAGIC", "BERSERK")
    ):
        add(K.ALERT, label)
    add(K.SEARCH)
    for table in _SEARCH_TABLES:
        add(K.SEARCH, table)
    for group in [*data.natives, *_visitors(data)]:
        add(K.TRADE, group)
    for group in data.natives:
        add(K.HIRE, group)
    add(K.ENCHANT_FIRST)
    add(K.ENCHANT)
    add(K.ENCHANT, "tile")
    for label in dict.fromkeys(chits):
        add(K.ENCHANT, label)
    for kind, target, source in _enhanced(world, ent, here):
        add(kind, target, source)
    if state.options.get("caching"):
        add(K.CACHE)
    add(K.BLANK)
    return found


def _enhanced(
    world: _Map, ent: Entitlement, here: str | None
) -> list[tuple[ActivityKind, str, str]]:
    """P, RE and FL templates, each with the source that allows it (6.2.1a)."""
    clearings = world.board.clearings()
    found = [(K.PEER, c, BASIC) for c in clearings if ent.enablers_of(K.PEER)]
    for extra in ent.extras:
        if K.PEER in extra.enables:
            found += [
                (K.PEER, c, extra.name)
                for c in clearings
                if extra.target_where in (world.places(c) or ())
            ]
    found += [(K.REMOTE_ENCHANT, c, BASIC) for c in clearings if ent.enablers_of(K.REMOTE_ENCHANT)]
    if ent.enablers_of(K.FLY) and here is not None:
        found += [(K.FLY, tile, BASIC) for tile in world.tiles_near(here)]
    return found
