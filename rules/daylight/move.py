"""The Move activity (7.3.1): one recorded Move phase of an individual.

A Move that the rules forbid is cancelled (7.3.1b, 6.2.4f); a legal Move is made even when it
forces items to be abandoned (7.3.1e). His followers move with him (7.11.6a,
:mod:`rules.daylight.follow`). What roadways he may use and what he can carry are
:mod:`rules.daylight.moving`'s.
"""

from __future__ import annotations

from rules import forest
from rules.day import leaving as departure
from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.daylight import familiar, follow, hirelings, missions
from rules.daylight.fly import broomstick_move
from rules.daylight.lists import alternatives
from rules.daylight.moving import (
    EDGE,
    Cancelled,
    discover,
    discoveries_used,
    is_pony,
    resolve_target,
    roadway,
    spies,
    step,
    usable,
)
from rules.events.daylight import Climbing, FamiliarLeft, LeftMap, Moved, PhaseCancelled
from rules.magic.forms import creature, misted, walks_woods
from rules.magic.spells import lost
from rules.orders.model import Activity
from rules.phrases import phrase
from rules.schema.tiles import ClearingType
from rules.state import Place


def move(ctx: Ctx, turn: TurnState, number: int, activity: Activity) -> None:
    """7.3.1: one roadway to the recorded clearing, or off the map by a roadway to its edge
    (a.4); two consecutive Moves into a mountain (c.1); no cave on a day a Sunlight phase is used
    (c.2). His followers move with him (7.11.6a), and those who see him use a hidden path or
    secret passage discover it (4.5.6b.1). Under an energized Lost spell the Lost Table says
    where he goes (L4847, :func:`_lost`). A Broomstick on him may make him fly instead, or be
    broken (L4959–4960, :func:`rules.daylight.fly.broomstick_move`). In the forest he moves out
    of it (:func:`_out_of_forest`)."""
    name = turn.character
    character = ctx.sheet(name)
    exits = forest.exits(ctx.board, ctx.state, name)
    if exits is not None:
        _out_of_forest(ctx, turn, number, activity, exits)
        return
    start = ctx.where(name)
    road = ctx.state.road_of(name)
    if road is not None:
        if activity.target not in road:
            reason = phrase("daylight.on_roadway", first=road[0], second=road[1])
            ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
            return
        start = road[1] if activity.target == road[0] else road[0]
    if road is None and start is not None and lost.affected(ctx, name):
        _lost(ctx, turn, number, activity, start)
        return
    if activity.target == EDGE and start is not None:
        leave_map(ctx, name, number, start)
        return
    target = resolve_target(ctx.board, activity.target)
    if start is None or isinstance(target, Cancelled):
        reason = target.reason if isinstance(target, Cancelled) else phrase("daylight.off_the_map")
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
        return
    mist = misted(ctx.state.spells, name)
    blocked = roadway(ctx.catalog, ctx.board, character, start, target, mist=mist)
    woods = blocked is not None and walks_the_woods(ctx, name, start, target)
    if blocked is not None and not woods:
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=blocked.reason))
        return
    kind = ctx.board.clearing_type(target)
    if _no_cave(ctx, turn, number, target):
        return
    if kind is ClearingType.MOUNTAIN and turn.climbing != target:
        turn.climbing = target
        ctx.emit(Climbing(who=name, to=target))
        return
    turn.climbing = None
    if mist:
        _in_mist(ctx, name, activity, start, target, road)
        return
    if road is None and ctx.state.spells and broomstick_move(ctx, name, start, target):
        return  # Broomstick, rule 3 (L4959): its caster made him fly instead
    _goes(ctx, name, activity, start, target, road, woods=woods)


def _out_of_forest(
    ctx: Ctx, turn: TurnState, number: int, activity: Activity, exits: tuple[str, ...]
) -> None:
    """A Move out of the forest (:mod:`rules.forest`) to one of ``exits``: back to a clearing of
    the roadway he was put off (7.10.4d.2), or to any clearing of his tile (8.3.8f), along no
    roadway; a mountain clearing takes two Moves ("Move phases", 8.3.8f; 7.3.1c.1), a cave none
    after a Sunlight phase (7.3.1c.2). Another clearing cancels the Move. Reading: he entered
    the clearing by no roadway, so that Evening he may run onto any (as 8.3.8g says of walking
    the woods); and nobody is with him in the forest to follow or spy on him."""
    name, target = turn.character, activity.target or ""
    if target not in exits:
        reason = phrase("daylight.in_forest_move", clearings=alternatives(exits))
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
        return
    if _no_cave(ctx, turn, number, target):
        return
    if ctx.board.clearing_type(target) is ClearingType.MOUNTAIN and turn.climbing != target:
        turn.climbing = target
        ctx.emit(Climbing(who=name, to=target))
        return
    turn.climbing = None
    kind, where = Place.split(ctx.state.place_of(name))
    ctx.state.put(name, Place.clearing(target))
    ctx.emit(Moved(who=name, from_=f"{kind} {where.replace('|', '-')}", to=target))
    missions.entered(ctx, name, target)  # 7.2.4e.4


def _in_mist(
    ctx: Ctx, name: str, activity: Activity, start: str, target: str, road: tuple[str, str] | None
) -> None:
    """A Move in mist (Melt into Mist, L5060): "The target can move along hidden paths and
    secret passages that he has not discovered. He does not discover them as he moves"; and
    "he cannot be followed" (4.6.9c.2 L1307): his followers — those declared before a colour
    energized the spell during the day; one mist as the day begins has none
    (:func:`rules.day.sunrise.declare_followers`) — stay behind. The reading chosen
    (as for the Lost spell, L5319): those who spy on him discover only the paths and passages
    he had discovered — one he has not is no more shown to them than to him."""
    known = ctx.sheet(name).discoveries
    unfollowed = set(ctx.followers_of(name))
    _goes(ctx, name, activity, start, target, road, shown=known, staying=unfollowed)


def _no_cave(ctx: Ctx, turn: TurnState, number: int, target: str) -> bool:
    """7.3.1c.2: a cave cannot be entered on a day he used a Sunlight phase: the Move is
    cancelled (True)."""
    if ctx.board.clearing_type(target) is not ClearingType.CAVE or not turn.sunlight_used:
        return False
    ctx.emit(
        PhaseCancelled(
            who=turn.character,
            phase=number,
            reason=phrase("daylight.no_cave_after_sunlight"),
        )
    )
    return True


def _lost(ctx: Ctx, turn: TurnState, number: int, activity: Activity, start: str) -> None:
    """A Move under the Lost spell (L4847, :mod:`rules.magic.spells.lost`): the Lost Table
    names where he goes, by any roadway; a mountain clearing costs his next Move instead of
    this one's climb. A path or passage he had not discovered stays undiscovered (L5319)."""
    target = lost.destination(ctx, turn, number, start)
    if target is None or _no_cave(ctx, turn, number, target):
        return
    turn.climbing = None
    known = ctx.sheet(turn.character).discoveries
    _goes(ctx, turn.character, activity, start, target, None, shown=known)


def _goes(
    ctx: Ctx,
    name: str,
    activity: Activity,
    start: str,
    target: str,
    road: tuple[str, str] | None,
    *,
    shown: list[str] | None = None,
    woods: bool = False,
    staying: set[str] | None = None,
) -> None:
    """He goes from ``start`` (or the roadway ``road`` he ran to) to ``target``, his followers
    with him but those ``staying`` besides the ones left behind (:func:`follow.staying`);
    those who see him use a hidden path or secret passage discover it (4.5.6b.1) — of those in
    ``shown`` only, when given. Walking the ``woods`` (7.3.4), he uses no roadway that anyone
    could see, and his followers stay behind (7.11.6a.4)."""
    character = ctx.sheet(name)
    pony_move = is_pony(ctx.catalog, activity.source)
    used = discoveries_used(ctx.board, start, target)
    if shown is not None:
        used = [d for d in used if d in shown]
    watchers = spies(ctx, name, (start, target)) if used and not woods else []
    staying = follow.staying(ctx, name, pony_move) | (staying or set())
    if woods:
        staying |= follow.off_the_roads(ctx, name, start, target)
    if road is not None:  # 8.3.8d.1: the chit he ran with already carried it all
        ctx.state.put(name, Place.clearing(target))
        ctx.today.entered_from[name] = start
        ctx.emit(Moved(who=name, from_=f"{road[0]}-{road[1]}", to=target))
        missions.entered(ctx, name, target)  # 7.2.4e.4
        return
    step(ctx, character, start, target, follow.carriers(ctx, name, staying))
    follow.followers_move(ctx, name, start, target, staying, used)
    for spy in watchers:
        discover(ctx, spy, used, phrase("daylight.spying_on_move", name=name))


def walks_the_woods(ctx: Ctx, name: str, start: str, target: str) -> bool:
    """7.3.4 (L1738): "When transformed into a beast that 'walks the woods', a character or
    denizen can move from clearing to clearing within a tile without following the roadways":
    ``name`` is such a beast now (:func:`rules.magic.forms.walks_woods`) and ``target`` lies in
    the tile of ``start``. He needs no roadway, nor the discovery of one."""
    shape = creature(ctx.catalog, ctx.state.spells, name, ctx.state.dark_side_up)
    same_tile = ctx.board.tile_of(start).tile == ctx.board.tile_of(target).tile
    return shape is not None and walks_woods(shape) and same_tile


def leave_map(ctx: Ctx, name: str, number: int, start: str) -> None:
    """7.3.1a.4: a Move along a roadway to the map edge takes him out of the game (9.2.2b); his
    followers leave with him, his hirelings are no longer hired (7.7.4b), and a familiar leaves
    play with its owner (L3926, :mod:`rules.daylight.familiar`). A character who leaves takes no
    more part: his belongings leave play and his sheet is kept for his score (9.2.2b,
    :func:`rules.day.leaving.left_map`)."""
    character = ctx.sheet(name)
    exits = [c for c in ctx.board.connections(start) if c.to is None]
    if not any(usable(ctx.catalog, ctx.board, character, start, c) for c in exits):
        ctx.emit(
            PhaseCancelled(
                who=name, phase=number, reason=phrase("daylight.no_road_off_map", start=start)
            )
        )
        return
    leaving = [name, *ctx.followers_of(name)]
    for who in leaving:
        ctx.state.put(who, Place.OUT)
        familiar.lapse(ctx.state, who)  # a familiar following its owner off the map
        ctx.emit(LeftMap(who=who, from_=start))
    for who in leaving:
        pieces = familiar.companions_of(ctx.state, who)
        was = {piece: ctx.where(piece) or start for piece in pieces}
        familiar.leave(ctx.state, who)
        for piece in pieces:
            ctx.emit(FamiliarLeft(who=piece, owner=who, from_=was[piece]))
    for piece, minion in sorted(ctx.state.minions.items()):
        if minion.employer == name:
            hirelings.unhire(ctx, piece, phrase("hire.employer_left_map", name=name))
    for who in leaving:
        if ctx.is_character(who):
            departure.left_map(ctx, who)  # 9.2.2b: out of play, his score as of now
