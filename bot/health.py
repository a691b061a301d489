"""``realmbot status``: how the bot is doing, read from its database by any process (the
container's health check, an operator's shell).

:func:`check` reports

- ``database``: whether the database answers (a missing SQLite file is not created);
- ``outbox``: the undelivered messages — ``waiting`` (never tried yet), ``failed`` (tried and
  refused: a player's closed DMs, Discord unreachable...; each listed in ``failed_deliveries``
  with how many wait behind it) — and since when the oldest waiting one waits;
- ``wakeups``: when the bot's scheduler last woke (its once-a-minute resync, whose next run the
  job store keeps) and the next campaign wake-up.

The bot is *healthy* when the database answers, the scheduler woke within
:data:`SCHEDULER_STALE`, no message has been waiting untried for more than :data:`BACKLOG_STALE`
(the delivery loop runs every 15 seconds while connected to Discord) and no message to a
channel queued more than that ago keeps failing (Discord unreachable, a deleted channel, a
missing permission). A player's DMs that fail are not a problem of the bot's: they are listed,
and the moderators and the player were told.
Every reason for being unhealthy is one line of ``problems``. The command exits 0 when healthy,
1 when not, so it serves as the container's ``HEALTHCHECK``. It only reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic_settings import BaseSettings
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy import select as sa_select
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot import outbox
from bot.config import Settings
from bot.scheduler import RESYNC_JOB, RESYNC_SECONDS
from db.engine import make_engine
from db.models import Campaign

#: The scheduler is taken for stopped when it has not woken for this long.
SCHEDULER_STALE = timedelta(minutes=5)
#: Delivery is taken for stuck when a message has waited untried for this long.
BACKLOG_STALE = timedelta(minutes=10)
#: Seconds to wait for the database to answer.
CONNECT_TIMEOUT = 5
#: The job store's table (APScheduler 3's default name).
JOBS_TABLE = "apscheduler_jobs"


class _DatabaseSetting(BaseSettings):
    """Only ``DATABASE_URL`` of :class:`~bot.config.Settings` (a status needs no token)."""

    model_config = Settings.model_config
    database_url: str = Settings.model_fields["database_url"].default


def configured_url() -> str:
    """``DATABASE_URL`` from the environment or ``.env``, else the default."""
    return _DatabaseSetting().database_url


@dataclass
class Health:
    """What :func:`check` found; :meth:`as_dict` is the JSON ``realmbot status --json`` prints."""

    checked_at: datetime
    reachable: bool = False
    database_error: str | None = None
    waiting: int = 0
    held: int = 0
    oldest_waiting: datetime | None = None
    failed: list[tuple[outbox.Queued, int]] = field(default_factory=list)
    campaigns: dict[int, str] = field(default_factory=dict)
    last_wakeup: datetime | None = None
    next_wakeup: dict[str, Any] | None = None
    scheduled: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        return {
            "healthy": self.healthy,
            "problems": self.problems,
            "checked_at": _iso(self.checked_at),
            "database": {"reachable": self.reachable, "error": self.database_error},
            "outbox": {
                "backlog": self.waiting + self.held + len(self.failed),
                "waiting": self.waiting,
                "oldest_waiting": _iso(self.oldest_waiting),
                "failed": len(self.failed),
                "held_behind_failed": self.held,
                "failed_deliveries": [self._failed(entry, held) for entry, held in self.failed],
            },
            "wakeups": {
                "last": _iso(self.last_wakeup),
                "next": self.next_wakeup,
                "scheduled": self.scheduled,
            },
        }

    def _failed(self, entry: outbox.Queued, held_behind: int) -> dict[str, Any]:
        return {
            "id": entry.id,
            "campaign": self.campaigns.get(entry.campaign_id),
            "kind": entry.kind,
            "to": entry.to,
            "attempts": entry.attempts,
            "queued_at": _iso(entry.created_at),
            "held_behind": held_behind,
        }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _reader(url: str) -> Engine:
    """An engine that only reads: SQLite without :func:`db.engine.make_engine`'s write lock on
    every transaction, and never creating a missing file."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database not in ("", ":memory:") and not Path(database).exists():
            raise FileNotFoundError(f"there is no database file {database}")
        return create_engine(parsed, poolclass=NullPool, connect_args={"timeout": CONNECT_TIMEOUT})
    return make_engine(url, poolclass=NullPool, connect_args={"connect_timeout": CONNECT_TIMEOUT})


def check(url: str, *, now: datetime) -> Health:
    """The health of the bot whose database is at ``url``, as of ``now``."""
    health = Health(checked_at=now)
    try:
        engine = _reader(url)
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
            health.reachable = True
            _outbox(engine, health)
            _wakeups(engine, health, now)
        finally:
            engine.dispose()
    except Exception as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        health.database_error = f"{type(error).__name__}: {first}"
        what = "reachable but unreadable" if health.reachable else "unreachable"
        health.problems.append(f"the database is {what}: {health.database_error}")
        return health
    if health.last_wakeup is None:
        health.problems.append("the bot's scheduler has never run on this database")
    elif now - health.last_wakeup > SCHEDULER_STALE:
        health.problems.append(
            f"the bot's scheduler last woke at {_iso(health.last_wakeup)}, more than "
            f"{_minutes(SCHEDULER_STALE)} minutes ago: is the bot running?"
        )
    if health.oldest_waiting is not None and now - health.oldest_waiting > BACKLOG_STALE:
        health.problems.append(
            f"{_messages(health.waiting, 'waits', 'wait')} to be sent, the oldest since "
            f"{_iso(health.oldest_waiting)}, more than {_minutes(BACKLOG_STALE)} minutes: "
            "is the bot connected to Discord?"
        )
    channels = [
        entry
        for entry, _ in health.failed
        if entry.kind != "dm" and now - entry.created_at > BACKLOG_STALE
    ]
    if channels:
        health.problems.append(
            f"{_messages(len(channels), 'keeps', 'keep')} failing to reach campaign or "
            "moderators' channels, the "
            f"oldest queued at {_iso(channels[0].created_at)}: is the bot connected to Discord, "
            "and may it post there?"
        )
    return health


def _messages(count: int, one: str, more: str) -> str:
    return f"1 message {one}" if count == 1 else f"{count} messages {more}"


def _minutes(delta: timedelta) -> int:
    return int(delta.total_seconds() // 60)


def _outbox(engine: Engine, health: Health) -> None:
    entries = outbox.queued(engine)
    found = outbox.backlog(entries)
    table = Campaign.__table__.c  # type: ignore[attr-defined]
    with engine.connect() as connection:
        rows = connection.execute(sa_select(table.id, table.name)).all()
    health.campaigns = {int(campaign_id): str(name) for campaign_id, name in rows}
    health.waiting = len(found.waiting)
    health.held = found.held
    health.oldest_waiting = min((e.created_at for e in found.waiting), default=None)
    health.failed = list(found.failing)


def _wakeups(engine: Engine, health: Health, now: datetime) -> None:
    with engine.connect() as connection:
        if not inspect(connection).has_table(JOBS_TABLE):
            return
        rows = connection.execute(text(f"SELECT id, next_run_time FROM {JOBS_TABLE}")).all()
    upcoming: list[tuple[datetime, str, int]] = []
    for job, next_run in rows:
        if next_run is None:
            continue
        when = datetime.fromtimestamp(float(next_run), UTC)
        if job == RESYNC_JOB:
            health.last_wakeup = when - timedelta(seconds=RESYNC_SECONDS)
        elif str(job).startswith("wake:"):
            campaign, _, number = str(job).removeprefix("wake:").rpartition(":")
            if campaign.startswith("#") and campaign[1:].isdigit():
                campaign = health.campaigns.get(int(campaign[1:]), campaign)
            upcoming.append((when, campaign, int(number) if number.isdigit() else 0))
    health.scheduled = len(upcoming)
    if upcoming:
        when, campaign, day = min(upcoming)
        health.next_wakeup = {"campaign": campaign, "day": day, "at": _iso(when)}


def render_text(health: Health) -> str:
    """The report for a person: a verdict, then one line per part."""
    lines = ["healthy" if health.healthy else "UNHEALTHY", *(f"  - {p}" for p in health.problems)]
    lines.append(
        "database: reachable" if health.reachable else f"database: {health.database_error}"
    )
    if health.reachable:
        since = f", the oldest since {_iso(health.oldest_waiting)}" if health.oldest_waiting else ""
        lines.append(
            f"outbox: {health.waiting} waiting{since}; {len(health.failed)} failed deliveries "
            f"({health.held} more held behind them)"
        )
        for entry, _ in health.failed:
            lines.append(
                f"  {health.campaigns.get(entry.campaign_id)}: {entry.kind}"
                f"{f' to {entry.to}' if entry.to else ''}, {entry.attempts} attempts, "
                f"queued {_iso(entry.created_at)}"
            )
        nxt = health.next_wakeup
        upcoming = f"; next: {nxt['campaign']} day {nxt['day']} at {nxt['at']}" if nxt else ""
        lines.append(f"wake-ups: last {_iso(health.last_wakeup) or 'never'}{upcoming}")
    return "\n".join(lines)


def status_command(
    url: str | None, *, as_json: bool, now: datetime | None = None
) -> tuple[str, int]:
    """What ``realmbot status`` prints and its exit status (0 healthy, 1 not)."""
    health = check(url or configured_url(), now=now or datetime.now(UTC))
    text_out = json.dumps(health.as_dict(), indent=2) if as_json else render_text(health)
    return text_out, 0 if health.healthy else 1
