"""Resolving attacks (8.4.8) and inflicting harm in order (8.4.9a–c, m).

Every attack is compared with its target's maneuver: it hits by undercutting (a faster attack
time) or by intercepting (the matching direction), and a character who played no maneuver is
intercepted by every counter on his sheet (8.4.8b.2). The hits then go into effect one at a time
— on the first round longest weapon first, then fastest; later rounds fastest first, then
longest — and hits with the same length and time at the same instant (m).

Reading of 8.4.9c.1 (L2692, "all attacks that are waiting to inflict harm are cancelled"): the
attacks cancelled are those of the one killed (c.2, and the examples at L2727 and L2733), and any
still aimed at him; the other attacks of the round go on (the Captain's example, L2760).

Before the attacks are compared, the Battle Bracelets and the Elusive Cloak may change the
directions played (L4480–4488, :func:`shift`). A character's attack is made with his weapon
counter or weapon card (L4394) and the Potions on it (L4449–4463): Gripping Dust keeps it
alerted, Oil of Poison adds a sharpness star, Ointment of Bite hits on a tie, Penetrating
Grease ignores armor (:mod:`rules.evening.inflict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from rules.day.context import Ctx
from rules.evening import kit, rebels
from rules.evening.counters import (
    armored,
    body_of,
    horse_side,
    move_time,
    riding,
    showing,
    tremendous,
    values,
    vulnerability,
)
from rules.evening.harm import Blow, Harm, inflicted, kills, striking_bonus
from rules.evening.state import Attack, CombatState
from rules.evening.sunset import present
from rules.events.evening import AttackCancelled, Attacked
from rules.magic import builtin
from rules.magic import strength as strength_wish
from rules.magic.forms import Shape, creature, misted, transmorphized
from rules.magic.nullifying import PENTANGLE, affects
from rules.magic.spells.attack import aims
from rules.magic.spells.combat import poisoned
from rules.magic.spells.instant import DEMONS
from rules.magic.targets import individuals
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of


@dataclass
class Strike:
    """One attack of the round: who makes it (``attacker``, a character or a counter), for
    whom it counts (``credit``: the attacking character; None for a denizen), its target, its
    direction (1–3), time, weapon length and harm, and whether it hits. A character's weapon
    may carry Potions (L4449–4463): it hits on a tie (``ties``), ignores armor
    (``ignores_armor``), stays alerted (``stays_alerted``). A Demon's or the Imp's Roman-numeral
    side attacks with a ``spell`` table instead of harm (8.4.7b, :mod:`rules.magic.demons`)."""

    attacker: str
    credit: str | None
    target: str
    direction: int
    time: int
    length: int
    harm: Harm | None
    red: bool = False
    sharpness: int = 0
    missile: bool = False
    bonus: bool = False
    how: str | None = None
    body: str | None = None
    weapon: str | None = None
    hireling: str | None = None
    missile_roller: str | None = None
    rolled: list[int] = field(default_factory=list)
    ties: bool = False
    ignores_armor: bool = False
    stays_alerted: bool = False
    spell: str | None = None
    wished: bool = False

    @property
    def hit(self) -> bool:
        return self.how is not None


def maneuver_of(ctx: Ctx, combat: CombatState, target: str) -> tuple[int, int] | None:
    """The target's maneuver as (direction, time): a character's revealed maneuver (None if he
    played none, or it was cancelled), a denizen's red box and move time (8.4.6b) — a rider's
    horse's box and galloping time (8.4.1, 8.4.6b, 8.4.9i)."""
    if target in ctx.state.characters:
        plays = combat.plays.get(target)
        move = plays.maneuver if plays is not None else None
        if move is None or move.cancelled is not None:
            return None
        return move.direction, move.time
    horse = riding(ctx.catalog, ctx.board, ctx.state, target)
    for boxes in combat.boxes.values():
        if horse is not None and horse in boxes:
            return boxes[horse], horse_side(ctx.catalog, ctx.state, target, horse, melee=True).move
        if target in boxes:
            own = showing(ctx.catalog, ctx.state, combat.dark_parts, target)
            time = move_time(ctx.catalog, ctx.state, target, own.move)  # Elven Grace, L4838
            return boxes[target], time if time is not None else 0
    return None


def judge(ctx: Ctx, combat: CombatState, strike: Strike) -> None:
    """8.4.8a–b: undercut first, then intercept; no maneuver means every attack intercepts. A
    weapon with the Ointment of Bite also hits when its time ties the maneuver's (L4459),
    reported as undercutting."""
    maneuver = maneuver_of(ctx, combat, strike.target)
    if maneuver is None:
        strike.how = "intercept"
    elif strike.time < maneuver[1] or (strike.ties and strike.time == maneuver[1]):
        strike.how = "undercut"
    elif strike.direction == maneuver[0]:
        strike.how = "intercept"


def strikes(ctx: Ctx, combat: CombatState) -> list[Strike]:
    """The round's attacks: each character's revealed attack on his target (8.4.5e.1, h); each
    counter on a character's sheet against him from its red box (8.4.6b); on a denizen's sheet,
    the defender (with its head or club) against its target, and every other counter against
    the defender, from its box, square or circle (8.4.8e). A denizen alone on a sheet of its own
    attacks nobody (8.4.5o), nor does one with no attack on the side it shows (8.4.7a); a
    Demon's or the Imp's Roman-numeral side attacks with its spell (8.4.7b). The Battle
    Bracelets and the Elusive Cloak have shifted attacks and maneuvers before
    (:func:`rules.evening.shifting.shift`). A character's weapon is a counter or a card
    (L4394), with the Potions on it (L4449–4463); his dagger takes them too (L4451). With a Wish
    for strength ready, his attack inflicts Tremendous harm (``wished``; 4.6.8b.3,
    :mod:`rules.magic.strength`)."""
    found: list[Strike] = []
    for who in present(ctx, combat):
        plays = combat.plays.get(who)
        attack = plays.attack if plays is not None else None
        target = combat.targets.get(who)
        if plays is not None and plays.head is not None and target is not None:
            found.append(_head_strike(ctx, who, target, plays.head))  # Absorb Essence, 2.1
        if attack is None or attack.cancelled or attack.flip:
            continue
        assert attack.direction is not None
        if attack.spell is not None:  # its targets are the spell's (8.4.5 i.2)
            found += _spell_strikes(ctx, combat, who, attack)
            continue
        if target is None:
            continue
        character = ctx.sheet(who)
        shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
        if shape is not None:  # 8.4.5p.2: a dummy with the creature's harm, nothing added
            if shape.attack_time is not None:
                found.append(_creature_strike(who, target, attack, shape))
            continue
        chit = kit.face(ctx.catalog, ctx.state, character, attack.chit)
        strength = chit.strength
        assert strength is not None
        potions = kit.weapon_potions(ctx.catalog, ctx.state, character)
        if attack.weapon is None:
            harm, stars, missile = Harm.NEGLIGIBLE, 1, False
            bonus = striking_bonus(strength, None)
        else:
            record = kit.weapon_record(ctx.catalog, attack.weapon)
            side = record.side(kit.alerted(ctx.catalog, ctx.state, character, attack.weapon))
            harm, stars = Harm.of(side.harm), side.sharpness
            missile = record.attack == "missile"
            bonus = not missile and striking_bonus(strength, record.weight)
        stars += int("add_sharpness" in potions)  # Oil of Poison, L4457
        stars += poisoned(ctx.state, attack.weapon)  # the Poison spell, L5175
        wished = strength_wish.ready(ctx.state, who)  # 4.6.8b.3: T, nothing added or taken
        if wished:
            harm, stars, missile, bonus = Harm.TREMENDOUS, 0, False, False
        found.append(
            Strike(
                attacker=who,
                credit=who,
                target=target,
                direction=attack.direction,
                time=attack.time,
                length=attack.length,
                harm=harm,
                sharpness=stars,
                missile=missile,
                bonus=bonus,
                weapon=attack.weapon,
                missile_roller=who if missile else None,
                ties="hit_on_tie" in potions,
                ignores_armor="ignore_armor" in potions and not wished,
                stays_alerted="stays_alerted" in potions,
                wished=wished,
            )
        )
    fighting = present(ctx, combat)
    for owner, boxes in sorted(combat.boxes.items()):
        if owner in ctx.state.characters and owner not in fighting:
            continue
        for counter, box in boxes.items():
            face = showing(ctx.catalog, ctx.state, combat.dark_parts, counter)
            if face.attack is None or (face.harm is None and face.spell is None):
                continue
            body = body_of(ctx.catalog, counter) or counter
            aim = combat.targets.get(owner) if body == owner else owner
            if aim is None:
                continue  # 8.4.5o: a denizen on a sheet of its own attacks nobody
            if rebels.apart(ctx, combat, body, aim):
                why = phrase("evening.rebels_apart")
                cancelled(ctx, combat, counter, aim, why)
                continue
            if demon_warded(ctx, body, aim):
                why = phrase("evening.pentangle_protects", who=aim)
                cancelled(ctx, combat, counter, aim, why)
                continue
            red = face.harm == "RED"
            found.append(
                Strike(
                    attacker=counter,
                    credit=None,
                    target=aim,
                    direction=box,
                    time=face.attack,
                    length=face.length,
                    harm=None if red or face.spell else Harm.parse(str(face.harm)),
                    red=red,
                    sharpness=face.sharpness + poisoned(ctx.state, body),
                    missile=face.missile,
                    body=body,
                    hireling=body if body in ctx.state.minions else None,
                    spell=face.spell,
                )
            )
    found = [s for s in found if not _in_mist(ctx, combat, s)]
    if combat.cloaked:  # 8.4.7d.4: whom an attack this round could kill
        aims_at = {s.target for s in found if tremendous(ctx.catalog, s.target)}
        combat.threatened = sorted(
            t for t in aims_at if any(s.target == t and could_kill(ctx, s) for s in found)
        )
    for strike in found:
        judge(ctx, combat, strike)
        ctx.emit(
            Attacked(
                attacker=strike.attacker,
                target=strike.target,
                hit=strike.hit,
                how=_HOW[strike.how] if strike.how is not None else None,
                at=combat.clearing,
                round=combat.round,
            )
        )
        if not strike.hit and strike.weapon is not None:
            ctx.sheet(strike.attacker).items[strike.weapon].alerted = True
        hitter = strike.body
        if (
            strike.hit
            and hitter is not None
            and tremendous(ctx.catalog, hitter)
            and not transmorphized(ctx.state.spells, hitter)  # 4.6.9d: the creature's values
            and hitter not in combat.hit
        ):
            combat.hit.append(hitter)
        if strike.hit and strike.credit == strike.attacker:
            _absorbed_hit(ctx, combat, strike.attacker)
    return [s for s in found if s.hit]


def could_kill(ctx: Ctx, strike: Strike) -> bool:
    """Whether ``strike``, were it to hit, could kill its target, a denizen (8.4.9h, n): its
    harm with its sharpness and striking bonus — and, a missile, the Missile Table's best change
    (+2, 8.4.9f.1) — reaching the target's vulnerability, one star lost on armor (e.2), unless
    it ignores armor; a red-side-up Tremendous monster's attack, or one whose harm a spell or a
    Demon's table gives, always could."""
    if strike.harm is None:
        return True
    best = blow(strike, 2 if strike.missile else 0)
    on_armor = armored(ctx.catalog, strike.target) and not strike.ignores_armor
    return kills(inflicted(best, on_armor=on_armor), vulnerability(ctx.catalog, strike.target))


def _absorbed_hit(ctx: Ctx, combat: CombatState, who: str) -> None:
    """Absorb Essence, rule 2 (L4947): a Tremendous monster the caster absorbed "turns red side
    up only when it gets a hit" — at the end of the round, as a Tremendous monster's
    (8.4.7c, :func:`rules.evening.combat.end_round`)."""
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    piece = shape.absorbed if shape is not None else None
    if piece is not None and tremendous(ctx.catalog, piece) and piece not in combat.hit:
        combat.hit.append(piece)


def _creature_strike(who: str, target: str, attack: Attack, shape: Shape) -> Strike:
    """A transmorphized character's attack (8.4.5p.2, 4.6.9d): the creature's harm and attack
    time, from the circle of his dummy; no weapon or striking bonus. A Transform creature has
    no sharpness and length 0 (the Transform Table prints none); an absorbed monster (L4947,
    rule 2) strikes with its face-up side's sharpness and length, kills outright red side up
    (8.4.7d), and a Demon's or the Imp's spell side casts its spell "like a monster, not a
    character" (rule 2.2, 8.4.7b)."""
    assert attack.direction is not None
    return Strike(
        attacker=who,
        credit=who,
        target=target,
        direction=attack.direction,
        time=attack.time,
        length=shape.length,
        harm=Harm.of(shape.harm) if shape.harm is not None else None,
        red=shape.red,
        sharpness=shape.sharpness,
        spell=shape.spell,
    )


def _head_strike(ctx: Ctx, who: str, target: str, head: Attack) -> Strike:
    """The head or club of the monster ``who`` absorbed, his second attack on his target
    (Absorb Essence, rule 2.1, L4948): its harm, sharpness and length on the side he played
    it; it hits as his attack, and its hit turns a Tremendous monster red side up as its body's
    would (8.4.7c)."""
    assert head.direction is not None
    part, _, side = head.chit.rpartition(" ")
    face = values(ctx.catalog, part, side == "dark")
    red = face.harm == "RED"
    return Strike(
        attacker=who,
        credit=who,
        target=target,
        direction=head.direction,
        time=head.time,
        length=head.length,
        harm=None if red else Harm.parse(str(face.harm)),
        red=red,
        sharpness=face.sharpness,
    )


def _in_mist(ctx: Ctx, combat: CombatState, strike: Strike) -> bool:
    """L5062: one in mist "cannot attack or be attacked" (4.6.9d): an attack he makes, or one
    aimed at him, is cancelled (a denizen's by its body)."""
    attacker = strike.body or strike.attacker
    if not (misted(ctx.state.spells, attacker) or misted(ctx.state.spells, strike.target)):
        return False
    why = phrase("evening.mist_unattackable")
    cancelled(ctx, combat, strike.attacker, strike.target, why)
    return True


#: How a strike hits (8.4.8a–b), as its event says it.
_HOW = {"undercut": phrase("evening.undercut"), "intercept": phrase("evening.intercept")}


def cancelled(ctx: Ctx, combat: CombatState, attacker: str, target: str, reason: Phrase) -> None:
    """The attack of ``attacker`` on ``target`` is cancelled, for ``reason``: told to all."""
    ctx.emit(
        AttackCancelled(
            attacker=attacker, target=target, reason=reason, at=combat.clearing, round=combat.round
        )
    )


def demon_warded(ctx: Ctx, attacker: str, target: str) -> bool:
    """Pentangle (L4964): "The Demon, Winged Demon, and Imp cannot attack the target"."""
    name = pieces_of(ctx.catalog)[attacker].name if attacker in pieces_of(ctx.catalog) else ""
    return name in DEMONS and affects(ctx.state.spells, PENTANGLE, target)


def _spell_strikes(ctx: Ctx, combat: CombatState, who: str, attack: Attack) -> list[Strike]:
    """8.4.5 i.1–i.2: an Attack spell's attacks, like a weapon's of the spell's length, harm
    and sharpness, the same direction and time on each of its targets still here, every
    attack on the first target written, then the next (each missile hit rolls on its own)."""
    cast = combat.casts[who]
    values = builtin.card(ctx.catalog, cast.spell).attack
    assert values is not None and attack.direction is not None
    here = individuals(ctx, combat)
    missile = values.method == "missile"
    return [
        Strike(
            attacker=who,
            credit=who,
            target=target,
            direction=attack.direction,
            time=attack.time,
            length=values.length,
            harm=Harm.of(values.harm),
            sharpness=values.sharpness,
            missile=missile,
            missile_roller=who if missile else None,
        )
        for target in aims(cast, here)
    ]


def in_order(combat: CombatState, hits: list[Strike]) -> list[list[Strike]]:
    """8.4.9a–b, m: the hits in the order they go into effect, those at the same instant
    together."""
    if combat.round == 1:

        def key(s: Strike) -> tuple[int, int]:
            return (-s.length, s.time)
    else:

        def key(s: Strike) -> tuple[int, int]:
            return (s.time, -s.length)

    ordered = sorted(hits, key=key)
    return [list(group) for _, group in groupby(ordered, key=key)]


def blow(strike: Strike, levels: int) -> Blow:
    assert strike.harm is not None
    return Blow(
        harm=strike.harm,
        sharpness=strike.sharpness,
        striking_bonus=strike.bonus,
        missile_levels=levels,
    )
