"""The tests' throwaway Dovecot (``tests/mailserver.py``): a test run killed with ``SIGTERM``, or
even ``SIGKILL``, leaves no server running and no directory behind, as ``tests/test_pg.py``
shows for PostgreSQL."""

from __future__ import annotations

import signal
from pathlib import Path

from tests import mailserver
from tests.test_pg import KILLS, kill_a_run_holding


@KILLS
def test_a_killed_run_leaves_no_server_behind(tmp_path: Path, kill: signal.Signals) -> None:
    if mailserver.find_dovecot() is None:
        mailserver.unavailable("no dovecot binary")
    kill_a_run_holding(tmp_path, kill, "mailserver")
