"""``db.schema_head``: a database is migrated when its revision is not the code's, and only then."""

from __future__ import annotations

from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from db.engine import make_engine
from db.migrate import alembic_config, downgrade, upgrade
from db.schema_head import code_heads, database_heads, ensure_current, is_current


def test_the_code_heads_are_alembics():
    script = ScriptDirectory.from_config(alembic_config())
    assert code_heads() == frozenset(script.get_heads())
    assert len(code_heads()) == 1


def test_a_fresh_database_is_migrated_once(tmp_path: Path):
    engine = make_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    assert database_heads(engine) == frozenset() and not is_current(engine)
    assert ensure_current(engine) is True
    assert database_heads(engine) == code_heads()
    assert "campaign" in inspect(engine).get_table_names()
    assert ensure_current(engine) is False, "at the head: nothing to do"
    engine.dispose()


def test_an_old_database_is_upgraded_once(tmp_path: Path):
    script = ScriptDirectory.from_config(alembic_config())
    (head,) = script.get_heads()
    previous = script.get_revision(head).down_revision
    assert isinstance(previous, str)
    engine = make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    upgrade(engine, previous)
    assert database_heads(engine) == {previous}
    assert ensure_current(engine) is True
    assert database_heads(engine) == code_heads()
    assert ensure_current(engine) is False
    downgrade(engine, "base")
    assert ensure_current(engine) is True, "a database taken back to nothing is migrated again"
    engine.dispose()


def test_heads_are_read_from_the_scripts_text(tmp_path: Path):
    for name, body in (
        ("a.py", 'revision: str = "aaa"\ndown_revision: str | None = None\n'),
        ("b.py", 'revision = "bbb"\ndown_revision = "aaa"\n'),
        ("c.py", 'revision = "ccc"\ndown_revision = "aaa"\n'),
        ("d.py", "revision = 'ddd'\ndown_revision = ('bbb', 'ccc')\n"),
    ):
        (tmp_path / name).write_text(body, encoding="utf-8")
    assert code_heads(tmp_path) == {"ddd"}
    (tmp_path / "e.py").write_text('revision = "eee"\ndown_revision = "bbb"\n', encoding="utf-8")
    assert code_heads.__wrapped__(tmp_path) == {"ddd", "eee"}
