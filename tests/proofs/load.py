"""Load (issue 20): many campaigns due in the same minute, resolved through the real scheduler.

Campaigns of 3 to 16 characters (all on the autopilot) are set up in bulk — their games made
over two processes and stored a chunk of campaigns a transaction, as a started campaign stores
them — and all given the same deadline. Then the bot's own scheduler (:class:`bot.scheduler.
Wakeups`, jobs stored in the campaign database as ``realmbot run`` stores them, the service on
an injected clock) wakes each campaign at its deadline, and a transport on the same event loop
delivers the outbox as it fills. Nothing may be lost: every campaign resolves its day once,
every job runs without error, and every report (the public one with its map, and each
player's) is delivered.

``python -m tests.proofs.load [CAMPAIGNS]`` is the full form (1,000 campaigns); it prints the
figures — deadline to all delivered, wake-up latency p50/p95, messages, peak RSS — and exits 1
if anything was lost.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED, EVENT_JOB_MISSED, JobEvent
from sqlalchemy import update
from sqlmodel import select

from bot import outbox
from bot.campaign_settings import CampaignSettings
from bot.scheduler import Wakeups
from bot.service import CampaignService
from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from db.models import Campaign
from rules import CharacterSetup, catalog, new_game
from tests.measure import status
from tests.proofs.autoplay import cast

#: The full form's campaigns, and the processes that make their games.
CAMPAIGNS = 1000
PROCESSES = 2
#: Campaigns stored per transaction at setup.
CHUNK = 100
#: How long after the scheduler starts the common deadline falls.
LEAD = timedelta(seconds=5)
#: How often the transport looks at the outbox, in seconds.
DELIVERY_PERIOD = 0.5
#: How long the run may take after the deadline before what is left counts as lost.
GIVE_UP = 600.0


def _game(seed: int) -> tuple[int, list[str], str]:
    """Campaign ``seed``'s characters and its game at the start, as JSON."""
    data = catalog()
    characters = cast(seed, list(data.characters))
    setups = [CharacterSetup(name=c, player=f"L{seed}-p{i}") for i, c in enumerate(characters)]
    state = new_game(data, seed, setups, weeks=CampaignSettings().weeks)
    state.options.update(CampaignSettings().engine_options())
    return seed, characters, state.to_json()


def set_up(service: CampaignService, count: int, deadline: datetime) -> dict[int, int]:
    """``count`` running campaigns on day 1, due at ``deadline``, every seat on the autopilot
    and without reminders; each campaign's number of seats, by campaign id."""
    seats: dict[int, int] = {}
    now = service.clock()
    with ProcessPoolExecutor(PROCESSES) as pool:
        games = pool.map(_game, range(1, count + 1), chunksize=25)
        while chunk := [g for _, g in zip(range(CHUNK), games, strict=False)]:
            with session_scope(service.engine) as session:
                for seed, characters, state in chunk:
                    campaign = repo.create_campaign(
                        session,
                        name=f"L{seed}",
                        created_at=now,
                        seed=seed,
                        options=CampaignSettings().stored(),
                        moderators=["gm"],
                    )
                    assert campaign.id is not None
                    for number, character in enumerate(characters):
                        seat = repo.add_seat(
                            session,
                            campaign_id=campaign.id,
                            character=character,
                            player=f"L{seed}-p{number}",
                            player_name=f"P{number}",
                            joined_at=now,
                        )
                        seat.autopilot, seat.reminders = True, False
                    campaign.status, campaign.day, campaign.deadline = "running", 1, deadline
                    repo.save_snapshot(
                        session,
                        campaign_id=campaign.id,
                        day=1,
                        step="start",
                        state=state,
                        created_at=now,
                    )
                    seats[campaign.id] = len(characters)
    return seats


@dataclass
class Delivered:
    """What the transport delivered after the deadline, and when it last did."""

    messages: Counter[tuple[int, str]] = field(default_factory=Counter)
    images: Counter[int] = field(default_factory=Counter)
    last: float = 0.0

    def take(self, batch: list[outbox.Outgoing]) -> None:
        for outgoing in batch:
            message = outgoing.message
            self.messages[(message.campaign_id, message.kind)] += 1
            self.images[message.campaign_id] += outgoing.attachment is not None
        if batch:
            self.last = time.perf_counter()


def deliver(service: CampaignService, delivered: Delivered) -> int:
    """One pass of the transport: every undelivered message taken and marked delivered."""
    taken = 0
    while batch := outbox.pending(service.engine, limit=outbox.CHUNK):
        delivered.take(batch)
        outbox.mark_delivered(service.engine, [o.id for o in batch], at=service.clock())
        taken += len(batch)
    return taken


@dataclass
class Outcome:
    """What a load run measured and what it lost."""

    campaigns: int
    characters: tuple[int, int]
    setup: float
    all_delivered: float
    latencies: list[float]
    messages: int
    peak_rss: float
    lost: list[str]


async def _run(service: CampaignService, url: str, seats: dict[int, int], due: float) -> Outcome:
    wakeups = Wakeups(service, jobstore_url=url)
    done: dict[str, float] = {}
    failed: list[str] = []

    def listen(event: JobEvent) -> None:
        if event.job_id.startswith("wake:"):
            if event.code == EVENT_JOB_EXECUTED:
                done[event.job_id] = time.perf_counter()
            else:
                failed.append(f"{event.job_id}: {getattr(event, 'exception', 'missed')}")

    wakeups.scheduler.add_listener(listen, EVENT_JOB_EXECUTED | EVENT_JOB_ERROR | EVENT_JOB_MISSED)
    wakeups.start()
    delivered = Delivered()
    try:
        while time.perf_counter() < due + GIVE_UP:
            await asyncio.sleep(DELIVERY_PERIOD)
            await asyncio.to_thread(deliver, service, delivered)
            if len(done) + len(failed) >= len(seats) and not service.store.undelivered(limit=1):
                break
    finally:
        wakeups.shutdown()
    await asyncio.to_thread(deliver, service, delivered)
    lost = failed + _missing(service, seats, delivered)
    return Outcome(
        campaigns=len(seats),
        characters=(min(seats.values()), max(seats.values())),
        setup=0.0,
        all_delivered=delivered.last - due,
        latencies=sorted(at - due for at in done.values()),
        messages=sum(delivered.messages.values()),
        peak_rss=status("VmHWM") / 2**20,
        lost=lost,
    )


def _missing(service: CampaignService, seats: dict[int, int], delivered: Delivered) -> list[str]:
    """What a campaign should have had and did not: its day resolved, its public report with
    its map, the next day's opening, and a report to each of its players."""
    lost = []
    with session_scope(service.engine) as session:
        days = {c.id: c.day for c in session.exec(select(Campaign))}
    for campaign_id, count in seats.items():
        if days.get(campaign_id) != 2:
            lost.append(f"campaign #{campaign_id} is on day {days.get(campaign_id)}, not 2")
        if delivered.images[campaign_id] != 1:
            lost.append(f"campaign #{campaign_id}: {delivered.images[campaign_id]} maps posted")
        posts = delivered.messages[(campaign_id, "channel")]
        if posts < 2:
            lost.append(f"campaign #{campaign_id}: {posts} posts, not its report and day 2's")
        dms = delivered.messages[(campaign_id, "dm")]
        if dms != count:
            lost.append(f"campaign #{campaign_id}: {dms} reports to its {count} players")
    return lost


def run(
    count: int,
    folder: Path,
    *,
    lead: timedelta = LEAD,
    clock: Callable[[], datetime] | None = None,
) -> Outcome:
    """Set up ``count`` campaigns in a SQLite database under ``folder``, all due ``lead``
    after the scheduler starts, and let the scheduler resolve them (see the module); the
    service reads the time from ``clock`` (the real time unless given)."""
    url = f"sqlite:///{folder / 'load.db'}"
    engine = make_engine(url)
    upgrade(engine)
    service = CampaignService(engine, catalog(), clock=clock or (lambda: datetime.now(UTC)))
    start = time.perf_counter()
    seats = set_up(service, count, service.clock() + timedelta(days=1))
    setup = time.perf_counter() - start
    deadline = service.clock() + lead
    with session_scope(engine) as session:
        session.exec(update(Campaign).values(deadline=deadline))
    due = time.perf_counter() + lead.total_seconds()
    outcome = asyncio.run(_run(service, url, seats, due))
    engine.dispose()
    outcome.setup = setup
    return outcome


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of sorted ``values`` (0 if none)."""
    if not values:
        return 0.0
    return values[min(len(values) - 1, round(share * (len(values) - 1)))]


def main(argv: list[str]) -> int:
    """The full form: :data:`CAMPAIGNS` campaigns (or ``argv[0]``)."""
    count = int(argv[0]) if argv else CAMPAIGNS
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        outcome = run(count, Path(folder))
    for line in outcome.lost[:20]:
        print(f"LOST {line}")
    low, high = outcome.characters
    print(f"figure: campaigns due in the same minute: {outcome.campaigns}")
    print(f"figure: characters range: {low}-{high}")
    print(f"figure: setup seconds (in bulk): {outcome.setup:.0f}")
    print(f"figure: deadline to all delivered: {outcome.all_delivered:.1f} s")
    for share in (0.5, 0.95):
        latency = percentile(outcome.latencies, share)
        print(f"figure: wake-up latency p{share * 100:.0f} (deadline to done): {latency:.1f} s")
    print(f"figure: wake-ups done: {len(outcome.latencies)}")
    print(f"figure: messages delivered: {outcome.messages}")
    print(f"figure: peak RSS: {outcome.peak_rss:.0f} MiB")
    print(f"figure: lost: {len(outcome.lost)}")
    print(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 0 if not outcome.lost else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
