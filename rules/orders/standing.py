"""Orders recorded before the day they are done: standing orders, and orders re-read after the
game changed under them (a rollback).

An activity that is impossible when its turn comes is cancelled and its phase treated as a blank
phase; the rest of the turn is not affected (6.2.4e–f). :func:`parse_standing` reads such orders
so: the phases the order checks refuse become blank phases (``-``), and the others are kept. What
cannot be mended phase by phase — an order of the whole day, such as a Follow of someone absent —
is still refused.
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.orders.parse import ParseResult, parse_orders
from rules.orders.reader import Problem, Reader
from rules.state import GameState


def parse_standing(
    text: str, state: GameState, character: str, *, catalog: Catalog | None = None
) -> tuple[ParseResult, tuple[Problem, ...]]:
    """``character``'s orders from ``text`` as they can be done today (6.2.4e–f), and the
    problems of the phases left blank (empty when the orders parse as written). The result has
    no orders when a problem concerns the whole day."""
    data = catalog or default_catalog()
    result = parse_orders(text, state, character, catalog=data)
    cancelled: list[Problem] = []
    while result.orders is None and all(p.phase is not None for p in result.errors):
        blank = {p.phase for p in result.errors}
        mended = _blanked(text, state, character, data, blank)
        if mended == text:
            break
        cancelled += result.errors
        text = mended
        result = parse_orders(text, state, character, catalog=data)
    return result, tuple(cancelled)


def _blanked(
    text: str, state: GameState, character: str, catalog: Catalog, phases: set[int | None]
) -> str:
    """``text`` with the phases numbered ``phases`` written as blank phases."""
    reader = Reader(text, state, character, catalog)
    reader.read()
    by_line: dict[int, list[str]] = {}
    for phase in reader.phases:
        by_line.setdefault(phase.line, []).append("-" if phase.number in phases else phase.text)
    lines = text.splitlines()
    return "\n".join(
        ", ".join(by_line[number]) if number in by_line else line
        for number, line in enumerate(lines, 1)
    )
