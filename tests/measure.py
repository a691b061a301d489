"""Measuring for the benchmarks: wall-clock time and peak resident memory."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path


def timed(subject: Callable[[int], object], repeat: int) -> list[float]:
    """The wall-clock time of ``subject(i)`` for each i in range(repeat), in seconds."""
    timings = []
    for i in range(repeat):
        start = time.perf_counter()
        subject(i)
        timings.append(time.perf_counter() - start)
    return timings


def status(field: str) -> int:
    """A ``/proc/self/status`` memory field, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field} in /proc/self/status")


def peak_rss(subject: Callable[[], object]) -> float:
    """The peak RSS ``subject()`` adds to the process, in MiB (Linux)."""
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS
    before = status("VmRSS")
    subject()
    return (status("VmHWM") - before) / 2**20


def installed_environment(scratch: Path) -> dict[str, str]:
    """This process's environment for a benchmark's child process run as an installed realmbot
    runs: Python's bytecode cached in ``scratch/pycache`` (whatever ``PYTHONDONTWRITEBYTECODE``
    says) and the compiled catalog in ``scratch/cache``, so that a first run fills them and the
    next ones are warm."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    env["XDG_CACHE_HOME"] = str(scratch / "cache")
    return env


def machine_pace() -> float:
    """Milliseconds this machine takes now for a fixed piece of pure-Python work (a million
    dictionary updates): on a virtual machine whose neighbours take a share of its cores, the
    same work takes up to half as long again from one minute to the next, and a benchmark
    printed with this figure says which minute it ran in."""
    start = time.process_time()
    counts: dict[int, int] = {}
    for number in range(1_000_000):
        key = number % 1009
        counts[key] = counts.get(key, 0) + number
    return (time.process_time() - start) * 1000
