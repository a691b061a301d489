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
from db.models import OutboxMessage, Snapshot
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


def test_the_demo_writes_the_same_files_with_its_worker_as_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def demo(folder: Path) -> Path:
        settings = Settings(
            output_dir=folder, demo_days=3, demo_seed=5, demo_characters="Amazon,Elf,Dwarf"
        )
        run_demo(settings, echo=lambda _: None)
        return folder / "Demo"

    pooled = demo(tmp_path / "pooled")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # one core: the demo has no worker
    alone = demo(tmp_path / "alone")
    files = sorted(p.relative_to(alone) for p in alone.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(pooled) for p in pooled.rglob("*") if p.is_file())
    assert any(p.suffix == ".png" for p in files)
    _, mismatch, errors = filecmp.cmpfiles(alone, pooled, [str(p) for p in files], shallow=False)
    assert (mismatch, errors) == ([], [])


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
