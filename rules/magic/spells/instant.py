"""Instant spells (4.6.7c): they work once as they take effect, then expire."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import kit
from rules.evening.state import CombatState
from rules.events.casting import MadeWhole
from rules.magic.casts import SpellCast
from rules.pieces import Kind


def make_whole(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Make Whole (I, White, one character; L4692): all of the target's fatigued and wounded
    action chits come back into play and his damaged armor, active or not, is repaired — only
    what is already inactive or damaged as the spell works (this round's fatigue and wounds
    come later, at the Fatigue Step). Reading (magic-readings L5260): a colour chit fatigued
    this round comes back as well; scenarios avoid it. Breaking the Wither Curse is the
    curses' part."""
    del combat, who
    target = cast.targets[0]
    sheet = ctx.sheet(target)
    chits = [c for c in sheet.chits if c.status in ("fatigued", "wounded")]
    for chit in chits:
        chit.status = "active"
    owned = kit.owned(ctx.catalog, ctx.state, target, Kind.ARMOR)
    armor = [a for a in owned if a in sheet.items and sheet.items[a].damaged]
    for piece in armor:
        sheet.items[piece].damaged = False
    ctx.emit(MadeWhole(who=target, chits=tuple(c.label for c in chits), armor=tuple(armor)))
