"""Checking a run against the scenario's ``expect`` (SCENARIOS.md, "Format", and Part 2,
"Expectations"): :func:`check` returns every difference as one readable line (no lines: the
scenario passes). Events are matched by :mod:`scenarios.matching`.

A character expected ``dead: true`` is compared on ``dead`` only. ``at`` may be a roadway,
``DW5-DW4``, compared with the place :func:`scenarios.names.road_place` names. Gold, Fame and
Notoriety are compared as numbers (``0.5`` after a shared kill). ``relationships`` compares only
the groups listed; ``treasures``, ``spell_cards`` and ``piles`` compare exact piles, top to
bottom, by catalog name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.board import board_for, parse_clearing_id
from rules.catalog import Catalog
from rules.daylight.familiar import familiar_of
from rules.events import Event
from rules.events.end import Scored, Victor
from rules.events.evening import PositionRefused
from rules.pieces import Kind, pieces_of
from rules.schema.base import Relationship
from rules.state import CharacterState, GameState, ItemState, Place
from scenarios import in_effect
from scenarios.enchanting import check_color_chits, check_tiles
from scenarios.expect import ExpectedCharacter, ExpectedDenizens, ExpectedMinion
from scenarios.format import Scenario
from scenarios.matching import check_events, matches, same, show, show_event, word
from scenarios.missions import check_tasks, check_visitors
from scenarios.names import (
    Names,
    box_named,
    canonical_clearing,
    orders_name,
    road_place,
    roadway,
)
from scenarios.piles import pile
from scenarios.run import Outcome, public_report
from scenarios.search import SEARCH_KINDS
from scenarios.sentences import english


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
    lines += [
        f"positions: round {e.round}, {e.sheet}'s sheet: "
        f"{e.position} is not a position the dice could give (8.4.6; SCENARIOS.md "
        "positions), so they were rolled"
        for e in outcome.events
        if isinstance(e, PositionRefused)
    ]
    for decision in outcome.pending:
        where = "answers"
        if decision.kind in SEARCH_KINDS:
            key = SEARCH_KINDS[decision.kind]
            where = f"choices.<searcher>.search[k].{key} (his k-th Search phase's), else answers"
        lines.append(
            f"pending: the run stopped for the {decision.character}'s decision "
            f"{decision.kind!r} ({word(decision.prompt)}; options {', '.join(decision.options)}); "
            f"give it under {where}"
        )
    for written, expected in scenario.expect.characters.items():
        name = catalog.characters[written].name
        lines += _check_character(catalog, state, name, f"characters.{written}", expected)
        if name in state.characters and not expected.dead:
            lines += in_effect.check_character(state, name, f"characters.{written}", expected)
    lines += _check_denizens(catalog, state, scenario.expect.denizens)
    for denizens in scenario.expect.denizens:
        lines += in_effect.check_denizen_forms(catalog, state, denizens)
    lines += in_effect.check_spells(catalog, state, scenario.expect.spells_in_effect)
    for piece, minion in scenario.expect.minions.items():
        lines += _check_minion(catalog, state, piece, minion)
    lines += _check_chits(state, scenario.expect.chits)
    lines += check_tiles(state, scenario.expect.tiles)
    lines += check_visitors(catalog, state, scenario.expect.visitors)
    lines += _check_piles(catalog, state, scenario)
    lines += _check_scores(catalog, scenario, outcome)
    lines += check_events(scenario.expect.events, outcome.events)
    for entry in scenario.expect.absent_events:
        for event in outcome.events:
            if matches(entry, event):
                lines.append(f"absent_events: {show(entry)} happened: {show_event(event)}")
    text = report(outcome.events)
    for excluded in scenario.expect.public_excludes:
        if excluded in text:
            found = next((line for line in text.splitlines() if excluded in line), text)
            lines.append(f"public_excludes: {excluded!r} is in the public report: {found!r}")
    return lines


def _check_scores(catalog: Catalog, scenario: Scenario, outcome: Outcome) -> list[str]:
    """``expect.scores`` and ``expect.victor`` against the end of the game's ``scored`` and
    ``victor`` events (9.3.2, :mod:`rules.end.final`)."""
    expect = scenario.expect
    if expect.scores is None and expect.victor is None:
        return []
    scored = {e.who: e for e in outcome.events if isinstance(e, Scored)}
    victor = next((e for e in outcome.events if isinstance(e, Victor)), None)
    if victor is None:
        return [
            f"expect.scores/victor: the game did not end (day {outcome.state.day}, stage "
            f"{outcome.state.today.stage}), so nobody was scored"
        ]
    lines: list[str] = []
    for written, wanted in (expect.scores or {}).items():
        name = catalog.characters[written].name
        event = scored.get(name)
        if event is None:
            lines.append(f"expect.scores.{written}: the {name} was not scored")
            continue
        for key, value in wanted.model_dump(exclude_none=True).items():
            got = event.fields.get(key)
            if got != value or isinstance(got, bool) != isinstance(value, bool):
                lines.append(f"expect.scores.{written}.{key}: expected {value!r}, got {got!r}")
    if expect.victor is not None:
        victors = [expect.victor] if isinstance(expect.victor, str) else expect.victor
        wanted_victors = sorted(catalog.characters[w].name for w in victors)
        got_victors = sorted(victor.who)
        if wanted_victors != got_victors:
            lines.append(
                f"expect.victor: expected {', '.join(wanted_victors)}, got {', '.join(got_victors)}"
            )
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
            f"errors: unexpected {name}: {problem.code} at {problem.text!r}: "
            f"{english(problem.message)}"
        )
    return lines


def _place_name(place: str) -> str:
    """A place as a scenario writes it: a clearing id, a roadway ``DW4-DW5``, the forest off one
    ``forest DW4-DW5`` (7.10.4d.2) or of a tile ``forest DW`` (8.3.8f), or the place."""
    kind, rest = Place.split(place)
    if kind == "road":
        return rest.replace("|", "-")
    if kind == "forest":  # 7.10.4d.2: ``forest DW4-DW5``
        return f"forest {rest.replace('|', '-')}"
    return rest if kind == "at" else place


def _expected_place(written: str) -> str:
    """What ``at: written`` expects, as :func:`_place_name` writes places."""
    if written == Place.OUT:
        return written
    ends = roadway(written.removeprefix("forest "))
    if written.startswith("forest ") and ends is not None:
        return _place_name(Place.forest(*map(canonical_clearing, ends)))
    if written.startswith("forest "):  # a beast ran into the forest of a tile (8.3.8f)
        return written
    if ends is not None:
        return _place_name(road_place(*map(canonical_clearing, ends)))
    return canonical_clearing(written)


def _active_weapon(catalog: Catalog, state: GameState, character: CharacterState) -> str | None:
    pieces = pieces_of(catalog)
    return next(
        (
            p
            for p in state.at(Place.owner(character.name))
            if pieces[p].kind is Kind.WEAPON and character.items.get(p, ItemState()).active
        ),
        None,
    )


def _level(level: int) -> str:
    """A relationship level as a word (a number beyond Ally or Enemy, 10.B.6)."""
    try:
        return Relationship(level).name.lower()
    except ValueError:
        return str(level)


def _check_character(
    catalog: Catalog, state: GameState, name: str, key: str, expected: ExpectedCharacter
) -> list[str]:
    character = state.characters.get(name)
    if character is None:
        return [f"{key}: the {name} is not in the game"]
    lines: list[str] = []

    def differ(what: str, want: Any, got: Any) -> None:
        if want is not None and not same(want, got):
            lines.append(f"{key}.{what}: expected {word(want)}, got {word(got)}")

    differ("dead", expected.dead, character.dead)
    if expected.dead:
        return lines
    try:
        where = _place_name(state.place_of(name))
    except KeyError:
        where = "nowhere"
    if expected.at is not None:
        differ("at", _expected_place(expected.at), where)
    if expected.familiar is not None:
        piece = familiar_of(state, name)
        found = _place_name(state.place_of(piece)) if piece is not None else Place.OUT
        want = expected.familiar
        differ("familiar", want if want == Place.OUT else canonical_clearing(want), found)
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
            items = [p for p in owned if pieces[p].name == belonging.name]
            for flag, wanted, words in (
                ("active", belonging.active, ("active", "inactive")),
                ("damaged", belonging.damaged, ("damaged", "undamaged")),
            ):
                if wanted is None or not items:
                    continue
                if not any(
                    getattr(character.items.get(p, ItemState()), flag) is wanted for p in items
                ):
                    lines.append(
                        f"{key}.belongings: expected {belonging.name} "
                        f"{words[0] if wanted else words[1]}, and it is not"
                    )
    if expected.alerted is not None:
        weapon = _active_weapon(catalog, state, character)
        if weapon is None:
            lines.append(f"{key}.alerted: expected {word(expected.alerted)}, but no active weapon")
        else:
            differ("alerted", expected.alerted, character.items[weapon].alerted)
    differ("found_enemies", expected.found_enemies, name in state.today.found_hidden_enemies)
    differ("kills", expected.kills, state.today.kills.get(name, 0))
    if expected.spells is not None:
        differ("spells", sorted(expected.spells), sorted(character.spells))
    if expected.curses is not None:
        differ("curses", sorted(expected.curses), sorted(character.curses))
    lines += check_tasks(state, name, key, expected.tasks)
    lines += check_color_chits(character, key, expected.color_chits)
    for group, level in (expected.relationships or {}).items():
        got_level = character.relationships.get(group, int(Relationship.NEUTRAL))
        wanted_level = level if isinstance(level, int) else int(Relationship[level.upper()])
        if wanted_level != got_level:
            lines.append(f"{key}.relationships.{group}: expected {level}, got {_level(got_level)}")
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
    if expected.at is not None and canonical_clearing(expected.at) != where:
        lines.append(f"{key}.at: expected {expected.at}, got {where}")
    minion = state.minions.get(piece)
    if expected.hired is not None and expected.hired != (minion is not None):
        lines.append(
            f"{key}.hired: expected {word(expected.hired)}, got {word(not expected.hired)}"
        )
    if expected.hired_by is not None:
        employer = catalog.characters[expected.hired_by].name
        got = minion.employer if minion is not None else "nobody"
        if not same(employer, got):
            lines.append(f"{key}.hired_by: expected {employer}, got {got}")
    if expected.hidden is not None:
        hidden = minion is not None and minion.sheet.hidden
        if hidden != expected.hidden:
            lines.append(f"{key}.hidden: expected {word(expected.hidden)}, got {word(hidden)}")
    if expected.gold is not None:
        gold = minion.sheet.gold if minion is not None else None
        if gold != expected.gold:
            lines.append(f"{key}.gold: expected {expected.gold}, got {word(gold)}")
    if expected.belongings is not None:
        pieces = pieces_of(catalog)
        got_names = sorted(pieces[p].name for p in state.at(Place.owner(piece)))
        if got_names != sorted(expected.belongings):
            want = word(sorted(expected.belongings))
            lines.append(f"{key}.belongings: expected {want}, got {word(got_names)}")
    return lines


def _check_denizens(
    catalog: Catalog, state: GameState, expected: Sequence[ExpectedDenizens]
) -> list[str]:
    pieces = pieces_of(catalog)
    lines: list[str] = []
    for entry in expected:
        at = canonical_clearing(entry.at)
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


def _check_piles(catalog: Catalog, state: GameState, scenario: Scenario) -> list[str]:
    expect = scenario.expect
    lines: list[str] = []
    for part, spells, table in (
        ("treasures", False, expect.treasures),
        ("spell_cards", True, expect.spell_cards),
    ):
        for written, listed in table.items():
            box = box_named(catalog, written)
            got = pile(catalog, state, Place.box(box or written), spells)
            if not same(listed, got):
                lines.append(f"{part}.{written}: expected {word(listed)}, got {word(got)}")
    for written, listed in expect.piles.items():
        clearing = canonical_clearing(written)
        got = pile(catalog, state, Place.clearing(clearing))
        if not same(listed, got):
            lines.append(f"piles.{clearing}: expected {word(listed)}, got {word(got)}")
    return lines
