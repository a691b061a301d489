"""The growing map (3.2.3): the tiles placed so far, reduced to what placing the next one needs.

A :class:`Face` is one side of a tile as construction sees it: its clearings, which of them its
own roadways join, and which edges have roads in each rotation. A :class:`Growth` is a map under
construction: the placed tiles, the empty hexes beside them and which clearings are joined, so
that 3.2.3b.3 (touching one or two placed tiles), 3.2.3b.4 (roads meet roads) and 3.2.3b.5 (a
route to the Borderland) are quick to judge for any tile put next. Both the legality checks
(:mod:`rules.setup.legal_map`) and the random maps (:mod:`rules.setup.mapgen`) build on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.board import BORDERLAND
from rules.catalog import Catalog
from rules.layout import DIRECTIONS, STEPS, PlacedTile, opposite
from rules.schema.tiles import TileSide

Hex = tuple[int, int]
Key = tuple[str, int]

#: Per direction index, the index of the opposite direction.
OPPOSITE = tuple(DIRECTIONS.index(opposite(d)) for d in DIRECTIONS)


# --- one face of a tile, reduced to what construction needs ------------------------------------


@dataclass(frozen=True)
class Face:
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


def face_of(code: str, side: TileSide) -> Face:
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
    return Face(
        code=code,
        numbers=numbers,
        component={n: roots.index(find(n)) for n in numbers},
        internal=internal,
        at_edge=at_edge,
        masks=masks,
    )


def faces_of(catalog: Catalog, tiles: Iterable[PlacedTile]) -> dict[str, Face]:
    return {t.tile: face_of(t.tile, catalog.tiles[t.tile].side(t.enchanted)) for t in tiles}


# --- a map being built, tile by tile ------------------------------------------------------------


class Growth:
    """A map under construction: placed tiles, the empty hexes beside them, and which clearings
    are joined (a union-find: placing tiles only ever adds roadways)."""

    def __init__(self, faces: Mapping[str, Face]) -> None:
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
            theirs = self.faces[beyond.tile].at_edge[(OPPOSITE[k] - beyond.rotation) % 6]
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
            back = OPPOSITE[k]
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


def grown(faces: Mapping[str, Face], tiles: Iterable[PlacedTile]) -> Growth:
    growth = Growth(faces)
    for tile in tiles:
        growth.place(tile)
    return growth
