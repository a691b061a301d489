"""The Instant spells that break one spell, or one Curse, already in effect in the
spellcaster's clearing (4.6.10d.3): Remedy (VIII, Grey, one spell or Curse; L5177) and
Dissolve Spell (VI, Purple, one spell, never a Curse; L5049).

Their target is named from the spells and Curses in the clearing as targets are named
(:func:`rules.magic.targets.spells_here`): "The target spell or curse must already exist when
it is specified as a target – it cannot be a spell that is being cast during the current round."
Only the spell named is broken — "Duplicates of the spell are not affected"; one broken or
ended before the spell works is not there to break. A Flying Carpet's spell cannot be broken:
"when a spellbreaking spell is used against it the spell just falls inert until it is
resupplied with Purple magic" (L4558, :func:`carpet_inert`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.spells import CurseRemoved, SpellInert
from rules.magic import in_clearing, lifecycle
from rules.magic.casts import SpellCast
from rules.pieces import pieces_of


def breaks(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Remedy or Dissolve Spell takes effect: the spell it names is broken (``spell_broken``,
    its reason the breaking spell's name, by ``who``), a Flying Carpet's falls inert
    (:func:`carpet_inert`), or the Curse it names is removed (``curse_removed``, by Remedy) —
    if still there."""
    named = cast.targets[0]
    spell = in_clearing.spells(ctx.state, combat.clearing).get(named)
    if spell is not None:
        lifecycle.break_spell(ctx, spell, lifecycle.by_name(cast.spell), by=who)
        return
    carpet = in_clearing.carpets(ctx.state, ctx.today.carpets, combat.clearing).get(named)
    if carpet is not None:
        carpet_inert(ctx, carpet, cast.spell)
        return
    cursed = in_clearing.curses(ctx.state, combat.clearing).get(named)
    if cursed is None:
        return
    name, curse = cursed
    ctx.sheet(name).curses.remove(curse)
    ctx.emit(CurseRemoved(who=name, curse=curse, by=cast.spell))


def carpet_inert(ctx: Ctx, carpet: str, by: str) -> None:
    """L4558: the spellbreaking spell ``by`` "is used against" the Flying Carpet ``carpet``'s
    spell: it is not broken, it "just falls inert until it is resupplied with Purple magic" —
    the colour chit that energized it for the day no longer does (``spell_inert``); Purple
    from an automatic source still lets it fly (7.3.3h)."""
    ctx.today.carpets.remove(carpet)
    name = pieces_of(ctx.catalog)[carpet].name
    ctx.emit(SpellInert(spell=name, caster=name, targets=(carpet,), by=by))
