"""Treachery (8.4.2g): a character who names one of his own hired natives as a target makes
every native of that group under hire to him rebel, wherever they are on the map. The rebels
are unhired at once (7.7.4) and he loses Fame equal to each rebel's Notoriety bounty. In the
combat they cannot attack nor be attacked by monsters and unhired natives (g.1), and they battle
the characters and hirelings who attack them or whom they attack (g.2).

Readings: 8.4.2g says the treacherous character loses *Fame* equal to the rebels' Notoriety
bounty (L2453); the optional rule 10.B.5.3 says *Notoriety* (L3127). Section 8 is followed:
Fame. The engine keeps battling by native group (8.2.1c), so the rebels' group battles him:
members of the group who were not hired by him and stand in the clearing battle him too, where
g.2 names only the rebels. Naming one of his hired natives as a spell's target is treachery
too (8.4.2d.7, :func:`rules.magic.taking_effect.name_targets`).
"""

from __future__ import annotations

from fractions import Fraction

from rules.day.context import Ctx
from rules.daylight.hirelings import unhire
from rules.evening import natives
from rules.evening.counters import is_native
from rules.evening.spoils import points
from rules.evening.state import CombatState
from rules.events.evening import Rebelled
from rules.phrases import phrase
from rules.pieces import pieces_of


def rebel(ctx: Ctx, combat: CombatState, who: str, piece: str) -> None:
    """``who`` names his own hired native ``piece`` as a target: the natives of its group under
    hire to him rebel (g), and battle him (g.2)."""
    group = natives.group_of(ctx, piece)
    sheet = ctx.sheet(who)
    for native in sorted(ctx.state.minions):
        minion = ctx.state.minions[native]
        if minion.employer != who or not is_native(ctx.catalog, native):
            continue
        if natives.group_of(ctx, native) != group:
            continue
        bounty = ctx.catalog.native_counters[pieces_of(ctx.catalog)[native].name].bounty
        sheet.fame = points(Fraction(sheet.fame) - bounty.notoriety)
        ctx.emit(
            Rebelled(
                piece=native,
                employer=who,
                fame=-bounty.notoriety,
                at=combat.clearing,
                round=combat.round,
            )
        )
        unhire(ctx, native, phrase("evening.rebels", who=native))
        combat.rebels.append(native)
    natives.start_battling(ctx, combat, group, who, phrase("evening.treachery"))


def apart(ctx: Ctx, combat: CombatState, attacker: str, target: str) -> bool:
    """g.1: whether an attack between ``attacker`` and ``target`` cannot happen: a rebel and a
    monster or unhired native, either way round."""

    def uncontrolled(piece: str) -> bool:
        return (
            piece not in ctx.state.characters
            and piece not in ctx.state.minions
            and piece not in combat.rebels
        )

    return (attacker in combat.rebels and uncontrolled(target)) or (
        target in combat.rebels and uncontrolled(attacker)
    )
