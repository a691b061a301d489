"""Attack spells (4.6.7d, 8.4.4a, 8.4.5 i): the spell attacks like a weapon in the round it is
cast, with the direction the caster plays and its completion time as attack time; a missile
spell rolls on the Missile Table for each hit, hit by hit (i.2). It expires when its attacks are
resolved, or unused at the end of the Melee Step (:func:`rules.magic.taking_effect.expire`)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast

#: The answer of an attack with an Attack spell: ``spell smash``.
SPELL = "spell"


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
    (``here``)."""
    found: list[str] = []
    counts = hits_per_target(cast.spell, len(cast.targets))
    for target, count in zip(cast.targets, counts, strict=True):
        if target in here:
            found += [target] * count
    return found
