"""Checking a run against the scenario's ``expect`` (SCENARIOS.md, "Format"): :func:`check`
returns every difference as one readable line (no lines: the scenario passes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.board import ClearingError, board_for, parse_clearing_id
from rules.catalog import Catalog
from rules.daylight.familiar import familiar_of
from rules.events import Event
from rules.pieces import pieces_of
from rules.state import GameState, ItemState, Place
from rules.testing.format import ExpectedCharacter, ExpectedDenizens, ExpectedMinion, Scenario
from rules.testing.names import Names, orders_name
from rules.testing.run import Outcome, public_report

#: Keys of an expected event that are not event fields.
_EVENT_KEYS = ("type", "audience")


def check(
    scenario: Scenario,
    outcome: Outcome,
    *,
    report: Callable[[Sequence[Event]], str] = public_report,
) -> list[str]:
    """Every difference between ``outcome`` and the scenario's ``expect``, one readable line
    each; an empty list means the scenario passes. ``report`` makes the public report text that
    ``public_excludes`` is checked against (the application passes its report renderer)."""
    lines: list[str] = []
    catalog, state = outcome.catalog, outcome.state
    lines += _check_errors(scenario, outcome)
    for decision in outcome.pending:
        lines.append(
            f"pending: the run stopped for the {decision.character}'s decision "
            f"{decision.kind!r} ({decision.prompt}; options {', '.join(decision.options)}); "
            "give it under answers"
        )
    for written, expected in scenario.expect.characters.items():
        name = catalog.characters[written].name
        lines += _check_character(catalog, state, name, f"characters.{written}", expected)
    lines += _check_denizens(catalog, state, scenario.expect.denizens)
    for piece, minion in scenario.expect.minions.items():
        lines += _check_minion(catalog, state, piece, minion)
    lines += _check_chits(state, scenario.expect.chits)
    lines += _check_events(scenario.expect.events, outcome.events)
    for entry in scenario.expect.absent_events:
        for event in outcome.events:
            if _matches(entry, event):
                lines.append(f"absent_events: {_show(entry)} happened: {_show_event(event)}")
    text = report(outcome.events)
    for excluded in scenario.expect.public_excludes:
        if excluded in text:
            found = next((line for line in text.splitlines() if excluded in line), text)
            lines.append(f"public_excludes: {excluded!r} is in the public report: {found!r}")
    return lines


def _check_errors(scenario: Scenario, outcome: Outcome) -> list[str]:
    catalog = outcome.catalog
    expected = Counter(
        (orders_name(catalog, outcome.state, e.character), e.code) for e in scenario.expect.errors
    )
    actual = Counter((name, str(problem.code)) for name, problem in outcome.errors)
    lines = [
        f"errors: expected {name}: {code}, and the parser did not report it"
        for (name, code), n in (expected - actual).items()
        for _ in range(n)
    ]
    unexpected = expected.copy()
    for name, problem in outcome.errors:
        if unexpected[(name, problem.code)] > 0:
            unexpected[(name, problem.code)] -= 1
            continue
        lines.append(
            f"errors: unexpected {name}: {problem.code} at {problem.text!r}: {problem.message}"
        )
    return lines


def _place_name(place: str) -> str:
    kind, rest = Place.split(place)
    return rest if kind == "at" else place


def _check_character(
    catalog: Catalog, state: GameState, name: str, key: str, expected: ExpectedCharacter
) -> list[str]:
    character = state.characters.get(name)
    if character is None:
        return [f"{key}: the {name} is not in the game"]
    lines: list[str] = []

    def differ(what: str, want: Any, got: Any) -> None:
        if want is not None and want != got:
            lines.append(f"{key}.{what}: expected {_word(want)}, got {_word(got)}")

    try:
        where = _place_name(state.place_of(name))
    except KeyError:
        where = "nowhere"
    if expected.at is not None:
        want = expected.at if expected.at == Place.OUT else _canonical_clearing(expected.at)
        differ("at", want, where)
    if expected.familiar is not None:
        piece = familiar_of(state, name)
        found = _place_name(state.place_of(piece)) if piece is not None else Place.OUT
        want = expected.familiar
        differ("familiar", want if want == Place.OUT else _canonical_clearing(want), found)
    differ("hidden", expected.hidden, character.hidden)
    differ("level", expected.level, character.level)
    differ("gold", expected.gold, character.gold)
    differ("fame", expected.fame, character.fame)
    differ("notoriety", expected.notoriety, character.notoriety)
    for status in ("fatigued", "wounded"):
        want_labels = getattr(expected, status)
        if want_labels is not None:
            got = sorted(c.label for c in character.chits if c.status == status)
            differ(status, sorted(want_labels), got)
    if expected.belongings is not None:
        pieces = pieces_of(catalog)
        owned = state.at(Place.owner(name))
        got_names = sorted(pieces[p].name for p in owned)
        differ("belongings", sorted(b.name for b in expected.belongings), got_names)
        for belonging in expected.belongings:
            if belonging.active is None:
                continue
            items = [p for p in owned if pieces[p].name == belonging.name]
            if items and not any(
                character.items.get(p, ItemState()).active is belonging.active for p in items
            ):
                lines.append(
                    f"{key}.belongings: expected {belonging.name} "
                    f"{'active' if belonging.active else 'inactive'}, and it is not"
                )
    if expected.discoveries is not None:
        names = Names(catalog, board_for(catalog, state.tiles))
        tiles = {t.tile: t for t in state.tiles}
        discoveries = sorted(
            names.discovery(f"{key}.discoveries", text, tiles) for text in expected.discoveries
        )
        differ("discoveries", discoveries, sorted(character.discoveries))
    return lines


def _check_minion(
    catalog: Catalog, state: GameState, piece: str, expected: ExpectedMinion
) -> list[str]:
    key = f"minions.{piece}"
    lines: list[str] = []
    where = _place_name(state.place_of(piece))
    if expected.at is not None and _canonical_clearing(expected.at) != where:
        lines.append(f"{key}.at: expected {expected.at}, got {where}")
    minion = state.minions.get(piece)
    if expected.hired is not None and expected.hired != (minion is not None):
        lines.append(
            f"{key}.hired: expected {_word(expected.hired)}, got {_word(not expected.hired)}"
        )
    if expected.hired_by is not None:
        employer = catalog.characters[expected.hired_by].name
        got = minion.employer if minion is not None else "nobody"
        if got != employer:
            lines.append(f"{key}.hired_by: expected {employer}, got {got}")
    if expected.hidden is not None:
        hidden = minion is not None and minion.sheet.hidden
        if hidden != expected.hidden:
            lines.append(f"{key}.hidden: expected {_word(expected.hidden)}, got {_word(hidden)}")
    return lines


def _canonical_clearing(cid: str) -> str:
    try:
        code, number = parse_clearing_id(cid)
    except ClearingError:
        return cid
    return f"{code}{number}"


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_word, value)) + "]"
    return str(value)


def _check_denizens(
    catalog: Catalog, state: GameState, expected: Sequence[ExpectedDenizens]
) -> list[str]:
    pieces = pieces_of(catalog)
    lines: list[str] = []
    for entry in expected:
        at = _canonical_clearing(entry.at)
        here = [p for p in state.at(Place.clearing(at)) if pieces[p].name == entry.name]
        if len(here) != entry.count:
            elsewhere = [
                f"{p} {_place_name(place)}"
                for place, stack in state.stacks.items()
                for p in stack
                if pieces[p].name == entry.name and Place.split(place)[0] == "at"
            ]
            seen = f" (on the map: {', '.join(elsewhere)})" if elsewhere else " (none on the map)"
            lines.append(
                f"denizens: expected {entry.count} {entry.name} in {at}, found {len(here)}{seen}"
            )
    return lines


def _check_chits(state: GameState, expected: Mapping[str, Mapping[str, str]]) -> list[str]:
    lines: list[str] = []
    for tile, chits in expected.items():
        for chit, side in chits.items():
            try:
                place = state.place_of(chit)
            except KeyError:
                place = "nowhere"
            kind, where = Place.split(place)
            in_tile = (kind == "tile" and where == tile) or (
                kind == "at" and parse_clearing_id(where)[0] == tile
            )
            if not in_tile:
                lines.append(f"chits.{tile}.{chit}: expected {side} in {tile}, but it is {place}")
                continue
            got = "up" if chit in state.face_up else "down"
            if got != side:
                lines.append(f"chits.{tile}.{chit}: expected {side}, got {got}")
    return lines


def _same(want: Any, got: Any) -> bool:
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and want is got
    if isinstance(want, list | tuple) and isinstance(got, list | tuple):
        return len(want) == len(got) and all(_same(w, g) for w, g in zip(want, got, strict=True))
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        return want.keys() == got.keys() and all(_same(want[k], got[k]) for k in want)
    return bool(type(want) is type(got) and want == got) or (
        isinstance(want, int | float) and isinstance(got, int | float) and want == got
    )


def _matches(expected: Mapping[str, Any], event: Event) -> bool:
    """Whether ``event`` has the expected type and every listed field, exactly."""
    if expected["type"] != event.type:
        return False
    if "audience" in expected and expected["audience"] != event.audience:
        return False
    return all(
        key in event.fields and _same(value, event.fields[key])
        for key, value in expected.items()
        if key not in _EVENT_KEYS
    )


def _check_events(expected: Sequence[Mapping[str, Any]], events: Sequence[Event]) -> list[str]:
    """The expected events must occur in this order, others may come between."""
    position = 0
    for index, entry in enumerate(expected):
        found = next((i for i in range(position, len(events)) if _matches(entry, events[i])), None)
        if found is None:
            where = f" after {_show_event(events[position - 1])}" if position else ""
            same_type = [_show_event(e) for e in events if e.type == entry["type"]]
            seen = f"; {entry['type']} events: {'; '.join(same_type)}" if same_type else ""
            return [f"events[{index}]: {_show(entry)} did not happen{where}{seen}"]
        position = found + 1
    return []


def _show(entry: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{key}: {_word(value)}" for key, value in entry.items()) + "}"


def _show_event(event: Event) -> str:
    return _show({"type": event.type, **event.fields})
