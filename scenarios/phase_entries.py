"""A scenario's per-phase entries — ``choices.<who>.search``, ``.trade`` and ``.hire`` — and
the decisions of the phases they answer (SCENARIOS.md Part 2, "Choices").

The engine asks a phase's decisions under ids ``d{game day}/{whose turn}/p{phase}/{kind}/{who}``
(:class:`rules.decisions.ids.TurnId`). The k-th phase of the entries' activities in the
orders of the individual whose turn it is takes his k-th entry; a decision his entry does not
answer is left to the rest of the runner. An answer that is not among the decision's options
makes the scenario malformed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

from rules.decisions import TurnId
from rules.events import Decision
from rules.orders.model import ActivityKind, Orders
from scenarios.format import ScenarioError
from scenarios.matching import word

Entry = TypeVar("Entry")


def activity_phases(orders: Orders, kinds: Collection[ActivityKind]) -> list[int]:
    """The numbers (1-based) of the phases of ``orders`` whose activity is one of ``kinds``;
    none when he follows."""
    if orders.follow is not None:
        return []
    return [n for n, phase in enumerate(orders.phases, start=1) if phase.kind in kinds]


class PhaseEntries(ABC, Generic[Entry]):
    """The scenario's entries of one key by individual, and the phases of everyone's orders
    they answer. Subclasses name the key, the activities and the decision kinds, and read an
    entry's answer to one decision (:meth:`_value`)."""

    #: The key under ``choices.<who>`` that holds the entries.
    key: ClassVar[str]
    #: The activities whose phases take the entries, in order.
    activities: ClassVar[frozenset[ActivityKind]]
    #: The kinds of the decisions the entries answer.
    kinds: ClassVar[Collection[str]]

    def __init__(self, entries: Mapping[str, Sequence[Entry]], orders: Mapping[str, Orders]):
        self.entries = {name: list(listed) for name, listed in entries.items()}
        self.phases = {name: activity_phases(own, self.activities) for name, own in orders.items()}

    def answer(self, decision: Decision) -> str | None:
        """The entry's answer to ``decision``, or None when it is none of the entries'
        decisions or his entry for the phase — if any — does not give it. Raises
        :class:`ScenarioError` for an answer that is not one of the decision's options."""
        where = decision.where
        if not isinstance(where, TurnId) or decision.kind not in self.kinds:
            return None
        numbers = self.phases.get(where.turn, [])
        if where.phase not in numbers:
            return None
        index = numbers.index(where.phase)
        listed = self.entries.get(where.turn, [])
        if index >= len(listed):
            return None
        value = self._value(decision, listed[index])
        if value is None:
            return None
        if value not in decision.options:
            raise ScenarioError(
                f"choices.{where.turn}.{self.key}[{index}].{self._field(decision)}",
                f"{value!r} is not among the options of {word(decision.prompt)!r}: "
                f"{', '.join(decision.options)}",
            )
        return value

    def _field(self, decision: Decision) -> str:
        """The entry's field that answers ``decision``, as an error names it."""
        return decision.kind

    @abstractmethod
    def _value(self, decision: Decision, entry: Entry) -> str | None:
        """``entry``'s answer to ``decision``; None when it gives none."""
