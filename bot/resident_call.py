"""The caller's side of the resident command line (:mod:`bot.resident`): where its socket is,
and :func:`ask`, which hands a ``realmbot local`` command to the resident process if one listens.
It imports only the standard library's small modules: it is what every ``realmbot local``
command pays before knowing whether a resident process will answer (issue 31). The protocol:
the caller sends its request — its arguments, folder and environment, prefixed by their length
(:data:`LENGTH`) — with its standard input, output and error's descriptors; the fork running
the command answers a JSON object a line, its process id, then the command's exit status.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

#: The bytes of a request's length prefix (network order, unsigned).
LENGTH = struct.Struct("!I")
#: The signals a caller passes on to the process running its command.
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: The exit status of a command whose process ended without telling it (killed).
LOST = 1


def supported() -> bool:
    """Whether this system passes file descriptors over Unix sockets (Linux, BSD, macOS)."""
    return hasattr(socket, "AF_UNIX") and hasattr(socket, "send_fds")


def runtime_dir() -> Path:
    """The user's folder for the resident process's socket: ``$XDG_RUNTIME_DIR/realmbot``, or
    ``realmbot-<uid>`` in the system's temporary folder; made on first use, mode 0700."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base:
        return Path(base) / "realmbot"
    import tempfile

    return Path(tempfile.gettempdir()) / f"realmbot-{os.getuid()}"


def private_dir(folder: Path) -> bool:
    """Whether ``folder`` is a folder of this user's alone (made so if missing): a socket in a
    folder others can write to or read could be replaced or reached by them."""
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700, parents=True)
    info = folder.lstat()
    import stat

    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


def socket_path() -> Path:
    """The socket of this installation's resident process: one per interpreter prefix and
    package folder, so two checkouts or two virtual environments never answer for each other."""
    import hashlib

    package = Path(__file__).resolve().parent
    key = f"{sys.prefix}\0{package}".encode()
    return runtime_dir() / f"cli-{hashlib.sha256(key).hexdigest()[:16]}.sock"


def ask(argv: list[str]) -> int | None:
    """Run ``realmbot argv`` in the resident process, if one listens and takes it: the
    command's exit status, or None when the caller must run the command itself (no resident
    process, another user's, older code than the installed, or a standard stream closed)."""
    if not supported():
        return None
    path = socket_path()
    try:
        if not path.parent.is_dir() or not private_dir(path.parent):
            return None
    except OSError:  # a folder out of this user's reach
        return None
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with conn, _Forwarding() as forwarding:
        try:
            conn.connect(str(path))
            _send_request(conn, argv)
        except OSError:
            return None
        replies = _replies(conn)
        first = next(replies, None)
        if first is None or "pid" not in first:
            return None
        forwarding.to(int(first["pid"]))
        last = next(replies, None)
    if last is None or "status" not in last:
        if forwarding.sent:  # killed as the caller asked: the caller ends as it was told to
            signal.signal(forwarding.sent[-1], signal.SIG_DFL)
            signal.raise_signal(forwarding.sent[-1])
        sys.stderr.write("realmbot: the command's process ended without an exit status\n")
        return LOST
    return int(last["status"])


def _send_request(conn: socket.socket, argv: list[str]) -> None:
    """The request, and the caller's standard input, output and error with it."""
    streams = {
        name: [getattr(stream, "encoding", None), getattr(stream, "errors", None)]
        for name, stream in (("in", sys.stdin), ("out", sys.stdout), ("err", sys.stderr))
    }
    request = json.dumps(
        {"argv": argv, "cwd": str(Path.cwd()), "env": dict(os.environ), "streams": streams}
    ).encode("utf-8", "surrogateescape")
    data = LENGTH.pack(len(request)) + request
    sent = socket.send_fds(conn, [data[:4096]], [0, 1, 2])
    conn.sendall(data[sent:])


def _replies(conn: socket.socket) -> Iterator[dict[str, Any]]:
    """The resident side's replies, one JSON object a line, until it closes the connection."""
    buffer = b""
    while True:
        try:
            chunk = conn.recv(4096)
        except OSError:
            return
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            try:
                reply = json.loads(line)
            except ValueError:
                return
            if isinstance(reply, dict):
                yield reply


class _Forwarding:
    """While a caller waits: its interrupts and terminations passed on to the process running
    its command (which answers with its exit status as a process interrupted would), those
    that come before that process is known passed on once it is; on leaving, the caller's own
    handlers back, and a signal that reached no command acted on as they would."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.pending: list[int] = []
        self.sent: list[int] = []
        self.before: dict[int, Any] = {}

    def __enter__(self) -> _Forwarding:
        self.before = {signum: signal.signal(signum, self._caught) for signum in FORWARDED}
        return self

    def _caught(self, signum: int, _frame: FrameType | None) -> None:
        if self.pid is None:
            self.pending.append(signum)
        else:
            self._send(signum)

    def to(self, pid: int) -> None:
        """The command runs in ``pid``: the signals caught before are sent to it."""
        self.pid = pid
        while self.pending:
            self._send(self.pending.pop(0))

    def _send(self, signum: int) -> None:
        assert self.pid is not None
        self.sent.append(signum)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signum)

    def __exit__(self, *_exc: object) -> None:
        for signum, handler in self.before.items():
            signal.signal(signum, handler)
        if self.pending:  # nothing ran the command: the caller is interrupted itself
            signal.raise_signal(self.pending[0])
