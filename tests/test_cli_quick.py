"""The command line answers at once (issue 31): ``--help`` and ``--version`` load none of the
heavy packages; ``import rules`` loads a name's module only when it is asked for; reading a
campaign (``local list``, ``status``, ``sheet``) loads neither the day's resolution, the
autopilot, the maps nor the scheduler; and a ``local`` command uses the compiled catalog and
migrates a database only when its revision is not the code's."""

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


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"import sys\n{code}\nprint('MODULES', *sorted(sys.modules))\n"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(done.stdout.rpartition("MODULES")[2].split())


def test_import_rules_loads_only_what_is_asked_for():
    alone = modules_after("import rules")
    assert {"rules.evening", "rules.day", "rules.daylight", "rules.autopilot"}.isdisjoint(alone)
    asked = modules_after("from rules import autopilot_orders")
    assert "rules.autopilot" in asked


def test_every_name_rules_exports_is_there():
    import rules

    missing = [name for name in rules.__all__ if getattr(rules, name, None) is None]
    assert missing == []
    assert callable(rules.catalog) and rules.catalog.__module__ == "rules.catalog"


#: What reading a campaign never needs: the day's resolution, the autopilot, the maps (and
#: Pillow), the outbox's delivery, the scheduler, Discord and the migrations' tool.
NOT_FOR_READING = {
    "rules.day.engine",
    "rules.autopilot",
    "bot.maps",
    "PIL",
    "bot.delivery",
    "bot.local",
    "bot.resolution",
    "apscheduler",
    "discord",
    "alembic",
}


@pytest.fixture
def started(migrated_sqlite_url: str) -> str:
    """A started campaign, Valley, of two seats, on a migrated SQLite file: its URL."""
    from bot.service import CampaignService
    from db.engine import make_engine
    from rules import catalog

    engine = make_engine(migrated_sqlite_url)
    service = CampaignService(engine, catalog())
    service.campaigns.create("Valley", moderator="gm", seed=5)
    for player, character in (("alice", "Amazon"), ("bob", "Dwarf")):
        service.campaigns.join("Valley", player=player, player_name=player, character=character)
    service.campaigns.start("Valley", moderator="gm")
    engine.dispose()
    return migrated_sqlite_url


#: What a campaign's list and status need none of besides: the events' classes (no event is
#: shown) and the orders' reader (nothing typed is read). A sheet shows his last days' events.
NOT_FOR_A_STATUS = {"rules.events", "rules.orders.parse"}


@pytest.mark.parametrize(
    ("argv", "unneeded"),
    [
        (["list"], NOT_FOR_READING | NOT_FOR_A_STATUS),
        (["status", "Valley"], NOT_FOR_READING | NOT_FOR_A_STATUS),
        (["sheet", "Valley", "--player", "alice"], NOT_FOR_READING),
    ],
    ids=["list", "status", "sheet"],
)
def test_reading_a_campaign_loads_no_resolution_maps_or_scheduler(
    started: str, argv: list[str], unneeded: set[str]
):
    code = (
        "from bot.cli import main\n"
        f"status = main(['local', '--db', {started!r}, *{argv!r}])\n"
        "assert status == 0, status"
    )
    loaded = modules_after(code)
    assert "rules.state" in loaded, "the saved game was read"
    loaded_unneeded = {m for m in loaded for x in unneeded if m == x or m.startswith(f"{x}.")}
    assert loaded_unneeded == set()


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
