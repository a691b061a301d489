"""Luring (8.3.4) and random assignment (8.3.5): the denizens put on the characters' Melee
Sections at the start of each round of the Encounter Step, before the characters act
(:mod:`rules.evening.encounter`).

Each step asks all its decisions at once (:meth:`rules.day.context.Ctx.ask`), stops if any is
awaited, then carries them out in the Encounter Step's order of characters (8.3.2).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import hirelings, natives, standing
from rules.evening.answers import NONE
from rules.evening.counters import is_native
from rules.evening.encounter import DEMONS, assigned_to, combat_id, hostiles, is_red
from rules.evening.state import CombatState
from rules.evening.sunset import directing, present
from rules.events import Decision
from rules.events.daylight import Unhidden
from rules.events.evening import Lured
from rules.magic import pacification
from rules.magic.forms import misted
from rules.magic.spells import fly
from rules.magic.spells.peace import pacified
from rules.modifiers import has
from rules.phrases import phrase
from rules.pieces import pieces_of
from rules.schema.characters import AbilityKey

# --- 8.3.4 luring ---------------------------------------------------------------------------


def lure_options(
    ctx: Ctx, combat: CombatState, who: str, free: list[str] | None = None
) -> list[str]:
    """The denizens ``who`` may lure onto his sheet (8.3.4, d): every unhired monster in the
    clearing not already on his sheet and not red side up (``free``: :func:`lurable` now, if
    the caller has it); none while Peace bewitches him (L4714)."""
    if pacified(ctx.state, who) or misted(ctx.state.spells, who):
        return []  # Peace, L4714; mist, L5062: he cannot lure attackers
    mine = combat.sheets.get(who, [])
    free = lurable(ctx, combat) if free is None else free
    return [p for p in free if p not in mine and not protected(ctx, who, p)]


def protected(ctx: Ctx, who: str, denizen: str) -> bool:
    """The Pilgrim's Heavenly Protection (L3797): the Demon, Winged Demon and Imp cannot be
    assigned to attack him. Nor can a denizen his pacifying spell pacifies (8.4.4b): "A
    spellcaster who has cast a pacification spell on a denizen does not have to roll for that
    denizen" (8.3.5a.1)."""
    if pacification.pacified(ctx.state, who, denizen):
        return True
    return has(ctx.catalog, ctx.state, who, AbilityKey.HEAVENLY_PROTECTION) and (
        pieces_of(ctx.catalog)[denizen].name in DEMONS
    )


def lure(ctx: Ctx, combat: CombatState) -> None:
    """8.3.4: in turn, each character may take unhired denizens onto his own sheet, even those
    assigned to others (a); a hidden lurer becomes unhidden (b). First, as the Encounter Step
    begins, Hurricane Winds blows its targets away (:func:`rules.magic.spells.fly.blow_away`)."""
    fly.blow_away(ctx, combat)
    asked: list[tuple[str, str, str]] = []
    hired: dict[str, list[tuple[str, str]]] = {}
    here, free = present(ctx, combat), lurable(ctx, combat)  # asking changes neither
    for who in directing(ctx, combat):
        hired[who] = hirelings.lures(ctx, combat, who, free)
        if who not in here:
            continue
        for denizen in lure_options(ctx, combat, who, free):
            decision = Decision(
                id=combat_id(ctx, combat, "lure", who, denizen).format(),
                character=who,
                kind="lure",
                prompt=phrase("evening.lure_prompt", denizen=denizen),
                options=("no", "yes"),
                default="no",
            )
            asked.append((who, denizen, standing.ask(ctx, combat, decision)))
    ctx.wait_if_pending()
    for who in directing(ctx, combat):
        for mine, denizen, answer in asked:
            if mine == who and answer == "yes" and denizen in lure_options(ctx, combat, who):
                _lure(ctx, combat, who, denizen)
        for piece, answer in hired.get(who, []):
            if answer != NONE and answer in lurable(ctx, combat):
                hirelings.lure(ctx, combat, piece, answer)
    combat.step = "assign"


def lurable(ctx: Ctx, combat: CombatState) -> list[str]:
    """8.3.4d: the unhired denizens that may be lured: not red side up, not lured by or assigned
    to a hireling, not bewitched by Peace (L4713)."""
    return [
        p
        for p in hostiles(ctx, combat)
        if not is_red(ctx, combat, p)
        and not hirelings.lured_by_hireling(ctx, combat, p)
        and not pacified(ctx.state, p)
        and not misted(ctx.state.spells, p)
    ]


def _lure(ctx: Ctx, combat: CombatState, who: str, denizen: str) -> None:
    """8.3.4a–b, e: ``denizen`` leaves any other sheet for his; a hidden lurer is unhidden; a
    native lured sets its group battling him."""
    for sheet in combat.sheets.values():
        if denizen in sheet:
            sheet.remove(denizen)
    combat.sheets.setdefault(who, []).append(denizen)
    ctx.emit(Lured(who=who, denizen=denizen, at=combat.clearing, round=combat.round))
    if is_native(ctx.catalog, denizen):
        group = natives.group_of(ctx, denizen)
        natives.start_battling(ctx, combat, group, who, phrase("evening.native_lured"))
    character = ctx.sheet(who)
    if character.hidden:
        character.hidden = False
        ctx.emit(Unhidden(who=who, reason=phrase("evening.he_lures")))


# --- 8.3.5 random assignment ------------------------------------------------------------------


def assign(ctx: Ctx, combat: CombatState) -> None:
    """8.3.5: each unassigned monster, and each unassigned native battling someone, goes to one
    of the unhidden characters in the clearing — a native only to one it battles (a.1) — the
    only one, without a roll, or the highest of two dice, ties rolling again (a); none if all
    are hidden (b). A red-side-up Tremendous monster held by a hireling stays with it (8.6.2).
    Heads and clubs come along with their monsters (8.4.7e), horses with their riders. One who
    wins a denizen he cannot take himself names which of his unhidden hirelings takes it
    (a.3), with his other Encounter choices (:func:`rules.evening.charging.deploy`). A denizen
    under Peace is not assigned (L4713)."""
    for denizen in hostiles(ctx, combat):
        if assigned_to(combat, denizen) is not None or denizen in combat.held:
            continue
        if pacified(ctx.state, denizen) or misted(ctx.state.spells, denizen):
            continue  # Peace, L4713; mist, L5062: it cannot be assigned
        group = natives.group_of(ctx, denizen) if is_native(ctx.catalog, denizen) else None
        rollers = [
            n
            for n in directing(ctx, combat)
            if hirelings.can_roll(ctx, combat, n)
            and not protected(ctx, n, denizen)
            and not misted(ctx.state.spells, n)
            and (group is None or natives.battles(combat, group, n))
        ]
        while len(rollers) > 1:
            rolls = {}
            for who in rollers:
                roll = ctx.dice.roll(who, phrase("evening.random_assignment"))
                rolls[who] = roll.result
                ctx.emit_roll(roll, at=combat.clearing, round=combat.round)
            best = max(rolls.values())
            rollers = [who for who in rollers if rolls[who] == best]
        if not rollers:
            continue
        who = rollers[0]
        if len(hirelings.takers(ctx, combat, who)) > 1:
            combat.won[denizen] = who  # he names the taker in the encounter window
            continue
        taker = hirelings.takes(ctx, combat, who)
        if taker is not None:
            hirelings.place_won(ctx, combat, denizen, taker)
    combat.step = "deploy"
