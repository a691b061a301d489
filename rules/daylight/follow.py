"""Following (7.11): followers move with their guide, may be left behind, and may stop.

Who follows whom is declared at Sunrise (6.3.2, :mod:`rules.day.sunrise`). During the guide's
turn his followers move with him (7.11.6a), hide and rest with him (7.11.6b, 7.11.6f: the Hide,
Rest and Alert steps see to that), and may stop at the start of any of his phases (7.11.5). A
follower cannot block or be blocked until he is put back on the map (7.12.1c,
:mod:`rules.daylight.blocking`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rules import hidden
from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.daylight import blocking, prowling
from rules.daylight.moving import active_horse, discover, is_pony, step
from rules.events.daylight import FollowerLeft, FollowerStopped, TurnEnded
from rules.magic.forms import creature
from rules.phrases import phrase


def followers_move(
    ctx: Ctx, guide: str, start: str, target: str, staying: Collection[str], used: Sequence[str]
) -> None:
    """7.11.6a: followers move with the guide, but those ``staying`` (:func:`staying`): a
    hidden guide may leave some behind (a.1), a pony Move leaves behind those without ponies
    (a.2); the hidden paths and secret passages the Move ``used`` do not stop them and they
    discover them (a.3). One left behind ends his turn where he stands, blocks and is blocked,
    and summons."""
    for follower in ctx.followers_of(guide):
        character = ctx.sheet(follower)
        if follower in staying:
            del ctx.today.followers[follower]
            ctx.emit(FollowerLeft(who=follower, guide=guide, at=start))
            ctx.emit(TurnEnded(who=follower, at=start))
            blocking.phase_end_blocking(ctx, follower)
            prowling.prowl(ctx, follower)
            continue
        discover(ctx, follower, used, phrase("daylight.following_guide", guide=guide))
        step(ctx, character, start, target)


def left_behind(ctx: Ctx, guide: str, follower: str, pony_move: bool) -> bool:
    """Whether ``follower`` stays behind when ``guide`` moves: a hidden guide may leave him
    (7.11.6a.1, the guide's ``drop`` instruction; not one who sees him, having found hidden
    enemies today, :func:`rules.hidden.found_enemies`), and a pony Move leaves those without
    ponies (7.11.6a.2)."""
    orders = ctx.today.orders.get(guide)
    dropped = orders.instructions.drop_followers if orders and ctx.sheet(guide).hidden else ()
    if follower in dropped and not hidden.found_enemies(ctx, follower):
        return True
    horse = active_horse(ctx.catalog, ctx.state, ctx.sheet(follower))
    return pony_move and not is_pony(ctx.catalog, horse)


def staying(ctx: Ctx, guide: str, pony_move: bool) -> set[str]:
    """The followers :func:`left_behind` when ``guide`` makes this Move."""
    return {f for f in ctx.followers_of(guide) if left_behind(ctx, guide, f, pony_move)}


def off_the_roads(ctx: Ctx, guide: str, start: str, target: str) -> set[str]:
    """7.11.6a.4 (L2077): "When a character transformed into a beast is acting as a guide and
    moves from clearing to clearing by walking the woods, a follower can only follow it if he
    is also a beast or if the clearings are connected by a roadway" — the followers who cannot,
    left behind (:func:`followers_move`). Those who follow along a hidden path or secret
    passage discover it, as for any Move (a.3)."""
    if any(c.to == target for c in ctx.board.connections(start)):
        return set()
    return {
        follower
        for follower in ctx.followers_of(guide)
        if creature(ctx.catalog, ctx.state.spells, follower, ctx.state.dark_side_up) is None
    }


def carriers(ctx: Ctx, guide: str, staying: Collection[str]) -> list[str]:
    """The underlings following ``guide`` who move with him, all but those ``staying``: he may
    carry with their strength (7.3.1h, L1674; 7.11.6d, L2084). A familiar is no underling: it
    adds no strength (L3927)."""
    return [
        follower
        for follower in ctx.followers_of(guide)
        if ctx.state.minions.get(follower) is not None
        and not ctx.acts(follower)
        and follower not in staying
    ]


def followers_stop(ctx: Ctx, turn: TurnState, number: int) -> None:
    """7.11.5: a follower may stop at the start of any of the guide's activities (his
    ``stop following: before N`` instruction); his turn ends in the guide's clearing, and he
    summons and blocks when the phase is over (:func:`ex_followers_end`)."""
    for follower in ctx.followers_of(turn.character):
        orders = ctx.today.orders.get(follower)
        if orders is not None and orders.instructions.stop_following == number:
            del ctx.today.followers[follower]
            ctx.emit(FollowerStopped(who=follower, guide=turn.character))
            ctx.emit(TurnEnded(who=follower, at=ctx.where(follower)))
            turn.stopped.append(follower)


def ex_followers_end(ctx: Ctx, turn: TurnState) -> None:
    """7.11.5 (L2066): "When the guide finishes the phase the game pieces in the ex-follower's
    tile summon denizens in the normal manner, and the ex-follower can then block and be blocked
    normally" — in the middle of the guide's turn (7.13.2 exception)."""
    for follower in turn.stopped:
        blocking.phase_end_blocking(ctx, follower)
        prowling.prowl(ctx, follower)
    turn.stopped.clear()
