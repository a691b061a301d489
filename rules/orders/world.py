"""The board as one character may use it now (7.3.1a) and where he may fly (7.3.3): what the
orders' reader checks a phase's target against (:mod:`rules.orders.targets`), and what the
autopilots plan on."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from rules import forest
from rules.board import Board, Connection, board_for
from rules.catalog import Catalog
from rules.daylight.hirelings import guides
from rules.daylight.moving import usable
from rules.layout import DIRECTIONS
from rules.magic.forms import may_be_mist, may_walk_woods
from rules.orders.entitlement import clearing_qualities
from rules.state import GameState, Place

#: What a Move records to leave the map by a roadway to its edge.
EDGE = "Edge"


@dataclass
class Map:
    """The board as one character may use it: roadways he can take now (7.3.1a)."""

    catalog: Catalog
    state: GameState
    character: str
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.board = board_for(self.catalog, self.state.tiles)

    @cached_property
    def tile_codes(self) -> dict[str, str]:
        """Each tile's code by its name, casefolded (``"curst valley"``: ``"CV"``)."""
        return {t.name.casefold(): t.code for t in self.catalog.tiles.values()}

    def here(self) -> str | None:
        """The clearing he stands in, or None off the map."""
        return self.state.clearing_of(self.character)

    @cached_property
    def followable(self) -> list[str]:
        """Whom he may follow today: each other character, hired leader or controlled monster
        in his clearing at Birdsong, whether hidden or not; nobody when he is in no clearing
        (6.2.7a-b; 7.7.2; underlings and familiars are not followed, 6.2.7, L3927)."""
        here = self.here()
        if here is None:
            return []
        return [
            name
            for name in guides(self.catalog, self.state, self.character)
            if self.state.place_of(name) == Place.clearing(here)
        ]

    def over(self) -> str | None:
        """The tile he is flying over (blown away by Hurricane Winds, L4891; 7.3.3a.1), or
        None."""
        kind, where = Place.split(self.state.place_of(self.character))
        return where if kind == "tile" else None

    def road(self) -> tuple[str, str] | None:
        """The ends of the roadway he stands on after running away (8.3.8d), or None."""
        return self.state.road_of(self.character)

    def forest(self) -> tuple[str, ...] | None:
        """In the forest (7.10.4d.2, 8.3.8f), the clearings his day may start by moving to
        (:func:`rules.forest.exits`); else None."""
        return forest.exits(self.board, self.state, self.character)

    def places(self, clearing: str | None) -> frozenset[str] | None:
        return None if clearing is None else clearing_qualities(self.board, self.state, clearing)

    def open_to(self, start: str, connection: Connection) -> bool:
        """Whether he may use ``connection`` now (7.3.1a.1–a.2): see :func:`moving.usable`; a
        Melt into Mist on him lets him record Moves along undiscovered paths
        (:func:`rules.magic.forms.may_be_mist`)."""
        sheet = self.state.sheet(self.character)
        mist = may_be_mist(self.state.spells, self.character)
        return usable(self.catalog, self.board, sheet, start, connection, mist=mist)

    def reachable(self, start: str) -> list[str]:
        """Clearings (and ``Edge``) one roadway from ``start`` that he may use now, and the
        other clearings of its tile when he walks the woods (7.3.4, :meth:`woods`)."""
        found = [c.to or EDGE for c in self.board.connections(start) if self.open_to(start, c)]
        found += self.woods(start)
        return sorted(dict.fromkeys(found), key=lambda c: (c == EDGE, c))

    def woods(self, start: str) -> list[str]:
        """The clearings he may walk the woods to from ``start`` (7.3.4 L1738): the others of
        its tile, if a Transform has made him a beast that walks woods
        (:func:`rules.magic.forms.may_walk_woods`); else none."""
        if not may_walk_woods(self.catalog, self.state.spells, self.character):
            return []
        tile = self.board.tile_of(start).tile
        return [
            c for c in self.board.clearings() if c != start and self.board.tile_of(c).tile == tile
        ]

    def tiles_near(self, clearing: str) -> list[str]:
        """His tile and the tiles next to it: where he may fly from ``clearing`` (7.3.3 L1713)."""
        return self.tiles_around(self.board.tile_of(clearing).tile)

    def tiles_around(self, tile: str) -> list[str]:
        """``tile`` and the tiles next to it: where he may fly from anywhere in ``tile``, as
        after a Fly to it (7.3.3a.2)."""
        placed = self.board.placed(tile)
        if placed is None:
            return []
        beyond = [self.board.tile_at(placed.neighbour(d)) for d in DIRECTIONS]
        return [placed.tile, *(b.tile for b in beyond if b is not None)]
