"""The Evening (section 8) as a step of the day: combat in each clearing whose Attention chit
is drawn, round after round, until it ends (8.8).

:func:`evening` draws the clearings' order once (8.1.2–8.1.3) and fights each in turn; one
clearing's combat is a machine of steps kept in :class:`rules.evening.state.CombatState`, each a
function of this package: start (8.1.4), lure (8.3.4), assign (8.3.5), deploy (8.3.6), actions
(8.3.7–8.3.8), targets (8.4.2), plays and their reveal (8.4.5–8.4.6), resolve (8.4.8–8.4.9),
fatigue (8.5) and end (8.6, 8.8). A step that asks a player stops the day when an answer is
awaited and runs again, from its start, when the day resumes.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.advantages import report_waiting
from rules.day.context import Ctx, PendingDecisionError
from rules.daylight import trade
from rules.evening import (
    charging,
    encounter,
    fatigue,
    flying,
    hirelings,
    kit,
    luring,
    melee,
    natives,
    shifting,
    sunset,
)
from rules.evening.counters import tremendous
from rules.evening.encounter import hostiles, is_red
from rules.evening.inflict import inflict
from rules.evening.resolving import in_order, strikes
from rules.evening.reveal import reveal
from rules.evening.state import CombatState, EveningState, Step
from rules.events.day import NotImplementedYet
from rules.events.evening import CombatEnded, Flipped
from rules.magic import taking_effect, truce
from rules.magic.spells import protection, world_fades
from rules.phrases import phrase


def evening(ctx: Ctx) -> None:
    """8.1–8.8: the combats of the Evening, clearing by clearing in the order drawn."""
    today = ctx.today
    if today.evening is None:
        today.evening = EveningState(order=sunset.combat_order(ctx))
        for name in ctx.state.characters:
            if ctx.where(name) is not None and not ctx.state.characters[name].dead:
                report_waiting(ctx, name, "combat")
                for item, rule in kit.waiting_powers(ctx.catalog, ctx.state, ctx.sheet(name)):
                    ctx.emit(
                        NotImplementedYet(
                            rule=rule,
                            what=phrase("evening.power_waits", name=name, item=item),
                            who=name,
                        )
                    )
    state = today.evening
    if ctx.state.options.get("parallel_combat", False):
        fight_at_once(ctx, state)
    while state.index < len(state.order):
        if state.combat is None:
            state.combat = CombatState(clearing=state.order[state.index])
        fight(ctx, state.combat)
        state.combat = None
        state.index += 1
    today.stage = "midnight"


def fight_at_once(ctx: Ctx, state: EveningState) -> None:
    """8.1.3b's note: with the agreement of every player (the game option
    ``parallel_combat``), the clearings fight at once. Each clearing's combat, in the order
    drawn, goes on until it ends or waits for its players; the day waits once each has, so that
    every clearing's windows open together, and each resumes where it waited."""
    if state.index < len(state.order):
        state.fights = [CombatState(clearing=c) for c in state.order[state.index :]]
        state.index = len(state.order)
    waiting = False
    for combat in list(state.fights):
        ctx.pending_from = len(ctx.pending)
        try:
            fight(ctx, combat)
        except PendingDecisionError:
            waiting = True
            continue
        state.fights = [f for f in state.fights if f is not combat]
    ctx.pending_from = 0
    if waiting:
        raise PendingDecisionError


def _plays(ctx: Ctx, combat: CombatState) -> None:
    reveal(ctx, combat, melee.plays(ctx, combat))


def _meeting(ctx: Ctx, combat: CombatState) -> None:
    pieces = sunset.denizens(ctx, combat.clearing)
    natives.meetings(ctx, combat, pieces, combat.participants)
    combat.step = "pay"


def _effects(ctx: Ctx, combat: CombatState) -> None:
    taking_effect.take_effect(ctx, combat)  # 8.4.3
    combat.step = "plays"


def _resolve(ctx: Ctx, combat: CombatState) -> None:
    if not truce.reigns(ctx, combat.clearing):  # a Wish for peace: no one attacks (L5259)
        shifting.shift(ctx, combat)  # L4480-4488, before the attacks are resolved
        inflict(ctx, combat, in_order(combat, strikes(ctx, combat)))
    if combat.casts:
        taking_effect.expire_attacks(ctx, combat)
    combat.step = "fatigue"


STEPS: dict[Step, Callable[[Ctx, CombatState], None]] = {
    "start": sunset.start,
    "meeting": _meeting,
    "pay": natives.pay_off,
    "lure": luring.lure,
    "assign": luring.assign,
    "deploy": charging.deploy,
    "actions": encounter.actions,
    "targets": melee.targets,
    "effects": _effects,
    "plays": _plays,
    "resolve": _resolve,
    "fatigue": fatigue.fatigue_step,
}


def fight(ctx: Ctx, combat: CombatState) -> None:
    """One clearing's combat, from the step it stands at to its end."""
    while True:
        if combat.step == "end":
            if end_round(ctx, combat):
                end_combat(ctx, combat)
                return
            continue
        instead = truce.step(ctx, combat)  # a Wish for peace does away with it (L5259)
        if instead is not None:
            combat.step = instead
            continue
        STEPS[combat.step](ctx, combat)


def end_round(ctx: Ctx, combat: CombatState) -> bool:
    """The end of a round: Tremendous monsters that hit turn red side up (8.4.7c), weapons
    played for turning over turn (8.4.5h.2), the denizens go back to the top of their sheets
    (8.4.9s) and stay assigned to the characters, every other denizen becoming unassigned
    (8.6.1). Returns whether combat ends: no character, hired native or controlled monster left
    in the clearing (8.8.4), or a second round in a row with nothing fatigued, wounded, damaged,
    destroyed or killed and no Tremendous monster red side up (8.8.2) — in a clearing at peace,
    the second round after the Wish (:func:`rules.magic.truce.over`, L5259 note 4). First, a
    character the Elusive Cloak kept in an endless loop is killed (8.4.7d.4,
    :func:`rules.evening.shifting.cloak_loop`), and World Fades' Hide rolls (L5081,
    :func:`rules.magic.spells.world_fades.hide_at_round_end`)."""
    state = ctx.state
    if combat.cloaked:
        shifting.cloak_loop(ctx, combat)  # 8.4.7d.4
    if state.spells:
        flying.maneuvers_end(ctx, combat)  # 4.6.7e.1
        world_fades.hide_at_round_end(ctx, combat)
    for body in combat.hit:
        if tremendous(ctx.catalog, body) and body not in state.dark_side_up:
            state.dark_side_up.append(body)
            ctx.emit(Flipped(denizen=body, side="dark", at=combat.clearing, round=combat.round))
    for who, plays in combat.plays.items():
        attack = plays.attack
        if attack is not None and attack.flip and attack.weapon and attack.cancelled is None:
            sheet = ctx.sheet(who)
            if attack.weapon in sheet.items:
                sheet.items[attack.weapon].alerted = attack.flip == "alerted"
    combat.boxes = {}
    hirelings.disengage(ctx, combat)
    protection.round_ends(ctx, combat)  # 4.6.7f.1
    if any(is_red(ctx, combat, d) for d in hostiles(ctx, combat)):
        combat.eventful = True
    combat.quiet = 0 if combat.eventful else combat.quiet + 1
    nobody = not sunset.present(ctx, combat) and not hirelings.here(ctx, combat)
    peace = truce.over(ctx, combat)
    if nobody or (combat.quiet >= 2 if peace is None else peace):
        return True
    combat.round += 1
    combat.used = {}
    combat.charges = {}
    combat.charge_times = {}
    combat.acted = []
    combat.galloped = []
    combat.hit = []
    combat.casts = {}
    combat.eventful = False
    combat.step = "lure"
    return False


def end_combat(ctx: Ctx, combat: CombatState) -> None:
    """8.8.6: the unhired monsters in the clearing turn light side up, the hired and controlled
    denizens dark side up if hidden and light if not. 8.8.5: the characters still in the
    clearing make the trades their orders hold with each other and have not made today (7.2.1,
    :mod:`rules.daylight.trade`). Reading: rearranging belongings after combat asks nothing —
    his next chance, the start of tomorrow's first phase, is where his orders already rearrange
    them (7.2.2), and in combat's rounds his Encounter action may (8.3.7)."""
    state = ctx.state
    pieces = sunset.denizens(ctx, combat.clearing)
    state.dark_side_up = [p for p in state.dark_side_up if p not in pieces]
    hirelings.settle_sides(ctx, combat)
    ctx.emit(CombatEnded(at=combat.clearing, rounds=combat.round))
    for name in sunset.present(ctx, combat):
        trade.with_characters(ctx, name)
