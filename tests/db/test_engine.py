"""The engine: SQLite's pragmas, foreign keys, JSON and UTC datetimes, one transaction a unit."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from unittest import mock

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError, StatementError
from sqlmodel import select

from db import event_log, messages, repo
from db.engine import _WRITING, _sqlite_setup, database_url, make_engine, session_scope
from db.models import (
    Campaign,
    EventRecord,
    ModeratorAction,
    OrderSubmission,
    OutboxMessage,
    PendingDecision,
    Seat,
    Snapshot,
)
from rules.events import from_stored
from rules.events.day import Midnight
from rules.phrases import verbatim

from .conftest import T0, sqlite_only


@sqlite_only
def test_sqlite_pragmas_read_back(engine: Engine) -> None:
    with engine.connect() as connection:

        def pragma(name: str) -> object:
            return connection.exec_driver_sql(f"PRAGMA {name}").scalar()

        assert pragma("journal_mode") == "wal"
        assert pragma("foreign_keys") == 1
        assert pragma("synchronous") == 1  # NORMAL
        assert pragma("busy_timeout") == 5000


def test_other_databases_get_no_sqlite_pragmas() -> None:
    dbapi = mock.MagicMock(paramstyle="format", __version__="1.30.0")
    engine = make_engine("postgresql+pg8000://user@host/realm", module=dbapi)
    assert engine.dialect.name == "postgresql"
    assert engine not in _WRITING, "no SQLite patience"
    assert not engine.dispatch.begin, "no BEGIN IMMEDIATE"
    connects = [getattr(listener, "func", None) for listener in engine.pool.dispatch.connect]
    assert _sqlite_setup not in connects, "no SQLite pragmas"


def test_postgres_urls_without_a_driver_mean_psycopg_3() -> None:
    assert database_url("postgresql://u@h/realm").render_as_string() == (
        "postgresql+psycopg://u@h/realm"
    )
    assert database_url("postgres://u:pw@h:5433/realm").drivername == "postgresql+psycopg"
    assert database_url("postgresql+pg8000://u@h/realm").drivername == "postgresql+pg8000"
    assert database_url("sqlite:///realm.db").drivername == "sqlite"


def test_a_dangling_foreign_key_fails(engine: Engine) -> None:
    with (
        pytest.raises(IntegrityError, match=r"(?i)foreign key"),
        session_scope(engine) as session,
    ):
        repo.add_seat(
            session, campaign_id=999, character="Amazon", player="1", player_name="A", joined_at=T0
        )


def test_deleting_a_campaign_deletes_its_rows(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        seat = repo.add_seat(
            session,
            campaign_id=campaign_id,
            character="Amazon",
            player="1",
            player_name="Ann",
            joined_at=T0,
        )
        repo.submit_orders(session, seat=seat, day=1, text="M", canonical="M", submitted_at=T0)
        repo.save_snapshot(
            session, campaign_id=campaign_id, day=1, step="start", state="{}", created_at=T0
        )
        event_log.save_events(
            session,
            campaign_id=campaign_id,
            day=1,
            events=[Midnight(what=verbatim("weapons unalert"))],
        )
        repo.add_decision(
            session,
            campaign_id=campaign_id,
            day=1,
            ref="d1/Amazon/p1/k/Amazon",
            character="Amazon",
            kind="k",
            prompt="?",
            options=["a"],
            default="a",
            asked_at=T0,
        )
        repo.log_action(
            session, campaign_id=campaign_id, moderator="m", action="a", detail="d", at=T0
        )
        messages.add_message(
            session, campaign_id=campaign_id, kind="channel", content="hi", created_at=T0
        )
    with session_scope(engine) as session:
        session.delete(session.get_one(Campaign, campaign_id))
    with session_scope(engine) as session:
        for model in (
            Campaign,
            Seat,
            OrderSubmission,
            Snapshot,
            EventRecord,
            PendingDecision,
            ModeratorAction,
            OutboxMessage,
        ):
            assert session.exec(select(model)).all() == [], model.__name__


def test_deleting_a_seat_deletes_its_orders(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        seat = repo.add_seat(
            session,
            campaign_id=campaign_id,
            character="Amazon",
            player="1",
            player_name="A",
            joined_at=T0,
        )
        repo.submit_orders(session, seat=seat, day=1, text="M", canonical="M", submitted_at=T0)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM seat"))
        assert connection.execute(text("SELECT count(*) FROM ordersubmission")).scalar() == 0
        assert connection.execute(text("SELECT count(*) FROM campaign")).scalar() == 1


def test_json_round_trips(engine: Engine) -> None:
    options = {"deadline": {"hours": 48, "weekdays": [1, 2]}, "rules": ["optional"], "wait": True}
    with session_scope(engine) as session:
        campaign = repo.create_campaign(
            session, name="Réalm", created_at=T0, options=options, moderators=["7", "8"]
        )
        campaign_id = campaign.id
        fields = {"who": "Amazon", "roll": [3, 5], "note": "élan", "none": None}
        event_log.save_events(
            session,
            campaign_id=campaign.id or 0,
            day=1,
            events=[from_stored({"type": "roll", "fields": fields})],
        )
    with session_scope(engine) as session:
        again = session.get_one(Campaign, campaign_id)
        assert again.options == options
        assert again.moderators == ["7", "8"]
        (record,) = event_log.list_events(session, campaign_id=again.id or 0, day=1)
        assert record.fields == fields


def test_datetimes_come_back_aware_utc(engine: Engine) -> None:
    deadline = datetime(2025, 3, 1, 18, 0, tzinfo=timezone(timedelta(hours=2)))
    with session_scope(engine) as session:
        campaign = repo.create_campaign(session, name="Realm", created_at=T0)
        campaign.deadline = deadline
        campaign_id = campaign.id
    with session_scope(engine) as session:
        again = session.get_one(Campaign, campaign_id)
        assert again.deadline == deadline
        assert again.deadline is not None
        assert again.deadline.tzinfo == UTC
        assert again.deadline.hour == 16
        assert again.created_at == T0
        assert again.created_at.tzinfo == UTC


def test_naive_datetimes_are_refused(engine: Engine) -> None:
    with (
        pytest.raises(StatementError, match="timezone"),
        session_scope(engine) as session,
    ):
        repo.create_campaign(session, name="Realm", created_at=datetime(2025, 3, 1, 18, 0))
    with session_scope(engine) as session:
        assert session.exec(select(Campaign)).all() == []


def test_session_scope_commits(engine: Engine) -> None:
    with session_scope(engine) as session:
        repo.create_campaign(session, name="Realm", created_at=T0)
    with session_scope(engine) as session:
        assert repo.get_campaign(session, name="Realm") is not None


def test_session_scope_rolls_back_everything_on_error(engine: Engine, campaign_id: int) -> None:
    with pytest.raises(RuntimeError), session_scope(engine) as session:
        campaign = session.get_one(Campaign, campaign_id)
        campaign.day = 5
        seat = repo.add_seat(
            session,
            campaign_id=campaign_id,
            character="Amazon",
            player="1",
            player_name="A",
            joined_at=T0,
        )
        repo.submit_orders(session, seat=seat, day=5, text="M", canonical="M", submitted_at=T0)
        messages.add_message(
            session, campaign_id=campaign_id, kind="channel", content="hi", created_at=T0
        )
        raise RuntimeError("the transport fell over")
    with session_scope(engine) as session:
        assert session.get_one(Campaign, campaign_id).day == 0
        assert repo.list_seats(session, campaign_id=campaign_id) == []
        assert session.exec(select(OrderSubmission)).all() == []
        assert messages.undelivered_messages(session) == []


def test_session_scope_rolls_back_a_failed_flush(engine: Engine, campaign_id: int) -> None:
    with pytest.raises(IntegrityError), session_scope(engine) as session:
        for _ in range(2):  # the second seat breaks UNIQUE (campaign_id, character)
            repo.add_seat(
                session,
                campaign_id=campaign_id,
                character="Amazon",
                player="1",
                player_name="A",
                joined_at=T0,
            )
    with session_scope(engine) as session:
        assert repo.list_seats(session, campaign_id=campaign_id) == []


def test_concurrent_writers_never_share_a_version(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        seat = repo.add_seat(
            session,
            campaign_id=campaign_id,
            character="Amazon",
            player="1",
            player_name="A",
            joined_at=T0,
        )
    errors: list[BaseException] = []

    def submit() -> None:
        try:
            for _ in range(15):
                with session_scope(engine) as session:
                    repo.lock_campaign(session, campaign_id=campaign_id)
                    repo.submit_orders(
                        session, seat=seat, day=1, text="M", canonical="M", submitted_at=T0
                    )
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=submit) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with session_scope(engine) as session:
        versions = session.exec(select(OrderSubmission.version)).all()
    assert sorted(versions) == list(range(1, 46))


def test_a_long_running_engine_leaves_checkpoints_to_its_background_job(
    migrated_sqlite_url: str,
) -> None:
    """With ``background_checkpoints`` no commit copies the write-ahead log into the database
    file; :func:`checkpoint` does."""
    import sqlite3

    from db.engine import checkpoint

    path = Path(migrated_sqlite_url.removeprefix("sqlite:///"))
    engine = make_engine(f"sqlite:///{path}", background_checkpoints=True)
    checkpoint(engine)

    def in_the_file() -> int:
        """The campaigns in the database file itself, its log ignored (``immutable``)."""
        reader = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            return int(reader.execute("SELECT count(*) FROM campaign").fetchone()[0])
        finally:
            reader.close()

    with session_scope(engine) as session:
        for n in range(300):
            repo.create_campaign(session, name=f"C{n}", moderators=["gm"], seed=n, created_at=T0)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    assert in_the_file() == 0, "the commit left them in the log"
    checkpoint(engine)
    assert in_the_file() == 300, "the background checkpoint copied them into the file"
    default = make_engine(f"sqlite:///{path}")
    with default.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
