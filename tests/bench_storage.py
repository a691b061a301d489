"""The storage benchmark (issue 18): the bytes a campaign's database gains each day.

:func:`storage_benchmark` plays a month (28 days) of the 16 characters on the autopilot through
the campaign service on a temporary SQLite file, as the demo does (:mod:`bot.demo`), and
delivers the outbox after each day with the local transport (which, like the bot's periodic
job, prunes the maps once delivered). After each day the database is copied with ``VACUUM
INTO`` — its size as if vacuumed, free pages left out — and what the day added is the copy's
size less the day before's; SQLite's ``dbstat`` splits it by table (a table with its indexes).
It prints those figures for days 1, 7, 14, 21 and 28, the total, and the size of each part of
the saved game on days 1, 14 and 28: a measurement, never an assertion.

``python -m tests.bench_storage`` runs it; with ``PYTHONPATH`` on another checkout it measures
that checkout's code (the script uses only what every revision has).
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.local import deliver
from bot.service import CampaignService
from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from rules import catalog

DAYS = 28
SHOWN = (1, 7, 14, 21, 28)
MODERATOR = "bench-moderator"
#: The month benchmark's seed (``tests.bench_pipeline.MONTH_SEED``, kept apart so that this
#: script runs on older checkouts): 15 of the 16 characters stay in play the whole month, the
#: Dwarf killed on day 10 (with seed 7 all are dead before the end and the days shrink), so each
#: day has about as much play, and what grows would be the storage's doing.
SEED = 15
#: The tables shown apart; the others (campaign, seats, orders, decisions, the log) are summed.
TABLES = ("snapshot", "eventrecord", "outboxmessage", "blob")


def vacuumed_sizes(database: Path, scratch: Path) -> dict[str, int]:
    """The bytes of each table of ``database`` (with its indexes) in a vacuumed copy, and the
    copy's whole size under ``""``."""
    copy = scratch / "vacuumed.db"
    copy.unlink(missing_ok=True)
    with sqlite3.connect(database) as live:
        live.execute("VACUUM INTO ?", (str(copy),))
    live.close()
    sizes: dict[str, int] = {"": copy.stat().st_size}
    with sqlite3.connect(copy) as connection:
        owner = dict(connection.execute("SELECT name, tbl_name FROM sqlite_master"))
        for name, pages in connection.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
            table = owner.get(name, name)
            sizes[table] = sizes.get(table, 0) + int(pages)
    connection.close()
    return sizes


def in_play(service: CampaignService) -> int:
    """How many of the campaign's characters are alive and on the map."""
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        state = json.loads(snapshot.state) if snapshot is not None else {}
    sheets = state.get("characters", {}).values()
    return sum(1 for sheet in sheets if not sheet.get("dead") and not sheet.get("departed"))


def state_parts(service: CampaignService) -> dict[str, int]:
    """The bytes of each top-level key of the campaign's latest saved game (canonical JSON)."""
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        state = json.loads(snapshot.state) if snapshot is not None else {}
    return {
        key: len(json.dumps(value, sort_keys=True, separators=(",", ":")))
        for key, value in state.items()
    }


def play(folder: Path) -> tuple[list[dict[str, int]], list[int], dict[int, dict[str, int]]]:
    """Play the month; the vacuumed sizes after the start and after each day, the characters
    in play after each day, and the saved game's parts on the days of :data:`SHOWN`."""
    database = folder / "bench.db"
    engine = make_engine(f"sqlite:///{database}")
    upgrade(engine)
    clock = [datetime(2026, 1, 1, 9, 0, tzinfo=UTC)]
    service = CampaignService(engine, catalog(), clock=lambda: clock[0])
    names = list(catalog().characters)
    service.campaigns.create("Bench", moderator=MODERATOR, seed=SEED)
    for number, name in enumerate(names, start=1):
        service.campaigns.join(
            "Bench", player=f"p{number}", player_name=f"P{number}", character=name
        )
    service.campaigns.start("Bench", moderator=MODERATOR)
    for name in names:
        service.moderation.set_autopilot("Bench", moderator=MODERATOR, character=name)
    out = folder / "out"
    deliver(service, out)
    sizes = [vacuumed_sizes(database, folder)]
    alive: list[int] = []
    parts: dict[int, dict[str, int]] = {1: state_parts(service)}
    for day in range(1, DAYS + 1):
        clock[0] += timedelta(days=1)
        service.resolver.resolve_day("Bench", day=day, moderator=MODERATOR)
        deliver(service, out)
        sizes.append(vacuumed_sizes(database, folder))
        alive.append(in_play(service))
        if day + 1 in (14, 28):
            parts[day + 1] = state_parts(service)
    engine.dispose()
    return sizes, alive, parts


def _added(sizes: Sequence[dict[str, int]], day: int, table: str) -> int:
    return sizes[day].get(table, 0) - sizes[day - 1].get(table, 0)


def report(
    sizes: Sequence[dict[str, int]], alive: Sequence[int], parts: dict[int, dict[str, int]]
) -> list[str]:
    """The benchmark's lines: the bytes each shown day added, by table, and the total."""
    others = sorted({t for s in sizes for t in s if t and t not in TABLES})
    head = f"{'day':>5} {'in play':>7} {'added':>10} " + " ".join(f"{t:>13}" for t in TABLES)
    lines = [
        "Bytes a day adds to the database (SQLite, size of a VACUUM INTO copy; a table with its",
        f"indexes, dbstat), a {DAYS}-day campaign of 16 characters on the autopilot:",
        head + f" {'other':>9}",
    ]
    for day in SHOWN:
        by_table = " ".join(f"{_added(sizes, day, t):>13,}" for t in TABLES)
        other = sum(_added(sizes, day, t) for t in others)
        lines.append(
            f"{day:>5} {alive[day - 1]:>7} {_added(sizes, day, ''):>10,} {by_table} {other:>9,}"
        )
    total = sizes[-1][""] - sizes[0][""]
    lines.append(
        f"total added over {DAYS} days: {total:,} bytes ({total / DAYS:,.0f} a day); "
        f"the database after the start: {sizes[0]['']:,}, at the end: {sizes[-1]['']:,}"
    )
    keys = sorted({k for p in parts.values() for k in p}, key=lambda k: -parts[1].get(k, 0))
    lines.append("The saved game's parts (bytes of JSON) on days " + ", ".join(map(str, parts)))
    for key in keys:
        if any(p.get(key, 0) > 100 for p in parts.values()):
            lines.append(f"  {key:<14}" + " ".join(f"{p.get(key, 0):>9,}" for p in parts.values()))
    return lines


def storage_benchmark() -> None:
    """Play the month and print what each day added (see the module's docstring)."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as scratch:
        sizes, alive, parts = play(Path(scratch))
    for line in report(sizes, alive, parts):
        print(line)
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    storage_benchmark()
