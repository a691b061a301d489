"""``python -m tests.proofs.fuzz [--seed N] [--inputs N] [--workers N]``: the fuzz suite's full
form (issue 20).

It sends ``--inputs`` texts (default 1,000,000; :func:`tests.proofs.fuzz_inputs.nth_input`) to
the doors of :mod:`tests.proofs.fuzz_doors`, spread over the machine's cores, and counts:
crashes (an exception that is not the door's refusal), inputs read in over 100 ms of CPU time,
round-trip failures (an accepted order whose echo does not read back to the same orders) and
echo leaks (a mention, markup or invisible character in an echo, or raw in what Discord is
sent). It prints each as a ``figure:`` line, with up to five examples of each finding (their
input numbers replay them), and exits 1 if any was found.

A read is timed in the CPU time of the thread that reads it (:func:`time.thread_time`), not on
the wall clock: a machine shared with other work pauses a process now and then, and such a
pause is not the parser's. One over 100 ms is timed twice more and counted only if the fastest
of the three is still over (a garbage collection may fall in one read).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from tests.proofs.fuzz_doors import CAST, DOORS, REFUSED, Answer, findings, world
from tests.proofs.fuzz_inputs import nth_input

LIMIT_MS = 100.0
EXAMPLES = 5


@dataclass
class Tally:
    """What a batch of inputs gave: counts, the slowest read, and examples of each finding."""

    inputs: int = 0
    accepted: int = 0
    slowest_ms: float = 0.0
    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.accepted += other.accepted
        self.slowest_ms = max(self.slowest_ms, other.slowest_ms)
        self.counts.update(other.counts)
        for kind, examples in other.examples.items():
            self.examples.setdefault(kind, []).extend(examples)

    def found(self, kind: str, example: str) -> None:
        self.counts[kind] += 1
        mine = self.examples.setdefault(kind, [])
        if len(mine) < EXAMPLES:
            mine.append(example)


def _read(kind: str, text: str, character: str) -> tuple[Answer | None, str | None, float]:
    """The door's answer (None when refused), the crash if any, and the CPU time it took in
    ms."""
    start = time.thread_time()
    try:
        answer: Answer | None = DOORS[kind](text, character)
        crash = None
    except REFUSED:
        answer, crash = None, None
    except Exception as error:  # any other exception is the finding
        answer, crash = None, f"{type(error).__name__}: {error}"[:300]
    return answer, crash, (time.thread_time() - start) * 1000


def check(seed: int, index: int, tally: Tally) -> None:
    """Send input ``index`` of run ``seed`` to its door and add what it gave to ``tally``."""
    kind, text = nth_input(world().grammar, seed, index)
    character = CAST[index % len(CAST)]
    answer, crash, took = _read(kind, text, character)
    if took > LIMIT_MS:
        took = min([took, *(_read(kind, text, character)[2] for _ in range(2))])
    tally.inputs += 1
    tally.slowest_ms = max(tally.slowest_ms, took)
    where = f"#{index} {kind} {text[:120]!r}"
    if took > LIMIT_MS:
        tally.found("over-100-ms", f"{where}: {took:.0f} ms")
    if crash is not None:
        tally.found("crash", f"{where}: {crash}")
        return
    if answer is None:
        return
    tally.accepted += answer.accepted
    for finding in findings(kind, text, answer):
        name = finding.partition(":")[0]
        tally.found(name, f"{where}: {finding}")


def batch(job: tuple[int, int, int]) -> Tally:
    """Inputs ``start`` to ``start + count`` of run ``seed``."""
    seed, start, count = job
    tally = Tally()
    for index in range(start, start + count):
        check(seed, index, tally)
    return tally


def run(seed: int, inputs: int, workers: int) -> Tally:
    """Every input of the run, in batches over ``workers`` processes."""
    size = 2_000
    jobs = [(seed, start, min(size, inputs - start)) for start in range(0, inputs, size)]
    total = Tally()
    if workers <= 1:
        for job in jobs:
            total.add(batch(job))
        return total
    with multiprocessing.get_context("fork").Pool(workers, initializer=world) as pool:
        for done in pool.imap_unordered(batch, jobs):
            total.add(done)
    return total


def main(argv: list[str]) -> int:
    """Run the suite; print its figures and examples; 0 only if it found nothing wrong."""
    parser = argparse.ArgumentParser(prog="python -m tests.proofs.fuzz")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    world()  # built before the workers fork, so that each has it
    tally = run(args.seed, args.inputs, args.workers)
    seconds = time.perf_counter() - start
    kinds = ("crash", "over-100-ms", "round-trip", "echo-leak", "discord-leak")
    for kind in kinds:
        for example in tally.examples.get(kind, [])[:EXAMPLES]:
            print(f"{kind}: {example}")
    print(f"figure: seed: {args.seed}")
    print(f"figure: inputs: {tally.inputs}")
    print(f"figure: accepted: {tally.accepted}")
    print(f"figure: crashes: {tally.counts['crash']}")
    print(f"figure: inputs over 100 ms: {tally.counts['over-100-ms']}")
    print(f"figure: slowest ms: {tally.slowest_ms:.1f}")
    print(f"figure: round-trip failures: {tally.counts['round-trip']}")
    print(f"figure: echo leaks: {tally.counts['echo-leak'] + tally.counts['discord-leak']}")
    print(f"figure: seconds: {seconds:.0f}")
    return 1 if any(tally.counts[kind] for kind in kinds) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
