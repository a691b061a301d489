"""What a Trade phase's Meeting result does when he buys (7.6.5c–f, L5491–5501), the Fame
rewards (7.6.6) and buying back a boon (7.6.5e.1). The phase itself is
:mod:`rules.daylight.trading`.

Decisions, each under :meth:`~rules.day.context.Ctx.decision_id`, asked in order, each only
once the answers it depends on are in, so that nothing is asked about an item he does not get
(issue 32): the price or boon first; if he buys, the belongings he pays with; once he has paid,
what he does with the item:

- ``accept`` (a Price: yes, the default, or no), or ``boon`` (``take`` it free at one level less
  friendly, treat it as ``price`` x 1, the default, or ``decline``, L5493);
- ``pay`` (7.6.5c): one for each of his belongings that has a price, the item its id's subject
  (``.../pay <item>/...``), yes or no (no by default): the belongings he gives towards the price,
  each at its basic price, the seller giving no change; the rest is paid in recorded gold, which may
  not go below zero. They are asked only when his gold alone cannot pay (a ``pay with:`` instruction
  gives belongings even then, rules-map P25); a price he cannot pay even with all his priced
  belongings asks nothing;
- ``item`` (7.5.5f, as when he loots): keep what he obtains inactive (the default), activate it
  or abandon it;
- ``insult`` or ``challenge``: pay 5 Notoriety or 5 Fame for No Deal, or refuse (the default)
  and be blocked (L5499–5501); under Disgust he cannot pay a Challenge and is not asked.

Under the Disgust Curse a Price or Boon for a card whose Fame reward is this group's is
declined: obtaining it would cost him Fame (7.6.6), which he may not lose (L5280).

Readings:
- What he gives in payment goes into the seller's box, as if sold (7.6.4), but earns no Fame
  reward: 7.6.6 rewards selling the card, and payment in kind is part of a purchase (7.6.3b).
- Buying back a boon (7.6.5e.1) rolls as for an item at the boon's price. A Boon result on that
  roll counts as Price x 1: a level of friendliness cannot be taken as a boon against itself.
  Any result other than a Price paid loses the level for good, as does declining the price.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.day.state import TradeRoll
from rules.daylight import looting, trade_orders
from rules.daylight.wares import into_box, partner_box, price, saleable, visitor_face
from rules.decisions.kinds import PENALTY
from rules.events import Decision
from rules.events.daylight import Blocked, Unhidden
from rules.events.spells import SpellLimit
from rules.events.trade import (
    BoonLost,
    BoonRepaid,
    Bought,
    FameReward,
    PaidInKind,
    PaidOff,
    RelationshipChanged,
    SpellBought,
    TradeDeclined,
    TradeRefused,
)
from rules.magic import recording
from rules.magic.nullifying import curses_in_force
from rules.meeting import (
    DISGUST,
    PENALTIES,
    ResultKind,
    friendliness,
    may_pay_penalty,
    pay_penalty,
    penalty_prompt,
)
from rules.phrases import Phrase, Value, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.base import Relationship
from rules.schema.treasures import Activation
from rules.state import Boon, CharacterState, ItemState, Place

YES, NO = "yes", "no"
#: The basic Gold price of a visitor's spell (7.6.7).
SPELL_PRICE = 10
TAKE, PRICE, DECLINE = "take", "price", "decline"
PAY, REFUSE = "pay", "refuse"


@dataclass(frozen=True)
class Offer:
    """What he would buy and from whom: the ``item`` (empty for a buy-back) and its basic price
    to him, ``basic``."""

    name: str
    group: str
    item: str
    basic: int

    @property
    def what(self) -> Value:
        """What he buys, as a price's question names it."""
        return self.item or phrase("trade.lost_level")


def after_roll(ctx: Ctx, name: str, kept: TradeRoll) -> None:
    """What the Meeting result does (L5491–5501, 7.6.5c–e): its decisions asked, then done."""
    assert kept.kind is not None, "the phase has rolled"
    kind = ResultKind(kept.kind)
    buyback = kept.buyback
    basic = buyback if buyback is not None else basic_price(ctx, kept.item, kept.group)
    offer = Offer(name, kept.group, kept.item, basic)
    if kind is ResultKind.BOON and kept.buyback is not None:
        kind = ResultKind.PRICE
    if kind in (ResultKind.PRICE, ResultKind.BOON) and _fame_forbidden(ctx, offer):
        reason = phrase("trade.disgust_forbids_purchase")
        ctx.emit(TradeDeclined(who=name, group=kept.group, reason=reason))
    elif kind is ResultKind.PRICE:
        _price(ctx, offer, basic * (kept.multiplier or 1), kept.text)
    elif kind is ResultKind.BOON:
        _boon(ctx, offer)
    elif kind in (ResultKind.INSULT, ResultKind.CHALLENGE):
        _penalty(ctx, offer, PENALTIES[kind])
    else:
        ctx.emit(TradeRefused(who=name, group=kept.group, result=kept.text))
        if kind is ResultKind.BLOCK_BATTLE:
            blocked(ctx, name, kept.group)
        _lost(ctx, offer)


def _fame_forbidden(ctx: Ctx, offer: Offer) -> bool:
    """Whether obtaining the item would cost Fame (its Fame reward from this group, 7.6.6) that
    he may not lose: under the Disgust Curse he "cannot do any game function that would cause
    him to subtract from it" (L5280), so he neither buys it nor takes it as a boon."""
    if not offer.item or pieces_of(ctx.catalog)[offer.item].kind is not Kind.TREASURE:
        return False
    reward = ctx.catalog.treasures[pieces_of(ctx.catalog)[offer.item].name].fame_reward
    sheet = ctx.sheet(ctx.eyes(offer.name))
    cursed = DISGUST in curses_in_force(ctx.state.spells, sheet)
    return reward is not None and reward.group == offer.group and cursed


def _price(ctx: Ctx, offer: Offer, cost: int, text: str) -> None:
    """A Price result (7.6.5c): he pays ``cost`` or buys nothing."""
    name, group = offer.name, offer.group
    if not _could_pay(ctx, offer, cost):
        _short(ctx, offer, cost)
        return
    prompt = phrase("trade.price_prompt", result=text, what=offer.what, gold=cost)
    asked = decision(ctx, "accept", name, prompt, (YES, NO), YES)
    answer = trade_orders.ask(ctx, asked, trade_orders.accepts(ctx, name, offer.item, cost))
    ctx.wait_if_pending()
    if answer != YES:
        ctx.emit(TradeDeclined(who=name, group=group, reason=phrase("trade.declines_price")))
        _lost(ctx, offer)
        return
    _purchase(ctx, offer, cost)


def _boon(ctx: Ctx, offer: Offer) -> None:
    """L5493, 7.6.5e: free at one level less friendly, or as Price x 1, or not at all."""
    name, group, basic = offer.name, offer.group, offer.basic
    prompt = phrase("trade.boon_prompt", item=offer.item, group=group, gold=basic)
    asked = decision(ctx, "boon", name, prompt, (TAKE, PRICE, DECLINE), PRICE)
    answer = trade_orders.ask(ctx, asked, trade_orders.boon(ctx, name, offer.item, basic))
    ctx.wait_if_pending()
    if answer == TAKE:
        choice = _ask_item(ctx, offer)
        ctx.wait_if_pending()
        if _no_room(ctx, offer, choice):
            return
        obtain(ctx, name, group, offer.item, 0, choice)
        owe(ctx, name, group, basic, phrase("trade.boon_taken"))
    elif answer == PRICE and _could_pay(ctx, offer, basic):
        _purchase(ctx, offer, basic)
    elif answer == PRICE:
        _short(ctx, offer, basic)
    else:
        ctx.emit(TradeDeclined(who=name, group=group, reason=phrase("trade.declines_boon")))


def _penalty(ctx: Ctx, offer: Offer, what: str) -> None:
    """L5499–5501: pay 5 Notoriety (Insult) or 5 Fame (Challenge) for No Deal, or be blocked."""
    name, group = offer.name, offer.group
    sheet = ctx.sheet(ctx.eyes(name))
    answer = REFUSE
    if may_pay_penalty(ctx.state, sheet, what):
        prompt = penalty_prompt(ctx.catalog, group, what, "blocked")
        asked = decision(ctx, what.lower(), name, prompt, PENALTY, PENALTY[0])
        answer = trade_orders.ask(ctx, asked, trade_orders.penalty(ctx, name, what))
        ctx.wait_if_pending()
    if answer == PAY:
        pay_penalty(ctx.catalog, sheet, what)
        ctx.emit(PaidOff(who=name, group=group, result=what, at=ctx.where(name)))
        ctx.emit(TradeRefused(who=name, group=group, result="No Deal"))
    else:
        ctx.emit(TradeRefused(who=name, group=group, result=phrase("trade.unpaid", penalty=what)))
        blocked(ctx, name, group)
    _lost(ctx, offer)


def _purchase(ctx: Ctx, offer: Offer, cost: int) -> None:
    """He has agreed to pay ``cost``: the belongings he gives towards it are asked and awaited;
    then, only if they and his gold pay it (7.6.5c), what he does with the item (7.5.5f) is
    asked and awaited; then he buys — nothing changes before the last answer is in."""
    items = _ask_payment(ctx, offer, cost)
    ctx.wait_if_pending()
    paid = _gold_due(cost, _worth(ctx, offer, items)) <= spendable_gold(
        ctx.sheet(offer.name), ctx.state.spells
    )
    choice = _ask_item(ctx, offer, items) if paid else looting.KEEP
    ctx.wait_if_pending()
    if paid and _no_room(ctx, offer, choice):
        return
    _buy(ctx, offer, cost, items, choice)


def _no_room(ctx: Ctx, offer: Offer, choice: str) -> bool:
    """7.5.6g: a spell he has no box for, erasing none (:func:`rules.magic.recording.ask_room`),
    is not bought: he pays nothing and records nothing. The public hears only that he declines
    (what his sheet holds is secret, 7.5.6e); he is told why (``spell_limit``)."""
    if choice != recording.NONE or not offer.item:
        return False
    piece = pieces_of(ctx.catalog)[offer.item]
    if piece.kind is not Kind.SPELL:
        return False
    declined = phrase("trade.declines_spell")
    ctx.emit(TradeDeclined(who=offer.name, group=offer.group, reason=declined))
    eyes = (ctx.eyes(offer.name),)
    boxes = recording.SPELL_BOXES
    ctx.emit(SpellLimit(recipients=eyes, who=offer.name, spell=piece.name, boxes=boxes))
    return True


def _ask_payment(ctx: Ctx, offer: Offer, cost: int) -> list[str]:
    """7.6.5c: the belongings he gives towards ``cost``, one ``pay`` decision each — asked only
    when his gold alone falls short; otherwise only his ``pay with:`` instruction gives any."""
    name = offer.name
    enough = spendable_gold(ctx.sheet(name), ctx.state.spells) >= cost
    chosen: list[str] = []
    for item in saleable(ctx, name, offer.group):
        standing = trade_orders.pays_with(ctx, name, item)
        if item == offer.item or (enough and standing is None):
            continue
        worth = price(ctx, item, name, partner=offer.group)
        prompt = phrase("trade.pay_prompt", item=item, worth=worth, gold=cost)
        decision = Decision(
            id=ctx.decision_id("pay", name, item).format(),
            character=ctx.eyes(name),
            kind="pay",
            prompt=prompt,
            options=(NO, YES),
            default=NO,
        )
        if trade_orders.ask(ctx, decision, standing) == YES:
            chosen.append(item)
    return chosen


def _ask_item(ctx: Ctx, offer: Offer, giving: list[str] | None = None) -> str:
    """What he does with what he buys (7.5.5f); for a visitor's spell, the room he makes for
    it on his sheet (7.5.6g, :func:`rules.magic.recording.ask_room`)."""
    if not offer.item:
        return looting.KEEP
    piece = pieces_of(ctx.catalog)[offer.item]
    if piece.kind is Kind.SPELL:
        return recording.ask_room(ctx, offer.name, piece.name)
    return looting.ask_item(ctx, offer.name, offer.item, giving=giving or ())


def basic_price(ctx: Ctx, item: str, group: str, owner: str | None = None) -> int:
    """The basic price of ``item`` traded with ``group`` (7.6.2, :func:`wares.price`; sold by
    ``owner``): a visitor's spell's is the visitor's spell price, 10 Gold points (7.6.7)."""
    if pieces_of(ctx.catalog)[item].kind is Kind.SPELL:
        return visitor_face(ctx, group).spell_price or SPELL_PRICE
    return price(ctx, item, owner, partner=group) or 0


def _worth(ctx: Ctx, offer: Offer, items: list[str]) -> int:
    return sum(price(ctx, item, offer.name, partner=offer.group) or 0 for item in items)


def _gold_due(cost: int, worth: int) -> int:
    """The gold he pays of ``cost`` once belongings ``worth`` that much are given towards it;
    no change is given (7.6.5c)."""
    return max(cost - worth, 0)


def _could_pay(ctx: Ctx, offer: Offer, cost: int) -> bool:
    """Whether his recorded gold and all his priced belongings could pay ``cost`` (7.6.5c)."""
    goods = [item for item in saleable(ctx, offer.name, offer.group) if item != offer.item]
    return cost <= spendable_gold(ctx.sheet(offer.name), ctx.state.spells) + _worth(
        ctx, offer, goods
    )


def _buy(ctx: Ctx, offer: Offer, cost: int, items: list[str], choice: str) -> None:
    """He pays ``cost`` with the ``items`` and the rest in gold, if his gold does not go below
    zero (7.6.5c); then the item, or the level bought back, is his."""
    name, group = offer.name, offer.group
    worth = _worth(ctx, offer, items)
    gold = _gold_due(cost, worth)
    if gold > spendable_gold(ctx.sheet(name), ctx.state.spells):
        reason = (
            phrase("trade.cannot_pay_with_items", gold=cost, items=tuple(items), worth=worth)
            if items
            else phrase("trade.cannot_pay_with_gold", gold=cost)
        )
        ctx.emit(TradeDeclined(who=name, group=group, reason=reason))
        _lost(ctx, offer)
        return
    if items:
        box = partner_box(ctx, group)
        for item in items:
            del ctx.sheet(name).items[item]
            into_box(ctx, box, item)
        ctx.emit(PaidInKind(who=name, items=tuple(items), to=group, worth=worth))
    if offer.item:
        obtain(ctx, name, group, offer.item, gold, choice)
        return
    ctx.sheet(name).gold -= gold
    ctx.emit(BoonRepaid(who=name, group=group, gold=gold))
    sheet = owner(ctx, name)
    sheet.boons.remove(next(boon for boon in sheet.boons if boon.group == group))
    _change(ctx, name, group, +1, phrase("trade.boon_bought_back"))


def _short(ctx: Ctx, offer: Offer, cost: int) -> None:
    """7.6.5c: he cannot buy if paying would take his recorded gold below zero, even with
    every belonging he could give."""
    reason = phrase("trade.cannot_pay", gold=cost)
    ctx.emit(TradeDeclined(who=offer.name, group=offer.group, reason=reason))
    _lost(ctx, offer)


def _lost(ctx: Ctx, offer: Offer) -> None:
    """7.6.5e.1: a buy-back not bought on its one roll loses the level for good."""
    if offer.item:
        return
    sheet = owner(ctx, offer.name)
    boon = next(boon for boon in sheet.boons if boon.group == offer.group)
    sheet.boons.remove(boon)
    ctx.emit(BoonLost(recipients=(ctx.eyes(offer.name),), who=sheet.name, group=offer.group))


def obtain(ctx: Ctx, name: str, group: str, item: str, gold: int, choice: str) -> None:
    """He pays ``gold`` and the item is his, kept, activated or abandoned as he chose
    (``choice``, 7.5.5f); a card he obtains is revealed (7.6.5f); a card always active is
    active at once; a card with a Fame reward from this group costs him its Fame (7.6.6)."""
    sheet = ctx.sheet(name)
    sheet.gold -= gold
    piece = pieces_of(ctx.catalog)[item]
    if piece.kind is Kind.SPELL:
        _learn(ctx, name, group, piece.name, gold, choice)
        return
    ctx.state.put(item, Place.owner(name))
    sheet.items[item] = ItemState(active=False)
    if piece.kind is Kind.TREASURE:
        card = ctx.catalog.treasures[piece.name]
        if card.activation is not Activation.NEEDS_ACTIVATION and item not in ctx.state.face_up:
            ctx.state.face_up.append(item)
    ctx.emit(Bought(who=name, item=item, price=gold, from_=group))
    fame_reward(ctx, name, group, item, -1)
    looting.settle(ctx, name, item, choice)


def _learn(ctx: Ctx, name: str, group: str, spell: str, gold: int, room: str) -> None:
    """7.6.7b–c: he records the spell, secretly, in a free box of his sheet or the one he
    erased for it (``room``, 7.5.6g: :func:`rules.magic.recording.record`); the card stays with
    the visitor."""
    ctx.emit(SpellBought(who=name, price=gold, from_=group))
    recording.record(ctx, name, spell, group, room)


def fame_reward(ctx: Ctx, name: str, group: str, item: str, sign: int) -> None:
    """7.6.6: selling (``sign`` +1) a card with a Fame reward to its group gains its Fame;
    buying it from them (-1) loses it; the Fame is his employer's for a hired leader
    (7.7.1f.2)."""
    piece = pieces_of(ctx.catalog)[item]
    if piece.kind is not Kind.TREASURE:
        return
    reward = ctx.catalog.treasures[piece.name].fame_reward
    if reward is None or reward.group != group:
        return
    owner = ctx.sheet(ctx.eyes(name))
    owner.fame += sign * reward.fame
    ctx.emit(FameReward(who=owner.name, item=item, group=group, fame=sign * reward.fame))


def owe(ctx: Ctx, name: str, group: str, gold: int, reason: Phrase) -> None:
    """7.6.5e: a boon taken: the group one level less friendly until it is bought back."""
    owner(ctx, name).boons.append(Boon(group=group, gold=gold))
    _change(ctx, name, group, -1, reason)


def owner(ctx: Ctx, name: str) -> CharacterState:
    minion = ctx.state.minions.get(name)
    return ctx.state.characters[minion.employer if minion is not None else name]


def _change(ctx: Ctx, name: str, group: str, change: int, reason: Phrase) -> None:
    """7.6.5e, e.2: the group becomes ``change`` levels friendlier to him (his employer's
    relationships for a hired leader, 7.6.1c)."""
    sheet = owner(ctx, name)
    level = friendliness(ctx.catalog, ctx.state, name, group) + change
    sheet.relationships[group] = level
    shown = Relationship(min(max(level, Relationship.ENEMY), Relationship.ALLY)).name.lower()
    ctx.emit(
        RelationshipChanged(
            recipients=(sheet.name,), who=sheet.name, group=group, level=shown, reason=reason
        )
    )


def blocked(ctx: Ctx, name: str, group: str) -> None:
    """7.6.5d, L5497: the group blocks him (7.12.4): unhidden, no more phases today."""
    at = ctx.where(name)
    ctx.emit(Blocked(who=name, by=group, at=at))
    if name not in ctx.today.blocked:
        ctx.today.blocked.append(name)
    if ctx.sheet(name).hidden:
        ctx.sheet(name).hidden = False
        ctx.emit(Unhidden(who=name, reason=phrase("daylight.blocking")))


def decision(
    ctx: Ctx, kind: str, name: str, prompt: Phrase, options: tuple[str, ...], default: str
) -> Decision:
    """A decision of ``kind`` for ``name`` in the current phase, asked of his eyes (his
    employer's for a hired leader)."""
    return Decision(
        id=ctx.decision_id(kind, name).format(),
        character=ctx.eyes(name),
        kind=kind,
        prompt=prompt,
        options=options,
        default=default,
    )
