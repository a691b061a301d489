"""The 20 hex map tiles and their two faces (2.1.1–2.1.2 L282–287, 4.6.2e L1203–1205).

Each :class:`Tile` has a green "normal" face and an "enchanted" face (2.1.1, L282). A face
(:class:`TileSide`) lists its clearings (numbered 1–6, 2.1.1b L285) and its roadways
(2.1.1c L286): open roads, hidden paths, secret passages and tunnels, each joining two clearings
or a clearing and one of the six tile edges. Only enchanted faces supply colour magic
(2.1.2 L287, 4.6.2e.1 L1204). The pictured topology comes from the RealmSpeak reference; the
rulebook text confirms the hidden paths and secret passages (Discoveries list L627–665).

Edges are named in the tile's own orientation, tile upright and flat-topped: N, NE, SE, S, SW,
NW. Positions are percentages of the tile's width and height, origin top left, for drawing only.
"""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from rules.schema.base import MagicColor, Record

ClearingNumber = Annotated[int, Field(ge=1, le=6)]
"""A clearing's yellow numeral (2.1.1b L285)."""

Percent = Annotated[float, Field(ge=0, le=100)]
Position = tuple[Percent, Percent]
"""A drawing position ``(x, y)`` in percent of the tile's width and height, origin top left."""

TileCode = Literal[
    "AV", "BV", "BL", "CN", "CS", "CL", "CG", "CV", "DV", "DW",
    "EV", "HP", "L", "LW", "MW", "M", "NW", "OW", "PW", "R",
]  # fmt: skip
"""The Map Tile Abbreviations (L291–312)."""


class TileType(enum.StrEnum):
    """The four groups of tiles that receive map chits (3.5.4 L984–990).

    Deep Woods is a mountain tile (glossary L255); the Borderland, Cavern, Caves, High Pass and
    Ruins are the cave tiles (L984).
    """

    VALLEY = "valley"
    WOODS = "woods"
    MOUNTAIN = "mountain"
    CAVES = "caves"

    @property
    def letter(self) -> str:
        """The Warning chit letter of this group: V, W, M or C (2.1.3c L317)."""
        return {"valley": "V", "woods": "W", "mountain": "M", "caves": "C"}[self.value]


class ClearingType(enum.StrEnum):
    """The three types of clearings (2.1.1b L285): cave, mountain, and woods (all others)."""

    WOODS = "woods"
    MOUNTAIN = "mountain"
    CAVE = "cave"


class Edge(enum.StrEnum):
    """The six edges of a flat-topped hex tile, clockwise from the top, tile upright."""

    N = "N"
    NE = "NE"
    SE = "SE"
    S = "S"
    SW = "SW"
    NW = "NW"


class RoadType(enum.StrEnum):
    """The four kinds of roadways (2.1.1c L286)."""

    OPEN = "open"
    HIDDEN = "hidden"
    SECRET = "secret"
    TUNNEL = "tunnel"


class Clearing(Record):
    """One clearing on one face of a tile."""

    number: ClearingNumber
    type: ClearingType
    position: Position
    magic: tuple[MagicColor, ...] = ()
    """Colours supplied in this clearing; enchanted faces only (4.6.2e.1 L1204)."""

    @model_validator(mode="after")
    def _magic_once(self) -> Clearing:
        if len(set(self.magic)) != len(self.magic):
            raise ValueError(f"clearing {self.number}: a magic colour is listed twice")
        return self


End = ClearingNumber | Edge


def _road_end(value: Any) -> Any:
    """Read a road end as a clearing number or an edge name, with one clear message if neither."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is neither a clearing number nor an edge")
    if isinstance(value, int | Edge):
        return value
    if isinstance(value, str):
        if value.isdigit():
            return int(value)
        if value in Edge.__members__:
            return Edge(value)
    edges = ", ".join(Edge)
    raise ValueError(f"{value!r} is neither a clearing number nor an edge ({edges})")


class Road(Record):
    """A roadway from clearing ``a`` to clearing ``b`` or off the tile by edge ``b``.

    Roads are undirected; ``a`` is always a clearing. A road between two cave clearings is a
    tunnel in the reference data even where it is drawn as an open road running underground.
    """

    a: ClearingNumber
    b: End
    type: RoadType = RoadType.OPEN

    @field_validator("b", mode="before")
    @classmethod
    def _read_end(cls, value: Any) -> Any:
        return _road_end(value)

    @model_validator(mode="after")
    def _not_a_loop(self) -> Road:
        if self.a == self.b:
            raise ValueError(f"road {self.a}-{self.b} joins a clearing to itself")
        return self

    @property
    def edge(self) -> Edge | None:
        """The edge this road leaves the tile by, or None when it joins two clearings."""
        return self.b if isinstance(self.b, Edge) else None

    @property
    def ends(self) -> frozenset[int | Edge]:
        """Both ends, unordered: roads are the same whichever way they are listed."""
        return frozenset((self.a, self.b))

    def other_end(self, clearing: int) -> int | Edge:
        """The end of this road that is not ``clearing``; ValueError if it does not touch it."""
        if clearing == self.a:
            return self.b
        if clearing == self.b:
            return self.a
        raise ValueError(f"road {self} does not touch clearing {clearing}")

    def __str__(self) -> str:
        return f"{self.a}-{self.b} ({self.type})"


class TileSide(Record):
    """One face of a tile: its clearings, its roadways and where map chits are drawn."""

    clearings: tuple[Clearing, ...] = Field(min_length=1)
    roads: tuple[Road, ...]
    forest_position: Position
    """Where pieces in the tile but in no clearing (map chits, 3.5.4 L982) are drawn."""

    @model_validator(mode="after")
    def _integrity(self) -> TileSide:
        numbers = [c.number for c in self.clearings]
        for number in numbers:
            if numbers.count(number) > 1:
                raise ValueError(f"clearing {number} is listed twice")
        seen: set[frozenset[int | Edge]] = set()
        for road in self.roads:
            for end in (road.a, road.b):
                if isinstance(end, int) and end not in numbers:
                    raise ValueError(f"road {road}: clearing {end} is not on this side")
            if road.ends in seen:
                raise ValueError(f"road {road} is listed twice")
            seen.add(road.ends)
            if road.type is RoadType.TUNNEL:
                for end in (road.a, road.b):
                    if isinstance(end, int) and self.clearing(end).type is not ClearingType.CAVE:
                        raise ValueError(f"tunnel {road}: clearing {end} is not a cave")
        return self

    def clearing_numbers(self) -> tuple[int, ...]:
        """The numbers of the clearings on this face, in data order."""
        return tuple(c.number for c in self.clearings)

    def clearing(self, number: int) -> Clearing:
        """The clearing numbered ``number``; KeyError if this face has none."""
        for clearing in self.clearings:
            if clearing.number == number:
                return clearing
        raise KeyError(f"no clearing {number} on this side")

    def roads_from(self, number: int) -> tuple[Road, ...]:
        """Every roadway with an end at clearing ``number`` (either way round)."""
        return tuple(r for r in self.roads if number in (r.a, r.b))

    def road_between(self, first: int | Edge, second: int | Edge) -> Road | None:
        """The roadway joining ``first`` and ``second`` (either order), or None."""
        wanted = frozenset((first, second))
        return next((r for r in self.roads if r.ends == wanted), None)

    def roads_to(self, edge: Edge) -> tuple[Road, ...]:
        """The roadways leaving the tile by ``edge``."""
        return tuple(r for r in self.roads if r.edge is edge)

    def edges(self) -> frozenset[Edge]:
        """The edges with at least one roadway leaving by them (3.2.3b.4 L877)."""
        return frozenset(r.edge for r in self.roads if r.edge is not None)


class Tile(Record):
    """A hex map tile (2.1.1 L282–286): its rulebook name, abbreviation, group and two faces."""

    name: str
    code: TileCode
    type: TileType
    normal: TileSide
    enchanted: TileSide

    @model_validator(mode="after")
    def _faces_agree(self) -> Tile:
        for clearing in self.normal.clearings:
            if clearing.magic:
                raise ValueError(
                    f"normal: clearing {clearing.number}: only the enchanted side supplies magic"
                    " (2.1.2 L287)"
                )
        normal = {c.number: c.type for c in self.normal.clearings}
        enchanted = {c.number: c.type for c in self.enchanted.clearings}
        if normal != enchanted:
            raise ValueError(
                "the two sides must have the same clearings of the same types (4.6.2e L1203):"
                f" normal {sorted(normal.items())}, enchanted {sorted(enchanted.items())}"
            )
        return self

    def side(self, enchanted: bool = False) -> TileSide:
        """The enchanted face if ``enchanted``, else the normal (green) face."""
        return self.enchanted if enchanted else self.normal
