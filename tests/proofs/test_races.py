"""The quick form of the races suite (:mod:`tests.proofs.races`): a few rounds of each kind on
SQLite and on PostgreSQL, with every check of the full form."""

from __future__ import annotations

from tests.proofs.races import rounds


def test_racing_callers_resolve_once_keep_every_order_and_see_no_database_error(
    db_url: str,
) -> None:
    tally = rounds(db_url, 3)
    assert tally.problems == []
    assert tally.errors == {}
    assert tally.resolutions >= 2 and tally.orders >= 2 and tally.delivered > 0
