"""``python -m tests.proofs [SUITE ...]``: the full form of every reliability suite (or of those
named), each in its own process, one after the other; exit status 1 if any failed."""

from __future__ import annotations

import subprocess
import sys
import time

#: The suites, in the order ``make proofs`` runs them: modules of :mod:`tests.proofs`.
SUITES: tuple[str, ...] = (
    "fuzz",
    "bad_input",
    "crashes",
    "races",
    "secrecy",
    "spellcasters",
    "spellcasters_discord",
    "spanish",
    "load",
    "legality",
    "matrix",
)


def main(argv: list[str]) -> int:
    """Run the suites named in ``argv`` (all of :data:`SUITES` if none) and sum them up."""
    unknown = [name for name in argv if name not in SUITES]
    if unknown:
        print(f"unknown suite(s): {', '.join(unknown)}; the suites: {', '.join(SUITES)}")
        return 2
    failed: list[str] = []
    for suite in argv or SUITES:
        command = [sys.executable, "-m", f"tests.proofs.{suite}"]
        print(f"== {suite}: {' '.join(command[1:])}", flush=True)
        start = time.perf_counter()
        status = subprocess.run(command, check=False).returncode
        took = time.perf_counter() - start
        print(f"== {suite}: {'passed' if status == 0 else 'FAILED'} in {took:.0f} s", flush=True)
        if status != 0:
            failed.append(suite)
    if failed:
        print(f"failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
