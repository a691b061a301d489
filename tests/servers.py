"""What the tests' throwaway servers share: ``tests/pg.py``'s PostgreSQL and
``tests/mailserver.py``'s Dovecot.

Each is needed in CI and merely welcome elsewhere: :func:`unavailable` skips a test whose server
cannot be had, saying why, and fails it in CI (``CI=true``). Each listens on a free port of
127.0.0.1 (:func:`free_port`). And each is watched by a guard (:func:`start_guard`): a small
process of the server's module (``python -m <module> guard ...``) whose standard input is a
pipe only the test process holds open. However the test process ends — a normal stop, Ctrl-C,
``SIGTERM``, even ``SIGKILL`` — the pipe closes, :func:`wait_for_release` returns in the guard,
and the guard stops the server (if it still runs) and deletes its directory. The guard runs in a
session of its own and ignores ``SIGINT`` and ``SIGTERM``, so a signal sent to the whole process
group does not take it before it has done its work.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

#: How long :func:`release_guard` waits for a released guard to end.
RELEASE_TIMEOUT_S = 60


def in_ci() -> bool:
    """Whether the tests run in CI (``CI`` set to ``true`` or ``1``)."""
    return os.environ.get("CI", "").strip().casefold() in ("true", "1", "yes")


def unavailable(server: str, reason: str) -> NoReturn:
    """Skip the test that needs ``server`` (its name, e.g. ``PostgreSQL``), saying why; in CI,
    fail it."""
    if in_ci():
        pytest.fail(f"{server} is required in CI (CI=true) but {reason}", pytrace=False)
    pytest.skip(f"{server} not available: {reason}")


def free_port() -> int:
    """A TCP port of 127.0.0.1 free a moment ago (another process may take it before the
    server binds it: the servers' ``start`` tries again)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_guard(module: str, *arguments: str) -> subprocess.Popen[bytes]:
    """Start the guard ``python -m <module> guard <arguments>`` (a module of ``tests``), run
    from the project's folder, in a session of its own, its standard input a pipe."""
    return subprocess.Popen(
        [sys.executable, "-m", module, "guard", *arguments],
        cwd=Path(__file__).resolve().parents[1],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def release_guard(guard: subprocess.Popen[bytes]) -> None:
    """Close the guard's pipe (it ends, finding nothing to stop) and wait for it."""
    if guard.stdin is not None:
        guard.stdin.close()
    try:
        guard.wait(RELEASE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        guard.kill()


def wait_for_release() -> None:
    """In the guard: ignore ``SIGINT`` and ``SIGTERM``, then wait for the end of standard input
    (the test process closed its pipe, or ended)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stdin.buffer.read()
