"""The Melee Section of a denizen attacked by denizens (8.4.2a, 8.4.5n, 8.4.6d, 8.4.8e): where
its counters stand, and how they are repositioned and change tactics.

The defender (the owner) stands in a red box, its head, club or horse in the Dodge and Swing box
(8.4.2a); its target in a Maneuver square; the other attackers in the Attack circles, as many
circles as possible (8.4.5n.2). A counter's place is a number 1–3 whatever the part of the
sheet: red box k, square k and circle k share direction k (rules-map §1.5), so one map of
counter to number holds the sheet, and each counter's part follows from its role.

Readings: the defending and attacking hirelings' employers place them (8.4.2f, 8.4.5n); until
they are asked, the engine places them as an uncontrolled defender's sheet is laid out — the
defender in box 1 with its head, club or horse in box 2, its target in square 1 (its horse in
square 2), the others in circles 1, 2, 3 in turn, each horse, head or club in the next circle.
Then one die repositions the target among the squares, one the other attackers among the
circles, and, for an uncontrolled defender, a third the defender among the boxes; two dice for
each occupied square, circle and box, in that order, turn its counters over on a 6 — never a
hired or controlled defender, a horse or a Tremendous monster (8.4.6c–d).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import tactics
from rules.evening.counters import sheet_counters
from rules.evening.positions import Counter, changes_tactics, reposition, turning
from rules.evening.state import CombatState


def groups(ctx: Ctx, combat: CombatState, owner: str) -> tuple[list[Counter], ...]:
    """The counters of ``owner``'s sheet by role: the defender with its head, club or horse;
    the target with its horse; each other attacker with its own."""
    target = combat.targets.get(owner)
    attackers = combat.sheets.get(owner, [])
    defender = sheet_counters(ctx.catalog, ctx.board, ctx.state, [owner])
    aimed = sheet_counters(ctx.catalog, ctx.board, ctx.state, [target]) if target else []
    others = sheet_counters(
        ctx.catalog, ctx.board, ctx.state, [a for a in attackers if a != target]
    )
    return defender, aimed, others


def lay_out(ctx: Ctx, combat: CombatState, owner: str) -> dict[str, int]:
    """The sheet as the engine places it (see the module docstring)."""
    defender, aimed, others = groups(ctx, combat, owner)
    boxes = {c.id: 1 if c.id == owner else 2 for c in defender}
    boxes |= {c.id: 1 if c.owner is None else 2 for c in aimed}
    circle = 0
    for counter in others:
        if counter.owner is None:
            circle = circle % 3 + 1
            boxes[counter.id] = circle
        else:  # never in its owner's circle (8.4.5n.2)
            boxes[counter.id] = boxes.get(counter.owner, circle) % 3 + 1
    return boxes


def randomize(ctx: Ctx, combat: CombatState, owner: str) -> None:
    """8.4.6d: lay the sheet out, then reposition and change tactics (or take a fixed
    position)."""
    defender, aimed, others = groups(ctx, combat, owner)
    boxes = lay_out(ctx, combat, owner)
    combat.boxes[owner] = boxes
    hired = owner in ctx.state.minions
    fixed = tactics.fixed_position(ctx, combat, owner)
    parts = [aimed, others] if hired else [aimed, others, defender]
    still = defender if hired else []
    if fixed is not None and tactics.fix(ctx, combat, owner, parts, fixed, still=still):
        return
    for part in parts:
        if not part:
            continue
        roll = ctx.dice.game_roll("Repositioning Denizens", who=owner)
        tactics.rolled(ctx, combat, owner, "Repositioning Denizens", roll.dice, roll.result)
        moved = reposition(ctx.catalog, {c.id: boxes[c.id] for c in part}, roll.result)
        boxes.update(moved)
    for part in parts:
        if not part:
            continue
        spots = {c.id: boxes[c.id] for c in part}
        for box in sorted(set(spots.values())):
            dice = ctx.dice.roll(owner, "Change Tactics")
            tactics.rolled(ctx, combat, owner, "Change Tactics", dice.dice, max(dice.dice))
            if changes_tactics(ctx.catalog, dice.dice):
                for counter in turning(part, spots, box):
                    tactics.flip(ctx, combat, counter)
    tactics.positioned(ctx, combat, owner, boxes)


def randomize_all(ctx: Ctx, combat: CombatState) -> None:
    """Every denizen's sheet with attackers, in sheet order."""
    for owner in sorted(combat.sheets):
        if combat.sheets[owner] and owner not in ctx.state.characters:
            randomize(ctx, combat, owner)
