"""The quick form of the secrecy suite (:mod:`tests.proofs.secrecy`): two campaigns (searches,
hires and fights), one of them waiting for decisions (combat played by DM in windows), every
message and image checked against its reader's view, and the read-back commands asked while a
day is fought; and the control checks, which prove the inspector catches a secret planted in a
message and the day being fought in the read-backs were its guard gone."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules import catalog
from rules.view import PUBLIC
from tests.proofs.autoplay import WAITING, play, waits
from tests.proofs.readbacks import FIGHT, FIGHTERS, mid_evening, read_back
from tests.proofs.secrecy import Inspector, control, control_unfinished, run
from tests.proofs.watcher import Watcher


def test_a_few_campaigns_leak_nothing_to_anyone() -> None:
    assert waits(2 * WAITING)
    leaks, counts, viewers = run([3, 2 * WAITING])
    assert leaks == []
    assert counts["messages"] > 100 and counts["images"] > 0 and counts["decisions"] > 0
    assert counts["read-backs"] > 100, "read-backs asked while the waiting campaign's days fight"
    assert viewers > 10


def test_the_control_check_catches_a_planted_secret(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'control.db'}")
    upgrade(engine)
    service = CampaignService(engine, catalog())
    play(service, Watcher(service), 1, days=1, inspect=lambda *_: None, seen=Counter())
    caught = control(service, "S1")
    assert len(caught) == 3
    assert {leak.what.split(" ")[1] for leak in caught} >= {"face-down", "image"}


def test_the_read_backs_of_a_day_being_fought_would_catch_its_guard_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read-back commands asked in the Evening of a day being fought (its second round's
    window open) reveal nothing; with the guard that keeps an unfinished day unread gone
    (``bot.campaigns.published`` always true, as before issue 31), the inspector finds the
    day's rounds so far in the public history and in each journal."""
    engine = make_engine(f"sqlite:///{tmp_path / 'fight.db'}")
    upgrade(engine)
    service = CampaignService(engine, catalog())
    mid_evening(service)
    inspector = Inspector(service)
    inspector(read_back(service, FIGHT, FIGHTERS), {}, {})
    assert inspector.leaks == []
    assert inspector.counts["read-backs"] >= 10 and inspector.counts["images"] == 3
    monkeypatch.setattr("bot.campaigns.published", lambda campaign, day: True)
    inspector(read_back(service, FIGHT, FIGHTERS), {}, {})
    assert {leak.viewer for leak in inspector.leaks} == {PUBLIC, *FIGHTERS}
    assert all("unfinished day" in leak.what for leak in inspector.leaks)


def test_the_read_backs_control_check_catches_the_day_being_fought(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'control.db'}")
    upgrade(engine)
    caught = control_unfinished(CampaignService(engine, catalog()))
    assert {leak.viewer for leak in caught} == {PUBLIC, *FIGHTERS}
