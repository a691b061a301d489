"""Another process holding a SQLite database's write lock, for the tests that prove a writer
waits its turn (:func:`holding`)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_HOLD = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("held", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("COMMIT")
"""


@contextmanager
def holding(path: Path, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """A process that holds the write lock of the SQLite file at ``path`` for ``seconds`` (from
    the moment the block starts), then commits; waited for at the block's end."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield holder
    finally:
        holder.wait(timeout=seconds + 30)
