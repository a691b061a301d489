"""A new day (6.1) and Sunrise (6.3): the seventh days' colour magic, followers declared, the
monster roll, the end of the week's regeneration, and the Attention chits mixed."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight import familiar, hirelings, prowling
from rules.events.day import DayStarted, Follows, MonsterRoll
from rules.events.daylight import PhaseCancelled, Unhidden
from rules.magic import lifecycle
from rules.magic.colors import seventh_day_colors
from rules.magic.forms import misted
from rules.magic.spells import turns as spell_turns
from rules.modifiers import has
from rules.phrases import phrase
from rules.schema.characters import AbilityKey
from rules.state import Place


def sunrise(ctx: Ctx) -> None:
    """6.1 and 6.3, in the rulebook's order: the day begins (with a seventh day's colours,
    6.1.2, which with the other automatic sources energize Permanent spells, 6.1.3), hired
    underlings become unhidden (6.3.1b), followers are declared (6.3.2), the monster roll sets
    what prowls (6.3.3, 7.13.1), the week's end regenerates (6.3.4), and the Attention chits of
    everyone who takes a turn are mixed (7.1.1) — followers' chits are not, nor those a
    Premonition or the Clever advantage lets keep (L5161, L3850); a familiar's turn comes just
    before its owner's (L3926)."""
    state = ctx.state
    colors = tuple(color.value for color in seventh_day_colors(state))
    ctx.emit(DayStarted(day=state.day, month=state.month, colors=colors))
    lifecycle.day_begins(ctx)
    unhide_underlings(ctx)
    declare_followers(ctx)
    roll = ctx.dice.game_roll(phrase("day.monster_roll"))
    ctx.today.monster_roll = roll.result
    ctx.emit(MonsterRoll(roll=roll.result))
    prowling.prowling(ctx, roll.result)
    prowling.regenerate(ctx)
    turns = [
        name
        for name in hirelings.individuals(ctx.catalog, state)
        if name not in ctx.today.followers and state.place_of(name) != Place.OUT
    ]
    clever = [name for name in turns if has(ctx.catalog, state, name, AbilityKey.CLEVER)]
    seeing = [name for name in spell_turns.seers(state, turns) if name not in clever]
    turns = [name for name in turns if name not in clever and name not in seeing]
    ctx.dice.mix(turns)
    turns += seeing  # Premonition: he chooses when as Daylight starts (L5161)
    for name in clever:
        preempt(ctx, turns, name)
    familiar.place_turns(state, turns, ctx.today.followers)
    ctx.today.turn_order = turns
    ctx.today.stage = "daylight"


def unhide_underlings(ctx: Ctx) -> None:
    """6.3.1b (L1536) and 7.4.5 (L1774): "Hired underlings are automatically unhidden at the
    beginning of each day. The only way they can hide is by following a character or leader
    when he hides." Hired leaders and controlled monsters stay as they are."""
    for piece, minion in sorted(ctx.state.minions.items()):
        if minion.sheet.hidden and not hirelings.is_actor(ctx.catalog, ctx.state, piece):
            minion.sheet.hidden = False
            ctx.emit(Unhidden(who=piece, reason=phrase("day.underlings_unhidden")))


def preempt(ctx: Ctx, turns: list[str], name: str) -> None:
    """The Swordsman's Clever (L3850–3853): "At Sunrise he keeps his Attention chit instead of
    mixing it in with the others, and each time a new Attention chit is about to be picked during
    Daylight he can preempt and take his turn at that point ... if he has not taken his turn
    when all of the Attention chits have been picked he must take his turn at that point."

    The chits are drawn in ``turns``' order, so preempting before a pick is taking that place in
    it: his ``turn:`` instruction says where — ``first``, after a named individual's turn, or
    ``last`` (the default: a player who never preempts goes when all are picked). Only one
    character can have Clever without spells (2.3 orders several preempters; none can arise)."""
    when = ctx.instructions(name).turn
    if when == "first":
        turns.insert(0, name)
    elif when in turns:
        turns.insert(turns.index(when) + 1, name)
    else:
        turns.append(name)


def declare_followers(ctx: Ctx) -> None:
    """6.3.2 and 6.2.7a: a follower must share a clearing with his guide at Birdsong; followers
    who follow each other do nothing that day (b). Hired leaders can be followed like characters
    (7.7.2); underlings follow characters or hired leaders (7.7.3, 6.3.1). One who follows a
    follower follows that follower's guide. One in mist "cannot be followed" (4.6.9c.2 L1307):
    a Melt into Mist energized on him as the day begins (6.1.3) refuses his followers."""
    followers = ctx.today.followers
    wanted = {n: o.follow for n, o in ctx.today.orders.items() if o.follow is not None}
    for follower, guide in wanted.items():
        if not ctx.acts(guide) or ctx.where(guide) != ctx.where(follower):
            reason = phrase("day.guide_elsewhere", guide=guide)
            ctx.emit(PhaseCancelled(who=follower, phase=1, reason=reason))
            continue
        if misted(ctx.state.spells, guide):
            reason = phrase("day.guide_in_mist", guide=guide, who=guide)
            ctx.emit(PhaseCancelled(who=follower, phase=1, reason=reason))
            continue
        followers[follower] = guide
    for follower in list(followers):
        seen = {follower}
        guide = followers[follower]
        while guide in followers:
            if guide in seen:
                break
            seen.add(guide)
            guide = followers[guide]
        if guide in seen:
            continue
        followers[follower] = guide
    loops = [f for f, g in followers.items() if g in followers]
    for follower in loops:
        ctx.emit(PhaseCancelled(who=follower, phase=1, reason=phrase("day.followers_loop")))
    for follower, guide in followers.items():
        if follower not in loops:
            ctx.emit(Follows(who=follower, guide=guide))
