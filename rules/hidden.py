"""Who sees the hidden today: those who found hidden enemies (7.5.4g) see them all; Magic Sight
finds only some (7.5.7c) — on Counters, those who own a weapon, armor or horse counter (every
native, Goblin, Ogre and Giant among them), on Treasure cards those who own a Treasure card, on
Perceive spell those who have spells recorded. A kind found so is seen for the rest of the day,
and only while the hidden one has what made him seen. Both expire at Midnight (7.5.4g.2)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.events.search import FoundBySight
from rules.pieces import Kind, pieces_of
from rules.state import Place

#: What Magic Sight's results find (7.5.7c), by the result's key.
COUNTERS, CARDS, SPELLS = "counters", "treasure_cards", "perceive_spell"

#: The monsters that own counters: "all natives, Goblins, Ogres, and Giants" (7.5.7c).
ARMED_MONSTERS = ("Goblin", "Ogre", "Giant")


def finds(ctx: Ctx, finder: str, target: str) -> bool:
    """Whether ``finder`` sees ``target`` when ``target`` is hidden (7.5.4g, 7.5.7c)."""
    if finder in ctx.today.found_hidden_enemies:
        return True
    kinds = ctx.today.found_by_sight.get(finder, [])
    return any(has(ctx, target, kind) for kind in kinds)


def has(ctx: Ctx, target: str, kind: str) -> bool:
    """Whether ``target`` is of the hidden enemies Magic Sight's ``kind`` finds (7.5.7c)."""
    pieces = pieces_of(ctx.catalog)
    owned = ctx.state.at(Place.owner(target))
    if kind == COUNTERS:
        record = pieces[target]
        if record.kind is Kind.NATIVE:
            return True
        if record.kind is Kind.MONSTER and record.name.startswith(ARMED_MONSTERS):
            return True
        return any(pieces[i].kind in (Kind.WEAPON, Kind.ARMOR, Kind.HORSE) for i in owned)
    if kind == CARDS:
        return any(pieces[i].kind is Kind.TREASURE for i in owned)
    if kind == SPELLS:
        return target in ctx.state.characters and bool(ctx.state.characters[target].spells)
    return False


def sight(ctx: Ctx, finder: str, kind: str) -> None:
    """Magic Sight's result ``kind`` finds its hidden enemies for ``finder`` for the rest of the
    day (7.5.7c), privately."""
    found = ctx.today.found_by_sight.setdefault(finder, [])
    if kind not in found:
        found.append(kind)
    ctx.emit(FoundBySight(recipients=(ctx.eyes(finder),), who=finder, kind=kind))
