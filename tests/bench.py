"""Benchmarks, run by ``make bench``: wall-clock figures for the README's performance section.

Each benchmark runs its subject several times and prints the median and the best run. These are
measurements, never assertions: nothing here can fail a build.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from rules.catalog import load_catalog


def measure(name: str, subject: Callable[[], object], repeat: int = 7) -> None:
    """Run ``subject`` ``repeat`` times and print its median and best wall-clock times."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        subject()
        timings.append(time.perf_counter() - start)
    median, best = statistics.median(timings), min(timings)
    print(f"{name:<40} median {median * 1000:8.1f} ms   best {best * 1000:8.1f} ms")


def main() -> None:
    measure("load and validate the whole catalog", load_catalog)


if __name__ == "__main__":
    main()
