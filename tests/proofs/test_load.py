"""The quick form of the load suite (:mod:`tests.proofs.load`): a few campaigns due at once,
resolved through the bot's scheduler, nothing lost."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.proofs.load import run


def test_campaigns_due_at_once_are_all_resolved_and_delivered(tmp_path: Path) -> None:
    outcome = run(5, tmp_path, lead=timedelta(seconds=2))
    assert outcome.lost == []
    assert len(outcome.latencies) == 5
    assert outcome.messages >= 5 * 3, "each campaign's reports: public, and one per player"
