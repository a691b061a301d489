"""Flying away (8.3.8e, L2383–2385): an Encounter action (8.3.7) that plays a Fly chit to leave
the combat for a tile next to his.

``fly CHIT to TILE`` names the Fly chit by the Magic chit that is it (4.6.7e: "Put the Magic chit
used to cast the spell on top of any unused action chit to represent the Fly chit"; a Fly spell
an item cast, by the spell's name) — each unused Fly chit of his (:func:`rules.magic.spells.fly.
fly_chits`) he may play himself: not a Broomstick another cast on him, whose caster controls it
(L4955; his invoking it on the target's Move chits, rule 1, is reported with the chit, 4.6.7e).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.moving import abandon, weight_of
from rules.evening import kit
from rules.evening.counters import dark, red_side_up, values
from rules.evening.state import CombatState
from rules.events.evening import PlayCancelled
from rules.events.spells import Flew
from rules.magic import builtin
from rules.magic.spells.fly import BROOMSTICK, fly_chits, strength, tiles_next_to
from rules.magic.state import SpellInEffect
from rules.pieces import Kind, pieces_of
from rules.state import Place

#: The action's verb.
FLY = "fly"


def label(spell: SpellInEffect) -> str:
    """How an action names the Fly chit of ``spell``: its Magic chit, else the spell."""
    return spell.chit or spell.spell


def playable(ctx: Ctx, who: str) -> list[SpellInEffect]:
    """His unused Fly chits he may play himself (see the module)."""
    return [
        spell
        for spell in fly_chits(ctx.catalog, ctx.state, who)
        if spell.controller == who or builtin.card(ctx.catalog, spell.spell).text_key != BROOMSTICK
    ]


def options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Each ``fly CHIT to TILE`` he could name: each Fly chit he may play, to each tile next to
    his, clockwise from north (8.3.8e.2: "an adjacent tile of his choice")."""
    tiles = tiles_next_to(ctx, combat.clearing)
    return [f"{FLY} {label(spell)} to {tile}" for spell in playable(ctx, who) for tile in tiles]


def fly_away(ctx: Ctx, combat: CombatState, who: str, rest: str) -> None:
    """8.3.8e: he flies away with the Fly chit ``rest`` names, if the rules allow it — else the
    play is cancelled. e.1: "he ignores non-flying move times. The only denizens and Attention
    chits on his Melee Section that can stop him from flying away are those that fly, and
    red-side-up Tremendous monsters": the chit's time must be less than the move time of every
    flying monster on his sheet (8.3.7a.1). Reading: as a Move chit played to run must carry
    everything he has (8.3.7c), the Fly chit must carry him and his items; his horses stay behind
    (7.3.3a.3). e.2: "his counter is put half in the tile he is in, and half in an adjacent
    tile of his choice" — read as over the forest of the tile he chose, as after a Fly phase
    (:mod:`rules.daylight.fly`): he leaves the combat, and lands in his turn (7.3.3b), the chit
    expiring then (4.6.7e.1)."""
    named, _, tile = rest.rpartition(" to ")
    chit = next((s for s in playable(ctx, who) if label(s) == named), None)
    why = None if chit is not None else f"{named} is no Fly chit of his (4.6.7e)"
    if chit is not None and tile not in tiles_next_to(ctx, combat.clearing):
        why = f"{tile} is not a tile next to his (8.3.8e.2)"
    sheet = combat.sheets.get(who, [])
    if why is None and any(
        red_side_up(ctx.catalog, ctx.state, combat.dark_parts, d) for d in sheet
    ):
        why = "a red-side-up Tremendous monster holds him (8.4.7d.2)"
    if why is None and chit is not None:
        why = _too_slow(ctx, combat, who, chit) or _too_heavy(ctx, who, chit)
    if why is not None or chit is None:
        ctx.emit(
            PlayCancelled(
                who=who, chit=named, reason=why or "", at=combat.clearing, round=combat.round
            )
        )
        return
    character = ctx.sheet(who)
    pieces = pieces_of(ctx.catalog)
    for item in list(ctx.state.at(Place.owner(who))):
        if pieces[item].kind is Kind.HORSE:
            abandon(ctx, character, item, combat.clearing, round=combat.round)
    chit.flying = True
    ctx.state.put(who, Place.tile(tile))
    combat.left.append(who)
    combat.sheets.pop(who, None)
    ctx.emit(Flew(who=who, from_=combat.clearing, tile=tile))


def _too_slow(ctx: Ctx, combat: CombatState, who: str, chit: SpellInEffect) -> str | None:
    """8.3.7a.1 with e.1: the Fly chit's time against the flying monsters on his sheet."""
    fly = builtin.card(ctx.catalog, chit.spell).fly
    assert fly is not None
    pieces = pieces_of(ctx.catalog)
    times = [
        move
        for denizen in combat.sheets.get(who, [])
        if pieces[denizen].kind is Kind.MONSTER
        and ctx.catalog.monsters[pieces[denizen].name].flying
        and (move := values(ctx.catalog, denizen, dark(ctx.state, combat.dark_parts, denizen)).move)
        is not None
    ]
    if times and fly.time >= min(times):
        return f"time {fly.time} is not faster than flying move time {min(times)} (8.3.8e.1)"
    return None


def _too_heavy(ctx: Ctx, who: str, chit: SpellInEffect) -> str | None:
    """The Fly chit must carry him and his items (the reading in :func:`fly_away`)."""
    limit = strength(ctx.catalog, chit)
    needed = max(
        kit.heaviest(ctx.catalog, ctx.state, ctx.sheet(who)),
        weight_of(ctx.catalog, who),
        key=lambda w: w.rank,
    )
    if needed.rank > limit.rank:
        return f"the {chit.spell}'s Fly chit cannot carry {needed} weight (8.3.7c)"
    return None
