"""Spoils of combat (8.7) and what a death does to the combat (8.4.9p–q).

Fame, Notoriety and gold may become fractional when characters share a kill (8.7.1b): points
are kept as whole numbers while they are whole, and as decimals otherwise (:func:`points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.day import leaving
from rules.day.context import Ctx
from rules.daylight import hirelings, missions
from rules.daylight.moving import abandon, secret_card
from rules.evening.counters import is_monster, is_native, monster_of, mount, parts, tremendous
from rules.evening.state import CombatState
from rules.events.daylight import Abandoned, AbandonedCard
from rules.events.evening import Flipped, Killed, Spoils, Taken, TakenCard, TakenCardNamed
from rules.magic import lifecycle
from rules.magic.forms import ABSORB_ESSENCE
from rules.magic.spells import absorb
from rules.phrases import phrase
from rules.pieces import ITEM_KINDS, pieces_of
from rules.state import Place


def points(value: Fraction | float) -> int | float:
    """A number of points as stored: an int when whole, else a float."""
    exact = Fraction(value)
    return int(exact) if exact.denominator == 1 else float(exact)


def _gain(ctx: Ctx, who: str, fame: Fraction, notoriety: Fraction, gold: int, victim: str) -> None:
    sheet = ctx.sheet(who)
    sheet.fame = points(Fraction(sheet.fame) + fame)
    sheet.notoriety = points(Fraction(sheet.notoriety) + notoriety)
    sheet.gold += gold
    ctx.emit(
        Spoils(who=who, victim=victim, fame=points(fame), notoriety=points(notoriety), gold=gold)
    )


def denizen_killed(
    ctx: Ctx, combat: CombatState, victim: str, killers: list[str], hired: Sequence[str] = ()
) -> None:
    """8.7.1–8.7.2a, 8.7.6: each character who killed ``victim`` counts a kill and gains its
    bounty times his kills today (a shared kill: an equal share each, fractions kept, 8.7.1b);
    a native's gold bounty is not multiplied. For a kill by a hireling (``hired``) his employer
    gains the basic bounty, counting no kill, and a hired leader or controlled monster takes a
    native's gold (8.7.3). A hired native killed is unhired, and his employer loses his
    Notoriety bounty (8.7.7). It is released from every spell on it (4.6.10h.3). The denizen
    leaves play until it regenerates."""
    catalog = ctx.catalog
    for piece in hired:
        _hireling_spoils(ctx, piece, victim)
    was_hired = victim in ctx.state.minions
    if was_hired:
        _hireling_killed(ctx, victim)
    share = Fraction(1, len(killers)) if killers else Fraction(0)
    for who in killers:
        kills = ctx.today.kills.get(who, 0) + 1
        ctx.today.kills[who] = kills
        if is_monster(catalog, victim):
            monster = monster_of(catalog, victim)
            _gain(
                ctx, who, monster.fame * share * kills, monster.notoriety * share * kills, 0, victim
            )
        else:
            bounty = catalog.native_counters[pieces_of(catalog)[victim].name].bounty
            _gain(ctx, who, Fraction(0), bounty.notoriety * share * kills, bounty.gold, victim)
    horse = mount(catalog, ctx.board, ctx.state, victim)
    if horse is not None:  # 8.4.9q
        remove(ctx, combat, horse)
        ctx.state.put(horse, Place.OUT)
        ctx.emit(Killed(who=horse, by=victim, at=combat.clearing, round=combat.round))
    if is_native(catalog, victim) and catalog.native_counters[victim].leader and not was_hired:
        leader_killed(ctx, combat, victim)
    let_go(ctx, combat, victim)
    remove(ctx, combat, victim)
    lifecycle.killed(ctx, victim)  # 4.6.10h.3: released from the spells on it
    ctx.state.put(victim, Place.OUT)
    if victim in ctx.state.dark_side_up:
        ctx.state.dark_side_up.remove(victim)
    combat.held = {m: p for m, p in combat.held.items() if victim not in (m, p)}
    missions.campaigns_done(ctx)  # 7.2.4i: the last of a campaign's foes killed


def let_go(ctx: Ctx, combat: CombatState, victim: str) -> None:
    """8.4.7c: a Tremendous monster whose target is killed turns red side down again — one on
    the victim's sheet, or defending on its own with the victim its target — and does not turn
    red for this round's hit; so does one a character absorbed whose target the victim was
    (Absorb Essence, rule 2, L4947)."""
    state = ctx.state
    holders = {*combat.sheets.get(victim, [])}
    holders |= {m for m, target in combat.targets.items() if target == victim}
    holders |= {m for m, target in combat.held.items() if target == victim}
    for who in sorted(h for h in holders if h in state.characters):
        absorb.red_side_down(ctx, combat, who)  # Absorb Essence, rule 2 (L4947)
    for denizen in sorted(h for h in holders if tremendous(ctx.catalog, h)):
        combat.hit = [body for body in combat.hit if body != denizen]
        if denizen in state.dark_side_up:
            state.dark_side_up.remove(denizen)
            ctx.emit(Flipped(denizen=denizen, side="light", at=combat.clearing, round=combat.round))


def _hireling_spoils(ctx: Ctx, piece: str, victim: str) -> None:
    minion = ctx.state.minions.get(piece)
    if minion is None:
        return
    catalog = ctx.catalog
    if is_monster(catalog, victim):
        monster = monster_of(catalog, victim)
        _gain(ctx, minion.employer, Fraction(monster.fame), Fraction(monster.notoriety), 0, victim)
        return
    bounty = catalog.native_counters[pieces_of(catalog)[victim].name].bounty
    _gain(ctx, minion.employer, Fraction(0), Fraction(bounty.notoriety), 0, victim)
    if hirelings.is_actor(catalog, ctx.state, piece):
        minion.sheet.gold += bounty.gold


def _hireling_killed(ctx: Ctx, piece: str) -> None:
    minion = ctx.state.minions[piece]
    if is_native(ctx.catalog, piece):
        bounty = ctx.catalog.native_counters[pieces_of(ctx.catalog)[piece].name].bounty
        boss = ctx.sheet(minion.employer)
        boss.notoriety = points(Fraction(boss.notoriety) - bounty.notoriety)
    hirelings.unhire(ctx, piece, phrase("evening.killed_in_combat"))


def leader_killed(ctx: Ctx, combat: CombatState, leader: str) -> None:
    """8.7.8: when an unhired leader is killed, his group's belongings are abandoned in his
    clearing, "in the same order they are stacked in the group's box" (L2859): they go under
    what lies there already, as one stack in the box's order. Everyone sees what is abandoned,
    but a face-down Treasure card only as "a Treasure card" (4.4.1c, 4.5.3): no one holds it,
    so no one learns its name."""
    box = group_box(ctx, leader)
    if box is None:
        return
    items = [i for i in ctx.state.at(box) if pieces_of(ctx.catalog)[i].kind in ITEM_KINDS]
    for item in items:
        ctx.state.take(item)
    ctx.state.stacks.setdefault(Place.clearing(combat.clearing), [])[0:0] = items
    for item in items:
        if secret_card(ctx.catalog, ctx.state, item):
            ctx.emit(AbandonedCard(who=leader, at=combat.clearing, round=combat.round))
        else:
            ctx.emit(Abandoned(who=leader, item=item, at=combat.clearing, round=combat.round))


def group_box(ctx: Ctx, native: str) -> str | None:
    """The Set Up Card box of ``native``'s group."""
    return hirelings.group_box(ctx.catalog, native)


def remove(ctx: Ctx, combat: CombatState, victim: str) -> None:
    """Take ``victim`` off every Melee Section, with its heads and clubs."""
    gone = {victim, *parts(ctx.catalog, victim)} if victim in pieces_of(ctx.catalog) else {victim}
    for sheet in combat.sheets.values():
        for piece in gone & set(sheet):
            sheet.remove(piece)
    for boxes in combat.boxes.values():
        for piece in gone & set(boxes):
            del boxes[piece]
    combat.boxes.pop(victim, None)
    combat.dark_parts = [p for p in combat.dark_parts if p not in gone]
    combat.hit = [p for p in combat.hit if p not in gone]
    combat.targets = {who: t for who, t in combat.targets.items() if t not in gone}


def _absorbed_spoils(ctx: Ctx, victim: str, killer: str) -> None:
    """Absorb Essence, rule 1.1 (L4945): "If the spellcaster is killed the monster is also
    killed. The killer gets the spellcaster's points plus the monster's bounty points, without
    multiplication, and both the spellcaster and the monster count as kills towards the
    killer's daily total" — for each monster ``victim`` absorbed (rule 3: one per spell), energized
    or not ("one entity, even when the spell is inert", rule 1). The monster stays out of play
    (:func:`rules.magic.lifecycle.killed` ends the spell)."""
    for spell in ctx.state.spells:
        if spell.spell != ABSORB_ESSENCE or spell.controller != victim or not spell.targets:
            continue
        monster = spell.targets[0]
        if not is_monster(ctx.catalog, monster):
            continue
        ctx.today.kills[killer] = ctx.today.kills.get(killer, 0) + 1
        record = monster_of(ctx.catalog, monster)
        _gain(ctx, killer, Fraction(record.fame), Fraction(record.notoriety), 0, monster)


def character_killed(
    ctx: Ctx, combat: CombatState, victim: str, killer: str | None, instant: str = "wounds"
) -> None:
    """8.7.2b–d, 8.7.4, 8.4.9p, 9.1.1: a character killed.

    A character who kills him counts the kill, takes his recorded Notoriety (not multiplied)
    and his gold and belongings; a monster's victim loses his gold and abandons his belongings
    in the clearing; an unhired native's victim loses his gold and his belongings go to the
    native's box on the Set Up Card (8.7.5). His Fame, spells and discoveries vanish. The
    denizens on his sheet become unassigned, a Tremendous monster holding him turns red side
    down (8.4.7c), his hirelings are unhired (p) and his familiar leaves play. He stays in the
    game, dead, for the end-of-game rules (9.1.2) to restart him; his departure is recorded
    (:func:`rules.day.leaving.record`), those killed at the same ``instant`` of a round (8.4.9b)
    — or by the same round's wounds — killed simultaneously (9.1.2b)."""
    state = ctx.state
    sheet = ctx.sheet(victim)
    missions.killed(ctx, victim, combat.clearing)  # 7.2.4b: his chits go to his clearing
    belongings = list(state.at(Place.owner(victim)))
    if killer is not None and killer in state.characters:
        ctx.today.kills[killer] = ctx.today.kills.get(killer, 0) + 1
        _gain(ctx, killer, Fraction(0), Fraction(sheet.notoriety), sheet.gold, victim)
        _absorbed_spoils(ctx, victim, killer)
        for item in belongings:
            record = sheet.items.pop(item)
            state.put(item, Place.owner(killer))
            ctx.sheet(killer).items[item] = record.model_copy(update={"active": False})
    elif killer is not None and killer in state.minions:
        minion = state.minions[killer]
        _gain(ctx, minion.employer, Fraction(0), Fraction(sheet.notoriety), 0, victim)
        keeps = hirelings.is_actor(ctx.catalog, state, killer)  # 8.7.3b
        for item in reversed(belongings):
            if keeps:
                record = sheet.items.pop(item)
                state.put(item, Place.owner(killer))
                minion.sheet.items[item] = record.model_copy(update={"active": False})
            else:
                abandon(ctx, sheet, item, combat.clearing, round=combat.round)
        if keeps:
            minion.sheet.gold += sheet.gold
    elif killer is not None and is_native(ctx.catalog, killer) and group_box(ctx, killer):
        box = group_box(ctx, killer)
        assert box is not None
        for item in belongings:  # 8.7.5
            secret = secret_card(ctx.catalog, state, item)
            sheet.items.pop(item, None)
            ctx.state.put(item, box)
            to = box.partition(":")[2]
            if not secret:
                ctx.emit(Taken(who=victim, item=item, by=killer, to=to))
                continue
            ctx.emit(TakenCard(who=victim, by=killer, to=to))  # 4.4.1c: its name is his
            eyes = (ctx.eyes(victim),)
            ctx.emit(TakenCardNamed(recipients=eyes, who=victim, item=item, by=killer, to=to))
    else:
        for item in reversed(belongings):
            abandon(ctx, sheet, item, combat.clearing, round=combat.round)
    let_go(ctx, combat, victim)
    combat.sheets.pop(victim, None)
    combat.boxes.pop(victim, None)
    combat.targets = {who: t for who, t in combat.targets.items() if t != victim}
    leaving.lose_everything(ctx, victim, phrase("evening.employer_killed"))
    leaving.record(  # 9.1.1, 9.1.2b: killed by one step's blows, or one round's wounds, together
        ctx,
        victim,
        "killed",
        moment=f"combat in {combat.clearing}, round {combat.round}, {instant}",
        cause=(
            phrase("evening.killed_by", killer=killer, clearing=combat.clearing)
            if killer is not None
            else phrase("evening.killed_by_wounds", clearing=combat.clearing)
        ),
    )
