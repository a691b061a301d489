"""Writers wait their turn (issue 31): a unit of work outwaits another process holding SQLite's
write lock for many of SQLite's own busy timeouts, a process's writers queue first come, first
served, and a unit that waits in vain, or that PostgreSQL picks as a deadlock's victim, raises
:class:`DatabaseBusyError` having stored nothing — never the driver's error."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlmodel import select

from db import repo
from db.engine import make_engine, session_scope
from db.models import Campaign
from db.waiting import DatabaseBusyError, Patience, Turns, turns_of
from tests.holder import holding

from .conftest import T0, sqlite_only

#: One attempt of SQLite's busy handler, a twentieth of how long the other process holds on.
QUICK = 50
HELD = 1.0


def file_of(engine: Engine) -> Path:
    database = make_url(engine.url).database
    assert database is not None
    return Path(database)


def create(engine: Engine, name: str) -> None:
    with session_scope(engine) as session:
        repo.create_campaign(session, name=name, created_at=T0)


def stored(engine: Engine) -> list[str]:
    with session_scope(engine) as session:
        return sorted(c.name for c in session.exec(select(Campaign)))


@sqlite_only
def test_a_writer_outwaits_another_process_holding_the_write_lock(engine: Engine) -> None:
    patient = make_engine(engine.url, patience=Patience(attempt_ms=QUICK, seconds=30))
    with holding(file_of(engine), HELD):
        start = time.monotonic()
        create(patient, "Waited")
        waited = time.monotonic() - start
    assert waited > HELD / 2, "it waited for the other process"
    assert stored(engine) == ["Waited"]


@sqlite_only
def test_a_writer_that_waits_in_vain_stores_nothing_and_says_the_database_is_busy(
    engine: Engine,
) -> None:
    """The old behaviour, one busy timeout and no more, now ends in DatabaseBusyError rather
    than SQLAlchemy's OperationalError("database is locked")."""
    impatient = make_engine(engine.url, patience=Patience(attempt_ms=QUICK, seconds=0.2))
    with holding(file_of(engine), HELD), pytest.raises(DatabaseBusyError) as raised:
        create(impatient, "Lost")
    assert "database is busy" in str(raised.value) and raised.value.waited >= 0.2
    assert stored(engine) == []


@sqlite_only
def test_a_process_s_writers_racing_a_long_holder_all_write(engine: Engine) -> None:
    """Six threads of this process and another process holding the lock: every unit of work
    is done, none is refused."""
    patient = make_engine(engine.url, patience=Patience(attempt_ms=QUICK, seconds=30))
    errors: list[BaseException] = []

    def write(n: int) -> Callable[[], None]:
        def run() -> None:
            try:
                create(patient, f"C{n}")
            except BaseException as error:  # pragma: no cover - reported below
                errors.append(error)

        return run

    with holding(file_of(engine), HELD):
        threads = [threading.Thread(target=write(n)) for n in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    assert stored(engine) == [f"C{n}" for n in range(6)]


def queued(turns: Turns, count: int) -> None:
    """Wait until ``count`` tickets have been taken."""
    for _ in range(1000):
        if turns._issued >= count:
            return
        time.sleep(0.005)
    raise AssertionError("the waiters never queued")


def test_turns_are_served_first_come_first_served() -> None:
    turns = Turns()
    assert turns.acquire(1)
    order: list[int] = []

    def waiter(n: int) -> None:
        assert turns.acquire(10)
        order.append(n)
        turns.release()

    threads = []
    for n in range(5):
        threads.append(threading.Thread(target=waiter, args=(n,)))
        threads[-1].start()
        queued(turns, n + 2)
    turns.release()
    for thread in threads:
        thread.join()
    assert order == [0, 1, 2, 3, 4]


def test_a_turn_given_up_is_skipped_and_a_turn_may_be_taken_again_by_its_holder() -> None:
    turns = Turns()
    assert turns.acquire(1) and turns.acquire(1), "its holder takes it again"
    gave_up: list[bool] = []
    thread = threading.Thread(target=lambda: gave_up.append(turns.acquire(0.05)))
    thread.start()
    thread.join()
    assert gave_up == [False]
    later: list[bool] = []

    def wait_then_pass_on() -> None:
        later.append(turns.acquire(10))
        turns.release()

    thread = threading.Thread(target=wait_then_pass_on)
    thread.start()
    queued(turns, 3)
    turns.release()
    assert thread.is_alive(), "still held once"
    turns.release()
    thread.join(10)
    assert later == [True]
    with pytest.raises(RuntimeError):
        turns.release()


@pytest.mark.parametrize(
    "db_kind", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_a_postgres_deadlock_victim_says_the_database_is_busy(engine: Engine) -> None:
    """Two units lock two campaigns in opposite orders: PostgreSQL fails one of them (a
    deadlock), which is rolled back whole and raises DatabaseBusyError; the other commits."""
    create(engine, "A")
    create(engine, "B")
    with session_scope(engine) as session:
        ids = {c.name: c.id for c in session.exec(select(Campaign))}
    barrier = threading.Barrier(2)
    results: list[object] = [None, None]

    def unit(index: int, first: str, second: str) -> None:
        try:
            with session_scope(engine) as session:
                for n, name in enumerate((first, second)):
                    campaign_id = ids[name]
                    assert campaign_id is not None
                    repo.lock_campaign(session, campaign_id=campaign_id)
                    campaign = session.get_one(Campaign, campaign_id)
                    campaign.day += 1
                    session.flush()
                    if n == 0:
                        barrier.wait()
            results[index] = "done"
        except Exception as error:
            results[index] = error

    threads = [
        threading.Thread(target=unit, args=(0, "A", "B")),
        threading.Thread(target=unit, args=(1, "B", "A")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(type, results), key=str) == sorted([str, DatabaseBusyError], key=str)
    with session_scope(engine) as session:
        days = sorted(c.day for c in session.exec(select(Campaign)))
    assert days == [1, 1], "the victim changed nothing, the other both"


def test_a_files_writers_share_one_queue_whatever_path_names_it_resolved_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two paths of one file (a link) share its queue; each path is resolved the first time
    only, not at the start of every unit of work (a system call for each of its folders)."""
    target = tmp_path / "campaigns.db"
    target.touch()
    link = tmp_path / "link.db"
    link.symlink_to(target)
    resolved: list[str] = []
    real = os.path.realpath

    def resolving(path: str) -> str:
        resolved.append(path)
        return real(path)

    monkeypatch.setattr(os.path, "realpath", resolving)
    assert turns_of(str(target)) is turns_of(str(link)) is turns_of(str(target))
    assert all(turns_of(str(link)) is turns_of(str(target)) for _ in range(5))
    assert sorted(resolved) == sorted([str(target), str(link)])
