"""One Search phase being done (7.5): who searches, on which table, the clearing searched and what
he named there — the value every Search table's results are handled with
(:mod:`rules.daylight.search`, :mod:`rules.daylight.finding`, :mod:`rules.daylight.looting`), and
a remote Peer's (Talk to Wise Bird, :mod:`rules.magic.spells.wise_bird`) — and its roll
(:func:`roll`). A module of its own so that what handles a result need not import the Search
activity, which imports the Evening."""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import parse_clearing_id
from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.search import Searched
from rules.modifiers import die_modifier, one_die
from rules.schema.characters import DieTable

#: The table each name of an S phase rolls on, and the die table its modifiers are listed by.
TABLES: dict[str, DieTable] = {
    "Peer": DieTable.PEER,
    "Locate": DieTable.LOCATE,
    "Loot": DieTable.LOOT,
    "Reading Runes": DieTable.READING_RUNES,
    "Magic Sight": DieTable.MAGIC_SIGHT,
}


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


def roll(ctx: Ctx, current: Search, *, combat: CombatState | None = None) -> int:
    """The roll on his table (4.1.1–4.1.2: two dice, one with each one-die modification, his
    advantages' and spells' modifiers), made public with its result as printed. A remote Peer
    in the Evening (Talk to Wise Bird, in ``combat``) is no phase of his: its roll is told as
    that combat's rolls are, and its ``searched`` names no phase."""
    die = TABLES[current.table]
    catalog, board, state = ctx.catalog, ctx.board, ctx.state
    dice = one_die(catalog, board, state, current.who, die)
    modifier = die_modifier(catalog, board, state, current.who, die)
    table = f"{current.table} Table"
    rolled = ctx.dice.roll(current.who, table, one_die=dice, modifier=modifier)
    if combat is not None:
        ctx.emit_roll(rolled, at=combat.clearing, round=combat.round)
    result = catalog.tables[table].result(rolled.result)
    ctx.emit(
        Searched(
            who=current.who,
            phase=current.phase if combat is None else None,
            table=current.table,
            at=current.clearing,
            dice=rolled.dice,
            roll=rolled.result,
            result=result.text,
        )
    )
    return rolled.result
