"""A new SQLite database copied from one migrated once and kept (:mod:`db.fresh`): the schema
and version a migration gives, Alembic left unloaded once the template is kept, and a new
template when the migrations or Alembic change (told without reading any package's metadata)."""

from __future__ import annotations

import importlib.machinery
import importlib.metadata
import importlib.util
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

import db.migrate
from db.engine import make_engine
from db.fresh import PACKAGE, migrated_copy, template_file, template_key
from db.migrate import upgrade


def schema(path: Path) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], str]:
    """The database's tables, indexes and triggers (their SQL), Alembic's version and its
    journal mode."""
    with closing(sqlite3.connect(path)) as connection:
        query = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        objects = connection.execute(query).fetchall()
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    return objects, versions, mode


def migrated(path: Path) -> Path:
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    engine.dispose()
    return path


def test_a_copy_is_the_database_a_migration_makes_and_alembic_is_loaded_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    migrated_copy(tmp_path / "first.db", cache)
    assert template_file(cache).is_file()
    expected = schema(migrated(tmp_path / "in-place.db"))
    assert schema(tmp_path / "first.db") == expected
    assert expected[1], "at a revision"

    def not_again(*_: object) -> None:
        raise AssertionError("the template is kept: no migration")

    monkeypatch.setattr(db.migrate, "upgrade", not_again)
    migrated_copy(tmp_path / "second.db", cache)
    assert schema(tmp_path / "second.db") == expected
    assert not list(tmp_path.glob("second.db-*")), "the database is its one file"


def test_a_cache_that_cannot_be_written_only_costs_the_migration(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    migrated_copy(tmp_path / "realm.db", blocked / "cache")
    assert schema(tmp_path / "realm.db") == schema(migrated(tmp_path / "in-place.db"))


def test_a_changed_migration_script_makes_a_new_template(tmp_path: Path) -> None:
    package = tmp_path / "db"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    assert template_key(package) == template_key()
    script = sorted((package / "migrations" / "versions").glob("*.py"))[-1]
    script.write_text(script.read_text() + "\n# changed\n")
    assert template_key(package) != template_key()


def test_another_alembic_makes_a_new_template_and_no_metadata_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = template_key()

    def unread(*_: object, **__: object) -> None:
        raise AssertionError("a package's metadata is read")

    monkeypatch.setattr(importlib.metadata.Distribution, "from_name", unread)
    assert template_key() == kept
    spec = importlib.util.find_spec("alembic")
    assert spec is not None and spec.origin is not None
    other = tmp_path / "alembic" / "__init__.py"
    other.parent.mkdir()
    other.write_text(Path(spec.origin).read_text().replace("__version__ = ", "__version__ = '0'+"))
    found = importlib.machinery.ModuleSpec("alembic", None, origin=str(other))
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: found)
    assert template_key() != kept
