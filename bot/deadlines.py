"""Deadline arithmetic for campaigns: when a day resolves, stored in UTC, reasoned in local time.

A campaign's deadline rules live in its options (:class:`DeadlineRules`): the local time of day
in a time zone, the weekdays a deadline may fall on, the least time players get between two
deadlines, the grace period after downtime, the cool-off before early resolution, and the cap on
extensions. Every function takes "now" as an argument: the clock is the caller's.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_skeleton
from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.i18n import Language, _, current


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


#: A moment as English writes it in a message: ISO 8601's date and time (``2026-11-24 20:00``).
ISO = "%Y-%m-%d %H:%M"
#: A sample moment whose every number differs, to find where a language's form puts each.
_SAMPLE = datetime(2034, 12, 28, 13, 47, tzinfo=UTC)


def when(moment: datetime, spoken: Language | None = None) -> str:
    """``moment`` (UTC) as ``spoken`` (the language spoken) writes a date and time in a message:
    English as ISO 8601 (``2026-11-24 20:00``), another language as its locale's numeric date
    and time (Spanish: ``24/11/2026 20:00``). The text says ``UTC`` after it; on Discord each
    reader sees it in his own time zone (:func:`bot.render.discord_times`)."""
    spoken = spoken or current()
    if spoken is Language.EN:
        return moment.strftime(ISO)
    at = moment.astimezone(UTC)
    locale = spoken.value
    date = format_skeleton("yMd", at, locale=locale, tzinfo=UTC)
    return f"{date} {format_skeleton('Hm', at, locale=locale, tzinfo=UTC)}"


@cache
def written(spoken: Language) -> re.Pattern[str]:
    """A moment as :func:`when` writes it in ``spoken``, followed by ``UTC``: its numbers as the
    groups ``year``, ``month``, ``day``, ``hour``, ``minute``."""
    sample = re.escape(when(_SAMPLE, spoken))
    for number, group in (
        ("2034", r"(?P<year>\d{4})"),
        ("12", r"(?P<month>\d{1,2})"),
        ("28", r"(?P<day>\d{1,2})"),
        ("13", r"(?P<hour>\d{1,2})"),
        ("47", r"(?P<minute>\d{2})"),
    ):
        sample = sample.replace(number, group, 1)
    return re.compile(rf"\b{sample} UTC\b")


def read_moment(match: re.Match[str]) -> datetime:
    """The moment a :func:`written` pattern matched."""
    numbers = {k: int(v) for k, v in match.groupdict().items()}
    return datetime(**numbers, tzinfo=UTC)


def discord_timestamp(moment: datetime, style: str = "F") -> str:
    """Discord's ``<t:…:F>`` markup: every reader sees the time in his own time zone."""
    return f"<t:{int(moment.timestamp())}:{style}>"
