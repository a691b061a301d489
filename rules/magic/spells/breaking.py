"""The Instant spells that break one spell, or one Curse, already in effect in the
spellcaster's clearing (4.6.10d.3): Remedy (VIII, Grey, one spell or Curse; L5177) and
Dissolve Spell (VI, Purple, one spell, never a Curse; L5049).

Their target is named from the spells and Curses in the clearing as targets are named
(:func:`rules.magic.targets.spells_here`): "The target spell or curse must already exist when
it is specified as a target – it cannot be a spell that is being cast during the current round."
Only the spell named is broken — "Duplicates of the spell are not affected"; one broken or
ended before the spell works is not there to break.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.spells import CurseRemoved
from rules.magic import in_clearing, lifecycle
from rules.magic.casts import SpellCast


def breaks(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Remedy or Dissolve Spell takes effect: the spell it names is broken (``spell_broken``,
    its reason the breaking spell's name, by ``who``), or the Curse it names is removed
    (``curse_removed``, by Remedy) — if still there."""
    named = cast.targets[0]
    spell = in_clearing.spells(ctx.state, combat.clearing).get(named)
    if spell is not None:
        lifecycle.break_spell(ctx, spell, cast.spell, by=who)
        return
    cursed = in_clearing.curses(ctx.state, combat.clearing).get(named)
    if cursed is None:
        return
    name, curse = cursed
    ctx.sheet(name).curses.remove(curse)
    ctx.emit(CurseRemoved(who=name, curse=curse, by=cast.spell))
