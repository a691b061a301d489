"""A throwaway Dovecot IMAP server for the tests.

:func:`start` writes a minimal ``dovecot.conf`` into a new temporary directory — IMAP only, on a
free port of 127.0.0.1, no TLS, plain passwords from a passwd-file, each user's maildir in the
directory, no system configuration read — and starts ``dovecot -c`` on it.
:meth:`Dovecot.add_user` gives each test a fresh mailbox (its ``imap://`` URL),
:func:`deliver` makes a mail arrive in one (an IMAP ``APPEND``, as a mail server would file
it), :meth:`Dovecot.stop` stops the server and deletes the directory.
``tests/bot/mail/conftest.py`` holds the session's one server (fixture ``dovecot``) and the
``mailbox`` fixture.

The binary is ``$REALMBOT_DOVECOT``, else ``dovecot`` on ``PATH``, else ``/usr/sbin/dovecot``
(Debian's ``dovecot-imapd`` package). As root, Dovecot's own processes run as the ``dovecot`` and
``dovenull`` system users (the Debian package creates them) and the mails belong to the
``mail`` system user (Dovecot refuses to touch mail as root); as anybody else, everything runs
as him. When there is no server to be had, :func:`unavailable` skips the tests that need one,
saying why; in CI (``CI=true``) it fails them instead, so CI never passes without Dovecot.

A killed test run leaves no server behind: as for ``tests/pg.py``, a guard (:func:`guard`,
``tests/servers.py``) stops the server and deletes its directory however the test process ends.
"""

from __future__ import annotations

import grp
import itertools
import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from tests import servers

#: Where to look first for the ``dovecot`` binary.
BINARY_VARIABLE = "REALMBOT_DOVECOT"
DEBIAN_BINARY = Path("/usr/sbin/dovecot")
#: As root: Dovecot's unprivileged processes, and the owner of the mails.
ROOT_ACCOUNTS = {"internal": "dovecot", "login": "dovenull", "mail": "mail"}
#: The services Dovecot chroots by default: a process not started as root cannot chroot, and a
#: throwaway server gains nothing from it, so none is chrooted.
CHROOTED = (
    "aggregator",
    "anvil",
    "director",
    "imap-login",
    "imap-urlauth-login",
    "ipc",
    "old-stats",
)
START_TIMEOUT_S = 60

CONFIGURATION = """\
# realmbot's throwaway test server (tests/mailserver.py)
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
instance_name = realmbot-test-{port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# No delay after a wrong password, and no penalty for the loopback's repeated ones.
auth_failure_delay = 0
login_trusted_networks = 127.0.0.1/32
default_internal_user = {internal.pw_name}
default_internal_group = {internal_group}
default_login_user = {login.pw_name}
first_valid_uid = 1
mail_location = maildir:~/Maildir
# A mail filed while no client was idling is announced to the next IDLE within a second.
mailbox_idle_check_interval = 1 secs
# A file per user: Dovecot looks at most once a second whether a passwd-file changed.
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users/%u
}}
userdb {{
  driver = static
  args = uid={mail.pw_uid} gid={mail.pw_gid} home={root}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


class MailServerError(RuntimeError):
    """Dovecot could not be found, set up or started; the message says why."""


def unavailable(reason: str) -> NoReturn:
    """Skip the test that needs Dovecot, saying why; in CI, fail it."""
    servers.unavailable("Dovecot", reason)


def find_dovecot() -> Path | None:
    """The ``dovecot`` binary (see the module's docstring), if any."""
    candidates = [os.environ.get(BINARY_VARIABLE), shutil.which("dovecot"), str(DEBIAN_BINARY)]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def _accounts() -> dict[str, pwd.struct_passwd]:
    """Who Dovecot's processes run as and who owns the mails (see the module's docstring)."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return dict.fromkeys(ROOT_ACCOUNTS, me)
    try:
        return {role: pwd.getpwnam(name) for role, name in ROOT_ACCOUNTS.items()}
    except KeyError as missing:
        raise MailServerError(
            f"the tests run as root and there is no {missing} user to run Dovecot as "
            "(Debian's dovecot-core package creates dovecot and dovenull)"
        ) from None


def configuration(root: Path, port: int, accounts: dict[str, pwd.struct_passwd]) -> str:
    """The ``dovecot.conf`` of a server in ``root`` listening on ``port``."""
    internal = accounts["internal"]
    text = CONFIGURATION.format(
        root=root,
        port=port,
        internal=internal,
        internal_group=grp.getgrgid(internal.pw_gid).gr_name,
        login=accounts["login"],
        mail=accounts["mail"],
    )
    others = (name for name in CHROOTED if name != "imap-login")
    return text + "".join(f"service {name} {{\n  chroot =\n}}\n" for name in others)


@dataclass
class Dovecot:
    """A running throwaway server: its binary, its temporary directory and its port."""

    binary: Path
    root: Path
    port: int
    guard: subprocess.Popen[bytes] | None = None
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def config(self) -> Path:
        return self.root / "dovecot.conf"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.root / "dovecot.log"

    def add_user(self) -> tuple[str, str]:
        """A new user with an empty mailbox: his name and password."""
        name, password = f"player{next(self._names)}", secrets.token_hex(8)
        entry = self.root / "users" / name
        entry.write_text(f"{name}:{{PLAIN}}{password}\n", encoding="utf-8")
        entry.chmod(0o644)
        return name, password

    def kick(self, user: str) -> None:
        """Drop every connection of ``user`` (``doveadm kick``), as a restarting server would."""
        doveadm = shutil.which("doveadm") or str(self.binary.parent.parent / "bin" / "doveadm")
        subprocess.run(
            [doveadm, "-c", str(self.config), "kick", user],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=START_TIMEOUT_S,
            check=True,
        )

    def url(self, user: str, password: str, folder: str = "INBOX") -> str:
        """The ``imap://`` URL of ``user``'s ``folder`` on this server."""
        return f"imap://{user}:{password}@127.0.0.1:{self.port}/{folder}"

    def stop(self) -> None:
        """Stop the server and delete its directory; then the guard, with nothing left to do,
        ends too."""
        try:
            _stop_server(self.binary, self.root)
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self.guard is not None:
                servers.release_guard(self.guard)


def deliver(server: Dovecot, user: str, password: str, raw: bytes, folder: str = "INBOX") -> None:
    """Make the mail ``raw`` arrive, unread, in ``user``'s ``folder`` (IMAP ``APPEND``)."""
    from imapclient import IMAPClient

    with IMAPClient("127.0.0.1", server.port, ssl=False, timeout=START_TIMEOUT_S) as client:
        client.login(user, password)
        client.append(folder, raw)


def _pid(root: Path) -> int | None:
    try:
        return int((root / "run" / "master.pid").read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stop_server(binary: Path, root: Path) -> None:
    """Stop the server of ``root`` if it runs, and wait for its master process to end."""
    pid = _pid(root)
    if pid is None or not _alive(pid):
        return
    subprocess.run(
        [str(binary), "-c", str(root / "dovecot.conf"), "stop"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=START_TIMEOUT_S,
        check=False,
    )
    deadline = time.monotonic() + START_TIMEOUT_S
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def guard(binary: Path, root: Path) -> None:
    """The guard's work: wait for the end of standard input (the test process closed its pipe
    or ended), then stop the server of ``root`` if it still runs and delete ``root``."""
    servers.wait_for_release()
    try:
        _stop_server(binary, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def start() -> Dovecot:
    """Set up and start a throwaway server, watched by its guard; :class:`MailServerError`
    saying why it could not."""
    try:
        import imapclient  # noqa: F401
    except ImportError:
        raise MailServerError("IMAPClient is not installed (pip install -e '.[test]')") from None
    binary = find_dovecot()
    if binary is None:
        raise MailServerError(
            f"no dovecot binary found (set {BINARY_VARIABLE}, put it on PATH or install "
            "Debian's dovecot-imapd package)"
        )
    accounts = _accounts()
    root = Path(tempfile.mkdtemp(prefix="realmbot-dovecot-"))
    watch = servers.start_guard("tests.mailserver", str(binary), str(root))
    try:
        root.chmod(0o711)  # Dovecot's unprivileged processes reach their files in it
        mail = root / "mail"
        mail.mkdir()
        os.chown(mail, accounts["mail"].pw_uid, accounts["mail"].pw_gid)
        (root / "users").mkdir(mode=0o755)
        for _attempt in range(5):  # a free port may be taken between the probe and the start
            server = Dovecot(binary=binary, root=root, port=servers.free_port(), guard=watch)
            server.config.write_text(configuration(root, server.port, accounts), encoding="utf-8")
            # The daemon keeps its standard error open: a file, not a pipe to wait on.
            output = root / "start.out"
            with output.open("wb") as said_by_dovecot:
                started = subprocess.run(
                    [str(binary), "-c", str(server.config)],
                    stdout=said_by_dovecot,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    timeout=START_TIMEOUT_S,
                    check=False,
                )
            if started.returncode == 0:
                return server
            said = output.read_text(errors="replace").strip()
            log = server.log.read_text(errors="replace") if server.log.exists() else ""
            if "in use" not in said and "in use" not in log:
                raise MailServerError(
                    f"dovecot failed ({started.returncode}): {said[-1000:]}\n{log[-2000:]}"
                )
        raise MailServerError("no free port to start Dovecot on after 5 attempts")
    except BaseException:
        _stop_server(binary, root)
        shutil.rmtree(root, ignore_errors=True)
        servers.release_guard(watch)
        raise


if __name__ == "__main__" and sys.argv[1:2] == ["guard"]:
    guard(Path(sys.argv[2]), Path(sys.argv[3]))
