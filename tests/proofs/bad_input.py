"""``python -m tests.proofs.bad_input``: the bad-input suite's full form (issue 20).

Every row of the tables — the ``realmbot`` command line and its local transport
(:mod:`tests.proofs.bad_input_cli`), and Discord's slash commands and DMs under SimCord
(:mod:`tests.proofs.bad_input_discord`) — is sent against campaigns enrolling, running and
finished; each must be refused with one clear line (on the command line: standard error, exit
status 2) and leave the database exactly as it was. Prints the figures and every finding; exits
1 if there is any.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from tests.proofs import bad_input_cli, bad_input_discord


def main() -> int:
    """Run both tables; print the figures; 0 only if every row was refused as it must be."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        url = bad_input_cli.build(Path(folder))
        cli = [bad_input_cli.check(row, url, Path(folder)) for row in bad_input_cli.ROWS]
    discord = asyncio.run(bad_input_discord.check_all())
    findings = [f for f in (*cli, *discord) if f is not None]
    for finding in findings:
        print(f"finding: {finding}")
    commands = {row.argv[0] for row in bad_input_cli.ROWS}
    print(f"figure: command-line rows: {len(cli)} ({len(commands)} commands)")
    print(f"figure: discord rows: {len(discord)} ({len(bad_input_discord.commands())} commands)")
    print(f"figure: rows refused as they must be: {len(cli) + len(discord) - len(findings)}")
    print(f"figure: findings: {len(findings)}")
    print(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
