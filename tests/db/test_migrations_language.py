"""Issue 35 on a database written before it: each seat's language is added empty (its player
reads the campaign's language), and a downgrade drops it."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import inspect

from db.engine import make_engine, session_scope
from db.migrate import downgrade, upgrade
from db.models import Seat

from .conftest import T0, old_seat, old_valley

#: The revision before the seats' languages.
BEFORE_LANGUAGES = "9a4c6e8b2d17"


def test_old_seats_read_the_campaigns_language_and_a_downgrade_drops_the_choice(
    db_url: str,
) -> None:
    upgrade(db_url, BEFORE_LANGUAGES)
    engine = make_engine(db_url)
    with engine.begin() as connection:
        old_valley(connection, T0)
        old_seat(connection, T0)
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
