"""Deadline arithmetic for campaigns: when a day resolves, stored in UTC, reasoned in local time.

A campaign's deadline rules live in its options (:class:`DeadlineRules`): the local time of day
in a time zone, the weekdays a deadline may fall on, the least time players get between two
deadlines, the grace period after downtime, the cool-off before early resolution, and the cap on
extensions. Every function takes "now" as an argument: the clock is the caller's.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.i18n import _


class DeadlineRules(BaseModel):
    """When deadlines fall. ``weekdays`` are 0 (Monday) to 6 (Sunday)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    time_of_day: time = time(20, 0)
    timezone: str = "UTC"
    weekdays: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
    min_hours: float = Field(default=12, ge=0, le=24 * 14)
    grace_hours: float = Field(default=2, ge=0, le=72)
    cooloff_minutes: float = Field(default=10, ge=0, le=24 * 60)
    max_extensions: int = Field(default=2, ge=0, le=10)
    max_extension_hours: float = Field(default=24, gt=0, le=24 * 7)
    reminder_hours: float = Field(default=6, ge=0, le=72)

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, zone: str) -> str:
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                _("unknown time zone %(zone)s (use a name like Europe/Paris)")
                % {"zone": repr(zone)}
            ) from None
        return zone

    @field_validator("weekdays")
    @classmethod
    def _weekdays(cls, days: tuple[int, ...]) -> tuple[int, ...]:
        if not days or any(d not in range(7) for d in days):
            raise ValueError(_("weekdays are 0 (Monday) to 6 (Sunday), at least one"))
        return tuple(sorted(set(days)))


def next_deadline(now: datetime, rules: DeadlineRules) -> datetime:
    """The first allowed local time of day, on an allowed weekday, at least ``min_hours`` after
    ``now``; returned in UTC. ``now`` must be timezone-aware."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    zone = ZoneInfo(rules.timezone)
    earliest = (now + timedelta(hours=rules.min_hours)).astimezone(zone)
    day = earliest.date()
    for _day in range(15):
        candidate = datetime.combine(day, rules.time_of_day, tzinfo=zone)
        if candidate >= earliest and candidate.weekday() in rules.weekdays:
            return candidate.astimezone(UTC)
        day += timedelta(days=1)
    raise AssertionError("a week always holds an allowed weekday")


def after_downtime(deadline: datetime, now: datetime, rules: DeadlineRules) -> datetime | None:
    """A day that became overdue while the bot was down is never resolved silently (DESIGN):
    the new deadline is ``now`` plus the grace period, or None when the deadline has not
    passed."""
    if deadline > now:
        return None
    return now + timedelta(hours=rules.grace_hours)


def discord_timestamp(moment: datetime, style: str = "F") -> str:
    """Discord's ``<t:…:F>`` markup: every reader sees the time in his own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"
