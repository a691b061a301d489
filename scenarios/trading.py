"""Trade and Hire decisions answered from a scenario's ``choices.<trader>.trade`` and
``choices.<hirer>.hire`` (SCENARIOS.md Part 2, "Choices"; the entries' forms are
:class:`~scenarios.format.TradeChoice` and :class:`~scenarios.format.HireChoice`).

The Hire phase (7.7.1, :mod:`rules.daylight.hiring`) asks ``hire`` (hire, rehire or cancel),
``drinks``, ``accept``, ``boon`` (price, boon or decline), ``insult``, ``challenge`` and
``rehire`` the same way: the k-th HR phase takes his k-th hire entry (:class:`Hires`).

The engine asks the decisions of a Trade phase (7.6, :mod:`rules.daylight.trading`) under ids
``d{game day}/{whose turn}/p{phase}/{kind}/{who}``: ``trade`` (buy, sell, buy back or cancel),
``sell`` and ``pay`` (one per belonging, the item its id's subject: ``.../sell <item>/...``),
``buy``, ``drinks``, ``accept``, ``item``, ``boon``, ``insult`` and ``challenge``. The k-th T phase
of the orders of the individual whose turn it is takes his k-th entry, as searches do
(:mod:`scenarios.search`). A key the entry does not give leaves its decision to the rest of the
runner (the character's ``answers``, else the default). An answer that is not among the decision's
options makes the scenario malformed."""

from __future__ import annotations

from rules.events import Decision
from rules.orders.model import ActivityKind
from scenarios.format import HireChoice, TradeChoice
from scenarios.phase_entries import PhaseEntries

#: The kinds of the decisions a Trade phase asks.
TRADE_KINDS = frozenset(
    {"trade", "sell", "buy", "drinks", "accept", "pay", "item", "boon", "insult", "challenge"}
)


def names(item: str, written: str) -> bool:
    """Whether ``written`` names the piece ``item``: its id, or its name without the number."""
    if item == written:
        return True
    base, _, number = item.rpartition(" ")
    return number.isdigit() and base == written


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _option(decision: Decision, written: str) -> str:
    """The option of ``decision`` that ``written`` names (:func:`names`); as written if none
    does, for the runner to refuse."""
    found = [o for o in decision.options if names(o, written)]
    return found[0] if found else written


def _listed(decision: Decision, written: list[str] | None) -> str | None:
    """A per-belonging decision (``sell``, ``pay``): yes if ``written`` names its item, its
    id's subject; None without a list."""
    if written is None:
        return None
    item = decision.where.subject or ""
    return _yes(any(names(item, w) for w in written))


def _meeting(kind: str, entry: TradeChoice | HireChoice) -> str | None:
    """The answers Trade and Hire entries give alike: ``drinks``, ``accept``, ``insult`` and
    ``challenge``."""
    if kind == "drinks":
        return None if entry.drinks is None else _yes(entry.drinks)
    if kind == "accept":
        return None if entry.accept is None else _yes(entry.accept)
    if kind == "insult":
        return entry.insult
    if kind == "challenge":
        return entry.challenge
    return None


class Trades(PhaseEntries[TradeChoice]):
    """The scenario's trade entries by trader, and the T phases of everyone's orders."""

    key = "trade"
    activities = frozenset({ActivityKind.TRADE})
    kinds = TRADE_KINDS

    def _value(self, decision: Decision, entry: TradeChoice) -> str | None:
        kind = decision.kind
        if kind == "trade":
            if entry.cancel:
                return "cancel"
            if entry.buy_back:
                return "buy back"
            if entry.sell is not None:
                return "sell"
            return "buy" if entry.buy is not None else None
        if kind == "sell":
            return _listed(decision, entry.sell)
        if kind == "pay":
            return _listed(decision, entry.pay_with)
        if kind == "item":
            return entry.item
        if kind == "buy":
            return None if entry.buy is None else _option(decision, entry.buy)
        if kind == "boon":
            return entry.boon
        return _meeting(kind, entry)


#: The kinds of the decisions a Hire phase asks.
HIRE_KINDS = frozenset({"hire", "drinks", "accept", "boon", "insult", "challenge", "rehire"})

#: A hire entry's ``boon`` as the Hire phase's options say it (L5493).
_HIRE_BOON = {"take": "boon", "price": "price", "decline": "decline"}


class Hires(PhaseEntries[HireChoice]):
    """The scenario's hire entries by hirer, and the HR phases of everyone's orders."""

    key = "hire"
    activities = frozenset({ActivityKind.HIRE})
    kinds = HIRE_KINDS

    def _value(self, decision: Decision, entry: HireChoice) -> str | None:
        kind = decision.kind
        if kind == "hire":
            if entry.cancel:
                return "cancel"
            return "rehire" if entry.rehire is not None else None
        if kind == "boon":
            return None if entry.boon is None else _HIRE_BOON[entry.boon]
        if kind == "rehire":
            return None if entry.rehire is None else _option(decision, entry.rehire)
        return _meeting(kind, entry)
