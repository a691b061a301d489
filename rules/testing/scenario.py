"""Rule scenarios: a situation, orders and forced dice, and what must be true afterwards.

A scenario is the test contract of ``SCENARIOS.md``: a small YAML document read elsewhere (the
runner in ``bot/scenarios.py``, the pytest collector) and handed here as plain data. This module
does no file I/O:

- :func:`load_scenario` validates the document's form into a :class:`Scenario`. Every key except
  ``name``, ``map`` and ``expect`` is optional; an unknown key, a missing one or a bad value raises
  :class:`ScenarioError` naming the key path (``characters.Black Knight.fatigued[1]``) and the
  reason.
- :func:`build_state` sets the situation up as a :class:`~rules.state.GameState`, checking every
  name against the catalog and the scenario's map (unknown character, clearing, chit, denizen or
  item, and impossible placements, raise :class:`ScenarioError` with the catalog's "did you mean"
  suggestions). What the scenario does not place starts where section 3's setup puts it: the Set
  Up Card is filled exactly as setup fills it (:func:`rules.setup.game.fill_set_up_card`), from the
  scenario's ``seed``, and the visitor/mission chits and the Lost City and Lost Castle sections
  too. Tiles get only the map chits the scenario lists; dwellings and the Ghosts appear only when
  listed; characters not in the scenario are out of play.

  The project extends the format for hired and controlled denizens (7.7): a denizen may be
  ``hired_by`` (or, a monster, ``controlled_by``) a scenario character, with ``term`` days left
  and ``hidden``; ``orders`` and ``expect.errors`` may name such a denizen by piece id (the
  employer records his orders, 6.2.5); ``expect.minions`` checks where each is, whether he is
  hidden and whether he is still hired.
- :func:`run` parses each character's orders and, unless ``until`` is ``birdsong``, resolves the
  day up to ``until``; the parse and resolve functions are parameters (the real ones by default),
  so the runner can be tested before, and independently of, the engine.
- :func:`check` compares an :class:`Outcome` with the scenario's ``expect`` and returns every
  difference as a readable line (no lines: the scenario passes).

Forced dice. :class:`~rules.dice.Dice` uses the forced rolls of the state, in order, for the rolls
the engine makes (one die or two), before the seeded stream; shuffles and random choices never use
them. A scenario always starts at Birdsong, when nothing is rolled, and the Sunrise monster roll
(6.3.3) is the first roll of the day; so ``monster_roll`` is queued first, before the ``dice``
list: ``forced = [[monster_roll], *dice]``.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import UnionType
from typing import Any, Literal, Protocol, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic import model_validator as _model_validator

from rules.board import Board, ClearingError, parse_clearing_id
from rules.catalog import Catalog
from rules.day.engine import resolve as _real_resolve
from rules.daylight.hirelings import TERM, hire
from rules.dice import Dice, DiceState
from rules.discoveries import RoadDiscovery
from rules.events import EVENT_TYPES, PUBLIC, Decision, Event, Resolution, visible_to
from rules.layout import PlacedTile
from rules.orders import parse as _parse_module
from rules.orders.model import Orders
from rules.orders.parse import ParseResult, Problem
from rules.orders.parse import parse_orders as _real_parse
from rules.pieces import ITEM_KINDS, Kind, Pieces, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.setup import Section
from rules.schema.tiles import RoadType
from rules.setup.game import (
    DEFAULT_VICTORY,
    fill_set_up_card,
    place_map_chits,
    place_visitor_chits,
)
from rules.setup.mapgen import LayoutError, check_layout, layout_from_data, random_map
from rules.state import CharacterState, ChitState, GameState, ItemState, Place

Until = Literal["birdsong", "daylight", "evening", "day"]

#: The event types SCENARIOS.md promises, whether or not the engine emits them yet.
PROMISED_EVENT_TYPES = frozenset(
    {
        "turn_started",
        "moved",
        "phase_cancelled",
        "hid",
        "blocked",
        "monster_roll",
        "summoned",
        "denizen_moved",
        "chit_revealed",
        "searched",
        "roll",
        "attacked",
        "killed",
        "fatigued",
        "wounded",
    }
)

#: Keys of an expected event that are not event fields.
_EVENT_KEYS = ("type", "audience")


class ScenarioError(ValueError):
    """A malformed scenario: ``key`` is the path of the key at fault, ``reason`` says why."""

    def __init__(self, key: str, reason: str) -> None:
        self.key = key
        self.reason = reason
        super().__init__(f"{key}: {reason}")


# --- the format ---------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MapSpec(_Model):
    """``map``: placed tiles (a partial map) or the seed of a legal random map."""

    tiles: list[Any] | None = None
    seed: int | None = None

    @_model_validator(mode="after")
    def _one_of(self) -> MapSpec:
        if (self.tiles is None) == (self.seed is None):
            raise ValueError("give either tiles (placed tiles) or seed (a random map), not both")
        return self


class Belonging(_Model):
    """An item a character owns: a name, or ``{name, active}`` (active by default)."""

    name: str
    active: bool = True


class ExpectedBelonging(_Model):
    """An item a character must own; ``active`` is compared only when given."""

    name: str
    active: bool | None = None


def _named(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class CharacterSpec(_Model):
    """One character of ``characters``; the defaults are the rulebook's starting values."""

    at: str | None = None
    hidden: bool = False
    level: int = Field(default=4, ge=1, le=4)
    gold: int = Field(default=10, ge=0)
    fame: int = 0
    notoriety: int = Field(default=0, ge=0)
    fatigued: list[str] = Field(default_factory=list)
    wounded: list[str] = Field(default_factory=list)
    belongings: list[Belonging] | None = None
    discoveries: list[str] = Field(default_factory=list)

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class DenizenSpec(_Model):
    """A monster (by list name) or native (by counter name) put in a clearing — the project's
    extension: ``hired_by`` a character (or ``controlled_by`` one, for a monster), for ``term``
    more days counting this one (7.7.1c), ``hidden`` or not (7.7.1g)."""

    name: str
    at: str
    hired_by: str | None = None
    controlled_by: str | None = None
    term: int = Field(default=TERM, ge=1)
    hidden: bool = False

    @_model_validator(mode="after")
    def _one_employer(self) -> DenizenSpec:
        if self.hired_by is not None and self.controlled_by is not None:
            raise ValueError("a denizen is hired_by or controlled_by one character, not both")
        if self.hired_by is None and self.controlled_by is None and self.hidden:
            raise ValueError("only a hired or controlled denizen can be hidden (7.7.1g)")
        return self


class ExpectedCharacter(_Model):
    """What must be true of a character afterwards; only the keys given are compared."""

    at: str | None = None
    hidden: bool | None = None
    level: int | None = None
    gold: int | None = None
    fame: int | None = None
    notoriety: int | None = None
    fatigued: list[str] | None = None
    wounded: list[str] | None = None
    belongings: list[ExpectedBelonging] | None = None
    discoveries: list[str] | None = None

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class ExpectedDenizens(_Model):
    """How many denizens of ``name`` stand in clearing ``at`` afterwards (default 1)."""

    name: str
    at: str
    count: int = Field(default=1, ge=0)


class ExpectedMinion(_Model):
    """What must be true of a denizen that was hired or controlled: where he is, whether he is
    hidden, and whether (``hired``) and by whom (``hired_by``) he is still hired."""

    at: str | None = None
    hidden: bool | None = None
    hired: bool | None = None
    hired_by: str | None = None


class ExpectedError(_Model):
    """An order that must be rejected: the character and the parser's problem code."""

    character: str
    code: str


class Expect(_Model):
    """``expect``: what must be true after the run."""

    characters: dict[str, ExpectedCharacter] = Field(default_factory=dict)
    denizens: list[ExpectedDenizens] = Field(default_factory=list)
    minions: dict[str, ExpectedMinion] = Field(default_factory=dict)
    chits: dict[str, dict[str, Literal["up", "down"]]] = Field(default_factory=dict)
    events: list[dict[str, Any]] = Field(default_factory=list)
    absent_events: list[dict[str, Any]] = Field(default_factory=list)
    public_excludes: list[str] = Field(default_factory=list)
    errors: list[ExpectedError] = Field(default_factory=list)

    @field_validator("events", "absent_events")
    @classmethod
    def _typed(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for index, entry in enumerate(value):
            if not isinstance(entry.get("type"), str):
                raise ValueError(f"entry {index} needs a type, e.g. {{type: moved, who: Amazon}}")
        return value


class Scenario(_Model):
    """One scenario, as SCENARIOS.md describes it (form only; names are checked by
    :func:`build_state`)."""

    name: str = Field(min_length=1)
    rules: list[str] = Field(default_factory=list)
    options: dict[str, bool] = Field(default_factory=dict)
    map: MapSpec
    day: int = Field(default=1, ge=1, le=28)
    monster_roll: int | None = Field(default=None, ge=1, le=6)
    seed: int = 1
    dice: list[list[int]] = Field(default_factory=list)
    characters: dict[str, CharacterSpec] = Field(default_factory=dict)
    denizens: list[DenizenSpec] = Field(default_factory=list)
    chits: dict[str, list[str]] = Field(default_factory=dict)
    dwellings: dict[str, str] = Field(default_factory=dict)
    orders: dict[str, str] = Field(default_factory=dict)
    answers: dict[str, list[str]] = Field(default_factory=dict)
    until: Until = "day"
    expect: Expect

    @field_validator("name")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("a scenario's name is one line")
        return value.strip()

    @field_validator("dice", mode="before")
    @classmethod
    def _single_dice(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        return value

    @field_validator("dice")
    @classmethod
    def _rolls(cls, value: list[list[int]]) -> list[list[int]]:
        for index, roll in enumerate(value):
            if len(roll) not in (1, 2) or not all(1 <= d <= 6 for d in roll):
                raise ValueError(
                    f"roll {index} is {roll}: a roll is [a, b] for two dice or [a] for one die, "
                    "each 1-6"
                )
        return value


def load_scenario(data: object) -> Scenario:
    """Validate a parsed YAML document as a :class:`Scenario`.

    Raises :class:`ScenarioError` for the first problem, naming the key path and the reason.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError(
            "(top level)", "a scenario is a mapping with at least name, map and expect"
        )
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        raise ScenarioError(_key(error["loc"]), _reason(error)) from None


def _key(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def _reason(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        allowed = _allowed_keys(Scenario, list(error["loc"])[:-1])
        return "unknown key" + (f" (the keys here are {', '.join(allowed)})" if allowed else "")
    if kind == "missing":
        return "required, and missing"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        return message.removeprefix("Value error, ")
    return f"{message[:1].lower()}{message[1:]}, not {error.get('input')!r}"


def _allowed_keys(model: Any, path: Sequence[int | str]) -> list[str]:
    """The keys of the model found by following ``path`` from ``model`` (empty if none)."""
    current: Any = model
    for part in path:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return []
            current = info.annotation
        elif get_origin(current) in (list, dict):
            current = get_args(current)[-1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """The model inside ``X | None``."""
    if get_origin(annotation) in (Union, UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return members[0] if len(members) == 1 else annotation
    return annotation


# --- building the situation ---------------------------------------------------------------------


def build_state(catalog: Catalog, scenario: Scenario) -> GameState:
    """The game state at Birdsong of the scenario's day (see the module docstring).

    Raises :class:`ScenarioError` for any name the catalog or the map does not know and for any
    placement that cannot be made, naming the key path.
    """
    return _Builder(catalog, scenario).build()


def scenario_board(catalog: Catalog, scenario: Scenario) -> Board:
    """The scenario's map (placed tiles or the random map of its seed)."""
    return Board(catalog, _tiles(catalog, scenario.map))


def _tiles(catalog: Catalog, spec: MapSpec) -> list[PlacedTile]:
    if spec.seed is not None:
        return random_map(catalog, Dice(DiceState(seed=spec.seed)))
    try:
        tiles = layout_from_data({"tiles": spec.tiles}, "map")
        check_layout(catalog, tiles, complete=False)
    except LayoutError as exc:
        raise ScenarioError("map", str(exc).removeprefix("map: ")) from None
    return tiles


def _hint(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(map(repr, close))}?" if close else ""


_ROAD_DISCOVERY = re.compile(
    r"^(?P<tile>[A-Za-z]{1,2}) (?P<kind>hidden path|secret passage) (?P<a>[1-6])-(?P<b>[1-6])$"
)


class _Names:
    """Names of the scenario checked against the catalog and the map."""

    def __init__(self, catalog: Catalog, board: Board) -> None:
        self.catalog = catalog
        self.board = board
        self.pieces = pieces_of(catalog)

    def clearing(self, key: str, cid: str) -> str:
        try:
            return self.board.resolve(cid)
        except ClearingError as exc:
            raise ScenarioError(key, str(exc)) from None

    def place(self, key: str, where: str) -> str:
        """A clearing id, or ``out``, as a place string."""
        return Place.OUT if where == Place.OUT else Place.clearing(self.clearing(key, where))

    def tile(self, key: str, code: str) -> str:
        if self.board.placed(code) is not None:
            return code
        if code in self.catalog.tiles and self.catalog.tiles[code].code == code:
            raise ScenarioError(key, f"tile {code} is not on the scenario's map")
        raise ScenarioError(key, f"no tile {code!r}{_hint(code, self.catalog.tiles)}")

    def character(self, key: str, name: str) -> str:
        if name in self.catalog.characters:
            return self.catalog.characters[name].name
        close = self.catalog.characters.suggest(name)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise ScenarioError(key, f"unknown character {name!r}{hint}")

    def denizen(self, key: str, name: str) -> str:
        if name in self.catalog.monsters or name in self.catalog.native_counters:
            return name
        known = [*self.catalog.monsters, *self.catalog.native_counters]
        raise ScenarioError(
            key,
            f"no monster or native called {name!r} (monsters by list name, natives by counter "
            f"name, e.g. Giant, Company HQ){_hint(name, known)}",
        )

    def chit(self, key: str, name: str) -> str:
        if name in self.catalog.map_chits:
            return name
        raise ScenarioError(key, f"no map chit {name!r}{_hint(name, self.catalog.map_chits)}")

    def item(self, key: str, name: str) -> str:
        ids = self.pieces.named(name)
        if ids and self.pieces[ids[0]].kind in ITEM_KINDS:
            return name
        known = [
            *self.catalog.weapons,
            *self.catalog.armor,
            *self.catalog.horses,
            *self.catalog.treasures,
        ]
        raise ScenarioError(
            key, f"no weapon, armor, horse or treasure {name!r}{_hint(name, known)}"
        )

    def discovery(self, key: str, text: str, tiles: Mapping[str, PlacedTile]) -> str:
        """A discovery as the sheet records it: ``DW hidden path 1-4`` on the face of DW that is
        up in ``tiles`` becomes ``DW (normal) hidden path 1-4``; ``Hoard`` or ``HOARD 6`` becomes
        the site chit ``HOARD 6``; a Treasures Within Treasures card stays its name."""
        explicit = RoadDiscovery.parse(text)
        if explicit is not None:
            if explicit.tile not in self.catalog.tiles:
                raise ScenarioError(key, f"no tile {explicit.tile!r}")
            return str(explicit)
        match = _ROAD_DISCOVERY.match(text)
        if match is not None:
            code = match["tile"].upper()
            placed = tiles.get(code)
            if placed is None:
                raise ScenarioError(key, f"tile {code} is not on the map, so {text!r} has no face")
            side = self.catalog.tiles[code].side(placed.enchanted)
            kind = RoadType.HIDDEN if match["kind"] == "hidden path" else RoadType.SECRET
            a, b = int(match["a"]), int(match["b"])
            road = side.road_between(a, b)
            if road is None or road.type is not kind:
                face = "enchanted" if placed.enchanted else "normal"
                have = [f"{r.a}-{r.b}" for r in side.roads if r.type is kind]
                listed = f"; it has {', '.join(have)}" if have else ""
                raise ScenarioError(key, f"{code} ({face}) has no {match['kind']} {a}-{b}{listed}")
            return str(RoadDiscovery.of(code, placed.enchanted, road))
        sites = {c.name: c for c in self.catalog.map_chits.values() if c.kind is ChitKind.SITE}
        if text in sites:
            return text
        by_word = {c.word.casefold(): c.name for c in sites.values()}
        if text.casefold() in by_word:
            return by_word[text.casefold()]
        if text in self.catalog.treasures and self.catalog.treasures[text].twt is not None:
            return text
        raise ScenarioError(
            key,
            f"{text!r} is not a discovery: write e.g. 'DW hidden path 1-4', "
            f"'CS secret passage 2-3', 'HOARD 6' or a Treasures Within Treasures card"
            f"{_hint(text, [*sites, *by_word])}",
        )


class _Builder:
    def __init__(self, catalog: Catalog, scenario: Scenario) -> None:
        self.catalog = catalog
        self.scenario = scenario
        self.pieces: Pieces = pieces_of(catalog)
        self.tiles = _tiles(catalog, scenario.map)
        self.board = Board(catalog, self.tiles)
        self.names = _Names(catalog, self.board)
        self.dice = Dice(DiceState(seed=scenario.seed))
        self.state = GameState(
            dice=self.dice.state,
            tiles=list(self.tiles),
            day=scenario.day,
            options=dict(scenario.options),
        )
        self.placed: dict[str, str] = {}  # piece -> the key that placed it
        self.denizen_pieces: list[tuple[str, str, DenizenSpec]] = []  # key, piece, spec

    def build(self) -> GameState:
        state = self.state
        state.stacks[Place.ASIDE] = [piece.id for piece in self.pieces]
        fill_set_up_card(self.catalog, self.pieces, state, self.dice)
        place_visitor_chits(self.catalog, state, self.dice)
        place_map_chits(self.catalog, state, self.dice)
        self._map_chits()
        for piece in list(state.at(Place.ASIDE)):
            kind = self.pieces[piece].kind
            if kind is Kind.MONSTER or (
                kind is Kind.DWELLING and self.catalog.dwellings[piece].is_building
            ):
                state.put(piece, Place.OUT)  # the Ghosts and the buildings, unless listed
        self._dwellings()
        self._denizens()
        characters = {
            self.names.character(f"characters.{name}", name): (name, spec)
            for name, spec in self.scenario.characters.items()
        }
        for name, (written, spec) in characters.items():
            state.characters[name] = self._character(f"characters.{written}", name, spec)
        for card in self.pieces.of_kind(Kind.CHARACTER):
            if card.id not in state.characters:
                state.put(card.id, Place.OUT)
        self._hirelings()
        self._check_orders_and_expect()
        forced = [[self.scenario.monster_roll]] if self.scenario.monster_roll is not None else []
        state.dice.forced = forced + [list(roll) for roll in self.scenario.dice]
        return state

    def _claim(self, piece: str, key: str) -> None:
        if piece in self.placed:
            raise ScenarioError(key, f"{piece} is already placed by {self.placed[piece]}")
        self.placed[piece] = key

    # map chits (3.5): only those listed, in their tiles
    def _map_chits(self) -> None:
        state = self.state
        for place in [p for p in state.stacks if Place.split(p)[0] == "tile"]:
            for chit in list(state.at(place)):
                state.put(chit, Place.OUT)
        sections: list[str] = []
        for code, labels in self.scenario.chits.items():
            tile = self.names.tile(f"chits.{code}", code)
            for index, label in enumerate(labels):
                key = f"chits.{code}[{index}]"
                up = label.startswith("up:")
                name = self.names.chit(key, label.removeprefix("up:").strip())
                self._claim(name, key)
                was = state.place_of(name)
                if Place.split(was)[0] == "section":
                    sections.append(was)
                state.put(name, self._chit_place(key, tile, name, up))
                if up:
                    state.face_up.append(name)
        spare = [
            c.name
            for c in self.catalog.map_chits.values()
            if c.kind in (ChitKind.SITE, ChitKind.SOUND)
            and c.name not in self.placed
            and state.place_of(c.name) == Place.OUT
        ]
        for section in sections:  # keep five chits in each section (3.5.3)
            if spare:
                state.put(spare.pop(0), section)

    def _chit_place(self, key: str, tile: str, name: str, up: bool) -> str:
        chit = self.catalog.map_chits[name]
        if not up:
            return Place.tile(tile)
        if chit.exchange is not None or chit.kind in (ChitKind.LOST_CITY, ChitKind.LOST_CASTLE):
            raise ScenarioError(
                key,
                f"{name} is never face up in a tile: when it is revealed it is exchanged "
                "(3.6.2, 7.13.2c, 2.7.14)",
            )
        if chit.clearing is None:  # a Warning chit stays in the tile's forest, face up
            return Place.tile(tile)
        numbers = self.board.side(tile).clearing_numbers()
        if chit.clearing not in numbers:
            raise ScenarioError(
                key, f"{name} face up goes to clearing {chit.clearing}, and {tile} has none"
            )
        return Place.clearing(f"{tile}{chit.clearing}")

    def _dwellings(self) -> None:
        garrison_boxes = {
            b.natives: Place.box(b.name)
            for b in self.catalog.setup_card.values()
            if b.section is Section.GARRISONS and b.natives is not None
        }
        for written, where in self.scenario.dwellings.items():
            key = f"dwellings.{written}"
            record = self.catalog.dwellings.named(written)
            if record is None:
                raise ScenarioError(
                    key,
                    f"no dwelling or campfire {written!r}{_hint(written, self.catalog.dwellings)}",
                )
            self._claim(record.name, key)
            place = Place.clearing(self.names.clearing(key, where))
            self.state.put(record.name, place)
            if record.garrison is not None:
                for piece in self._natives_with_horses(record.garrison):
                    if self.state.place_of(piece) == garrison_boxes[record.garrison]:
                        self.state.put(piece, place)

    def _natives_with_horses(self, group: str) -> list[str]:
        found: list[str] = []
        for native in self.catalog.natives[group].counters:
            found.append(native.name)
            if native.horse is not None:
                found.append(native.horse)
        return found

    def _denizens(self) -> None:
        for index, spec in enumerate(self.scenario.denizens):
            key = f"denizens[{index}]"
            name = self.names.denizen(f"{key}.name", spec.name)
            place = Place.clearing(self.names.clearing(f"{key}.at", spec.at))
            every = self.pieces.named(name)
            free = [p for p in every if p not in self.placed]
            if not free:
                if len(every) == 1:
                    raise ScenarioError(key, f"{name} is already placed by {self.placed[name]}")
                raise ScenarioError(
                    key, f"the game has {len(every)} {name} and every one is already placed"
                )
            piece = free[0]
            self._claim(piece, key)
            self.denizen_pieces.append((key, piece, spec))
            home = self.state.place_of(piece)
            self.state.put(piece, place)
            if Place.split(home)[0] == "box":
                self.state.homes[piece] = home  # where regeneration returns it (6.3.4)
            if name in self.catalog.native_counters:
                horse = self.catalog.native_counters[name].horse
                if horse is not None:
                    horse_home = self.state.place_of(horse)
                    self.state.put(horse, place)
                    if Place.split(horse_home)[0] == "box":
                        self.state.homes[horse] = horse_home

    def _hirelings(self) -> None:
        """The denizens hired or controlled by a scenario character (7.7)."""
        for key, piece, spec in self.denizen_pieces:
            written = spec.hired_by or spec.controlled_by
            if written is None:
                continue
            field = "hired_by" if spec.hired_by is not None else "controlled_by"
            employer = self._member(f"{key}.{field}", written)
            try:
                hire(
                    self.catalog,
                    self.state,
                    piece,
                    employer,
                    days=spec.term,
                    controlled=spec.controlled_by is not None,
                )
            except ValueError as exc:
                raise ScenarioError(key, str(exc)) from None
            self.state.minions[piece].sheet.hidden = spec.hidden

    def _character(self, key: str, name: str, spec: CharacterSpec) -> CharacterState:
        card = self.catalog.characters[name]
        level = card.level(spec.level)
        start = str(card.starting_locations[0])
        character = CharacterState(
            name=name,
            level=spec.level,
            hidden=spec.hidden,
            start=start,
            gold=spec.gold,
            fame=spec.fame,
            notoriety=spec.notoriety,
            chits=[ChitState(label=chit.label) for chit in card.chits_at(spec.level)],
            spells=self._spells(name, spec.level),
            victory=dict(DEFAULT_VICTORY),
            relationships={str(p): int(r) for p, r in card.relationships_at(spec.level).items()},
        )
        character.starting_spells = list(character.spells)
        if spec.at is not None:
            place = Place.clearing(self.names.clearing(f"{key}.at", spec.at))
        else:
            where = self.state.place_of("Ghost 1" if start == "Ghosts" else start)
            if Place.split(where)[0] != "at":
                raise ScenarioError(
                    f"{key}.at",
                    f"required: the {name} starts at the {start}, which is not on the map "
                    "(list it under dwellings, or give at)",
                )
            place = where
        self.state.put(name, place)
        for status, labels in (("fatigued", spec.fatigued), ("wounded", spec.wounded)):
            for index, label in enumerate(labels):
                chit = next(
                    (c for c in character.chits if c.label == label and c.status == "active"),
                    None,
                )
                if chit is None:
                    have = sorted({c.label for c in character.chits})
                    raise ScenarioError(
                        f"{key}.{status}[{index}]",
                        f"the {name} (level {spec.level}) has no other active chit {label!r}"
                        f"{_hint(label, have)}",
                    )
                chit.status = "fatigued" if status == "fatigued" else "wounded"
        belongings = (
            spec.belongings
            if spec.belongings is not None
            else [Belonging(name=item) for item in (*level.weapons, *level.armor)]
        )
        for index, belonging in enumerate(belongings):
            item_key = f"{key}.belongings[{index}]"
            piece = self._take_item(item_key, self.names.item(item_key, belonging.name))
            self.state.put(piece, Place.owner(name))
            character.items[piece] = ItemState(active=belonging.active)
        tiles = {t.tile: t for t in self.tiles}
        character.discoveries = [
            self.names.discovery(f"{key}.discoveries[{index}]", text, tiles)
            for index, text in enumerate(spec.discoveries)
        ]
        return character

    def _take_item(self, key: str, name: str) -> str:
        """A copy of ``name`` from where the Set Up Card put it: first from the natives that
        hold one, in Set Up Card order (as setup takes starting equipment, 3.3.2), else the first
        copy not yet placed."""
        native_boxes = [
            Place.box(b.name)
            for b in self.catalog.setup_card.values()
            if b.natives is not None and b.section in (Section.DWELLINGS, Section.GARRISONS)
        ]
        free = [p for p in self.pieces.named(name) if p not in self.placed]
        if not free:
            raise ScenarioError(key, f"every {name} of the game is already placed")

        def rank(piece: str) -> int:
            where = self.state.place_of(piece)
            return native_boxes.index(where) if where in native_boxes else len(native_boxes)

        piece = min(free, key=rank)
        self._claim(piece, key)
        return piece

    def _spells(self, name: str, number: int) -> list[str]:
        """The default spells of a character at level ``number``: the first spells of the List
        of each allowed type in turn (as setup's default, 3.3.3)."""
        level = self.catalog.characters[name].level(number)
        by_type = {
            t: [s.name for s in self.catalog.spells.values() if s.type == t]
            for t in level.spell_types
        }
        chosen: list[str] = []
        while len(chosen) < level.spells:
            before = len(chosen)
            for spell_type in level.spell_types:
                remaining = [s for s in by_type[spell_type] if s not in chosen]
                if remaining and len(chosen) < level.spells:
                    chosen.append(remaining[0])
            if len(chosen) == before:
                break
        return chosen

    def _member(self, key: str, written: str) -> str:
        """The scenario character ``written`` names (a ScenarioError for anyone else)."""
        name = self.names.character(key, written)
        if name not in self.state.characters:
            raise ScenarioError(key, f"the {name} is not one of the scenario's characters")
        return name

    def _check_orders_and_expect(self) -> None:
        scenario = self.scenario
        names = self.names
        member = self._member

        for written in scenario.orders:
            if written not in self.state.minions:
                member(f"orders.{written}", written)
        for written in scenario.answers:
            member(f"answers.{written}", written)
        expect = scenario.expect
        for written, expected in expect.characters.items():
            key = f"expect.characters.{written}"
            name = member(key, written)
            if expected.at is not None:
                names.place(f"{key}.at", expected.at)
            for index, item in enumerate(expected.belongings or []):
                names.item(f"{key}.belongings[{index}]", item.name)
            tiles = {t.tile: t for t in self.tiles}
            for index, text in enumerate(expected.discoveries or []):
                names.discovery(f"{key}.discoveries[{index}]", text, tiles)
            labels = {c.label for c in self.catalog.characters[name].chits}
            for status in ("fatigued", "wounded"):
                for index, label in enumerate(getattr(expected, status) or []):
                    if label not in labels:
                        raise ScenarioError(
                            f"{key}.{status}[{index}]",
                            f"the {name} has no chit {label!r}{_hint(label, labels)}",
                        )
        for written, minion in expect.minions.items():
            key = f"expect.minions.{written}"
            if written not in self.state.minions:
                hired = ", ".join(self.state.minions) or "none"
                raise ScenarioError(key, f"{written!r} is not a hired denizen (hired: {hired})")
            if minion.at is not None:
                names.place(f"{key}.at", minion.at)
            if minion.hired_by is not None:
                member(f"{key}.hired_by", minion.hired_by)
        for index, denizens in enumerate(expect.denizens):
            names.denizen(f"expect.denizens[{index}].name", denizens.name)
            names.clearing(f"expect.denizens[{index}].at", denizens.at)
        for code, chits in expect.chits.items():
            names.tile(f"expect.chits.{code}", code)
            for chit in chits:
                names.chit(f"expect.chits.{code}.{chit}", chit)
        known = set(EVENT_TYPES) | PROMISED_EVENT_TYPES
        for part in ("events", "absent_events"):
            for index, entry in enumerate(getattr(expect, part)):
                if entry["type"] not in known:
                    raise ScenarioError(
                        f"expect.{part}[{index}].type",
                        f"no event type {entry['type']!r}{_hint(entry['type'], known)}",
                    )
        if scenario.until == "birdsong":
            for part in ("events", "absent_events", "public_excludes"):
                if getattr(expect, part):
                    raise ScenarioError(
                        f"expect.{part}",
                        "with until: birdsong nothing is resolved, so there are no events",
                    )
        codes = getattr(_parse_module, "CODES", None)
        for index, error in enumerate(expect.errors):
            if error.character not in self.state.minions:
                member(f"expect.errors[{index}].character", error.character)
            if codes and error.code not in codes:
                raise ScenarioError(
                    f"expect.errors[{index}].code",
                    f"the parser has no code {error.code!r}{_hint(error.code, codes)}",
                )


# --- running -------------------------------------------------------------------------------------


class ParseFn(Protocol):
    """The signature of :func:`rules.orders.parse.parse_orders`."""

    def __call__(
        self, text: str, state: GameState, character: str, *, catalog: Catalog | None = None
    ) -> ParseResult: ...


class ResolveFn(Protocol):
    """The signature of :func:`rules.day.engine.resolve`."""

    def __call__(
        self,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, Sequence[str]] | None = None,
        *,
        catalog: Catalog | None = None,
        until: Literal["daylight", "evening", "day"] = "day",
    ) -> Resolution: ...


@dataclass
class Outcome:
    """What a run produced: the state afterwards, the events, the parse problems per character
    (``(character, problem)``) and any decision the run stopped on."""

    catalog: Catalog
    state: GameState
    events: list[Event] = field(default_factory=list)
    errors: list[tuple[str, Problem]] = field(default_factory=list)
    warnings: list[tuple[str, Problem]] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)


def run(
    catalog: Catalog,
    scenario: Scenario,
    *,
    parse: ParseFn = _real_parse,
    resolve: ResolveFn = _real_resolve,
) -> Outcome:
    """Set the scenario up, parse each character's orders and, unless ``until`` is
    ``birdsong``, resolve up to ``until`` with the scenario's answers.

    A malformed scenario raises :class:`ScenarioError`; whatever the engine raises propagates
    (the runner reports it as a failure).
    """
    state = build_state(catalog, scenario)
    outcome = Outcome(catalog=catalog, state=state)
    orders: dict[str, Orders] = {}
    for written, text in scenario.orders.items():
        name = _orders_name(catalog, state, written)
        result = parse(text, state, name, catalog=catalog)
        outcome.errors.extend((name, problem) for problem in result.errors)
        outcome.warnings.extend((name, problem) for problem in result.warnings)
        if result.orders is not None:
            orders[name] = result.orders
    if scenario.until == "birdsong":
        return outcome
    answers = {catalog.characters[k].name: list(v) for k, v in scenario.answers.items()}
    resolution = resolve(state, orders, answers, catalog=catalog, until=scenario.until)
    outcome.state = resolution.state
    outcome.events = list(resolution.events)
    outcome.pending = list(resolution.pending)
    return outcome


def public_report(events: Sequence[Event]) -> str:
    """The public report's text: what ``public_excludes`` is checked against.

    For now the English line of each event the public may see (:meth:`Event.describe`); the one
    place to swap in the real report renderer.
    """
    return "\n".join(event.describe() for event in visible_to(list(events), PUBLIC))


# --- checking -----------------------------------------------------------------------------------


def check(
    scenario: Scenario,
    outcome: Outcome,
    *,
    report: Callable[[Sequence[Event]], str] = public_report,
) -> list[str]:
    """Every difference between ``outcome`` and the scenario's ``expect``, one readable line
    each; an empty list means the scenario passes. ``report`` makes the public report text that
    ``public_excludes`` is checked against (the application passes its report renderer)."""
    lines: list[str] = []
    catalog, state = outcome.catalog, outcome.state
    lines += _check_errors(scenario, outcome)
    for decision in outcome.pending:
        lines.append(
            f"pending: the run stopped for the {decision.character}'s decision "
            f"{decision.kind!r} ({decision.prompt}; options {', '.join(decision.options)}); "
            "give it under answers"
        )
    for written, expected in scenario.expect.characters.items():
        name = catalog.characters[written].name
        lines += _check_character(catalog, state, name, f"characters.{written}", expected)
    lines += _check_denizens(catalog, state, scenario.expect.denizens)
    for piece, minion in scenario.expect.minions.items():
        lines += _check_minion(catalog, state, piece, minion)
    lines += _check_chits(state, scenario.expect.chits)
    lines += _check_events(scenario.expect.events, outcome.events)
    for entry in scenario.expect.absent_events:
        for event in outcome.events:
            if _matches(entry, event):
                lines.append(f"absent_events: {_show(entry)} happened: {_show_event(event)}")
    text = report(outcome.events)
    for excluded in scenario.expect.public_excludes:
        if excluded in text:
            found = next((line for line in text.splitlines() if excluded in line), text)
            lines.append(f"public_excludes: {excluded!r} is in the public report: {found!r}")
    return lines


def _check_errors(scenario: Scenario, outcome: Outcome) -> list[str]:
    catalog = outcome.catalog
    expected = Counter(
        (_orders_name(catalog, outcome.state, e.character), e.code) for e in scenario.expect.errors
    )
    actual = Counter((name, problem.code) for name, problem in outcome.errors)
    lines = [
        f"errors: expected {name}: {code}, and the parser did not report it"
        for (name, code), n in (expected - actual).items()
        for _ in range(n)
    ]
    unexpected = expected.copy()
    for name, problem in outcome.errors:
        if unexpected[(name, problem.code)] > 0:
            unexpected[(name, problem.code)] -= 1
            continue
        lines.append(
            f"errors: unexpected {name}: {problem.code} at {problem.text!r}: {problem.message}"
        )
    return lines


def _orders_name(catalog: Catalog, state: GameState, written: str) -> str:
    """Whose orders ``written`` names: a minion by piece id, else a character."""
    return written if written in state.minions else catalog.characters[written].name


def _place_name(place: str) -> str:
    kind, rest = Place.split(place)
    return rest if kind == "at" else place


def _check_character(
    catalog: Catalog, state: GameState, name: str, key: str, expected: ExpectedCharacter
) -> list[str]:
    character = state.characters.get(name)
    if character is None:
        return [f"{key}: the {name} is not in the game"]
    lines: list[str] = []

    def differ(what: str, want: Any, got: Any) -> None:
        if want is not None and want != got:
            lines.append(f"{key}.{what}: expected {_word(want)}, got {_word(got)}")

    try:
        where = _place_name(state.place_of(name))
    except KeyError:
        where = "nowhere"
    if expected.at is not None:
        want = expected.at if expected.at == Place.OUT else _canonical_clearing(expected.at)
        differ("at", want, where)
    differ("hidden", expected.hidden, character.hidden)
    differ("level", expected.level, character.level)
    differ("gold", expected.gold, character.gold)
    differ("fame", expected.fame, character.fame)
    differ("notoriety", expected.notoriety, character.notoriety)
    for status in ("fatigued", "wounded"):
        want_labels = getattr(expected, status)
        if want_labels is not None:
            got = sorted(c.label for c in character.chits if c.status == status)
            differ(status, sorted(want_labels), got)
    if expected.belongings is not None:
        pieces = pieces_of(catalog)
        owned = state.at(Place.owner(name))
        got_names = sorted(pieces[p].name for p in owned)
        differ("belongings", sorted(b.name for b in expected.belongings), got_names)
        for belonging in expected.belongings:
            if belonging.active is None:
                continue
            items = [p for p in owned if pieces[p].name == belonging.name]
            if items and not any(
                character.items.get(p, ItemState()).active is belonging.active for p in items
            ):
                lines.append(
                    f"{key}.belongings: expected {belonging.name} "
                    f"{'active' if belonging.active else 'inactive'}, and it is not"
                )
    if expected.discoveries is not None:
        names = _Names(catalog, Board(catalog, state.tiles))
        tiles = {t.tile: t for t in state.tiles}
        discoveries = sorted(
            names.discovery(f"{key}.discoveries", text, tiles) for text in expected.discoveries
        )
        differ("discoveries", discoveries, sorted(character.discoveries))
    return lines


def _check_minion(
    catalog: Catalog, state: GameState, piece: str, expected: ExpectedMinion
) -> list[str]:
    key = f"minions.{piece}"
    lines: list[str] = []
    where = _place_name(state.place_of(piece))
    if expected.at is not None and _canonical_clearing(expected.at) != where:
        lines.append(f"{key}.at: expected {expected.at}, got {where}")
    minion = state.minions.get(piece)
    if expected.hired is not None and expected.hired != (minion is not None):
        lines.append(
            f"{key}.hired: expected {_word(expected.hired)}, got {_word(not expected.hired)}"
        )
    if expected.hired_by is not None:
        employer = catalog.characters[expected.hired_by].name
        got = minion.employer if minion is not None else "nobody"
        if got != employer:
            lines.append(f"{key}.hired_by: expected {employer}, got {got}")
    if expected.hidden is not None:
        hidden = minion is not None and minion.sheet.hidden
        if hidden != expected.hidden:
            lines.append(f"{key}.hidden: expected {_word(expected.hidden)}, got {_word(hidden)}")
    return lines


def _canonical_clearing(cid: str) -> str:
    try:
        code, number = parse_clearing_id(cid)
    except ClearingError:
        return cid
    return f"{code}{number}"


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_word, value)) + "]"
    return str(value)


def _check_denizens(
    catalog: Catalog, state: GameState, expected: Sequence[ExpectedDenizens]
) -> list[str]:
    pieces = pieces_of(catalog)
    lines: list[str] = []
    for entry in expected:
        at = _canonical_clearing(entry.at)
        here = [p for p in state.at(Place.clearing(at)) if pieces[p].name == entry.name]
        if len(here) != entry.count:
            elsewhere = [
                f"{p} {_place_name(place)}"
                for place, stack in state.stacks.items()
                for p in stack
                if pieces[p].name == entry.name and Place.split(place)[0] == "at"
            ]
            seen = f" (on the map: {', '.join(elsewhere)})" if elsewhere else " (none on the map)"
            lines.append(
                f"denizens: expected {entry.count} {entry.name} in {at}, found {len(here)}{seen}"
            )
    return lines


def _check_chits(state: GameState, expected: Mapping[str, Mapping[str, str]]) -> list[str]:
    lines: list[str] = []
    for tile, chits in expected.items():
        for chit, side in chits.items():
            try:
                place = state.place_of(chit)
            except KeyError:
                place = "nowhere"
            kind, where = Place.split(place)
            in_tile = (kind == "tile" and where == tile) or (
                kind == "at" and parse_clearing_id(where)[0] == tile
            )
            if not in_tile:
                lines.append(f"chits.{tile}.{chit}: expected {side} in {tile}, but it is {place}")
                continue
            got = "up" if chit in state.face_up else "down"
            if got != side:
                lines.append(f"chits.{tile}.{chit}: expected {side}, got {got}")
    return lines


def _same(want: Any, got: Any) -> bool:
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and want is got
    if isinstance(want, list | tuple) and isinstance(got, list | tuple):
        return len(want) == len(got) and all(_same(w, g) for w, g in zip(want, got, strict=True))
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        return want.keys() == got.keys() and all(_same(want[k], got[k]) for k in want)
    return bool(type(want) is type(got) and want == got) or (
        isinstance(want, int | float) and isinstance(got, int | float) and want == got
    )


def _matches(expected: Mapping[str, Any], event: Event) -> bool:
    """Whether ``event`` has the expected type and every listed field, exactly."""
    if expected["type"] != event.type:
        return False
    if "audience" in expected and expected["audience"] != event.audience:
        return False
    return all(
        key in event.fields and _same(value, event.fields[key])
        for key, value in expected.items()
        if key not in _EVENT_KEYS
    )


def _check_events(expected: Sequence[Mapping[str, Any]], events: Sequence[Event]) -> list[str]:
    """The expected events must occur in this order, others may come between."""
    position = 0
    for index, entry in enumerate(expected):
        found = next((i for i in range(position, len(events)) if _matches(entry, events[i])), None)
        if found is None:
            where = f" after {_show_event(events[position - 1])}" if position else ""
            same_type = [_show_event(e) for e in events if e.type == entry["type"]]
            seen = f"; {entry['type']} events: {'; '.join(same_type)}" if same_type else ""
            return [f"events[{index}]: {_show(entry)} did not happen{where}{seen}"]
        position = found + 1
    return []


def _show(entry: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{key}: {_word(value)}" for key, value in entry.items()) + "}"


def _show_event(event: Event) -> str:
    return _show({"type": event.type, **event.fields})
