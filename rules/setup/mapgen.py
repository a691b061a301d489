"""Building the map by the rules of 3.2 (L852–891): checking layouts and dealing random ones.

- :func:`check_layout` says whether a list of placed tiles is a map the players could have built
  (3.2.2–3.2.3), or, with ``complete=False``, a well-formed partial map for a scenario.
- :func:`check_placement` and :func:`legal_placements` judge one tile put onto a map being built.
- :func:`random_map` builds a legal map the way the players do, from the game's dice.
- :func:`read_layout` reads a layout file (the ``map: {tiles: ...}`` format of SCENARIOS.md).

Placement rules, with the names used in errors: 3.2.3 the Borderland first; 3.2.3b.1 green side
up; 3.2.3b.2 never on top of another tile; 3.2.3b.3 the second tile next to the Borderland, every
later one next to two placed tiles; 3.2.3b.4 road edges meet road edges and roadless edges meet
roadless ones; 3.2.3b.5 a route by any roadways from the new tile to a Borderland clearing through
the tiles placed so far (every clearing of a six-clearing tile, one clearing of a Woods or Valley
tile); 3.2.3b.6 the next player must be left a legal play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rules.board import BORDERLAND, Board, LayoutError, is_tile_code
from rules.catalog import Catalog
from rules.dice import Dice
from rules.layout import DIRECTIONS, STEPS, PlacedTile, opposite
from rules.schema.tiles import TileSide

__all__ = [
    "BACKTRACK_BUDGET",
    "LayoutError",
    "MapStats",
    "check_layout",
    "check_placement",
    "layout_from_data",
    "legal_placements",
    "random_map",
    "random_map_with_stats",
    "read_layout",
]

Hex = tuple[int, int]
Key = tuple[str, int]

#: Backtracks one attempt at a random map may make before it starts again from a new deal.
BACKTRACK_BUDGET = 40

_OPPOSITE = tuple(DIRECTIONS.index(opposite(d)) for d in DIRECTIONS)


# --- one face of a tile, reduced to what construction needs ------------------------------------


@dataclass(frozen=True)
class _Face:
    code: str
    numbers: tuple[int, ...]
    component: Mapping[int, int]
    """Each clearing's connected group inside the tile, by roadways of every kind."""
    internal: tuple[tuple[int, int], ...]
    at_edge: tuple[tuple[int, ...], ...]
    """Per own edge (index into DIRECTIONS), the clearings whose roads run to it."""
    masks: tuple[int, ...]
    """Per rotation, bit k set when the edge facing map direction DIRECTIONS[k] has a road."""

    @property
    def six(self) -> bool:
        return len(self.numbers) == 6


def _face(code: str, side: TileSide) -> _Face:
    numbers = side.clearing_numbers()
    internal = tuple((r.a, int(r.b)) for r in side.roads if r.edge is None)
    group = {n: n for n in numbers}

    def find(n: int) -> int:
        while group[n] != n:
            n = group[n]
        return n

    for a, b in internal:
        group[find(a)] = find(b)
    roots = sorted({find(n) for n in numbers})
    at_edge = tuple(tuple(r.a for r in side.roads_to(edge)) for edge in DIRECTIONS)
    own = sum(1 << i for i, clearings in enumerate(at_edge) if clearings)
    masks = tuple(sum(1 << ((i + r) % 6) for i in range(6) if own >> i & 1) for r in range(6))
    return _Face(
        code=code,
        numbers=numbers,
        component={n: roots.index(find(n)) for n in numbers},
        internal=internal,
        at_edge=at_edge,
        masks=masks,
    )


def _faces(catalog: Catalog, tiles: Iterable[PlacedTile]) -> dict[str, _Face]:
    return {t.tile: _face(t.tile, catalog.tiles[t.tile].side(t.enchanted)) for t in tiles}


# --- a map being built, tile by tile ------------------------------------------------------------


class _Growth:
    """A map under construction: placed tiles, the empty hexes beside them, and which clearings
    are joined (a union-find: placing tiles only ever adds roadways)."""

    def __init__(self, faces: Mapping[str, _Face]) -> None:
        self.faces = faces
        self.tiles: dict[Hex, PlacedTile] = {}
        self.parent: dict[Key, Key] = {}
        self.touching: dict[Hex, int] = {}
        """Empty hexes beside the map: bit k set when a tile lies in direction DIRECTIONS[k]."""
        self.roads: dict[Hex, int] = {}
        """Empty hexes beside the map: bit k set when the tile that way has a road facing it."""

    def find(self, key: Key) -> Key:
        parent = self.parent
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    def neighbours(self, at: Hex) -> list[PlacedTile]:
        return [
            t
            for dq, dr in STEPS.values()
            if (t := self.tiles.get((at[0] + dq, at[1] + dr))) is not None
        ]

    def adjacent(self, at: Hex) -> int:
        return bin(self.touching.get(at, 0)).count("1")

    def joins(self, tile: PlacedTile) -> list[tuple[int, Key]]:
        """The roadways ``tile`` would join across its edges: (own clearing, clearing beyond)."""
        face = self.faces[tile.tile]
        found: list[tuple[int, Key]] = []
        for k, (dq, dr) in enumerate(STEPS[d] for d in DIRECTIONS):
            beyond = self.tiles.get((tile.at[0] + dq, tile.at[1] + dr))
            if beyond is None:
                continue
            mine = face.at_edge[(k - tile.rotation) % 6]
            theirs = self.faces[beyond.tile].at_edge[(_OPPOSITE[k] - beyond.rotation) % 6]
            found.extend((a, (beyond.tile, b)) for a in mine for b in theirs)
        return found

    def edges_match(self, tile: PlacedTile) -> bool:
        """3.2.3b.4 against the tiles placed so far."""
        mask = self.faces[tile.tile].masks[tile.rotation]
        return mask & self.touching.get(tile.at, 0) == self.roads.get(tile.at, 0)

    def reaching(self, tile: PlacedTile) -> set[int]:
        """The clearings of ``tile`` that would have a route to the Borderland by roadways of any
        kind once it is placed (3.2.3b.5)."""
        face = self.faces[tile.tile]
        if tile.tile == BORDERLAND:
            return set(face.numbers)
        if (BORDERLAND, 1) not in self.parent:
            return set()
        group: dict[object, object] = {}

        def find(x: object) -> object:
            while group.setdefault(x, x) != x:
                x = group[x]
            return x

        for a, key in self.joins(tile):
            group[find(("new", face.component[a]))] = find(self.find(key))
        target = find(self.find((BORDERLAND, 1)))
        return {n for n in face.numbers if find(("new", face.component[n])) == target}

    def connects(self, tile: PlacedTile) -> bool:
        """3.2.3b.5: every clearing of a six-clearing tile, one of any other, reaches it."""
        reached = self.reaching(tile)
        face = self.faces[tile.tile]
        return len(reached) == len(face.numbers) if face.six else bool(reached)

    def place(self, tile: PlacedTile) -> None:
        face, at = self.faces[tile.tile], tile.at
        for n in face.numbers:
            self.parent[(tile.tile, n)] = (tile.tile, n)
        for a, b in face.internal:
            self._union((tile.tile, a), (tile.tile, b))
        for a, key in self.joins(tile):
            self._union((tile.tile, a), key)
        self.tiles[at] = tile
        self.touching.pop(at, None)
        self.roads.pop(at, None)
        mask = face.masks[tile.rotation]
        for k, d in enumerate(DIRECTIONS):
            dq, dr = STEPS[d]
            there = (at[0] + dq, at[1] + dr)
            if there in self.tiles:
                continue
            back = _OPPOSITE[k]
            self.touching[there] = self.touching.get(there, 0) | 1 << back
            if mask >> k & 1:
                self.roads[there] = self.roads.get(there, 0) | 1 << back

    def _union(self, a: Key, b: Key) -> None:
        self.parent[self.find(a)] = self.find(b)

    def may_place(self, tile: PlacedTile) -> bool:
        """3.2.3b.2–b.5 for ``tile`` put onto this map (the Borderland already placed)."""
        if tile.at in self.tiles:
            return False
        needed = 1 if len(self.tiles) == 1 else 2
        return self.adjacent(tile.at) >= needed and self.edges_match(tile) and self.connects(tile)

    def options(self, code: str) -> list[PlacedTile]:
        """Every legal (position, rotation) for ``code``, green side up, sorted."""
        needed = 1 if len(self.tiles) == 1 else 2
        masks = self.faces[code].masks
        found = []
        for at in sorted(self.touching):
            touching = self.touching[at]
            if bin(touching).count("1") < needed:
                continue
            roads = self.roads.get(at, 0)
            for rotation in range(6):
                if masks[rotation] & touching == roads:
                    tile = PlacedTile(tile=code, at=at, rotation=rotation)
                    if self.connects(tile):
                        found.append(tile)
        return found


def _grown(faces: Mapping[str, _Face], tiles: Iterable[PlacedTile]) -> _Growth:
    growth = _Growth(faces)
    for tile in tiles:
        growth.place(tile)
    return growth


# --- judging a layout ---------------------------------------------------------------------------


def _named(tiles: Iterable[PlacedTile]) -> str:
    return ", ".join(t.tile for t in tiles)


def _b5_reason(face: _Face, reached: set[int], through: str) -> str:
    if face.six and reached:
        missing = ", ".join(str(n) for n in face.numbers if n not in reached)
        return f"clearings {missing} have no roadway route to the Borderland {through}"
    return f"none of its clearings has a roadway route to the Borderland {through}"


def _check_edges(faces: Mapping[str, _Face], tiles: Sequence[PlacedTile]) -> None:
    """3.2.3b.4 wherever two tiles meet, reported against the later tile of the list."""
    by_hex: dict[Hex, PlacedTile] = {}
    for tile in tiles:
        mask = faces[tile.tile].masks[tile.rotation]
        for k, d in enumerate(DIRECTIONS):
            other = by_hex.get(tile.neighbour(d))
            if other is None:
                continue
            mine = bool(mask >> k & 1)
            theirs = bool(faces[other.tile].masks[other.rotation] >> _OPPOSITE[k] & 1)
            if mine != theirs:
                what = "road edge" if mine else "roadless edge"
                meets = "a roadless edge" if mine else "a road edge"
                raise LayoutError(
                    f"its {what} {d} meets {meets} of {other.tile}",
                    tile=tile.tile,
                    rule="3.2.3b.4",
                    at=tile.at,
                )
        by_hex[tile.at] = tile


def check_placement(catalog: Catalog, placed: Sequence[PlacedTile], tile: PlacedTile) -> None:
    """Raise :class:`LayoutError` unless ``tile`` may be put onto the map ``placed`` (3.2.3).

    ``placed`` is a map built so far (assumed legally; it is not checked again). Checks, in this
    order: the tile is known, not yet placed, on an empty hex, with rotation 0..5 (3.2.2,
    3.2.3b.2); the Borderland comes first (3.2.3); green side up (b.1); next to the Borderland as
    the second tile, else next to two tiles (b.3); roads meet roads (b.4); a route to the
    Borderland (b.5). The error names the tile and the rule.
    """
    Board(catalog, [*placed, tile])
    if tile.enchanted:
        raise LayoutError("must be green side up", tile=tile.tile, rule="3.2.3b.1", at=tile.at)
    codes = {t.tile for t in placed}
    if BORDERLAND not in codes and tile.tile != BORDERLAND:
        raise LayoutError(
            "the Borderland must be placed first", tile=tile.tile, rule="3.2.3", at=tile.at
        )
    if not placed:
        return
    growth = _grown(_faces(catalog, [*placed, tile]), placed)
    touching = growth.neighbours(tile.at)
    if len(placed) == 1 and not touching:
        raise LayoutError(
            "the second tile must be placed next to the Borderland",
            tile=tile.tile,
            rule="3.2.3b.3",
            at=tile.at,
        )
    if len(placed) > 1 and len(touching) < 2:
        beside = f"only {_named(touching)}" if touching else "no tile"
        raise LayoutError(
            f"it must touch two placed tiles, and touches {beside}",
            tile=tile.tile,
            rule="3.2.3b.3",
            at=tile.at,
        )
    _check_edges(growth.faces, [*touching, tile])
    reached = growth.reaching(tile)
    if not growth.connects(tile):
        raise LayoutError(
            _b5_reason(growth.faces[tile.tile], reached, "through the tiles placed so far"),
            tile=tile.tile,
            rule="3.2.3b.5",
            at=tile.at,
        )


def legal_placements(catalog: Catalog, placed: Sequence[PlacedTile], code: str) -> list[PlacedTile]:
    """Every position and rotation where tile ``code`` may be put onto ``placed`` (3.2.3b),
    green side up, sorted by position then rotation. Empty when there is none (its player's
    turn is skipped, 3.2.3b.5 L883) or when ``code`` is already placed."""
    if not is_tile_code(catalog, code) or any(t.tile == code for t in placed):
        return []
    if not placed:
        return (
            [PlacedTile(tile=code, at=(0, 0), rotation=r) for r in range(6)]
            if (code == BORDERLAND)
            else []
        )
    if all(t.tile != BORDERLAND for t in placed):
        return []
    faces = _faces(catalog, placed)
    faces[code] = _face(code, catalog.tiles[code].normal)
    return _grown(faces, placed).options(code)


def check_layout(catalog: Catalog, tiles: Sequence[PlacedTile], *, complete: bool = True) -> Board:
    """Raise :class:`LayoutError` unless ``tiles`` is a legal map; return its :class:`Board`.

    Always (a partial map, SCENARIOS.md, with ``complete=False``): every code is a tile, no tile
    twice (3.2.2), no two tiles on one hex (3.2.3b.2), rotations 0..5.

    With ``complete=True`` (a game's map), also: the Borderland is placed (3.2.3) and all 20
    tiles once each (3.2.2); all green side up (3.2.3b.1); every tile but the Borderland touches
    at least two tiles (3.2.3b.3 — in any finished map the second tile touches the third too);
    road edges meet road edges wherever tiles meet (3.2.3b.4, reported against the later tile of
    the list); and the tiles can be put down in *some* order obeying 3.2.3b.3 and 3.2.3b.5 at the
    time of placing each one. Errors name the tile and the rule.

    The order is found greedily: for each tile ``s`` that may be placed second (it touches the
    Borderland and connects to it), start from {Borderland, s} and keep placing any tile that is
    placeable now until none is. This is complete. A tile placeable onto a set of tiles ``P``
    (touching two of ``P``, and a route from it to the Borderland through ``P``) stays placeable
    onto any ``P' ⊇ P``: adding tiles only adds neighbours and roadways, never removes one (the
    roads meeting at every edge are fixed by 3.2.3b.4 on the finished map, so each junction made
    along the way is one the finished map has). Suppose a legal order ``B, s, t3, …, t20`` exists
    and the closure ``G`` from {B, s} lacks some tile; let ``tk`` be the first missing one in that
    order. Its predecessors all lie in ``G``, so ``tk`` is placeable onto ``G`` — but then the
    closure would have placed it. So the closure from the right ``s`` holds every tile, whatever
    order it picked tiles in. (The second tile is tried separately because "touches the
    Borderland" is the one condition that is not preserved by adding tiles.)
    """
    board = Board(catalog, tiles)
    if not complete:
        return board
    codes = [t.tile for t in tiles]
    if BORDERLAND not in codes:
        raise LayoutError(
            "the map has no Borderland, and it is the first tile placed",
            tile=BORDERLAND,
            rule="3.2.3",
        )
    missing = [code for code in catalog.tiles if code not in codes]
    if missing:
        raise LayoutError(
            f"not on the map: all 20 tiles are placed (missing {', '.join(missing)})",
            tile=missing[0],
            rule="3.2.2",
        )
    for tile in tiles:
        if tile.enchanted:
            raise LayoutError("must be green side up", tile=tile.tile, rule="3.2.3b.1", at=tile.at)
    faces = _faces(catalog, tiles)
    everything = _grown(faces, tiles)
    for tile in tiles:
        touching = everything.neighbours(tile.at)
        if tile.tile != BORDERLAND and len(touching) < 2:
            beside = f"only {_named(touching)}" if touching else "no tile"
            raise LayoutError(
                f"it touches {beside}; every tile after the second touches two placed tiles",
                tile=tile.tile,
                rule="3.2.3b.3",
                at=tile.at,
            )
    _check_edges(faces, tiles)
    _check_order(faces, tiles)
    return board


def _closure(
    faces: Mapping[str, _Face], tiles: Sequence[PlacedTile]
) -> tuple[_Growth, list[PlacedTile]]:
    """The largest set of tiles that can be placed in turn (see check_layout), and the rest."""
    border = next(t for t in tiles if t.tile == BORDERLAND)
    best: tuple[_Growth, list[PlacedTile]] | None = None
    start = _grown(faces, [border])
    seconds: list[PlacedTile | None] = [t for t in tiles if t is not border and start.may_place(t)]
    for second in seconds or [None]:
        growth = _grown(faces, [border] if second is None else [border, second])
        rest = [t for t in tiles if t is not border and t is not second]
        progress = True
        while progress and rest and second is not None:
            progress = False
            for tile in list(rest):
                if growth.may_place(tile):
                    growth.place(tile)
                    rest.remove(tile)
                    progress = True
        if not rest:
            return growth, rest
        if best is None or len(rest) < len(best[1]):
            best = (growth, rest)
    assert best is not None
    return best


def _check_order(faces: Mapping[str, _Face], tiles: Sequence[PlacedTile]) -> None:
    growth, rest = _closure(faces, tiles)
    if not rest:
        return
    for tile in rest:
        others = _grown(faces, [t for t in tiles if t is not tile])
        if not others.connects(tile):
            reason = _b5_reason(faces[tile.tile], others.reaching(tile), "on the whole map")
            raise LayoutError(reason, tile=tile.tile, rule="3.2.3b.5", at=tile.at)
    for tile in rest:
        if growth.adjacent(tile.at) >= 2 and not growth.connects(tile):
            reason = _b5_reason(
                faces[tile.tile],
                growth.reaching(tile),
                "through the tiles that can be placed before it",
            )
            raise LayoutError(reason, tile=tile.tile, rule="3.2.3b.5", at=tile.at)
    tile = rest[0]
    raise LayoutError(
        "no order of placement reaches it: it never touches two tiles that can be placed before it",
        tile=tile.tile,
        rule="3.2.3b.3",
        at=tile.at,
    )


# --- random maps --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapStats:
    """How hard a random map was to build.

    ``restarts``: attempts abandoned for a new deal; ``backtracks``: tiles taken back under
    3.2.3b.6; ``skips``: turns where the next tile had no legal place and a later one was played
    first (3.2.3b.5 L883); ``placements``: tiles put down, counting those taken back.
    """

    restarts: int = 0
    backtracks: int = 0
    skips: int = 0
    placements: int = 0


@dataclass
class _Step:
    queue: list[str]
    index: int
    options: list[PlacedTile]


def random_map(catalog: Catalog, dice: Dice) -> list[PlacedTile]:
    """A legal map built as the players build it (3.2.2–3.2.3): :func:`random_map_with_stats`."""
    return random_map_with_stats(catalog, dice)[0]


def random_map_with_stats(catalog: Catalog, dice: Dice) -> tuple[list[PlacedTile], MapStats]:
    """A legal random map, drawn from ``dice`` only (same dice state, same map), and its stats.

    The 20 tiles are dealt in a random order (3.2.2). The Borderland goes to ``(0, 0)`` with a
    random rotation (3.2.3). Then, turn by turn, the first tile in dealt order that has any legal
    place is put in one of its legal (position, rotation) pairs, chosen uniformly, green side up
    (3.2.3b); a tile with no legal place waits, its turn skipped, and is tried first again next
    turn (3.2.3b.5 L883).

    3.2.3b.6: when tiles remain and none of them has a legal place, the last tile played is taken
    back and played elsewhere — uniformly among its places not yet tried, or, when it has none
    left, the next tile in dealt order is played instead; when none is left either, the tile
    before it is taken back too (a depth-first search, so the map found is always complete).
    After :data:`BACKTRACK_BUDGET` take-backs in one attempt, the attempt is abandoned and the
    tiles are dealt again; :class:`MapStats` counts both.
    """
    faces = {code: _face(code, tile.normal) for code, tile in catalog.tiles.items()}
    restarts = backtracks = skips = placements = 0
    while True:
        deal = list(catalog.tiles)
        dice.shuffle(deal)
        border = PlacedTile(tile=BORDERLAND, at=(0, 0), rotation=dice.randbelow(6))
        placed = [border]
        growth = _grown(faces, placed)
        stack: list[_Step] = []
        queue = [code for code in deal if code != BORDERLAND]
        budget = BACKTRACK_BUDGET
        while queue:
            step = _next_step(growth, queue, 0)
            while step is None:
                if not stack or budget == 0:
                    break
                budget -= 1
                backtracks += 1
                step = stack.pop()
                placed.pop()
                growth = _grown(faces, placed)
                if not step.options:
                    step = _next_step(growth, step.queue, step.index + 1)
            if step is None:
                break
            skips += step.index > 0
            choice = dice.choice(step.options)
            step.options.remove(choice)
            stack.append(step)
            placed.append(choice)
            growth.place(choice)
            placements += 1
            queue = step.queue[: step.index] + step.queue[step.index + 1 :]
        if not queue:
            return placed, MapStats(restarts, backtracks, skips, placements)
        restarts += 1


def _next_step(growth: _Growth, queue: list[str], first: int) -> _Step | None:
    for index in range(first, len(queue)):
        options = growth.options(queue[index])
        if options:
            return _Step(queue, index, options)
    return None


# --- layout files -------------------------------------------------------------------------------

_ENTRY_KEYS = ("tile", "at", "rotation", "side")
_SIDES = {"normal": False, "enchanted": True}


def read_layout(path: Path | str) -> list[PlacedTile]:
    """Read a layout file: ``{tiles: [{tile: DW, at: [0, 0], rotation: 0, side: normal}, ...]}``
    (SCENARIOS.md; ``rotation`` defaults to 0, ``side`` to normal).

    Only the form is checked; pass the result to :func:`check_layout`. A file that cannot be
    read, is not YAML, has an unknown key or a bad value raises :class:`LayoutError` with a
    one-line message naming the file and the entry (its ``tile`` set when the entry names one).
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"cannot be read: {exc.strerror or exc}", source=source) from exc
    except UnicodeDecodeError as exc:
        raise LayoutError("cannot be read: not UTF-8 text", source=source) from exc
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise LayoutError(f"not valid YAML: {_yaml_problem(exc)}", source=source) from exc
    return layout_from_data(raw, source)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        return f"{exc.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return " ".join(str(exc).split())


def layout_from_data(raw: object, source: str = "layout") -> list[PlacedTile]:
    """Read already-parsed layout data (the value of a scenario's ``map``) as in
    :func:`read_layout`; ``source`` starts every error message."""
    if not isinstance(raw, Mapping):
        raise LayoutError("must be a mapping with a 'tiles' list", source=source)
    unknown = [str(key) for key in raw if key != "tiles"]
    if unknown:
        raise LayoutError(f"unknown key {unknown[0]!r} (the only key is 'tiles')", source=source)
    entries = raw.get("tiles")
    if not isinstance(entries, list):
        raise LayoutError("'tiles' must be a list of placed tiles", source=source)
    return [_entry(source, index, entry) for index, entry in enumerate(entries)]


def _entry(source: str, index: int, raw: object) -> PlacedTile:
    label = f"tiles[{index}]"
    tile = raw.get("tile") if isinstance(raw, Mapping) else None
    code = tile if isinstance(tile, str) else None

    def fail(reason: str) -> LayoutError:
        error = LayoutError(f"{label}{f' ({code})' if code else ''}: {reason}", source=source)
        error.tile = code
        return error

    if not isinstance(raw, Mapping):
        raise fail("must be a mapping like {tile: DW, at: [0, 0], rotation: 0}")
    for key in raw:
        if key not in _ENTRY_KEYS:
            raise fail(f"unknown key {key!r} (keys: {', '.join(_ENTRY_KEYS)})")
    if code is None:
        raise fail("'tile' must be a tile code such as DW")
    at: Any = raw.get("at")
    if not (
        isinstance(at, list)
        and len(at) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in at)
    ):
        raise fail(f"'at' must be two whole numbers [q, r], not {at!r}")
    rotation: Any = raw.get("rotation", 0)
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 5:
        raise fail(f"'rotation' must be a whole number 0..5, not {rotation!r}")
    side: Any = raw.get("side", "normal")
    if side not in _SIDES:
        raise fail(f"'side' must be normal or enchanted, not {side!r}")
    return PlacedTile(tile=code, at=(at[0], at[1]), rotation=rotation, enchanted=_SIDES[side])
