"""Matching expected events with the events of a run (SCENARIOS.md "Format" ``events`` and
``absent_events``, and Part 2's "Matching events, three additions").

An expected event matches an event of its ``type`` (and ``audience``, when given) whose fields
include every field listed, equal: a number with a number, a list element by element, a
string with the same string whatever its case (``Ally`` matches ``ally``, ``FIGHT m5`` matches
``FIGHT M5``) or, a piece written without its number, with any copy of it
(:func:`scenarios.names.is_copy`: ``Giant`` matches ``Giant 1``, not ``Giant Bat``). The
``events`` must occur in order, others between; an item that is a list is a group whose events
occur in any order among themselves, all after the item before and before the item after.
A field that is a phrase (:mod:`rules.phrases`: a reason, a prompt) matches the string that is
its English sentence, whatever its case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.events import Event
from rules.phrases import Phrase, is_stored_phrase
from scenarios.names import is_copy
from scenarios.sentences import english

#: Keys of an expected event that are not event fields.
_EVENT_KEYS = ("type", "audience")

Expected = Mapping[str, Any] | Sequence[Mapping[str, Any]]


def same(want: Any, got: Any) -> bool:
    """Whether the expected field value ``want`` matches the event's ``got`` (module
    docstring)."""
    if isinstance(want, str) and (isinstance(got, Phrase) or is_stored_phrase(got)):
        return want.casefold() == english(got).casefold()
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and want is got
    if isinstance(want, str) and isinstance(got, str):
        return is_copy(want.casefold(), got.casefold())
    if isinstance(want, list | tuple) and isinstance(got, list | tuple):
        return len(want) == len(got) and all(same(w, g) for w, g in zip(want, got, strict=True))
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        return want.keys() == got.keys() and all(same(want[k], got[k]) for k in want)
    return bool(type(want) is type(got) and want == got) or (
        isinstance(want, int | float) and isinstance(got, int | float) and want == got
    )


def matches(expected: Mapping[str, Any], event: Event) -> bool:
    """Whether ``event`` has the expected type and audience and every listed field."""
    if expected["type"] != event.type:
        return False
    if "audience" in expected and expected["audience"] != event.audience:
        return False
    return all(
        key in event.fields and same(value, event.fields[key])
        for key, value in expected.items()
        if key not in _EVENT_KEYS
    )


def check_events(expected: Sequence[Expected], events: Sequence[Event]) -> list[str]:
    """The expected events (and groups) must occur in this order, others may come between;
    one line for the first that does not, else none."""
    position = 0
    for index, item in enumerate(expected):
        group = [item] if isinstance(item, Mapping) else list(item)
        found, missing = _group(group, events, position)
        if found is None:
            where = f" after {show_event(events[position - 1])}" if position else ""
            if isinstance(item, Mapping):
                same_type = [show_event(e) for e in events if e.type == item["type"]]
                seen = f"; {item['type']} events: {'; '.join(same_type)}" if same_type else ""
                return [f"events[{index}]: {show(item)} did not happen{where}{seen}"]
            lost = "; ".join(show(group[i]) for i in missing)
            return [f"events[{index}]: of the group, {lost} did not happen{where}"]
        position = found + 1
    return []


def _group(
    group: Sequence[Mapping[str, Any]], events: Sequence[Event], start: int
) -> tuple[int | None, list[int]]:
    """The earliest index by which every entry of ``group`` has matched a different event from
    ``start`` on (a bipartite matching, grown event by event); else None and the entries that
    no assignment can match."""
    owner: dict[int, int] = {}  # entry -> event index

    def place(event: int, seen: set[int]) -> bool:
        for entry, wanted in enumerate(group):
            if entry in seen or not matches(wanted, events[event]):
                continue
            seen.add(entry)
            if entry not in owner or place(owner[entry], seen):
                owner[entry] = event
                return True
        return False

    for event in range(start, len(events)):
        place(event, set())
        if len(owner) == len(group):
            return event, []
    return None, [entry for entry in range(len(group)) if entry not in owner]


def word(value: Any) -> str:
    """A value as a scenario writes it (a phrase as its English sentence)."""
    if isinstance(value, Phrase) or is_stored_phrase(value):
        return english(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(word, value)) + "]"
    return str(value)


def show(entry: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{key}: {word(value)}" for key, value in entry.items()) + "}"


def show_event(event: Event) -> str:
    return show({"type": event.type, **event.fields})
