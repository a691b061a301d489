"""Crash consistency (issue 20): the driver (:mod:`tests.proofs.crash_driver`) killed with
SIGKILL inside random steps — a resolution, a mid-day decision, a combat window, a delivery by
either transport — and started again, until its campaigns have played their days; then the
checks of :mod:`tests.proofs.crash_checks`: every day resolved once, every outbox message
delivered exactly once by its campaign's transport (against the driver's journal), the
database's integrity, and the same outcome as a run without kills (same seed, same orders).

``python -m tests.proofs.crashes [--kills N] [--no-postgres] [--seed S]`` is the full form
(200 kills, half on SQLite and half on PostgreSQL, over two processes); :func:`campaign_run`
is what the quick form (``test_crashes.py``) runs. Each kill lands in a kind of step chosen at
random (a resolution, an answer or play, either delivery), in one of its next few, at a random
moment inside it.
"""

from __future__ import annotations

import argparse
import os
import random
import select
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

from tests import pg
from tests.proofs import crash_checks, crash_driver

#: The kills of one campaign run at most (then it runs to its end unkilled).
KILLS_PER_RUN = 8
#: The kinds of step a kill aims at, each as likely (the driver's step names).
TARGETS: tuple[tuple[str, ...], ...] = (
    ("resolve",),
    ("answer", "plays"),
    ("deliver-local",),
    ("deliver-discord",),
)
#: A kill lands in one of the next this many steps of its kind.
AHEAD = 4
#: The longest a kill waits inside its step (seconds).
MAX_DELAY = 0.12
#: The longest one launch of the driver may take (seconds): longer is a problem (a hang).
LAUNCH_TIMEOUT = 120.0
#: How many seeds the campaigns vary over (each compared with its own run without kills).
SEEDS = 3


@dataclass
class Tally:
    """What campaign runs found; added up over runs."""

    kills: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    runs: int = 0
    campaigns: int = 0
    days: int = 0
    delivered: int = 0
    resends: int = 0
    rewritten: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.kills.update(other.kills)
        self.phases.update(other.phases)
        self.runs += other.runs
        self.campaigns += other.campaigns
        self.days += other.days
        self.delivered += other.delivered
        self.resends += other.resends
        self.rewritten += other.rewritten
        self.problems += other.problems


@dataclass
class Launch:
    """One launch of the driver: whether it was killed, in which step, and its exit status."""

    killed: bool
    step: str
    status: int
    steps: tuple[str, ...] = ()


def launch(
    url: str, folder: Path, *, kill_in: tuple[str, ...] = (), nth: int = 0, delay: float = 0.0
) -> Launch:
    """Run the driver in a forked child; with ``kill_in``, SIGKILL it ``delay`` seconds after
    it starts its ``nth`` step of those kinds (if it gets there)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the driver, then out without any of the parent's cleanup
        os.close(read)
        status = 0
        try:
            crash_driver.run(url, folder / "out", folder / "journal", write)
        except BaseException:
            traceback.print_exc()
            status = 1
        os._exit(status)
    os.close(write)
    steps: list[str] = []
    buffer = b""
    killed = False
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    kill_at: float | None = None
    while True:
        wait = deadline - time.monotonic()
        if kill_at is not None:
            wait = min(wait, kill_at - time.monotonic())
        ready, _, _ = select.select([read], [], [], max(wait, 0))
        if ready:
            chunk = os.read(read, 65536)
            if not chunk:
                break
            buffer += chunk
            *lines, rest = buffer.split(b"\n")
            buffer = rest
            steps += [line.decode() for line in lines]
            aimed = sum(step in kill_in for step in steps)
            if kill_in and kill_at is None and aimed >= nth:
                kill_at = time.monotonic() + delay
        now = time.monotonic()
        if (kill_at is not None and now >= kill_at) or now >= deadline:
            os.kill(pid, signal.SIGKILL)
            killed = kill_at is not None and now >= kill_at
            while chunk := os.read(read, 65536):  # the steps it started before it died
                buffer += chunk
            steps += [line.decode() for line in buffer.split(b"\n") if line]
            break
    os.close(read)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    last = steps[-1] if steps else "start"
    return Launch(killed, last, 0 if killed else code, tuple(steps))


def play(
    url: str,
    folder: Path,
    rng: random.Random | None,
    kills: int,
    expected: Counter[tuple[str, ...]] | None = None,
) -> tuple[list[str], list[str], Counter[tuple[str, ...]]]:
    """Run the driver on ``url`` (prepared), killing it ``kills`` times at random (``rng``:
    a kind of step from :data:`TARGETS` that a run has ``expected`` more of than it did so
    far, one of its next :data:`AHEAD`, a moment in it) before letting it finish; the steps
    it was killed in, the problems, and the steps the run took, by kind."""
    folder.mkdir(parents=True, exist_ok=True)
    killed_in: list[str] = []
    done: Counter[tuple[str, ...]] = Counter()
    while rng is not None and len(killed_in) < kills:
        left = {t: (expected or Counter())[t] - done[t] for t in TARGETS}
        ahead = [t for t in TARGETS if left[t] > 0] or list(TARGETS)
        target = rng.choice(ahead)
        result = launch(
            url,
            folder,
            kill_in=target,
            nth=rng.randrange(1, max(1, min(AHEAD, left[target] - 1)) + 1),
            delay=rng.uniform(0, MAX_DELAY),
        )
        done.update(_kinds(result.steps[:-1]))  # the last one is to do again
        if result.status != 0:
            return killed_in, [f"the driver failed (status {result.status}) in {result.step}"], done
        if not result.killed:
            return killed_in, [], done  # it finished first: the campaigns are over
        killed_in.append(result.step)
    final = launch(url, folder)
    done.update(_kinds(final.steps))
    if final.status != 0:
        return killed_in, [f"the driver failed (status {final.status}) in {final.step}"], done
    return killed_in, [], done


def _kinds(steps: Sequence[str]) -> Counter[tuple[str, ...]]:
    """How many steps of each of :data:`TARGETS` ``steps`` holds."""
    return Counter(t for step in steps for t in TARGETS if step in t)


Reference = dict[tuple[str, int], dict[str, Any]]
_REFERENCES: Reference = {}
_STEPS: dict[tuple[str, int], Counter[tuple[str, ...]]] = {}


@contextmanager
def database(kind: str, postgres: str | None) -> Iterator[str]:
    """A new empty database of ``kind`` (SQLite in a temporary folder, or on the PostgreSQL
    server ``postgres``), dropped afterwards."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="crash-") as folder:
            yield f"sqlite:///{folder}/realm.db"
        return
    assert postgres is not None
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    name = f"crash_{os.getpid()}_{time.monotonic_ns()}"
    try:
        pg.create_database_on(admin, name)
        yield postgres.rsplit("/", 1)[0] + f"/{name}"
    finally:
        pg.drop_database_on(admin, name)
        admin.dispose()


def reference(kind: str, seed: int, postgres: str | None) -> dict[str, Any]:
    """The outcome of a run without kills of the campaigns with ``seed`` (computed once)."""
    key = (kind, seed)
    if key not in _REFERENCES:
        with database(kind, postgres) as url, tempfile.TemporaryDirectory() as folder:
            crash_driver.prepare(url, seed=seed)
            _, problems, steps = play(url, Path(folder), None, 0)
            assert not problems, problems
            _REFERENCES[key] = crash_checks.outcome(url)
            _STEPS[key] = steps
    return _REFERENCES[key]


def campaign_run(
    kind: str, seed: int, rng_seed: int, kills: int, postgres: str | None = None
) -> Tally:
    """One campaign run: the driver killed ``kills`` times, then checked (see the module)."""
    tally = Tally(runs=1)
    rng = random.Random(rng_seed)
    expected = reference(kind, seed, postgres)
    with database(kind, postgres) as url, tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        crash_driver.prepare(url, seed=seed)
        killed_in, problems, _ = play(url, folder, rng, kills, _STEPS[(kind, seed)])
        tally.kills[kind] += len(killed_in)
        tally.phases.update(killed_in)
        got = crash_checks.outcome(url)
        problems += crash_checks.differences(got, expected)
        problems += crash_checks.resolved_once(got)
        problems += crash_checks.integrity(url)
        found = crash_checks.deliveries(url, folder / "journal", folder / "out")
        problems += found.problems
        tally.delivered += found.delivered
        tally.resends += found.resends
        tally.rewritten += found.rewritten
        tally.campaigns += len(got)
        tally.days += sum(min(c["day"] - 1, crash_driver.DAYS) for c in got.values())
    tally.problems += [f"{kind} run {rng_seed}: {p}" for p in problems]
    return tally


def _work(job: tuple[str, int, int, int, str | None]) -> Tally:
    kind, seed, rng_seed, kills, postgres = job
    return campaign_run(kind, seed, rng_seed, kills, postgres)


def jobs(kills: dict[str, int], seed: int, first: int, postgres: str | None) -> list[Any]:
    """Campaign runs that make ``kills`` kills on each kind of database, numbered from
    ``first`` (which chooses their seeds and where their kills land)."""
    planned = []
    number = first
    for kind, share in kills.items():
        while share > 0:
            take = min(KILLS_PER_RUN, share)
            planned.append((kind, number % SEEDS, seed * 10_000 + number, take, postgres))
            share -= take
            number += 1
    return planned


def main(argv: list[str], echo: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.proofs.crashes")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    cluster = None if args.no_postgres else pg.start()
    try:
        postgres = None if cluster is None else cluster.url()
        kinds = ["sqlite"] if cluster is None else ["sqlite", "postgresql"]
        wanted = {
            kind: args.kills // len(kinds) + (1 if index < args.kills % len(kinds) else 0)
            for index, kind in enumerate(kinds)
        }
        total = Tally()
        with ProcessPoolExecutor(args.workers) as pool:
            short = wanted
            while short and not total.problems:  # a run that ends first makes fewer kills
                planned = jobs(short, args.seed, total.runs, postgres)
                for tally in pool.map(_work, planned):
                    total.add(tally)
                short = {k: n - total.kills[k] for k, n in wanted.items() if total.kills[k] < n}
    finally:
        if cluster is not None:
            cluster.stop()
    for kind in kinds:
        echo(f"figure: kills on {kind}: {total.kills[kind]}")
    for step, count in sorted(total.phases.items()):
        echo(f"figure: kills in step {step}: {count}")
    echo(f"figure: campaign runs: {total.runs}")
    echo(f"figure: campaigns: {total.campaigns}")
    echo(f"figure: days resolved: {total.days}")
    echo(f"figure: messages delivered: {total.delivered}")
    echo(f"figure: resends caught by their nonce (Discord): {total.resends}")
    echo(f"figure: messages written again to their own files (local): {total.rewritten}")
    echo(f"figure: problems: {len(total.problems)}")
    for problem in total.problems[:40]:
        echo(f"  {problem}")
    echo(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 1 if total.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
