"""The tests' throwaway PostgreSQL server (``tests/pg.py``): a test run killed with ``SIGTERM``,
or even ``SIGKILL``, leaves no server running and no directory behind (issue 31). The same holds
for the throwaway Dovecot (``tests/mailserver.py``, ``tests/test_mailserver.py``)."""

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
#: application's imports, which would only slow it down), says where it is and waits to be killed;
#: ``{module}`` is the server's module of ``tests`` (its ``start`` and its server's ``stop``).
HOLDER = """\
import json, os, time
from pathlib import Path

import pytest

from tests import {module} as servers


@pytest.fixture(scope="session")
def server():
    started = servers.start()
    try:
        yield started
    finally:
        started.stop()


def test_holds_the_server(server):
    Path(os.environ["HELD"]).write_text(
        json.dumps({{"port": server.port, "root": str(server.root)}}), encoding="utf-8"
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


#: The signals a test run is killed with.
KILLS = pytest.mark.parametrize(
    "kill", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"]
)


@KILLS
def test_a_killed_run_leaves_no_server_behind(tmp_path: Path, kill: signal.Signals) -> None:
    if pg.find_bindir() is None:
        pg.unavailable("no PostgreSQL binaries")
    kill_a_run_holding(tmp_path, kill, "pg")


def kill_a_run_holding(tmp_path: Path, kill: signal.Signals, module: str) -> None:
    """Start a test run holding the server of ``tests/<module>.py``, kill it with ``kill`` once
    the server runs, and see the server stop and its directory go."""
    holder = HOLDER.format(module=module)
    (tmp_path / "test_holder.py").write_text(holder, encoding="utf-8")
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
