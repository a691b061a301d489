"""The quick form of the secrecy suite (:mod:`tests.proofs.secrecy`): two campaigns (searches,
hires and fights), one of them waiting for decisions (combat played by DM in windows), every
message and image checked against its reader's view; and the control check, which proves the
inspector catches a secret planted in a message."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules import catalog
from tests.proofs.autoplay import WAITING, play, waits
from tests.proofs.secrecy import control, run
from tests.proofs.watcher import Watcher


def test_a_few_campaigns_leak_nothing_to_anyone() -> None:
    assert waits(2 * WAITING)
    leaks, counts, viewers = run([3, 2 * WAITING])
    assert leaks == []
    assert counts["messages"] > 100 and counts["images"] > 0 and counts["decisions"] > 0
    assert viewers > 10


def test_the_control_check_catches_a_planted_secret(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'control.db'}")
    upgrade(engine)
    service = CampaignService(engine, catalog())
    play(service, Watcher(service), 1, days=1, inspect=lambda *_: None, seen=Counter())
    caught = control(service, "S1")
    assert len(caught) == 3
    assert {leak.what.split(" ")[1] for leak in caught} >= {"face-down", "image"}
