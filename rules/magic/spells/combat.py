"""Combat spells (4.6.7f): in effect until Midnight (their expiry is the spells' lifecycle's),
read where they act."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast
from rules.state import GameState


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """A Combat spell does nothing more as it takes effect than being in effect
    (:func:`rules.magic.taking_effect.commit`)."""
    del ctx, combat, who, cast


def poisoned(state: GameState, counter: str | None) -> int:
    """Poison (VIII, Grey, one weapon; L5175): the sharpness stars Poison adds to the harm the
    weapon, native, Goblin or Ogre counter ``counter`` inflicts when it hits — one for each
    Poison on it (none on a dagger, ``None``)."""
    if counter is None or not state.spells:
        return 0
    return sum(1 for s in state.spells if s.spell == "Poison" and counter in s.targets)
