"""The events of magic (4.6, 7.10): meditating and enchanting in Daylight, tiles turned over,
colour magic supplied (SCENARIOS.md Part 3, "Event vocabulary"). Everything here is done in
the open: every event is public."""

from __future__ import annotations

from rules.events.base import Public


class Meditated(Public, type="meditated"):
    """``who``'s first Enchant phase of the day, ``phase``, is his meditation (7.10.1)."""

    who: str
    phase: int


class Enchanted(Public, type="enchanted"):
    """``who`` enchants his Magic chit ``chit`` into a colour chit of ``color`` (7.10.3)."""

    who: str
    chit: str
    color: str


class TileFlipped(Public, type="tile_flipped"):
    """``tile`` is turned over, ``side`` (``enchanted`` or ``normal``) now up, by ``by`` with
    his Magic chit ``chit`` (7.10.4b)."""

    tile: str
    side: str
    by: str
    chit: str | None = None


class PutInForest(Public, type="put_in_forest"):
    """The roadway ``road`` (its two clearings, ``DW4-DW5``) that ``who`` stood on vanished or
    turned hidden from him as its tile turned over: he is put in the forest, and must start his
    next turn by moving back to one of those clearings (7.10.4d.2)."""

    who: str
    road: str


class ColorSupplied(Public, type="color_supplied"):
    """``color`` magic is supplied to ``who`` by ``source`` (``day``, ``tile``, the Chapel, a
    Treasure card, or one of his colour chits by its label), for ``use`` (``enchant``, ``cast``,
    ``energize``: 4.6.2, 7.10.4, 8.3.9a–b): one type for enchanting, casting and energizing."""

    who: str
    color: str
    source: str
    use: str
