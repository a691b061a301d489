"""Sunset and the start of the Evening (8.1): which clearings fight and in what order, who takes
part, and where the denizens start.

Hirelings are :mod:`rules.evening.hirelings`.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.hirelings import is_actor
from rules.evening.counters import is_monster, is_native, parts
from rules.evening.state import CombatState
from rules.events.evening import CombatStarted
from rules.state import Place


def combat_order(ctx: Ctx) -> list[str]:
    """8.1.2–8.1.3: one Attention chit from each clearing holding a character (a), or a hired
    leader or controlled monster (b, and 7.7.5e), mixed and drawn at random; clearings with
    only underlings, monsters or unhired natives have no combat (c). The clearings are taken in
    board order before they are mixed, so the draw is the same for the same state."""
    state = ctx.state
    occupied = {
        where
        for name, sheet in state.characters.items()
        if not sheet.dead and (where := state.clearing_of(name)) is not None
    }
    occupied |= {
        where
        for name in state.minions
        if is_actor(ctx.catalog, state, name) and (where := state.clearing_of(name)) is not None
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


def directing(ctx: Ctx, combat: CombatState) -> list[str]:
    """The characters taking part now: those still in the clearing, and those with hirelings
    there, who direct them (8.1.3c), in the Encounter Step's order."""
    fighting = present(ctx, combat)
    hired = {m.employer for p, m in ctx.state.minions.items() if ctx.where(p) == combat.clearing}
    return [
        name
        for name in combat.participants
        if name in fighting or (name in hired and not ctx.state.characters[name].dead)
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
    """8.1.3c–8.1.4: the characters in the clearing take part, and those whose hirelings are
    there, directing them (c); the unhired monsters and natives turn light side up, Tremendous
    monsters red side down with their heads and clubs light side up (8.1.4a)."""
    state, clearing = ctx.state, combat.clearing
    here = [n for n, s in state.characters.items() if not s.dead and ctx.where(n) == clearing]
    here += [
        m.employer
        for piece, m in sorted(state.minions.items())
        if ctx.where(piece) == clearing and m.employer not in here
    ]
    combat.participants = first_order(ctx, list(dict.fromkeys(here)))
    pieces = denizens(ctx, clearing)
    state.dark_side_up = [p for p in state.dark_side_up if p not in pieces]
    combat.dark_parts = [
        p for p in combat.dark_parts if not any(p in parts(ctx.catalog, b) for b in pieces)
    ]
    ctx.emit(CombatStarted(at=clearing, who=tuple(combat.participants)))
    combat.step = "meeting"
