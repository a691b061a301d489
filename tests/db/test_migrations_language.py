"""Issue 35 on a database written before it: each seat's language is added empty (its player
reads the campaign's language), and a downgrade drops it."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import inspect

from db.engine import make_engine, session_scope
from db.migrate import downgrade, upgrade
from db.models import Seat

from .conftest import T0

#: The revision before the seats' languages.
BEFORE_LANGUAGES = "9a4c6e8b2d17"


def test_old_seats_read_the_campaigns_language_and_a_downgrade_drops_the_choice(
    db_url: str,
) -> None:
    upgrade(db_url, BEFORE_LANGUAGES)
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO campaign (name, status, seed, day, locked, extensions_used,"
                " created_at, options, moderators, reminded_seats, moderator_names,"
                " missed_windows, defaulted) VALUES ('Valley', 'running', 3, 1, false, 0, :at,"
                " '{}', '[\"gm\"]', '[]', '{}', '{}', '[]')"
            ),
            {"at": T0},
        )
        connection.execute(
            sa.text(
                "INSERT INTO seat (campaign_id, character, player, player_name, joined_at, ready,"
                " missed_days, autopilot, setup, lives, reminders)"
                " VALUES (1, 'Amazon', 'alice', 'Alice', :at, false, 0, false, '{}', '[]', true)"
            ),
            {"at": T0},
        )
    upgrade(engine)
    with session_scope(engine) as session:
        seat = session.get(Seat, 1)
        assert seat is not None and seat.language is None
        seat.language = "es"
    with session_scope(engine) as session:
        again = session.get(Seat, 1)
        assert again is not None and again.language == "es"

    downgrade(engine, BEFORE_LANGUAGES)
    assert "language" not in {c["name"] for c in inspect(engine).get_columns("seat")}
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT player FROM seat")).scalars().all() == ["alice"]
    upgrade(engine)
    with session_scope(engine) as session:
        seat = session.get(Seat, 1)
        assert seat is not None and seat.language is None
    engine.dispose()
