"""The database engine and the unit of work.

:func:`make_engine` takes any SQLAlchemy URL. For SQLite it sets the pragmas on every new
connection (WAL, ``synchronous=NORMAL``, foreign keys, a busy timeout) and takes over
transaction control from ``sqlite3``: each transaction starts with ``BEGIN IMMEDIATE``, so the
reads of a unit of work belong to its transaction and a second writer waits for the first
(up to the busy timeout) instead of failing halfway. :func:`session_scope` is one such unit.

A long-running process makes its engine with ``background_checkpoints``: SQLite then never
copies its write-ahead log into the database in the middle of a commit (``wal_autocheckpoint``,
which every thousand pages or so makes one request wait for several milliseconds); the process
calls :func:`checkpoint` from a background job instead (the bot's scheduler, every minute).

PostgreSQL (``postgresql://...``, driven by psycopg 3: the ``postgres`` extra) runs each unit
at its default isolation, READ COMMITTED, and writers of one campaign are serialised by the
campaign's row lock, :func:`db.repo.lock_campaign`, which every unit of work that changes a
campaign takes first; units of different campaigns run in parallel.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlmodel import Session

DEFAULT_URL = "sqlite:///realmbot.db"
BUSY_TIMEOUT_MS = 5000
SQLITE_PRAGMAS = (
    "journal_mode=WAL",
    "synchronous=NORMAL",
    "foreign_keys=ON",
    f"busy_timeout={BUSY_TIMEOUT_MS}",
)


#: URL schemes without a driver that mean PostgreSQL through psycopg 3 (SQLAlchemy's own
#: default driver for ``postgresql://`` is psycopg2, which realmbot does not install).
POSTGRES_SCHEMES = frozenset({"postgresql", "postgres"})


def database_url(url: str | URL) -> URL:
    """``url`` parsed, with ``postgresql://`` and ``postgres://`` meaning psycopg 3
    (``postgresql+psycopg://``); any URL naming its driver is kept as it is."""
    parsed = make_url(url)
    if parsed.drivername in POSTGRES_SCHEMES:
        return parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(
    url: str | URL = DEFAULT_URL, *, background_checkpoints: bool = False, **kwargs: Any
) -> Engine:
    """An engine for ``url`` (see :func:`database_url`); SQLite connections get the pragmas and
    ``BEGIN IMMEDIATE``, and with ``background_checkpoints`` leave checkpoints to
    :func:`checkpoint`."""
    engine = create_engine(database_url(url), **kwargs)
    if engine.dialect.name == "sqlite":
        connect = _sqlite_connect_without_checkpoints if background_checkpoints else None
        event.listen(engine, "connect", connect or _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
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


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    _sqlite_setup(dbapi_connection, SQLITE_PRAGMAS)


def _sqlite_connect_without_checkpoints(dbapi_connection: Any, _record: Any) -> None:
    _sqlite_setup(dbapi_connection, (*SQLITE_PRAGMAS, "wal_autocheckpoint=0"))


def _sqlite_setup(dbapi_connection: Any, pragmas: tuple[str, ...]) -> None:
    # sqlite3 would otherwise BEGIN only before a DML write: reads and DDL would run outside.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One unit of work: commit if the block succeeds, roll everything back if it raises.

    Rows stay readable after the block (``expire_on_commit=False``) but are detached.
    """
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
