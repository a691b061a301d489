"""World Fades (VI, Black, one character, Permanent; L5081): "If the target character is
unhidden and there are no denizens on his Melee Section at the end of a round of combat, he
rolls on the Hide Table. If he hides successfully, he remains hidden until he is revealed
normally ... The target character must also start (or stop) using Magic Sight when he does the
Search activity. See Rule 7.5.7." — only while energized (4.6.7h.1).

Its Magic Sight is one of the causes :func:`rules.daylight.search.magic_sight` counts (7.5.7b:
they cancel in pairs); its Hide roll is :func:`hide_at_round_end`, called as each round of
combat ends (:func:`rules.evening.combat.end_round`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.evening.sunset import present
from rules.events.daylight import Hid
from rules.magic.bewitched import WORLD_FADES, affecting
from rules.modifiers import die_modifier, one_die
from rules.schema.characters import DieTable

HIDE_TABLE = "Hide Table"


def hide_at_round_end(ctx: Ctx, combat: CombatState) -> None:
    """At the end of the round, each character in the clearing, in the Evening order (SCENARIOS
    part 3, forced dice 6a), whom an energized World Fades affects, unhidden and with no
    denizen on his Melee Section (:attr:`CombatState.sheets`), rolls on the Hide Table with his
    modifications (4.1.2), as the Hide activity does (7.4.1), and hides on "Hide!"."""
    state = ctx.state
    for name in present(ctx, combat):
        sheet = ctx.sheet(name)
        if sheet.hidden or combat.sheets.get(name):
            continue
        if affecting(ctx.catalog, state, name, WORLD_FADES) is None:
            continue
        dice = one_die(ctx.catalog, ctx.board, state, name, DieTable.HIDE)
        added = die_modifier(ctx.catalog, ctx.board, state, name, DieTable.HIDE)
        roll = ctx.dice.roll(name, HIDE_TABLE, one_die=dice, modifier=added)
        ctx.emit_roll(roll, at=combat.clearing, round=combat.round)
        success = ctx.catalog.tables[HIDE_TABLE].result(roll.result).key == "hide"
        ctx.emit(Hid(who=name, success=success, roll=roll.result))
        if success:
            sheet.hidden = True
