"""The Fly activity (7.3.3a–d, L1710–1727): one recorded Fly phase, and the landing after it.

He flies from tile to tile, not along the roadways: from his clearing (even a cave, a.5) to his
own tile or one next to it, or on from the tile an earlier Fly phase took him to (a, a.2). His
counter is put "on the forest in that tile, away from the clearings" (a.1): the tile's own
place, :meth:`rules.state.Place.tile`, where nobody blocks him or is blocked by him (a.3,
:func:`rules.daylight.blocking.phase_end_blocking` blocks only in clearings). He must land
before any other activity and at the end of his turn (b, b.3): one die, unmodified, names the
clearing of that tile he lands in (b.1), and the Fly chit he used expires (4.6.7e.1).

His flying strength is a Fly chit (c, d): a Fly spell in effect whose target he is and whose chit
is unused (:func:`rules.magic.spells.fly.fly_chits`; SCENARIOS part 3: "A Fly spell is an unused
Fly chit"), or the Flying Carpet, whose own spell Purple magic energizes (h, :func:`_carpet`:
from an automatic source, or a Purple colour chit of his for the whole day). Flying monsters
and creatures, and riding them (e–g), come with controlled monsters and Transform's values.
Broomstick's caster invokes its Fly chit on his target's Move phase (L4959–4960,
:func:`broomstick_move`).
"""

from __future__ import annotations

from rules.chits import alteration, current, in_play, printed
from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.daylight import blocking, missions, prowling
from rules.daylight.moving import abandon, active_horse, horse_strength, item_weight, weight_of
from rules.events.daylight import (
    FollowerLeft,
    PhaseCancelled,
    TurnEnded,
    Unhidden,
)
from rules.events.spells import Flew, Landed
from rules.magic import builtin, energizing, lifecycle, questions
from rules.magic.colors import at_place, supplies
from rules.magic.forms import belongings_frozen, transmorphized
from rules.magic.spells.fly import BROOMSTICK, NO, YES, fly_chits, invoked, neighbours, strength
from rules.magic.state import SpellInEffect, committed
from rules.orders.model import Activity
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import MagicColor, Weight
from rules.schema.spells import FlyChit
from rules.schema.tiles import ClearingType
from rules.state import Place


def flying_tile(ctx: Ctx, name: str) -> str | None:
    """The tile ``name`` is flying over (his counter on its forest, 7.3.3a.1), None when he is
    not flying."""
    place = ctx.place_of(name)
    if place is None:
        return None
    kind, where = Place.split(place)
    return where if kind == "tile" else None


def tiles_around(ctx: Ctx, tile: str) -> list[str]:
    """``tile`` and the tiles next to it: where he may fly from anywhere in it (7.3.3a)."""
    return [tile, *neighbours(ctx, tile)] if ctx.board.placed(tile) is not None else []


def fly(ctx: Ctx, turn: TurnState, number: int, activity: Activity) -> None:
    """7.3.3a: one Fly phase to the recorded tile. He must be in that tile or one next to it
    (a.2, condition 2); unless he is flying already (the chit "can be used for multiple
    consecutive Fly phases", d.1), he must have a Fly chit that can carry him — his weight at
    most its strength, and invoked (:func:`rules.magic.spells.fly.invoked`) — else the phase is
    cancelled (a.2, condition 1). Taking off, he becomes unhidden and abandons his horses and
    the items heavier than the chit's strength where he stands (a.3); his followers cannot fly
    with a Fly chit and are left behind (a.4)."""
    name = turn.character
    tile = activity.target or ""
    over = flying_tile(ctx, name)
    start = ctx.where(name)
    here = over if over is not None else ctx.board.tile_of(start).tile if start else None
    if here is None or tile not in tiles_around(ctx, here):
        reason = phrase("daylight.tile_out_of_reach", tile=tile)
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
        return
    if over is None:
        assert start is not None
        chit = _chit(ctx, name)
        carpet = _carpet(ctx, name) if chit is None else None
        if chit is None and carpet is None:
            _no_chit(ctx, name, number)
            return
        _take_off(ctx, name, chit, start, carpet)
    ctx.state.put(name, Place.tile(tile))
    ctx.emit(Flew(who=name, from_=over or start or "", tile=tile))


def move_chit(ctx: Ctx, name: str) -> Weight | None:
    """The strength of the Move chit ``name`` plays to carry his items in a Move phase (7.3.1e),
    None when he plays none. Reading (the engine carries by the best of what he has,
    :func:`rules.daylight.moving.carrying_strength`): he plays a Move chit only to carry an
    item heavier than Negligible that no horse he rides carries; the chit he plays is the
    weakest of his Move chits in play that carries it."""
    sheet = ctx.sheet(name)
    if belongings_frozen(ctx.state.spells, name) or transmorphized(ctx.state.spells, name):
        return None
    heaviest = max(
        (
            item_weight(ctx.catalog, item)
            for item in ctx.state.at(Place.owner(name))
            if pieces_of(ctx.catalog)[item].kind is not Kind.HORSE
        ),
        key=lambda w: w.rank,
        default=Weight.NEGLIGIBLE,
    )
    horse = active_horse(ctx.catalog, ctx.state, sheet)
    if heaviest is Weight.NEGLIGIBLE or (
        horse is not None and horse_strength(ctx.catalog, horse).rank >= heaviest.rank
    ):
        return None
    altered = alteration(ctx.catalog, sheet)
    strengths = [
        found
        for chit in in_play(sheet, committed(ctx.state.spells, name))
        if chit.color is None
        and printed(chit.label).action is Action.MOVE
        and (found := current(chit.label, altered).strength) is not None
        and found.rank >= heaviest.rank
    ]
    return min(strengths, key=lambda w: w.rank) if strengths else None


def broomstick_move(ctx: Ctx, name: str, start: str, target: str) -> bool:
    """Broomstick in a Move phase of its target (L4955: "The spellcaster controls when this
    chit is used, but it can be used only when the target uses a Light Move chit"). Rule 3
    (L4959): "If the target does a Move phase and plays a Light Move chit to carry items, then
    the spellcaster can invoke the Fly chit and force him to Fly to the tile he is moving to
    instead of moving to a particular clearing" — he takes off (7.3.3a.3) and flies over the
    forest of ``target``'s tile, to land as the next activity starts or his turn ends (7.3.3b).
    Rule 4 (L4960): on a Move chit stronger than Light, "the Fly chit has no effect and the
    spell is broken", and he moves. Its controller is asked (``{spell: Broomstick, invoke:
    true}``; default no) for the first such Broomstick on him (:func:`move_chit`: the chit he
    plays). Returns whether he flew instead of moving."""
    chit = move_chit(ctx, name) if ctx.is_character(name) else None
    spell = next(
        (
            s
            for s in fly_chits(ctx.catalog, ctx.state, name)
            if builtin.card(ctx.catalog, s.spell).text_key == BROOMSTICK
            and s.controller != name
            and not s.flying
        ),
        None,
    )
    if chit is None or spell is None:
        return False
    light = chit is Weight.LIGHT
    prompt = (
        phrase("daylight.broomstick_light", name=name, who=name)
        if light
        else phrase("daylight.broomstick_strong", name=name, who=name)
    )
    answer = questions.ask(ctx, spell.controller, spell.spell, prompt, [NO, YES])
    ctx.wait_if_pending()
    if answer != YES:
        return False
    if not light:
        lifecycle.break_spell(ctx, spell, phrase("daylight.broomstick_broken"), by=spell.caster)
        return False
    tile = ctx.board.tile_of(target).tile
    _take_off(ctx, name, spell, start)
    ctx.state.put(name, Place.tile(tile))
    ctx.emit(Flew(who=name, from_=start, tile=tile))
    return True


def _chit(ctx: Ctx, name: str) -> SpellInEffect | None:
    """The first Fly chit of his that can carry him (7.3.3a.2) and that its caster invokes."""
    me = weight_of(ctx.catalog, name)
    for spell in fly_chits(ctx.catalog, ctx.state, name):
        if strength(ctx.catalog, spell).rank >= me.rank and invoked(ctx, spell, name):
            return spell
    return None


def carpets(ctx: Ctx, name: str) -> list[str]:
    """The active Treasure cards of his with a built-in flying spell — the Flying Carpet
    (7.3.3h; its card L4558) — in the order of his sheet; none for anyone but a character."""
    return energizing.carpets(ctx.catalog, ctx.sheet(name)) if ctx.is_character(name) else []


def carpet_fly(ctx: Ctx, carpet: str) -> FlyChit:
    """The Fly chit the Carpet ``carpet`` is used as (L4558: "Medium strength and a time
    number of '2'")."""
    spell = ctx.catalog.treasures[pieces_of(ctx.catalog)[carpet].name].built_in_spell
    assert spell is not None and spell.fly is not None
    return spell.fly


def _carpet(ctx: Ctx, name: str) -> str | None:
    """7.3.3h (L1736): "The Flying Carpet is considered to have a permanent flying spell on it,
    which can be energized using Purple magic. A character who owns the Flying Carpet may use
    it repeatedly and without limit to fly during the day, as long as he and his belongings do
    not exceed its weight limit, and as long as it is supplied with Purple magic" — his first
    active Carpet that carries him (his weight at most its strength, M), energized as he takes
    off by Purple from an automatic source where he stands (:func:`rules.magic.colors.at_place`:
    the day's, the Chapel's and the like, an enchanted tile's), or by a Purple colour chit of
    his today: "If he uses a Purple Magic chit to energize the Flying Carpet, it remains
    energized for the whole day, regardless of how often he lands" (the ``color`` decision as
    a phase starts, :mod:`rules.magic.energizing`). Its spell never expires: he may fly with it
    again after he lands."""
    place = ctx.place_of(name)
    if place is None:
        return None
    purple = bool(supplies(at_place(ctx.catalog, ctx.state, place), MagicColor.PURPLE))
    me = weight_of(ctx.catalog, name)
    return next(
        (
            c
            for c in carpets(ctx, name)
            if (purple or c in ctx.today.carpets) and carpet_fly(ctx, c).strength.rank >= me.rank
        ),
        None,
    )


def _no_chit(ctx: Ctx, name: str, number: int) -> None:
    """No Fly chit carries him: the phase is cancelled (7.3.3a.2)."""
    reason = phrase("daylight.no_fly_chit")
    ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))


def _take_off(
    ctx: Ctx, name: str, chit: SpellInEffect | None, start: str, carpet: str | None = None
) -> None:
    """7.3.3a.3–a.4 as he takes off from ``start`` with ``chit``, or else his ``carpet``."""
    if chit is not None:
        chit.flying = True
    if ctx.is_character(name):
        sheet = ctx.sheet(name)
        if sheet.hidden:
            sheet.hidden = False
            ctx.emit(Unhidden(who=name, reason=phrase("daylight.he_flies")))
        pieces = pieces_of(ctx.catalog)
        if chit is not None:
            limit = strength(ctx.catalog, chit)
        else:
            assert carpet is not None
            limit = carpet_fly(ctx, carpet).strength
        for item in list(ctx.state.at(Place.owner(name))):
            horse = pieces[item].kind is Kind.HORSE
            if horse or item_weight(ctx.catalog, item).rank > limit.rank:
                abandon(ctx, sheet, item, start)
    for follower in ctx.followers_of(name):
        del ctx.today.followers[follower]
        ctx.emit(FollowerLeft(who=follower, guide=name, at=start))
        ctx.emit(TurnEnded(who=follower, at=start))
        blocking.phase_end_blocking(ctx, follower)
        prowling.prowl(ctx, follower)


def land(ctx: Ctx, name: str) -> None:
    """7.3.3b–b.1: if ``name`` is flying he lands — before another activity, or as his turn
    ends. He rolls one die, unmodified, until it names a clearing of the tile he flew to, and
    lands there (even a cave); the Fly chit he flew with expires (4.6.7e.1, d.1). He can then
    block and be blocked (b.2: at the end of the phase, as anyone). Entering the clearing
    completes a mission whose Dwelling is there (7.2.4e.4)."""
    tile = flying_tile(ctx, name)
    if tile is None:
        return
    at = landing_clearing(ctx, name, tile)
    ctx.state.put(name, Place.clearing(at))
    ctx.emit(Landed(who=name, at=at))
    missions.entered(ctx, name, at)
    for spell in list(ctx.state.spells):
        if spell.flying and spell.targets[:1] == [name]:
            lifecycle.expire(ctx, spell, "landed")


def denizens_land(ctx: Ctx) -> None:
    """Hurricane Winds (L4891): "If the target is a denizen that does not record turns, it lands
    at the beginning of Daylight, just before the first attention chit is chosen" — each
    individual flying over a tile who takes no turn today lands (:func:`land`), in the order
    the spells were cast."""
    for spell in list(ctx.state.spells):
        target = spell.targets[0] if spell.flying and spell.targets else None
        if target is not None and target not in ctx.today.turn_order:
            land(ctx, target)


def landing_clearing(ctx: Ctx, name: str, tile: str) -> str:
    """The clearing of ``tile`` where what ``name`` lets fall lands — himself (7.3.3b.1) or an
    item he abandons while flying (7.2.2d): he rolls one die, unmodified, "until he rolls a
    number matching a clearing on the tile" (even a cave); each roll is a ``roll`` event,
    purpose ``landing``."""
    clearings = set(ctx.board.clearings())
    while True:
        roll = ctx.dice.game_roll(phrase("daylight.landing"), who=name)
        ctx.emit_roll(roll)
        at = f"{tile}{roll.result}"
        if at in clearings:
            return at


def grounded(ctx: Ctx, name: str, turn: TurnState) -> Phrase | None:
    """7.3.3b.1 *Special*: "If he lands in a cave after using a Sunlight phase during his turn,
    the remaining phases of his turn are cancelled" — the reason each is, or None. Read from
    where he stands: a character who used a Sunlight phase cannot walk into a cave (7.3.1c.2)
    and has none in one (6.2.4), so in a cave after one he can only have landed there."""
    where = ctx.where(name)
    if not turn.sunlight_used or where is None:
        return None
    if ctx.board.clearing_type(where) is not ClearingType.CAVE:
        return None
    return phrase("daylight.landed_in_cave")
