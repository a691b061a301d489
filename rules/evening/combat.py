"""The Evening's combat (section 8), as a step of the day: not implemented yet, and said so."""

from __future__ import annotations

from rules.day.context import Ctx


def evening(ctx: Ctx) -> None:
    """8: combat in each clearing — a later issue; reported loudly, never skipped."""
    ctx.emit("not_implemented", rule="8", what="Evening combat")
    ctx.today.stage = "midnight"
