"""Rule scenarios as tests, and the databases the tests run on.

Scenarios: every ``tests/scenarios/**/*.yaml`` is one test (SCENARIOS.md). Each file is
collected as one item named by the scenario's ``name`` (the file's name when it has none or
cannot be read); the item fails with what differed, or with the file, key and reason when the
scenario itself is malformed. YAML files elsewhere under ``tests/`` are not collected.

Databases: a test takes ``db_url``, a fresh and empty database (for the tests of the migrations
themselves), or ``migrated_url``, a fresh database with the schema at head: a copy of a template
migrated once per test session (running every migration for each test cost a third of the
suite's time) — a copy of the template's file on SQLite, ``CREATE DATABASE ... TEMPLATE`` on
PostgreSQL. ``migrated_sqlite_url`` is such a copy on SQLite only, for tests that are about
something else than the database. Either runs the test on ``db_kind``: SQLite, and PostgreSQL
(``postgres``, the session's throwaway server of ``tests/pg.py``, which skips the test saying
why when there is no server to be had, and fails it in CI); a test parametrizes ``db_kind``
itself to run on one of them only.

Which tests run on PostgreSQL: ``make test`` (and CI) runs on both databases the modules of
:data:`BOTH_DATABASES`, those whose SQL, or what the database does with it, differs between
SQLite and PostgreSQL — the migrations' DDL, the write locks (``BEGIN IMMEDIATE`` on SQLite, the
campaign's row lock on PostgreSQL), racing writers and the scheduler's wake-ups, the repository's
queries, JSON read in SQL, stored bytes, the case-insensitive unique index, a transaction that a
constraint violation aborts, and a combat rolled back (``db.rewind``'s deletes): every line of
``db`` that the full matrix runs on PostgreSQL, ``make test`` runs on PostgreSQL too.
Every other test that takes a database goes through the same repository functions to test the
service above them (a campaign's life, combat windows, settings, a finished game, the inbox and
the local files): on SQLite in ``make test``, and on both with ``--all-databases``, which
``make proofs`` passes (:mod:`tests.proofs.matrix`: the full matrix).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.scenarios import run_file, scenario_name
from db.engine import make_engine
from db.migrate import upgrade
from rules.catalog import catalog
from tests import pg

SCENARIOS = Path(__file__).parent / "scenarios"


class ScenarioFailedError(Exception):
    """A scenario that did not pass; its lines say why."""


class ScenarioFile(pytest.File):
    def collect(self):  # type: ignore[no-untyped-def]
        name = scenario_name(self.path)
        if name == str(self.path):
            name = self.path.stem
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        result = run_file(self.path, catalog())
        if not result.passed:
            raise ScenarioFailedError("\n".join(result.lines))

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, ScenarioFailedError):
            return f"scenario {self.name!r} ({self.path}) failed:\n{excinfo.value}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.suffix == ".yaml" and file_path.is_relative_to(SCENARIOS):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


#: The modules (or single tests, ``module::test``) that run on both databases in ``make test``,
#: and why (see the module's docstring).
BOTH_DATABASES: dict[str, str] = {
    "tests/db/test_migrations.py": "the migrations' DDL differs per database",
    "tests/db/test_migrations_books.py": "the migrations' DDL and data moves",
    "tests/db/test_migrations_storage.py": "the migrations' DDL and data moves",
    "tests/db/test_migrations_salt.py": "the migrations' DDL and data moves",
    "tests/db/test_migrations_language.py": "the migrations' DDL",
    "tests/db/test_waiting.py": "writers waiting their turn: SQLite's lock, PostgreSQL's deadlocks",
    "tests/db/test_engine.py": "the engine's set-up and transactions per database",
    "tests/db/test_concurrency.py": "writers' turns: BEGIN IMMEDIATE against row locks",
    "tests/db/test_repo.py": "every repository query",
    "tests/db/test_status_boards.py": "JSON settings read in SQL",
    "tests/bot/test_races.py": "racing resolutions under each database's locks",
    "tests/bot/test_scheduler.py": "wake-ups claimed under each database's locks",
    "tests/bot/test_storage.py": "stored bytes and snapshots, pruned in SQL",
    "tests/bot/test_delivery.py": "the outbox's queue read in SQL, in order, each once",
    "tests/bot/test_names.py": "the case-insensitive unique index; a violation aborts",
    "tests/proofs/test_races.py": "racing callers under each database's locks",
    "tests/bot/test_plays.py::test_combat_rolled_back_to_a_round_replays_the_same_dice_with_the"
    "_same_plays": "a rollback's deletes and its snapshots' JSON ledgers (db.rewind)",
}

KINDS = ("sqlite", "postgres")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all-databases",
        action="store_true",
        help="run every test that takes a database on PostgreSQL too, not only those of "
        "tests/conftest.py's BOTH_DATABASES (the full matrix, which make proofs runs)",
    )


#: The project's folder, which BOTH_DATABASES' paths are relative to.
PROJECT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    missing = [key for key in BOTH_DATABASES if not (PROJECT / key.split("::")[0]).is_file()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py: BOTH_DATABASES names no file: {missing}")
    # The command line keeps a compiled catalog in the user's cache (bot.catalog_cache): a test
    # run, and the processes it starts, keep theirs in a folder of its own, not the user's.
    cache = Path(tempfile.mkdtemp(prefix="realmbot-test-cache-"))
    os.environ["XDG_CACHE_HOME"] = str(cache)
    # Nor does a resident process of the user's (bot.resident, `realmbot local serve`) answer the
    # command lines a test runs: its socket's folder is the run's own.
    runtime = Path(tempfile.mkdtemp(prefix="realmbot-test-run-"))
    os.environ["XDG_RUNTIME_DIR"] = str(runtime)
    config.add_cleanup(lambda: shutil.rmtree(runtime, ignore_errors=True))
    # The project's bytecode is written once and read by the processes the run starts (the
    # command line's tests start hundreds), whatever PYTHONDONTWRITEBYTECODE says: each would
    # compile the project again otherwise.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run a test that takes a database on SQLite, and on PostgreSQL too where that is due."""
    if "db_kind" not in metafunc.fixturenames:
        return
    for marker in metafunc.definition.iter_markers("parametrize"):
        names = marker.args[0]
        names = names.split(",") if isinstance(names, str) else names
        if "db_url" in [name.strip() for name in names]:
            raise pytest.UsageError(
                f"{metafunc.definition.nodeid}: parametrize db_kind (sqlite, postgres), not db_url"
            )
        if "db_kind" in [name.strip() for name in names]:
            return
    module = Path(str(metafunc.definition.path)).resolve()
    name = module.relative_to(PROJECT).as_posix() if module.is_relative_to(PROJECT) else ""
    both = name in BOTH_DATABASES or f"{name}::{metafunc.function.__name__}" in BOTH_DATABASES
    kinds: list[Any] = ["sqlite"]
    if metafunc.config.getoption("all_databases") or both:
        kinds.append(pytest.param("postgres", marks=pytest.mark.postgres))
    metafunc.parametrize("db_kind", kinds, indirect=True)


@pytest.fixture
def db_kind(request: pytest.FixtureRequest) -> str:
    """The database a test runs on: ``sqlite`` or ``postgres`` (see the module's docstring)."""
    kind: str = request.param
    if kind not in KINDS:
        raise ValueError(f"db_kind is one of {KINDS}, not {kind!r}")
    return kind


@pytest.fixture(scope="session")
def postgres() -> Iterator[pg.Cluster]:
    """The session's throwaway PostgreSQL server, stopped and deleted at the end."""
    try:
        cluster = pg.start()
    except pg.ClusterError as error:
        pg.unavailable(str(error))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head once for the session, whole in its one file (its
    write-ahead log checkpointed away), to be copied."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    engine.dispose()
    with closing(sqlite3.connect(path)) as connection:  # outside a transaction, as it must be
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    return path


@pytest.fixture(scope="session")
def postgres_template(postgres: pg.Cluster) -> str:
    """A database of the session's server migrated to head once, frozen as a template."""
    name = postgres.create_database()
    engine = make_engine(postgres.url(name))
    upgrade(engine)
    engine.dispose()
    postgres.freeze_template(name)
    return name


@pytest.fixture
def db_url(request: pytest.FixtureRequest, db_kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a new database on ``postgres`` (dropped
    after)."""
    if db_kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'realm.db'}"
        return
    cluster: pg.Cluster = request.getfixturevalue("postgres")
    name = cluster.create_database()
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)


@pytest.fixture
def migrated_sqlite_url(sqlite_template: Path, tmp_path: Path) -> str:
    """A fresh SQLite database with the schema at head: a copy of the session's template."""
    path = tmp_path / "realm.db"
    shutil.copyfile(sqlite_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def migrated_url(request: pytest.FixtureRequest, db_kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database with the schema at head, on ``db_kind``: a copy of the session's
    template (:func:`migrated_sqlite_url`, or a new database on ``postgres`` copied from
    ``postgres_template`` and dropped after)."""
    if db_kind == "sqlite":
        yield request.getfixturevalue("migrated_sqlite_url")
        return
    cluster: pg.Cluster = request.getfixturevalue("postgres")
    name = cluster.create_database(template=request.getfixturevalue("postgres_template"))
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)
