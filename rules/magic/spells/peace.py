"""Peace (I, White, one character, native or monster, Combat; L4703, its rules 1–3 L4713–4715):
broken at once if its target is someone else's target as it goes into effect; otherwise the
target is taken out of the fighting until the spell ends, and the spell breaks as soon as the
target is named as the target of a spell or an attack.

Read where it acts, through :func:`pacified`: a bewitched character names no target for an
attack or a spell (:func:`rules.evening.melee.targets`), charges nobody
(:func:`rules.evening.charging.options`) and lures nothing (:func:`rules.evening.luring.
lure_options`), though attackers may be assigned to him at random (rule 2); a bewitched denizen
is neither lured nor assigned (:func:`rules.evening.luring.lurable`,
:func:`rules.evening.luring.assign`) and, hired, lures nothing (rule 1).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.spells import SpellBroken
from rules.magic import cancelling, lifecycle
from rules.magic.casts import SpellCast
from rules.magic.nullifying import affects
from rules.phrases import phrase
from rules.state import GameState

PEACE = "Peace"
#: The reason a Peace is broken: its target is (or becomes) someone's target (L4703, rule 3).
NAMED = phrase("spells.target_named")


def pacified(state: GameState, who: str) -> bool:
    """Whether a Peace in effect bewitches ``who`` now, and is not nullified on him
    (4.6.10d.1)."""
    return bool(state.spells) and affects(state.spells, PEACE, who)


def aiming_at(combat: CombatState, target: str, caster: str) -> str | None:
    """Who other than the spellcaster has ``target`` as his target now (L4703), if anyone: a
    character or hireling whose Attention chit is on him, another spellcaster naming him, or,
    when he is a character, a denizen on his sheet (it attacks him, 8.4.6b)."""
    for who, aim in combat.targets.items():
        if aim == target and who not in (caster, target):
            return who
    for who, cast in combat.casts.items():
        if who not in (caster, target) and target in cast.targets and cast.status != "cancelled":
            return who
    on_sheet = combat.sheets.get(target, [])
    return on_sheet[0] if on_sheet else None


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Peace goes into effect (L4703): instantly broken if its target is someone else's target
    (:func:`aiming_at`) — its chit then fatigues and nothing stays in effect (the cast ends
    here, :func:`rules.magic.taking_effect.take_effect`). Otherwise a denizen target is
    unassigned (rule 1): off every sheet and without a target; a character target takes back
    his Attention chit and the spell he is casting is cancelled (rule 2) — his attack, not yet
    played, has no target to be played at."""
    target = cast.targets[0]
    by = aiming_at(combat, target, who)
    if by is not None:
        cast.status = "expired"
        ctx.emit(SpellBroken(spell=cast.spell, caster=who, reason=NAMED, by=by))
        cancelling.fatigue_chit(ctx, combat, who, phrase("magic.his_spell_broken"))
        return
    combat.targets.pop(target, None)
    for sheet in combat.sheets.values():
        if target in sheet:
            sheet.remove(target)
    for boxes in combat.boxes.values():
        boxes.pop(target, None)
    own = combat.casts.get(target)
    if target != who and own is not None and own.status in ("cast", "working"):
        cancelling.cancel(ctx, combat, target, PEACE, by=who)


def named(ctx: Ctx, target: str, by: str) -> None:
    """Rule 3 (L4715): a Peace on ``target`` is broken as he is named as the target of a spell
    or an attack by ``by`` — only when he himself is named. Reading: a denizen assigned to him
    at random (which rule 2 allows) does not name him; a character's or hireling's Attention
    chit, or a spell's target, does."""
    for spell in [s for s in ctx.state.spells if s.spell == PEACE and target in s.targets]:
        lifecycle.break_spell(ctx, spell, NAMED, by=by)
