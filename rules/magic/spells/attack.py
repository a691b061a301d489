"""Attack spells (4.6.7d, 8.4.4a, 8.4.5 i): the spell attacks like a weapon in the round it is
cast, with the direction the caster plays and its completion time as attack time; a missile
spell rolls on the Missile Table for each hit, hit by hit (i.2). It expires when its attacks are
resolved, or unused at the end of the Melee Step (:func:`rules.magic.taking_effect.expire`).

Roof Collapses (IV, Purple, the caster's cave clearing; L4913) attacks every individual in the
clearing, the caster and the hidden included (:func:`aims`), always in Smash with time 4 — the
values its card fixes (:attr:`rules.schema.spells.SpellAttack.direction`, ``time``): it is the
only Attack spell played in one circle (:func:`fixed_circle`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic import builtin
from rules.magic.casts import SpellCast

#: The answer of an attack with an Attack spell: ``spell smash``.
SPELL = "spell"
#: The Attack spell that attacks everyone in its clearing (L4913).
ROOF_COLLAPSES = "Roof Collapses"


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """An Attack spell waits for its attack (8.4.5 i)."""
    del ctx, combat, who, cast


def hits_per_target(spell: str, targets: int) -> list[int]:
    """How many attacks the spell makes on each of its ``targets`` in order: one each, but
    Stones Fly always makes at least four (L4727): four on one target, two on each of two,
    two on the first of three and one on the others, one each from four on."""
    if spell != "Stones Fly" or targets >= 4:
        return [1] * targets
    return {1: [4], 2: [2, 2], 3: [2, 1, 1]}.get(targets, [])


def aims(cast: SpellCast, here: list[str]) -> list[str]:
    """8.4.5 i.2: the targets of the spell's attacks, one entry per attack — every attack on
    the first target written, then the next — leaving out those no longer in the clearing
    (``here``, every individual in it, in the Evening order: characters, denizens, hirelings).

    Roof Collapses (L4913) "automatically attacks every character, monster and native in the
    cave clearing, including the spellcaster", hidden or not: one attack on each of ``here``
    — its target written is the clearing, which names nobody, so nobody is unhidden by it
    (8.4.2d.6) and a hidden one maneuvers hidden."""
    if cast.spell == ROOF_COLLAPSES:
        return list(here)
    found: list[str] = []
    counts = hits_per_target(cast.spell, len(cast.targets))
    for target, count in zip(cast.targets, counts, strict=True):
        if target in here:
            found += [target] * count
    return found


def fixed_circle(ctx: Ctx, cast: SpellCast) -> str | None:
    """The Attack circle the spell always attacks from (Roof Collapses: ``smash``, "regardless
    of the chit or card that was used to cast it", L4913), or None when the caster chooses."""
    values = builtin.card(ctx.catalog, cast.spell).attack
    return values.direction if values is not None else None


def attacks_all(combat: CombatState) -> bool:
    """Whether a spell cast this round and not cancelled attacks everyone in the clearing
    (Roof Collapses): then every character here may be attacked and is asked a maneuver."""
    return any(
        c.spell == ROOF_COLLAPSES and c.status in ("cast", "working") for c in combat.casts.values()
    )
