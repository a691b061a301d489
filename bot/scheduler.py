"""Scheduled wake-ups (APScheduler 3.x, jobs stored in the campaign database).

A job is only a wake-up call keyed by campaign and day (``wake:<campaign>:<day>``): it runs
:meth:`bot.timekeeping.Timekeeper.wake`, which re-reads the database and acts only if the day is
still due, so a double or stale fire is harmless. :meth:`Wakeups.sync` upserts every campaign's
next wake-up; it runs at start-up (after :meth:`~bot.timekeeping.Timekeeper.after_downtime`)
and after every change a transport makes. Jobs run however late they are (``misfire_grace_time``
None): a deadline passed while the bot was down is handled, never dropped. Jobs do their
database work one at a time, in the scheduler's own thread (:func:`in_turn`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC
from typing import TYPE_CHECKING, Any, TypeVar

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.schedulers.base import STATE_STOPPED

from bot.logs import campaign_context
from bot.outbox import prune_attachments
from bot.service import CampaignService
from db.engine import checkpoint

if TYPE_CHECKING:
    from bot.maps.pool import MapPool

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The service the stored jobs act on (jobs are stored by reference: they hold only ids).
_SERVICE: dict[str, CampaignService] = {}

#: The periodic job keeping wake-ups in step, and its period: its next run time, stored in the
#: job store, tells ``realmbot status`` when the scheduler last woke (:mod:`bot.health`).
RESYNC_JOB = "resync"
RESYNC_SECONDS = 60


def job_id(campaign: str, day: int) -> str:
    """The deterministic id of a campaign's wake-up for a day."""
    return f"wake:{campaign}:{day}"


#: The one thread every job's database work runs in, one job at a time. Each wake-up is a unit
#: of work that takes SQLite's single write lock; run side by side (``asyncio.to_thread``'s
#: pool), many campaigns due in the same minute queued for it past the busy timeout, and those
#: jobs failed with "database is locked", their days left for a later resync.
_WORKER: dict[str, ThreadPoolExecutor] = {}


def _new_worker() -> None:
    """Give the scheduler its worker thread: at import, and again in a forked child, which has
    none of its parent's threads but a copy of the executor that thinks its thread is there and
    idle (without a new one, the child's jobs would wait forever)."""
    _WORKER["default"] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wakeups")


_new_worker()
os.register_at_fork(after_in_child=_new_worker)


async def in_turn(call: Callable[..., T], *args: object) -> T:
    """``call(*args)`` in the scheduler's worker thread, after the jobs queued before it (with
    the caller's context, as ``asyncio.to_thread`` would)."""
    context = contextvars.copy_context()
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(
        _WORKER["default"], functools.partial(context.run, call, *args)
    )


async def wake(campaign: str, day: int) -> str:
    """The scheduled job: one wake-up, run off the event loop, after those due before it. A
    shutdown that comes while it waits ends it quietly (:func:`_interrupted`): the next start
    wakes the campaign again, since the database still says what is due."""
    service = _SERVICE["default"]
    with campaign_context(campaign):
        try:
            return await in_turn(service.timekeeper.wake, campaign, day)
        except asyncio.CancelledError:
            return _interrupted(f"the wake-up of {campaign} for day {day}")


def _interrupted(job: str) -> str:
    """A job the shutdown cancelled: said once, in the log, as what it is — not a failure.
    (Work already handed to the worker thread still runs to its end: its unit of work commits
    or rolls back whole.)"""
    log.info("%s was interrupted by the shutdown; the next start does it again", job)
    return "interrupted"


_WAKEUPS: dict[str, Wakeups] = {}


async def resync() -> None:
    """The periodic job that keeps wake-ups in step with what commands changed, posts any
    resolved day's reports still waiting (after a crash between a resolution and its reports),
    checkpoints a SQLite database (:func:`db.engine.checkpoint`) and deletes the attachments no
    undelivered message needs (:func:`bot.outbox.prune_attachments`)."""
    wakeups = _WAKEUPS.get("default")
    if wakeups is None:
        return
    try:
        await in_turn(wakeups.service.publisher.publish_due)
        await in_turn(wakeups.sync)
        await in_turn(checkpoint, wakeups.service.engine)
        await in_turn(prune_attachments, wakeups.service.engine)
    except asyncio.CancelledError:
        _interrupted("the resync of the wake-ups")


class _Scheduler(AsyncIOScheduler):  # type: ignore[misc]  # apscheduler is untyped
    """APScheduler's asyncio scheduler, whose wake-ups asked for as it shuts down do nothing.

    A job's ``add_job`` from the worker thread (a resync's :meth:`Wakeups.sync`) queues a
    wake-up on the event loop; queued after the shutdown, it ran once the scheduler had let go
    of its loop and failed there (``'NoneType' object has no attribute 'call_later'``)."""

    def _process_jobs(self) -> float | None:
        if self.state == STATE_STOPPED:
            return None
        wait: float | None = super()._process_jobs()
        return wait


def _later(call: Callable[[], object]) -> object:
    """``call`` in the worker thread, after the jobs queued before it."""
    return _WORKER["default"].submit(call)


class Wakeups:
    """The scheduler of one bot process: one per job store (3.x does not coordinate several).

    With ``map_workers`` (``realmbot run`` gives :func:`bot.maps.pool.spare_cores`), the public
    maps of the days the wake-ups resolve are drawn in that many worker processes
    (:class:`bot.maps.pool.MapPool`), started by :meth:`start` and ended by :meth:`shutdown`:
    a wake-up returns once its map is handed over, and the reports are posted in the worker
    thread once it is drawn (:meth:`bot.publishing.Publisher.publish_soon`)."""

    def __init__(
        self,
        service: CampaignService,
        *,
        jobstore_url: str | None = None,
        map_workers: int = 0,
    ) -> None:
        self.service = service
        self.map_workers = map_workers
        self.maps: MapPool | None = None
        _SERVICE["default"] = service
        _WAKEUPS["default"] = self
        stores: dict[str, Any] = {}
        if jobstore_url is not None:
            stores["default"] = SQLAlchemyJobStore(url=jobstore_url)
        self.scheduler = _Scheduler(
            jobstores=stores,
            job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 1},
            timezone=UTC,
        )

    def start(self, *, paused: bool = False) -> None:
        """Start scheduling: tell the channels of any day that fell due while down, then
        register every campaign's wake-up (the map workers started first, if any)."""
        if self.map_workers and self.maps is None:
            from bot.maps.pool import MapPool

            self.maps = MapPool(self.service.catalog, workers=self.map_workers)
            self.maps.ready()
            self.service.publisher.draw_in(self.maps, _later)
        self.service.timekeeper.after_downtime()
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
        """Upsert every campaign's next wake-up; returns the job ids registered. A job stored
        already for the same time is left as it is: the job store is read once, and written
        only for what changed (every minute, a thousand campaigns' jobs were each written
        again). Nothing once the scheduler is shut down: a resync whose work was already in
        the worker thread when the shutdown came would otherwise wake a stopped scheduler (an
        error on the event loop); the next start syncs anyway."""
        if not self.scheduler.running:
            return []
        stored = {job.id: job.next_run_time for job in self.scheduler.get_jobs()}
        ids = []
        for campaign, day, when in self.service.timekeeper.wake_ups():
            identifier = job_id(campaign, day)
            ids.append(identifier)
            if identifier in stored and stored[identifier] == when:
                continue
            self.scheduler.add_job(
                "bot.scheduler:wake",
                "date",
                run_date=when,
                args=[campaign, day],
                id=identifier,
                replace_existing=True,
            )
        return ids

    def shutdown(self) -> None:
        """Stop scheduling and end the map workers: a day whose map was still being drawn
        keeps its reports due, for the next start
        (:meth:`~bot.timekeeping.Timekeeper.after_downtime`)."""
        self.scheduler.shutdown(wait=False)
        if self.maps is not None:
            self.service.publisher.draw_in(None)
            self.maps.close()
            self.maps = None
