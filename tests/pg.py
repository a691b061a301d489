"""A throwaway PostgreSQL server for the tests.

:func:`start` runs ``initdb`` into a new temporary directory (trust authentication, no fsync)
and starts the server with ``pg_ctl`` on a free port of 127.0.0.1 only (no Unix socket);
:meth:`Cluster.create_database` gives each test a fresh, empty database and
:meth:`Cluster.drop_database` removes it; :meth:`Cluster.stop` stops the server and deletes the
directory. ``tests/conftest.py`` holds the session's one cluster (fixture ``postgres``) and the
``db_url`` fixture that runs a test on SQLite and on PostgreSQL.

The binaries (``initdb``, ``pg_ctl``, ``postgres``) are looked for in ``$REALMBOT_PG_BINDIR``,
then next to a ``pg_ctl`` on ``PATH``, then in Debian's ``/usr/lib/postgresql/<version>/bin``,
newest version first. PostgreSQL refuses to run as root: as root the server runs as the
``postgres`` system user (the Debian package creates him), who owns the temporary directory.
When there is no server to be had, :func:`unavailable` skips the tests that need one, saying
why; in CI (``CI=true``) it fails them instead, so CI never passes without PostgreSQL.

A killed test run leaves no server behind: :func:`start` first starts a guard, a small process
of this file (:func:`guard`) whose standard input is a pipe only the test process holds open
(``tests/servers.py``). However the test process ends — :meth:`Cluster.stop`, a normal exit,
Ctrl-C, ``SIGTERM``, even ``SIGKILL`` — the pipe closes, and the guard stops the server (if it
still runs) and deletes its directory.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from sqlalchemy import Engine, create_engine, text

from tests import servers

#: Where to look first for PostgreSQL's binaries.
BINDIR_VARIABLE = "REALMBOT_PG_BINDIR"
#: Debian's layout: one ``bin`` folder per major version.
DEBIAN_ROOT = Path("/usr/lib/postgresql")
BINARIES = ("initdb", "pg_ctl", "postgres")
#: The system user the server runs as when the tests run as root.
SERVER_USER = "postgres"
#: The server's superuser, who connects without a password (trust).
SUPERUSER = "postgres"
#: Settings for a server whose data is thrown away: speed over durability, room for the
#: concurrency tests' connections, TCP on the loopback interface only.
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "unix_socket_directories": "''",
    "max_connections": "300",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "log_min_messages": "warning",
}
START_TIMEOUT_S = 60


class ClusterError(RuntimeError):
    """The server could not be found, set up or started; the message says why."""


def unavailable(reason: str) -> NoReturn:
    """Skip the test that needs PostgreSQL, saying why; in CI, fail it."""
    servers.unavailable("PostgreSQL", reason)


def find_bindir() -> Path | None:
    """The first folder holding ``initdb``, ``pg_ctl`` and ``postgres``, if any (see above)."""
    candidates: list[Path] = []
    if configured := os.environ.get(BINDIR_VARIABLE):
        candidates.append(Path(configured))
    if on_path := shutil.which("pg_ctl"):
        candidates.append(Path(on_path).resolve().parent)
    if DEBIAN_ROOT.is_dir():

        def version(bindir: Path) -> tuple[int, ...]:
            return tuple(int(part) for part in bindir.parent.name.split(".") if part.isdigit())

        candidates.extend(sorted(DEBIAN_ROOT.glob("*/bin"), key=version, reverse=True))
    for bindir in candidates:
        if all(os.access(bindir / name, os.X_OK) for name in BINARIES):
            return bindir
    return None


def _server_account() -> pwd.struct_passwd | None:
    """The user to run the server as: ``postgres`` when we are root, else ourselves (None)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam(SERVER_USER)
    except KeyError:
        raise ClusterError(
            f"the tests run as root and there is no {SERVER_USER!r} user to run PostgreSQL as"
        ) from None


def create_database_on(admin: Engine, name: str, template: str | None = None) -> None:
    """Create database ``name`` through ``admin``, an autocommit engine on a server (a process
    that has only the server's URL, not its :class:`Cluster`, makes its own): empty, or a copy
    of database ``template`` (which nothing may be connected to meanwhile)."""
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))


def drop_database_on(admin: Engine, name: str) -> None:
    """Drop database ``name`` through ``admin``, closing whatever connections to it are still
    open."""
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@dataclass
class Cluster:
    """A running throwaway server: its binaries, its temporary directory and its port."""

    bindir: Path
    root: Path
    port: int
    account: pwd.struct_passwd | None
    guard: subprocess.Popen[bytes] | None = None
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _admin: Engine | None = None

    @property
    def data(self) -> Path:
        """The data directory (``initdb``'s)."""
        return self.root / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.root / "server.log"

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL (psycopg 3) of ``database`` on this server."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def admin(self) -> Engine:
        """An autocommit engine on the ``postgres`` database, for creating and dropping."""
        if self._admin is None:
            self._admin = create_engine(self.url(), isolation_level="AUTOCOMMIT")
        return self._admin

    def create_database(self, template: str | None = None) -> str:
        """A new database, empty or a copy of database ``template``; its name."""
        name = f"realmbot_test_{next(self._names)}"
        create_database_on(self.admin(), name, template)
        return name

    def freeze_template(self, name: str) -> None:
        """Make database ``name`` a template only: copied by :meth:`create_database`, never
        connected to again (a connection would block the copies)."""
        with self.admin().connect() as connection:
            connection.execute(
                text(f'ALTER DATABASE "{name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false')
            )

    def drop_database(self, name: str) -> None:
        """Drop database ``name``, closing whatever connections to it are still open."""
        drop_database_on(self.admin(), name)

    def stop(self) -> None:
        """Stop the server and delete its directory; then the guard, with nothing left to do,
        ends too."""
        try:
            if self._admin is not None:
                self._admin.dispose()
            _stop_server(self.account, self.bindir, self.root, "fast")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self.guard is not None:
                servers.release_guard(self.guard)


def _run(
    account: pwd.struct_passwd | None, cwd: Path, argv: list[str | Path], *, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run a PostgreSQL binary as ``account`` (or ourselves), in ``cwd``, capturing output."""
    as_user: dict[str, Any] = {}
    if account is not None:
        as_user = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    if account is not None:
        env["HOME"] = account.pw_dir
    result = subprocess.run(
        [str(arg) for arg in argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=START_TIMEOUT_S * 2,
        check=False,
        **as_user,
    )
    if check and result.returncode != 0:
        raise ClusterError(
            f"{Path(argv[0]).name} failed ({result.returncode}): "
            f"{(result.stderr or result.stdout).strip()[-2000:]}"
        )
    return result


def _stop_server(account: pwd.struct_passwd | None, bindir: Path, root: Path, mode: str) -> None:
    """Stop the server of ``root`` if it runs (``pg_ctl stop -m mode``, waiting)."""
    data = root / "data"
    if (data / "postmaster.pid").exists():
        _run(account, root, [bindir / "pg_ctl", "stop", "-D", data, "-m", mode, "-w"], check=False)


def guard(bindir: Path, root: Path) -> None:
    """The guard's work: wait for the end of standard input (the test process closed its pipe
    or ended), then stop the server of ``root`` at once if it still runs and delete ``root``."""
    servers.wait_for_release()
    try:
        _stop_server(_server_account(), bindir, root, "immediate")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def start() -> Cluster:
    """Set up and start a throwaway server, watched by its guard; :class:`ClusterError` saying
    why it could not."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise ClusterError("psycopg is not installed (pip install -e '.[test,postgres]')") from None
    bindir = find_bindir()
    if bindir is None:
        raise ClusterError(
            f"no initdb/pg_ctl/postgres found (set {BINDIR_VARIABLE}, put them on PATH or "
            f"install Debian's postgresql package into {DEBIAN_ROOT}/<version>/bin)"
        )
    account = _server_account()
    root = Path(tempfile.mkdtemp(prefix="realmbot-pg-"))
    watch = servers.start_guard("tests.pg", str(bindir), str(root))
    try:
        if account is not None:
            os.chown(root, account.pw_uid, account.pw_gid)
        data = root / "data"
        _run(
            account,
            root,
            [
                bindir / "initdb",
                "-D",
                data,
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ],
        )
        with (data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write("\n# realmbot's throwaway test server\n")
            conf.writelines(f"{key} = {value}\n" for key, value in SETTINGS.items())
        for _attempt in range(5):  # a free port may be taken between the probe and the start
            cluster = Cluster(
                bindir=bindir, root=root, port=servers.free_port(), account=account, guard=watch
            )
            started = _run(
                account,
                root,
                [
                    bindir / "pg_ctl",
                    "start",
                    "-D",
                    data,
                    "-l",
                    cluster.log,
                    "-w",
                    "-t",
                    str(START_TIMEOUT_S),
                    "-o",
                    f"-p {cluster.port}",
                ],
                check=False,
            )
            if started.returncode == 0:
                return cluster
            log = cluster.log.read_text(errors="replace") if cluster.log.exists() else ""
            if "could not bind" not in log and "already in use" not in log:
                raise ClusterError(
                    f"pg_ctl start failed ({started.returncode}): "
                    f"{(started.stderr or started.stdout).strip()[-1000:]}\n{log[-2000:]}"
                )
        raise ClusterError("no free port to start PostgreSQL on after 5 attempts")
    except BaseException:
        _stop_server(account, bindir, root, "immediate")
        shutil.rmtree(root, ignore_errors=True)
        servers.release_guard(watch)
        raise


if __name__ == "__main__" and sys.argv[1:2] == ["guard"]:
    guard(Path(sys.argv[2]), Path(sys.argv[3]))
