"""The combat windows' bookkeeping of a campaign's day, as a snapshot's ledger keeps it.

The service writes its bookkeeping in the campaign's own columns (:class:`db.models.Campaign`);
those of the combat windows (``window_reminded``, ``missed_day``, ``missed_windows``,
``defaulted``, ``held_reports``) are also saved with each point of the day a moderator may roll
combat back to
(:meth:`bot.store.Store.snapshot`), and a rollback within the day puts them back as
they were (:meth:`bot.rollbacks.Rollbacks.rollback_combat`). The ledger keeps them as JSON, in
the form the campaign's settings held them before they had columns (the moment as ISO text), so
that the ledgers saved then restore as those saved now.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from db.models import Campaign

#: The combat windows' bookkeeping, by its columns' names (and its keys in a ledger).
WINDOW_BOOKS = ("window_reminded", "missed_day", "missed_windows", "defaulted", "held_reports")


def window_books(campaign: Campaign) -> dict[str, Any]:
    """The campaign's combat windows' bookkeeping as a ledger keeps it."""
    reminded = campaign.window_reminded
    return {
        "window_reminded": reminded.isoformat() if reminded is not None else None,
        "missed_day": campaign.missed_day,
        "missed_windows": dict(campaign.missed_windows),
        "defaulted": list(campaign.defaulted),
        "held_reports": dict(campaign.held_reports),
    }


def restore_window_books(campaign: Campaign, books: Mapping[str, Any]) -> None:
    """Put the campaign's combat windows' bookkeeping back as ``books`` (from
    :func:`window_books`) recorded it."""
    reminded = books.get("window_reminded")
    campaign.window_reminded = datetime.fromisoformat(reminded) if reminded else None
    campaign.missed_day = books.get("missed_day")
    campaign.missed_windows = dict(books.get("missed_windows") or {})
    campaign.defaulted = list(books.get("defaulted") or [])
    campaign.held_reports = dict(books.get("held_reports") or {})
