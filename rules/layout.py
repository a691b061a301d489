"""Where each map tile lies: axial hex position, rotation and face (rules 3.2, 2.1.1).

The convention is the scenario format's (SCENARIOS.md): flat-topped hexes at axial coordinates
``(q, r)``; the six neighbours of ``(q, r)`` are N ``(q, r-1)``, NE ``(q+1, r-1)``,
SE ``(q+1, r)``, S ``(q, r+1)``, SW ``(q-1, r+1)`` and NW ``(q-1, r)``. ``rotation`` k (0..5)
turns the tile k × 60° clockwise, so the tile's own N edge faces the direction k steps clockwise
from N. A layout is the list of placed tiles; the Borderland is usually at ``(0, 0)``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.schema.tiles import Edge

#: The map directions clockwise from N, and the axial step each one takes.
DIRECTIONS: tuple[Edge, ...] = (Edge.N, Edge.NE, Edge.SE, Edge.S, Edge.SW, Edge.NW)
STEPS: dict[Edge, tuple[int, int]] = {
    Edge.N: (0, -1),
    Edge.NE: (1, -1),
    Edge.SE: (1, 0),
    Edge.S: (0, 1),
    Edge.SW: (-1, 1),
    Edge.NW: (-1, 0),
}


class PlacedTile(BaseModel):
    """One tile on the map: its code, axial position, rotation and which face is up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tile: str
    at: tuple[int, int]
    rotation: int = Field(default=0, ge=0, le=5)
    enchanted: bool = False

    def facing(self, edge: Edge) -> Edge:
        """The map direction the tile's own ``edge`` faces after rotation."""
        return DIRECTIONS[(DIRECTIONS.index(edge) + self.rotation) % 6]

    def own_edge(self, direction: Edge) -> Edge:
        """The tile's own edge that faces the map ``direction`` (inverse of :meth:`facing`)."""
        return DIRECTIONS[(DIRECTIONS.index(direction) - self.rotation) % 6]

    def neighbour(self, direction: Edge) -> tuple[int, int]:
        """The axial position of the hex beyond this tile in map ``direction``."""
        dq, dr = STEPS[direction]
        return (self.at[0] + dq, self.at[1] + dr)


def opposite(direction: Edge) -> Edge:
    """The map direction facing ``direction`` across a shared edge (N ↔ S, NE ↔ SW, SE ↔ NW)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + 3) % 6]
