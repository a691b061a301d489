"""What spells in effect make of the values an individual fights and moves with, read where the
values are read (pure functions of the game state).

Elven Grace (III, Gold, one character, monster or native, Combat; L4838–4841): a character's
Move chits take the time their printed strength defines (:data:`GRACE_TIMES`), and a monster's
or native's move time on both sides of its counter is its size's (:func:`graced`; applied by
:func:`rules.chits.current` for chits, :func:`rules.evening.counters.move_time` for denizens).
"""

from __future__ import annotations

from rules.magic.nullifying import affects
from rules.schema.base import Weight
from rules.state import GameState

ELVEN_GRACE = "Elven Grace"

#: Elven Grace's time numbers by strength or size (L4838): "each Light chit has a time of 1,
#: each Medium chit has a time of 2, each Heavy chit has a time of 3, and each Tremendous chit
#: has a time of 4"; a monster or native of that size has that move time.
GRACE_TIMES: dict[Weight, int] = {
    Weight.LIGHT: 1,
    Weight.MEDIUM: 2,
    Weight.HEAVY: 3,
    Weight.TREMENDOUS: 4,
}


def graced(state: GameState, who: str) -> bool:
    """Whether Elven Grace is on ``who`` now (L4838): a Combat spell, it lasts until Midnight
    (4.6.7f), unless nullified on him (4.6.10d.1)."""
    return bool(state.spells) and affects(state.spells, ELVEN_GRACE, who)
