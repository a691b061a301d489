"""The process's logging: one line per record, with the time (UTC), level, logger and campaign.

:func:`configure_logging` is called once when ``realmbot run`` starts. Each line reads::

    2026-11-24T20:00:03Z INFO realmbot.discord.moderators [North Sea] moderator 42: ...

The campaign is whatever :func:`campaign_context` set in the current task or thread (worker
threads started with :func:`asyncio.to_thread` inherit it), ``-`` where none is known. The
moderators' audit lines are logged at INFO, which is the default level; APScheduler's
per-job chatter is kept at WARNING.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s [%(campaign)s] %(message)s"
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
#: The levels ``LOG_LEVEL`` may name.
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: Loggers too talkative at INFO (a line per job run every minute), with their level.
QUIET = {"apscheduler": logging.WARNING}

_CAMPAIGN: ContextVar[str | None] = ContextVar("realmbot_campaign", default=None)


@contextmanager
def campaign_context(name: str | None) -> Iterator[None]:
    """Within the block, records of this task or thread name the campaign ``name``."""
    token = _CAMPAIGN.set(name)
    try:
        yield
    finally:
        _CAMPAIGN.reset(token)


def set_campaign(name: str | None) -> None:
    """Name the campaign for the rest of the current task (a handler that runs to its end)."""
    _CAMPAIGN.set(name)


def current_campaign() -> str | None:
    """The campaign the current task or thread works on, if known."""
    return _CAMPAIGN.get()


class CampaignFilter(logging.Filter):
    """Gives every record a ``campaign`` attribute: its own if it has one, else the context's."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "campaign", None):
            record.campaign = _CAMPAIGN.get() or "-"
        return True


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler :func:`configure_logging` installs (found again by its type)."""


def configure_logging(level: str = "INFO", stream: TextIO | None = None) -> logging.Handler:
    """Send every record at ``level`` or above to ``stream`` (standard error) in :data:`FORMAT`.

    Calling it again replaces the handler it installed before; other handlers stay.
    """
    formatter = logging.Formatter(FORMAT, DATE_FORMAT)
    formatter.converter = time.gmtime
    handler = _Handler(stream if stream is not None else sys.stderr)
    handler.setFormatter(formatter)
    handler.addFilter(CampaignFilter())
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name, quiet in QUIET.items():
        logging.getLogger(name).setLevel(quiet)
    return handler
