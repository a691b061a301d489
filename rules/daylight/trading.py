"""The Trade activity with natives and visitors (7.6): the phase, selling, and the Meeting roll
to buy. What the roll's result does is :mod:`rules.daylight.buying`; prices and boxes are
:mod:`rules.daylight.wares`. Trades between characters are :mod:`rules.daylight.trade` (7.2.1).

A T phase names one unhired native leader's group or one visitor in his clearing (7.6.3,
7.6.3a); a native leader must stand in the clearing (7.6.1a) and be unhired (7.6.1b), a visitor's
chit must be there visitor side up. Its decisions, each under
:meth:`~rules.day.context.Ctx.decision_id`, asked in order, each once the answer it depends on is
in (issue 32): ``trade`` alone; then either the ``sell`` decisions, or ``buy``, then
``drinks``, one question at a time:

- ``trade``: ``buy``, ``sell``, ``buy back`` (a boon he owes the group, 7.6.5e.1) or ``cancel``
  the phase (7.6.3b–c); the default is to buy;
- selling (7.6.4): one ``sell`` decision for each of his belongings that has a price (yes/no,
  default no), the item its id's subject (``.../sell <item>/...``); all sold at once at basic price
  (a visitor's special price, 7.6.2a), no Meeting roll, the cards shown; each goes into the buyer's
  box under the items of its kind, by counter size; a card with a Fame reward from the buyer gains
  its Fame (7.6.6);
- buying (7.6.5): ``buy`` names one item of the seller's box, or one of a visitor's Spell cards
  he could learn (7.6.7; default the first he can afford, else the first: once he looks he must
  name something and roll, 7.6.5), then ``drinks`` (natives only, 7.6.5b, and only when they
  would make the group friendlier: not an Ally); the secret look
  (Enchanted cards turn face up), the Meeting roll, kept in
  :attr:`rules.day.state.TurnState.traded` while a decision after it waits.

Readings: a visitor sells a card on his Visitor Prices list at that price too (7.6.2a "to buy or
sell"). A visitor's Spell card is offered only when he could learn it (7.6.7b, 7.5.6c.2): naming
one he cannot learn would be a roll for nothing. Hired leaders buy no spells (7.6.7d), and
visitors buy none (7.6.7e).
Not built: the Persuade spell's column (7.6.5a) comes with magic; the optional Commerce (10.D.2)
and Grudges and Gratitude (10.B.6) rules are named as not implemented when a campaign switches
them on, and the phase follows the basic rules.
"""

from __future__ import annotations

from rules.advantages import report_waiting
from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.day.state import TradeRoll
from rules.daylight import buying, trade_orders
from rules.daylight.looting import loose_items
from rules.daylight.runes import learn_problem
from rules.daylight.wares import into_box, partner_box, price, saleable
from rules.decisions.kinds import DRINKS
from rules.events import Decision
from rules.events.day import NotImplementedYet
from rules.events.daylight import PhaseCancelled
from rules.events.trade import Drinks, EnchantedRevealed, MeetingRolled, Sold, TradeLooked
from rules.meeting import drinks_cost, drinks_help, meet, partner
from rules.orders.model import Activity
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.characters import TradingPartner
from rules.state import Place

BUY, SELL, BUY_BACK, CANCEL = "buy", "sell", "buy back", "cancel"
YES, NO = "yes", "no"


def trade(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.6: one Trade phase (see the module). A phase resumed after its Meeting result waited
    for him goes on with the kept roll."""
    turn = ctx.today.turn
    kept = turn.traded if turn is not None else None
    begun = kept is not None and kept.phase == number
    if kept is not None and begun and kept.kind is not None:
        buying.after_roll(ctx, name, kept)
        _done(ctx)
        return
    if not begun:
        report_waiting(ctx, name, "trade", number)
        _optional_rules(ctx, name, number)
    group = activity.target
    here = ctx.where(name)
    problem = _partner_problem(ctx, name, group, here)
    if problem is not None or group is None or here is None:
        _cancel(ctx, name, number, problem or phrase("trade.not_in_clearing"))
        _done(ctx)
        return
    if turn is not None and not begun:
        turn.traded = TradeRoll(phase=number, group=group)
    visitor = partner(group).is_visitor
    box = partner_box(ctx, group)
    wares = _wares(ctx, name, group, box)
    mine = saleable(ctx, name, group)
    owed = [boon for boon in buying.owner(ctx, name).boons if boon.group == group]
    options = (BUY, *((SELL,) if mine else ()), *((BUY_BACK,) if owed else ()), CANCEL)
    standing = trade_orders.mode(ctx, name, group, options, mine)
    mode = trade_orders.ask(
        ctx,
        buying.decision(
            ctx, "trade", name, phrase("trade.trade_prompt", group=group), options, BUY
        ),
        standing,
    )
    ctx.wait_if_pending()
    if mode == SELL:
        chosen = [item for item in mine if _ask_sell(ctx, name, group, item) == YES]
        ctx.wait_if_pending()
        _sell(ctx, name, group, box, chosen, number)
        _done(ctx)
        return
    item = _ask_buy(ctx, name, group, wares) if mode == BUY and wares else None
    ctx.wait_if_pending()  # one question at a time: what he buys, then drinks (issue 32)
    cost = 0 if visitor else drinks_cost(ctx.catalog, ctx.state, group, here, name)
    drinks = False
    rolls = mode == BUY_BACK or (mode == BUY and item is not None)
    helps = rolls and drinks_help(ctx.catalog, ctx.state, name, group)
    if helps and 0 < cost <= spendable_gold(ctx.sheet(name), ctx.state.spells):
        prompt = phrase("trade.drinks_prompt", group=group, gold=cost)
        decision = buying.decision(ctx, "drinks", name, prompt, DRINKS, DRINKS[0])
        drinks = trade_orders.ask(ctx, decision, trade_orders.drinks(ctx, name)) == YES
    ctx.wait_if_pending()
    if mode == CANCEL or (mode == BUY and item is None):
        why = (
            phrase("trade.cancels")
            if mode == CANCEL
            else phrase("trade.visitor_has_nothing", group=group)
            if visitor
            else phrase("trade.natives_have_nothing", group=group)
        )
        _cancel(ctx, name, number, why)
        _done(ctx)
        return
    if item is not None:
        _look(ctx, name, group, wares)
    if drinks:
        ctx.sheet(name).gold -= cost
        ctx.emit(Drinks(who=name, group=group, gold=cost, at=here, round=0))
    meeting = meet(ctx.dice, ctx.catalog, ctx.state, name, group, activity="trade", drinks=drinks)
    for step in meeting.steps:
        ctx.emit_roll(step.roll)
    result = meeting.result
    column = meeting.final_column.name.lower()
    ctx.emit(MeetingRolled(who=name, group=group, column=column, result=result.text, at=here))
    kept = TradeRoll(
        phase=number,
        group=group,
        item=item or "",
        buyback=owed[0].gold if item is None else None,
        drinks=drinks,
        kind=result.kind.value,
        text=result.text,
        multiplier=result.multiplier,
        column=column,
    )
    if turn is not None:
        turn.traded = kept
    buying.after_roll(ctx, name, kept)
    _done(ctx)


def _done(ctx: Ctx) -> None:
    """The phase is over: nothing of it is kept for a resumption."""
    if ctx.today.turn is not None:
        ctx.today.turn.traded = None


#: The optional rules that change trading, not built yet: each is named when it is on.
OPTIONAL_RULES: dict[str, tuple[str, Phrase]] = {
    "commerce": ("10.D.2", phrase("waiting.commerce")),
    "grudges_and_gratitude": ("10.B.6", phrase("waiting.grudges_and_gratitude")),
}


def _optional_rules(ctx: Ctx, name: str, number: int) -> None:
    """An optional rule of section 10 that changes trading, switched on, is reported as not
    built; the phase goes on by the basic rules."""
    for option, (rule, what) in OPTIONAL_RULES.items():
        if ctx.state.options.get(option):
            ctx.emit(NotImplementedYet(rule=rule, what=what, who=name, phase=number))


def leader_of(ctx: Ctx, group: str) -> str | None:
    """The piece of the ``group``'s leader, the HQ counter (7.6.1a), if there is one."""
    named = pieces_of(ctx.catalog).named(f"{group} HQ")
    return named[0] if named else None


def visitor_here(ctx: Ctx, visitor: str, clearing: str) -> bool:
    """Whether the chit of ``visitor`` stands in ``clearing`` visitor side up (7.6.3a)."""
    return any(
        ctx.state.visitor_faces.get(piece) == visitor
        for piece in ctx.state.at(Place.clearing(clearing))
    )


def _wares(ctx: Ctx, name: str, group: str, box: str) -> list[str]:
    """What he may name to buy (7.6.5): the seller's items with a price, and a visitor's Spell
    cards he could learn, unless he is a hired leader (7.6.7b, d)."""
    pieces = pieces_of(ctx.catalog)
    items = [item for item in loose_items(ctx, box) if price(ctx, item, partner=group) is not None]
    if not partner(group).is_visitor or not ctx.is_character(name):
        return items
    spells = [
        card
        for card in reversed(ctx.state.at(box))
        if pieces[card].kind is Kind.SPELL and learn_problem(ctx, name, pieces[card].name) is None
    ]
    return items + spells


def _partner_problem(ctx: Ctx, name: str, group: str | None, here: str | None) -> Phrase | None:
    if group is None:
        return phrase("trade.names_no_partner")
    try:
        found = partner(group)
    except ValueError:
        return phrase(
            "trade.no_such_partner",
            group=repr(group),
            partners=tuple(str(p) for p in TradingPartner),
        )
    if found.is_visitor:
        if here is None or not visitor_here(ctx, group, here):
            return phrase("trade.visitor_elsewhere", group=group)
        return None
    leader = leader_of(ctx, group)
    if leader is None:
        return phrase("trade.no_leader", group=group)
    if leader in ctx.state.minions:
        return phrase("trade.leader_hired", group=group, who=leader)
    if here is None or ctx.where(leader) != here:
        return phrase("trade.leader_elsewhere", group=group)
    return None


def _cancel(ctx: Ctx, name: str, number: int, reason: Phrase) -> None:
    ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))


def _ask_sell(ctx: Ctx, name: str, group: str, item: str) -> str:
    gold = buying.basic_price(ctx, item, group, name)
    decision = Decision(
        id=ctx.decision_id("sell", name, item).format(),
        character=ctx.eyes(name),
        kind="sell",
        prompt=phrase("trade.sell_prompt", item=item, group=group, gold=gold),
        options=(NO, YES),
        default=NO,
    )
    return trade_orders.ask(ctx, decision, trade_orders.sells(ctx, name, item))


def _ask_buy(ctx: Ctx, name: str, group: str, wares: list[str]) -> str:
    gold = spendable_gold(ctx.sheet(name), ctx.state.spells)
    costs = {item: buying.basic_price(ctx, item, group) for item in wares}
    listed = [phrase("trade.ware", item=item, gold=cost) for item, cost in costs.items()]
    affordable = [item for item in wares if costs[item] <= gold]
    default = affordable[0] if affordable else wares[0]
    prompt = phrase("trade.buy_prompt", group=group, wares=tuple(listed))
    decision = buying.decision(ctx, "buy", name, prompt, tuple(wares), default)
    return trade_orders.ask(ctx, decision, trade_orders.buys(ctx, name, wares, costs))


def _look(ctx: Ctx, name: str, group: str, wares: list[str]) -> None:
    """7.6.5: a secret look at the seller's belongings (and a visitor's Spell cards, 7.6.7a,
    which he may remember); an Enchanted card turns face up."""
    pieces = pieces_of(ctx.catalog)
    ctx.emit(TradeLooked(recipients=(ctx.eyes(name),), who=name, group=group, items=tuple(wares)))
    known = ctx.sheet(ctx.eyes(name)).known
    for item in wares:
        piece = pieces[item]
        if piece.kind is Kind.SPELL and item not in known:
            known.append(item)
        if piece.kind is not Kind.TREASURE or item in ctx.state.face_up:
            continue
        if ctx.catalog.treasures[piece.name].enchanted:
            ctx.state.face_up.append(item)
            ctx.emit(EnchantedRevealed(item=item, group=group))


def _sell(ctx: Ctx, name: str, group: str, box: str, items: list[str], number: int) -> None:
    """7.6.4: everything offered is bought at its basic price (a visitor's special price,
    7.6.2a) and goes into the buyer's box; a Fame reward from the buyer is gained (7.6.6)."""
    if not items:
        _cancel(ctx, name, number, phrase("trade.offers_nothing"))
        return
    sheet = ctx.sheet(name)
    gold = 0
    for item in items:
        gold += buying.basic_price(ctx, item, group, name)
        del sheet.items[item]
        into_box(ctx, box, item)
    sheet.gold += gold
    ctx.emit(Sold(who=name, items=tuple(items), to=group, gold=gold))
    for item in items:
        buying.fame_reward(ctx, name, group, item, +1)
