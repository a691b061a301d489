"""Maps drawn in worker processes (:mod:`bot.maps.pool`) and the reports posted once they are
drawn (:meth:`bot.publishing.Publisher.publish_soon`): the same bytes as drawn in-process, the
wake-up free before its map is drawn, each day's reports posted once and before the next day of
the campaign resolves, and no worker left once the scheduler stops."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlmodel import col, select, update

from bot.maps import map_file_name, render_map
from bot.maps.pool import MapPool, public_map
from bot.scheduler import Wakeups
from bot.scope import campaign_ref
from bot.service import CampaignService
from db.engine import session_scope
from db.models import Campaign, OutboxMessage
from rules.catalog import catalog
from rules.setup.game import new_game
from rules.view import PUBLIC, view_for
from tests.bot.test_scheduler import due_soon


class Held:
    """A ``later`` that keeps the calls handed to it until :meth:`run` runs them."""

    def __init__(self) -> None:
        self.calls: list[Callable[[], object]] = []

    def __call__(self, call: Callable[[], object]) -> object:
        self.calls.append(call)
        return None

    def wait(self, count: int) -> None:
        deadline = time.monotonic() + 60
        while len(self.calls) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(self.calls) >= count, "the map was never drawn"

    def run(self) -> None:
        calls, self.calls = self.calls, []
        for call in calls:
            call()


def maps_posted(service: CampaignService) -> list[str]:
    """The map files posted to the channel after the campaigns' start, in posting order (a
    day's map is titled with the day that follows it)."""
    with session_scope(service.engine) as session:
        query = select(OutboxMessage.attachment_name).where(OutboxMessage.kind == "channel")
        names = session.exec(query.order_by(col(OutboxMessage.id)))
        return [n for n in names if n is not None and n != "map-month1-day1.png"]


def resolved_unposted(service: CampaignService, name: str, day: int) -> None:
    """Resolve ``name``'s ``day`` without posting its reports (as a wake-up's resolution does
    before it hands them over)."""
    with session_scope(service.engine) as session:
        session.exec(update(Campaign).values(deadline=datetime.now(UTC) - timedelta(seconds=1)))
    assert service.timekeeper._wake(name, day) == "resolved"
    assert service.campaigns.campaign(name).report_due == day


def test_maps_drawn_in_the_pool_are_the_bytes_drawn_in_process(maps: MapPool) -> None:
    data = catalog()
    for seed, cast in ((5, ["Amazon", "Elf", "Dwarf"]), (9, list(data.characters))):
        state = new_game(data, seed, cast)
        public = view_for(data, state, PUBLIC)
        drawn = (map_file_name(public), render_map(data, public))
        assert maps.draw(state.to_json()).result(timeout=60) == drawn
        assert public_map(data, state.to_json()) == drawn


def test_a_wake_up_hands_its_map_over_and_the_reports_are_posted_once_when_drawn(
    service: CampaignService, maps: MapPool
) -> None:
    due_soon(service, 1)
    held = Held()
    service.publisher.draw_in(maps, held)
    with session_scope(service.engine) as session:
        session.exec(update(Campaign).values(deadline=datetime.now(UTC) - timedelta(seconds=1)))
    assert service.timekeeper.wake("C0", 1) == "resolved"
    assert service.campaigns.campaign("C0").report_due == 1, "posted once the map is drawn"
    assert service.publisher.publishing() == 1
    assert maps_posted(service) == []
    held.wait(1)
    held.run()
    assert service.campaigns.campaign("C0").report_due is None
    assert service.publisher.publishing() == 0
    assert maps_posted(service) == ["map-month1-day2.png"]
    assert not service.publisher.publish("C0"), "nothing left to post"
    assert maps_posted(service) == ["map-month1-day2.png"]


def day_one_handed_over(service: CampaignService, maps: MapPool) -> Held:
    """C0's day 1 resolved and its map handed to ``maps``, its postings held (returned)."""
    due_soon(service, 1)
    held = Held()
    service.publisher.draw_in(maps, held)
    resolved_unposted(service, "C0", 1)
    service.publisher.publish_soon("C0")
    return held


def test_the_next_day_resolves_after_the_reports_of_the_day_being_drawn_and_none_twice(
    service: CampaignService, maps: MapPool
) -> None:
    held = day_one_handed_over(service, maps)
    assert maps_posted(service) == []
    with session_scope(service.engine) as session:
        session.exec(update(Campaign).values(deadline=datetime.now(UTC) - timedelta(seconds=1)))
    assert service.timekeeper.wake("C0", 2) == "resolved"
    assert maps_posted(service) == ["map-month1-day2.png"], "day 1's, before day 2 resolved"
    held.wait(2)
    held.run()
    assert maps_posted(service) == ["map-month1-day2.png", "map-month1-day3.png"]
    assert service.publisher.publishing() == 0
    assert service.campaigns.campaign("C0").report_due is None


def test_a_map_never_drawn_leaves_its_reports_due_for_publish_due(
    service: CampaignService, maps: MapPool
) -> None:
    held = day_one_handed_over(service, maps)
    service.publisher.draw_in(None)  # the scheduler stops while the map is drawn
    deadline = time.monotonic() + 60
    while service.publisher.publishing() and time.monotonic() < deadline:
        time.sleep(0.02)
    held.run()  # a posting asked for before the stop finds nothing to post
    assert service.publisher.publishing() == 0
    assert service.campaigns.campaign("C0").report_due == 1
    campaign_id = service.campaigns.campaign("C0").id
    assert campaign_id is not None
    assert service.publisher.publish_due() == [campaign_ref(campaign_id)]
    assert maps_posted(service) == ["map-month1-day2.png"]


def test_the_scheduler_draws_in_its_workers_posts_every_report_once_and_ends_them(
    service: CampaignService, tmp_path: Path
) -> None:
    wakeups = Wakeups(service, jobstore_url=f"sqlite:///{tmp_path / 'jobs.db'}", map_workers=1)
    before = set(multiprocessing.active_children())

    async def run() -> None:
        # The campaigns fall due once the map worker is ready: on a loaded machine its start
        # takes more than the second they are due in, and a day overdue at start-up waits for
        # its grace period (Timekeeper.after_downtime), longer than this test.
        wakeups.start(paused=True)
        due_soon(service, 3)
        wakeups.sync()
        wakeups.scheduler.resume()
        try:
            for _ in range(600):
                days = [service.campaigns.campaign(f"C{n}").report_due for n in range(3)]
                if days == [None] * 3 and all(
                    service.campaigns.campaign(f"C{n}").day == 2 for n in range(3)
                ):
                    break
                await asyncio.sleep(0.1)
            assert set(multiprocessing.active_children()) - before, "the maps' worker"
        finally:
            wakeups.shutdown()

    asyncio.run(run())
    assert set(multiprocessing.active_children()) == before, "no worker is left"
    assert maps_posted(service) == ["map-month1-day2.png"] * 3
    assert service.publisher.publishing() == 0
