"""What a player is sent by DM when a day is resolved: only what is his — the day's events that
he may see and the public may not (:meth:`rules.events.Event.visible_to`) — with a pointer to
the report in the channel, which holds everything public and is posted once, there.

A player with nothing of his own that day still gets one short line: it tells him the day was
resolved and its report is out, which is the notice a play-by-email player waits for (the next
day's orders are open), without repeating what the channel shows."""

from __future__ import annotations

from collections.abc import Sequence

from bot.event_text import describe
from bot.render import render
from rules import PUBLIC
from rules.events import Event
from rules.events.day import DayStarted


def own_events(events: Sequence[Event], character: str) -> list[Event]:
    """The events ``character`` may see and the public may not, in their order."""
    return [e for e in events if not e.visible_to(PUBLIC) and e.visible_to(character)]


def own_report(events: Sequence[Event], character: str, campaign: str) -> str:
    """The DM for ``character`` after a day of ``campaign``: a header naming the day (as the
    channel's report does, "Day N, Month M"), his own lines, and the pointer to the channel."""
    started = next((e for e in events if isinstance(e, DayStarted)), None)
    return render(
        "reports/own.txt.j2",
        campaign=campaign,
        character=character,
        day=started.day if started is not None else "?",
        month=started.month if started is not None else "?",
        lines=[describe(e) for e in own_events(events, character)],
    )
