"""Lost (III, Gold, one character or the spellcaster's hex tile, Permanent; L4847, the Lost Table
and its explanation L5307–5326): while energized, an affected individual who uses the Move
activity to leave a clearing moves where the Lost Table sends him, not where he recorded.

It affects him only when he starts a Move activity in a clearing (L4847.1: not when he runs
away, starts a Move between clearings or flies), on him or on the tile he starts in (L4847.2:
"The spell does not affect Move activities that start in other tiles"). As the Move starts he
rolls the Lost Table (SCENARIOS part 3, forced dice: after the colour chits); the number rolled
names the adjacent clearing — one roadway away, in his tile or an adjacent one, by paths and
passages he has not discovered too, which he does not discover by it (L5317–5320). Several
match: he chooses (the ``spell`` decision about Lost, default the lowest id); none: the Move
phase is cancelled. Into a mountain clearing, his next Move activity of the turn is cancelled
(the second Move a mountain needs, 7.3.1c.1); with none left, he does not move and this Move is
cancelled. The cancelled Move is kept on the spell in effect (``cancels``) for the turn.

Readings. A Lost Move recorded to the map's edge is Lost like any other (the table sends him to
a clearing). A hidden path or secret passage he did not know, used while Lost, is discovered by
no one watching either: it was not his to show (L5319). The Lost Table is a table he uses: his
modifications of every table apply (the Cloven Hoof L4344, Bad Luck L5169).
"""

from __future__ import annotations

from rules.board import parse_clearing_id
from rules.day.context import Ctx
from rules.day.state import SearchRoll, TurnState
from rules.events.daylight import PhaseCancelled
from rules.magic import bewitched, questions, wand
from rules.magic.spells.daylight import spell_cancels
from rules.modifiers import treasure_modifier
from rules.orders.model import ActivityKind
from rules.phrases import phrase
from rules.schema.tiles import ClearingType
from rules.state import GameState

LOST = "Lost"
LOST_TABLE = "Lost Table"


def affected(ctx: Ctx, name: str) -> bool:
    """Whether an energized Lost affects ``name``'s Move from where he stands (L4847)."""
    return bewitched.affecting(ctx.catalog, ctx.state, name, LOST) is not None


def destination(ctx: Ctx, turn: TurnState, number: int, start: str) -> str | None:
    """Where his Lost Move phase ``number`` from ``start`` takes him (see the module); None when
    the phase is cancelled, with the reason told. The roll is kept in the turn
    (:attr:`rules.day.state.TurnState.searched`, table ``Lost``) while his choice of clearing waits,
    so that the phase resumes with the same roll."""
    state, name = ctx.state, turn.character
    kept = turn.searched
    if kept is not None and kept.phase == number and kept.table == LOST:
        rolled = kept.roll
    else:
        added = treasure_modifier(ctx.catalog, ctx.board, state, name, None)
        added += bewitched.spell_modifier(ctx.catalog, state, name, None)
        red = wand.red_die(ctx, name, LOST_TABLE)  # L4352: given ahead, else the default
        roll = ctx.dice.roll(name, LOST_TABLE, modifier=added, red=red)
        ctx.emit_roll(roll, phase=number)
        rolled = roll.result
        turn.searched = SearchRoll(phase=number, table=LOST, clearing=start, roll=rolled)
    target = _choose(ctx, name, number, start, rolled)
    turn.searched = None
    return target


def _choose(ctx: Ctx, name: str, number: int, start: str, rolled: int) -> str | None:
    wanted = ctx.catalog.tables[LOST_TABLE].result(rolled).clearing
    matches = sorted(
        {
            c.to
            for c in ctx.board.connections(start)
            if c.to is not None and parse_clearing_id(c.to)[1] == wanted
        }
    )
    if not matches:
        why = phrase("spells.lost_nowhere", number=wanted, start=start)
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=why))
        return None
    prompt = phrase("spells.lost_where", number=wanted)
    target = questions.ask(ctx, name, LOST, prompt, matches)
    ctx.wait_if_pending()
    if ctx.board.clearing_type(target) is not ClearingType.MOUNTAIN:
        return target
    later = _next_move(ctx, name, number)
    if later is None:
        why = phrase("spells.lost_in_mountain", clearing=target)
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=why))
        return None
    spell = bewitched.affecting(ctx.catalog, ctx.state, name, LOST)
    assert spell is not None
    spell.cancels[name] = [later]
    return target


def _next_move(ctx: Ctx, name: str, number: int) -> int | None:
    """The number of his next recorded Move phase after phase ``number`` this turn that no spell
    has cancelled, None if none."""
    orders = ctx.today.orders.get(name)
    phases = orders.phases if orders is not None else ()
    for later, activity in enumerate(phases[number:], number + 1):
        if activity.kind is ActivityKind.MOVE and spell_cancels(ctx.state, name, later) is None:
            return later
    return None


def turn_starts(state: GameState, name: str) -> None:
    """His turn starts: what a Permanent spell cancelled of his last turn is forgotten (a Lost
    Move's climb left undone when his turn was cut short)."""
    for spell in state.spells:
        if spell.spell == LOST:
            spell.cancels.pop(name, None)
