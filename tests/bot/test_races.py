"""Exactly one resolution per day: wake-ups, a moderator's force and the local command racing
each other resolve the day once; every other racer is told the day is already resolved."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine

from bot.cli import main
from bot.cli_input import EXIT_BUSY
from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope
from db.waiting import Patience
from rules.state import GameState
from tests.holder import holding
from tests.races import race
from tests.reads import reads

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def overdue(service: CampaignService) -> Iterator[CampaignService]:
    """A running two-player campaign whose day 1 deadline has passed."""
    with time_machine.travel(START, tick=False) as traveller:
        service.campaigns.create("Race", moderator="gm", seed=3)
        service.campaigns.join("Race", player="p1", player_name="P1", character="Amazon")
        service.campaigns.join("Race", player="p2", player_name="P2", character="Elf")
        service.campaigns.start("Race", moderator="gm")
        traveller.shift(timedelta(days=2))
        yield service


def day_of(service: CampaignService) -> int:
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Race")
        assert campaign is not None
        return campaign.day


def test_concurrent_wake_ups_resolve_the_day_once(overdue: CampaignService) -> None:
    results = race(*[lambda: overdue.timekeeper.wake("Race", 1)] * 6)
    assert results.count("resolved") == 1, results
    assert day_of(overdue) == 2


def test_a_wake_up_racing_a_force_resolves_the_day_once(overdue: CampaignService) -> None:
    results = race(
        lambda: overdue.timekeeper.wake("Race", 1),
        lambda: overdue.resolver.resolve_day("Race", day=1, moderator="gm"),
        lambda: overdue.timekeeper.wake("Race", 1),
    )
    assert day_of(overdue) == 2
    refused = [r for r in results if isinstance(r, RequestError)]
    assert all("Day 1 of Race is already resolved" in str(r) for r in refused), results


def test_a_force_names_its_day_and_never_resolves_the_next_by_surprise(
    overdue: CampaignService,
) -> None:
    assert "day 1 resolved" in overdue.resolver.resolve_day("Race", day=1, moderator="gm").text
    with pytest.raises(RequestError, match="Day 1 of Race is already resolved; it is day 2"):
        overdue.resolver.resolve_day("Race", day=1, moderator="gm")
    with pytest.raises(RequestError, match="Race is on day 2, not day 3"):
        overdue.resolver.resolve_day("Race", day=3, moderator="gm")
    assert day_of(overdue) == 2


def test_orders_sent_while_the_day_waits_for_a_decision_are_refused_not_ignored(
    overdue: CampaignService,
) -> None:
    """The day's orders are in; stored orders would be used by no day, so they are refused with
    the reason, and nothing is stored."""
    service = overdue
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Race")
        assert campaign is not None
        campaign.options = {**campaign.options, "wait_for_decisions": True}
        assert campaign.id is not None
        snapshot = repo.latest_snapshot(session, campaign_id=campaign.id)
        assert snapshot is not None
        state = GameState.from_json(snapshot.state)
        state.options["wait_for_decisions"] = True
        for chit in state.characters["Amazon"].chits:
            if chit.label in ("MOVE M3*", "FIGHT M4*"):
                chit.status = "fatigued"
        snapshot.state = state.to_json()
    service.players.submit_orders("Race", player="p1", text="R")
    assert "waits for 1 decision" in service.resolver.resolve_day("Race", day=1).text
    with session_scope(service.engine) as session:
        before = repo.current_orders(session, campaign_id=1, day=1)
    with pytest.raises(
        RequestError, match=r"Day 1 of Race is being resolved .* Nothing was stored"
    ):
        service.players.submit_orders("Race", player="p2", text="H")
    with session_scope(service.engine) as session:
        assert repo.current_orders(session, campaign_id=1, day=1) == before
        assert repo.current_orders(session, campaign_id=1, day=2) == {}


def test_a_rollback_restores_missed_days_so_re_resolving_reproduces_the_report(
    overdue: CampaignService,
) -> None:
    """The Amazon sends nothing: blank days, then the autopilot after two missed days. Rolled
    back to day 2, she has missed one day again, and day 2 re-resolves as it first did. (The
    Elf hides: left at the Inn without orders, he is killed on day 1 of this game, and a dead
    character misses no days, 9.1.1.)"""
    service = overdue
    for day in (1, 2, 3):
        service.players.submit_orders("Race", player="p2", text="H")
        service.resolver.resolve_day("Race", day=day, moderator="gm")

    def report(day: int) -> str:
        return service.campaigns.history("Race", day=day).text

    first = report(2)
    with session_scope(service.engine) as session:
        seats = {s.character: s.missed_days for s in repo.list_seats(session, campaign_id=1)}
    assert seats["Amazon"] == 3
    service.rollbacks.rollback("Race", moderator="gm", day=2)
    with session_scope(service.engine) as session:
        seats = {s.character: s.missed_days for s in repo.list_seats(session, campaign_id=1)}
    assert seats == {"Amazon": 1, "Elf": 0}
    service.resolver.resolve_day("Race", day=2, moderator="gm")
    assert report(2) == first


def test_a_days_reports_are_posted_once_after_the_commit_even_after_a_crash(
    overdue: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The map is drawn after the resolution commits. If the process dies before the reports
    are posted, the day stays resolved and its reports are posted later, once."""
    service = overdue

    def crash(*_: object) -> bytes:
        raise SystemExit("killed while drawing the map")

    before = len(service.store.undelivered(1000))
    monkeypatch.setattr("bot.publishing.public_map", crash)
    with pytest.raises(SystemExit):
        service.resolver.resolve_day("Race", day=1, moderator="gm")
    assert day_of(service) == 2, "the resolution committed before the map was drawn"
    reports = [
        m for m in service.store.undelivered(1000)[before:] if m.content.startswith("Day 1,")
    ]
    assert reports == []
    monkeypatch.undo()
    assert service.publisher.publish_due() == ["#1"]
    assert service.publisher.publish_due() == [], "posted once"
    posted = [m for m in service.store.undelivered(1000) if m.content.startswith("Day 1, Month 1")]
    assert [m.kind for m in posted] == ["channel", "dm", "dm"]
    assert posted[0].attachment_name == "map-month1-day2.png" and posted[0].attachment_sha256


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda s: s.campaigns.join(
                "Race2", player="p9", player_name="Al\ud800", character="Dwarf"
            ),
            r"player name: '\\ud800' is not text",
        ),
        (
            lambda s: s.campaigns.choose("Race2", player="p1", text="start: Inn\x00"),
            r"setup choices: '\\x00' is not text",
        ),
        (lambda s: s.campaigns.choose("Race2", player="p1", text="victory: fame ²"), "victory"),
        (
            lambda s: s.campaigns.create("Race\udfff", moderator="gm"),
            "campaign name: '\\\\udfff' is not text",
        ),
        (
            lambda s: s.campaigns.create("Big", moderator="gm", seed=2**63),
            "The seed is a whole number",
        ),
    ],
)
def test_bad_text_is_refused_in_one_line_and_stores_nothing(
    service: CampaignService, call: Callable[[CampaignService], object], message: str
) -> None:
    service.campaigns.create("Race2", moderator="gm")
    service.campaigns.join("Race2", player="p1", player_name="P1", character="Amazon")
    with pytest.raises(RequestError, match=message):
        call(service)
    with session_scope(service.engine) as session:
        seats = repo.list_seats(session, campaign_id=1)
        assert [(s.player_name, s.setup) for s in seats] == [("P1", {})]
        assert repo.get_campaign(session, name="Big") is None


def test_a_damaged_snapshot_is_one_clear_refusal(overdue: CampaignService) -> None:
    service = overdue
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        state = GameState.from_json(snapshot.state)
        state.put("Amazon", "at:ZZ9")
        snapshot.state = state.to_json()
    with pytest.raises(RequestError, match=r"Race's saved game .* is damaged: .*ZZ9"):
        service.players.submit_orders("Race", player="p1", text="H")


def test_standing_orders_that_no_longer_work_are_mended_and_the_player_told(
    overdue: CampaignService,
) -> None:
    """The Amazon's standing orders name a clearing that is not on the map: that phase is
    left blank, the Hide is done, she is told why by DM and the moderators that it happened."""
    service = overdue
    with session_scope(service.engine) as session:
        seat = next(s for s in repo.list_seats(session, campaign_id=1) if s.character == "Amazon")
        seat.standing_orders = "M XX9, H"
    before = len(service.store.undelivered(1000))
    service.resolver.resolve_day("Race", day=1, moderator="gm")
    new = service.store.undelivered(1000)[before:]
    told = [m.content for m in new if m.kind == "dm" and m.to == "p1" and "left blank" in m.content]
    assert told and "phase 1: M XX9" in told[0] and "standing orders" in told[0]
    notices = [m.content for m in new if m.kind == "moderators" and "Amazon" in m.content]
    assert notices and "XX9" not in notices[0], "the moderators' notice holds no orders"
    assert "standing orders for day 1: 1 phase left blank." in notices[0]
    report = next(m.content for m in new if m.kind == "channel" and m.content.startswith("Day 1"))
    turn = next(line for line in report.splitlines() if line.startswith("Amazon:"))
    assert "H" in turn, "the Hide is done, in the channel's report"


def test_six_campaigns_due_at_once_all_resolve(service: CampaignService) -> None:
    """The map is drawn after the commit, so six wake-ups at once hold the write lock briefly
    and none of them fails ("database is locked" on SQLite, a lock timeout on PostgreSQL)."""
    with time_machine.travel(START, tick=False) as traveller:
        for n in range(6):
            service.campaigns.create(f"C{n}", moderator="gm", seed=n)
            service.campaigns.join(f"C{n}", player=f"p{n}", player_name="P", character="Amazon")
            service.campaigns.start(f"C{n}", moderator="gm")
        traveller.shift(timedelta(days=2))
        results = race(*[lambda n=n: service.timekeeper.wake(f"C{n}", 1) for n in range(6)])
    assert results == ["resolved"] * 6, results
    reports = [m for m in service.store.undelivered(1000) if m.content.startswith("Day 1, Month 1")]
    assert sum(1 for m in reports if m.kind == "channel") == 6


def test_moderators_racing_for_a_name_get_one_campaign_and_one_clear_refusal(
    service: CampaignService,
) -> None:
    results = race(*[lambda: service.campaigns.create("Twin", moderator="gm", guild="1")] * 4)
    created = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, RequestError)]
    assert len(created) == 1 and len(refused) == 3, results
    assert all("'Twin' exists already" in str(r) for r in refused)


def test_a_day_resolved_after_a_crash_left_the_last_days_reports_due_posts_them_first(
    overdue: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line has no resync job: ``local resolve`` run again after a crash between a
    resolution and its reports posts those reports first, instead of marking the next day's
    due in their place (they were lost)."""
    service = overdue
    with monkeypatch.context() as patched:
        patched.setattr("bot.publishing.public_map", lambda *_: sys.exit("killed"))
        with pytest.raises(SystemExit):
            service.resolver.resolve_day("Race", day=1, moderator="gm")
    service.resolver.resolve_day("Race", day=2, moderator="gm")
    public = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert len([c for c in public if c.startswith("Day 1, Month 1")]) == 1
    assert len([c for c in public if c.startswith("Day 2, Month 1")]) == 1


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def valley(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """A started one-player campaign, Valley, on ``db``."""
    assert local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")[0] == 0
    assert local(capsys, db, "join", "Valley", "--player", "al", "--character", "Amazon")[0] == 0
    assert local(capsys, db, "start", "Valley", "--moderator", "gm")[0] == 0


def test_a_local_resolve_outwaits_another_process_holding_the_write_lock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds SQLite's write lock for twenty of SQLite's own busy timeouts (made
    short here: the old 5 s); ``local resolve`` waits its turn and resolves the day (issue 31:
    both resolves of a round failed with "database is locked")."""
    monkeypatch.setattr("db.engine.PATIENCE", Patience(attempt_ms=50, seconds=60))
    db = f"sqlite:///{tmp_path / 'game.db'}"
    valley(capsys, db)
    with holding(tmp_path / "game.db", 1.0):
        status, out, err = local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")
    assert (status, err) == (0, "") and "day 1 resolved" in out


def test_a_command_that_waits_in_vain_answers_one_line_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    valley(capsys, db)
    monkeypatch.setattr("db.engine.PATIENCE", Patience(attempt_ms=50, seconds=0.3))
    with holding(tmp_path / "game.db", 2.0):
        status, out, err = local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")
    assert (status, out) == (EXIT_BUSY, "")
    assert (
        err.startswith("realmbot: the database stayed busy")
        and err.endswith("try again in a minute\n")
        and err.count("\n") == 1
    ), err
    monkeypatch.undo()
    assert (
        "day 1 resolved"
        in local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    )


#: ``realmbot`` in a process of its own, its patience short: SQLite's busy timeout 50 ms.
IMPATIENT_CLI = """
import sys
import db.engine
from db.waiting import Patience
db.engine.PATIENCE = Patience(attempt_ms=50, seconds=60)
from bot.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_two_local_resolves_racing_a_long_lock_holder_resolve_the_day_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31's round: while another process holds the write lock for many of SQLite's busy
    timeouts (made short), two ``realmbot local resolve`` processes of the day race; one
    resolves it, the other is told it is resolved — neither fails."""
    db = f"sqlite:///{tmp_path / 'game.db'}"
    valley(capsys, db)
    argv = ["local", "--db", db, "resolve", "Valley", "--day", "1", "--moderator", "gm"]
    with holding(tmp_path / "game.db", 3.0):
        resolves = [
            subprocess.Popen(
                [sys.executable, "-c", IMPATIENT_CLI, *argv], stderr=subprocess.PIPE, text=True
            )
            for _ in range(2)
        ]
        errs = [process.communicate(timeout=120)[1] for process in resolves]
    assert sorted(p.returncode for p in resolves) == [0, 2], errs
    assert "Day 1 of Valley is already resolved; it is day 2" in "".join(errs)
    assert "Traceback" not in "".join(errs) and "busy" not in "".join(errs)


def test_looking_for_reports_left_due_reads_no_campaign_whose_reports_are_posted(
    overdue: CampaignService,
) -> None:
    """The scheduler looks for reports a crash left due every minute: it reads the ids of the
    campaigns whose reports wait, not every campaign's row."""
    with reads(overdue.engine) as seen:
        assert overdue.publisher.publish_due() == []
    assert sum(seen.loaded.values()) == 0
