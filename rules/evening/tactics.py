"""Repositioning denizens and changing tactics (8.4.6), and fixed positions: after the reveal,
the rolls that move the counters on a Melee Section among its boxes and turn them over, or a
position fixed instead of the rolls (by a moderator, or a scenario's ``positions``)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.day.context import Ctx
from rules.evening.answers import read_placement, read_sides
from rules.evening.counters import dark
from rules.evening.positions import Counter, changes_tactics, position_possible, reposition, turning
from rules.evening.state import CombatState
from rules.events.day import Rolled
from rules.events.evening import Positioned, PositionRefused
from rules.pieces import pieces_of


def fixed_position(ctx: Ctx, combat: CombatState, sheet: str) -> str | None:
    """The position fixed for ``sheet`` this round, if any: the answer under its ``positions``
    id (:mod:`rules.evening.answers`)."""
    return ctx.answers.get(combat.decision_id(ctx.state.game_day, "positions", sheet).format())


def randomize(ctx: Ctx, combat: CombatState, sheet: str, counters: list[Counter]) -> None:
    """8.4.6a–d: one die repositions every counter on the sheet, then two dice for each occupied
    red box, in box order, turn its counters over on a 6 (no modifiers). A fixed position — a
    moderator's, or a scenario's — replaces the rolls when the rolls could give it."""
    boxes = combat.boxes.get(sheet, {})
    fixed = fixed_position(ctx, combat, sheet)
    if fixed is not None and fix(ctx, combat, sheet, [counters], fixed):
        return
    roll = ctx.dice.game_roll("Repositioning Denizens", who=sheet)
    rolled(ctx, combat, sheet, "Repositioning Denizens", roll.dice, roll.result)
    boxes = reposition(ctx.catalog, boxes, roll.result)
    combat.boxes[sheet] = boxes
    for box in sorted(set(boxes.values())):
        tactics = ctx.dice.roll(sheet, "Change Tactics")
        rolled(ctx, combat, sheet, "Change Tactics", tactics.dice, max(tactics.dice))
        if changes_tactics(ctx.catalog, tactics.dice):
            for counter in turning(counters, boxes, box):
                flip(ctx, combat, counter)
    positioned(ctx, combat, sheet, boxes)


def fix(
    ctx: Ctx,
    combat: CombatState,
    sheet: str,
    parts: list[list[Counter]],
    text: str,
    *,
    still: Sequence[Counter] = (),
) -> bool:
    """Take the fixed position ``text`` for ``sheet`` if the rolls could give it: each of
    ``parts`` (the whole sheet of a character; a denizen's target, attackers and defender)
    moves as a whole and turns box by box (:func:`rules.evening.positions.position_possible`);
    the counters ``still`` (a hired defender, 8.4.6d.3) neither move nor turn. Returns whether
    it was taken; one the rolls could not give is refused with a ``position_refused`` event,
    and the dice are rolled."""
    boxes = combat.boxes.get(sheet, {})
    after = read_placement(text)
    sides = read_sides(text)
    flipped = {
        c for c, side in sides.items() if (side == "dark") != dark(ctx.state, combat.dark_parts, c)
    }
    possible = set(after) == set(boxes)
    for part in parts if possible else []:
        ids = {c.id for c in part}
        before_part = {c: b for c, b in boxes.items() if c in ids}
        after_part = {c: b for c, b in after.items() if c in ids}
        possible = (
            possible and position_possible(before_part, after_part, flipped & ids, part) is None
        )
    if possible and any(after[c.id] != boxes[c.id] or c.id in flipped for c in still):
        possible = False
    if not possible:
        ctx.emit(
            PositionRefused(sheet=sheet, position=text, at=combat.clearing, round=combat.round)
        )
        return False
    for counter in flipped:
        flip(ctx, combat, counter)
    combat.boxes[sheet] = after
    positioned(ctx, combat, sheet, after)
    return True


def flip(ctx: Ctx, combat: CombatState, counter: str) -> None:
    state = ctx.state
    if counter in pieces_of(ctx.catalog):
        if counter in state.dark_side_up:
            state.dark_side_up.remove(counter)
        else:
            state.dark_side_up.append(counter)
    elif counter in combat.dark_parts:
        combat.dark_parts.remove(counter)
    else:
        combat.dark_parts.append(counter)


def rolled(
    ctx: Ctx, combat: CombatState, who: str, purpose: str, dice: tuple[int, ...], result: int
) -> None:
    ctx.emit(
        Rolled(
            who=who,
            purpose=purpose,
            dice=tuple(dice),
            result=result,
            at=combat.clearing,
            round=combat.round,
        )
    )


def positioned(ctx: Ctx, combat: CombatState, sheet: str, boxes: dict[str, int]) -> None:
    for counter, box in boxes.items():
        side = "dark" if dark(ctx.state, combat.dark_parts, counter) else "light"
        ctx.emit(
            Positioned(
                sheet=sheet,
                denizen=counter,
                box=box,
                side=side,
                at=combat.clearing,
                round=combat.round,
            )
        )
