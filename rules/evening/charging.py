"""Deployment and charging (8.3.6): a character in the clearing may charge another character.

Charging (b): he plays a Move chit and puts his Attention chit on the target's Melee Section,
where it acts like a monster with the Move chit's time: it limits the Encounter actions the
target can play (8.3.7a). It is his action for the round (b.1) and fixes his target (b.2). He
cannot charge with a red-side-up Tremendous monster on his sheet (b.1), nor charge denizens; a
hidden character only if he has found hidden enemies today, and then both are unhidden (c).

The decision ``charge`` offers ``none`` or ``TARGET CHIT`` (``Amazon MOVE H4**``) for every
other character he may charge and every Move chit he has not played (:mod:`rules.evening.answers`).
Deploying hirelings (a) is :mod:`rules.evening.hirelings`.
"""

from __future__ import annotations

from rules import hidden
from rules.day.context import Ctx
from rules.daylight.fly import carpet_fly
from rules.evening import encounter, flying, hirelings, kit, melee, standing
from rules.evening.answers import NONE
from rules.evening.encounter import combat_id, is_red
from rules.evening.state import CombatState
from rules.evening.sunset import directing, present
from rules.events import Decision
from rules.events.daylight import Unhidden
from rules.events.evening import Charged, PlayCancelled
from rules.magic.forms import creature, misted, transmorphized
from rules.magic.spells.peace import pacified
from rules.magic.state import committed
from rules.phrases import phrase
from rules.schema.action_chits import Action


def targets(
    ctx: Ctx,
    combat: CombatState,
    who: str,
    *,
    ahead: bool = False,
    here: list[str] | None = None,
) -> list[str]:
    """The characters ``who`` may charge (b, c): the others in the clearing (``here``: those
    present, if the caller has them), a hidden one only if he sees him (found today,
    :func:`rules.hidden.finds`). ``ahead``, when his choice is asked: also a hidden one that a
    hired leader of his who found hidden enemies may unhide by being deployed against him first
    (c's example)."""
    helped = ahead and any(hirelings.finds_hidden(ctx, p) for p in hirelings.of(ctx, combat, who))
    return [
        n
        for n in (present(ctx, combat) if here is None else here)
        if n != who
        and (not ctx.sheet(n).hidden or helped or hidden.finds(ctx, who, n))
        and not misted(ctx.state.spells, n)  # L5062: he cannot be charged
    ]


def options(ctx: Ctx, combat: CombatState, who: str, here: list[str] | None = None) -> list[str]:
    """``none``, and each character he may charge (:func:`targets` ``ahead``) with each Move
    chit not yet played — a transmorphized character with any such chit as a dummy, at the
    creature's move time (8.4.5p.2; a flier's flying values, 8.3.6b.4) — or with a Fly chit he
    may play himself (8.3.6b.4 L2342: "A character ... with a Fly chit ... can use his flying
    values like move values to charge during his Deployment"; ``fly CHIT``,
    :func:`rules.evening.flying.plays`), which must carry him and his items (8.4.5q)."""
    if any(is_red(ctx, combat, d) for d in combat.sheets.get(who, [])):
        return [NONE]
    if pacified(ctx.state, who) or misted(ctx.state.spells, who):
        return [NONE]  # Peace, L4714; mist, L5062: he cannot charge
    moves = kit.unused(ctx.sheet(who), kit.used(combat, who), committed(ctx.state.spells, who))
    if creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up) is None:
        moves = kit.of_action(moves, Action.MOVE, freed=kit.unleashed(ctx.state, who))  # L5076
    if not transmorphized(ctx.state.spells, who):  # 4.6.9e: his chits frozen
        moves += flying.plays(ctx, combat, who)  # a Fly chit like a Move chit (8.3.6b.4)
    chargeable = targets(ctx, combat, who, ahead=True, here=here)
    return [NONE, *(f"{target} {label}" for target in chargeable for label in moves)]


def deploy(ctx: Ctx, combat: CombatState) -> None:
    """8.3.6, in the Encounter Step's order: each character may deploy his hirelings not being
    attacked (a) and, in the clearing, charge (b). His charge is made first, and tried again
    after his deployments if a target still hidden refused it: either may unhide a hidden
    character for the other (c's example, L2352).

    These are asked in one window with the rest of his Encounter choices: which hireling takes
    a denizen he won (8.3.5a.3, placed first, as random assignment comes before Deployment) and
    his action (8.3.7, made in the next step, unless his charge was his action) — and, when
    combat waits for its players, his Melee Step's choices too (:func:`melee.ask_ahead`)."""
    asked: list[tuple[str, str]] = []
    sent: dict[str, list[tuple[str, str]]] = {}
    won = hirelings.taker_choices(ctx, combat)
    here = present(ctx, combat)  # asking changes nothing
    for who in directing(ctx, combat):
        sent[who] = hirelings.deployments(ctx, combat, who, here)
        if who not in here:
            continue
        choices = options(ctx, combat, who, here)
        if len(choices) == 1:
            continue
        decision = Decision(
            id=combat_id(ctx, combat, "charge", who).format(),
            character=who,
            kind="charge",
            prompt=phrase("evening.charge_prompt"),
            options=tuple(choices),
            default=NONE,
        )
        asked.append((who, standing.ask(ctx, combat, decision)))
    if ctx.combat_waits():
        encounter.ask_actions(ctx, combat)
        encounter.ask_colors(ctx, combat)
        melee.ask_ahead(ctx, combat)
    else:  # asking them ahead would change nothing; they are made now all the same
        encounter.action_decisions(ctx, combat)
    ctx.wait_if_pending()
    for denizen, taker in won:
        who = combat.won[denizen]
        choices = hirelings.takers(ctx, combat, who)
        hirelings.place_won(ctx, combat, denizen, taker if taker in choices else choices[0])
    for who in directing(ctx, combat):
        charging = next((a for mine, a in asked if mine == who and a != NONE), None)
        invoked = False
        if charging is not None and ctx.state.spells:  # Broomstick, rules 1 and 4 (L4957)
            target, label = _split(charging)
            instead = flying.encounter_invocation(ctx, combat, who, "charge", label)
            if instead.startswith(flying.PLAYED) and " to " in instead:
                flying.fly_away(ctx, combat, who, instead.removeprefix(flying.PLAYED), forced=True)
                continue
            if instead:
                charging, invoked = f"{target} {instead}", True
        charged = charging is not None and charge(ctx, combat, who, charging, invoked=invoked)
        for piece, answer in sent[who]:
            if answer == NONE or hirelings.attacked(combat, piece):
                continue
            target, sides = hirelings.split_deployment(answer)
            if target in hirelings.deploy_targets(ctx, combat, piece, present(ctx, combat)):
                hirelings.turn(ctx, combat, piece, sides)
                hirelings.deploy(ctx, combat, piece, target, is_red(ctx, combat, target))
        if (
            charging is not None
            and not charged
            and not charge(ctx, combat, who, charging, invoked=invoked)
        ):
            ctx.emit(
                PlayCancelled(
                    who=who,
                    chit=charging,
                    reason=phrase("evening.charges_hidden"),
                    at=combat.clearing,
                    round=combat.round,
                )
            )
    combat.step = "actions"


def _split(answer: str) -> tuple[str, str]:
    """A charge's target and play: ``Amazon MOVE H4**`` or ``Amazon fly MAGIC V2*``."""
    head, fly, chit = answer.partition(f" {flying.PLAYED}")
    if fly:
        return head, f"{flying.PLAYED}{chit}"
    words = answer.split()
    return " ".join(words[:-2]), " ".join(words[-2:])


def charge(ctx: Ctx, combat: CombatState, who: str, answer: str, *, invoked: bool = False) -> bool:
    """Play the charge ``answer`` (``TARGET CHIT``) if it is still possible; the chit's
    asterisks count toward his effort limit (b.1). Returns False only when the target is
    hidden from him now (he may try again once it is not). ``invoked``: Broomstick's caster
    forces him to charge with its Fly chit (L4957), not one of his options."""
    target, label = _split(answer)
    if invoked and flying.played(ctx, who, label) is None:
        return True
    if not invoked and answer not in options(ctx, combat, who):
        return True
    if target not in targets(ctx, combat, who):
        return False
    sheet = ctx.sheet(who)
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    fly = flying.played(ctx, who, label)
    rug = flying.carpet_played(ctx, combat, who, label) if fly is None else None
    if fly is not None:
        why = flying.cannot_carry(ctx, who, fly)
    elif rug is not None:
        why = flying.carpet_carries(ctx, who, rug)
    elif shape is None and kit.over_limit(
        ctx.catalog, ctx.state, sheet, [*kit.used(combat, who), label]
    ):
        why = kit.too_much(ctx.catalog, ctx.state, sheet)
    else:
        why = None
    if why is not None:
        ctx.emit(
            PlayCancelled(who=who, chit=label, reason=why, at=combat.clearing, round=combat.round)
        )
        return True
    if fly is not None:  # no asterisks (4.6.7e); he stays in the clearing (8.4.5q)
        combat.charge_times[who] = flying.fly_time(ctx, fly)
    elif rug is not None:  # the Flying Carpet, once a round (8.4.5q)
        kit.used(combat, who).append(rug)
        combat.charge_times[who] = carpet_fly(ctx, rug).time
    else:
        kit.used(combat, who).append(label)
        combat.charge_times[who] = (
            shape.move_time
            if shape is not None
            else kit.face(ctx.catalog, ctx.state, sheet, label).time
        )
    combat.charges[who] = target
    combat.acted.append(who)
    combat.targets[who] = target
    ctx.emit(Charged(who=who, target=target, chit=label, at=combat.clearing, round=combat.round))
    if fly is not None:
        flying.used(ctx, fly, "charge")
    for name in (who, target):
        if ctx.sheet(name).hidden:
            ctx.sheet(name).hidden = False
            ctx.emit(Unhidden(who=name, reason=phrase("evening.a_charge")))
    return True
