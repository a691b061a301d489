"""A cast ended before or after it works (8.4.3b.4, 8.4.3c.1): cancelled, and its Magic chit
fatigued, for every step that does it: the taking effect of 8.4.3
(:mod:`rules.magic.taking_effect`) and the spells that cancel others (Exorcise); and a colour
chit spent in combat (8.3.9a–b, 4.6.4h), by a cast, beside the action, or by Exorcise.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.casting import SpellCancelled
from rules.events.daylight import Fatigued
from rules.phrases import Phrase, phrase


def cancel(
    ctx: Ctx, combat: CombatState, who: str, reason: str | Phrase, by: str | None = None
) -> None:
    """8.4.3b.4: his spell is cancelled before it works; its Magic chit fatigues. ``reason``:
    a code the event's sentence says (``slower``, ``target``, ``hireling``, ``wish``), the name
    of the spell that cancels it, or a phrase."""
    cast = combat.casts[who]
    cast.status = "cancelled"
    ctx.emit(
        SpellCancelled(
            who=who, spell=cast.spell, reason=reason, by=by, at=combat.clearing, round=combat.round
        )
    )
    fatigue_chit(ctx, combat, who, phrase("magic.his_spell_cancelled"))


def fatigue_chit(ctx: Ctx, combat: CombatState, who: str, reason: Phrase) -> None:
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


def spend_color_chit(ctx: Ctx, combat: CombatState, who: str, label: str, reason: Phrase) -> None:
    """His colour chit ``label`` is used, or fatigued by a spell: if he has it active and is
    alive, it fatigues and reverts to a Magic chit (8.3.9a, 8.3.9b.7, 4.6.4h; Exorcise, L4682)."""
    sheet = ctx.sheet(who)
    chit = next(
        (
            c
            for c in sheet.chits
            if c.label == label and c.color is not None and c.status == "active"
        ),
        None,
    )
    if chit is None or sheet.dead:
        return
    chit.color = None
    chit.status = "fatigued"
    chit.alerted = False
    combat.eventful = True  # 8.8.2: something fatigued
    ctx.emit(Fatigued(who=who, chit=label, reason=reason, at=combat.clearing, round=combat.round))
