"""Benchmarks of the whole pipeline (issue 18), run by ``make bench`` after :mod:`tests.bench`:
the map picture, many campaigns due at once, and a month of the demo as a process.

Times are wall-clock medians; memory is the peak resident set size (RSS) a subject adds,
read from Linux's ``/proc/self/status`` after resetting its high-water mark (``clear_refs``),
which counts Pillow's buffers that ``tracemalloc`` misses. Nothing here asserts: these are
measurements. Each workload checks, outside the timed part, that it is the one its name says.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bot.maps import DEFAULT_SCALE, render_map
from bot.maps.palette import palette
from bot.maps.render import tile_sprite
from bot.maps.tiles import sprite_size
from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules.catalog import Catalog, catalog
from rules.setup.game import new_game
from rules.view import MODERATOR, view_for
from tests.measure import peak_rss, status, timed

#: The campaigns of the sweep: how many are due at once.
SWEEP = (10, 100, 1000)
#: Each sweep campaign's characters.
SWEEP_CAST = ("Amazon", "Elf", "Dwarf")


def _median_ms(subject: Callable[[int], object], repeat: int) -> float:
    return statistics.median(timed(subject, repeat)) * 1000


def map_benchmarks(data: Catalog) -> None:
    """One full map (moderator view, all 16 characters): again (its tiles drawn before), new
    (a new random map: every tile drawn), and the first of a process (its palette chosen)."""
    everyone = list(data.characters)
    views = [view_for(data, new_game(data, seed, everyone), MODERATOR) for seed in range(1, 12)]
    first = views[0]

    def cold(_: int) -> None:
        palette.cache_clear()
        tile_sprite.cache_clear()
        render_map(data, first)

    def new(i: int) -> None:
        tile_sprite.cache_clear()
        render_map(data, views[1 + i % 10])

    render_map(data, first)
    for label, ms in (
        ("first of a process", _median_ms(cold, 5)),
        ("a new map (every tile drawn)", _median_ms(new, 10)),
        ("tiles drawn before", _median_ms(lambda _: render_map(data, first), 20)),
    ):
        print(f"{'full-map PNG, ' + label:<48} median {ms:8.1f} ms")
    size = len(render_map(data, first))
    child = subprocess.run(
        [sys.executable, "-m", "tests.bench_pipeline", "map-memory"],
        check=True,
        capture_output=True,
        text=True,
    )
    width, height = sprite_size(DEFAULT_SCALE)
    kept = 20 * width * height / 2**20  # a palette sprite is a byte a pixel
    print(
        f"{'full-map PNG: memory':<48} peak RSS +{float(child.stdout):.1f} MiB (a new process's "
        f"first map after its palette; its 20 tiles, kept, are {kept:.1f} MiB); {size // 1024} KiB"
    )


def _map_memory() -> float:
    """The peak RSS one map adds to a new process whose palette is chosen: its canvas, its
    patches, its PNG and its tiles' sprites (kept)."""
    data = catalog()
    view = view_for(data, new_game(data, 1, list(data.characters)), MODERATOR)
    palette(data)
    return peak_rss(lambda: render_map(data, view))


def sweep_benchmark(data: Catalog) -> None:
    """Campaigns of three characters due at once, each resolved end to end (engine, SQLite,
    reports, the public map, the outbox), one after another as the scheduler's wake-ups come;
    a fresh database for each size of :data:`SWEEP`. The memory shown is the process's peak RSS
    while they resolve (what resolving keeps does not grow with their number)."""
    print(f"{'campaigns due at once':<24}{'total':>10}{'per campaign':>16}{'process RSS':>14}")
    for count in SWEEP:
        with tempfile.TemporaryDirectory() as folder:
            engine = make_engine(f"sqlite:///{Path(folder) / 'sweep.db'}")
            upgrade(engine)
            service = CampaignService(engine, data)
            names = [f"C{n}" for n in range(count)]
            for n, name in enumerate(names):
                service.campaigns.create(name, moderator="gm", seed=n)
                for seat, cast in enumerate(SWEEP_CAST, start=1):
                    service.campaigns.join(
                        name, player=f"{name}-{seat}", player_name="P", character=cast
                    )
                service.campaigns.start(name, moderator="gm")
            start = time.perf_counter()
            peak_rss(partial(_resolve_all, service, names))
            peak = status("VmHWM") / 2**20  # the process's, while they resolved
            elapsed = time.perf_counter() - start
            resolved = sum(1 for name in names if service.campaigns.campaign(name).day == 2)
            if resolved != count:
                raise RuntimeError(f"only {resolved} of {count} campaigns resolved their day")
        print(f"{count:<24}{elapsed:>9.1f}s{elapsed / count * 1000:>13.1f} ms{peak:>10.1f} MiB")


def _resolve_all(service: CampaignService, names: list[str]) -> None:
    for name in names:
        service.resolver.resolve_day(name, day=1)


def month_process_benchmark(data: Catalog, repeat: int = 3) -> None:
    """``realmbot run`` as a new process: the demo campaign of all 16 characters on autopilot,
    28 days, through the campaign service on a fresh SQLite file, writing every report, map and
    private message to a folder (the main job of ``make run``)."""
    script = Path(sys.executable).with_name("realmbot")
    timings = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
            env |= {
                "OUTPUT_DIR": folder,
                "DEMO_DAYS": "28",
                "DEMO_CHARACTERS": ",".join(data.characters),
            }
            start = time.perf_counter()
            subprocess.run([str(script), "run"], check=True, capture_output=True, env=env)
            timings.append(time.perf_counter() - start)
            files = sum(1 for p in Path(folder).rglob("*") if p.is_file())
    print(
        f"{'28-day month, 16 chars, as a process (realmbot run)':<48} median "
        f"{statistics.median(timings):8.2f} s   ({files} files written)"
    )


if __name__ == "__main__" and sys.argv[1:] == ["map-memory"]:
    print(f"{_map_memory():.2f}")
