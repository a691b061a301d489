"""Trading between characters, hired leaders and controlled monsters (7.2.1): at the start of a
phase, by orders that mirror each other.

Both sides' orders hold the trade (``trade Elf: give Mace 1, 5 gold; get Light Bow 1``); it
is made once, at the start of the first phase of either in which they share a clearing and
neither is blocked. Between a character and his own hired leader or controlled monster his
orders alone make it: he records both sides, and what the leader carries is his (7.7.2a.1).
What changes hands is private to the two; that they traded is public. A trade
never made is reported to each, privately, at Midnight (:func:`unmade`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.daylight import moving
from rules.events.daylight import Deactivated
from rules.events.trade import Traded, TradedDetail, TradeFailed, TradeNotMade
from rules.orders.model import TradeOffer
from rules.phrases import Phrase, phrase
from rules.state import ItemState, Place


def key(name: str, offer: TradeOffer) -> str:
    """The same key for a trade from either side, so that it is made once."""
    sides = sorted(
        [(name, offer.give, offer.give_gold), (offer.partner, offer.get, offer.get_gold)]
    )
    return repr(sides)


def with_characters(ctx: Ctx, starting: str) -> None:
    """7.2.1: at the start of each of his phases the individual ``starting`` trades with those in
    his clearing whose orders hold the mirror of an offer in his (rules-map P2), or whom his
    orders' employer trades with alone (7.7.2a.1); not while either is blocked (7.2.1d)."""
    for name, offer in _offers(ctx, starting):
        partner = offer.partner
        made = key(name, offer)
        if made in ctx.today.trades_done or not ctx.acts(partner):
            continue
        if ctx.where(partner) is None or ctx.where(partner) != ctx.where(name):
            continue
        if name in ctx.today.blocked or partner in ctx.today.blocked:
            continue
        own = _employs(ctx, name, partner)
        if not own and not any(offer.mirrors(o, name) for o in ctx.instructions(partner).trades):
            continue
        ctx.today.trades_done.append(made)
        unable = {
            who: reason
            for who, items, gold in (
                (name, offer.give, offer.give_gold),
                (partner, offer.get, offer.get_gold),
            )
            if (reason := _unable(ctx, who, items, gold)) is not None
        }
        if unable:
            _failed(ctx, name, partner, unable)
            continue
        _hand_over(ctx, name, partner, offer.give, offer.give_gold)
        _hand_over(ctx, partner, name, offer.get, offer.get_gold)
        ctx.emit(Traded(who=name, partner=partner))
        ctx.emit(
            TradedDetail(
                recipients=tuple(sorted({ctx.eyes(name), ctx.eyes(partner)})),
                who=name,
                partner=partner,
                gave=offer.describe(),
            )
        )


def _employs(ctx: Ctx, one: str, other: str) -> bool:
    """Whether one of the two is the other's hired leader or controlled monster (7.7.2a.1)."""
    minions = ctx.state.minions
    pairs = ((one, other), (other, one))
    return any(who in minions and minions[who].employer == boss for who, boss in pairs)


def _offers(ctx: Ctx, starting: str) -> list[tuple[str, TradeOffer]]:
    """The offers that may be made as ``starting`` begins a phase, each with whose orders hold
    it: his own, and his employer's with him (7.7.2a.1)."""
    found = [(starting, offer) for offer in ctx.instructions(starting).trades]
    minion = ctx.state.minions.get(starting)
    if minion is not None:
        boss = minion.employer
        found += [(boss, o) for o in ctx.instructions(boss).trades if o.partner == starting]
    return found


def unmade(ctx: Ctx) -> None:
    """At Midnight, each character whose trade was not made today is told so, privately."""
    for name, order in ctx.today.orders.items():
        for offer in order.instructions.trades:
            if key(name, offer) not in ctx.today.trades_done:
                ctx.emit(
                    TradeNotMade(
                        recipients=(ctx.eyes(name),),
                        who=name,
                        partner=offer.partner,
                        offer=offer.describe(),
                    )
                )


def _unable(ctx: Ctx, who: str, items: Sequence[str], gold: int) -> Phrase | None:
    """Why ``who`` cannot hand over ``items`` and ``gold`` now, said to him, or None."""
    character = ctx.sheet(who)
    missing = [i for i in items if i not in character.items]
    if missing:
        return phrase("trade.no_longer_have", items=tuple(missing))
    if gold and spendable_gold(character, ctx.state.spells) < gold:
        if character.gold >= gold:
            return phrase("trade.less_gold_ashes", gold=gold)
        return phrase("trade.less_gold", gold=gold)
    return None


def _failed(ctx: Ctx, name: str, partner: str, unable: dict[str, Phrase]) -> None:
    """Each side is told the trade failed: why, if it was his own doing; else only that the
    other could not make it — never what the other lacks, nor how much gold he has (his gold is
    secret, 2.6)."""
    for who, other in ((name, partner), (partner, name)):
        reason = unable.get(who) or phrase("trade.other_could_not", other=other)
        ctx.emit(TradeFailed(recipients=(ctx.eyes(who),), who=name, partner=partner, reason=reason))


def _hand_over(ctx: Ctx, giver: str, taker: str, items: Sequence[str], gold: int) -> None:
    """Items change owner and come in inactive (rules-map P10); gold is paid. An item too heavy
    for the taker's active horse or Boots makes him deactivate them, or abandon the item if his
    instructions say so (7.3.1f.1, 7.3.2a; P9)."""
    source, target = ctx.sheet(giver), ctx.sheet(taker)
    for item in items:
        source.items.pop(item)
        ctx.state.put(item, Place.owner(taker))
        target.items[item] = ItemState(active=False)
        _keep_mounts_able(ctx, taker, item)
    source.gold -= gold
    target.gold += gold


def _keep_mounts_able(ctx: Ctx, name: str, new_item: str) -> None:
    character = ctx.sheet(name)
    for mount, state in list(character.items.items()):
        if not state.active or mount == new_item:
            continue
        state.active = False
        refused = moving.activation_refused(ctx.catalog, ctx.state, character, mount)
        state.active = True
        if refused is None:
            continue
        where = ctx.where(name)
        if not ctx.instructions(name).keep_heavy_items and where is not None:
            moving.abandon(ctx, character, new_item, where)
            return
        state.active = False
        ctx.emit(Deactivated(who=name, item=mount, reason=refused))
