"""What a Curse forbids in Daylight (4.6.8a.2): a character with **Eyemist** cannot Search on any
table, the Peer Table included — the Enhanced Peer activity he may do; with **Ill Health** he
cannot Rest; with **Squeak** he cannot Hide. He may record the activity, which is cancelled if
the Curse is still on him when he does it. Curses touch characters only (a.1)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.orders.model import Activity, ActivityKind

#: The activity each Daylight Curse forbids, as the Curses Table prints it.
FORBIDS = {
    "Eyemist": ActivityKind.SEARCH,
    "Ill Health": ActivityKind.REST,
    "Squeak": ActivityKind.HIDE,
}


def forbidden(ctx: Ctx, name: str, activity: Activity) -> str | None:
    """Why his Curse cancels ``activity`` (4.6.8a.2), or None."""
    if not ctx.is_character(name):
        return None
    for curse in ctx.sheet(name).curses:
        if FORBIDS.get(curse) is activity.kind:
            return f"his {curse} Curse forbids it (4.6.8a.2)"
    return None
