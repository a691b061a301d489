"""The resident command line (``realmbot local serve``, :mod:`bot.resident`): a command it
answers prints, refuses and exits as the same command run alone; the caller's standard input
reaches it and its interrupt stops it; it declines once the installed code changed, answers
nobody but its user, and stops by itself when idle."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot import resident, resident_call
from bot.cli import build_parser, run

pytestmark = pytest.mark.skipif(not resident_call.supported(), reason="no Unix sockets with fds")

PROJECT = Path(__file__).resolve().parents[2]


def _environment(runtime: Path, extra_path: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime), COLUMNS="80")
    paths = [str(p) for p in (extra_path, PROJECT) if p is not None]
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


class Server:
    """A ``realmbot local serve`` process and the lines it logged (read as they come)."""

    def __init__(self, env: dict[str, str], idle: str = "10") -> None:
        self.env = env
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "local", "serve", "--idle", idle],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        _wait_for(lambda: bool(self.lines) or self.process.poll() is not None)
        first = self.lines[0] if self.lines else ""
        assert first.startswith("listening on "), first + self.process.stderr.read()  # type: ignore[union-attr]
        self.socket = Path(first.removeprefix("listening on "))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def stop(self) -> list[str]:
        """Stop it (SIGTERM); the lines it logged after its first."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)
        return self.lines[1:]


@contextlib.contextmanager
def _short_folder() -> Iterator[Path]:
    """A folder of a short path: a Unix socket's path holds at most ~100 bytes."""
    folder = Path(tempfile.mkdtemp(prefix="rb-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def runtime() -> Iterator[Path]:
    with _short_folder() as folder:
        yield folder


@pytest.fixture(scope="module")
def served() -> Iterator[Server]:
    with _short_folder() as folder:
        server = Server(_environment(folder))
        yield server
        server.stop()


def _client(
    server: Server, *argv: str, stdin: str | None = None, cwd: Path | None = None
) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *argv],
        env=server.env,
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def _alone(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = "") -> tuple[int, str, str]:
    """The same command run in this process, as a process without a resident one would."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(stdin))
        patch.setenv("COLUMNS", "80")
        try:
            status = run(list(argv))
        except SystemExit as exc:
            status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_commands_it_answers_print_refuse_and_exit_as_run_alone(
    served: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "orders.txt").write_text("H, H\n", encoding="utf-8")
    (tmp_path / "b" / "orders.txt").write_text("H, H\n", encoding="utf-8")
    steps: list[tuple[list[str], str | None]] = [
        (["create", "Valley", "--moderator", "gm", "--seed", "4"], None),
        (["join", "Valley", "--player", "alice", "--character", "Amazon"], None),
        (["join", "Valley", "--player", "bob", "--character", "Dwarf"], None),
        (["start", "Valley", "--moderator", "gm"], None),
        (["orders", "Valley", "--player", "alice", "orders.txt"], None),  # relative to its cwd
        (["orders", "Valley", "--player", "bob", "-"], "M XX9\n"),  # refused, from stdin
        (["orders", "Valley", "--player", "bob", "-"], "R, R\n"),
        (["status", "Valley"], None),
        (["sheet", "Valley", "--player", "alice"], None),
        (["resolve", "Valley", "--day", "1", "--moderator", "gm"], None),
        (["history", "Valley", "--day", "1"], None),
        (["status", "Nowhere"], None),  # refused
        (["sheet", "Valley"], None),  # a usage error (exit 2)
        (["--help"], None),  # argparse exits 0
    ]
    for argv, stdin in steps:
        served_db = ["local", "--db", "sqlite:///game.db"]
        got = _client(served, *served_db, *argv, stdin=stdin, cwd=tmp_path / "a")
        here = Path.cwd()
        os.chdir(tmp_path / "b")
        try:
            expected = _alone(capsys, *served_db, *argv, stdin=stdin or "")
        finally:
            os.chdir(here)
        assert got == expected, argv
    assert (
        _alone(capsys, "local", "--db", f"sqlite:///{tmp_path / 'a' / 'game.db'}", "list")[0] == 0
    )
    handed = [" ".join(["local", "--db", "sqlite:///game.db", *a]) for a, _ in steps]
    _wait_for(lambda: len(served.lines) > len(steps))
    assert [line.split(": ", 1)[1] for line in served.lines[1:]] == handed


def test_an_interrupt_of_the_caller_stops_its_command(served: Server, tmp_path: Path) -> None:
    db = ["local", "--db", f"sqlite:///{tmp_path / 'game.db'}"]
    assert _client(served, *db, "create", "Valley", "--moderator", "gm")[0] == 0
    joined = _client(served, *db, "join", "Valley", "--player", "al", "--character", "Elf")
    assert joined[0] == 0
    assert _client(served, *db, "start", "Valley", "--moderator", "gm")[0] == 0
    caller = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", *db, "orders", "Valley", "--player", "al", "-"],
        env=served.env,
        stdin=subprocess.PIPE,  # left open: the command waits for its orders
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(lambda: any(f"{db[2]} orders Valley" in line for line in served.lines))
    caller.send_signal(signal.SIGINT)
    out, _err = caller.communicate(timeout=30)
    assert caller.returncode == 128 + signal.SIGINT
    assert out == ""
    assert "Elf: no orders yet" in _client(served, *db, "status", "Valley")[1]
    caller = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", *db, "orders", "Valley", "--player", "al", "-"],
        env=served.env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(lambda: sum(f"{db[2]} orders Valley" in line for line in served.lines) == 2)
    caller.terminate()  # its command is terminated, and it ends as a terminated process
    out, _err = caller.communicate(timeout=30)
    assert (caller.returncode, out) == (-signal.SIGTERM, "")
    assert "Elf: no orders yet" in _client(served, *db, "status", "Valley")[1]
    second = _client(served, "local", "serve")
    assert second[0] == 2 and "a resident process already listens" in second[2]


def _wait_for(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_it_declines_and_stops_once_its_code_changed(tmp_path: Path, runtime: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    loaded = code / "sitecustomize.py"  # a file of the code it loaded at its start
    loaded.write_text("", encoding="utf-8")
    server = Server(_environment(runtime, code))
    db = ["local", "--db", f"sqlite:///{tmp_path / 'game.db'}"]
    assert _client(server, *db, "list")[0] == 0
    loaded.write_text("# changed\n", encoding="utf-8")
    assert _client(server, *db, "create", "Valley", "--moderator", "gm")[0] == 0
    assert server.process.wait(timeout=30) == 0
    log = server.stop()
    assert not any("create" in line for line in log)
    assert log[-1] == "stopped: the installed code changed"
    assert not server.socket.exists()
    assert "Valley" in _client(server, *db, "list")[1]  # answered alone


def test_it_stops_by_itself_when_idle(runtime: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_RUNTIME_DIR", str(runtime))
        path = resident_call.socket_path()
        assert resident_call.private_dir(path.parent)
        now = [100.0]
        line = resident.CommandLine(build_parser(), run)
        server = resident.Resident(path, 60.0, lambda: now[0], lambda _line: None, line)
        assert oct(path.stat().st_mode & 0o777) == oct(0o600)
        assert oct(path.parent.stat().st_mode & 0o777) == oct(0o700)
        now[0] += 61.0
        assert server.serve() == "idle"
        assert not path.exists()


def test_it_answers_nobody_but_its_user(runtime: Path) -> None:
    (runtime / "realmbot").mkdir(parents=True, mode=0o755)
    (runtime / "realmbot").chmod(0o755)  # others may reach a socket in it
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_RUNTIME_DIR", str(runtime))
        path = resident_call.socket_path()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with listener:
            listener.bind(str(path))
            listener.listen(1)
            assert resident_call.ask(["local", "list"]) is None
            listener.setblocking(False)
            with pytest.raises(BlockingIOError):
                listener.accept()  # not even connected to


@pytest.mark.skipif(os.getuid() != 0, reason="becoming another user takes root")
def test_another_user_is_not_answered(runtime: Path) -> None:
    runtime.chmod(0o755)  # a runtime folder others can reach, as /tmp is
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_RUNTIME_DIR", str(runtime))
        path = resident_call.socket_path()
        assert resident_call.private_dir(path.parent)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with listener:
            listener.bind(str(path))
            listener.listen(1)
            pid = os.fork()
            if pid == 0:  # another user asks
                os.setgid(65534)
                os.setuid(65534)
                os._exit(0 if resident_call.ask(["local", "list"]) is None else 1)
            assert os.waitpid(pid, 0)[1] == 0
            listener.setblocking(False)
            with pytest.raises(BlockingIOError):
                listener.accept()


def test_an_interrupt_before_its_command_started_reaches_the_command_once_started() -> None:
    # Interrupts as a terminal gives them, even under a shell that runs the suite in the
    # background (its jobs inherit SIGINT ignored, and so would this command).
    command = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        with resident_call._Forwarding() as forwarding:
            signal.raise_signal(signal.SIGINT)  # caught: no command to pass it to yet
            assert command.poll() is None
            forwarding.to(command.pid)
        assert command.wait(timeout=30) == -signal.SIGINT
    finally:
        command.kill()
