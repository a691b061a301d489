"""Issue 30, part 6, on a database written before it: the service's bookkeeping leaves the
campaign's settings for its own columns (and goes back into them on a downgrade), and a campaign
saved in the middle of things by the older application still plays."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from sqlalchemy import Connection, Engine, inspect
from sqlalchemy.exc import IntegrityError

from bot.campaign_settings import CampaignSettings
from bot.service import CampaignService
from db import repo
from db.engine import make_engine, session_scope
from db.migrate import downgrade, upgrade
from db.models import Campaign
from rules import CharacterSetup, new_game
from rules.catalog import catalog
from tests.clocks import ManualClock

from .conftest import old_seat

#: The revision before the bookkeeping left the settings.
BEFORE_BOOKS = "f3b5d7a9c1e2"
T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)

#: A campaign's bookkeeping in the middle of things, as the older application kept it among
#: its settings (the moments as ISO text).
OLD_BOOKS: dict[str, Any] = {
    "reminded_day": 3,
    "reminded_seats": [1, 2],
    "report_due": 2,
    "report_snapshot": 7,
    "moderator_names": {"1001": "Gandalf"},
    "paused_at": "2026-11-23T09:00:00+00:00",
    "board_message": "123456789012345678",
    "board_text": "Valley, day 3\nAmazon: orders in",
    "window_reminded": "2026-11-23T21:00:00.500000+00:00",
    "missed_day": 3,
    "missed_windows": {"Amazon": 1},
    "defaulted": ["3/melee/CV5/1/Amazon/target"],
}
#: The bookkeeping of a campaign that has written none, as the older application stored it.
NO_BOOKS: dict[str, Any] = {
    key: [] if isinstance(value, list) else {} if isinstance(value, dict) else None
    for key, value in OLD_BOOKS.items()
}

_campaign = sa.table(
    "campaign",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("status", sa.String),
    sa.column("seed", sa.Integer),
    sa.column("day", sa.Integer),
    sa.column("deadline", sqlmodel.sql.sqltypes.UTCDateTime),
    sa.column("paused_until", sqlmodel.sql.sqltypes.UTCDateTime),
    sa.column("locked", sa.Boolean),
    sa.column("extensions_used", sa.Integer),
    sa.column("created_at", sqlmodel.sql.sqltypes.UTCDateTime),
    sa.column("options", sa.JSON),
    sa.column("moderators", sa.JSON),
)


def settings() -> CampaignSettings:
    return CampaignSettings().configured("decision_hours", "6").configured("weeks", "2")


def old_campaign(connection: Connection, name: str, options: dict[str, Any], **row: Any) -> None:
    """A campaign row as the older application wrote it."""
    values = {
        "status": "running",
        "seed": 3,
        "day": 3,
        "locked": False,
        "extensions_used": 0,
        "created_at": T0,
        "moderators": ["gm"],
        **row,
    }
    connection.execute(_campaign.insert().values(name=name, options=options, **values))


def stored_options(engine: Engine) -> list[dict[str, Any]]:
    with engine.connect() as connection:
        query = sa.select(_campaign.c.options).order_by(_campaign.c.id)
        return list(connection.execute(query).scalars())


def test_the_bookkeeping_moves_to_its_columns_and_back(db_url: str) -> None:
    upgrade(db_url, BEFORE_BOOKS)
    engine = make_engine(db_url)
    kept = settings().stored()
    with engine.begin() as connection:
        old_campaign(connection, "Busy", {**kept, **OLD_BOOKS})
        old_campaign(connection, "Quiet", {**kept, **NO_BOOKS})
        old_campaign(connection, "Bare", {"weeks": 2})  # no bookkeeping key written yet
    upgrade(engine)

    assert stored_options(engine) == [kept, kept, {"weeks": 2}]
    with session_scope(engine) as session:
        busy, quiet, bare = (repo.get_campaign(session, name=n) for n in ("Busy", "Quiet", "Bare"))
        assert busy is not None and quiet is not None and bare is not None
        assert CampaignSettings.of(busy.options) == settings()
        assert (busy.reminded_day, busy.reminded_seats) == (3, [1, 2])
        assert (busy.report_due, busy.report_snapshot) == (2, 7)
        assert busy.moderator_names == {"1001": "Gandalf"}
        assert busy.paused_at == T0
        assert (busy.board_message, busy.board_text) == (
            "123456789012345678",
            "Valley, day 3\nAmazon: orders in",
        )
        reminded = T0 + timedelta(hours=12, microseconds=500_000)
        assert busy.window_reminded == reminded
        assert (busy.missed_day, busy.missed_windows) == (3, {"Amazon": 1})
        assert busy.defaulted == ["3/melee/CV5/1/Amazon/target"]
        for empty in (quiet, bare):
            books = {key: getattr(empty, key) for key in OLD_BOOKS}
            assert books == NO_BOOKS, empty.name

    downgrade(engine, BEFORE_BOOKS)
    columns = {c["name"] for c in inspect(engine).get_columns("campaign")}
    assert not columns & set(OLD_BOOKS)
    assert stored_options(engine) == [
        {**kept, **OLD_BOOKS},
        {**kept, **NO_BOOKS},
        {"weeks": 2, **NO_BOOKS},  # every key, as the older application wrote them
    ]
    with pytest.raises(IntegrityError), engine.begin() as connection:
        old_campaign(connection, "BUSY", {})  # the names' index, made again after the rebuild

    upgrade(engine)
    assert stored_options(engine) == [kept, kept, {"weeks": 2}]
    with session_scope(engine) as session:
        again = repo.get_campaign(session, name="Busy")
        assert again is not None and again.window_reminded == reminded
    with pytest.raises(IntegrityError), engine.begin() as connection:
        old_campaign(connection, "busy", {})
    engine.dispose()


def test_a_campaign_the_older_application_paused_resumes_and_plays_on(db_url: str) -> None:
    """Paused at T0 with its moderator's name, its seat reminded today: after the migration
    the resume gives back the ten hours the clock stood still, the log names the moderator,
    today's reminder is not sent twice, and the day resolves and is reported."""
    upgrade(db_url, BEFORE_BOOKS)
    engine = make_engine(db_url)
    game = new_game(catalog(), 3, [CharacterSetup(name="Amazon", player="alice")])
    state = game.to_json()
    books = {**NO_BOOKS, "paused_at": T0.isoformat(), "moderator_names": {"gm": "Gandalf"}}
    books |= {"reminded_day": 1, "reminded_seats": [1]}
    with engine.begin() as connection:
        old_campaign(
            connection,
            "Valley",
            {**CampaignSettings().stored(), **books},
            status="paused",
            day=1,
            deadline=T0 + timedelta(hours=24),
            paused_until=T0 + timedelta(hours=48),
        )
        old_seat(connection, T0)
        connection.execute(
            sa.text(
                "INSERT INTO snapshot (campaign_id, day, step, content_hash, state, created_at,"
                " ledger) VALUES (1, 1, 'start', :hash, :state, :at, '{}')"
            ),
            {"hash": hashlib.sha256(state.encode()).hexdigest(), "state": state, "at": T0},
        )
    upgrade(engine)
    clock = ManualClock(T0 + timedelta(hours=10))
    service = CampaignService(engine, catalog(), clock=clock)

    assert service.moderation.resume("Valley", moderator="gm").text == "Valley is running again."
    resumed = service.campaigns.campaign("Valley")
    assert resumed.deadline == T0 + timedelta(hours=34) and resumed.paused_at is None
    with session_scope(engine) as session:
        (action,) = repo.list_actions(session, campaign_id=1)
        assert action.moderator_name == "Gandalf"
    assert service.reminders.remind("Valley").text == "Valley: today's reminders were sent already."
    assert "day 1 resolved" in service.resolver.resolve_day("Valley", day=1, moderator="gm").text
    with session_scope(engine) as session:
        played = session.get(Campaign, 1)
        assert played is not None and (played.day, played.report_due) == (2, None)
    engine.dispose()
