"""Sunset (5.1 step 5) and Midnight (8.9): the day's end."""

from __future__ import annotations

from rules.chits import midnight as fatigue_alerted
from rules.day.context import Ctx
from rules.daylight import hirelings, trade
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.state import DayState


def sunset(ctx: Ctx) -> None:
    """5.1 step 5: Day spells expire (none exist yet)."""
    ctx.today.stage = "evening"


def midnight(ctx: Ctx) -> None:
    """8.9: trades not made are reported (7.2.1); weapons unalert, alerted Magic chits fatigue,
    face-up map chits (but the Lost City and Lost Castle) turn face down — Site and Sound chits
    stay in their clearings (7.13.2b) — hidden enemies lapse, terms of hire end (7.7.4a) and
    hired natives out of caves ride again (7.3.2e.2); the next day begins, or the game is over
    after day 28."""
    state = ctx.state
    trade.unmade(ctx)
    for character in state.characters.values():
        for item in character.items.values():
            item.alerted = False
        for label in fatigue_alerted(character):
            ctx.emit("fatigued", who=character.name, chit=label)
    specials = {
        c.name
        for c in ctx.catalog.map_chits.values()
        if c.kind in (ChitKind.LOST_CITY, ChitKind.LOST_CASTLE)
    }
    pieces = pieces_of(ctx.catalog)
    state.face_up = [
        p for p in state.face_up if p in specials or pieces[p].kind is not Kind.MAP_CHIT
    ]
    hirelings.expire_terms(ctx)
    hirelings.remount(ctx.catalog, ctx.board, state)
    ctx.emit(
        "midnight",
        what="weapons unalert, alerted Magic chits fatigue, map chits turn face down",
    )
    ctx.emit("day_ended", day=state.day, month=state.month)
    if state.day == 28:
        state.today = DayState(stage="over")
        return
    state.day += 1
    state.today = DayState()
