"""Sunset and the start of the Evening (8.1): which clearings fight and in what order, who takes
part, and where the denizens start.

What is not implemented yet is said, never skipped: hirelings in combat (8.1.2b, 8.1.3c,
8.3.4c, 8.3.6a) are reported with ``not_implemented`` when a combat would need them.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.counters import is_monster, is_native, parts
from rules.evening.state import CombatState
from rules.state import Place


def combat_order(ctx: Ctx) -> list[str]:
    """8.1.2–8.1.3: one Attention chit from each clearing holding a character (a), mixed and
    drawn at random; clearings with only underlings, monsters or unhired natives have no
    combat (c). The clearings are taken in board order before they are mixed, so the draw is
    the same for the same state."""
    state = ctx.state
    occupied = {
        where
        for name, sheet in state.characters.items()
        if not sheet.dead and (where := state.clearing_of(name)) is not None
    }
    clearings = [c for c in ctx.board.clearings() if c in occupied]
    ctx.dice.shuffle(clearings)
    return clearings


def first_order(ctx: Ctx, names: list[str]) -> list[str]:
    """The characters ``names`` in the order of the Encounter Step's turns (8.3.2): the order
    they took their Daylight turns, as the rulebook's note for Internet games allows (L2294);
    a character who had no turn comes last, in the order of the game's characters."""
    order = [n for n in ctx.today.turn_order if n in names]
    return order + [n for n in names if n not in order]


def present(ctx: Ctx, combat: CombatState) -> list[str]:
    """The characters taking part who are still in the clearing (not run away, not killed),
    in the Encounter Step's order."""
    return [
        name
        for name in combat.participants
        if name not in combat.left
        and not ctx.state.characters[name].dead
        and ctx.where(name) == combat.clearing
    ]


def denizens(ctx: Ctx, clearing: str) -> list[str]:
    """The unhired, uncontrolled monsters and natives in ``clearing``, in the order they stand
    there (8.3.5: the order they are assigned in)."""
    catalog, state = ctx.catalog, ctx.state
    return [
        piece
        for piece in state.at(Place.clearing(clearing))
        if (is_monster(catalog, piece) or is_native(catalog, piece)) and piece not in state.minions
    ]


def start(ctx: Ctx, combat: CombatState) -> None:
    """8.1.3c–8.1.4: the characters in the clearing take part; the unhired monsters and natives
    turn light side up, Tremendous monsters red side down with their heads and clubs light side
    up (8.1.4a)."""
    state, clearing = ctx.state, combat.clearing
    here = [n for n, s in state.characters.items() if not s.dead and ctx.where(n) == clearing]
    combat.participants = first_order(ctx, here)
    pieces = denizens(ctx, clearing)
    state.dark_side_up = [p for p in state.dark_side_up if p not in pieces]
    combat.dark_parts = [
        p for p in combat.dark_parts if not any(p in parts(ctx.catalog, b) for b in pieces)
    ]
    ctx.emit("combat_started", at=clearing, who=combat.participants)
    ctx.emit(
        "not_implemented",
        rule="8.3.9",
        what=f"casting spells and playing colour chits in {clearing}: they come with magic",
    )
    hirelings = [m for m in state.minions if ctx.where(m) == clearing]
    if hirelings:
        ctx.emit(
            "not_implemented",
            rule="8.3.4c",
            what=f"hirelings in combat ({', '.join(hirelings)} in {clearing} stand aside)",
        )
    combat.step = "meeting"
