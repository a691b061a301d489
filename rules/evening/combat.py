"""The Evening's combat (section 8), as a step of the day: not implemented yet, and said so."""

from __future__ import annotations

from rules.advantages import report_waiting
from rules.day.context import Ctx


def evening(ctx: Ctx) -> None:
    """8: combat in each clearing — a later issue; reported loudly, never skipped, with the
    combat-time Special Advantages of each character on the map."""
    ctx.emit("not_implemented", rule="8", what="Evening combat")
    for name in ctx.state.characters:
        if ctx.where(name) is not None:
            report_waiting(ctx, name, "combat")
    ctx.today.stage = "midnight"
