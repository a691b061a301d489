"""The Hire activity (7.7.1): hiring natives through the Meeting Table (:mod:`rules.meeting`);
what hired natives then are and do is :mod:`rules.daylight.hirelings`."""

from __future__ import annotations

from rules.advantages import report_waiting
from rules.day.context import Ctx
from rules.orders.model import Activity


def hire(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.7.1: one Hire phase. Not built yet: reported by its rule, with the advantages that would
    act in it."""
    ctx.emit("not_implemented", rule="7.7", what="the hire activity", who=name, phase=number)
    report_waiting(ctx, name, "trade", number)
