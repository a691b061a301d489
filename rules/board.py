"""The map as the pieces move on it: clearings, the roadways between them, and drawing geometry.

A :class:`Board` is built from the catalog and a sequence of :class:`~rules.layout.PlacedTile`
(the whole map of 3.2 or a scenario's partial map, SCENARIOS.md). It answers which clearings
there are, how they are joined, the shortest routes between them, and which of them connect to
the Borderland (3.2.3b.5, 3.6.2, 7.13.2c).

Clearing ids are the rulebook's: tile code and clearing number, ``"NW2"`` for Nut Woods 2
(2.1.1b L285); codes have one or two letters (``"L3"``, ``"BL6"``).

Roadways (2.1.1c L286) come from the face of each tile that is up. A roadway that runs to a tile
edge joins, across that edge, the roadway(s) running to the facing edge of the neighbouring tile
("Roadways connect from tile to tile"); with no tile beyond, it leads off the map (9.2.2b).

Road types of a connection: a roadway inside one tile has its one type. A connection that crosses
a tile edge is made of two halves, one on each tile, and carries the types of both halves; it is
usable only by someone who may use *every* type it carries (:meth:`Connection.usable`). So a
hidden path that continues into an open road on the next tile counts as a hidden path: it is one
roadway, and a traveller must have discovered the hidden half to follow it. (In the 3.1 tile data
every roadway that reaches a tile edge is an open road, so this only matters for altered data.)

Geometry is in *map units*: a flat-topped hex has circumradius 1 (width 2, height √3), the hex
at ``(0, 0)`` is centred on the origin, x grows to the east and y to the south (screen
convention, as in image libraries). Rotations are clockwise as seen on screen.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from rules.catalog import Catalog
from rules.layout import DIRECTIONS, STEPS, PlacedTile, opposite
from rules.phrases import Phrase, phrase
from rules.schema.tiles import Clearing, ClearingType, Edge, RoadType, Tile, TileSide

Hex = tuple[int, int]
Point = tuple[float, float]

#: Every kind of roadway (2.1.1c L286): the default for routes that may use any of them.
ALL_ROADS: frozenset[RoadType] = frozenset(RoadType)

BORDERLAND = "BL"
SQRT3 = math.sqrt(3.0)

_CLEARING_ID = re.compile(r"([A-Za-z]{1,2})([0-9]+)")
#: cos and sin of k × 60°, exact where they can be.
_TURNS: tuple[Point, ...] = tuple(
    (round(math.cos(k * math.pi / 3), 15), round(math.sin(k * math.pi / 3), 15)) for k in range(6)
)


class LayoutError(ValueError):
    """A map layout that breaks a rule or cannot be read.

    ``tile`` is the tile code at fault (None when no one tile is), ``rule`` the rule number broken
    (None for a file that cannot be read), ``reason`` the explanation. The message names both:
    ``"HP at (1, -2): rule 3.2.3b.4: its road edge SE meets a roadless edge of CV"``.
    """

    def __init__(
        self,
        reason: str,
        *,
        tile: str | None = None,
        rule: str | None = None,
        at: Hex | None = None,
        source: str | None = None,
    ) -> None:
        self.reason = reason
        self.tile = tile
        self.rule = rule
        self.at = at
        parts = []
        if source is not None:
            parts.append(source)
        if tile is not None:
            parts.append(f"{tile} at {at}" if at is not None else tile)
        if rule is not None:
            parts.append(f"rule {rule}")
        parts.append(reason)
        super().__init__(": ".join(parts))


class ClearingError(ValueError):
    """A clearing id that is malformed or names no clearing of the board.

    ``phrase`` says why to the player who named it (``templates/phrases/board.j2``) and, when the
    tile is known, lists the tile's real clearings: ``"no clearing CV3: Curst Valley has clearings
    1, 2, 4, 5"``. The message (``str``) is the phrase's key and values, for a developer.
    """

    def __init__(self, clearing: str, said: Phrase) -> None:
        self.clearing = clearing
        self.phrase = said
        super().__init__(f"{said.key} {said.named}")


def clearing_id(code: str, number: int) -> str:
    """The id of clearing ``number`` of tile ``code``: ``clearing_id("CV", 5) == "CV5"``."""
    return f"{code}{number}"


@lru_cache(maxsize=1024)
def parse_clearing_id(text: str) -> tuple[str, int]:
    """Split a clearing id into tile code and number (``"L3"`` → ``("L", 3)``).

    Letters are upper-cased, so ``"cv5"`` reads as ``("CV", 5)``. Only the form is checked; the
    board checks that the clearing exists. Raises :class:`ClearingError` for anything else.
    Each id is read once and remembered (a day reads the same hundred ids tens of thousands of
    times).
    """
    match = _CLEARING_ID.fullmatch(text.strip())
    if match is None:
        raise ClearingError(text, phrase("board.not_a_clearing_id", text=repr(text)))
    return match.group(1).upper(), int(match.group(2))


@dataclass(frozen=True)
class Connection:
    """One roadway leaving a clearing (2.1.1c L286).

    ``to`` is the clearing at the other end, or None when the roadway runs off the map
    (9.2.2b). ``types`` are the road types along it: one for a roadway inside a tile, those of
    both halves for one crossing a tile edge (see the module docstring). ``edge`` is the map
    direction of the tile edge it crosses, None for a roadway inside one tile.
    """

    to: str | None
    types: frozenset[RoadType]
    edge: Edge | None = None

    @property
    def off_map(self) -> bool:
        """True when the roadway leads off the map edge."""
        return self.to is None

    def usable(self, allowed: frozenset[RoadType]) -> bool:
        """True when every type of road along it is in ``allowed``."""
        return self.types <= allowed


def hex_center(at: Hex) -> Point:
    """The centre of the hex at axial ``at``, in map units (module docstring)."""
    q, r = at
    return (1.5 * q, SQRT3 * (r + q / 2))


def hex_corners(at: Hex) -> tuple[Point, ...]:
    """The six corners of the hex at ``at``, clockwise on screen from the east corner (E, then
    the corners below-right, below-left, W, above-left, above-right)."""
    cx, cy = hex_center(at)
    return tuple((cx + cos, cy + sin) for cos, sin in _TURNS)


def edge_point(at: Hex, direction: Edge) -> Point:
    """The midpoint of the edge of the hex at ``at`` that faces map ``direction``."""
    (cx, cy), (dq, dr) = hex_center(at), STEPS[direction]
    nx, ny = hex_center((at[0] + dq, at[1] + dr))
    return ((cx + nx) / 2, (cy + ny) / 2)


def tile_point(placed: PlacedTile, position: tuple[float, float]) -> Point:
    """Where a drawing ``position`` of a tile (percent of the upright tile's width and height,
    origin top left) lies on the map once the tile is placed and rotated about its centre."""
    x = (position[0] / 100 - 0.5) * 2
    y = (position[1] / 100 - 0.5) * SQRT3
    cos, sin = _TURNS[placed.rotation % 6]
    cx, cy = hex_center(placed.at)
    return (cx + x * cos - y * sin, cy + x * sin + y * cos)


class Board:
    """The map built from ``tiles``: its clearings and roadways, routes and geometry.

    Construction checks only what a map cannot be without (SCENARIOS.md, partial maps): every
    code is a catalog tile (3.2.2), no tile is placed twice (3.2.2), no two tiles share a hex
    (3.2.3b.2), rotations are 0..5; it raises :class:`LayoutError` otherwise. The construction
    rules of 3.2.3 are :func:`rules.setup.legal_map.check_layout`'s business. A roadway that meets a
    neighbour's roadless edge (possible only in a partial map breaking 3.2.3b.4) leads nowhere
    and is left out. All clearing ids in and out are canonical (``"CV5"``); queries accept any
    case and raise :class:`ClearingError` for an id that names no clearing on the board.
    """

    def __init__(self, catalog: Catalog, tiles: Iterable[PlacedTile]) -> None:
        self.catalog = catalog
        self._by_code: dict[str, PlacedTile] = {}
        self._by_hex: dict[Hex, PlacedTile] = {}
        for placed in tiles:
            _check_partial(catalog, placed, self._by_code, self._by_hex)
            self._by_code[placed.tile] = placed
            self._by_hex[placed.at] = placed
        self._sides: dict[str, TileSide] = {
            code: catalog.tiles[code].side(placed.enchanted)
            for code, placed in self._by_code.items()
        }
        self._clearings: tuple[str, ...] = tuple(
            clearing_id(code, n)
            for code, side in self._sides.items()
            for n in sorted(side.clearing_numbers())
        )
        # Every canonical id's tile code and clearing record: queries by canonical id, nearly
        # all of them, are one lookup.
        self._records: dict[str, tuple[str, Clearing]] = {
            clearing_id(code, c.number): (code, c)
            for code, side in self._sides.items()
            for c in side.clearings
        }
        self._connections: dict[str, tuple[Connection, ...]] = dict.fromkeys(self._clearings, ())
        for code in self._by_code:
            self._join(code)

    def _join(self, code: str) -> None:
        placed, side = self._by_code[code], self._sides[code]
        found: dict[str, list[Connection]] = {
            clearing_id(code, n): [] for n in side.clearing_numbers()
        }
        for road in side.roads:
            start = clearing_id(code, road.a)
            edge = road.edge
            if edge is None:
                end = clearing_id(code, int(road.b))
                found[start].append(Connection(end, frozenset({road.type})))
                found[end].append(Connection(start, frozenset({road.type})))
                continue
            direction = placed.facing(edge)
            beyond = self._by_hex.get(placed.neighbour(direction))
            if beyond is None:
                found[start].append(Connection(None, frozenset({road.type}), direction))
                continue
            facing_edge = beyond.own_edge(opposite(direction))
            for other in self._sides[beyond.tile].roads_to(facing_edge):
                end = clearing_id(beyond.tile, other.a)
                types = frozenset({road.type, other.type})
                found[start].append(Connection(end, types, direction))
        for cid, connections in found.items():
            self._connections[cid] = tuple(connections)

    # --- tiles ----------------------------------------------------------------------------------

    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        """The placed tiles, in the order given."""
        return tuple(self._by_code.values())

    def tile_at(self, at: Hex) -> PlacedTile | None:
        """The tile on hex ``at``, or None."""
        return self._by_hex.get(at)

    def placed(self, code: str) -> PlacedTile | None:
        """Where tile ``code`` lies, or None when it is not on the board."""
        return self._by_code.get(code)

    def tile(self, code: str) -> Tile:
        """The catalog record of tile ``code`` (KeyError when it is not on the board)."""
        if code not in self._by_code:
            raise KeyError(f"tile {code} is not on the map")
        return self.catalog.tiles[code]

    def side(self, code: str) -> TileSide:
        """The face of tile ``code`` that is up (2.1.1; KeyError when it is not on the board)."""
        if code not in self._sides:
            raise KeyError(f"tile {code} is not on the map")
        return self._sides[code]

    # --- clearings ------------------------------------------------------------------------------

    def clearings(self) -> tuple[str, ...]:
        """Every clearing id, tile by tile in the order given, numbers ascending."""
        return self._clearings

    def resolve(self, cid: str) -> str:
        """The canonical id of clearing ``cid``; :class:`ClearingError` if the board has none.

        The error says whether the id is malformed, names an unknown tile (with the closest
        codes), a tile not on this map, or a number the tile lacks (listing its clearings).
        """
        if cid in self._records:
            return cid
        code, number = parse_clearing_id(cid)
        side = self._sides.get(code)
        if side is not None and number in side.clearing_numbers():
            return clearing_id(code, number)
        canonical = clearing_id(code, number)
        if not is_tile_code(self.catalog, code):
            suggestions = tuple(self.catalog.tiles.suggest(code))
            raise ClearingError(
                cid,
                phrase("board.no_tile", clearing=cid, code=repr(code), suggestions=suggestions),
            )
        tile = self.catalog.tiles[code]
        if side is None:
            raise ClearingError(
                cid, phrase("board.tile_not_on_map", clearing=canonical, tile=tile.name, code=code)
            )
        numbers = tuple(sorted(side.clearing_numbers()))
        raise ClearingError(
            cid, phrase("board.no_such_number", clearing=canonical, tile=tile.name, numbers=numbers)
        )

    def clearing(self, cid: str) -> Clearing:
        """The clearing record of ``cid`` on the face that is up (type, magic, position)."""
        return self._records[self.resolve(cid)][1]

    def clearing_type(self, cid: str) -> ClearingType:
        """Cave, mountain or woods (2.1.1b L285)."""
        return self.clearing(cid).type

    def tile_of(self, cid: str) -> PlacedTile:
        """The placed tile clearing ``cid`` lies in."""
        return self._by_code[self._records[self.resolve(cid)][0]]

    def connections(self, cid: str) -> tuple[Connection, ...]:
        """Every roadway leaving clearing ``cid``: to a neighbouring clearing, in the tile or
        across an edge, or off the map; in the order of the tile data's roads."""
        return self._connections[self.resolve(cid)]

    def neighbours(self, cid: str, allowed: frozenset[RoadType] = ALL_ROADS) -> tuple[str, ...]:
        """The clearings one roadway from ``cid`` along roads of ``allowed`` types, sorted."""
        return tuple(
            sorted(
                {
                    c.to
                    for c in self._connections[self.resolve(cid)]
                    if c.to is not None and c.usable(allowed)
                }
            )
        )

    # --- routes ---------------------------------------------------------------------------------

    def route(
        self, start: str, goal: str, allowed: frozenset[RoadType] = ALL_ROADS
    ) -> list[str] | None:
        """A shortest route from ``start`` to ``goal`` counted in roadways, or None.

        Only connections whose every type is in ``allowed`` are followed (all kinds by default).
        The route lists the clearings from ``start`` to ``goal`` inclusive (``[start]`` when they
        are the same). Of several shortest routes the one whose list of ids is least in
        alphabetical order is returned, so the answer never depends on data order.
        """
        start, goal = self.resolve(start), self.resolve(goal)
        distance = self._distances(goal, allowed)
        if start not in distance:
            return None
        path = [start]
        while path[-1] != goal:
            here = path[-1]
            path.append(
                min(
                    c.to
                    for c in self._connections[here]
                    if c.to is not None
                    and c.usable(allowed)
                    and distance.get(c.to) == distance[here] - 1
                )
            )
        return path

    def distance(
        self, start: str, goal: str, allowed: frozenset[RoadType] = ALL_ROADS
    ) -> int | None:
        """The number of roadways on a shortest route (0 for the same clearing), or None."""
        start, goal = self.resolve(start), self.resolve(goal)
        return self._distances(goal, allowed).get(start)

    def _distances(self, source: str, allowed: frozenset[RoadType]) -> dict[str, int]:
        distance = {source: 0}
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for c in self._connections[here]:
                if c.to is not None and c.to not in distance and c.usable(allowed):
                    distance[c.to] = distance[here] + 1
                    queue.append(c.to)
        return distance

    @cached_property
    def _borderland_reach(self) -> frozenset[str]:
        reach: set[str] = set()
        side = self._sides.get(BORDERLAND)
        for number in side.clearing_numbers() if side is not None else ():
            reach.update(self._distances(clearing_id(BORDERLAND, number), ALL_ROADS))
        return frozenset(reach)

    def connected_to_borderland(self, cid: str) -> bool:
        """True when a route along roadways of any kind, hidden paths and secret passages
        included, leads from ``cid`` to a Borderland clearing (3.2.3b.5 L879, 3.6.2 L1016) on
        the faces that are up (7.13.2c L2150). False for every clearing without a Borderland."""
        return self.resolve(cid) in self._borderland_reach

    def dwelling_clearing(self, code: str, preference: Sequence[int] = (5, 4)) -> str | None:
        """The first clearing of ``preference`` on tile ``code`` that connects to the Borderland.

        (5, 4) places a dwelling or the Ghosts (3.6.2 L1016); (5, 4, 2) a campfire (7.13.2c
        L2150). None when none of them does (or the tile is not on the board).
        """
        side = self._sides.get(code)
        if side is None:
            return None
        for number in preference:
            if number in side.clearing_numbers():
                cid = clearing_id(code, number)
                if cid in self._borderland_reach:
                    return cid
        return None

    # --- geometry -------------------------------------------------------------------------------

    hex_center = staticmethod(hex_center)
    hex_corners = staticmethod(hex_corners)
    edge_point = staticmethod(edge_point)

    def clearing_point(self, cid: str) -> Point:
        """Where clearing ``cid`` is drawn, in map units: its tile data ``position`` on the face
        that is up, turned with the tile about its hex centre."""
        placed = self.tile_of(cid)
        return tile_point(placed, self.clearing(cid).position)

    def forest_point(self, code: str) -> Point:
        """Where the pieces in tile ``code`` but in no clearing (map chits, 3.5.4 L982) are
        drawn, in map units, from the face's ``forest_position``."""
        return tile_point(self._by_code[code], self.side(code).forest_position)


def is_tile_code(catalog: Catalog, code: str) -> bool:
    """True when ``code`` is one of the Map Tile Abbreviations (L291–312), not a tile's name."""
    tile = catalog.tiles.named(code)
    return tile is not None and tile.code == code


def _check_partial(
    catalog: Catalog,
    placed: PlacedTile,
    by_code: dict[str, PlacedTile],
    by_hex: dict[Hex, PlacedTile],
) -> None:
    """What every layout, partial or complete, must satisfy (SCENARIOS.md)."""
    code = placed.tile
    if not is_tile_code(catalog, code):
        suggestions = catalog.tiles.suggest(code)
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        raise LayoutError(
            f"no such tile (the 20 tiles are {', '.join(catalog.tiles)}){hint}",
            tile=code,
            rule="3.2.2",
            at=placed.at,
        )
    if code in by_code:
        raise LayoutError(
            f"placed twice (also at {by_code[code].at})", tile=code, rule="3.2.2", at=placed.at
        )
    if placed.at in by_hex:
        raise LayoutError(
            f"lies on top of {by_hex[placed.at].tile}", tile=code, rule="3.2.3b.2", at=placed.at
        )
    if not 0 <= placed.rotation < len(DIRECTIONS):
        raise LayoutError(
            f"rotation {placed.rotation} is not 0..5", tile=code, rule="3.2.3b", at=placed.at
        )


def board_for(catalog: Catalog, tiles: Iterable[PlacedTile]) -> Board:
    """The :class:`Board` of ``tiles``, built once per layout and catalog and shared after: a
    Board never changes once built, and a state's tiles change only when a tile is turned over,
    which is a new layout."""
    return _board(catalog, _Layout(tuple(tiles)))


class _Layout:
    """Placed tiles as a key: equal when their tiles are equal field for field, compared as
    plain tuples (comparing the models themselves costs more than the board's lookups save)."""

    __slots__ = ("key", "tiles")

    def __init__(self, tiles: tuple[PlacedTile, ...]) -> None:
        self.tiles = tiles
        self.key = tuple((t.tile, t.at, t.rotation, t.enchanted) for t in tiles)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Layout) and self.key == other.key


@lru_cache(maxsize=64)
def _board(catalog: Catalog, layout: _Layout) -> Board:
    return Board(catalog, layout.tiles)
