"""The standing Trade and Hire instructions (:mod:`rules.orders.meetings`) as answers to the
decisions of T and HR phases: a player's own answer first, then his instruction, then the
decision's default (asked, when the campaign waits for decisions).

The instructions read are those of the individual doing the phase (a hired leader's are in his
section of his employer's orders, :mod:`rules.orders.sections`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.day.context import Ctx
from rules.events import Decision
from rules.orders.meetings import MeetingOrders
from rules.pieces import pieces_of

YES, NO = "yes", "no"


def orders(ctx: Ctx, name: str) -> MeetingOrders:
    """His standing Trade and Hire instructions today."""
    return ctx.instructions(name).meeting


def answered_ahead(ctx: Ctx, decision: Decision, standing: str | None) -> bool:
    """Whether ``decision`` is answered before it is asked: by the player, or by ``standing``
    (his instruction's answer, when it is one of the options)."""
    return decision.id in ctx.answers or (standing is not None and standing in decision.options)


def ask(ctx: Ctx, decision: Decision, standing: str | None) -> str:
    """The answer to ``decision``: the player's, else ``standing`` (his instruction's, when it
    is one of the options; the decision is then not asked), else the default."""
    if decision.id in ctx.answers or not answered_ahead(ctx, decision, standing):
        return ctx.ask(decision)
    assert standing is not None
    return standing


def _name(ctx: Ctx, piece: str) -> str:
    return pieces_of(ctx.catalog)[piece].name if piece in pieces_of(ctx.catalog) else piece


def mode(
    ctx: Ctx, name: str, group: str, options: Sequence[str], mine: Sequence[str]
) -> str | None:
    """``trade``: buy back the boon owed to ``group`` if ``buy back:`` names it; else sell if
    ``sell:`` names a belonging he has (``mine``); else his default."""
    given = orders(ctx, name)
    if group in given.buy_back and "buy back" in options:
        return "buy back"
    if any(_name(ctx, item) in given.sell for item in mine):
        return "sell"
    return None


def sells(ctx: Ctx, name: str, item: str) -> str | None:
    """``sell <item>``: yes if ``sell:`` names it; no if ``sell:`` names other things."""
    given = orders(ctx, name)
    if not given.sell:
        return None
    return YES if _name(ctx, item) in given.sell else NO


def buys(ctx: Ctx, name: str, wares: Sequence[str], costs: Mapping[str, int]) -> str | None:
    """``buy``: the first of ``buy:`` among the ``wares``; with a list and none of it for sale,
    the cheapest (he must name something and roll, 7.6.5; P23)."""
    given = orders(ctx, name)
    if not given.buy:
        return None
    for wish in given.buy:
        for item in wares:
            if _name(ctx, item) == wish.name:
                return item
    return min(wares, key=lambda item: costs[item])


def accepts(ctx: Ctx, name: str, item: str, cost: int) -> str | None:
    """``accept``: with a ``buy:`` list, yes for an item on it within its ``up to``; no for
    anything else (the item he named only because he had to, P23)."""
    given = orders(ctx, name)
    if not given.buy or not item:
        return None
    wish = given.wish(_name(ctx, item))
    if wish is None:
        return NO
    return YES if wish.up_to is None or cost <= wish.up_to else NO


def boon(ctx: Ctx, name: str, item: str, basic: int) -> str | None:
    """``boon``: ``boons:``; with a ``buy:`` list, declined for what is not on it, and as
    Price x 1 only within its ``up to`` (P26)."""
    given = orders(ctx, name)
    wish = given.wish(_name(ctx, item)) if item else None
    if given.buy and wish is None:
        return "decline"
    if given.boons == "price" and wish is not None and wish.up_to is not None:
        return "price" if basic <= wish.up_to else "decline"
    return given.boons


def pays_with(ctx: Ctx, name: str, item: str) -> str | None:
    """``pay <item>``: yes if ``pay with:`` names it; no if it names other things."""
    given = orders(ctx, name)
    if not given.pay_with:
        return None
    return YES if _name(ctx, item) in given.pay_with else NO


def drinks(ctx: Ctx, name: str) -> str | None:
    given = orders(ctx, name).drinks
    return None if given is None else (YES if given else NO)


def penalty(ctx: Ctx, name: str, what: str) -> str | None:
    """``insult`` or ``challenge``: ``insults:`` or ``challenges:``."""
    given = orders(ctx, name)
    return given.insults if what == "Insult" else given.challenges


def new_item(ctx: Ctx, name: str) -> str | None:
    return orders(ctx, name).new_items


def hire(ctx: Ctx, name: str) -> str | None:
    """``hire``: ``hire: new`` is the option ``hire``, ``hire: rehire`` is ``rehire``."""
    given = orders(ctx, name).hire
    return {"new": "hire", "rehire": "rehire", None: None}[given]
