"""The command line's benchmark (issue 31): each ``realmbot local`` read command and a
submission, timed as a process from start to exit, against its goal (a read under 300 ms, a
submission under 500 ms).

:func:`cli_benchmark` prepares a local campaign (three players, day 1 resolved, so there is a
report, a journal and rolls to read), then runs each command several times as a subprocess and
prints the median wall-clock time and the median CPU time (user and system, of the child) for a
warm compiled catalog (``bot.catalog_cache``: its file written by an earlier run) and for a
cold one (the cache folder emptied before every run). Python's bytecode is cached for the
children in a folder of their own (``PYTHONPYCACHEPREFIX``), as an installed realmbot's is,
whatever ``PYTHONDONTWRITEBYTECODE`` says. Every command is checked, untimed, to answer with
exit status 0 first: a benchmark of a refusal would measure something else. A measurement,
never an assertion.

``python -m tests.bench_cli [--runs N] [--checkout PATH]`` runs it alone (on another checkout's
code for a before-and-after); ``make bench`` runs it too.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from tests.measure import installed_environment

READ_GOAL = 0.300
SUBMIT_GOAL = 0.500
CAMPAIGN = "Valley"
#: The players, their characters, and the orders they send every day.
SEATS = (("alice", "Amazon"), ("bob", "Black Knight"), ("carol", "Dwarf"))
ORDERS = "H, H\n"


def _commands(db: str, orders: Path) -> list[tuple[str, list[str], float]]:
    """Each timed command: its label, its arguments after ``realmbot``, and its goal."""
    local = ["local", "--db", db]
    return [
        ("realmbot --help", ["--help"], READ_GOAL),
        ("realmbot --version", ["--version"], READ_GOAL),
        ("local list", [*local, "list"], READ_GOAL),
        ("local status", [*local, "status", CAMPAIGN], READ_GOAL),
        (
            "local sheet (a player's own)",
            [*local, "sheet", CAMPAIGN, "--player", "alice"],
            READ_GOAL,
        ),
        ("local history (public)", [*local, "history", CAMPAIGN, "--day", "1"], READ_GOAL),
        (
            "local history (a player's journal)",
            [*local, "history", CAMPAIGN, "--day", "1", "--player", "alice"],
            READ_GOAL,
        ),
        (
            "local rolls (a moderator)",
            [*local, "rolls", CAMPAIGN, "--day", "1", "--moderator", "gm"],
            READ_GOAL,
        ),
        (
            "local orders (a submission)",
            [*local, "orders", CAMPAIGN, "--player", "bob", str(orders)],
            SUBMIT_GOAL,
        ),
    ]


def _environment(scratch: Path, checkout: Path) -> dict[str, str]:
    """The children's environment: ``checkout`` first on the path, bytecode cached in
    ``scratch``, and the compiled catalog's cache in ``scratch/cache``."""
    env = installed_environment(scratch)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(checkout), env.get("PYTHONPATH")) if p)
    return env


def _run(argv: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[float, float, str]:
    """Run ``realmbot argv`` once: its wall-clock time, its CPU time, and what it printed;
    a non-zero exit stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *argv],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise RuntimeError(f"realmbot {' '.join(argv)} exited {done.returncode}: {done.stderr}")
    return wall, cpu, done.stdout


def prepare(scratch: Path, env: dict[str, str]) -> tuple[str, Path]:
    """A local campaign of :data:`SEATS` with day 1 resolved, and the orders file; returns the
    database URL and the file."""
    db = f"sqlite:///{scratch / 'game.db'}"
    orders = scratch / "orders.txt"
    orders.write_text(ORDERS, encoding="utf-8")
    local = ["local", "--db", db]
    _run([*local, "create", CAMPAIGN, "--moderator", "gm", "--seed", "5"], env, scratch)
    for player, character in SEATS:
        _run([*local, "join", CAMPAIGN, "--player", player, "--character", character], env, scratch)
    _run([*local, "start", CAMPAIGN, "--moderator", "gm"], env, scratch)
    for player, _ in SEATS:
        _run([*local, "orders", CAMPAIGN, "--player", player, str(orders)], env, scratch)
    _run([*local, "resolve", CAMPAIGN, "--day", "1", "--moderator", "gm"], env, scratch)
    return db, orders


#: This checkout: the code the benchmark measures unless told another.
CHECKOUT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def resident(env: dict[str, str], cwd: Path) -> Iterator[dict[str, str]]:
    """A resident process (``realmbot local serve``, :mod:`bot.resident`) for the time of the
    block; yields the environment whose commands it answers."""
    served = dict(env, XDG_RUNTIME_DIR=str(cwd / "resident"))
    server = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "local", "serve", "--idle", "30"],
        env=served,
        cwd=cwd,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        if not server.stdout.readline().startswith("listening on "):
            raise RuntimeError("realmbot local serve did not start")
        yield served
    finally:
        server.terminate()
        server.communicate(timeout=60)


def cli_benchmark(runs: int = 5, checkout: Path = CHECKOUT) -> None:
    """Time each command of :func:`_commands` ``runs`` times warm and ``runs`` times cold, as
    the code of ``checkout`` runs it alone, and ``runs`` times answered by a resident process;
    print the medians against the goals."""
    with tempfile.TemporaryDirectory(prefix="realmbot-bench-cli-") as folder:
        scratch = Path(folder)
        env = _environment(scratch, checkout)
        env["XDG_RUNTIME_DIR"] = str(scratch / "alone")  # no resident process answers these
        db, orders = prepare(scratch, env)
        cache = scratch / "cache"
        commands = _commands(db, orders)
        with resident(env, scratch) as served:
            answered = {}
            for label, argv, _goal in commands:
                _run(argv, served, scratch)
                answered[label] = [_run(argv, served, scratch)[:2] for _ in range(runs)]
        print(
            f"command line as a process, {checkout} ({runs} runs each; wall median, CPU median; "
            "alone: warm = compiled catalog cached, cold = cache emptied; resident = answered "
            "by `realmbot local serve`, CPU the caller's)"
        )
        for label, argv, goal in commands:
            _run(argv, env, scratch)  # checked to answer, and the cache left warm
            warm = [_run(argv, env, scratch)[:2] for _ in range(runs)]
            cold = []
            for _ in range(runs):
                shutil.rmtree(cache, ignore_errors=True)
                cold.append(_run(argv, env, scratch)[:2])
            wall = statistics.median(w for w, _ in warm)
            cpu = statistics.median(c for _, c in warm)
            cold_wall = statistics.median(w for w, _ in cold)
            served_wall = statistics.median(w for w, _ in answered[label])
            served_cpu = statistics.median(c for _, c in answered[label])
            print(
                f"{label:<36} alone: warm {wall * 1000:5.0f} ms (CPU {cpu * 1000:4.0f} ms), "
                f"cold {cold_wall * 1000:5.0f} ms, goal < {goal * 1000:.0f} ms: "
                f"{_verdict(wall, goal)}   resident: {served_wall * 1000:4.0f} ms "
                f"(CPU {served_cpu * 1000:3.0f} ms): {_verdict(served_wall, goal)}"
            )


def _verdict(wall: float, goal: float) -> str:
    return "meets" if wall < goal else "OVER"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_cli", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument(
        "--checkout", type=Path, default=CHECKOUT, help="the checkout to measure (default: this)"
    )
    args = parser.parse_args(argv)
    cli_benchmark(args.runs, args.checkout.resolve())


if __name__ == "__main__":
    main()
