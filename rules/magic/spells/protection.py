"""Protection from Magic (VII, Gold, one character, Phase; L5163, 4.6.7f): the only Phase
spell. As it takes effect it does nothing (:func:`rules.magic.taking_effect.commit` keeps it in
effect, its chit with the target's inactive items); its target activates it like an item, and
for the round of combat he activates it in it nullifies every spell bewitching him and keeps new
ones from going into effect against him (:mod:`rules.magic.nullifying`), then expires.

The spell in effect is activated when its ``energized`` is set (the one state a spell that is
not Permanent has no other use for). Activated at the start of a phase of his turn (``before
2: activate Protection from Magic``, f.1, :func:`rules.daylight.turn.rearrange`) it protects
him until that phase ends (:func:`phase_ends`); as his Encounter action (f.1: "he cannot do
any other action during that step") until the round ends (:func:`round_ends`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.daylight import Activated
from rules.magic import lifecycle, nullifying
from rules.magic.casts import SpellCast
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase
from rules.state import GameState

PROTECTION = nullifying.PROTECTION_FROM_MAGIC
#: His Encounter action activating it.
ACTIVATE = f"activate {PROTECTION}"


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """4.6.7f: "This spell has no immediate effect": it waits, inactive, to be activated."""
    del ctx, combat, who, cast


def inactive(state: GameState, who: str) -> SpellInEffect | None:
    """The first Protection from Magic in effect on ``who`` and not yet activated, if any."""
    return next(
        (s for s in state.spells if s.spell == PROTECTION and who in s.targets and not s.energized),
        None,
    )


def activate(ctx: Ctx, who: str, *, reason: Phrase | None = None) -> None:
    """4.6.7f.1: he activates the chit (``reason``: as his Encounter action, or none as a phase
    starts): until the round or phase ends the spells bewitching him are nullified
    (``spell_nullified`` for each)."""
    spell = inactive(ctx.state, who)
    if spell is None:
        return
    spell.energized = True
    ctx.emit(Activated(who=who, item=PROTECTION, reason=reason))
    nullifying.announce(ctx, spell)


def phase_ends(ctx: Ctx, who: str) -> None:
    """4.6.7f.1: "at the end of the phase, the spell expires" — each activated on ``who``."""
    for spell in [s for s in ctx.state.spells if s.spell == PROTECTION and s.energized]:
        if who in spell.targets:
            lifecycle.expire(ctx, spell, "phase")


def round_ends(ctx: Ctx, combat: CombatState) -> None:
    """4.6.7f.1: "at the end of the round, the spell expires" — each activated on someone who
    takes part in this combat (its chit fatigues, what it nullified resumes)."""
    for spell in [s for s in ctx.state.spells if s.spell == PROTECTION and s.energized]:
        if any(t in combat.participants for t in spell.targets):
            lifecycle.expire(ctx, spell, "round")
