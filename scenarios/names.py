"""A scenario's names checked against the catalog and its map: clearings, tiles, characters,
denizens, map chits, items, spells, boxes and discoveries, written as SCENARIOS.md's "Names" says.

An unknown name raises :class:`~scenarios.format.ScenarioError` naming the key and, when the
catalog knows close names, "did you mean" suggestions.

Pieces (SCENARIOS.md Part 2, "Matching events"): a name written without its number names any
copy of it (:func:`is_copy`). A head or club is named by :func:`part_id`, a roadway by
:func:`road_place`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from rules.board import Board, ClearingError, parse_clearing_id
from rules.catalog import Catalog
from rules.discoveries import RoadDiscovery
from rules.evening import counters
from rules.layout import PlacedTile
from rules.pieces import ITEM_KINDS, Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.setup import Section
from rules.schema.tiles import RoadType
from rules.state import GameState, Place
from scenarios.format import ScenarioError
from scenarios.sentences import english


def hint(name: str, known: Iterable[str]) -> str:
    """``; did you mean ...?`` with the names of ``known`` close to ``name``, or nothing."""
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(map(repr, close))}?" if close else ""


def is_copy(written: str, piece: str) -> bool:
    """Whether ``piece`` is what ``written`` names: the same name, or, written without its
    number, a numbered copy of it (``Giant`` names ``Giant 1`` but not ``Giant Bat 1``;
    ``Giant's Club`` names ``Giant's Club 2``)."""
    if written == piece:
        return True
    head, _, number = piece.rpartition(" ")
    return head == written and number.isdigit()


def part_id(catalog: Catalog, monster_piece: str, part_name: str) -> str:
    """The counter of the head or club ``part_name`` of the monster ``monster_piece``: the part's
    name for a monster with one counter (``Flying Dragon Head``), followed by the monster's copy
    number for a monster with several (``Giant's Club 1`` belongs to ``Giant 1``). Raises
    ValueError when the monster has no such part."""
    monster = catalog.monsters[pieces_of(catalog)[monster_piece].name]
    if part_name not in [part.name for part in monster.parts]:
        raise ValueError(f"the {monster.name} has no head or club called {part_name!r}")
    return counters.part_id(catalog, monster_piece, part_name)


def parts_of(catalog: Catalog, piece: str) -> list[str]:
    """The head and club counters of ``piece`` (none but for a Tremendous monster with some)."""
    return counters.parts(catalog, piece)


def canonical_clearing(written: str) -> str:
    """A clearing as the engine writes it (``CV5``), however the scenario wrote it; anything
    that is no clearing as written."""
    try:
        code, number = parse_clearing_id(written)
    except ClearingError:
        return written
    return f"{code}{number}"


def road_place(a: str, b: str) -> str:
    """The place of the roadway between clearings ``a`` and ``b`` (8.3.8d: after running away):
    ``road:DW4|DW5``, the clearings sorted, so either way round names the same roadway."""
    return Place.road(a, b)


def roadway(text: str) -> tuple[str, str] | None:
    """The two clearing ids of a roadway written ``DW5-DW4``; None if ``text`` is not one."""
    first, dash, second = text.partition("-")
    return (first.strip(), second.strip()) if dash and first.strip() and second.strip() else None


def is_loose_item(catalog: Catalog, piece: str) -> bool:
    """A weapon, armor, horse or Treasure card counter that may lie in a box or a pile: any item
    but a native's own horse, which stands with its rider (2.2.5)."""
    record = pieces_of(catalog)[piece]
    if record.kind is Kind.HORSE:
        return catalog.horses[record.name].rider is None
    return record.kind in ITEM_KINDS


def box_named(catalog: Catalog, name: str) -> str | None:
    """The Set Up Card box ``name`` names: a box by its catalog name, or a native group's box by
    the group's name (``Order`` is the Chapel's box); None if none."""
    if name in catalog.setup_card:
        return catalog.setup_card[name].name
    for box in catalog.setup_card.values():
        if box.natives == name and box.section in (Section.DWELLINGS, Section.GARRISONS):
            return box.name
    return None


_ROAD_DISCOVERY = re.compile(
    r"^(?P<tile>[A-Za-z]{1,2}) (?P<kind>hidden path|secret passage) (?P<a>[1-6])-(?P<b>[1-6])$"
)


class Names:
    """Names of the scenario checked against the catalog and the map."""

    def __init__(self, catalog: Catalog, board: Board) -> None:
        self.catalog = catalog
        self.board = board
        self.pieces = pieces_of(catalog)

    def clearing(self, key: str, cid: str) -> str:
        try:
            return self.board.resolve(cid)
        except ClearingError as exc:
            raise ScenarioError(key, english(exc.phrase)) from None

    def place(self, key: str, where: str) -> str:
        """A clearing id, or ``out``, as a place string."""
        return Place.OUT if where == Place.OUT else Place.clearing(self.clearing(key, where))

    def tile(self, key: str, code: str) -> str:
        if self.board.placed(code) is not None:
            return code
        if code in self.catalog.tiles and self.catalog.tiles[code].code == code:
            raise ScenarioError(key, f"tile {code} is not on the scenario's map")
        raise ScenarioError(key, f"no tile {code!r}{hint(code, self.catalog.tiles)}")

    def character(self, key: str, name: str) -> str:
        if name in self.catalog.characters:
            return self.catalog.characters[name].name
        close = self.catalog.characters.suggest(name)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise ScenarioError(key, f"unknown character {name!r}{hint}")

    def denizen(self, key: str, name: str) -> str:
        """A monster's list name, a native's counter name, or a visitor/mission chit's face
        name (the Scholar, Food/Ale), as written."""
        if name in self.catalog.monsters or name in self.catalog.native_counters:
            return name
        if name in self.catalog.visitors:
            return name
        known = [*self.catalog.monsters, *self.catalog.native_counters]
        raise ScenarioError(
            key,
            f"no monster, native or visitor called {name!r} (monsters by list name, natives by "
            f"counter name, visitors by name, e.g. Giant, Company HQ, Crone){hint(name, known)}",
        )

    def box(self, key: str, name: str) -> str:
        """The place of the Set Up Card box ``name`` names (:func:`box_named`)."""
        box = box_named(self.catalog, name)
        if box is None:
            known = [*self.catalog.setup_card, *self.catalog.natives]
            raise ScenarioError(
                key,
                f"no Set Up Card box {name!r} (a box by its catalog name, or a native group's "
                f"name for its box){hint(name, known)}",
            )
        return Place.box(box)

    def spell(self, key: str, name: str) -> str:
        if name in self.catalog.spells:
            return self.catalog.spells[name].name
        raise ScenarioError(key, f"no spell {name!r}{hint(name, self.catalog.spells)}")

    def roadway(self, key: str, text: str) -> str:
        """A roadway written ``DW5-DW4`` as its place (:func:`road_place`): two clearings of the
        map joined by a road."""
        ends = roadway(text)
        if ends is None:
            raise ScenarioError(key, f"{text!r} is not a roadway, e.g. DW5-DW4")
        a, b = (self.clearing(key, end) for end in ends)
        if b not in self.board.neighbours(a):
            raise ScenarioError(key, f"no roadway joins {a} and {b}")
        return road_place(a, b)

    def chit(self, key: str, name: str) -> str:
        if name in self.catalog.map_chits:
            return name
        raise ScenarioError(key, f"no map chit {name!r}{hint(name, self.catalog.map_chits)}")

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
        raise ScenarioError(key, f"no weapon, armor, horse or treasure {name!r}{hint(name, known)}")

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
            f"{hint(text, [*sites, *by_word])}",
        )


def orders_name(catalog: Catalog, state: GameState, written: str) -> str:
    """Whose orders ``written`` names: a minion or familiar by piece id, else a character."""
    if written in state.minions or written in state.familiars:
        return written
    return catalog.characters[written].name
