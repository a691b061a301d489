"""The tests' throwaway PostgreSQL server (``tests/pg.py``): a test run killed with ``SIGTERM``,
or even ``SIGKILL``, leaves no server running and no directory behind (issue 31)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import pg

PROJECT = Path(__file__).resolve().parent.parent

#: A test run that holds a server as tests/conftest.py's ``postgres`` fixture does (without the
#: application's imports, which would only slow it down), says where it is and waits to be killed.
HOLDER = """\
import json, os, time
from pathlib import Path

import pytest

from tests import pg


@pytest.fixture(scope="session")
def postgres():
    cluster = pg.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def test_holds_the_server(postgres):
    Path(os.environ["HELD"]).write_text(
        json.dumps({"port": postgres.port, "root": str(postgres.root)}), encoding="utf-8"
    )
    time.sleep(600)
"""

PATIENCE_S = 60


def listening(port: int) -> bool:
    """Whether something accepts connections on ``port`` of the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def until(condition: Callable[[], object], what: str) -> None:
    """Wait for ``condition``, failing saying ``what`` did not happen in time."""
    deadline = time.monotonic() + PATIENCE_S
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.mark.parametrize("kill", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_killed_run_leaves_no_server_behind(tmp_path: Path, kill: signal.Signals) -> None:
    if pg.find_bindir() is None:
        pg.unavailable("no PostgreSQL binaries")
    (tmp_path / "test_holder.py").write_text(HOLDER, encoding="utf-8")
    held = tmp_path / "held.json"
    env = {**os.environ, "HELD": str(held), "PYTHONPATH": str(PROJECT)}
    plugins = ["-p", "no:cacheprovider", "-p", "no:xdist"]
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", *plugins, "test_holder.py"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        until(lambda: held.exists() and held.read_text(encoding="utf-8"), "the server started")
    finally:
        run.send_signal(kill)
        run.wait(PATIENCE_S)
    server = json.loads(held.read_text(encoding="utf-8"))
    until(lambda: not listening(server["port"]), "the server stopped")
    until(lambda: not Path(server["root"]).exists(), "its directory deleted")
