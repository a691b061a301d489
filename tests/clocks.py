"""A clock the test moves: the service's injected clock (:data:`bot.store.Clock`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

#: When a :class:`ManualClock` starts unless told.
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


class ManualClock:
    """A clock that moves only when told: ``clock.now = ...`` or ``clock.advance(delta)``."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta
