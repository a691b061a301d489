"""Who sees the hidden today: those who found hidden enemies (7.5.4g) see them all; Magic Sight
finds only some (7.5.7c) — on Counters, those who own a weapon, armor or horse counter (every
native, Goblin, Ogre and Giant among them), on Treasure cards those who own a Treasure card, on
Perceive spell those who have spells recorded. A kind found so is seen for the rest of the day,
and only while the hidden one has what made him seen. Both expire at Midnight (7.5.4g.2).

The Witch's familiar finds hidden enemies for her too: "If the familiar discovers Hidden Enemies,
the Witch can only see them if she is in the same clearing with the Familiar" (L3929). Reading:
"see" is what finding them gives (7.5.4g: spying on, blocking and attacking the hidden), and
"in the same clearing" is judged when she would see, so she sees them for the rest of the day
whenever she stands with it, and not while it is elsewhere (:func:`found_enemies`). A phantasm
finds them so for the character it is for (L5068: "the controlling character can only see
Hidden Enemies if he is in the same clearing as the phantasm")."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.familiar import companions_of
from rules.events.search import FoundBySight
from rules.pieces import Kind, pieces_of
from rules.state import Place

#: What Magic Sight's results find (7.5.7c), by the result's key.
COUNTERS, CARDS, SPELLS = "counters", "treasure_cards", "perceive_spell"

#: The monsters that own counters: "all natives, Goblins, Ogres, and Giants" (7.5.7c).
ARMED_MONSTERS = ("Goblin", "Ogre", "Giant")


def found_enemies(ctx: Ctx, finder: str) -> bool:
    """Whether ``finder`` sees every hidden individual now: he found hidden enemies today
    (7.5.4g), or his familiar or phantasm did and stands in his clearing (L3929, L5068)."""
    found = ctx.today.found_hidden_enemies
    if finder in found:
        return True
    here = ctx.where(finder)
    return here is not None and any(
        piece in found and ctx.where(piece) == here for piece in companions_of(ctx.state, finder)
    )


def finds(ctx: Ctx, finder: str, target: str) -> bool:
    """Whether ``finder`` sees ``target`` when ``target`` is hidden (7.5.4g, 7.5.7c, L3929)."""
    if found_enemies(ctx, finder):
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
