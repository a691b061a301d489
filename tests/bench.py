"""Benchmarks, run by ``make bench``: the figures of the README's performance section.

Each benchmark runs its subject several times and prints the median (and best) wall-clock time;
memory is the peak RSS one run adds (never ``tracemalloc``, which misses Pillow's buffers and
slows what it watches). The pipeline's benchmarks (maps, the month as a process) are
:mod:`tests.bench_pipeline`'s, the campaigns due at once (woken by the scheduler, delivered)
:mod:`tests.bench_sweep`'s, the big fight's Evening :mod:`tests.bench_evening`'s. These are
measurements, never assertions: nothing here can fail a build. A benchmark built on a crafted
state checks, outside the timed part, that the state still makes the workload its name says, and
stops if not.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

from bot import collector
from bot.event_text import english
from bot.service import CampaignService
from db import repo
from db.engine import checkpoint, make_engine, session_scope
from db.migrate import upgrade
from rules.autopilot import autopilot_all
from rules.catalog import Catalog, catalog, load_catalog
from rules.day.engine import resolve
from rules.dice import Dice, DiceState
from rules.events import Event
from rules.orders.model import Orders
from rules.orders.parse import parse_orders
from rules.setup.game import new_game
from rules.setup.mapgen import MapStats, random_map_with_stats
from rules.state import GameState, Place
from tests.bench_cli import cli_benchmark
from tests.bench_evening import at_sunset_fighting, big_fight_benchmark
from tests.bench_pace import pace_benchmark
from tests.bench_pipeline import map_benchmarks, month_process_benchmark
from tests.bench_storage import storage_benchmark
from tests.bench_sweep import sweep_benchmark
from tests.fights import quiet_plays, stage_giant_fight
from tests.measure import timed


def measure(name: str, subject: Callable[[int], object], repeat: int = 7) -> float:
    """Run ``subject(i)`` for i in range(repeat); print its median and best wall-clock times and
    return the median."""
    timings = timed(subject, repeat)
    median, best = statistics.median(timings), min(timings)
    print(f"{name:<48} median {median * 1000:8.1f} ms   best {best * 1000:8.1f} ms")
    return median


def percentiles(name: str, subject: Callable[[int], object], repeat: int) -> None:
    """Run ``subject(i)`` ``repeat`` times; print the median and 99th percentile."""
    timings = sorted(timed(subject, repeat))
    median = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"{name:<48} median {median * 1000:8.2f} ms   p99  {p99 * 1000:8.2f} ms")


def sixteen_character_orders(data: Catalog, state: GameState) -> dict[str, str]:
    """The autopilot's orders for every character of ``state`` (``rules.autopilot.autopilot_all``),
    each checked, outside any timing, to parse: a refused order stops the benchmark, with its
    problems (a benchmark that silently drops a character measures a smaller day)."""
    texts = autopilot_all(state, list(state.characters), catalog=data)
    for name, text in texts.items():
        result = parse_orders(text, state, name, catalog=data)
        if result.orders is None:
            problems = "; ".join(f"{p.code.value}: {english(p.message)}" for p in result.errors)
            raise RuntimeError(
                f"the benchmark's orders for {name} are refused ({problems}): {text!r}"
            )
    return texts


def parsed(data: Catalog, state: GameState, texts: dict[str, str]) -> dict[str, Orders]:
    """``texts`` parsed for ``state``; every one must parse (:func:`sixteen_character_orders`)."""
    orders = {}
    for name, text in texts.items():
        result = parse_orders(text, state, name, catalog=data).orders
        if result is None:
            raise RuntimeError(f"the orders for {name} are refused: {text!r}")
        orders[name] = result
    return orders


def parse_percentiles(data: Catalog, state: GameState, texts: dict[str, str]) -> None:
    """Parsing and validating one character's orders, ``texts`` in turn, 200 times each (3,200
    samples for 16 characters): the median and the 99th percentile. The catalog is frozen out of
    the garbage collector as the running bot does (``bot.collector.settle``), and tracemalloc,
    which slows every allocation, must not be tracing."""
    if tracemalloc.is_tracing():
        raise RuntimeError("tracemalloc is tracing: the parse percentiles would measure it")
    collector.settle()
    names = list(texts)
    percentiles(
        f"parse and validate one character's orders ({len(names) * 200} samples)",
        lambda i: parse_orders(
            texts[names[i % len(names)]], state, names[i % len(names)], catalog=data
        ),
        repeat=len(names) * 200,
    )


def combats_of(events: Sequence[Event]) -> list[int]:
    """The rounds of each combat that ``events`` end (their ``combat_ended`` events)."""
    return [e.fields["rounds"] for e in events if e.type == "combat_ended"]


def whole_day(data: Catalog, state: GameState, texts: dict[str, str]) -> None:
    """A whole day (Birdsong to Midnight) for 16 characters on the autopilot's orders ``texts``,
    the Evening's combats included. Checked once, untimed: no decision pending and at least one
    combat fought."""
    orders = parsed(data, state, texts)
    first = resolve(state, orders, catalog=data)
    rounds = combats_of(first.events)
    if first.pending or not rounds:
        raise RuntimeError(
            f"the whole-day benchmark fights no combat ({len(rounds)} combats, pending "
            f"{len(first.pending)}): change its seed"
        )
    measure(
        f"a whole day, {len(orders)} chars, autopilot orders",
        lambda _: resolve(state, orders, catalog=data),
        repeat=15,
    )
    print(f"{'a whole day: combats':<48} {len(rounds)} ({sum(rounds)} rounds)")


#: The day-time table's campaign: its seed, the casts' sizes and the days played.
TABLE_SEED, TABLE_SIZES, TABLE_DAYS = 5, (1, 4, 8, 16), 7


def day_table(data: Catalog) -> None:
    """Median milliseconds per day of a week (:data:`TABLE_DAYS` days) of an autopilot campaign
    of 1, 4, 8 and 16 characters (the first of the catalog's order, game seed
    :data:`TABLE_SEED`): the autopilot writing the orders of those alive, parsing them, and
    resolving the day through its combats to Midnight (:func:`one_day`). The combats fought are
    counted."""
    print(
        f"{'day-time table, median ms per day':<48} {'orders':>7} {'parse':>7} {'resolve':>8} "
        f"{'total':>7}  combats (rounds)"
    )
    for size in TABLE_SIZES:
        state = new_game(data, TABLE_SEED, list(data.characters)[:size])
        parts: list[tuple[float, float, float]] = []
        rounds: list[int] = []
        for _ in range(TABLE_DAYS):
            state, times, fought = one_day(data, state)
            parts.append(times)
            rounds += fought
        medians = [statistics.median(p[i] for p in parts) * 1000 for i in range(3)]
        total = statistics.median(sum(p) for p in parts) * 1000
        label = f"  {size} character{'s' if size > 1 else ''}"
        print(
            f"{label:<48} {medians[0]:7.1f} {medians[1]:7.1f} {medians[2]:8.1f} {total:7.1f}  "
            f"{len(rounds)} ({sum(rounds)})"
        )


def one_day(
    data: Catalog, state: GameState
) -> tuple[GameState, tuple[float, float, float], list[int]]:
    """One day of an autopilot campaign from ``state``: the next day's state, the seconds the
    autopilot took to write the orders of those alive, parsing them (every one must parse) and
    resolving the day (each the median of three runs from the same state: all three are pure),
    and the rounds of each combat fought."""
    alive = [n for n, sheet in state.characters.items() if not sheet.dead]
    texts = autopilot_all(state, alive, catalog=data)
    orders = parsed(data, state, texts)
    resolution = resolve(state, orders, catalog=data)
    times = (
        statistics.median(timed(lambda _: autopilot_all(state, alive, catalog=data), 3)),
        statistics.median(timed(lambda _: parsed(data, state, texts), 3)),
        statistics.median(timed(lambda _: resolve(state, orders, catalog=data), 3)),
    )
    return resolution.state, times, combats_of(resolution.events)


#: The Evening benchmark's four clearings: woods clearings of four tiles (every tile is on every
#: map) with nothing in them at setup on the maps of the seeds below.
EVENING_CLEARINGS = ("BL1", "NW2", "LW2", "L1")

#: The Evening benchmark's states: a name, the game's seed and each clearing's monster. The first
#: is the workload named (every clearing fights three rounds: one exchange of blows that kills
#: the monster, then the two quiet rounds that end combat, 8.8.2); the second fights longer,
#: Tremendous monsters that turn red keeping combat going (8.4.7d.4): 6 to 9 rounds a clearing.
EVENINGS = (
    ("4 fights of 3 rounds", 1, ("Ogre 1", "Ogre 2", "Viper 1", "Viper 2")),
    (
        "4 fights, Tremendous",
        5,
        ("Tremendous Troll 1", "Tremendous Troll 2", "Tremendous Spider", "Tremendous Serpent"),
    ),
)


def evening_state(data: Catalog, seed: int, monsters: tuple[str, ...]) -> GameState:
    """A game of all 16 characters (``new_game``, ``seed``) standing at Sunset: four characters,
    in the catalog's order, in each of :data:`EVENING_CLEARINGS`, unhidden so that the monsters
    are assigned to them (8.3.5b), with that clearing's monster of ``monsters``; the day's turn
    order (the Encounter Step's, 8.3.2) is the catalog's order. Each character's orders are a
    blank phase and the autopilot's standing combat instructions (``rules.autopilot.fighting``:
    attack any attacker on his sheet with his strongest Fight chit, maneuver when attacked, run
    with three wounds), put into ``today.orders`` as Birdsong would have recorded them."""
    state = new_game(data, seed, list(data.characters))
    for clearing in EVENING_CLEARINGS:
        if state.at(Place.clearing(clearing)):
            raise RuntimeError(f"the Evening benchmark's {clearing} is not empty (seed {seed})")
    for index, name in enumerate(data.characters):
        state.put(name, Place.clearing(EVENING_CLEARINGS[index // 4]))
        state.characters[name].hidden = False
    for clearing, monster in zip(EVENING_CLEARINGS, monsters, strict=True):
        state.put(monster, Place.clearing(clearing))
    return at_sunset_fighting(data, state, list(data.characters))


def evening_of(data: Catalog, state: GameState) -> Callable[[int], object]:
    """A subject resolving ``state``'s Evening: ``resolve`` works on a copy, so every run
    resolves the same input."""
    return lambda _: resolve(state, {}, catalog=data, until="evening")


def evening_benchmarks(data: Catalog) -> None:
    """The Evening (``resolve(..., until="evening")``) of each of :data:`EVENINGS`: 16
    characters fighting in four clearings. Each is checked once, untimed: no decision pending and
    every clearing fought at least three rounds (its ``combat_ended`` event's ``rounds``)."""
    for label, seed, monsters in EVENINGS:
        state = evening_state(data, seed, monsters)
        first = resolve(state, {}, catalog=data, until="evening")
        rounds = {
            e.fields["at"]: e.fields["rounds"] for e in first.events if e.type == "combat_ended"
        }
        if first.pending or set(rounds) != set(EVENING_CLEARINGS) or min(rounds.values()) < 3:
            raise RuntimeError(
                f"the Evening benchmark {label!r} no longer fights three rounds or more in each "
                f"clearing ({rounds}, pending {len(first.pending)}): change its monsters"
            )
        killed = sum(1 for e in first.events if e.type == "killed")
        median = measure(
            f"Evening, 16 chars, {label}",
            evening_of(data, state),
            repeat=15,
        )
        total = sum(rounds.values())
        print(
            f"{'Evening, ' + label + ': rounds':<48} "
            + ", ".join(f"{c} {rounds[c]}" for c in EVENING_CLEARINGS)
            + f" ({total} in all, {median / total * 1000:.1f} ms per round); {killed} killed"
        )


def month_benchmark(data: Catalog) -> None:
    """A 28-day month, 16 characters on autopilot orders (move, hide, rest, and the standing
    combat instructions: fight what attacks them, 8), denizens prowling, appearing, blocking and
    regenerating (6.3, 7.12, 7.13): each day the autopilot writes the orders of the characters
    still alive (``rules.autopilot.autopilot_orders``; the dead give none), they are parsed and
    the day is resolved from Birdsong through the Evening's combats to Midnight."""
    state = new_game(data, 11, list(data.characters))
    days, engine, summoned, combats, rounds, last_death = [], [], 0, 0, 0, 0
    for _ in range(28):
        alive = [name for name, sheet in state.characters.items() if not sheet.dead]
        start = time.perf_counter()
        texts = autopilot_all(state, alive, catalog=data)
        written = time.perf_counter()
        parsed = {n: parse_orders(t, state, n, catalog=data).orders for n, t in texts.items()}
        resolution = resolve(
            state, {n: o for n, o in parsed.items() if o is not None}, catalog=data
        )
        end = time.perf_counter()
        days.append(end - start)
        engine.append(end - written)
        summoned += sum(1 for e in resolution.events if e.type == "summoned")
        ended = [e for e in resolution.events if e.type == "combat_ended"]
        combats += len(ended)
        rounds += sum(e.fields["rounds"] for e in ended)
        if any(resolution.state.characters[n].dead for n in alive):
            last_death = state.day
        state = resolution.state
    for label, timings in (("with autopilot orders", days), ("parse + resolve only", engine)):
        print(
            f"{'28-day month, 16 chars, prowling: ' + label:<48} total  {sum(timings):8.2f} s"
            f"    median/day {statistics.median(timings) * 1000:6.1f} ms"
        )
    print(f"{'28-day month: summonings':<48} {summoned}")
    dead = sum(1 for sheet in state.characters.values() if sheet.dead)
    print(
        f"{'28-day month: combats':<48} {combats} ({rounds} rounds); {dead} of 16 characters "
        f"killed, the last on day {last_death}"
    )


def service_benchmarks(data: Catalog) -> None:
    """Order submission through the service."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        service = CampaignService(engine, data)
        service.campaigns.create("Bench", moderator="gm", seed=1)
        service.campaigns.join("Bench", player="p1", player_name="P1", character="Amazon")
        service.campaigns.start("Bench", moderator="gm")
        percentiles(
            "submit orders through the service",
            lambda i: service.players.submit_orders(
                "Bench", player="p1", text="H, R" if i % 2 else "H"
            ),
            repeat=200,
        )


def window_benchmarks(data: Catalog) -> None:
    """Combat windows through the service (issue 14): 20 campaigns, each with two characters
    and a Giant in one clearing, forced to their first window; then every window answered by
    DM plays: an answer only accepted (others in the window wait), or one closing the window
    and opening the next (the engine resuming from the window's snapshot). The answers that end
    the day, whose time is the day's reports and map, are not counted. The database is the
    bot's: checkpointed between campaigns, not in the middle of a commit
    (:func:`db.engine.checkpoint`)."""
    collector.settle()  # as the running bot does (bot.cli)
    accepted: list[float] = []
    opened: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(
            f"sqlite:///{Path(folder) / 'windows.db'}", background_checkpoints=True
        )
        upgrade(engine)
        service = CampaignService(engine, data)
        for n in range(20):
            name = f"W{n}"
            service.campaigns.create(
                name, moderator="gm", seed=n, options={"wait_for_decisions": True}
            )
            service.campaigns.join(name, player=f"{name}a", player_name="A", character="Amazon")
            service.campaigns.join(
                name, player=f"{name}b", player_name="B", character="Black Knight"
            )
            service.campaigns.start(name, moderator="gm")
            stage_giant_fight(engine, n + 1, "Amazon", "Black Knight")
            service.players.submit_orders(name, player=f"{name}a", text="R")
            service.players.submit_orders(name, player=f"{name}b", text="R")
            service.resolver.resolve_day(name, day=1)
            for _ in range(40):
                kinds = _open_kinds(service, name)
                if not kinds:
                    break
                for player, character in ((f"{name}a", "Amazon"), (f"{name}b", "Black Knight")):
                    text = quiet_plays(kinds.get(character, set()))
                    if text is None:
                        continue
                    start = time.perf_counter()
                    reply = service.plays.answer_plays(name, player=player, text=text)
                    elapsed = time.perf_counter() - start
                    if "Waiting" in reply.text:
                        accepted.append(elapsed)
                    elif _open_kinds(service, name):
                        opened.append(elapsed)
            checkpoint(engine)  # as the bot's scheduler does every minute, off the requests
    for label, timings in (
        ("combat window: plays accepted", accepted),
        ("combat window: last plays, next window opened", opened),
    ):
        ordered = sorted(timings)
        median = statistics.median(ordered)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(
            f"{label:<48} median {median * 1000:8.2f} ms   p99  {p99 * 1000:8.2f} ms"
            f"   ({len(ordered)} answers)"
        )


def _open_kinds(service: CampaignService, name: str) -> dict[str, set[str]]:
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=name)
        assert campaign is not None and campaign.id is not None
        kinds: dict[str, set[str]] = {}
        for decision in repo.open_decisions(session, campaign_id=campaign.id):
            kinds.setdefault(decision.character, set()).add(decision.kind)
        return kinds


def help_process() -> None:
    """``realmbot --help`` as a new process: Python's start-up and what the command line imports
    before a command runs."""
    script = Path(sys.executable).with_name("realmbot")

    def run(_: int) -> None:
        subprocess.run([str(script), "--help"], check=True, capture_output=True)

    measure("realmbot --help, as a process", run, repeat=9)


def main() -> None:
    data = catalog()
    everyone = list(data.characters)
    help_process()
    measure("load and validate the whole catalog", lambda _: load_catalog())
    measure("new game, 16 characters", lambda i: new_game(data, i, everyone), repeat=15)

    stats: list[MapStats] = []

    def one_map(seed: int) -> None:
        stats.append(random_map_with_stats(data, Dice(DiceState(seed=seed)))[1])

    measure("random legal map (200 seeds)", one_map, repeat=200)
    took_back = sum(1 for s in stats if s.backtracks)
    restarted = sum(1 for s in stats if s.restarts)
    print(f"{'random legal map: tiles taken back (3.2.3b.6)':<48} in {took_back} of {len(stats)}")
    print(f"{'random legal map: whole new deals':<48} in {restarted} of {len(stats)}")

    map_benchmarks(data)

    state = new_game(data, 5, everyone)
    texts = sixteen_character_orders(data, state)
    parse_percentiles(data, state, texts)
    whole_day(data, state, texts)
    day_table(data)
    evening_benchmarks(data)
    big_fight_benchmark(data)
    big_fight_benchmark(data, spells=True)
    month_benchmark(data)
    service_benchmarks(data)
    window_benchmarks(data)
    sweep_benchmark(data)
    month_process_benchmark(data)
    storage_benchmark()
    cli_benchmark()
    pace_benchmark()


if __name__ == "__main__":
    main()
