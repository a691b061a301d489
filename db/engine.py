"""The database engine and the unit of work.

:func:`make_engine` takes any SQLAlchemy URL. For SQLite it sets the pragmas on every new
connection (WAL, ``synchronous=NORMAL``, foreign keys, a busy timeout) and takes over
transaction control from ``sqlite3``: each transaction starts with ``BEGIN IMMEDIATE``, so the
reads of a unit of work belong to its transaction and a second writer waits for the first
instead of failing halfway. :func:`session_scope` is one such unit.

**Writers wait their turn.** SQLite has one writer at a time. A unit of work waits for it
twice over, both bounded by the engine's :class:`~db.waiting.Patience` (minutes, not SQLite's
five seconds, after which a long day's resolution made the others fail with "database is
locked"): in its own process, :func:`session_scope` first takes the file's turn
(:class:`~db.waiting.Turns`: the process's writers queue first come, first served, and only
the first of them knocks at SQLite); then ``BEGIN IMMEDIATE`` is tried again, with a back-off,
while another process holds the lock (SQLite's own busy handler waits ``attempt_ms`` at each
try, and serves nobody in order). A unit that waited its whole patience raises
:class:`~db.waiting.DatabaseBusyError`, which the doors answer in one sentence.

Only ``BEGIN IMMEDIATE`` is retried, never a unit of work: it is the first statement of every
transaction, so a unit whose ``BEGIN`` fails has done nothing, and once it holds the lock
nothing else in it waits for another connection (in WAL mode readers never block the writer
and a commit takes no other lock; ``BEGIN IMMEDIATE`` never upgrades a read transaction, so
``SQLITE_BUSY_SNAPSHOT`` cannot happen). Units are therefore never run twice, and what one
writes to the outbox is delivered exactly once (:mod:`bot.delivery`). Should SQLite report
itself busy anywhere else all the same, or PostgreSQL choose a unit as a deadlock's victim
(or fail it on a lock timeout or a serialization failure), the unit is rolled back whole and
:class:`~db.waiting.DatabaseBusyError` raised in place of the driver's error.

A long-running process makes its engine with ``background_checkpoints``: SQLite then never
copies its write-ahead log into the database in the middle of a commit (``wal_autocheckpoint``,
which every thousand pages or so makes one request wait for several milliseconds); the process
calls :func:`checkpoint` from a background job instead (the bot's scheduler, every minute).

PostgreSQL (``postgresql://...``, driven by psycopg 3: the ``postgres`` extra) runs each unit
at its default isolation, READ COMMITTED, and writers of one campaign are serialised by the
campaign's row lock, :func:`db.repo.lock_campaign`, which every unit of work that changes a
campaign takes first (a row lock waits as long as it must); units of different campaigns run
in parallel.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from db.waiting import DatabaseBusyError, Patience, turns_of

DEFAULT_URL = "sqlite:///realmbot.db"
#: How long a unit of work waits its turn to write by default (see the module's docstring).
PATIENCE = Patience()
#: SQLite's busy timeout at each attempt of :data:`PATIENCE`.
BUSY_TIMEOUT_MS = PATIENCE.attempt_ms
SQLITE_PRAGMAS = (
    "journal_mode=WAL",
    "synchronous=NORMAL",
    "foreign_keys=ON",
)
#: PostgreSQL's SQLSTATEs of a transaction failed by its contention with others (a deadlock's
#: victim, a serialization failure, a lock not available in time): nothing of it was kept.
CONTENTION_SQLSTATES = frozenset({"40P01", "40001", "55P03"})


#: URL schemes without a driver that mean PostgreSQL through psycopg 3 (SQLAlchemy's own
#: default driver for ``postgresql://`` is psycopg2, which realmbot does not install).
POSTGRES_SCHEMES = frozenset({"postgresql", "postgres"})


@dataclass(frozen=True)
class _Writing:
    """How an engine's units of work wait to write: its patience, and the file whose turns
    they take (None: no file, as for an in-memory database)."""

    patience: Patience
    path: str | None


_WRITING: weakref.WeakKeyDictionary[Engine, _Writing] = weakref.WeakKeyDictionary()
#: The current thread's outermost unit of work on a SQLite file: ``wait``, when it started
#: and when it gives up waiting (None outside one).
_UNIT = threading.local()


def database_url(url: str | URL) -> URL:
    """``url`` parsed, with ``postgresql://`` and ``postgres://`` meaning psycopg 3
    (``postgresql+psycopg://``); any URL naming its driver is kept as it is."""
    parsed = make_url(url)
    if parsed.drivername in POSTGRES_SCHEMES:
        return parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(
    url: str | URL = DEFAULT_URL,
    *,
    background_checkpoints: bool = False,
    patience: Patience | None = None,
    **kwargs: Any,
) -> Engine:
    """An engine for ``url`` (see :func:`database_url`); SQLite connections get the pragmas and
    ``BEGIN IMMEDIATE``, tried again within ``patience`` (:data:`PATIENCE` when not given, read
    at each call), and with ``background_checkpoints`` leave checkpoints to :func:`checkpoint`."""
    engine = create_engine(database_url(url), **kwargs)
    if engine.dialect.name == "sqlite":
        waits = patience or PATIENCE
        checkpoints = ("wal_autocheckpoint=0",) if background_checkpoints else ()
        pragmas = (*SQLITE_PRAGMAS, f"busy_timeout={waits.attempt_ms}", *checkpoints)
        event.listen(engine, "connect", partial(_sqlite_setup, pragmas))
        event.listen(engine, "begin", partial(_sqlite_begin, waits))
        database = engine.url.database
        in_file = bool(database) and database != ":memory:" and "mode=memory" not in str(url)
        _WRITING[engine] = _Writing(waits, database if in_file else None)
    return engine


def checkpoint(engine: Engine) -> None:
    """Copy SQLite's write-ahead log into the database as far as no reader needs it (a
    ``PASSIVE`` checkpoint, which waits for nobody); nothing for another database."""
    if engine.dialect.name != "sqlite":
        return
    connection = engine.raw_connection()  # outside a transaction, which a checkpoint needs
    try:
        connection.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)").close()
    finally:
        connection.close()


def _sqlite_setup(pragmas: tuple[str, ...], dbapi_connection: Any, _record: Any) -> None:
    # sqlite3 would otherwise BEGIN only before a DML write: reads and DDL would run outside.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
    finally:
        cursor.close()


def _sqlite_begin(patience: Patience, connection: Connection) -> None:
    """``BEGIN IMMEDIATE``, tried again with a back-off while another connection holds the
    write lock, until the unit of work's patience runs out (:class:`DatabaseBusyError`)."""
    now = time.monotonic()
    start, deadline = getattr(_UNIT, "wait", None) or (now, now + patience.seconds)
    pause = patience.backoff
    while True:
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            return
        except DBAPIError as error:
            if not is_busy(error):
                raise
            left = deadline - time.monotonic()
            if left <= 0:
                waited = time.monotonic() - start
                raise DatabaseBusyError(waited, "another writer holds it") from None
        time.sleep(min(pause, left))
        pause = min(pause * 2, patience.max_backoff)


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` is the database refusing a unit of work for its contention with
    others: SQLite's "database is locked" (``SQLITE_BUSY`` and its kinds), PostgreSQL's
    :data:`CONTENTION_SQLSTATES`."""
    cause = getattr(error, "orig", None) or error
    name = getattr(cause, "sqlite_errorname", None)
    if name is not None:
        return str(name).startswith("SQLITE_BUSY") or "database is locked" in str(cause)
    return getattr(cause, "sqlstate", None) in CONTENTION_SQLSTATES


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One unit of work: commit if the block succeeds, roll everything back if it raises.

    On a SQLite file the unit first waits for its process's turn to write (see the module's
    docstring); a unit that the database refuses for its contention with others (it waited its
    whole patience, or was a deadlock's victim) raises :class:`DatabaseBusyError`, having
    changed nothing. Rows stay readable after the block (``expire_on_commit=False``) but are
    detached.
    """
    began = time.monotonic()
    writing = _WRITING.get(engine)
    outermost = writing is not None and getattr(_UNIT, "wait", None) is None
    if writing is not None and outermost:
        _UNIT.wait = (began, began + writing.patience.seconds)
    turns = turns_of(writing.path) if writing is not None and writing.path else None
    try:
        if turns is not None and not turns.acquire(_UNIT.wait[1] - began):
            raise DatabaseBusyError(time.monotonic() - began, "this process's writers queue")
        try:
            with Session(engine, expire_on_commit=False) as session:
                try:
                    yield session
                    session.commit()
                except BaseException as error:
                    session.rollback()
                    if isinstance(error, DBAPIError) and is_busy(error):
                        why = (str(error.orig).strip().splitlines() or ["busy"])[0]
                        raise DatabaseBusyError(time.monotonic() - began, why) from error
                    raise
        finally:
            if turns is not None:
                turns.release()
    finally:
        if outermost:
            _UNIT.wait = None
