"""The reveal (8.4.5e–g): every character's secret plays shown at once and judged, then the
denizens repositioned and changing tactics (8.4.6).

A play the rules forbid is cancelled but still uses its chit and counts its asterisks (8.4.5g):
a Fight chit weaker than his weapon or a Move chit weaker than what he carries (f.3), a horse
that cannot carry him, or galloping twice in a round (k, k.2), a horse under a red-side-up
Tremendous monster (8.4.7d.2), an attack with no target. When his asterisks would pass two
(f.2) — three with the Girtle of Energy, no limit with the Potion of Energy (L4472–4477,
:func:`rules.evening.kit.effort_limit`) — his attack is cancelled first, then his maneuver —
the reading of the rulebook's own example (L2500: "If the White Knight plays his Move H4**
chit to maneuver, he cannot play his Fight T5* chit to attack"). A weapon card is played as a
weapon (L4394), and a weapon under Gripping Dust shows its alerted side (L4455).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.fly import carpet_fly
from rules.evening import denizen_sheets, dummies, flying, kit, tactics
from rules.evening.answers import BOX_OF, NONE, read_placement
from rules.evening.counters import sheet_counters
from rules.evening.encounter import combat_id, is_red
from rules.evening.state import Attack, CombatState, Maneuver, Plays
from rules.evening.sunset import present
from rules.events.evening import HeadPlayed, PlayCancelled, Played
from rules.magic import builtin, targets
from rules.magic.forms import creature
from rules.magic.spells.attack import SPELL, aims
from rules.phrases import phrase
from rules.pieces import pieces_of


def reveal(ctx: Ctx, combat: CombatState, chosen: dict[str, dict[str, str]]) -> None:
    """8.4.5e: the plays are revealed together (those a player left to their defaults said so,
    ``defaults``) and judged; the denizens on each sheet go where
    their owner placed them (m), then are repositioned and may change tactics (8.4.6). First,
    Broomstick's casters may invoke its Fly chit on their targets' maneuvers (L4957, L4960,
    :func:`rules.evening.flying.invocations`)."""
    invoked = flying.invocations(ctx, combat, chosen) if ctx.state.spells else {}
    for who in present(ctx, combat):
        answers = chosen.get(who, {})
        judged = {**answers, "maneuver": invoked[who]} if who in invoked else answers
        plays = _judge(ctx, combat, who, judged)
        combat.plays[who] = plays
        defaults = [
            kind
            for kind in ("attack", "maneuver", "shield")
            if combat_id(ctx, combat, kind, who).format() in ctx.defaulted
        ]
        ctx.emit(
            Played(
                who=who,
                attack=answers.get("attack", NONE),
                maneuver=answers.get("maneuver", NONE),
                shield=answers.get("shield", NONE),
                at=combat.clearing,
                round=combat.round,
                defaults=tuple(defaults),
            )
        )
        if plays.head is not None:  # Absorb Essence, rule 2.1 (L4948)
            ctx.emit(
                HeadPlayed(who=who, head=answers["head"], at=combat.clearing, round=combat.round)
            )
        for play in (plays.attack, plays.maneuver):
            if play is not None and play.cancelled is not None:
                label = play.chit if isinstance(play, Attack) else (play.chit or "horse")
                ctx.emit(
                    PlayCancelled(
                        who=who,
                        chit=label,
                        reason=play.cancelled,
                        at=combat.clearing,
                        round=combat.round,
                    )
                )
        boxes = combat.sheets.get(who, [])
        if boxes:
            combat.boxes[who] = read_placement(answers["place"]) if "place" in answers else {}
    for who in present(ctx, combat):
        if combat.sheets.get(who):
            tactics.randomize(
                ctx,
                combat,
                who,
                sheet_counters(ctx.catalog, ctx.board, ctx.state, combat.sheets[who]),
            )
    denizen_sheets.randomize_all(ctx, combat)
    for denizen in _own_sheets(ctx, combat):
        counters = sheet_counters(ctx.catalog, ctx.board, ctx.state, [denizen])
        combat.boxes[denizen] = {c.id: 1 if c.id == denizen else 2 for c in counters}  # 8.4.2a
        tactics.randomize(ctx, combat, denizen, counters)
    combat.step = "resolve"


def _own_sheets(ctx: Ctx, combat: CombatState) -> list[str]:
    """8.4.5o: the unassigned denizens attacked only by characters, each on a Melee Section of
    its own; the others are ignored this round."""
    on_sheets = {d for sheet in combat.sheets.values() for d in sheet}
    on_sheets |= {owner for owner, sheet in combat.sheets.items() if sheet}
    attacked = {
        combat.targets[who]
        for who in combat.targets
        if who in combat.plays and combat.plays[who].attack is not None
    }
    here = targets.individuals(ctx, combat)
    for who, cast in combat.casts.items():  # an Attack spell attacks all its targets (8.4.5 i.2)
        attack = combat.plays[who].attack if who in combat.plays else None
        if attack is not None and attack.spell is not None:
            attacked |= set(aims(cast, here))
    return [d for d in sorted(attacked) if d not in on_sheets and d not in ctx.state.characters]


def _judge(ctx: Ctx, combat: CombatState, who: str, answers: dict[str, str]) -> Plays:
    state, character = ctx.state, ctx.sheet(who)
    used = kit.used(combat, who)
    attack = _attack(ctx, combat, who, answers.get("attack", NONE))
    maneuver = _maneuver(ctx, combat, who, answers.get("maneuver", NONE))
    if attack is not None and attack.spell is None:
        used.append(attack.chit)
    if maneuver is not None and maneuver.chit is not None and not flying.is_fly(maneuver.chit):
        used.append(maneuver.chit)
    too_much = kit.too_much(ctx.catalog, state, character)
    frozen = dummies.played(ctx, combat, who, attack, maneuver)
    over = kit.over_limit(ctx.catalog, state, character, [u for u in used if u not in frozen])
    if over and attack is not None and attack.cancelled is None and attack.spell is None:
        attack.cancelled = too_much
    without_attack = list(used)
    if attack is not None and attack.spell is None:
        without_attack.remove(attack.chit)
    if (
        maneuver is not None
        and maneuver.chit
        and maneuver.chit not in frozen
        and kit.over_limit(ctx.catalog, state, character, without_attack)
    ):
        maneuver.cancelled = maneuver.cancelled or too_much
    if maneuver is not None and maneuver.horse and maneuver.galloping and not maneuver.cancelled:
        combat.galloped.append(who)
    shield = answers.get("shield")
    has_shield = any(
        kit.is_shield(ctx.catalog, a) for a in kit.armor(ctx.catalog, state, character)
    )
    return Plays(
        attack=attack,
        maneuver=maneuver,
        shield=BOX_OF[shield] if has_shield and shield in BOX_OF else None,
        head=dummies.head_attack(ctx, combat, who, answers.get("head", NONE)),
    )


def _attack(ctx: Ctx, combat: CombatState, who: str, answer: str) -> Attack | None:
    """8.4.5e.1, h: his Fight chit with his active weapon (a dagger without one) in a circle;
    the weapon's time, if it has one, is the attack's (h.1). An attack in a circle with no
    target named is not played at all and costs nothing: he "cannot attack" (8.4.2b.3) — it is
    asked in the same window as the target, before the target is known."""
    if answer == NONE:
        return None
    if answer.startswith(f"{SPELL} "):
        return _spell_attack(ctx, combat, who, answer)
    state, character = ctx.state, ctx.sheet(who)
    words = answer.split()
    if words[-2:-1] == ["flip"]:
        label, flip, direction = " ".join(words[:-2]), words[-1], None
    else:
        label, flip, direction = " ".join(words[:-1]), None, BOX_OF[words[-1]]
        if who not in combat.targets:
            return None
    shape = creature(ctx.catalog, state.spells, who, state.dark_side_up)
    if shape is not None:  # 8.4.5p.2: a dummy with the creature's attack time, no weapon
        if label.startswith(dummies.TURNED):  # Absorb Essence, rule 2 (L4947)
            label = label.removeprefix(dummies.TURNED)
            dummies.turn(ctx, combat, who)
            shape = creature(ctx.catalog, state.spells, who, state.dark_side_up)
            assert shape is not None
        if shape.attack_time is None or direction is None:
            return None
        return Attack(chit=label, direction=direction, time=shape.attack_time)
    chit = kit.face(ctx.catalog, ctx.state, character, label)
    weapon = kit.weapon(ctx.catalog, state, character)
    time, length = chit.time, 0
    cancelled = None
    if weapon is not None:
        record = kit.weapon_record(ctx.catalog, weapon)
        side = record.side(kit.alerted(ctx.catalog, state, character, weapon))
        time = side.time if side.time is not None else chit.time
        length = record.length
        if not kit.strong_enough(chit, record.weight):
            cancelled = phrase(
                "evening.weaker_than_weapon", chit=label, weapon=weapon, rule="8.4.5f.3"
            )
    return Attack(
        chit=label,
        weapon=weapon,
        direction=direction,
        time=time,
        length=length,
        flip="alerted" if flip == "alerted" else ("unalerted" if flip else None),
        cancelled=cancelled,
    )


def _spell_attack(ctx: Ctx, combat: CombatState, who: str, answer: str) -> Attack | None:
    """8.4.5 i: his Attack spell that works attacks from the circle he plays, its completion
    time the attack time, its length the spell's (i.1); a spell that does not work makes no
    attack. Roof Collapses always attacks in Smash with time 4 (L4913)."""
    cast = combat.casts.get(who)
    values = builtin.card(ctx.catalog, cast.spell).attack if cast is not None else None
    if cast is None or values is None or cast.status != "working":
        return None
    return Attack(
        chit=cast.chit,
        direction=BOX_OF[values.direction or answer.split()[-1]],
        time=cast.time if values.time is None else values.time,
        length=values.length,
        spell=cast.spell,
    )


def _maneuver(ctx: Ctx, combat: CombatState, who: str, answer: str) -> Maneuver | None:
    """8.4.5e.2, k: a Move chit strong enough for all he carries (f.3), or his horse strong
    enough for him and all he carries (k), galloping once a round (k.2), never under a
    red-side-up Tremendous monster (8.4.7d.2); or a Fly chit (``fly CHIT``) whose flying
    strength carries him and all his items, at its time (8.4.5q L2565: "He can use his flying
    values like move values ... to maneuver during the Melee Step"), expiring as the round ends
    (:func:`rules.evening.flying.maneuvers_end`)."""
    if answer == NONE:
        return None
    state, character = ctx.state, ctx.sheet(who)
    play, _, square = answer.rpartition(" ")
    direction = BOX_OF[square]
    carried = kit.heaviest(ctx.catalog, state, character)
    if play.startswith("horse "):
        horse = kit.horse(ctx.catalog, state, character)
        assert horse is not None, "horse plays are offered only with an active horse"
        galloping = play.endswith("gallop")
        side = ctx.catalog.horses[pieces_of(ctx.catalog)[horse].name].side(galloping)
        heaviest = max(carried, ctx.catalog.characters[who].weight, key=lambda w: w.rank)
        cancelled = None
        if side.strength.rank < heaviest.rank:
            cancelled = phrase("evening.horse_cannot_carry", horse=horse, weight=heaviest.value)
        elif galloping and who in combat.galloped:
            cancelled = phrase("evening.gallops_once")
        elif any(is_red(ctx, combat, d) for d in combat.sheets.get(who, [])):
            cancelled = phrase("evening.tremendous_holds")
        return Maneuver(
            horse=horse,
            galloping=galloping,
            direction=direction,
            time=side.move,
            cancelled=cancelled,
        )
    rug = flying.carpet_played(ctx, combat, who, play)
    if rug is not None:  # 8.4.5q: the Flying Carpet, once a round, if it carries him
        kit.used(combat, who).append(rug)
        why = flying.carpet_carries(ctx, who, rug)
        time = carpet_fly(ctx, rug).time
        return Maneuver(chit=play, direction=direction, time=time, cancelled=why)
    fly = flying.played(ctx, who, play)
    if fly is not None:  # 8.4.5q: a Fly chit like a Move chit, if it carries him
        why = flying.cannot_carry(ctx, who, fly)
        return Maneuver(
            chit=play, direction=direction, time=flying.fly_time(ctx, fly), cancelled=why
        )
    shape = creature(ctx.catalog, state.spells, who, state.dark_side_up)
    if shape is not None:  # 8.4.5p.2: a dummy with the creature's move time
        if play.startswith(dummies.TURNED):  # Absorb Essence, rule 2 (L4947)
            play = play.removeprefix(dummies.TURNED)
            dummies.turn(ctx, combat, who)
            shape = creature(ctx.catalog, state.spells, who, state.dark_side_up)
            assert shape is not None
        return Maneuver(chit=play, direction=direction, time=shape.move_time)
    chit = kit.face(ctx.catalog, ctx.state, character, play)
    needed = kit.carrying(ctx.catalog, state, character, play)
    cancelled = None
    if not kit.strong_enough(chit, needed):
        cancelled = phrase(
            "evening.cannot_carry", what=play, weight=needed.value, rule="8.4.5f.3, j.1"
        )
    return Maneuver(chit=play, direction=direction, time=chit.time, cancelled=cancelled)
