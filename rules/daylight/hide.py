"""The Hide activity (7.4)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.events.daylight import Hid
from rules.modifiers import die_modifier, one_die
from rules.schema.characters import DieTable


def hide(ctx: Ctx, name: str) -> None:
    """7.4: roll on the Hide Table unless already hidden (7.4.1), with the one-die modifications
    that apply to him (4.1.2; the Shoes of Stealth, L4362) and what is added to his result (the
    Cloven Hoof in his clearing, L4344); followers share the guide's result (7.11.6b)."""
    if ctx.sheet(name).hidden:
        ctx.emit(Hid(who=name, success=True, roll=None))
        return
    catalog, board, state = ctx.catalog, ctx.board, ctx.state
    dice = one_die(catalog, board, state, name, DieTable.HIDE)
    added = die_modifier(catalog, board, state, name, DieTable.HIDE)
    roll = ctx.dice.roll(name, "Hide Table", one_die=dice, modifier=added)
    ctx.emit_roll(roll)
    result = ctx.catalog.tables["Hide Table"].result(roll.result)
    success = result.key == "hide"
    ctx.emit(Hid(who=name, success=success, roll=roll.result))
    for who in (name, *ctx.followers_of(name)):
        if success:
            ctx.sheet(who).hidden = True
