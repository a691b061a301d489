"""The combat windows' bookkeeping in a snapshot's ledger: the form the ledgers saved before it
had columns hold (the moment as ISO text), read back into the columns and written again alike."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.window_books import WINDOW_BOOKS, restore_window_books, window_books
from db.models import Campaign

#: A ledger's windows as the older application saved them (from the campaign's settings).
OLD_LEDGER = {
    "window_reminded": "2026-11-23T21:00:00.500000+00:00",
    "missed_day": 3,
    "missed_windows": {"Amazon": 1},
    "defaulted": ["3/melee/CV5/1/Amazon/target"],
}


def campaign() -> Campaign:
    return Campaign(name="Valley", created_at=datetime(2026, 11, 23, tzinfo=UTC))


def test_an_old_ledger_restores_the_columns_and_is_written_again_alike() -> None:
    restored = campaign()
    restore_window_books(restored, OLD_LEDGER)
    assert restored.window_reminded == datetime(2026, 11, 23, 21, 0, 0, 500_000, tzinfo=UTC)
    assert (restored.missed_day, restored.missed_windows) == (3, {"Amazon": 1})
    assert restored.defaulted == ["3/melee/CV5/1/Amazon/target"]
    assert window_books(restored) == {**OLD_LEDGER, "held_reports": {}}  # none held then
    assert list(window_books(restored)) == list(WINDOW_BOOKS)


def test_a_day_without_windows_restores_to_none() -> None:
    busy = campaign()
    restore_window_books(busy, OLD_LEDGER)
    empty = window_books(campaign())
    assert empty == {
        "window_reminded": None,
        "missed_day": None,
        "missed_windows": {},
        "defaulted": [],
        "held_reports": {},
    }
    restore_window_books(busy, empty)
    assert window_books(busy) == empty


def test_the_reports_held_for_the_next_window_go_back_with_the_rollback() -> None:
    held = campaign()
    held.held_reports = {"1234": "Combat in CV5, round 1: ..."}
    ledger = window_books(held)
    restored = campaign()
    restore_window_books(restored, ledger)
    assert restored.held_reports == {"1234": "Combat in CV5, round 1: ..."}
