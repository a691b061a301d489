"""The sweep benchmark (issue 18's "1,000 campaigns due at once, end to end with maps"), run by
``make bench``; ``python -m tests.bench_sweep [COUNT ...]`` runs it alone.

Campaigns of three characters on a fresh SQLite file, each seat on the autopilot (the resolver
writes its orders, as for a player who missed his days: real orders, moves, searches and fights,
never blank days), all due at the same instant. They are woken the way production wakes them:
the bot's scheduler (:class:`bot.scheduler.Wakeups`, APScheduler, a wake-up job per campaign run
one at a time in its worker thread: the day resolved, its reports and public map put in the
outbox; the maps drawn in worker processes on the machine's other cores,
:class:`bot.maps.pool.MapPool`, the reports posted once each is drawn), while a delivery loop
carries the outbox through the local transport (:class:`bot.local.Folder` driven by
:class:`bot.delivery.Courier`, files written to a folder) as the Discord bot's loop does.
The process is set up as the running bot's (``realmbot run``): its jobs stored in the
campaigns' database (APScheduler's SQLAlchemy job store), its maps drawn in
:func:`bot.maps.pool.spare_cores` workers, checkpoints left to the background
(:func:`db.engine.make_engine`'s ``background_checkpoints``) and the garbage collector settled
once the campaigns are loaded (:func:`bot.collector.settle`). The clock runs
from the deadline (or from the end of the scheduler's start, started paused, if that ends
later) until every wake-up has run, every report is posted and every message is delivered; the
process's CPU time over the same span is shown too (the machine may be shared), and the map
workers' apart. The setup (creating and starting the campaigns, their maps drawn, the
scheduler and its map workers started) is not timed.
Reminders are off so that the deadline is each campaign's first wake-up. Nothing asserts a time;
the workload is checked: every campaign must have resolved its day, with orders for all three
seats, and nothing may be left undelivered.
"""

from __future__ import annotations

import asyncio
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED, JobEvent
from sqlmodel import update

from bot import collector, outbox
from bot.delivery import Courier
from bot.local import Folder
from bot.maps.pool import spare_cores
from bot.scheduler import Wakeups
from bot.service import CampaignService
from db import event_log, repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from db.models import Campaign, Seat
from rules.catalog import Catalog, catalog
from tests.measure import status

#: The campaigns of the sweep: how many are due at once.
SWEEP = (10, 100, 1000)
#: Each sweep campaign's characters.
SWEEP_CAST = ("Amazon", "Elf", "Dwarf")
#: How long after the setup the deadline falls (the scheduler is started before it).
LEAD = timedelta(seconds=2)


@dataclass(frozen=True)
class Sweep:
    """What one sweep did: ``wall`` and ``cpu`` seconds from the deadline to the last delivery,
    the CPU seconds of the processes drawing the maps (``drawing``, their start-up included),
    the days resolved, the orders the days were resolved on, the messages delivered and the
    files written, and the process's peak RSS in MiB."""

    wall: float
    cpu: float
    drawing: float
    resolved: int
    orders: int
    delivered: int
    files: int
    rss: float


def setup(service: CampaignService, count: int) -> list[str]:
    """``count`` started campaigns of :data:`SWEEP_CAST`, every seat on the autopilot and without
    reminders; their names."""
    names = [f"C{n}" for n in range(count)]
    for n, name in enumerate(names):
        service.campaigns.create(name, moderator="gm", seed=n)
        for seat, cast in enumerate(SWEEP_CAST, start=1):
            service.campaigns.join(name, player=f"{name}-{seat}", player_name="P", character=cast)
        service.campaigns.start(name, moderator="gm")
        for cast in SWEEP_CAST:
            service.moderation.set_autopilot(name, moderator="gm", character=cast)
    with session_scope(service.engine) as session:
        session.exec(update(Seat).values(reminders=False))
    return names


async def _wake_and_deliver(
    service: CampaignService, count: int, out: Path, jobstore: str | None
) -> Sweep:
    with session_scope(service.engine) as session:
        deadline = datetime.now(UTC) + LEAD
        session.exec(update(Campaign).values(deadline=deadline))
    children = _children_cpu()
    wakeups = Wakeups(service, jobstore_url=jobstore, map_workers=spare_cores())
    done: list[str] = []
    failed: list[str] = []

    def listen(event: JobEvent) -> None:
        if event.job_id.startswith("wake:"):
            (done if event.code == EVENT_JOB_EXECUTED else failed).append(event.job_id)

    wakeups.scheduler.add_listener(listen, EVENT_JOB_EXECUTED | EVENT_JOB_ERROR)
    folder = Folder(out)
    courier = Courier(service, folder)
    wakeups.start(paused=True)
    await asyncio.sleep(max((deadline - datetime.now(UTC)).total_seconds(), 0))
    start = max(deadline, datetime.now(UTC))
    cpu = time.process_time()
    wakeups.scheduler.resume()
    delivered = 0
    try:
        while len(done) + len(failed) < count or service.publisher.publishing():
            delivered += await courier.deliver_once()
            await asyncio.sleep(0.05)
        while sent := await courier.deliver_once():
            delivered += sent
    finally:
        wakeups.shutdown()
    wall = (datetime.now(UTC) - start).total_seconds()
    cpu = time.process_time() - cpu
    drawing = _children_cpu() - children
    if failed:
        raise RuntimeError(f"{len(failed)} wake-ups failed, the first {failed[0]}")
    rss = status("VmHWM") / 2**20
    return Sweep(wall, cpu, drawing, 0, 0, delivered, len(folder.written), rss)


def _children_cpu() -> float:
    """The CPU seconds of this process's ended child processes (the map workers)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _checked(service: CampaignService, names: list[str], sweep: Sweep) -> Sweep:
    """``sweep`` with the days resolved and the seats whose orders were carried out (a
    ``phase_started`` event of theirs) counted; raises unless every campaign resolved its day
    with all three seats playing phases, and everything was delivered."""
    resolved = sum(1 for name in names if service.campaigns.campaign(name).day == 2)
    orders = 0
    with session_scope(service.engine) as session:
        for name in names:
            campaign = repo.get_campaign(session, name=name)
            assert campaign is not None and campaign.id is not None
            events = event_log.list_events(session, campaign_id=campaign.id, day=1)
            orders += len({e.fields["who"] for e in events if e.type == "phase_started"})
    left = len(outbox.queued(service.engine))
    if resolved != len(names) or orders != len(names) * len(SWEEP_CAST) or left:
        raise RuntimeError(
            f"the sweep's workload is not the one named: {resolved} of {len(names)} days "
            f"resolved, {orders} seats' orders, {left} messages left undelivered"
        )
    return replace(sweep, resolved=resolved, orders=orders)


def sweep(data: Catalog, count: int) -> Sweep:
    """One sweep of ``count`` campaigns on a fresh database (see the module's docstring)."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'sweep.db'}"
        engine = make_engine(url, background_checkpoints=True)
        upgrade(engine)
        service = CampaignService(engine, data)
        names = setup(service, count)
        collector.settle()
        result = asyncio.run(_wake_and_deliver(service, count, Path(folder) / "out", url))
        result = _checked(service, names, result)
        engine.dispose()
    return result


def sweep_benchmark(data: Catalog, sizes: tuple[int, ...] = SWEEP) -> None:
    """Print a line for each of ``sizes`` (see the module's docstring)."""
    print(
        "campaigns due at once: woken by the scheduler, resolved (3 characters on the "
        "autopilot), delivered by the local transport"
    )
    print(
        f"{'due':>6}{'wall':>9}{'cpu':>9}{'maps cpu':>10}{'per campaign':>14}"
        f"{'days':>7}{'orders':>8}{'delivered':>11}{'files':>8}{'peak RSS':>11}"
    )
    for count in sizes:
        s = sweep(data, count)
        print(
            f"{count:>6}{s.wall:>8.1f}s{s.cpu:>8.1f}s{s.drawing:>9.1f}s"
            f"{s.wall / count * 1000:>11.1f} ms"
            f"{s.resolved:>7}{s.orders:>8}{s.delivered:>11}{s.files:>8}{s.rss:>7.0f} MiB"
        )


if __name__ == "__main__":
    sweep_benchmark(catalog(), tuple(int(a) for a in sys.argv[1:]) or SWEEP)
