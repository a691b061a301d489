"""Magic for players at scale (issue 34): campaigns of the six spellcasters, 28 days each, played
through the campaign service by the autopilot and by scripted players, and nothing secret leaks.

Each campaign seats the Wizard, the Witch, the Sorcerer, the Magician, the Druid and the Witch
King, their spells the ones the autopilot casts (:func:`rules.autopilot_magic.autopilot_setup`).
A third of them are left to the autopilot; the others send its orders as their own (enchanting
their colour chits, ``EM, E CHIT``, and the standing ``encounter: cast ...`` line), half of them
without the standing combat lines, so that they fight by DM. One campaign waits for decisions:
its combats are played in windows, where a scripted player who is offered a cast makes it by typed
plays (``encounter: cast ...``, ``target: ...``; :func:`tests.proofs.autoplay._casting`) — a
target of the wrong sort for his spell has him asked again, alone. Every message and image that
leaves the service is checked against its reader's view (:mod:`tests.proofs.secrecy`).

``python -m tests.proofs.spellcasters [DAYS]`` is the full form (two campaigns of 28 days, one
waiting for decisions); it prints its figures and exits 1 on any leak, or if no spell was cast
through a combat window.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tests.proofs.autoplay import SPELLCASTERS, WAITING
from tests.proofs.secrecy import Leak, run

#: The full form's days, and its campaigns: one that plays by the deadline, one that waits.
DAYS = 28
SEEDS = (5, 2 * WAITING)


def main(argv: list[str]) -> int:
    """The full form: :data:`SEEDS` played :data:`DAYS` days (or ``argv[0]``)."""
    days = int(argv[0]) if argv else DAYS
    start = time.perf_counter()
    leaks, counts, viewers = run(
        list(SEEDS), days=days, characters=list(SPELLCASTERS), waiting_days=days
    )
    print(f"figure: campaigns: {len(SEEDS)} of the six spellcasters, {days} days each")
    counted = ("days", "combats", "decisions", "messages", "images", "read-backs")
    return verdict(leaks, counts, viewers, counted, start)


def verdict(
    leaks: list[Leak], counts: Counter[str], viewers: int, counted: tuple[str, ...], start: float
) -> int:
    """Print the leaks found (the first 20) and the figures — the days with a fight and with a
    cast, the enchantings and casts, then ``counted`` — and say how the suite ends: 0 with no
    leak and a spell cast through a window, else 1."""
    for leak in leaks[:20]:
        print(f"LEAK {leak.campaign} to {leak.viewer}: {leak.what}\n    {leak.excerpt!r}")
    magic = ("days with a fight", "days with a cast", "enchants", "casts", "casts by DM")
    for what in (*magic, *counted):
        print(f"figure: {what}: {counts[what]}")
    print(f"figure: viewers: {viewers}")
    print(f"figure: leaks: {len(leaks)}")
    print(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 0 if not leaks and counts["casts by DM"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
