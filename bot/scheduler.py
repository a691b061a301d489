"""Scheduled wake-ups (APScheduler 3.x, jobs stored in the campaign database).

A job is only a wake-up call keyed by campaign and day (``wake:<campaign>:<day>``): it runs
:meth:`bot.service.CampaignService.wake`, which re-reads the database and acts only if the day is
still due, so a double or stale fire is harmless. :meth:`Wakeups.sync` upserts every campaign's
next wake-up; it runs at start-up (after :meth:`~bot.service.CampaignService.after_downtime`)
and after every change a transport makes. Jobs run however late they are (``misfire_grace_time``
None): a deadline passed while the bot was down is handled, never dropped.
"""

from __future__ import annotations

import asyncio
from datetime import UTC
from typing import Any

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.logs import campaign_context
from bot.outbox import prune_attachments
from bot.service import CampaignService
from db.engine import checkpoint

#: The service the stored jobs act on (jobs are stored by reference: they hold only ids).
_SERVICE: dict[str, CampaignService] = {}

#: The periodic job keeping wake-ups in step, and its period: its next run time, stored in the
#: job store, tells ``realmbot status`` when the scheduler last woke (:mod:`bot.health`).
RESYNC_JOB = "resync"
RESYNC_SECONDS = 60


def job_id(campaign: str, day: int) -> str:
    """The deterministic id of a campaign's wake-up for a day."""
    return f"wake:{campaign}:{day}"


async def wake(campaign: str, day: int) -> str:
    """The scheduled job: one wake-up, run off the event loop."""
    service = _SERVICE["default"]
    with campaign_context(campaign):
        return await asyncio.to_thread(service.wake, campaign, day)


_WAKEUPS: dict[str, Wakeups] = {}


async def resync() -> None:
    """The periodic job that keeps wake-ups in step with what commands changed, posts any
    resolved day's reports still waiting (after a crash between a resolution and its reports),
    checkpoints a SQLite database (:func:`db.engine.checkpoint`) and deletes the attachments no
    undelivered message needs (:func:`bot.outbox.prune_attachments`)."""
    wakeups = _WAKEUPS.get("default")
    if wakeups is not None:
        await asyncio.to_thread(wakeups.service.publish_due)
        await asyncio.to_thread(wakeups.sync)
        await asyncio.to_thread(checkpoint, wakeups.service.engine)
        await asyncio.to_thread(prune_attachments, wakeups.service.engine)


class Wakeups:
    """The scheduler of one bot process: one per job store (3.x does not coordinate several)."""

    def __init__(self, service: CampaignService, *, jobstore_url: str | None = None) -> None:
        self.service = service
        _SERVICE["default"] = service
        _WAKEUPS["default"] = self
        stores: dict[str, Any] = {}
        if jobstore_url is not None:
            stores["default"] = SQLAlchemyJobStore(url=jobstore_url)
        self.scheduler = AsyncIOScheduler(
            jobstores=stores,
            job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 1},
            timezone=UTC,
        )

    def start(self, *, paused: bool = False) -> None:
        """Start scheduling: tell the channels of any day that fell due while down, then
        register every campaign's wake-up."""
        self.service.after_downtime()
        self.scheduler.start(paused=paused)
        self.sync()
        self.scheduler.add_job(
            "bot.scheduler:resync",
            "interval",
            seconds=RESYNC_SECONDS,
            id=RESYNC_JOB,
            replace_existing=True,
        )

    def sync(self) -> list[str]:
        """Upsert every campaign's next wake-up; returns the job ids registered."""
        ids = []
        for campaign, day, when in self.service.wake_ups():
            identifier = job_id(campaign, day)
            self.scheduler.add_job(
                "bot.scheduler:wake",
                "date",
                run_date=when,
                args=[campaign, day],
                id=identifier,
                replace_existing=True,
            )
            ids.append(identifier)
        return ids

    def shutdown(self) -> None:
        self.scheduler.shutdown(wait=False)
