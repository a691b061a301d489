"""The replay tool's comparison (tests/replay.py): it must see every difference but the state
keys it is told to ignore."""

from __future__ import annotations

import json
from pathlib import Path

from tests.replay import compare


def recording(path: Path, *entries: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    return path


def entry(state: dict[str, object], events: list[object] | None = None) -> dict[str, object]:
    return {"seed": 1, "day": 2, "call": 0, "state": state, "events": events or [], "pending": []}


def test_equal_recordings_compare_equal(tmp_path: Path):
    a = recording(tmp_path / "a", entry({"day": 2}))
    b = recording(tmp_path / "b", entry({"day": 2}))
    assert compare(a, b) == []


def test_a_different_event_or_state_is_reported_with_where_it_is(tmp_path: Path):
    a = recording(tmp_path / "a", entry({"day": 2}, [{"type": "moved"}]))
    b = recording(tmp_path / "b", entry({"day": 3}, [{"type": "hid"}]))
    problems = compare(a, b)
    assert any("seed 1 day 2 call 0: state differ at 'day'" in p for p in problems)
    assert any("events differ at [0]" in p for p in problems)


def test_ignored_keys_are_dropped_on_both_sides_and_nothing_else(tmp_path: Path):
    a = recording(tmp_path / "a", entry({"today": {"answers_used": {"Elf": 1}, "stage": "x"}}))
    b = recording(tmp_path / "b", entry({"today": {"stage": "x"}}))
    assert compare(a, b) != []
    assert compare(a, b, ignore=["today.answers_used"]) == []
    c = recording(tmp_path / "c", entry({"today": {"stage": "y"}}))
    assert compare(a, c, ignore=["today.answers_used"]) != []


def test_ignored_events_are_dropped_on_both_sides_by_type_and_rule(tmp_path: Path):
    loud = {"type": "not_implemented", "fields": {"rule": "7.5.6g"}}
    other = {"type": "not_implemented", "fields": {"rule": "8.3.9"}}
    moved = {"type": "moved", "fields": {"who": "Elf"}}
    a = recording(tmp_path / "a", entry({"day": 2}, [moved]))
    b = recording(tmp_path / "b", entry({"day": 2}, [moved, loud]))
    c = recording(tmp_path / "c", entry({"day": 2}, [moved, other]))
    assert compare(a, b) != []
    assert compare(a, b, ignore_events=["not_implemented:7.5.6g"]) == []
    assert compare(a, b, ignore_events=["not_implemented"]) == []
    assert compare(a, c, ignore_events=["not_implemented:7.5.6g"]) != []


def test_a_missing_record_is_a_difference(tmp_path: Path):
    a = recording(tmp_path / "a", entry({"day": 2}), entry({"day": 3}))
    b = recording(tmp_path / "b", entry({"day": 2}))
    assert compare(a, b) == ["the recordings have 2 and 1 records"]
