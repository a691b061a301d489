"""The resident command line: ``realmbot local serve`` keeps the engine, the service, the
catalog and the compiled templates loaded, and every ``realmbot local`` command run meanwhile
(by the same user, from the same installation) is answered by a copy of it, forked per
command, instead of a new interpreter importing them all again (issue 31, a command line that
answers at once: on a slow machine the imports alone cost most of a second).

The design is Mercurial's ``chg``: the command line connects to the resident process's Unix
socket and hands over its standard input, output and error (their file descriptors, passed
over the socket), its arguments, working folder and environment. The resident process forks;
the fork takes those descriptors, folder and environment as its own and runs the command
exactly as a new process would (:func:`bot.cli.run`), writing to the caller's terminal or
pipes; it sends the caller its process id, so that an interrupt (Ctrl-C) or a termination of
the caller is passed on to it, then the command's exit status, which the caller exits with.
Each command runs in a process of its own, as without the resident one: no state is carried
from one command to the next, and any number run at once.

The caller falls back to running the command itself, silently, when no resident process
listens, when it is another user's (the socket's folder is the user's alone, mode 0700, and
the resident process checks its caller's user id), or when the resident process's code is no
longer the installed code: it checks, before each command, that none of the files it loaded
(modules, templates, the game's data) has changed since, and if one has it declines and stops.
The resident process stops by itself after ``idle`` seconds without a command, or on SIGINT or
SIGTERM. One resident process serves one installation (its socket's name is a digest of the
interpreter's prefix and the package's folder).

The caller's side, :func:`bot.resident_call.ask`, is a module of its own, which imports only
the standard library's small modules: it is what every ``realmbot local`` command pays before
knowing whether a resident process will answer.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import struct
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from bot.resident_call import FORWARDED, LENGTH, LOST, private_dir, socket_path, supported

#: The largest request: arguments, folder and environment.
MAX_REQUEST = 1 << 20
#: How long the resident process waits for a connected caller's request.
REQUEST_PATIENCE = 5.0
#: The longest path of a Unix socket (``sun_path`` holds 108 bytes on Linux, 104 on BSD).
MAX_SOCKET_PATH = 100
#: The exit status of a command interrupted (Ctrl-C), as shells give it.
INTERRUPTED = 128 + signal.SIGINT


#: The packages a resident process does not load ahead.
_NOT_LOADED = (("bot", "discord"), ("db", "migrations"))


@dataclass(frozen=True)
class CommandLine:
    """The command line a resident process runs each command with (:mod:`bot.cli`'s): its
    parser, built once before the forks, and how a command runs in a process."""

    parser: argparse.ArgumentParser
    runner: Callable[[Sequence[str], argparse.ArgumentParser], int]

    def run(self, argv: Sequence[str]) -> int:
        """Run ``realmbot argv`` here; its exit status (SystemExit as argparse raises it)."""
        return self.runner(argv, self.parser)


def preload() -> None:
    """Load what commands use: every module of the engine, the database, the service and the
    command line (not the Discord transport's, nor the migrations' scripts, which only Alembic
    runs), the catalog, and every template compiled."""
    import importlib

    root = Path(__file__).resolve().parents[1]
    for path in sorted(root.glob("[bdr]*/**/*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[0] in ("bot", "db", "rules") and parts[:2] not in _NOT_LOADED:
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            importlib.import_module(name)
    from bot.catalog_cache import catalog
    from bot.render import compile_all

    catalog()
    compile_all()


def _rehearse(line: CommandLine) -> None:
    """Run a few commands on a scratch campaign, their output dropped: what a process does the
    first time only (the database's dialect loaded, the tables' mappings configured, patterns
    compiled) is then done once for every fork."""
    import io
    import tempfile

    from bot.catalog_cache import cache_dir
    from db.fresh import migrated_copy

    with tempfile.TemporaryDirectory(prefix="realmbot-resident-") as folder:
        database = Path(folder) / "rehearsal.db"
        migrated_copy(database, cache_dir())
        local = ["local", "--db", f"sqlite:///{database}"]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            line.run([*local, "create", "Rehearsal", "--moderator", "gm"])
            line.run([*local, "join", "Rehearsal", "--player", "p", "--character", "Amazon"])
            line.run([*local, "status", "Rehearsal"])
            line.run([*local, "list"])


def watched_files() -> dict[str, tuple[int, int]]:
    """The files the resident process's code is made of, each with its modification time and
    size: every loaded module's file (but the standard library's, which an installation does
    not change under a running process), the templates and the game's data."""
    root = Path(__file__).resolve().parents[1]
    paths = {str(getattr(module, "__file__", None) or "") for module in list(sys.modules.values())}
    for folder in (root / "templates", root / "rules" / "data"):
        paths.update(str(path) for path in folder.rglob("*") if path.is_file())
    paths.discard("")
    stdlib = str(Path(os.__file__).parent) + os.sep
    paths = {
        path
        for path in paths
        if not path.startswith(stdlib) or "-packages" + os.sep in path[len(stdlib) :]
    }
    stamps: dict[str, tuple[int, int]] = {}
    for path in paths:
        with contextlib.suppress(OSError):
            info = Path(path).stat()
            stamps[path] = (info.st_mtime_ns, info.st_size)
    return stamps


class Resident:
    """The resident process: its listening socket, the code it loaded, the time of its last
    command. :meth:`serve` answers callers until it stops."""

    def __init__(
        self,
        path: Path,
        idle: float,
        clock: Callable[[], float],
        echo: Callable[[str], None],
        line: CommandLine,
    ) -> None:
        self.path = path
        self.line = line
        self.idle = idle
        self.clock = clock
        self.echo = echo
        self.stamps = watched_files()
        self.last = clock()
        self.stopping = False
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(path))
        path.chmod(0o600)
        self.listener.listen(64)
        self.inode = path.stat().st_ino

    def serve(self) -> str:
        """Answer callers until idle too long, stopped by a signal, or the code changed;
        returns why it stopped."""
        reason = "stopped"
        try:
            while not self.stopping:
                self._reap()
                left = self.idle - (self.clock() - self.last)
                if left <= 0:
                    reason = "idle"
                    break
                self.listener.settimeout(min(left, 1.0))
                try:
                    conn, _ = self.listener.accept()
                except TimeoutError:
                    continue
                except InterruptedError:
                    continue
                with conn:
                    if not self._answer(conn):
                        reason = "the installed code changed"
                        break
        finally:
            self.close()
        return reason

    def stop(self, _signum: int = 0, _frame: FrameType | None = None) -> None:
        """Stop after the command being handed over, if any (a signal handler)."""
        self.stopping = True

    def close(self) -> None:
        """Stop listening, and remove the socket unless another resident process took its
        name since."""
        self.listener.close()
        with contextlib.suppress(OSError):
            if self.path.stat().st_ino == self.inode:
                self.path.unlink()

    def _answer(self, conn: socket.socket) -> bool:
        """Hand one caller's command to a fork; False (the command declined) when the code
        changed."""
        if not _same_user(conn):
            return True
        conn.settimeout(REQUEST_PATIENCE)
        try:
            request, fds = _read_request(conn)
        except (OSError, ValueError):
            return True
        try:
            if watched_files() != self.stamps:
                with contextlib.suppress(OSError):
                    conn.sendall(b'{"declined": "code changed"}\n')
                return False
            self.last = self.clock()
            for stream in (sys.stdout, sys.stderr):  # nothing of ours left for the fork to write
                stream.flush()
            pid = os.fork()
            if pid == 0:
                self.listener.close()
                _child(conn, request, fds, self.line)
            self.echo(f"{pid}: {' '.join(request['argv'])}")
        finally:
            for fd in fds:
                os.close(fd)
        return True

    def _reap(self) -> None:
        """Collect the forks that ended."""
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass


def _same_user(conn: socket.socket) -> bool:
    """Whether the caller runs as this process's user (where the system says)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True  # the socket's folder is the user's alone
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, 12))
    return bool(uid == os.getuid())


def _read_request(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    """A caller's request and the three descriptors it passed; ValueError if malformed."""
    data, fds, _flags, _address = socket.recv_fds(conn, 65536, 3)
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        raise ValueError("a request passes three descriptors")
    try:
        if len(data) < LENGTH.size:
            raise ValueError("a request starts with its length")
        (size,) = LENGTH.unpack_from(data)
        if size > MAX_REQUEST:
            raise ValueError("request too long")
        body = data[LENGTH.size :]
        while len(body) < size:
            chunk = conn.recv(min(65536, size - len(body)))
            if not chunk:
                raise ValueError("request cut short")
            body += chunk
        request = json.loads(body.decode("utf-8", "surrogateescape"))
        if not isinstance(request, dict) or not isinstance(request.get("argv"), list):
            raise ValueError("a request is an object with argv")
    except (ValueError, OSError):
        for fd in fds:
            os.close(fd)
        raise
    return request, fds


def _child(conn: socket.socket, request: dict[str, Any], fds: list[int], line: CommandLine) -> None:
    """In the fork: become the caller's command (its streams, folder and environment), run it,
    tell the caller its exit status, and exit."""
    status = LOST
    try:
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        _own_streams(request.get("streams") or {})
        conn.settimeout(None)
        try:
            conn.sendall(json.dumps({"pid": os.getpid()}).encode() + b"\n")
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
        except KeyboardInterrupt:  # the caller's, passed on before its command started
            status = INTERRUPTED
        except (OSError, TypeError, KeyError) as exc:
            sys.stderr.write(f"realmbot: cannot run in the caller's folder: {exc}\n")
            status = 1
        else:
            status = _run(request["argv"], line)
        conn.sendall(json.dumps({"status": status}).encode() + b"\n")
    finally:
        os._exit(status)


def _own_streams(streams: dict[str, Any]) -> None:
    """``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` over the caller's descriptors, with its
    encodings; output line-buffered to a terminal, as a new process's is."""

    def encoding(name: str) -> tuple[str | None, str | None]:
        given = streams.get(name) or [None, None]
        return given[0], given[1]

    stdin_encoding, stdin_errors = encoding("in")
    sys.stdin = open(0, encoding=stdin_encoding, errors=stdin_errors, closefd=False)  # noqa: SIM115
    for fd, name in ((1, "out"), (2, "err")):
        text_encoding, errors = encoding(name)
        stream = open(  # noqa: SIM115
            fd,
            "w",
            encoding=text_encoding,
            errors=errors,
            buffering=1 if name == "err" or os.isatty(fd) else -1,
            closefd=False,
        )
        setattr(sys, f"std{name}", stream)


def _run(argv: list[str], line: CommandLine) -> int:
    """Run one command as :func:`bot.cli.run` does in a new process, its exit status as that
    process's would be."""
    try:
        status = line.run(argv)
    except SystemExit as exc:
        code = exc.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if code is not None and not isinstance(code, int):
            sys.stderr.write(f"{code}\n")
    except KeyboardInterrupt:
        status = INTERRUPTED
    except BaseException:
        import traceback

        traceback.print_exc()
        status = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    return status


def serve(
    idle: float,
    echo: Callable[[str], None],
    clock: Callable[[], float],
    build_parser: Callable[[], argparse.ArgumentParser],
    runner: Callable[[Sequence[str], argparse.ArgumentParser], int],
) -> str:
    """``realmbot local serve``: load everything, then answer this installation's commands
    until ``idle`` seconds pass without one, a signal stops it, or its code changes; returns
    why it stopped. A resident process already listening is left alone (RuntimeError)."""
    if not supported():
        raise RuntimeError("this system cannot pass descriptors over Unix sockets")
    path = socket_path()
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise RuntimeError(f"the socket's path {path} is too long: set XDG_RUNTIME_DIR shorter")
    if not private_dir(path.parent):
        raise RuntimeError(f"{path.parent} is not a folder of this user's alone (mode 0700)")
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with probe, contextlib.suppress(OSError):
        probe.connect(str(path))
        raise RuntimeError(f"a resident process already listens on {path}")
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    preload()
    line = CommandLine(build_parser(), runner)
    _rehearse(line)
    from bot import collector

    resident = Resident(path, idle, clock, echo, line)
    collector.settle()
    before = {signum: signal.signal(signum, resident.stop) for signum in FORWARDED}
    echo(f"listening on {path}")
    try:
        return resident.serve()
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
