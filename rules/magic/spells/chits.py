"""The spells that alter the caster's own Magic chits (4.6.10c, L1327): Witch's Brew (L4731),
Faerie Lights (L4843) and Elemental Spirit (L4869) transform each targeted chit's Magic type;
each is a Day spell, in effect until Sunset of the next day (4.6.7g.2). Their targets are his
Magic chits (:func:`rules.magic.targets.own_chits`); what they make of them is read where a
chit's type is read (:func:`rules.magic.altering.magic_type`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """The spell does nothing more as it takes effect than being in effect on its chits
    (:func:`rules.magic.taking_effect.commit`): the chits stay his, active, altered."""
    del ctx, combat, who, cast
