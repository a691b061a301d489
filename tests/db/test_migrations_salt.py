"""Issue 31 on a database written before it: every stored decision gets the secret salt of its
player's sealed set (one per character and window), the sets of a window open across the upgrade
are sealed with it, and a downgrade drops the salts."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy import Engine, inspect
from sqlmodel import col, select

from db.engine import make_engine, session_scope
from db.migrate import downgrade, upgrade
from db.models import PendingDecision

from .conftest import old_valley

#: The revision before the salts.
BEFORE_SALTS = "25b7c3d40127"
T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def old_decision(connection: sa.Connection, ref: str, character: str, due: datetime) -> None:
    """A decision as the older application stored it, unsalted."""
    connection.execute(
        sa.text(
            "INSERT INTO pendingdecision (campaign_id, day, character, kind, prompt, options,"
            " \"default\", asked_at, due_at, ref) VALUES (1, 1, :character, 'lure', 'Lure?',"
            " '[\"no\", \"yes\"]', 'no', :at, :due, :ref)"
        ),
        {"character": character, "at": T0, "due": due, "ref": ref},
    )


def stored_salts(engine: Engine) -> list[str]:
    with session_scope(engine) as session:
        query = select(PendingDecision).order_by(col(PendingDecision.id))
        return [decision.salt for decision in session.exec(query)]


def test_stored_decisions_are_salted_once_a_set_and_unsalted_again_on_a_downgrade(
    db_url: str,
) -> None:
    upgrade(db_url, BEFORE_SALTS)
    engine = make_engine(db_url)
    first, second = T0 + timedelta(hours=4), T0 + timedelta(hours=8)
    with engine.begin() as connection:
        old_valley(connection, T0)
        old_decision(connection, "d1/AV5/r1/lure/Amazon/Giant 1", "Amazon", first)
        old_decision(connection, "d1/AV5/r1/lure/Amazon/Giant 2", "Amazon", first)
        old_decision(connection, "d1/AV5/r1/lure/Black Knight/Giant 1", "Black Knight", first)
        old_decision(connection, "d1/AV5/r2/lure/Amazon/Giant 1", "Amazon", second)
    upgrade(engine)

    with session_scope(engine) as session:
        salts = [
            d.salt for d in session.exec(select(PendingDecision).order_by(col(PendingDecision.id)))
        ]
    assert all(re.fullmatch("[0-9a-f]{32}", salt) for salt in salts)
    assert salts[0] == salts[1], "one salt for the Amazon's set in the first window"
    assert len({salts[0], salts[2], salts[3]}) == 3, "another player's, another window's"

    downgrade(engine, BEFORE_SALTS)
    assert "salt" not in {c["name"] for c in inspect(engine).get_columns("pendingdecision")}
    upgrade(engine)
    with session_scope(engine) as session:
        again = [
            d.salt for d in session.exec(select(PendingDecision).order_by(col(PendingDecision.id)))
        ]
    assert all(re.fullmatch("[0-9a-f]{32}", salt) for salt in again)
    assert not set(again) & set(salts), "drawn afresh, never derived from what is stored"
    engine.dispose()
