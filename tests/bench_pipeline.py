"""Benchmarks of the whole pipeline (issue 18), run by ``make bench`` after :mod:`tests.bench`:
the map picture and a month of the demo as a process (the campaigns due at once are
:mod:`tests.bench_sweep`'s).

Times are wall-clock medians; memory is the peak resident set size (RSS) a subject adds,
read from Linux's ``/proc/self/status`` after resetting its high-water mark (``clear_refs``),
which counts Pillow's buffers that ``tracemalloc`` misses. Nothing here asserts: these are
measurements. Each workload checks, outside the timed part, that it is the one its name says.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bot.maps import DEFAULT_SCALE, kept, render_map
from bot.maps.palette import palette
from bot.maps.render import tile_sprite
from bot.maps.tiles import sprite_size
from rules.catalog import Catalog, catalog
from rules.setup.game import new_game
from rules.view import MODERATOR, view_for
from tests.measure import installed_environment, machine_pace, peak_rss, timed


def _median_ms(subject: Callable[[int], object], repeat: int) -> float:
    return statistics.median(timed(subject, repeat)) * 1000


def uncached() -> None:
    """Nothing of the map kept in the user's cache (:mod:`bot.maps.kept`): an empty one (the
    one before removed)."""
    before = os.environ.get("XDG_CACHE_HOME", "")
    if Path(before).name.startswith(_SCRATCH):
        shutil.rmtree(before, ignore_errors=True)
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix=_SCRATCH)
    kept.folder.cache_clear()


_SCRATCH = "realmbot-bench-"


def map_benchmarks(data: Catalog) -> None:
    """One full map (moderator view, all 16 characters): again (its tiles drawn before), new
    (a new random map: every tile drawn), and the first of a process (its palette chosen);
    the last two with nothing kept in the user's cache (:mod:`bot.maps.kept`)."""
    everyone = list(data.characters)
    views = [view_for(data, new_game(data, seed, everyone), MODERATOR) for seed in range(1, 12)]
    first = views[0]

    def cold(_: int) -> None:
        uncached()
        palette.cache_clear()
        tile_sprite.cache_clear()
        render_map(data, first)

    def new(i: int) -> None:
        uncached()
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


#: The month's game seed: one in which all 16 characters live the 28 days, so that every day
#: has the work of 16. Found by ``python -m tests.bench_seed``, which screens seeds in the engine
#: alone: of seeds 1 to 199 played whole, most lose all but a few (the demo's default, 7, loses
#: all 16) and the best, 15 and 62, lose one; screening on to each seed's first death, 3623 was
#: the first of seeds 3200 to 3623 (and none of 200 to about 700) to keep all 16.
MONTH_SEED = 3623


def survivors(database: Path) -> list[str]:
    """The characters alive and in play in the latest saved game of the demo's ``database``
    (never killed: one killed and restarted has left his ``departed`` record)."""
    with sqlite3.connect(database) as connection:
        query = "SELECT state FROM snapshot ORDER BY id DESC LIMIT 1"
        (text,) = connection.execute(query).fetchone()
    connection.close()
    sheets = json.loads(text)["characters"]
    return [n for n, s in sheets.items() if not s.get("dead") and not s.get("departed")]


def month_process_benchmark(data: Catalog, repeat: int = 5) -> None:
    """``realmbot run`` as a new process: the demo campaign of all 16 characters on autopilot,
    28 days from game seed :data:`MONTH_SEED`, through the campaign service on a fresh SQLite
    file, writing every report, map and private message to a folder (the main job of ``make
    run``). Python's bytecode and the compiled catalog are cached for the children in a folder of
    their own, as an installed realmbot's are (whatever ``PYTHONDONTWRITEBYTECODE`` says): a
    first run, not counted, fills them, and the median is of ``repeat`` warm runs (with the cold
    run counted among three, the median was the slower of two warm ones), printed with the
    fastest and the slowest, and the machine's pace then (:func:`tests.measure.machine_pace`).
    The wall-clock and CPU (user and system) times are the child
    process's, the CPU with its worker's (on a machine of more than one
    core the demo draws its maps and works out the autopilot's orders in a worker process,
    :mod:`bot.demo`); the workload is checked after each run: all 16 characters
    must have lived the whole month (an engine change may make the seed lose some: the benchmark
    then stops)."""
    script = Path(sys.executable).with_name("realmbot")
    timings, cpu, paces = [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(repeat + 1):
            paces.append(machine_pace())
            with tempfile.TemporaryDirectory() as folder:
                env = installed_environment(Path(scratch))
                env.pop("DISCORD_TOKEN", None)
                env |= {
                    "OUTPUT_DIR": folder,
                    "DEMO_DAYS": "28",
                    "DEMO_SEED": str(MONTH_SEED),
                    "DEMO_CHARACTERS": ",".join(data.characters),
                }
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([str(script), "run"], check=True, capture_output=True, env=env)
                if run:  # the first fills the caches
                    timings.append(time.perf_counter() - start)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                files = sum(1 for p in Path(folder).rglob("*") if p.is_file())
                alive = survivors(Path(folder) / "demo.db")
            lost = sorted(set(data.characters) - set(alive))
            if lost:
                raise RuntimeError(
                    f"the month of seed {MONTH_SEED} no longer keeps all 16 characters alive "
                    f"({', '.join(lost)} lost): find another with python -m tests.bench_seed"
                )
    print(
        f"{'28-day month, 16 chars, as a process (realmbot run)':<48} median "
        f"{statistics.median(timings):8.2f} s ({min(timings):.2f}-{max(timings):.2f})   "
        f"cpu {statistics.median(cpu):6.2f} s   "
        f"(seed {MONTH_SEED}: all {len(alive)} characters lived the 28 days; {files} files; "
        f"the machine's pace {statistics.median(paces):.0f} ms, tests.measure.machine_pace)"
    )


if __name__ == "__main__" and sys.argv[1:] == ["map-memory"]:
    print(f"{_map_memory():.2f}")
elif __name__ == "__main__" and sys.argv[1:] == ["month"]:
    month_process_benchmark(catalog())
