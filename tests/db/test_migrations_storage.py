"""The migrations of issue 18 on a database written before them: the dice logs leave the
snapshots for the days' events, and the outbox's attachments move to blobs."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, inspect, text
from sqlmodel import col, select

from bot import outbox
from db import blobs, event_log
from db.engine import make_engine, session_scope
from db.migrate import downgrade, upgrade
from db.models import Blob, OutboxMessage
from rules.events import logged_rolls
from rules.state import GameState

#: The revision before the dice logs left the snapshots.
BEFORE_DICE_LOG = "a7d3e9c41b52"
#: The revision before the attachments left the outbox.
BEFORE_BLOBS = "c4e81f2a9d60"
#: The revision before the snapshots of the days over were deleted.
BEFORE_FORGETTING = "5b7d2e90c3a1"


def roll(number: int) -> dict[str, Any]:
    return {
        "who": "Amazon",
        "purpose": f"roll {number}",
        "dice": [number, 1],
        "modifier": number % 2,
        "result": number,
        "forced": False,
    }


def state(stage: str, day: int, rolls: int) -> str:
    """A saved game as the older application wrote it: its dice log holds ``rolls`` rolls."""
    data = {
        "schema_version": 1,
        "dice": {
            "seed": 1,
            "position": 2 * rolls,
            "forced": [],
            "log": [roll(n) for n in range(rolls)],
        },
        "day": day,
        "today": {"stage": stage},
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def insert(connection: Connection, table: str, **values: Any) -> None:
    columns = ", ".join(f'"{name}"' for name in values)
    marks = ", ".join(f":{name}" for name in values)
    connection.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({marks})"), values)


def snapshot(
    connection: Connection, day: int, step: str, stage: str, rolls: int, campaign_id: int = 1
) -> None:
    saved = state(stage, day, rolls)
    insert(
        connection,
        "snapshot",
        campaign_id=campaign_id,
        day=day,
        step=step,
        content_hash=hashlib.sha256(saved.encode()).hexdigest(),
        state=saved,
        created_at="2025-01-01",
        ledger="{}",
    )


def event(connection: Connection, day: int, seq: int) -> None:
    insert(
        connection,
        "eventrecord",
        campaign_id=1,
        day=day,
        seq=seq,
        type="midnight",
        audience="public",
        recipients="[]",
        fields="{}",
    )


def campaign(connection: Connection, name: str = "Realm", status: str = "running") -> None:
    insert(
        connection,
        "campaign",
        name=name,
        status=status,
        seed=0,
        day=3,
        locked=False,
        extensions_used=0,
        created_at="2025-01-01",
        options="{}",
        moderators="[]",
    )


def test_each_days_rolls_become_its_dice_log_and_the_snapshots_lose_theirs(db_url: str) -> None:
    upgrade(db_url, BEFORE_DICE_LOG)
    engine = make_engine(db_url)
    with engine.begin() as connection:
        campaign(connection)
        snapshot(connection, 1, "start", "birdsong", 0)
        snapshot(connection, 1, "evening", "evening", 2)
        snapshot(connection, 2, "end", "birdsong", 3)  # day 1 ends: 3 rolls
        snapshot(connection, 3, "end", "birdsong", 5)  # day 2 ends: 2 rolls ...
        snapshot(connection, 2, "rollback", "birdsong", 3)  # ... rolled back,
        snapshot(connection, 3, "end", "birdsong", 4)  # played again: 1 roll
        snapshot(connection, 3, "pending", "evening", 7)  # day 3 under way: 3 rolls so far
        for day, count in ((1, 2), (2, 1), (3, 4)):
            for seq in range(count):
                event(connection, day, seq)
    upgrade(engine)
    with session_scope(engine) as session:
        kept = {}
        for day in (1, 2, 3):
            records = event_log.list_events(session, campaign_id=1, day=day)
            assert [r.seq for r in records] == list(range(len(records))), "appended in order"
            assert records[-1].type == "dice_log" and records[-1].audience == "moderator"
            kept[day] = [r.purpose for r in logged_rolls([event_log.as_event(records[-1])])]
        assert kept == {
            1: ["roll 0", "roll 1", "roll 2"],
            2: ["roll 3"],
            3: ["roll 4", "roll 5", "roll 6"],
        }
        first = logged_rolls(
            [event_log.as_event(event_log.list_events(session, campaign_id=1, day=1)[-1])]
        )
        assert (first[1].modifier, first[1].forced) == (1, False)
    with engine.connect() as connection:
        for saved, digest in connection.execute(text("SELECT state, content_hash FROM snapshot")):
            assert set(json.loads(saved)["dice"]) == {"seed", "position", "forced"}
            assert hashlib.sha256(saved.encode()).hexdigest() == digest
    engine.dispose()


def test_an_old_saved_game_with_its_log_still_loads() -> None:
    from rules import catalog, new_game

    game = new_game(catalog(), 3, ["Amazon"])
    data = json.loads(game.to_json())
    data["dice"]["log"] = [roll(1)]
    assert GameState.from_json(json.dumps(data)).to_json() == game.to_json()


def message(connection: Connection, attachment: bytes | None, delivered: bool) -> None:
    insert(
        connection,
        "outboxmessage",
        campaign_id=1,
        kind="channel",
        content="a report",
        attachment_name="map.png" if attachment else None,
        attachment=attachment,
        created_at="2025-01-01",
        delivered_at="2025-01-02" if delivered else None,
        attempts=0,
    )


def test_the_outbox_attachments_move_to_blobs_once_each(db_url: str) -> None:
    first, second = b"\x89PNG first map", b"\x89PNG second map"
    upgrade(db_url, BEFORE_BLOBS)
    engine = make_engine(db_url)
    with engine.begin() as connection:
        campaign(connection)
        message(connection, first, delivered=True)
        message(connection, first, delivered=False)
        message(connection, second, delivered=False)
        message(connection, None, delivered=False)
    upgrade(engine)
    assert "attachment" not in {c["name"] for c in inspect(engine).get_columns("outboxmessage")}
    with session_scope(engine) as session:
        messages = list(session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id))))
        names = [m.attachment_sha256 for m in messages]
        assert names == [blobs.digest(first), blobs.digest(first), blobs.digest(second), None]
        assert blobs.attachments(session, messages) == {1: first, 2: first, 3: second}
        stored = session.exec(select(Blob.sha256, Blob.size).order_by(col(Blob.size))).all()
        assert sorted(stored) == sorted(
            [(blobs.digest(first), len(first)), (blobs.digest(second), len(second))]
        )
    assert outbox.prune_attachments(engine) == 0, "each is needed by an undelivered message"
    outbox.mark_delivered(engine, [2], at=datetime(2025, 1, 3, tzinfo=UTC))
    assert outbox.prune_attachments(engine) == 1
    downgrade(engine, BEFORE_BLOBS)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT attachment FROM outboxmessage ORDER BY id"))
        assert [bytes(r) if r is not None else None for (r,) in rows] == [None, None, second, None]
        assert "blob" not in inspect(connection).get_table_names()
    engine.dispose()


def test_the_stops_of_the_days_over_and_an_undone_future_are_forgotten(db_url: str) -> None:
    """What a rollback reaches stays: the start, every end, the current day's stops."""
    upgrade(db_url, BEFORE_FORGETTING)
    engine = make_engine(db_url)
    running = [
        (1, "start"),
        (1, "evening"),
        (1, "pending"),
        (2, "end"),
        (2, "evening"),
        (3, "end"),
        (4, "end"),  # a day later rolled back to day 2 ...
        (2, "rollback"),
        (2, "pending"),
        (3, "end"),  # ... and day 2 played again
        (3, "evening"),  # day 3 under way
    ]
    finished = [(1, "start"), (1, "evening"), (2, "end"), (2, "pending"), (3, "end")]
    with engine.begin() as connection:
        campaign(connection)
        campaign(connection, "Over", "finished")
        for day, step in running:
            snapshot(connection, day, step, "birdsong", 0)
        for day, step in finished:
            snapshot(connection, day, step, "birdsong", 0, campaign_id=2)
    upgrade(engine)
    with engine.connect() as connection:
        query = text("SELECT campaign_id, day, step FROM snapshot ORDER BY id")
        kept = [tuple(row) for row in connection.execute(query)]
    assert kept == [
        (1, 1, "start"),
        (1, 2, "end"),
        (1, 3, "end"),
        (1, 3, "end"),
        (1, 3, "evening"),
        (2, 1, "start"),
        (2, 2, "end"),
        (2, 3, "end"),
    ]
    engine.dispose()
