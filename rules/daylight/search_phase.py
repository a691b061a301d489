"""One Search phase being done (7.5): who searches, on which table, the clearing searched and what
he named there — the value every Search table's results are handled with
(:mod:`rules.daylight.search`, :mod:`rules.daylight.finding`, :mod:`rules.daylight.looting`), and
a remote Peer's (Talk to Wise Bird, :mod:`rules.magic.spells.wise_bird`). A module of its own so
that what handles a result need not import the Search activity, which imports the Evening."""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import parse_clearing_id


@dataclass(frozen=True)
class Search:
    """One Search phase being done: who, on which table, the clearing searched, what he named
    there (a site chit, :data:`~rules.orders.targets.PILE`, or nothing), and the phase."""

    who: str
    table: str
    clearing: str
    target: str | None
    phase: int

    @property
    def tile(self) -> str:
        """The code of the tile searched."""
        return parse_clearing_id(self.clearing)[0]
