"""Spells found by searching (7.5.6 Reading Runes, 7.5.7e Magic Sight's Perceive spell) and the
Curse a Reading Runes roll can bring (L5557)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.day.context import Ctx
from rules.schema.tables import Result

if TYPE_CHECKING:
    from rules.daylight.search import Search


def runes_problem(ctx: Ctx, current: Search) -> str | None:
    """Why he may not read runes on what he names, or None (7.5.6)."""
    return None


def read(ctx: Ctx, current: Search, result: Result) -> None:
    """Learn and awaken, or awaken (7.5.6c)."""
    ctx.emit("not_implemented", rule="7.5.6", what="Reading Runes", who=current.who)


def curse(ctx: Ctx, current: Search, result: Result) -> None:
    """Curse! (L5557): he rolls on the Curses Table."""
    ctx.emit("not_implemented", rule="7.5.6", what="the Curse of Reading Runes", who=current.who)


def perceive(ctx: Ctx, current: Search, result: Result) -> None:
    """Perceive spell (7.5.7c, e)."""
    ctx.emit("not_implemented", rule="7.5.7e", what="Magic Sight's Perceive spell", who=current.who)
