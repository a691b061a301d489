"""Discoveries as a character's sheet records them (2.6.2e, the Discoveries list L627–679).

Hidden paths and secret passages are discovered per tile *face*: "Borderland (green) 4-5" is not
"Borderland (enchanted) 4-5" (2.6.2e.1, L699). A discovery is written as the list writes it, with
the tile code and the face: ``"DW (normal) hidden path 1-4"``, ``"CS (enchanted) secret passage
2-3"``; treasure sites are the Site chit's name (``"HOARD 6"``) and Treasures Within Treasures
cards their card name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.phrases import Phrase, phrase
from rules.schema.tiles import Road, RoadType

_ROAD = re.compile(
    r"^(?P<tile>[A-Z]{1,2}) \((?P<face>normal|enchanted)\) "
    r"(?P<kind>hidden path|secret passage) (?P<a>[1-6])-(?P<b>[1-6])$"
)
_KINDS = {RoadType.HIDDEN: "hidden path", RoadType.SECRET: "secret passage"}


@dataclass(frozen=True)
class RoadDiscovery:
    """A discovered hidden path or secret passage on one face of one tile."""

    tile: str
    enchanted: bool
    type: RoadType
    a: int
    b: int

    def __str__(self) -> str:
        face = "enchanted" if self.enchanted else "normal"
        return f"{self.tile} ({face}) {_KINDS[self.type]} {self.a}-{self.b}"

    def said(self) -> Phrase:
        """The discovery as a report or a sheet says it in the reader's language
        (``templates/phrases/discoveries.j2``): ``str`` is how the sheet stores it."""
        face = phrase("discoveries.enchanted") if self.enchanted else phrase("discoveries.normal")
        kind = (
            phrase("discoveries.hidden_path")
            if self.type is RoadType.HIDDEN
            else phrase("discoveries.secret_passage")
        )
        return phrase("discoveries.road", tile=self.tile, face=face, kind=kind, a=self.a, b=self.b)

    @classmethod
    def of(cls, tile: str, enchanted: bool, road: Road) -> RoadDiscovery:
        """The discovery of ``road`` (a hidden path or secret passage between two clearings)."""
        if road.type not in _KINDS or not isinstance(road.b, int):
            raise ValueError(f"road {road} of {tile} is not a hidden path or secret passage")
        low, high = sorted((road.a, road.b))
        return cls(tile, enchanted, road.type, low, high)

    @classmethod
    def parse(cls, text: str) -> RoadDiscovery | None:
        """The road a discovery string names, or None when it names a site or a card."""
        match = _ROAD.match(text)
        if match is None:
            return None
        low, high = sorted((int(match["a"]), int(match["b"])))
        kind = RoadType.HIDDEN if match["kind"] == "hidden path" else RoadType.SECRET
        return cls(match["tile"], match["face"] == "enchanted", kind, low, high)

    def matches(self, tile: str, enchanted: bool, road: Road) -> bool:
        """Whether this discovery is of ``road`` on that face of ``tile``."""
        return (
            self.tile == tile
            and self.enchanted == enchanted
            and road.type is self.type
            and road.ends == frozenset((self.a, self.b))
        )


def said(discovery: str) -> Phrase | str:
    """A discovery as the sheet records it, to be said in the reader's language: a road's
    phrase (:meth:`RoadDiscovery.said`), else the site's or card's name (a game term)."""
    road = RoadDiscovery.parse(discovery)
    return road.said() if road is not None else discovery


def known_roads(discoveries: list[str] | tuple[str, ...]) -> frozenset[RoadDiscovery]:
    """The hidden paths and secret passages among ``discoveries``."""
    return frozenset(r for r in map(RoadDiscovery.parse, discoveries) if r is not None)
