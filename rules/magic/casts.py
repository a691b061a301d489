"""A spell being cast in a round of combat (8.3.9b–8.4.4): what the caster played, and how far
it has come — cast in the Encounter Step, its targets named in the Melee Step (8.4.2d), then
cancelled or taken effect in order of completion time (8.4.3).

Kept per caster in :attr:`rules.evening.state.CombatState.casts` for the round; a spell that
lasts beyond it is then a :class:`rules.magic.state.SpellInEffect` in the game state. A cast
cancelled before it works (:func:`cancel`), and the Magic chit of a cast that ends
(:func:`fatigue_chit`), are here for every step that does it: the taking effect of 8.4.3 and
the spells that cancel others (Exorcise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.events.casting import SpellCancelled
from rules.events.daylight import Fatigued

if TYPE_CHECKING:
    from rules.day.context import Ctx
    from rules.evening.state import CombatState

#: How far a cast has come this round: played as the Encounter action, ``cancelled`` before it
#: worked (8.4.3b, 8.4.2d), or ``working`` (it took effect, 8.4.3), until it ``expired``.
CastStatus = Literal["cast", "cancelled", "working", "expired"]


class SpellCast(BaseModel):
    """One character's cast this round: the Spell card's name, the Magic chit played, its
    completion time (0 for an alerted chit, 8.3.9b.4), the colour that supplied it and its
    source (a source of :mod:`rules.magic.colors`, or the colour chit's label), the targets
    in the order announced (the first bears his Attention chit, 8.4.2d), its status, and what a
    Transform's roll made of its target (``becomes``, L5071). ``item``: ``chit`` is the Artifact
    or Spell Book he played (8.3.9c), the spell's caster."""

    model_config = ConfigDict(extra="forbid")

    spell: str
    chit: str
    time: int = Field(ge=0)
    color: str
    source: str
    targets: list[str] = Field(default_factory=list)
    status: CastStatus = "cast"
    item: bool = False
    becomes: str | None = None


def cancel(ctx: Ctx, combat: CombatState, who: str, reason: str, by: str | None = None) -> None:
    """8.4.3b.4: his spell is cancelled before it works; its Magic chit fatigues."""
    cast = combat.casts[who]
    cast.status = "cancelled"
    ctx.emit(
        SpellCancelled(
            who=who, spell=cast.spell, reason=reason, by=by, at=combat.clearing, round=combat.round
        )
    )
    fatigue_chit(ctx, combat, who, "his spell was cancelled (8.4.3b.4)")


def fatigue_chit(ctx: Ctx, combat: CombatState, who: str, reason: str) -> None:
    """His Magic chit played to cast fatigues (if he still has it active; not an item)."""
    sheet = ctx.sheet(who)
    if combat.casts[who].item:
        return  # 8.3.9c: an Artifact or Spell Book does not fatigue
    label = combat.casts[who].chit
    chit = next((c for c in sheet.chits if c.label == label and c.status == "active"), None)
    if chit is None or sheet.dead:
        return
    chit.status = "fatigued"
    chit.alerted = False
    combat.eventful = True  # 8.8.2: something fatigued
    ctx.emit(Fatigued(who=who, chit=label, reason=reason, at=combat.clearing, round=combat.round))
