"""Changing directions (L4480–4488): after the plays are revealed and before they are
resolved, the Battle Bracelets move an attack and the Elusive Cloak a maneuver
(:func:`shift`, done as the Melee Step's attacks are resolved, before
:func:`rules.evening.resolving.strikes`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import kit, melee, spoils
from rules.evening.counters import (
    red_side_up,
    showing,
)
from rules.evening.resolving import maneuver_of
from rules.evening.state import CombatState
from rules.evening.sunset import present
from rules.events.evening import Killed, Shifted
from rules.phrases import Phrase, phrase
from rules.schema.action_chits import Action


def shift(ctx: Ctx, combat: CombatState) -> None:
    """L4480–4488, changing directions: "after attacks and maneuvers are revealed but before
    they are resolved", a character with the Battle Bracelets active may move his attack to any
    Attack circle if his target's maneuver time is 5 or more (L4482); one with the Elusive
    Cloak active may move his maneuver to any Maneuver square if every attack aimed at him has
    an attack time of 5 or more (L4486) — never the Dwarf's Duck chit, which goes only in the
    Duck square. The attacks are shifted first, then the maneuvers (L4488): the maneuvers are
    asked once the attacks are known. Nothing changes until every answer is in (each wait
    reruns the step). A target with no maneuver (or a cancelled one) has no maneuver time and
    is intercepted anyway (8.4.8b.2): nothing to shift. A character held by a red-side-up
    Tremendous monster whose maneuver the Cloak moves is ``cloaked`` this round, for
    :func:`cloak_loop`."""
    attacks: dict[str, tuple[int, Phrase]] = {}
    for who in present(ctx, combat):
        attack = _attack_of(combat, who)
        target = combat.targets.get(who)
        if attack is None or target is None:
            continue
        if "shift_attack" not in kit.powers(ctx.catalog, ctx.state, ctx.sheet(who)):
            continue
        maneuver = maneuver_of(ctx, combat, target)
        if maneuver is not None and maneuver[1] >= 5:
            why = phrase("evening.target_maneuver_time", target=target, time=maneuver[1])
            attacks[who] = (attack, why)
    shifted = melee.ask_shifts(ctx, combat, "shift_attack", attacks)
    ctx.wait_if_pending()
    maneuvers: dict[str, tuple[int, Phrase]] = {}
    held: list[str] = []
    for who in present(ctx, combat):
        plays = combat.plays.get(who)
        move = plays.maneuver if plays is not None else None
        if move is None or move.cancelled is not None:
            continue
        sheet = ctx.sheet(who)
        if "shift_maneuver" not in kit.powers(ctx.catalog, ctx.state, sheet):
            continue
        if any(
            red_side_up(ctx.catalog, ctx.state, combat.dark_parts, d)
            for d in combat.sheets.get(who, [])
        ):
            held.append(who)
        if (
            move.chit is not None
            and kit.face(ctx.catalog, ctx.state, sheet, move.chit).action is Action.DUCK
        ):
            continue  # L4486: the Duck chit goes only in the Duck square
        times = aimed_at(ctx, combat, who)
        if times and min(times) >= 5:
            why = phrase("evening.attacks_aimed_times", times=tuple(sorted(times)))
            maneuvers[who] = (move.direction, why)
    moved = melee.ask_shifts(ctx, combat, "shift_maneuver", maneuvers)
    ctx.wait_if_pending()
    for who, box in shifted.items():
        attack_play = combat.plays[who].attack
        assert attack_play is not None and attack_play.direction is not None
        if box != attack_play.direction:
            _report_shift(ctx, combat, who, "attack", attack_play.direction, box)
            attack_play.direction = box
    for who, box in moved.items():
        move_play = combat.plays[who].maneuver
        assert move_play is not None
        if box != move_play.direction:
            _report_shift(ctx, combat, who, "maneuver", move_play.direction, box)
            move_play.direction = box
            if who in held and who not in combat.cloaked:
                combat.cloaked.append(who)  # 8.4.7d.4: see cloak_loop


def _attack_of(combat: CombatState, who: str) -> int | None:
    """The circle of his attack this round, if he made one that stands (not cancelled, not a
    Fight chit played to turn his weapon)."""
    plays = combat.plays.get(who)
    attack = plays.attack if plays is not None else None
    if attack is None or attack.cancelled or attack.flip or attack.direction is None:
        return None
    return attack.direction


def aimed_at(ctx: Ctx, combat: CombatState, who: str) -> list[int]:
    """The attack times of the attacks aimed at the character ``who`` this round (L4486): the
    other characters' attacks on him and those of the counters on his sheet that attack (an
    attack time on the side they show, 8.4.7a)."""
    times: list[int] = []
    for other in present(ctx, combat):
        plays = combat.plays.get(other)
        if other == who or plays is None or combat.targets.get(other) != who:
            continue
        if _attack_of(combat, other) is not None and plays.attack is not None:
            times.append(plays.attack.time)
    for counter in combat.boxes.get(who, {}):
        face = showing(ctx.catalog, ctx.state, combat.dark_parts, counter)
        if face.attack is not None:
            times.append(face.attack)
    return times


def _report_shift(
    ctx: Ctx, combat: CombatState, who: str, play: str, before: int, after: int
) -> None:
    """The shift, said to all (L4480)."""
    boxes = melee.SHIFTS["shift_attack" if play == "attack" else "shift_maneuver"]
    ctx.emit(
        Shifted(
            who=who,
            item=boxes[0],
            play=play,
            from_=boxes[1][before],
            to=boxes[1][after],
            at=combat.clearing,
            round=combat.round,
        )
    )


def cloak_loop(ctx: Ctx, combat: CombatState) -> None:
    """8.4.7d.4 (L2625): "Combat cannot end in a clearing while a Tremendous monster is red side
    up. *Special:* Use of the Elusive Cloak can cause an 'infinite loop' where neither the
    character nor the Tremendous monster can be killed, and combat extends indefinitely. If
    there is no chance for the Tremendous monster to be killed by either the character or
    anyone else in the clearing (or the other characters decline to help), then the character
    is killed. *Explanation:* It is assumed that the character will tire before the monster
    does." At the end of the round, each ``cloaked`` character (the Cloak moved his maneuver
    while a red-side-up Tremendous monster held him, :func:`shift`) still alive and held by
    one that no attack this round could have killed (``threatened``: the attack's best harm,
    its sharpness and striking bonus counted and the Missile Table's best change, reaching the
    monster's vulnerability — or an attack spell, whose harm is rolled) is killed by it, as a
    monster's victim (8.7.2). Reading: the loop is judged round by round — a round in which
    the Cloak alone kept him alive and nobody in the clearing, he included, made an attack on
    the monster that could kill it is one with "no chance" of it, whether nobody could or the
    others declined. Both lists are emptied for the next round."""
    cloaked, threatened = combat.cloaked, combat.threatened
    combat.cloaked, combat.threatened = [], []
    for who in cloaked:
        if who not in present(ctx, combat) or ctx.sheet(who).dead:
            continue
        holding = [
            d
            for d in combat.sheets.get(who, [])
            if red_side_up(ctx.catalog, ctx.state, combat.dark_parts, d) and d not in threatened
        ]
        if not holding:
            continue
        combat.eventful = True
        ctx.emit(Killed(who=who, by=holding[0], at=combat.clearing, round=combat.round))
        spoils.character_killed(ctx, combat, who, holding[0], "the Elusive Cloak's loop")
