"""A stand-in for the engine's ``resolve`` in tests of the scenario runner: it asks the n-th list
of decisions at its n-th call and records the answers it was given."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.catalog import Catalog
from rules.events import Decision, Resolution
from rules.orders.model import Orders
from rules.state import GameState


class AskingResolve:
    """A resolve that asks the n-th list of decisions at the n-th call, and records the answers
    it was given."""

    def __init__(self, asks: Sequence[Sequence[Decision]]) -> None:
        self.asks = [list(step) for step in asks]
        self.answers: list[dict[str, str]] = []

    def __call__(
        self,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str] | None = None,
        *,
        catalog: Catalog | None = None,
        until: str = "day",
    ) -> Resolution:
        self.answers.append(dict(answers or {}))
        step = len(self.answers) - 1
        pending = self.asks[step] if step < len(self.asks) else []
        return Resolution(state=state, events=[], pending=pending)
