"""Looting (7.5.5): treasure sites and piles of abandoned belongings, and Magic Sight's Counters
and Treasure cards (7.5.7d)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.day.context import Ctx
from rules.schema.tables import Result

if TYPE_CHECKING:
    from rules.daylight.search import Search


def loot_problem(ctx: Ctx, current: Search) -> str | None:
    """Why he may not loot what he names, or None (7.5.5b)."""
    return None


def loot(ctx: Ctx, current: Search, result: Result) -> None:
    """Take the nth item from the top of the pile (7.5.5c)."""
    ctx.emit("not_implemented", rule="7.5.5", what="looting", who=current.who)


def magic_sight_take(ctx: Ctx, current: Search, result: Result) -> None:
    """Counters and Treasure cards on the Magic Sight Table (7.5.7c–d)."""
    ctx.emit("not_implemented", rule="7.5.7d", what="Magic Sight's taking", who=current.who)
