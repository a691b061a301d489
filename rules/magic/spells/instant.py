"""Instant spells (4.6.7c): they work once as they take effect, then expire: Make Whole, and
Exorcise, the strongest spellbreaking spell (L4682, 4.6.10g)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import kit
from rules.evening.counters import is_monster, monster_of
from rules.evening.spoils import denizen_killed
from rules.evening.state import CombatState
from rules.events.casting import MadeWhole
from rules.events.evening import Killed
from rules.events.spells import CurseRemoved
from rules.magic import builtin, cancelling, in_clearing, lifecycle, targets
from rules.magic.casts import SpellCast
from rules.magic.forms import transmorphized
from rules.magic.in_clearing import is_here
from rules.magic.spells.breaking import carpet_inert
from rules.phrases import phrase
from rules.pieces import Kind
from rules.schema.spells import Duration


def make_whole(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Make Whole (I, White, one character; L4692): all of the target's fatigued and wounded
    action chits come back into play and his damaged armor, active or not, is repaired — only
    what is already inactive or damaged as the spell works (this round's fatigue and wounds
    come later, at the Fatigue Step). Reading (magic-readings L5260): a colour chit fatigued
    this round comes back as well; scenarios avoid it. On a transmorphized target it changes
    nothing: "his chits are not activated or deactivated by spells" (4.6.9e L1309) and his armor
    is transmorphized with him, frozen (4.6.9b.2). Breaking the Wither Curse is the
    curses' part."""
    del combat, who
    target = cast.targets[0]
    sheet = ctx.sheet(target)
    frozen = transmorphized(ctx.state.spells, target)  # 4.6.9e, b.2: chits and armor frozen
    chits = [c for c in sheet.chits if c.status in ("fatigued", "wounded") and not frozen]
    for chit in chits:
        chit.status = "active"
    owned = kit.owned(ctx.catalog, ctx.state, target, Kind.ARMOR)
    armor = [a for a in owned if a in sheet.items and sheet.items[a].damaged and not frozen]
    for piece in armor:
        sheet.items[piece].damaged = False
    ctx.emit(MadeWhole(who=target, chits=tuple(c.label for c in chits), armor=tuple(armor)))


#: The monsters Exorcise kills (L4682).
DEMONS = ("Demon", "Winged Demon", "Imp")
#: How Exorcise names itself as the reason a spell is cancelled, broken or released.
EXORCISE = "Exorcise"


def exorcise(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Exorcise (I, White, the spellcaster's clearing; L4682): every Demon and Imp in the
    clearing is killed (the kill is the caster's); every other spell being cast here this round
    that has not yet worked, or that is an Attack spell waiting for its attack, is cancelled;
    every spell in effect in the clearing is broken when its caster is here, else its targets
    here are released (the spellbreaking of 4.6.10g.1, inert spells too, g.2); all colour
    chits in the clearing fatigue. Reading: a spell is in effect in the clearing when one of
    its targets is here — an individual, the clearing or its tile, an item or Magic chit of
    someone here; a Flying Carpet's spell, unbreakable, falls inert (L4558). Every Curse of a
    character here is broken (``curse_removed``), after his
    colour chits fatigue."""
    del cast
    state, here = ctx.state, combat.clearing
    for piece in targets.individuals(ctx, combat):
        if is_monster(ctx.catalog, piece) and monster_of(ctx.catalog, piece).name in DEMONS:
            ctx.emit(Killed(who=piece, by=who, at=here, round=combat.round))
            denizen_killed(ctx, combat, piece, [who])
    for other, other_cast in combat.casts.items():
        attack = builtin.card(ctx.catalog, other_cast.spell).duration is Duration.ATTACK
        if other != who and (
            other_cast.status == "cast" or (attack and other_cast.status == "working")
        ):
            cancelling.cancel(ctx, combat, other, EXORCISE, by=who)
    for spell in list(state.spells):
        if state.clearing_of(spell.controller) == here:
            lifecycle.break_spell(ctx, spell, lifecycle.by_name(EXORCISE), by=who)
            continue
        for target in [t for t in spell.targets if is_here(state, here, t)]:
            lifecycle.release(ctx, spell, target, by=who, reason=lifecycle.by_name(EXORCISE))
    for carpet in in_clearing.carpets(state, ctx.today.carpets, here).values():
        carpet_inert(ctx, carpet, EXORCISE)  # unbreakable, it falls inert (L4558)
    people = [c for c in state.characters if state.clearing_of(c) == here]
    for name in people:
        for chit in [c.label for c in ctx.sheet(name).chits if c.color is not None]:
            cancelling.spend_color_chit(ctx, combat, name, chit, phrase("spells.exorcise_fatigues"))
        sheet = ctx.sheet(name)
        for curse in list(sheet.curses):
            sheet.curses.remove(curse)
            ctx.emit(CurseRemoved(who=name, curse=curse, by=EXORCISE))
