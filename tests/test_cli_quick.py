"""The command line answers at once (issue 31): ``--help`` and ``--version`` load none of the
heavy packages, and a ``local`` command uses the compiled catalog and migrates a database only
when its revision is not the code's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from bot.catalog_cache import cache_file
from db.engine import make_engine
from db.migrate import alembic_config, upgrade
from db.schema_head import code_heads, database_heads

#: Packages a command that only reads its command line must not import.
HEAVY = ("discord", "PIL", "jinja2", "sqlalchemy", "sqlmodel", "alembic", "rules", "db", "yaml")


def imported_by(argv: list[str]) -> tuple[str, set[str]]:
    """What ``realmbot argv`` printed, and which of :data:`HEAVY` it imported."""
    script = (
        "import sys\nfrom bot.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print('IMPORTED', *sorted({m.split('.')[0] for m in sys.modules}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    out, _, imported = done.stdout.rpartition("IMPORTED")
    return out, set(imported.split()) & set(HEAVY)


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["local", "--help"]])
def test_help_and_version_import_nothing_heavy(argv: list[str]):
    out, heavy = imported_by(argv)
    assert out.startswith(("usage: realmbot", "realmbot ")), out
    assert heavy == set()


def local(db: str, cache: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--db", db, *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def test_a_local_command_writes_the_compiled_catalog_and_migrates_an_old_database(
    tmp_path: Path,
):
    script = ScriptDirectory.from_config(alembic_config())
    (head,) = script.get_heads()
    previous = script.get_revision(head).down_revision
    assert isinstance(previous, str)
    db = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(db)
    upgrade(engine, previous)
    cache = tmp_path / "cache"
    done = local(db, cache, "create", "Valley", "--moderator", "gm")
    assert done.returncode == 0, done.stderr
    assert database_heads(engine) == code_heads() == {head}, "migrated to the code's head"
    assert cache_file(directory=cache / "realmbot").is_file(), "the catalog compiled for next time"
    listed = local(db, cache, "list")
    assert listed.returncode == 0 and "Valley" in listed.stdout, listed.stderr
    engine.dispose()


def test_a_fresh_database_is_migrated(tmp_path: Path):
    db = f"sqlite:///{tmp_path / 'fresh.db'}"
    listed = local(db, tmp_path / "cache", "list")
    assert listed.returncode == 0, listed.stderr
    engine = make_engine(db)
    assert database_heads(engine) == code_heads()
    engine.dispose()
