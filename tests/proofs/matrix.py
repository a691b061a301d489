"""The full database matrix: every test that takes a database, run on PostgreSQL too.

``make test`` runs on PostgreSQL only the modules whose SQL differs between the databases
(``tests/conftest.py``, ``BOTH_DATABASES``) and the rest on SQLite; this suite runs the
PostgreSQL variant of every other test as well (``pytest -m postgres --all-databases``), so
together they cover the whole matrix. Extra arguments go to pytest.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


def main(argv: list[str]) -> int:
    """Run the PostgreSQL variants of every database test; pytest's exit status."""
    tests = str(Path(__file__).resolve().parent.parent)
    return int(pytest.main(["-q", "-m", "postgres", "--all-databases", *argv, tests]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
