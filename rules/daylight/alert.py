"""The Alert activity (7.9)."""

from __future__ import annotations

from rules.chits import printed, uncommitted
from rules.day.context import Ctx
from rules.events.daylight import Alerted, Fatigued, PhaseCancelled, WentBerserk
from rules.magic.state import committed
from rules.orders.model import Activity
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.state import Place


def alert(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.9: turn the active weapon either side up (default: alerted), or alert one Magic chit
    (time 0 until Midnight, 7.9.3). Characters following him may alert too, "or not, as he
    chooses" (7.11.6f): each as his own ``alert:`` instruction says — his weapon (the default),
    unalert it, one of his Magic chits, or ``none``."""
    what = activity.target or ctx.instructions(name).alert
    if what == "none":
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=phrase("daylight.alert_none")))
    elif ctx.is_character(name) and not _alert_one(ctx, name, what):
        ctx.emit(
            PhaseCancelled(
                who=name, phase=number, reason=phrase("daylight.nothing_to_alert", what=what)
            )
        )
    for follower in ctx.followers_of(name):
        choice = ctx.instructions(follower).alert
        if ctx.is_character(follower) and choice != "none":
            _alert_one(ctx, follower, choice)


def _alert_one(ctx: Ctx, name: str, what: str) -> bool:
    """Alert ``what`` for one character; False when he has nothing of the kind in play (a Magic
    chit committed to a spell is not, 4.6.7)."""
    character = ctx.sheet(name)
    if what.upper().startswith("BERSERK"):
        return _berserk(ctx, name)
    if what.upper().startswith("MAGIC"):
        chit = next(
            (
                c
                for c in uncommitted(character.chits, committed(ctx.state.spells, name))
                if c.label == what.upper()
                and c.status == "active"
                and c.color is None
                and printed(c.label).action is Action.MAGIC
            ),
            None,
        )
        if chit is None:
            return False
        chit.alerted = True
        ctx.emit(Alerted(who=name, item=chit.label, alerted=True))
        return True
    pieces = pieces_of(ctx.catalog)
    weapons = [
        i
        for i in ctx.state.at(Place.owner(name))
        if pieces[i].kind is Kind.WEAPON and character.items[i].active
    ]
    if not weapons:
        return False
    alerted = what.lower() != "unalert"
    character.items[weapons[0]].alerted = alerted
    ctx.emit(Alerted(who=name, item=weapons[0], alerted=alerted))
    return True


def _berserk(ctx: Ctx, name: str) -> bool:
    """The Berserker plays his Berserk chit in an Alert phase (L3594, L3598): it fatigues at
    once, and until Midnight only Tremendous harm kills him (the chit is marked alerted until
    then, :func:`rules.chits.is_berserk`). False when he has no active Berserk chit."""
    chit = next(
        (
            c
            for c in ctx.sheet(name).chits
            if c.status == "active" and printed(c.label).action is Action.BERSERK
        ),
        None,
    )
    if chit is None:
        return False
    chit.status = "fatigued"
    chit.alerted = True
    ctx.emit(WentBerserk(who=name, chit=chit.label))
    ctx.emit(Fatigued(who=name, chit=chit.label))
    return True
