"""The Trade activity with natives and visitors (7.6): buying and selling through the Meeting
Table (:mod:`rules.meeting`). Trades between characters are :mod:`rules.daylight.trade`
(7.2.1).

A T phase names one unhired native leader's group in his clearing (7.6.3, 7.6.3a); the leader
must stand in the clearing (7.6.1a) and be unhired (7.6.1b). Its decisions, each under
:meth:`~rules.day.context.Ctx.decision_id`:

- ``trade``: buy, sell or cancel the phase (7.6.3b–c); the default is to buy;
- selling (7.6.4): one ``sell`` decision for each of his belongings (yes/no, default no), its
  id's kind ``sell <item>``; all sold at once at basic price, no Meeting roll, the cards shown;
  each goes into the group's box under the items of its kind, by counter size;
- buying (7.6.5): ``buy`` names one item of the group's box (default the first he can afford,
  else the first: once he looks he must name something and roll, 7.6.5), then ``drinks``
  (natives only, 7.6.5b); the secret look (Enchanted cards turn face up), the Meeting roll,
  kept in :attr:`rules.state.TurnState.traded` while a decision after it waits; then
  ``accept`` (a Price, 7.6.5c), ``boon`` (take | price | decline, L5493, 7.6.5e), ``insult`` or
  ``challenge`` (pay | refuse, L5499–5501). No Deal and Block/Battle refuse (7.6.5d); Block/Battle
  and an unpaid Insult or Challenge also block him (7.12.4); under the Disgust curse he cannot
  pay a Challenge and is not asked (L5499 note).

Readings: what he buys is his, inactive (P10, as looting). He pays a price in recorded gold
only: paying with belongings (7.6.5c) is reported ``not_implemented`` when his gold is short.
Not built: buying from and selling to visitors (7.6.2a, 7.6.7), the Fame rewards (7.6.6),
buying back a boon (7.6.5e.1), the Persuade spell's column (7.6.5a), the Commerce rule
(10.D.2), and the Disgust curse's bar on paying a Challenge (L5499).
"""

from __future__ import annotations

from rules.advantages import report_waiting
from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.daylight.looting import loose_items
from rules.events import Decision
from rules.meeting import (
    PENALTIES,
    PENALTY,
    ResultKind,
    drinks_cost,
    friendliness,
    may_pay_penalty,
    meet,
    partner,
    pay_penalty,
    penalty_points,
)
from rules.orders.model import Activity
from rules.pieces import Kind, pieces_of
from rules.schema.base import Relationship
from rules.schema.setup import Section
from rules.schema.treasures import Activation
from rules.state import ItemState, Place, TradeRoll

BUY, SELL, CANCEL = "buy", "sell", "cancel"
YES, NO = "yes", "no"
TAKE, PRICE, DECLINE = "take", "price", "decline"
PAY, REFUSE = "pay", "refuse"

#: Where each kind of item goes in a box, bottom first: by counter size (7.6.4 example).
SIZE_ORDER = {Kind.TREASURE: 0, Kind.HORSE: 1, Kind.ARMOR: 2, Kind.WEAPON: 3}


def trade(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.6: one Trade phase (see the module). A phase resumed after its Meeting result waited
    for him goes on with the kept roll."""
    turn = ctx.today.turn
    kept = turn.traded if turn is not None else None
    if kept is not None and kept.phase == number:
        _after_roll(ctx, name, kept)
        if turn is not None:
            turn.traded = None
        return
    report_waiting(ctx, name, "trade", number)
    group = activity.target
    here = ctx.where(name)
    problem = _partner_problem(ctx, name, group, here)
    if problem is not None or group is None or here is None:
        _cancel(ctx, name, number, problem or "he is not in a clearing")
        return
    if partner(group).is_visitor:
        ctx.emit(
            "not_implemented",
            rule="7.6.7",
            what=f"trading with the {group} (7.6.2a, 7.6.7)",
            who=name,
            phase=number,
        )
        return
    box = group_box(ctx, group)
    wares = [item for item in loose_items(ctx, box) if price(ctx, item) is not None]
    mine = [item for item in ctx.sheet(name).items if price(ctx, item, name) is not None]
    options = (BUY, *((SELL,) if mine else ()), CANCEL)
    mode = ctx.ask(_decision(ctx, "trade", name, f"Trade with the {group}?", options, BUY))
    if mode == SELL:
        chosen = [item for item in mine if _ask_sell(ctx, name, group, item) == YES]
        ctx.wait_if_pending()
        _sell(ctx, name, group, box, chosen, number)
        return
    item = _ask_buy(ctx, name, group, wares) if mode == BUY and wares else None
    cost = drinks_cost(ctx.catalog, ctx.state, group, here, name)
    drinks = False
    if item is not None and 0 < cost <= spendable_gold(ctx.sheet(name)):
        prompt = f"Buy drinks for the {group} ({cost} gold) before the Meeting roll?"
        drinks = ctx.ask(_decision(ctx, "drinks", name, prompt, (NO, YES), NO)) == YES
    ctx.wait_if_pending()
    if mode == CANCEL:
        _cancel(ctx, name, number, "he cancels the Trade phase (7.6.3c)")
        return
    if item is None:
        _cancel(ctx, name, number, f"the {group} have nothing to sell (7.6.5)")
        return
    _look(ctx, name, group, wares)
    if drinks:
        ctx.sheet(name).gold -= cost
        ctx.emit("drinks", who=name, group=group, gold=cost, at=here, round=0)
    meeting = meet(ctx.dice, ctx.catalog, ctx.state, name, group, activity="trade", drinks=drinks)
    for step in meeting.steps:
        ctx.emit(
            "roll",
            who=name,
            purpose="Meeting Table",
            dice=list(step.roll.dice),
            result=step.roll.result,
        )
    result = meeting.result
    column = meeting.final_column.name.lower()
    ctx.emit("meeting", who=name, group=group, column=column, result=result.text, at=here)
    kept = TradeRoll(
        phase=number,
        group=group,
        item=item,
        drinks=drinks,
        kind=result.kind.value,
        text=result.text,
        multiplier=result.multiplier,
        column=column,
    )
    if turn is not None:
        turn.traded = kept
    _after_roll(ctx, name, kept)
    if turn is not None:
        turn.traded = None


def group_box(ctx: Ctx, group: str) -> str:
    """The place of the Set Up Card box holding the belongings of the native ``group``
    (7.6.1)."""
    for box in ctx.catalog.setup_card.values():
        if box.natives == group and box.section in (Section.DWELLINGS, Section.GARRISONS):
            return Place.box(box.name)
    raise ValueError(f"no Set Up Card box holds the {group}")


def leader_of(ctx: Ctx, group: str) -> str | None:
    """The piece of the ``group``'s leader, the HQ counter (7.6.1a), if there is one."""
    named = pieces_of(ctx.catalog).named(f"{group} HQ")
    return named[0] if named else None


def price(ctx: Ctx, item: str, owner: str | None = None) -> int | None:
    """The basic Gold price of ``item`` (7.6.2): its list's or its card's; damaged armor at its
    damaged price when ``owner`` sells it (7.6.2b). None for what has no price (a native's
    horse, a card without a price)."""
    pieces = pieces_of(ctx.catalog)
    if item not in pieces:
        return None
    piece = pieces[item]
    if piece.kind is Kind.WEAPON:
        return int(ctx.catalog.weapons[piece.name].price)
    if piece.kind is Kind.ARMOR:
        prices = ctx.catalog.armor[piece.name].price
        held = ctx.sheet(owner).items.get(item) if owner is not None else None
        return int(prices.damaged if held is not None and held.damaged else prices.intact)
    if piece.kind is Kind.HORSE:
        cost = ctx.catalog.horses[piece.name].price
        return None if cost is None else int(cost)
    if piece.kind is Kind.TREASURE:
        gold = ctx.catalog.treasures[piece.name].gold
        return None if gold is None else int(gold)
    return None


def _partner_problem(ctx: Ctx, name: str, group: str | None, here: str | None) -> str | None:
    if group is None:
        return "he names no native leader or visitor (7.6.3)"
    try:
        found = partner(group)
    except ValueError as error:
        return str(error)
    if found.is_visitor:
        return None
    leader = leader_of(ctx, group)
    if leader is None:
        return f"the {group} have no leader (7.6.1a)"
    if leader in ctx.state.minions:
        return f"the {group}'s leader is hired: his group's belongings cannot be traded (7.6.1b)"
    if here is None or ctx.where(leader) != here:
        return f"the {group}'s leader is not in his clearing (7.6.1a, 7.6.3a)"
    return None


def _cancel(ctx: Ctx, name: str, number: int, reason: str) -> None:
    ctx.emit("phase_cancelled", who=name, phase=number, reason=reason)


def _decision(
    ctx: Ctx, kind: str, name: str, prompt: str, options: tuple[str, ...], default: str
) -> Decision:
    return Decision(
        id=ctx.decision_id(kind, name),
        character=ctx.eyes(name),
        kind=kind,
        prompt=prompt,
        options=options,
        default=default,
    )


def _ask_sell(ctx: Ctx, name: str, group: str, item: str) -> str:
    decision = Decision(
        id=ctx.decision_id(f"sell {item}", name),
        character=ctx.eyes(name),
        kind="sell",
        prompt=f"Sell {item} to the {group} for {price(ctx, item, name)} gold (7.6.4)?",
        options=(NO, YES),
        default=NO,
    )
    return ctx.ask(decision)


def _ask_buy(ctx: Ctx, name: str, group: str, wares: list[str]) -> str:
    gold = spendable_gold(ctx.sheet(name))
    listed = ", ".join(f"{item} ({price(ctx, item)} gold)" for item in wares)
    affordable = [item for item in wares if (price(ctx, item) or 0) <= gold]
    default = affordable[0] if affordable else wares[0]
    prompt = f"Which belonging of the {group} do you try to buy? {listed}"
    return ctx.ask(_decision(ctx, "buy", name, prompt, tuple(wares), default))


def _look(ctx: Ctx, name: str, group: str, wares: list[str]) -> None:
    """7.6.5: a secret look at the seller's belongings; an Enchanted card turns face up."""
    pieces = pieces_of(ctx.catalog)
    ctx.emit("trade_looked", private_to=[ctx.eyes(name)], who=name, group=group, items=wares)
    for item in wares:
        piece = pieces[item]
        if piece.kind is not Kind.TREASURE or item in ctx.state.face_up:
            continue
        if ctx.catalog.treasures[piece.name].enchanted:
            ctx.state.face_up.append(item)
            ctx.emit("enchanted_revealed", item=item, group=group)


def _sell(ctx: Ctx, name: str, group: str, box: str, items: list[str], number: int) -> None:
    """7.6.4: everything offered is bought at its basic price; each goes into the box under the
    items of its kind, the kinds by counter size (treasures at the bottom, weapons on top)."""
    if not items:
        _cancel(ctx, name, number, "he offers nothing to sell (7.6.4)")
        return
    sheet = ctx.sheet(name)
    pieces = pieces_of(ctx.catalog)
    gold = 0
    for item in items:
        gold += price(ctx, item, name) or 0
        del sheet.items[item]
        ctx.state.take(item)
        stack = ctx.state.stacks.setdefault(box, [])
        rank = SIZE_ORDER[pieces[item].kind]
        at = next(
            (
                index
                for index, other in enumerate(stack)
                if pieces[other].kind in SIZE_ORDER and SIZE_ORDER[pieces[other].kind] >= rank
            ),
            len(stack),
        )
        stack.insert(at, item)
    sheet.gold += gold
    ctx.emit("sold", who=name, items=items, to=group, gold=gold)


def _after_roll(ctx: Ctx, name: str, kept: TradeRoll) -> None:
    """What the Meeting result does (L5491–5501, 7.6.5c–e): each decision asked, then done."""
    kind = ResultKind(kept.kind)
    group, item = kept.group, kept.item
    basic = price(ctx, item) or 0
    gold = spendable_gold(ctx.sheet(name))
    if kind is ResultKind.PRICE:
        cost = basic * (kept.multiplier or 1)
        if cost > gold:
            _short(ctx, name, group, cost)
            return
        prompt = f"{kept.text}: buy {item} for {cost} gold?"
        answer = ctx.ask(_decision(ctx, "accept", name, prompt, (YES, NO), YES))
        ctx.wait_if_pending()
        if answer == YES:
            _obtain(ctx, name, group, item, cost)
        else:
            ctx.emit("trade_declined", who=name, group=group, reason="he declines the price")
    elif kind is ResultKind.BOON:
        prompt = f"Boon: take {item} free (the {group} one level less friendly), pay {basic}?"
        answer = ctx.ask(_decision(ctx, "boon", name, prompt, (TAKE, PRICE, DECLINE), PRICE))
        ctx.wait_if_pending()
        if answer == TAKE:
            _obtain(ctx, name, group, item, 0)
            _friendlier(ctx, name, group, -1)
        elif answer == PRICE and basic <= gold:
            _obtain(ctx, name, group, item, basic)
        elif answer == PRICE:
            _short(ctx, name, group, basic)
        else:
            ctx.emit("trade_declined", who=name, group=group, reason="he declines the boon")
    elif kind in (ResultKind.INSULT, ResultKind.CHALLENGE):
        what = PENALTIES[kind]
        prompt = (
            f"The {group}'s {what}: pay {PENALTY} {penalty_points(what)}, or refuse and be blocked?"
        )
        sheet = ctx.sheet(ctx.eyes(name))
        answer = REFUSE
        if may_pay_penalty(sheet, what):
            answer = ctx.ask(_decision(ctx, what.lower(), name, prompt, (REFUSE, PAY), REFUSE))
            ctx.wait_if_pending()
        if answer == PAY:
            pay_penalty(sheet, what)
            ctx.emit("paid_off", who=name, group=group, result=what, at=ctx.where(name))
            ctx.emit("trade_refused", who=name, group=group, result="No Deal")
        else:
            ctx.emit("trade_refused", who=name, group=group, result=f"an unpaid {what}")
            _blocked(ctx, name, group)
    elif kind is ResultKind.BLOCK_BATTLE:
        ctx.emit("trade_refused", who=name, group=group, result=kept.text)
        _blocked(ctx, name, group)
    else:
        ctx.emit("trade_refused", who=name, group=group, result=kept.text)


def _short(ctx: Ctx, name: str, group: str, cost: int) -> None:
    """7.6.5c: he cannot buy if paying would take his recorded gold below zero. Paying part of
    the price with belongings is not built."""
    reason = f"he cannot pay {cost} gold (7.6.5c)"
    ctx.emit("trade_declined", who=name, group=group, reason=reason)
    if ctx.sheet(name).items:
        ctx.emit(
            "not_implemented",
            rule="7.6.5c",
            what="paying part of a price with belongings",
            who=name,
        )


def _obtain(ctx: Ctx, name: str, group: str, item: str, cost: int) -> None:
    """He pays ``cost`` and the item is his, inactive (P10); a card he obtains is revealed
    (7.6.5f); a card always active is active at once."""
    sheet = ctx.sheet(name)
    sheet.gold -= cost
    ctx.state.put(item, Place.owner(name))
    sheet.items[item] = ItemState(active=False)
    piece = pieces_of(ctx.catalog)[item]
    if piece.kind is Kind.TREASURE:
        card = ctx.catalog.treasures[piece.name]
        if card.activation is not Activation.NEEDS_ACTIVATION and item not in ctx.state.face_up:
            ctx.state.face_up.append(item)
        if card.activation is Activation.ALWAYS_ACTIVE:
            sheet.items[item].active = True
    ctx.emit("bought", who=name, item=item, price=cost, **{"from": group})


def _friendlier(ctx: Ctx, name: str, group: str, change: int) -> None:
    """7.6.5e, e.2: the group becomes ``change`` levels friendlier to him (his employer's
    relationships for a hired leader, 7.6.1c)."""
    recorder = ctx.eyes(name)
    minion = ctx.state.minions.get(name)
    owner = minion.employer if minion is not None else recorder
    level = friendliness(ctx.catalog, ctx.state, name, group) + change
    ctx.state.characters[owner].relationships[group] = level
    shown = Relationship(min(max(level, Relationship.ENEMY), Relationship.ALLY)).name.lower()
    ctx.emit(
        "relationship",
        private_to=[recorder],
        who=owner,
        group=group,
        level=shown,
        reason="a boon taken (7.6.5e)",
    )


def _blocked(ctx: Ctx, name: str, group: str) -> None:
    """7.6.5d, L5497: the group blocks him (7.12.4): unhidden, no more phases today."""
    at = ctx.where(name)
    ctx.emit("blocked", who=name, by=group, at=at)
    if name not in ctx.today.blocked:
        ctx.today.blocked.append(name)
    if ctx.sheet(name).hidden:
        ctx.sheet(name).hidden = False
        ctx.emit("unhidden", who=name, reason="blocking (7.12.4a)")
