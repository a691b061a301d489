"""Combat windows as the service keeps them (issue 14): which stored decisions are combat's, how
many windows a player may miss, and the DM that opens a window."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.evening_report import rounds_report
from bot.render import render
from db.models import Campaign, Seat
from rules import Resolution, visible_to
from rules.evening.windows import KEY_OF
from rules.events import Decision

#: The combat windows a character may let run out in a day before he is no longer asked: his
#: standing orders and the defaults answer for him for the rest of the day.
MISSED_WINDOWS = 2


def is_combat(ref: str) -> bool:
    """Whether a stored decision's engine id is a combat decision's
    (``d{day}/{clearing}/r{round}/...``)."""
    parts = ref.split("/")
    return len(parts) >= 5 and parts[2].startswith("r") and parts[2][1:].isdigit()


def window_message(
    campaign: Campaign,
    character: str,
    window: str,
    due: datetime,
    brief: Sequence[str],
    decisions: Sequence[Decision],
) -> str:
    """The DM that opens ``window`` for ``character``: what he needs to know, each decision
    with its options and default, and how to answer."""
    return render(
        "messages/combat_window.txt.j2",
        campaign=campaign,
        character=character,
        window=window,
        due=due,
        brief=brief,
        decisions=decisions,
        keys=KEY_OF,
    )


def round_reports(resolution: Resolution, seats: Sequence[Seat]) -> list[tuple[str, str]]:
    """The combat rounds a resolution finished, for the fight's players by DM before their next
    window (issue 14): (player, report) for each seat whose character takes part in the fight
    now waiting or has a decision in it, each seeing only what his character may."""
    evening = resolution.state.today.evening
    combat = evening.combat if evening is not None else None
    fighting = set(combat.participants) if combat is not None else set()
    fighting |= {d.character for d in resolution.pending}
    reports = []
    for seat in seats:
        if seat.character not in fighting:
            continue
        text = rounds_report(visible_to(resolution.events, seat.character))
        if text is not None:
            reports.append((seat.player, text))
    return reports
