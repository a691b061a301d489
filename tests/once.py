"""A costly value worked out once for a whole test run, however many pytest-xdist workers share
it: the first worker to ask works it out and leaves it pickled in the run's common temporary
folder (the parent of each worker's own, as pytest-xdist lays them out), the others wait on a
lock and read it. Without workers it is simply worked out."""

from __future__ import annotations

import fcntl
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")


def once(factory: pytest.TempPathFactory, worker: str, name: str, make: Callable[[], T]) -> T:
    """``make()``, worked out by one worker of the run and read by the others (``worker``: the
    ``worker_id`` fixture, ``master`` without workers); ``name`` names the value in the run."""
    if worker == "master":
        return make()
    folder: Path = factory.getbasetemp().parent
    path = folder / f"once-{name}.pickle"
    with (folder / f"once-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            value: T = pickle.loads(path.read_bytes())
            return value
        value = make()
        path.write_bytes(pickle.dumps(value))
        return value
