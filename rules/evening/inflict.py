"""Inflicting harm (8.4.9c–q): each hit in turn on a horse, a piece of armor, a character or a
denizen; kills, wounds, damaged and destroyed armor; the kills' spoils at once (8.7).

A weapon with Penetrating Grease ignores all armor (L4461): armored monsters, natives and
horses take its harm as if unarmored, and a character's armor is neither struck nor harmed —
the harm falls on him. A character with Reflecting Grease active is not wounded by an attack
that strikes his armor (L4469); the armor takes its harm as usual. Gripping Dust keeps a weapon
alerted even when it hits (L4455).

Hits at the same instant (8.4.9m) are worked out against the situation before any of them, then
applied together: two killing blows kill both, and armor or a horse hit several times takes
every hit before it is removed (two damaging hits destroy a piece of armor).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rules.chits import is_berserk
from rules.day.context import Ctx
from rules.evening import armor, kit
from rules.evening.counters import armored, mount, vulnerability
from rules.evening.harm import (
    ArmorOutcome,
    Direction,
    Harm,
    armor_outcome,
    armor_piece,
    armor_struck,
    inflicted,
    kills,
    kills_past_armor,
    missile_levels,
    wounds_character,
    wounds_through_armor,
)
from rules.evening.resolving import Strike, blow, cancelled
from rules.evening.spoils import character_killed, denizen_killed
from rules.evening.state import CombatState
from rules.events.evening import (
    HarmInflicted,
    Killed,
)
from rules.magic import demons, strength, wand
from rules.magic.forms import creature
from rules.modifiers import die_modifier, one_die
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.base import Weight
from rules.schema.characters import DieTable, RollWeapon
from rules.state import Place

#: Why an attack is cancelled whose attacker or target an earlier instant killed (8.4.9c).
KILLED_FIRST = phrase("evening.killed_first")


@dataclass
class Effect:
    """What one hit does: the level of harm and what it falls on (``on``: the target, his horse
    or a piece of his armor), with the wound, armor outcome and kill it causes."""

    strike: Strike
    level: Harm | None
    on: str
    wound: bool = False
    armor: ArmorOutcome | None = None
    killed: str | None = None


def inflict(ctx: Ctx, combat: CombatState, groups: list[list[Strike]]) -> None:
    """8.4.9: the hits of each instant, in order; those of a killed attacker (or aimed at one
    already killed) are cancelled, and a character's cancelled attack alerts his weapon
    (c.1–c.2). A Demon's or the Imp's magic hit makes its target roll instead of harming him
    (8.4.7b). A hit made with a Wish for strength uses it up (4.6.8b.3)."""
    dead: set[str] = set()
    lost_horses: set[str] = set()
    for instant, group in enumerate(groups, start=1):
        live: list[Strike] = []
        for strike in group:
            source = strike.body or strike.attacker
            if source in dead or strike.target in dead:
                turn_weapon(ctx, strike, alerted=True)
                cancelled(ctx, combat, strike.attacker, strike.target, KILLED_FIRST)
                continue
            live.append(strike)
        harm = [strike for strike in live if strike.spell is None]
        effects = [_effect(ctx, combat, strike, lost_horses) for strike in harm]
        for strike in harm:
            if strike.wished:
                strength.used(ctx, strike.attacker)  # 4.6.8b.3: his next hit only
        _apply(ctx, combat, effects, dead, lost_horses, instant)
        for strike in [strike for strike in live if strike.spell is not None]:
            _magic(ctx, combat, strike, dead)


def _magic(ctx: Ctx, combat: CombatState, strike: Strike, dead: set[str]) -> None:
    """8.4.7b: a Demon's or the Imp's magic hit — its target rolls on a spell table
    (:func:`rules.magic.demons.magic_hit`) once the harm of the same instant is applied. Reading
    (8.4.9m): a target that harm killed at the same instant cannot roll; the attack is
    cancelled."""
    assert strike.spell is not None
    if strike.target in dead:
        cancelled(ctx, combat, strike.attacker, strike.target, KILLED_FIRST)
        return
    combat.eventful = True
    dead.update(demons.magic_hit(ctx, combat, strike.attacker, strike.spell, strike.target))


def turn_weapon(ctx: Ctx, strike: Strike, *, alerted: bool) -> None:
    """A character's weapon turns alerted side up when his attack misses or is cancelled, and
    unalerted when it hits (8.4.8g, 8.4.9c.1, d) — if he still has it (a killed character's
    belongings are gone); with Gripping Dust it stays alerted (L4455)."""
    if strike.weapon is None or strike.attacker not in ctx.state.characters:
        return
    item = ctx.sheet(strike.attacker).items.get(strike.weapon)
    if item is not None:
        item.alerted = alerted or strike.stays_alerted


def _effect(ctx: Ctx, combat: CombatState, strike: Strike, lost_horses: set[str]) -> Effect:
    catalog, state = ctx.catalog, ctx.state
    levels = _missile(ctx, combat, strike) if strike.missile else 0
    target = strike.target
    if strike.red:  # 8.4.7d, d.3: killed outright, armor and horses untouched
        return Effect(strike, None, target, killed=target)
    bare = strike.ignores_armor  # Penetrating Grease, L4461
    shape = creature(catalog, state.spells, target, state.dark_side_up)
    if shape is not None:  # 4.6.9d-e: its horse and armor transmorphized, he is not wounded
        level = inflicted(blow(strike, levels), on_armor=shape.armored and not bare)
        killed = target if kills(level, shape.vulnerability) else None
        return Effect(strike, level, target, killed=killed)
    if target not in state.characters:
        horse_piece = mount(catalog, ctx.board, state, target)
        if horse_piece is not None and horse_piece not in lost_horses:  # 8.4.9i
            horse = catalog.horses[pieces_of(catalog)[horse_piece].name]
            level = inflicted(blow(strike, levels), on_armor=horse.armored and not bare)
            killed = horse_piece if kills(level, horse.vulnerability) else None
            return Effect(strike, level, horse_piece, killed=killed)
        on_armor = armored(catalog, target) and not bare
        level = inflicted(blow(strike, levels), on_armor=on_armor)
        killed = target if kills(level, vulnerability(catalog, target)) else None
        return Effect(strike, level, target, killed=killed)
    plays = combat.plays.get(target)
    move = plays.maneuver if plays is not None else None
    riding = move is not None and move.horse is not None and move.cancelled is None
    if riding and move is not None and move.horse is not None and move.horse not in lost_horses:
        horse = catalog.horses[pieces_of(catalog)[move.horse].name]
        level = inflicted(blow(strike, levels), on_armor=horse.armored and not bare)
        killed = move.horse if kills(level, horse.vulnerability) else None
        return Effect(strike, level, move.horse, killed=killed)
    character = ctx.sheet(target)
    shield_box = plays.shield if plays is not None and plays.shield is not None else 1
    pieces = [
        armor_piece(
            catalog,
            item,
            pieces_of(catalog)[item].name,
            shield_direction=Direction(shield_box) if kit.is_shield(catalog, item) else None,
        )
        for item in kit.armor(catalog, state, character)
    ]
    struck = None if bare else armor_struck(Direction(strike.direction), pieces)
    if struck is not None:
        level = inflicted(blow(strike, levels), on_armor=True)
        if kills_past_armor(level, missile=strike.missile):
            return Effect(strike, level, target, killed=target)
        outcome = armor_outcome(
            level, struck.toughness, damaged=character.items[struck.piece].damaged, card=struck.card
        )
        reflects = "no_wounds_through_armor" in kit.powers(catalog, state, character)  # L4469
        wound = wounds_through_armor(level) and not reflects
        return Effect(strike, level, struck.piece, wound=wound, armor=outcome)
    level = inflicted(blow(strike, levels), on_armor=False)
    berserk = is_berserk(character)  # L3594: only Tremendous harm kills him today
    if kills(level, Weight.TREMENDOUS if berserk else catalog.characters[target].vulnerability):
        return Effect(strike, level, target, killed=target)
    return Effect(strike, level, target, wound=wounds_character(level))


def _missile(ctx: Ctx, combat: CombatState, strike: Strike) -> int:
    """8.4.9f.1, g: the Missile Table roll for a missile hit: two dice less his one-die
    modifications (the Elf's and Woods Girl's Archer advantage), plus his die modifiers (Aim);
    a bowman's roll is made for him without a player's modifiers: one die for an Archer, two for
    a Crossbowman (g.1–g.2). An Attack spell's caster with the Magic Wand active chooses the red
    die (L4352, :func:`rules.magic.wand.red_die`: his answer given ahead, else 1)."""
    who = strike.credit
    if who is not None:
        used = _missile_weapon(ctx, strike.weapon)
        catalog, board, state = ctx.catalog, ctx.board, ctx.state
        spell = strike.weapon is None  # an Attack spell's missile (a dagger is no missile)
        red = wand.red_die(ctx, who, "Missile Table", combat) if spell else None  # L4352
        roll = ctx.dice.roll(
            who,
            "Missile Table",
            one_die=one_die(catalog, board, state, who, DieTable.MISSILE, weapon=used),
            modifier=die_modifier(catalog, board, state, who, DieTable.MISSILE, weapon=used),
            red=red,
        )
    else:
        archer = catalog_title(ctx, strike.attacker) == "Archer"
        roll = ctx.dice.roll(strike.attacker, "Missile Table", one_die=1 if archer else 0)
    ctx.emit_roll(roll, at=combat.clearing, round=combat.round)
    return missile_levels(ctx.catalog, roll.result)


def _missile_weapon(ctx: Ctx, weapon: str | None) -> RollWeapon | None:
    """What a missile attack is made with, as the advantages name it
    (:func:`rules.modifiers.weapon_fits`): a weapon counter is a bow or crossbow (the only
    missile weapons among them), a Treasure card that attacks as a missile (the Alchemist's
    Mixture) is another missile weapon."""
    if weapon is None:
        return None
    is_counter = pieces_of(ctx.catalog)[weapon].kind is Kind.WEAPON
    return "bow_or_crossbow" if is_counter else "missile_weapon"


def catalog_title(ctx: Ctx, piece: str) -> str | None:
    """A native's title (Archer, Crossbowman...), None for anyone else."""
    name = pieces_of(ctx.catalog)[piece].name if piece in pieces_of(ctx.catalog) else None
    if name is None or name not in ctx.catalog.native_counters:
        return None
    return ctx.catalog.native_counters[name].title


def _apply(
    ctx: Ctx,
    combat: CombatState,
    effects: list[Effect],
    dead: set[str],
    lost_horses: set[str],
    instant: int = 0,
) -> None:
    state = ctx.state
    damage: dict[str, list[Effect]] = defaultdict(list)
    killers: dict[str, list[Effect]] = defaultdict(list)
    for effect in effects:
        strike = effect.strike
        ctx.emit(
            HarmInflicted(
                attacker=strike.attacker,
                target=strike.target,
                level="RED" if effect.level is None else effect.level.letter,
                on=effect.on,
                at=combat.clearing,
                round=combat.round,
            )
        )
        turn_weapon(ctx, strike, alerted=False)
        if effect.wound:
            combat.wounds[strike.target] = combat.wounds.get(strike.target, 0) + 1
            combat.eventful = True
        if effect.armor is not None and effect.armor is not ArmorOutcome.UNHURT:
            damage[effect.on].append(effect)
        if effect.killed is not None:
            killers[effect.killed].append(effect)
    for piece, hits in damage.items():
        _armor(ctx, combat, hits[0].strike.target, piece, hits)
    for victim, hits in killers.items():
        combat.eventful = True
        credit = sorted({h.strike.credit for h in hits if h.strike.credit is not None})
        hired = sorted({h.strike.hireling for h in hits if h.strike.hireling is not None})
        by = credit or sorted({h.strike.attacker for h in hits})
        ctx.emit(
            Killed(
                who=victim,
                by=tuple(by) if len(by) > 1 else by[0],
                at=combat.clearing,
                round=combat.round,
            )
        )
        if victim in state.characters:
            dead.add(victim)
            killer = by[0] if len(by) == 1 else None
            character_killed(ctx, combat, victim, killer, f"instant {instant}")
        elif pieces_of(ctx.catalog)[victim].name in ctx.catalog.horses:
            lost_horses.add(victim)
            owner = hits[0].strike.target
            if owner in state.characters:
                ctx.sheet(owner).items.pop(victim, None)
            state.put(victim, Place.OUT)
        else:
            dead.add(victim)
            denizen_killed(ctx, combat, victim, credit, hired)


def _armor(ctx: Ctx, combat: CombatState, owner: str, piece: str, hits: list[Effect]) -> None:
    """8.4.9k, m: damaged armor damaged again, or damaged twice at once, is destroyed
    (:func:`rules.evening.armor.damage`)."""
    destroyed = any(h.armor is ArmorOutcome.DESTROYED for h in hits)
    destroyed = destroyed or len(hits) > 1 or ctx.sheet(owner).items[piece].damaged
    armor.damage(ctx, combat, owner, piece, destroyed=destroyed)
