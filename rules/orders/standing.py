"""Orders recorded before the day they are done: standing orders, and orders re-read after the
game changed under them (a rollback).

An activity that is impossible when its turn comes is cancelled and its phase treated as a blank
phase; the rest of the turn is not affected (6.2.4e–f). :func:`parse_standing` reads such orders
so: the phases the order checks refuse become blank phases (``-``), and the others are kept. What
cannot be mended phase by phase — an order of the whole day, such as a Follow of someone absent —
is still refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.orders import sections
from rules.orders.parse import ParseResult, parse_orders
from rules.orders.reader import Problem, Reader
from rules.state import GameState


def parse_standing(
    text: str, state: GameState, character: str, *, catalog: Catalog | None = None
) -> tuple[ParseResult, tuple[Problem, ...]]:
    """``character``'s orders from ``text`` as they can be done today (6.2.4e–f), and the
    problems of the phases left blank (empty when the orders parse as written). The result has
    no orders when a problem concerns his whole day.

    The sections he records for others (:mod:`rules.orders.sections`) are mended the same way,
    each on its own: an impossible phase of a hireling's becomes blank, and a section that
    cannot be used at all — a hireling no longer his, a Follow of someone absent — is dropped,
    that hireling doing nothing, while the rest of the orders stand."""
    data = catalog or default_catalog()
    result = parse_orders(text, state, character, catalog=data)
    cancelled: list[Problem] = []
    while result.orders is None:
        mended = _mended(text, state, character, data, result.errors)
        if mended is None or mended == text:
            break
        cancelled += result.errors
        text = mended
        result = parse_orders(text, state, character, catalog=data)
    return result, tuple(cancelled)


def _mended(
    text: str, state: GameState, character: str, catalog: Catalog, errors: Sequence[Problem]
) -> str | None:
    """``text`` with the phases ``errors`` name blank and the sections they refuse whole taken
    out (their lines left empty, so that the others keep their numbers); None when an error
    concerns his own whole day."""
    lines = text.splitlines()
    _, parts = sections.split(
        text,
        sections.recorded_by(state, character),
        lambda head: sections.not_recorded(catalog, state, character, head),
    )
    ends = [p.first_line - 1 for p in parts[1:]] + [len(lines)]
    own_end = parts[0].first_line - 1 if parts else len(lines)
    own: set[int | None] = set()
    blank: dict[int, set[int | None]] = {}
    dropped: set[int] = set()
    for problem in errors:
        index = next(
            (i for i, p in enumerate(parts) if p.first_line <= problem.line <= ends[i]), None
        )
        if index is None:
            if problem.phase is None:
                return None
            own.add(problem.phase)
        elif problem.phase is None or parts[index].refused is not None:
            dropped.add(index)
        else:
            blank.setdefault(index, set()).add(problem.phase)
    head = "\n".join(lines[:own_end])
    mended = _blanked(head, state, character, catalog, own).splitlines() if own else lines[:own_end]
    mended += [""] * (own_end - len(mended))
    for index, part in enumerate(parts):
        size = ends[index] - part.first_line + 1
        if index in dropped:
            mended += [""] * size
            continue
        body = part.text
        if index in blank:
            body = _blanked(body, state, part.who, catalog, blank[index])
        body_lines = body.splitlines() or [""]
        body_lines[0] = f"{part.who}: {body_lines[0].strip()}"
        mended += body_lines + [""] * (size - len(body_lines))
    return "\n".join(mended)


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
