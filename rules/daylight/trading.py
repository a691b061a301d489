"""The Trade activity with natives and visitors (7.6): buying and selling through the Meeting
Table (:mod:`rules.meeting`). Trades between characters are :mod:`rules.daylight.trade`
(7.2.1)."""

from __future__ import annotations

from rules.advantages import report_waiting
from rules.day.context import Ctx
from rules.orders.model import Activity


def trade(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.6: one Trade phase. Not built yet: reported by its rule, with the advantages that would
    act in it."""
    ctx.emit("not_implemented", rule="7.6", what="the trade activity", who=name, phase=number)
    report_waiting(ctx, name, "trade", number)
