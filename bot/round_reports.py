"""The combat rounds a resolution reveals, told to their fighters by DM between windows (issue
14; issue 32: at the head of each player's next window), each round whole (issue 34)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlmodel import Session

from bot.evening_report import rounds_report
from bot.i18n import Language, current, speaking
from bot.store import row_id
from db import event_log
from db.models import Campaign, Seat
from rules import Resolution, visible_to
from rules.events import Event
from rules.events.evening import Played


def events_before(session: Session, campaign: Campaign, resolution: Resolution) -> list[Event]:
    """The day's events stored before ``resolution``'s — which are stored just before it asks
    (:meth:`bot.resolution.Resolver.go_on`), its rolls' log last —, read only when it reveals a
    combat round (:func:`round_reports`)."""
    if not any(isinstance(e, Played) for e in resolution.events):
        return []
    day = event_log.day_events(session, campaign_id=row_id(campaign), day=campaign.day)
    return day[: max(0, len(day) - len(resolution.events_with_rolls()))]


def round_reports(
    resolution: Resolution,
    seats: Sequence[Seat],
    earlier: Sequence[Event] = (),
    language: Callable[[str], Language] | None = None,
) -> list[tuple[str, str]]:
    """The combat rounds a resolution finished, for the fight's players by DM before their next
    window (issue 14): (player, report) for each seat whose character takes part in the fight
    now waiting or has a decision in it, each seeing only what his character may. ``earlier``:
    the day's events before the resolution's, so that a round begun before the last stop — its
    lures and assignments before the encounter window, its Encounter before a caster is asked
    his targets again (issue 34) — is told whole. Each report is said in its player's
    ``language`` (:meth:`bot.outbox_writer.Outbox.language`; the language spoken now when not
    given)."""
    revealed = {(e.at, e.round) for e in resolution.events if isinstance(e, Played)}
    events = [*earlier, *resolution.events]
    evening = resolution.state.today.evening
    fights = evening.in_progress() if evening is not None else []
    fighting = {who for combat in fights for who in combat.participants}
    fighting |= {d.character for d in resolution.pending}
    reports = []
    for seat in seats:
        if seat.character not in fighting:
            continue
        with speaking(current() if language is None else language(seat.player)):
            text = rounds_report(visible_to(events, seat.character), revealed)
        if text is not None:
            reports.append((seat.player, text))
    return reports
