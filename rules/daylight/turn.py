"""Daylight's turns (7.1) and their phases (7.2; 5.1 step 4.3).

Each individual — character, hired leader or controlled monster — takes his turn when his
Attention chit is drawn (7.1.1): he becomes unhidden (7.1.2), then does his recorded phases in
order. At the start of each phase he trades with the characters his orders name (7.2.1), his
belongings are rearranged as his instructions say (7.2.2), followers may stop (7.11.5), a
character takes the mission and campaign chits his instructions name (7.2.4); a phase
whose source cannot be used is cancelled (6.2.4), and so is every phase but Rest once all his
chits are fatigued or wounded (7.8.4), and one his Curse (4.6.8a.2) or his transmorphized form
(4.6.9c) forbids. At the end of each phase he blocks and is blocked (7.12.2);
at the end of his turn the denizens prowl and summon (7.13.2).

Activities of later issues are reported, never skipped: :data:`LATER` names the rule of each.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import forest, powers
from rules.chits import in_play
from rules.day import leaving
from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.daylight import (
    alert,
    blocking,
    curses,
    enchant,
    exchanges,
    fly,
    follow,
    hide,
    hiring,
    missions,
    move,
    moving,
    one_use,
    prowling,
    rest,
    search,
    trade,
    trading,
)
from rules.daylight.lists import alternatives
from rules.daylight.phase_sources import source_unusable
from rules.events import Decision
from rules.events.day import NotImplementedYet
from rules.events.daylight import (
    Activated,
    ActivationRefused,
    CardActivationRefused,
    Deactivated,
    JewelBlocked,
    PhaseCancelled,
    PhaseGained,
    PhaseStarted,
    TurnEnded,
    TurnLost,
    TurnStarted,
    Unhidden,
)
from rules.magic import energizing, lifecycle, limits
from rules.magic.forms import mist_forbids
from rules.magic.spells import daylight as daylight_spells
from rules.magic.spells import lost, protection
from rules.magic.spells import turns as spell_turns
from rules.magic.state import committed
from rules.orders.entitlement import entitlement
from rules.orders.legal import phase_activities
from rules.orders.model import SUNLIGHT, Activity, ActivityKind
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.state import Place

#: Activities of later issues, with the rule that will implement them.
LATER: dict[ActivityKind, tuple[str, Phrase]] = {
    ActivityKind.CACHE: ("10.A.4", phrase("waiting.cache_activity")),
}


def daylight(ctx: Ctx) -> None:
    """7.1: each individual's turn, in the order the Attention chits were drawn (a Premonition's
    target first takes his place in it, :func:`rules.magic.spells.turns.preempt`); one blocked
    before his turn loses it (7.12.4), and one asleep under the Flowers of Rest "skips his turn
    (if he has not already taken it)" (L4302) — the Flowers act before each turn, from the start
    of Daylight (:func:`rules.daylight.rest.fall_asleep`). A character who must Rest and cannot
    dies as his turn comes (9.1.1c, :func:`rules.day.leaving.cannot_rest`). Denizens blown
    away by Hurricane Winds land first (L4891, :func:`rules.daylight.fly.denizens_land`)."""
    today = ctx.today
    if today.next_turn == 0 and today.turn is None:
        fly.denizens_land(ctx)  # L4891: before the first Attention chit is chosen
        spell_turns.preempt(ctx)  # Premonition, L5161
    while today.next_turn < len(today.turn_order):
        name = today.turn_order[today.next_turn]
        if today.turn is None:
            rest.fall_asleep(ctx)
        if today.turn is None and name in today.asleep:
            ctx.emit(TurnLost(who=name, reason=phrase("daylight.asleep_under_flowers")))
            today.next_turn += 1
            continue
        if today.turn is None and leaving.cannot_rest(ctx, name):  # 9.1.1c
            today.next_turn += 1
            continue
        if today.turn is None and name in today.blocked:
            ctx.emit(TurnLost(who=name, reason=phrase("daylight.blocked_before_turn")))
            today.next_turn += 1
            continue
        if today.turn is None:
            today.turn = TurnState(character=name)
            start_turn(ctx, name)
        take_turn(ctx, today.turn)
        today.turn = None
        ctx.landed = set()
        today.next_turn += 1
    today.stage = "sunset"


def start_turn(ctx: Ctx, name: str) -> None:
    """7.1.2 and 7.11.4: he and his followers become unhidden. What a Lost spell cancelled of
    his last turn is forgotten (:func:`rules.magic.spells.lost.turn_starts`)."""
    ctx.emit(TurnStarted(who=name))
    lost.turn_starts(ctx.state, name)
    for who in (name, *ctx.followers_of(name)):
        if ctx.sheet(who).hidden:
            ctx.sheet(who).hidden = False
            ctx.emit(Unhidden(who=who, reason=phrase("daylight.turn_starts", who=name)))


def _gained(turn: TurnState) -> list[Activity]:
    """The extra phases his belongings activated this turn give him at once, with the Timeless
    Jewel (L4315): each to be chosen as he does it."""
    return [Activity(kind=ActivityKind.BLANK, source=source) for source in turn.gained]


def gain_phases(ctx: Ctx, name: str, item: str) -> None:
    """L4315: with the Timeless Jewel, "he can use an extra or enhanced activity caused by a
    belonging as soon as he activates that belonging": an extra phase ``item`` gives, activated
    during his turn, is added to it (a horse's or a pony's is not)."""
    turn = ctx.today.turn
    chooses = timeless(ctx, name) or spell_turns.prophesied(ctx.state, name)  # L4725 too
    if turn is None or turn.character != name or not chooses:
        return
    extra = entitlement(ctx.catalog, ctx.state, name).extra(item)
    if extra is not None and not extra.pony and extra.kind != "horse":
        turn.gained.append(item)
        ctx.emit(PhaseGained(who=name, item=item))


def timeless(ctx: Ctx, name: str) -> bool:
    """Whether ``name`` has an active Timeless Jewel (L4315)."""
    if not ctx.is_character(name):
        return False
    pieces = pieces_of(ctx.catalog)
    return any(
        held.active
        and pieces[item].kind is Kind.TREASURE
        and "timeless" in ctx.catalog.treasures[pieces[item].name].behaviour
        for item, held in ctx.sheet(name).items.items()
    )


def timeless_choice(ctx: Ctx, turn: TurnState, recorded: Activity) -> Activity:
    """L4315: the owner of an active Timeless Jewel "chooses what to do on each phase of his turn
    as he does the phase": each phase is a decision among the activities he may do now
    (:func:`rules.orders.legal.phase_activities`), his recorded one the default; the phase keeps
    its recorded source, so he has the same phases as he recorded (the extra activity a
    belonging activated during the turn would give is not offered)."""
    name = turn.character
    number = turn.phase + 1
    offered = phase_activities(ctx.state, name, number, recorded.source, catalog=ctx.catalog)
    texts = [str(a) for a in offered]
    plain = str(Activity(kind=recorded.kind, target=recorded.target))
    decision = Decision(
        id=ctx.decision_id("timeless", name).format(),
        character=ctx.eyes(name),
        kind="timeless",
        prompt=phrase("daylight.timeless_prompt", number=number),
        options=tuple(texts),
        default=plain if plain in texts else texts[0],
    )
    chosen = offered[texts.index(ctx.ask(decision))]
    ctx.wait_if_pending()
    return Activity(kind=chosen.kind, target=chosen.target, source=recorded.source)


def take_turn(ctx: Ctx, turn: TurnState) -> None:
    """His phases, from where the turn stands, until they are done, he leaves the map, he is
    blocked (7.12.4) or he falls asleep under the Flowers of Rest, which act at the end of each
    phase before blocking (L4302, :func:`rules.daylight.rest.fall_asleep`); before each phase
    but the first a Violent Storm where he ended the last one strikes him
    (:func:`rules.magic.spells.daylight.storm_strikes`); after each phase the
    Permanent spells an automatic source now supplies are energized (4.6.7h.3,
    :func:`rules.magic.lifecycle.energize_automatically`); then his followers are put back in
    his clearing (7.11.6) and the turn ends for each of them, with prowling and summoning
    (7.13.2, 7.11.8). A flier lands as his turn ends (7.3.3b, :func:`rules.daylight.fly.land`)."""
    orders = ctx.today.orders.get(turn.character)
    recorded = orders.phases if orders is not None and orders.follow is None else ()
    while (
        turn.phase < len(phases := (*recorded, *_gained(turn)))
        and ctx.state.place_of(turn.character) != Place.OUT
        and turn.character not in ctx.today.blocked
        and turn.character not in ctx.today.asleep
    ):
        activity = phases[turn.phase]
        if turn.phase > 0:  # L4924: where he ended the phase before, a Violent Storm strikes
            daylight_spells.storm_strikes(ctx, turn, len(phases))
        if spell_turns.prophesied(ctx.state, turn.character):
            activity = spell_turns.choose_phase(ctx, turn, activity)  # Prophecy, L4725
        elif timeless(ctx, turn.character):
            activity = timeless_choice(ctx, turn, activity)
        phase(ctx, turn, turn.phase + 1, activity)
        turn.phase += 1
        protection.phase_ends(ctx, turn.character)  # 4.6.7f.1
        lifecycle.energize_automatically(ctx)  # 4.6.7h.3: a target the phase brought to colour
        rest.fall_asleep(ctx)
        blocking.phase_end_blocking(ctx, turn.character)
        follow.ex_followers_end(ctx, turn)
    fly.land(ctx, turn.character)  # 7.3.3b: he lands at the end of his turn
    where = ctx.where(turn.character)
    for follower in ctx.followers_of(turn.character):
        if ctx.where(follower) != where and where is not None:
            ctx.state.put(follower, Place.clearing(where))
    rest.fall_asleep(ctx)
    for follower in ctx.followers_of(turn.character):
        ctx.emit(TurnEnded(who=follower, at=ctx.where(follower)))
    ctx.emit(TurnEnded(who=turn.character, at=where))
    prowling.prowl(ctx, turn.character)
    for follower in ctx.followers_of(turn.character):
        blocking.land(ctx, follower)
        prowling.prowl(ctx, follower)


def phase(ctx: Ctx, turn: TurnState, number: int, activity: Activity) -> None:
    """One phase (5.1 step 4.3): a Rest first asks what it must (7.8.2); the phase's source must
    be usable, characters trade, belongings are rearranged, followers may stop, then the
    activity is done; a flier lands first if it is no Fly (7.3.3b), and after landing in a cave
    with a Sunlight phase used his phases are cancelled (b.1). A Search phase resumed after its
    result waited for the player goes straight on with its activity. With every chit fatigued or
    wounded only Rest is done (7.8.4), but for the Moves off the roadway he ran away along
    (8.3.8d.1: the reading at :attr:`rules.orders.path.Path.leaving_road`)."""
    name = turn.character
    if turn.searched is not None and turn.searched.phase == number:
        # The phase began before its Search result waited for him (7.5.3): it goes on there.
        _activity(ctx, turn, number, activity, {})
        return
    if turn.traded is not None and turn.traded.phase == number:
        # The phase began before its Meeting result waited for him (7.6.5): it goes on there.
        _activity(ctx, turn, number, activity, {})
        return
    if turn.hired is not None and turn.hired.get("phase") == number:
        # The Hire phase began before a decision waited for him (7.7.1): it goes on there.
        _activity(ctx, turn, number, activity, {})
        return
    if activity.kind is not ActivityKind.FLY:
        fly.land(ctx, name)  # 7.3.3b: "He must land before doing any other activity"
    prefers = rest.choices(ctx, name) if activity.kind is ActivityKind.REST else {}
    if activity.kind in enchant.ENCHANTS:
        prefers = enchant.choices(ctx, name, activity)
    ctx.emit(PhaseStarted(who=name, phase=number, activity=str(activity)))
    energizing.phase_starts(ctx, name, number)  # 4.6.7h.6: colour chits played as it starts
    if turn.climbing is not None and not (
        activity.kind is ActivityKind.MOVE and activity.target == turn.climbing
    ):
        turn.climbing = None
    reason = source_unusable(ctx, name, activity) or daylight_spells.spell_cancels(
        ctx.state, name, number
    )
    trade.with_characters(ctx, name)
    rearrange(ctx, name, number)
    for follower in ctx.followers_of(name):
        rearrange(ctx, follower, number)  # 7.2.2c: when the guide begins a phase
    follow.followers_stop(ctx, turn, number)
    for who in (name, *ctx.followers_of(name)):  # 7.2.4; his followers too (L1394)
        missions.at_phase_start(ctx, who)
    rest.fall_asleep(ctx)
    if name in ctx.today.asleep:
        reason = phrase("daylight.falls_asleep_flowers")
    if name in ctx.today.blocked:
        reason = phrase("daylight.blocked_as_phase_begins")
    if reason is not None:
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
        return
    road = ctx.state.road_of(name) or forest.exits(ctx.board, ctx.state, name)  # 8.3.8d.1
    off_road = road is not None and activity.kind is ActivityKind.MOVE  # 8.3.8d.1, see below
    if (
        activity.kind is not ActivityKind.REST
        and not off_road
        and ctx.is_character(name)
        and not in_play(ctx.sheet(name), committed(ctx.state.spells, name))
    ):
        ctx.emit(
            PhaseCancelled(
                who=name,
                phase=number,
                reason=phrase("daylight.can_only_rest"),
            )
        )
        return
    if road is not None and not off_road:
        reason = (
            phrase("daylight.on_roadway_move_first", first=road[0], second=road[1])
            if ctx.state.road_of(name) is not None
            else phrase("daylight.in_forest_move_first", clearings=alternatives(road))
        )
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
        return
    cursed = curses.forbidden(ctx, name, activity) or fly.grounded(ctx, name, turn)
    if cursed is None:
        cursed = limits.forbidden(ctx.catalog, ctx.state.spells, name, activity.kind)
    if cursed is None:  # Melt into Mist, L5060
        cursed = mist_forbids(ctx.state.spells, name, activity.kind.value)
    if cursed is not None:
        ctx.emit(PhaseCancelled(who=name, phase=number, reason=cursed))
        return
    if activity.source == SUNLIGHT:
        turn.sunlight_used = True
    _activity(ctx, turn, number, activity, prefers)


def _activity(
    ctx: Ctx,
    turn: TurnState,
    number: int,
    activity: Activity,
    prefers: dict[str, str | None],
) -> None:
    name = turn.character
    kind = activity.kind
    if kind is ActivityKind.BLANK:
        return
    if kind is ActivityKind.MOVE:
        move.move(ctx, turn, number, activity)
    elif kind is ActivityKind.HIDE:
        hide.hide(ctx, name)
    elif kind is ActivityKind.REST:
        rest.rest(ctx, prefers)
    elif kind is ActivityKind.ALERT:
        alert.alert(ctx, name, number, activity)
    elif kind in enchant.ENCHANTS:
        enchant.enchant(ctx, name, number, activity, prefers)
    elif kind in (ActivityKind.SEARCH, ActivityKind.PEER):
        search.search(ctx, name, number, activity)
    elif kind is ActivityKind.TRADE:
        trading.trade(ctx, name, number, activity)
    elif kind is ActivityKind.HIRE:
        hiring.hire(ctx, name, number, activity)
    elif kind is ActivityKind.FLY:
        fly.fly(ctx, turn, number, activity)
    elif kind in LATER:
        ctx.emit(
            NotImplementedYet(
                rule=LATER[kind][0],
                what=LATER[kind][1],
                who=name,
                phase=number,
            )
        )
    else:
        ctx.emit(
            PhaseCancelled(
                who=name,
                phase=number,
                reason=phrase("daylight.not_in_a_phase", activity=kind.value),
            )
        )


def rearrange(ctx: Ctx, name: str, number: int) -> None:
    """7.2.2: the belongings his standing instructions change at the start of phase
    ``number`` — of his turn, or, for a follower, of his guide's: "Any characters, hired leaders,
    or controlled monsters that are following may also rearrange their belongings whenever the
    guide they are following begins a phase" (7.2.2c, L1595). Flying, he may only abandon
    (7.2.2d, :func:`_rearrange_flying`)."""
    orders = ctx.today.orders.get(name)
    if orders is None:
        return
    character = ctx.sheet(name)
    for change in orders.instructions.rearrange:
        if change.phase != number:
            continue
        if fly.flying_tile(ctx, name) is not None:
            _rearrange_flying(ctx, name, change.activate, change.abandon)
            continue
        for item in change.deactivate:
            if item in character.items and character.items[item].active:
                jewel = timeless(ctx, name)
                character.items[item].active = False
                ctx.emit(Deactivated(who=name, item=item, reason=phrase("daylight.rearranged")))
                turn = ctx.today.turn
                if (
                    jewel
                    and not timeless(ctx, name)
                    and turn is not None
                    and turn.character == name
                ):
                    ctx.today.blocked.append(name)  # L4315.2: "instantly blocked"
                    ctx.emit(JewelBlocked(who=name, item=item))
        for item in change.activate:
            if item == protection.PROTECTION:
                protection.activate(ctx, name)  # 4.6.7f.1, as if it were an item
                continue
            if item not in character.items or character.items[item].active:
                continue
            refused = moving.activation_refused(ctx.catalog, ctx.state, character, item)
            refused = refused or one_use.refused(ctx, name, item)
            if refused is not None and moving.secret_card(ctx.catalog, ctx.state, item):
                ctx.emit(
                    CardActivationRefused(
                        recipients=(ctx.eyes(name),), who=name, item=item, reason=refused
                    )
                )
                continue
            if refused is not None:
                ctx.emit(ActivationRefused(who=name, item=item, reason=refused))
                continue
            character.items[item].active = True
            ctx.emit(Activated(who=name, item=item))
            powers.report_waiting(ctx, name, item)
            gain_phases(ctx, name, item)
            rest.vial_of_healing(ctx, name)
            exchanges.open_chest(ctx, name)
            one_use.use(ctx, name, item)
        for item in change.abandon:
            where = ctx.where(name)
            if item in character.items and where is not None:
                moving.abandon(ctx, character, item, where)


def _rearrange_flying(
    ctx: Ctx, name: str, activate: Sequence[str], abandoning: Sequence[str]
) -> None:
    """7.2.2d (L1596): "Individuals who are flying cannot rearrange their belongings, except that
    they can abandon items": each activation his instructions ask is refused (his deactivations
    are not done: they leave nothing to report), and each item he abandons lands in the clearing
    of the tile he flies over that one die names (:func:`rules.daylight.fly.landing_clearing`)."""
    character = ctx.sheet(name)
    tile = fly.flying_tile(ctx, name)
    assert tile is not None
    for item in activate:
        if item in character.items and not character.items[item].active:
            reason = phrase("daylight.flying_only_abandons")
            if moving.secret_card(ctx.catalog, ctx.state, item):
                eyes = (ctx.eyes(name),)
                ctx.emit(CardActivationRefused(recipients=eyes, who=name, item=item, reason=reason))
            else:
                ctx.emit(ActivationRefused(who=name, item=item, reason=reason))
    for item in abandoning:
        if item in character.items:
            moving.abandon(ctx, character, item, fly.landing_clearing(ctx, name, tile))
