"""What the crash suite (:mod:`tests.proofs.crashes`) checks after a run of the driver: the
campaigns' outcome, to compare with a run without kills; the database's integrity; and the
outbox against what the transports delivered (the driver's journal)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, inspect, text
from sqlmodel import col, select

from db.engine import make_engine, session_scope
from db.models import (
    Campaign,
    EventRecord,
    OrderSubmission,
    OutboxMessage,
    PendingDecision,
    Seat,
    Snapshot,
)
from tests.proofs.crash_driver import DAYS


def outcome(url: str) -> dict[str, Any]:
    """Everything a run decides, per campaign, without what differs between two equal runs
    (row ids, timestamps): the day and status, the snapshots kept and the latest game, the
    events, the orders, the decisions and their answers, the seats' books, and the outbox's
    messages in the order they were written."""
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            found: dict[str, Any] = {}
            for campaign in session.exec(select(Campaign).order_by(col(Campaign.id))):
                cid = campaign.id

                def rows(model: Any, cid: int | None = cid) -> list[Any]:
                    query = select(model).where(model.campaign_id == cid).order_by(model.id)
                    return list(session.exec(query))

                snapshots = rows(Snapshot)
                seats = {s.id: s.character for s in rows(Seat)}
                found[campaign.name] = {
                    "day": campaign.day,
                    "status": campaign.status,
                    "snapshots": [(s.day, s.step, s.content_hash) for s in snapshots],
                    "state": snapshots[-1].state if snapshots else None,
                    "events": [(e.day, e.seq, e.type, e.fields) for e in rows(EventRecord)],
                    "orders": [
                        (seats[o.seat_id], o.day, o.version, o.text) for o in rows(OrderSubmission)
                    ],
                    "decisions": [(d.day, d.ref, d.answer) for d in rows(PendingDecision)],
                    "seats": [
                        (s.character, s.missed_days, s.ready, s.autopilot) for s in rows(Seat)
                    ],
                    "outbox": [
                        (m.kind, m.to, m.content, m.attachment_sha256) for m in rows(OutboxMessage)
                    ],
                }
            return found
    finally:
        engine.dispose()


def differences(got: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """Where ``got`` differs from ``expected`` (two :func:`outcome`\\ s), one line each."""
    problems = []
    for name in sorted(set(got) | set(expected)):
        mine, theirs = got.get(name, {}), expected.get(name, {})
        for key in sorted(set(mine) | set(theirs)):
            if mine.get(key) != theirs.get(key):
                problems.append(f"{name}: its {key} differs from the run without kills")
    return problems


def resolved_once(got: dict[str, Any]) -> list[str]:
    """Every campaign played its days, each resolved once: one ``end`` snapshot a day (a
    second resolution of a day would save a second one)."""
    problems = []
    for name, campaign in got.items():
        ends = Counter(day for day, step, _ in campaign["snapshots"] if step == "end")
        if campaign["status"] != "finished" and campaign["day"] <= DAYS:
            problems.append(f"{name}: stopped on day {campaign['day']}")
        for day in range(1, DAYS + 1):  # a day's end is saved as the next day's snapshot
            if ends[day + 1] != 1:
                problems.append(f"{name}: day {day} has {ends[day + 1]} end snapshots, not 1")
    return problems


def integrity(url: str) -> list[str]:
    """The database's own checks: SQLite's ``integrity_check`` and ``foreign_key_check``;
    on PostgreSQL every btree index checked by ``amcheck`` when it is installed. On both, no
    row whose foreign key names a missing row."""
    engine = make_engine(url)
    problems: list[str] = []
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                result = connection.execute(text("PRAGMA integrity_check")).scalars().all()
                if result != ["ok"]:
                    problems.append(f"integrity_check: {result[:3]}")
                orphans = connection.execute(text("PRAGMA foreign_key_check")).all()
                if orphans:
                    problems.append(f"foreign_key_check: {orphans[:3]}")
        if engine.dialect.name != "sqlite":
            problems += _amcheck(engine)
        problems += _orphans(engine)
    finally:
        engine.dispose()
    return problems


def _amcheck(engine: Engine) -> list[str]:
    with engine.begin() as connection:
        available = connection.execute(
            text("SELECT 1 FROM pg_available_extensions WHERE name = 'amcheck'")
        ).first()
        if available is None:
            return []
        connection.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
        indexes = connection.execute(
            text(
                "SELECT c.oid, c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE a.amname = 'btree' AND n.nspname = 'public'"
            )
        ).all()
        for oid, _ in indexes:
            connection.execute(text("SELECT bt_index_check(:oid, true)"), {"oid": oid})
    return []


def _orphans(engine: Engine) -> list[str]:
    """Rows whose foreign key names no row, on any database (what its constraints forbid)."""
    problems = []
    inspector = inspect(engine)
    keys = [
        (table, key)
        for table in inspector.get_table_names()
        for key in inspector.get_foreign_keys(table)
    ]
    with engine.connect() as connection:
        for table, key in keys:
            [column], [target] = key["constrained_columns"], key["referred_columns"]
            other = key["referred_table"]
            query = (
                f'SELECT count(*) FROM "{table}" t WHERE t."{column}" IS NOT NULL AND NOT '
                f'EXISTS (SELECT 1 FROM "{other}" o WHERE o."{target}" = t."{column}")'
            )
            count = connection.execute(text(query)).scalar_one()
            if count:
                problems.append(f"{count} rows of {table}.{column} name no {other}")
    return problems


@dataclass
class Deliveries:
    """The outbox against the journal: messages delivered, resends the journal shows (a
    Discord message sent again with its nonce, which Discord answers with the first; a local
    message written again, to the same files), and problems."""

    delivered: int = 0
    resends: int = 0
    rewritten: int = 0
    problems: list[str] = field(default_factory=list)


def deliveries(url: str, journal: Path, out: Path, *, local_journal: bool = True) -> Deliveries:
    """Every message delivered exactly once, by its campaign's transport: the local one's
    written (its files there, and its journal's line unless ``local_journal`` is False), the
    Discord one's sent with its nonces; nothing sent or written that the outbox does not hold
    as delivered."""
    lines = journal.read_text().splitlines() if journal.exists() else []
    written = Counter(int(line[2:]) for line in lines if line.startswith("L "))
    nonces = Counter(line[2:] for line in lines if line.startswith("D "))
    sent: dict[int, set[str]] = {}
    found = Deliveries()
    for nonce, times in nonces.items():
        found.resends += times - 1
        parts = nonce.split("-")
        if len(parts) != 3 or parts[0] != "rb":
            found.problems.append(f"a Discord message sent without the outbox's nonce: {nonce}")
            continue
        sent.setdefault(int(parts[1]), set()).add(parts[2])
    found.rewritten += sum(times - 1 for times in written.values())
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            channels = {c.id: c.channel for c in session.exec(select(Campaign))}
            names = {c.id: c.name for c in session.exec(select(Campaign))}
            ids = set()
            for message in session.exec(select(OutboxMessage)):
                assert message.id is not None
                ids.add(message.id)
                where = f"outbox message {message.id} ({names[message.campaign_id]})"
                if message.delivered_at is None:
                    found.problems.append(f"{where} was never delivered")
                    continue
                found.delivered += 1
                local = channels[message.campaign_id] is None
                if local and message.id in sent:
                    found.problems.append(f"{where} went to Discord, not to its files")
                if not local and message.id in written:
                    found.problems.append(f"{where} was written to files, not sent to Discord")
                if local and local_journal and not written[message.id]:
                    found.problems.append(f"{where} is marked delivered but was never written")
                if local and not list(out.rglob(f"{message.id:05d}.md")):
                    found.problems.append(f"{where}: its file is missing")
                if not local and "0" not in sent.get(message.id, set()):
                    found.problems.append(f"{where} is marked delivered but was never sent")
    finally:
        engine.dispose()
    for number in sorted((set(written) | set(sent)) - ids):
        found.problems.append(f"message {number} was delivered but is not in the outbox")
    return found
