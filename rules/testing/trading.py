"""Trade and Hire decisions answered from a scenario's ``choices.<trader>.trade`` and
``choices.<hirer>.hire`` (SCENARIOS.md Part 2, "Choices"; the entries' forms are
:class:`~rules.testing.format.TradeChoice` and :class:`~rules.testing.format.HireChoice`).

The Hire phase (7.7.1, :mod:`rules.daylight.hiring`) asks ``drinks``, ``accept``, ``boon``
(price, boon or decline), ``insult``, ``challenge`` and ``rehire`` the same way: the k-th HR
phase takes his k-th hire entry (:class:`Hires`).

The engine asks the decisions of a Trade phase (7.6, :mod:`rules.daylight.trading`) under ids
``d{game day}/{whose turn}/p{phase}/{kind}/{who}``: ``trade`` (buy, sell or cancel), ``sell``
(one per belonging, its id's kind ``sell <item>``), ``buy``, ``drinks``, ``accept``, ``boon``,
``insult`` and ``challenge``. The k-th T phase of the orders of the individual whose turn it is
takes his k-th entry, as searches do (:mod:`rules.testing.search`). A key the entry does not
give leaves its decision to the rest of the runner (the character's ``answers``, else the
default). An answer that is not among the decision's options makes the scenario malformed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.events import Decision
from rules.orders.model import ActivityKind, Orders
from rules.testing.format import HireChoice, ScenarioError, TradeChoice
from rules.testing.search import read_phase_id

#: The kinds of the decisions a Trade phase asks.
TRADE_KINDS = frozenset({"trade", "sell", "buy", "drinks", "accept", "boon", "insult", "challenge"})


def trade_phases(orders: Orders) -> list[int]:
    """The numbers (1-based) of the T phases of ``orders``; none when he follows."""
    if orders.follow is not None:
        return []
    return [n for n, p in enumerate(orders.phases, start=1) if p.kind is ActivityKind.TRADE]


def names(item: str, written: str) -> bool:
    """Whether ``written`` names the piece ``item``: its id, or its name without the number."""
    if item == written:
        return True
    base, _, number = item.rpartition(" ")
    return number.isdigit() and base == written


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


class Trades:
    """The scenario's trade entries by trader, and the T phases of everyone's orders."""

    def __init__(
        self, entries: Mapping[str, Sequence[TradeChoice]], orders: Mapping[str, Orders]
    ) -> None:
        self.entries = {name: list(listed) for name, listed in entries.items()}
        self.phases = {name: trade_phases(own) for name, own in orders.items()}

    def answer(self, decision: Decision) -> str | None:
        """The entry's answer to ``decision``, or None when it is no trade decision or his
        entry does not give it."""
        where = read_phase_id(decision.id)
        if where is None or decision.kind not in TRADE_KINDS:
            return None
        numbers = self.phases.get(where.turn, [])
        if where.phase not in numbers:
            return None
        index = numbers.index(where.phase)
        listed = self.entries.get(where.turn, [])
        if index >= len(listed):
            return None
        entry = listed[index]
        value = self._value(decision, entry)
        if value is None:
            return None
        if value not in decision.options:
            raise ScenarioError(
                f"choices.{where.turn}.trade[{index}].{decision.kind}",
                f"{value!r} is not among the options of {decision.prompt!r}: "
                f"{', '.join(decision.options)}",
            )
        return value

    @staticmethod
    def _value(decision: Decision, entry: TradeChoice) -> str | None:
        kind = decision.kind
        if kind == "trade":
            if entry.cancel:
                return "cancel"
            if entry.sell is not None:
                return "sell"
            return "buy" if entry.buy is not None else None
        if kind == "sell":
            if entry.sell is None:
                return None
            item = decision.id.split("/")[3].removeprefix("sell ")
            return _yes(any(names(item, written) for written in entry.sell))
        if kind == "buy":
            if entry.buy is None:
                return None
            found = [o for o in decision.options if names(o, entry.buy)]
            return found[0] if found else entry.buy
        if kind == "drinks":
            return None if entry.drinks is None else _yes(entry.drinks)
        if kind == "accept":
            return None if entry.accept is None else _yes(entry.accept)
        if kind == "boon":
            return entry.boon
        if kind == "insult":
            return entry.insult
        if kind == "challenge":
            return entry.challenge
        return None


#: The kinds of the decisions a Hire phase asks.
HIRE_KINDS = frozenset({"drinks", "accept", "boon", "insult", "challenge", "rehire"})

#: A hire entry's ``boon`` as the Hire phase's options say it (L5493).
_HIRE_BOON = {"take": "boon", "price": "price", "decline": "decline"}


class Hires:
    """The scenario's hire entries by hirer, and the HR phases of everyone's orders."""

    def __init__(
        self, entries: Mapping[str, Sequence[HireChoice]], orders: Mapping[str, Orders]
    ) -> None:
        self.entries = {name: list(listed) for name, listed in entries.items()}
        self.phases = {
            name: []
            if own.follow is not None
            else [n for n, p in enumerate(own.phases, start=1) if p.kind is ActivityKind.HIRE]
            for name, own in orders.items()
        }

    def answer(self, decision: Decision) -> str | None:
        """The entry's answer to ``decision``, or None when it is no hire decision or his entry
        does not give it."""
        where = read_phase_id(decision.id)
        if where is None or decision.kind not in HIRE_KINDS:
            return None
        numbers = self.phases.get(where.turn, [])
        if where.phase not in numbers:
            return None
        index = numbers.index(where.phase)
        listed = self.entries.get(where.turn, [])
        if index >= len(listed):
            return None
        value = self._value(decision, listed[index])
        if value is not None and value not in decision.options:
            raise ScenarioError(
                f"choices.{where.turn}.hire[{index}].{decision.kind}",
                f"{value!r} is not among the options of {decision.prompt!r}: "
                f"{', '.join(decision.options)}",
            )
        return value

    @staticmethod
    def _value(decision: Decision, entry: HireChoice) -> str | None:
        kind = decision.kind
        if kind == "drinks":
            return None if entry.drinks is None else _yes(entry.drinks)
        if kind == "accept":
            return None if entry.accept is None else _yes(entry.accept)
        if kind == "boon":
            return None if entry.boon is None else _HIRE_BOON[entry.boon]
        if kind == "insult":
            return entry.insult
        if kind == "challenge":
            return entry.challenge
        if kind == "rehire" and entry.rehire is not None:
            found = [o for o in decision.options if names(o, entry.rehire)]
            return found[0] if found else entry.rehire
        return None
