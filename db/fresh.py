"""A new SQLite database with the schema at head, copied from one migrated once and kept.

Migrating a new file runs every migration script through Alembic, whose loading alone costs a
short process more than the rest of its start-up. :func:`migrated_copy` keeps one empty
database migrated to head in a cache folder, under a name holding the hash of everything the
migration is made of (:func:`template_key`: the scripts and the code that runs them, their
byte for byte, and the versions of SQLAlchemy, Alembic and SQLite), and makes each new database
a copy of that file: the same bytes migrating would have written, without loading Alembic. A
folder that cannot be written, or a template that is not there, only costs the migration.

The template is written by this user into this user's cache folder and read back from it only:
it is trusted as the user's own files are.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

import sqlalchemy

from db.engine import make_engine

#: The package whose migrations make the schema.
PACKAGE = Path(__file__).resolve().parent
#: What a migrated database is made from in :data:`PACKAGE`, besides its migration scripts.
_SOURCES = ("engine.py", "migrate.py", "migrations/env.py")


def template_key(package: Path = PACKAGE) -> str:
    """The hash of what a database migrated to head is made from: the migration scripts of
    ``package`` and the code that runs them (names and bytes), and the versions of
    SQLAlchemy, Alembic (:func:`_alembic`) and SQLite."""
    digest = hashlib.sha256()
    libraries = f"{sqlalchemy.__version__}\0{sqlite3.sqlite_version}\0"
    digest.update(libraries.encode() + _alembic())
    scripts = sorted((package / "migrations" / "versions").glob("*.py"))
    for path in (*(package / name for name in _SOURCES), *scripts):
        content = path.read_bytes()
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()[:32]


def _alembic() -> bytes:
    """Alembic's ``__init__.py``, which states its version, found without loading Alembic:
    reading the installed package's metadata for its version costs a new process more than
    the rest of the database's making (its distributions looked for, its metadata parsed)."""
    spec = importlib.util.find_spec("alembic")
    origin = spec.origin if spec is not None else None
    return Path(origin).read_bytes() if origin is not None else b""


def template_file(cache: Path) -> Path:
    """The file in ``cache`` that holds (or will hold) the database migrated to head."""
    return cache / f"schema-{template_key()}.db"


def migrated_copy(database: Path, cache: Path) -> None:
    """Create ``database`` (a SQLite file, not there yet) with the schema at head: a copy of
    the template in ``cache``, migrated there first if there is none (:func:`template_file`);
    migrated in place when the cache folder cannot be written."""
    template = template_file(cache)
    if not template.is_file() and not _write(template):
        _migrate(database)
        return
    shutil.copyfile(template, database)


def _migrate(database: Path) -> None:
    """Migrate the SQLite file ``database`` to head, whole in its one file: its write-ahead log
    checkpointed away, so that a copy of the file alone is the database."""
    from db.migrate import upgrade

    engine = make_engine(f"sqlite:///{database}")
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    with closing(sqlite3.connect(database)) as connection:  # outside a transaction, as it must be
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").close()


def _write(template: Path) -> bool:
    """Migrate a new file and rename it to ``template``, so a reader never sees half a file;
    whether it is there (an unwritable folder: not)."""
    try:
        template.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(dir=template.parent, prefix=".schema-"))
    except OSError:
        return False
    try:
        _migrate(scratch / "migrated.db")
        (scratch / "migrated.db").replace(template)
    except OSError:
        return False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return True
