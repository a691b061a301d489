"""Benchmarks, run by ``make bench``: the figures of the README's performance section.

Each benchmark runs its subject several times and prints the median (and best) wall-clock time;
memory is the peak traced by ``tracemalloc`` during one run. These are measurements, never
assertions: nothing here can fail a build.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bot.mapimage import render_map
from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules.autopilot import autopilot_all
from rules.catalog import Catalog, catalog, load_catalog
from rules.day.engine import resolve
from rules.dice import Dice, DiceState
from rules.orders.model import ActivityKind
from rules.orders.parse import legal_activities, parse_orders
from rules.setup.game import new_game
from rules.setup.mapgen import MapStats, random_map_with_stats
from rules.state import GameState
from rules.view import MODERATOR, view_for


def timed(subject: Callable[[int], object], repeat: int) -> list[float]:
    """The wall-clock time of ``subject(i)`` for each i in range(repeat), in seconds."""
    timings = []
    for i in range(repeat):
        start = time.perf_counter()
        subject(i)
        timings.append(time.perf_counter() - start)
    return timings


def measure(name: str, subject: Callable[[int], object], repeat: int = 7) -> None:
    """Run ``subject(i)`` for i in range(repeat); print its median and best wall-clock times."""
    timings = timed(subject, repeat)
    median, best = statistics.median(timings), min(timings)
    print(f"{name:<48} median {median * 1000:8.1f} ms   best {best * 1000:8.1f} ms")


def percentiles(name: str, subject: Callable[[int], object], repeat: int) -> None:
    """Run ``subject(i)`` ``repeat`` times; print the median and 99th percentile."""
    timings = sorted(timed(subject, repeat))
    median = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"{name:<48} median {median * 1000:8.2f} ms   p99  {p99 * 1000:8.2f} ms")


def sixteen_character_orders(state: GameState) -> dict[str, str]:
    """Autopilot-style orders: each character moves along the first road he may use, hides,
    rests and moves on, as far as his phases allow."""
    orders = {}
    for name in state.characters:
        moves = [
            a
            for a in legal_activities(state, name, 1)
            if a.kind is ActivityKind.MOVE and a.target != "Edge"
        ]
        orders[name] = f"M {moves[0].target}, H, R" if moves else "H, R"
    return orders


def peak_memory(name: str, subject: Callable[[], object]) -> None:
    """Print the peak memory ``subject`` allocates (tracemalloc)."""
    tracemalloc.start()
    subject()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{name:<48} peak   {peak / 2**20:8.1f} MiB")


def month_benchmark(data: Catalog) -> None:
    """A 28-day month, 16 characters on autopilot orders (move, hide, rest), denizens prowling,
    appearing, blocking and regenerating (6.3, 7.12, 7.13): each day's orders are written by the
    autopilot, parsed and resolved from Birdsong through Midnight."""
    state = new_game(data, 11, list(data.characters))
    days, engine, summoned = [], [], 0
    for _ in range(28):
        start = time.perf_counter()
        texts = autopilot_all(state, state.characters, catalog=data)
        written = time.perf_counter()
        parsed = {n: parse_orders(t, state, n, catalog=data).orders for n, t in texts.items()}
        resolution = resolve(
            state, {n: o for n, o in parsed.items() if o is not None}, catalog=data
        )
        end = time.perf_counter()
        days.append(end - start)
        engine.append(end - written)
        summoned += sum(1 for e in resolution.events if e.type == "summoned")
        state = resolution.state
    for label, timings in (("with autopilot orders", days), ("parse + resolve only", engine)):
        print(
            f"{'28-day month, 16 chars, prowling: ' + label:<48} total  {sum(timings):8.2f} s"
            f"    median/day {statistics.median(timings) * 1000:6.1f} ms"
        )
    print(f"{'28-day month: summonings':<48} {summoned}")


def service_benchmarks(data: Catalog) -> None:
    """Order submission through the service, and 200 campaigns due at once resolved."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        service = CampaignService(engine, data)
        service.create("Bench", moderator="gm", seed=1)
        service.join("Bench", player="p1", player_name="P1", character="Amazon")
        service.start("Bench", moderator="gm")
        percentiles(
            "submit orders through the service",
            lambda i: service.submit_orders("Bench", player="p1", text="H, R" if i % 2 else "H"),
            repeat=200,
        )

    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'many.db'}")
        upgrade(engine)
        service = CampaignService(engine, data)
        for n in range(200):
            service.create(f"C{n}", moderator="gm", seed=n)
            for seat, name in enumerate(("Amazon", "Elf", "Dwarf"), start=1):
                service.join(f"C{n}", player=f"p{n}-{seat}", player_name="P", character=name)
            service.start(f"C{n}", moderator="gm")
        tracemalloc.start()
        start = time.perf_counter()
        for name in [f"C{n}" for n in range(200)]:
            service.resolve_day(name, day=1)
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"{'200 campaigns due at once, resolved end to end':<48} total  {elapsed:8.1f} s"
            f"    peak {peak / 2**20:6.1f} MiB"
        )


def main() -> None:
    data = catalog()
    everyone = list(data.characters)
    measure("load and validate the whole catalog", lambda _: load_catalog())
    measure("new game, 16 characters", lambda i: new_game(data, i, everyone), repeat=15)
    peak_memory("new game, 16 characters", lambda: new_game(data, 0, everyone))

    stats: list[MapStats] = []

    def one_map(seed: int) -> None:
        stats.append(random_map_with_stats(data, Dice(DiceState(seed=seed)))[1])

    measure("random legal map (200 seeds)", one_map, repeat=200)
    took_back = sum(1 for s in stats if s.backtracks)
    restarted = sum(1 for s in stats if s.restarts)
    print(f"{'random legal map: tiles taken back (3.2.3b.6)':<48} in {took_back} of {len(stats)}")
    print(f"{'random legal map: whole new deals':<48} in {restarted} of {len(stats)}")

    view = view_for(data, new_game(data, 1, everyone), MODERATOR)
    measure("full-map PNG (moderator view)", lambda _: render_map(data, view))

    state = new_game(data, 5, everyone)
    texts = sixteen_character_orders(state)
    names = list(texts)
    percentiles(
        "parse and validate one character's orders",
        lambda i: parse_orders(texts[names[i % 16]], state, names[i % 16], catalog=data),
        repeat=400,
    )
    day = {n: parse_orders(t, state, n, catalog=data).orders for n, t in texts.items()}
    orders = {n: o for n, o in day.items() if o is not None}
    measure(
        "a whole day, 16 characters (Daylight + Midnight)",
        lambda _: resolve(state, orders, catalog=data),
        repeat=15,
    )
    month_benchmark(data)
    service_benchmarks(data)


if __name__ == "__main__":
    main()
