"""Maps handed to the worker as soon as a day's end state is known (issue 31, the month as a
process: :meth:`bot.maps.pool.MapPool.foresee`, :meth:`bot.publishing.Publisher.foresee`): the
posting takes that drawing, found by the state's very text, and posts the bytes drawn in-process;
a day resolved without its posting leaves its reports due; the next day's autopilot orders worked
out in the worker are the orders worked out in-process, read as they are read in-process, and the
next day takes them so; the demo writes the same files with its worker as without one."""

from __future__ import annotations

import filecmp
import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import col, select

import bot.demo
import bot.publishing
import bot.resolution
from bot.config import Settings
from bot.demo import run_demo
from bot.maps.pool import FORESEEN, Foreseen, MapPool, public_map
from bot.outbox import load
from bot.service import CampaignService
from db.engine import session_scope
from db.models import OutboxMessage, Seat, Snapshot
from rules import autopilot_orders, in_play, parse_standing, read_state
from rules.catalog import catalog
from rules.setup.game import new_game
from tests.bot.test_scheduler import due_soon


@pytest.fixture(scope="module")
def maps() -> Iterator[MapPool]:
    """One worker for the module's tests (a worker's start costs about a second), working out
    the autopilot's orders ahead too, as the demo's does."""
    pool = MapPool(catalog(), workers=1, autopilot=True)
    pool.ready()
    yield pool
    pool.close()


def posted_map(service: CampaignService) -> tuple[str | None, bytes | None]:
    """The last map posted to the channel: its file name and bytes."""
    with session_scope(service.engine) as session:
        query = select(OutboxMessage.id).where(col(OutboxMessage.attachment_name).is_not(None))
        last = max(i for i in session.exec(query) if i is not None)
    outgoing = load(service.engine, [last])[last]
    return outgoing.message.attachment_name, outgoing.attachment


def end_state(service: CampaignService) -> str:
    """The text of the campaign's latest snapshot (the end of the day just resolved)."""
    with session_scope(service.engine) as session:
        query = select(Snapshot.state).order_by(col(Snapshot.id).desc()).limit(1)
        return next(iter(session.exec(query)))


def test_a_day_resolved_hands_its_map_over_and_its_posting_takes_that_drawing(
    service: CampaignService, maps: MapPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    due_soon(service, 1)
    service.publisher.draw_in(maps)
    try:
        service.resolver.resolve_day("C0", day=1, moderator="gm", post=False)
        assert service.campaigns.campaign("C0").report_due == 1, "left due, not posted"
        state = end_state(service)

        def not_here(*_: object) -> tuple[str, bytes]:
            raise AssertionError("the map foreseen is drawn in the worker, not here")

        monkeypatch.setattr(bot.publishing, "public_map", not_here)
        assert service.publisher.publish("C0")
    finally:
        service.publisher.draw_in(None)
    monkeypatch.undo()
    assert service.campaigns.campaign("C0").report_due is None
    assert posted_map(service) == public_map(catalog(), state)
    assert maps.foreseen(state) is None, "handed over once"


def test_the_next_day_takes_the_autopilot_orders_worked_out_ahead_on_its_very_state(
    service: CampaignService, maps: MapPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    due_soon(service, 1)
    service.publisher.draw_in(maps)
    try:
        service.resolver.resolve_day("C0", day=1, moderator="gm")
        state = end_state(service)
        options = service.store.settings(service.campaigns.campaign("C0")).engine_options()
        game = read_state(state, catalog())
        game.options.update(options)
        text = autopilot_orders(game, "Amazon")
        read = parse_standing(text, game, "Amazon")
        assert maps.orders(state, options) == {"Amazon": Foreseen(text, *read)}
        assert maps.orders(state, options) == {}, "handed over once"
        service.resolver.resolve_day("C0", day=2, moderator="gm")
        state = end_state(service)
        other = {**options, "parallel_combat": not options["parallel_combat"]}
        assert maps.orders(state, other) == {}, "worked out with the options it is read with"
        assert in_play(read_state(state, catalog()), "Amazon"), "she has orders on day 3"

        def not_here(*_: object, **__: object) -> str:
            raise AssertionError("the orders worked out ahead are taken, as they read there")

        monkeypatch.setattr(bot.resolution, "autopilot_orders", not_here)
        monkeypatch.setattr(bot.resolution, "parse_standing", not_here)
        service.resolver.resolve_day("C0", day=3, moderator="gm")
    finally:
        service.publisher.draw_in(None)
    assert service.campaigns.campaign("C0").day == 4


def test_a_map_is_foreseen_by_its_state_s_text_and_only_the_latest_are_kept(
    maps: MapPool,
) -> None:
    data = catalog()
    texts = [new_game(data, seed, ["Amazon"]).to_json() for seed in range(FORESEEN + 1)]
    for text in texts:
        maps.foresee(text)
    assert maps.foreseen(texts[0]) is None, "the oldest is let go"
    drawing = maps.foreseen(texts[-1])
    assert drawing is not None
    assert drawing.result(timeout=60) == public_map(data, texts[-1])
    assert maps.foreseen(texts[-1]) is None
    assert maps.draw(texts[1]).result(timeout=60) == public_map(data, texts[1])
    assert maps.foreseen(texts[1]) is None, "draw takes the drawing foreseen"
    for text in texts[2:-1]:
        maps.foreseen(text)


def demo(folder: Path, days: int, seed: int, characters: str) -> Path:
    """The demo's folder of a campaign of ``characters`` played ``days`` days from ``seed``."""
    settings = Settings(
        output_dir=folder, demo_days=days, demo_seed=seed, demo_characters=characters
    )
    run_demo(settings, echo=lambda _: None)
    return folder / "Demo"


def same_files(one: Path, other: Path) -> list[Path]:
    """The files of ``one``, asserted to be those of ``other``, byte for byte."""
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(other) for p in other.rglob("*") if p.is_file())
    _, mismatch, errors = filecmp.cmpfiles(one, other, [str(p) for p in files], shallow=False)
    assert (mismatch, errors) == ([], [])
    return files


def test_the_demo_writes_the_same_files_with_its_worker_as_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pooled = demo(tmp_path / "pooled", 3, 5, "Amazon,Elf,Dwarf")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # one core: the demo has no worker
    alone = demo(tmp_path / "alone", 3, 5, "Amazon,Elf,Dwarf")
    assert any(p.suffix == ".png" for p in same_files(alone, pooled))


def test_the_demo_holding_each_day_s_reports_writes_what_posting_them_at_once_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo holds a day's reports for the next day's resolution to post once its engine
    has run (Publisher.hold): the files are those of each day posted as soon as it is
    resolved, as the bot posts them."""

    held = demo(tmp_path / "held", 4, 9, "Amazon,Witch,Dwarf")

    def at_once(self: bot.publishing.Publisher, ended: bot.publishing.Ended) -> None:
        assert self.publish(ended.ref, ended)

    monkeypatch.setattr(bot.publishing.Publisher, "hold", at_once)
    posted = demo(tmp_path / "posted", 4, 9, "Amazon,Witch,Dwarf")
    files = same_files(posted, held)
    assert sum(1 for p in files if p.suffix == ".png") >= 5, "the start's map and four days'"


def test_reports_held_are_posted_by_the_next_resolution_before_its_own_messages(
    service: CampaignService,
) -> None:
    """Day 1's reports held (Publisher.hold) are left by the next day's publish_left and
    posted by its resolution in its unit of work, ahead of the messages that resolution adds
    (the Amazon's standing orders, mended at Birdsong); publish takes the reports held."""
    service.campaigns.create("Held", moderator="gm", seed=4)
    service.campaigns.join("Held", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Held", moderator="gm")
    with session_scope(service.engine) as session:
        seat = session.exec(select(Seat)).one()
        seat.standing_orders = "M XX9, H"
    ended: list[bot.publishing.Ended] = []
    service.resolver.resolve_day("Held", day=1, moderator="gm", post=False, ended=ended)
    service.publisher.hold(ended[0])
    service.publisher.publish_left("Held")
    assert service.campaigns.campaign("Held").report_due == 1, "left to the next resolution"
    before = len(service.store.undelivered(1000))
    later: list[bot.publishing.Ended] = []
    service.resolver.resolve_day("Held", day=2, moderator="gm", post=False, ended=later)
    new = [(m.kind, m.content.splitlines()[0]) for m in service.store.undelivered(1000)[before:]]
    day_1 = [i for i, (_, head) in enumerate(new) if "Day 1" in head or "day 2 is open" in head]
    assert day_1 == [0, 1, 2], "the public report, the deadline, the Amazon's own"
    mended = [i for i, (kind, head) in enumerate(new) if kind == "dm" and "day 2" in head]
    assert mended == [3], "her standing orders mended, told after them"
    assert service.campaigns.campaign("Held").report_due == 2
    service.publisher.hold(later[0])
    assert service.publisher.publish("Held"), "publish takes the reports held"
    assert service.campaigns.campaign("Held").report_due is None
    assert not service.publisher.publish("Held"), "posted once"


def test_workers_started_in_the_background_draw_and_are_ended() -> None:
    before = set(multiprocessing.active_children())
    pool = MapPool(catalog(), workers=1)
    pool.start()
    text = new_game(catalog(), 3, ["Elf"]).to_json()
    assert pool.draw(text).result(timeout=60) == public_map(catalog(), text)
    pool.close()
    assert set(multiprocessing.active_children()) == before, "no worker is left"
    closed = MapPool(catalog(), workers=1)
    closed.close()
    closed.start()  # a pool closed before it started starts nothing
    assert set(multiprocessing.active_children()) == before
