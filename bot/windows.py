"""Combat windows as the service keeps them (issue 14): which stored decisions are combat's, how
many windows a player may miss, and the DM that opens a window."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.campaign_settings import CampaignSettings
from bot.evening_report import rounds_report
from bot.render import render
from db.models import Campaign, PendingDecision, Seat
from rules import Resolution, visible_to
from rules.evening.windows import KEY_OF
from rules.events import Decision

#: The combat windows a character may let run out in a day before he is no longer asked: his
#: standing orders and the defaults answer for him for the rest of the day.
MISSED_WINDOWS = 2


#: How long before a combat window closes its silent players are reminded, at most a quarter
#: of the window.
WINDOW_REMINDER = timedelta(hours=1)


def window_reminder_at(
    settings: CampaignSettings, waiting: Sequence[PendingDecision]
) -> datetime | None:
    """When the silent players of the open combat window are reminded; None if they have
    been, or if no combat window is open."""
    combat = [d for d in waiting if is_combat(d.ref) and d.due_at is not None]
    if not combat:
        return None
    due = max(d.due_at for d in combat if d.due_at is not None)
    if settings.window_reminded == due.isoformat():
        return None
    asked = min(d.asked_at for d in combat)
    return due - min(WINDOW_REMINDER, (due - asked) / 4)


def window_reminder_due(
    settings: CampaignSettings, waiting: Sequence[PendingDecision], now: datetime
) -> bool:
    reminder = window_reminder_at(settings, waiting)
    return reminder is not None and reminder <= now


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
