"""Whether a database's schema is the code's newest, told without loading Alembic.

Alembic records the revision a database is at in its ``alembic_version`` table. Loading Alembic
and its environment to learn that costs most of a short command's time, so
:func:`ensure_current` compares that table with the heads the package's migration scripts
declare (:func:`code_heads`: their ``revision`` and ``down_revision`` lines, read as text, never
imported) and runs :func:`db.migrate.upgrade` only when they differ: a fresh database, an old
one (migrated once, then current), or one Alembic would refuse (a revision the code does not
know: the upgrade says why, as it always did).
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from sqlalchemy import Engine, inspect, text

VERSIONS = Path(__file__).parent / "migrations" / "versions"
VERSION_TABLE = "alembic_version"

_ASSIGNMENT = re.compile(r"^(revision|down_revision)\s*(?::[^=]*)?=\s*(.+?)\s*$", re.MULTILINE)


def _declared(source: str) -> tuple[str, tuple[str, ...]]:
    """A migration script's revision and the revisions it follows, from its source text."""
    values = {name: ast.literal_eval(value) for name, value in _ASSIGNMENT.findall(source)}
    if not isinstance(values.get("revision"), str):
        raise ValueError("a migration script without a revision")
    down = values.get("down_revision")
    follows = () if down is None else (down,) if isinstance(down, str) else tuple(down)
    return values["revision"], follows


@functools.cache
def code_heads(versions: Path = VERSIONS) -> frozenset[str]:
    """The revisions no script of ``versions`` follows: what ``alembic heads`` names."""
    revisions: set[str] = set()
    followed: set[str] = set()
    for script in versions.glob("*.py"):
        revision, follows = _declared(script.read_text(encoding="utf-8"))
        revisions.add(revision)
        followed.update(follows)
    return frozenset(revisions - followed)


def database_heads(engine: Engine) -> frozenset[str]:
    """The revisions the database of ``engine`` is at (none for a database never migrated)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return frozenset()
        rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
        return frozenset(str(row[0]) for row in rows)


def is_current(engine: Engine) -> bool:
    """Whether the database of ``engine`` is at the code's heads."""
    return database_heads(engine) == code_heads()


def ensure_current(engine: Engine) -> bool:
    """Migrate the database of ``engine`` to the newest revision unless it is there already
    (Alembic is loaded only then); returns whether it migrated."""
    if is_current(engine):
        return False
    from db.migrate import upgrade

    upgrade(engine)
    return True
