"""Rule scenarios as tests: every ``tests/scenarios/**/*.yaml`` is one test (SCENARIOS.md).

Each file is collected as one item named by the scenario's ``name`` (the file's name when it has
none or cannot be read); the item fails with what differed, or with the file, key and reason when
the scenario itself is malformed. YAML files elsewhere under ``tests/`` are not collected.

Databases: ``db_url`` is a fresh, empty database for one test, once on SQLite and once on the
session's throwaway PostgreSQL server (``postgres``, see ``tests/pg.py``); the PostgreSQL run
skips with the reason when there is no server to be had, and fails in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.scenarios import run_file, scenario_name
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


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a new database on ``postgres`` (dropped after)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'realm.db'}"
        return
    cluster: pg.Cluster = request.getfixturevalue("postgres")
    name = cluster.create_database()
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)
