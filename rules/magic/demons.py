"""The Demons' and the Imp's magic attacks (8.4.7b, L2608–2618): when the Roman-numeral side of a
Demon or Winged Demon hits, its target rolls on the Power of the Pit Table with himself as the
target (b.1); when the Imp's hits, its target rolls for a Curse on the Curses Table (b.2). The
attack ignores his armor and horses and hits him (b.3); once he has rolled and the result is
applied, the attack ends. The roll is made as the hit goes into effect, in the order of the
round's hits (8.4.9a–b; SCENARIOS part 3, forced dice step 5).

A Curse on a denizen (a hireling the Imp attacks) has no effect (4.6.8a.1): he rolls, and
nothing is written. The Power of the Pit's kills are the Demon's (a monster's victim abandons his
belongings, 8.7.2d).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.runes import afflict
from rules.evening.state import CombatState
from rules.magic import pit, spell_tables
from rules.magic.spell_tables import CURSES_TABLE

#: The spell each Roman-numeral side casts, as the monsters' list names it.
PIT = "Power of the Pit"
CURSE = "Curse"


def magic_hit(ctx: Ctx, combat: CombatState, attacker: str, spell: str, target: str) -> list[str]:
    """The ``attacker``'s magic side hits ``target``, who rolls for ``spell`` (8.4.7b.1–b.2);
    returns the individuals killed."""
    if spell == PIT:
        return pit.power_of_the_pit(ctx, combat, target, target, attacker)
    assert spell == CURSE, f"{attacker} casts {spell}, not a spell of 8.4.7b"
    at, round = combat.clearing, combat.round
    rolled, result = spell_tables.told(
        ctx, target, CURSES_TABLE, target, at=at, round=round, combat=combat
    )
    if target in ctx.state.characters:
        afflict(ctx, target, result, rolled)
    return []
