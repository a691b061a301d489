"""The scheduler's jobs (:mod:`bot.scheduler`): many campaigns due at once are woken one at a
time, each resolved once, none failing for the database's write lock."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED, JobEvent
from sqlalchemy import update
from sqlmodel import col

from bot import scheduler
from bot.scheduler import Wakeups
from bot.service import CampaignService
from db.engine import make_engine, session_scope
from db.models import Campaign, Seat
from rules.catalog import catalog
from tests.reads import reads

#: Campaigns due in the same second.
DUE = 6


class Watched(CampaignService):
    """The service, counting how many wake-ups run at the same time (the most seen)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._guard = threading.Lock()
        self.running = 0
        self.most = 0
        self.entered = threading.Event()
        self.gate: threading.Event | None = None
        self._wake = self.timekeeper.wake
        self.timekeeper.wake = self.wake  # type: ignore[method-assign]

    def wake(self, campaign_name: str, day: int) -> str:
        with self._guard:
            self.running += 1
            self.most = max(self.most, self.running)
        self.entered.set()
        try:
            threading.Event().wait(0.05)  # a wake-up takes a while: room for another to overlap
            if self.gate is not None:
                self.gate.wait(30)
            return self._wake(campaign_name, day)
        finally:
            with self._guard:
                self.running -= 1


@pytest.fixture
def watched(migrated_url: str) -> Iterator[Watched]:
    engine = make_engine(migrated_url)
    yield Watched(engine, catalog(), clock=lambda: datetime.now(UTC))
    engine.dispose()


def due_soon(service: CampaignService, count: int) -> None:
    """``count`` started campaigns of the Amazon on the autopilot, due in a second, without
    reminders (a reminder's wake-up would come first)."""
    for number in range(count):
        name = f"C{number}"
        service.campaigns.create(name, moderator="gm", seed=number)
        service.campaigns.join(name, player=f"p{number}", player_name="P", character="Amazon")
        service.campaigns.start(name, moderator="gm")
        service.moderation.set_autopilot(name, moderator="gm", character="Amazon")
    with session_scope(service.engine) as session:
        soon = datetime.now(UTC) + timedelta(seconds=1)
        session.exec(update(Campaign).values(deadline=soon))
        session.exec(update(Seat).values(reminders=False))


def test_campaigns_due_at_once_are_woken_one_at_a_time_and_all_resolved(
    watched: Watched, tmp_path: Path
) -> None:
    due_soon(watched, DUE)
    wakeups = Wakeups(watched, jobstore_url=f"sqlite:///{tmp_path / 'jobs.db'}")
    executed: list[str] = []
    failed: list[str] = []

    def listen(event: JobEvent) -> None:
        if event.job_id.startswith("wake:"):
            (executed if event.code == EVENT_JOB_EXECUTED else failed).append(event.job_id)

    async def run() -> None:
        wakeups.scheduler.add_listener(listen, EVENT_JOB_EXECUTED | EVENT_JOB_ERROR)
        wakeups.start()
        try:
            for _ in range(600):
                if len(executed) + len(failed) >= DUE:
                    break
                await asyncio.sleep(0.1)
        finally:
            wakeups.shutdown()

    asyncio.run(run())
    assert failed == []
    assert len(executed) == DUE
    assert watched.most == 1, "the jobs' database work runs one job at a time"
    assert [watched.campaigns.campaign(f"C{n}").day for n in range(DUE)] == [2] * DUE


def test_a_shutdown_while_wake_ups_wait_their_turn_is_quiet_and_loses_nothing(
    watched: Watched, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The jobs the shutdown cancels (one waiting for its wake-up's work, the others for their
    turn) end quietly, without an error in the log; what they left is still due, for the next
    start to wake."""
    due_soon(watched, 3)
    watched.gate = threading.Event()
    url = f"sqlite:///{tmp_path / 'jobs.db'}"

    async def interrupted() -> None:
        wakeups = Wakeups(watched, jobstore_url=url)
        wakeups.start()
        for _ in range(300):
            if watched.entered.is_set():
                break
            await asyncio.sleep(0.1)
        wakeups.shutdown()
        assert watched.gate is not None
        watched.gate.set()
        await asyncio.sleep(0.5)

    with caplog.at_level(logging.INFO):
        asyncio.run(interrupted())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert any("interrupted by the shutdown" in r.getMessage() for r in caplog.records)
    left = {
        f"#{watched.campaigns.campaign(f'C{n}').id}"
        for n in range(3)
        if watched.campaigns.campaign(f"C{n}").day == 1
    }
    assert left, "the shutdown came before every wake-up had run"
    assert left <= {campaign for campaign, day, _ in watched.timekeeper.wake_ups() if day == 1}


def test_a_sync_after_the_shutdown_does_nothing_and_raises_nothing_on_the_loop(
    watched: Watched, tmp_path: Path
) -> None:
    """A resync's work may still be in the worker thread when the shutdown comes: its sync then
    registers nothing, and wakes no stopped scheduler (an error on the event loop)."""
    due_soon(watched, 1)
    wakeups = Wakeups(watched, jobstore_url=f"sqlite:///{tmp_path / 'jobs.db'}")
    errors: list[dict[str, object]] = []

    async def run() -> list[str]:
        asyncio.get_running_loop().set_exception_handler(lambda _, context: errors.append(context))
        wakeups.start(paused=True)
        wakeups.shutdown()
        await asyncio.sleep(0.1)  # the shutdown is done on the loop (run_in_event_loop)
        ids = await asyncio.to_thread(wakeups.sync)
        await asyncio.sleep(0.2)
        return ids

    assert asyncio.run(run()) == []
    assert errors == []


def test_a_wake_up_asked_for_as_the_scheduler_shuts_down_raises_nothing_on_the_loop(
    watched: Watched, tmp_path: Path
) -> None:
    """A job's thread may ask the scheduler for a wake-up (an ``add_job``) just after the
    shutdown was asked, before the loop ran it: that wake-up then does nothing."""
    wakeups = Wakeups(watched, jobstore_url=f"sqlite:///{tmp_path / 'jobs.db'}")
    errors: list[dict[str, object]] = []

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, context: errors.append(context))
        wakeups.start()
        wakeups.shutdown()
        wakeups.scheduler.wakeup()
        await asyncio.sleep(0.2)

    asyncio.run(run())
    assert errors == []


def _answer_in_turn(done: Any) -> None:
    """In a forked child: a call through the scheduler's worker, its answer sent back."""
    done.send(asyncio.run(scheduler.in_turn(int, "7")))


def test_a_forked_process_runs_its_jobs_in_a_worker_of_its_own():
    """A child forked after the parent's worker thread started (the crash suite's driver, a
    forking server) still runs its jobs: it gets a new worker instead of waiting forever for a
    thread it does not have."""
    assert asyncio.run(scheduler.in_turn(int, "6")) == 6  # the parent's worker thread runs
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_answer_in_turn, args=(send,))
    child.start()
    answered = receive.poll(30)
    child.join(1 if answered else 0)
    if child.exitcode is None:
        child.kill()
        child.join()
    assert answered and receive.recv() == 7, "the child's job never ran"
    assert child.exitcode == 0


def test_a_sync_asks_the_same_beside_more_campaigns_and_writes_only_the_jobs_that_changed(
    watched: Watched, tmp_path: Path
) -> None:
    """The scheduler syncs every campaign's wake-up every minute: its queries do not grow with
    the campaigns (a thousand campaigns cost two thousand before), and a job stored already
    for the same time is not written again; a moved deadline's is."""
    due_soon(watched, 2)
    jobs = tmp_path / "jobs.db"
    wakeups = Wakeups(watched, jobstore_url=f"sqlite:///{jobs}")

    def written(connection: sqlite3.Connection) -> int:
        """The job store's file's version as ``connection`` sees it: it changes whenever
        another connection commits."""
        return int(connection.execute("PRAGMA data_version").fetchone()[0])

    async def run(watcher: sqlite3.Connection) -> None:
        wakeups.start(paused=True)
        try:
            with reads(watched.engine) as two:
                wakeups.sync()
            for number in range(2, 7):
                name = f"C{number}"
                watched.campaigns.create(name, moderator="gm", seed=number)
                watched.campaigns.join(name, player=f"p{number}", player_name="P", character="Elf")
                watched.campaigns.start(name, moderator="gm")
            wakeups.sync()
            before = written(watcher)
            with reads(watched.engine) as seven:
                ids = wakeups.sync()
            assert len(ids) == 7
            assert seven.statements == two.statements
            assert written(watcher) == before, "no job changed: none is written"
            later = datetime.now(UTC) + timedelta(hours=5)
            with session_scope(watched.engine) as session:
                session.exec(
                    update(Campaign).where(col(Campaign.name) == "C0").values(deadline=later)
                )
            wakeups.sync()
            assert written(watcher) != before
            moved = wakeups.scheduler.get_job(scheduler.job_id(f"#{campaign_id('C0')}", 1))
            assert moved is not None and moved.next_run_time == later
        finally:
            wakeups.shutdown()

    def campaign_id(name: str) -> int:
        found = watched.campaigns.campaign(name).id
        assert found is not None
        return found

    with closing(sqlite3.connect(jobs)) as watcher:
        asyncio.run(run(watcher))
