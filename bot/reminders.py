"""Reminders of missing orders, by DM, each player at his own time: a player may turn his
reminders off (``Seat.reminders``) or choose how long before the deadline he hears
(``Seat.remind_before_hours``, else the campaign's ``reminder_hours``). Each seat is reminded at
most once a day (the campaign's ``reminded_day`` and ``reminded_seats``), and only while his
orders are missing, he is not away and his character is in play. A moderator's nudge
(:meth:`Reminders.nudge`) reaches every player whose orders are missing, whatever his
setting."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial

from sqlmodel import Session

from bot.campaign_settings import CampaignSettings
from bot.demon_exchange import DemonExchanges
from bot.i18n import N_, _, later, ngettext
from bot.notifications import utc_text
from bot.render import render
from bot.store import Reply, RequestError, Store, row_id
from bot.terms import term
from bot.wording import pronouns
from db import repo
from db.models import Campaign, Seat
from rules import in_play

#: The longest lead time a player may choose, in hours (as the campaign's own).
MAX_REMIND_BEFORE = 72.0


def reminded_today(campaign: Campaign, day: int) -> set[int]:
    """The seats (ids) of ``campaign`` already reminded on ``day``."""
    return set(campaign.reminded_seats) if campaign.reminded_day == day else set()


def reminder_time(seat: Seat, deadline: datetime, settings: CampaignSettings) -> datetime | None:
    """When ``seat`` is reminded before ``deadline``, or None with his reminders off."""
    if not seat.reminders:
        return None
    hours = seat.remind_before_hours
    lead = hours if hours is not None else settings.deadlines.reminder_hours
    return deadline - timedelta(hours=lead)


class Reminders:
    """The reminders of missing orders, each player's settings for them, and the moderators'
    nudge, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def remind(self, campaign_name: str) -> Reply:
        """Tell each player whose orders are missing exactly that, and when they are due, now;
        once a day each, and never a player who turned his reminders off."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            return self.remind_in(session, campaign, due_only=False)

    def _waiting_reminders(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat] | None = None
    ) -> list[Seat]:
        """The seats still to be reminded today (reminders on, not reminded yet), of ``seats``
        (the campaign's, read when not given)."""
        done = reminded_today(campaign, campaign.day)
        if seats is None:
            seats = self.store.seats(session, campaign)
        return [s for s in seats if s.reminders and row_id(s) not in done]

    def next_reminder(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat] | None = None
    ) -> datetime | None:
        """When the next seat's reminder is due today, if any is; ``seats`` are the campaign's
        (read when not given)."""
        if campaign.deadline is None:
            return None
        settings = self.store.settings(campaign)
        times = [
            reminder_time(s, campaign.deadline, settings)
            for s in self._waiting_reminders(session, campaign, seats)
        ]
        return min((t for t in times if t is not None), default=None)

    def reminder_due(self, session: Session, campaign: Campaign, now: datetime) -> bool:
        due = self.next_reminder(session, campaign)
        return due is not None and due <= now

    def remind_in(self, session: Session, campaign: Campaign, *, due_only: bool = True) -> Reply:
        """Remind the seats whose reminder is due (all waiting ones unless ``due_only``), each
        only if his orders are missing — and of a question or answer he owes by Ask Demon
        (:meth:`bot.demon_exchange.DemonExchanges.remind`); every one of them counts as
        reminded today."""
        now = self.store.clock()
        settings = self.store.settings(campaign)
        seats = self._waiting_reminders(session, campaign)
        if due_only and campaign.deadline is not None:
            deadline = campaign.deadline
            seats = [s for s in seats if (reminder_time(s, deadline, settings) or now) <= now]
        if not seats:
            return Reply(
                _("%(campaign)s: today's reminders were sent already.")
                % {"campaign": campaign.name}
            )
        missing = self.without_orders(session, campaign, seats, now)
        for seat in missing:
            self.store.outbox(session, campaign).dm(
                seat.player,
                partial(
                    render,
                    "messages/reminder.txt.j2",
                    campaign=campaign,
                    character=seat.character,
                    standing=seat.standing_orders is not None,
                ),
            )
        DemonExchanges(self.store).remind(session, campaign, seats)
        done = reminded_today(campaign, campaign.day) | {row_id(s) for s in seats}
        campaign.reminded_day, campaign.reminded_seats = campaign.day, sorted(done)
        return Reply(_("Reminded %(count)s players.") % {"count": len(missing)})

    def without_orders(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], now: datetime
    ) -> list[Seat]:
        """Those of ``seats`` whose orders for the campaign's day are missing: in play (9.1.1,
        9.2.2), not away at ``now``, with no orders sent (the late a nudge or reminder tells)."""
        submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
        state = self.store.state(session, campaign)
        return [
            s
            for s in seats
            if row_id(s) not in submitted
            and (s.away_until is None or s.away_until <= now)
            and in_play(state, s.character)
        ]

    def nudge(self, campaign_name: str, *, moderator: str) -> Reply:
        """DM every player whose orders for today are missing (in play, not away) that they
        are, and when they are due — whatever his reminder setting, since a moderator asked.
        The channel's log says how many were nudged, not who. Refused with nobody late."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            seats = self.store.seats(session, campaign)
            late = self.without_orders(session, campaign, seats, self.store.clock())
            if not late:
                raise RequestError(
                    _(
                        "Every player of %(campaign)s has sent orders for day %(day)s: nobody "
                        "to nudge"
                    )
                    % {"campaign": campaign.name, "day": campaign.day}
                )
            if campaign.deadline is None:
                raise RequestError(
                    _("%(campaign)s has no deadline to nudge about") % {"campaign": campaign.name}
                )
            for seat in late:
                self.store.outbox(session, campaign).dm(
                    seat.player,
                    partial(
                        render,
                        "messages/nudge.txt.j2",
                        campaign=campaign,
                        character=seat.character,
                        due=utc_text(campaign.deadline),
                    ),
                )
            reminded = later(
                N_("reminded %(count)s player without orders for day %(day)s")
                if len(late) == 1
                else N_("reminded %(count)s players without orders for day %(day)s"),
                count=len(late),
                day=campaign.day,
            )
            self.store.log(session, campaign, moderator, "nudge", reminded)
            who = ", ".join(_("the %(name)s") % {"name": term(s.character)} for s in late)
            said = ngettext(
                "Nudged %(count)s player by DM: %(who)s.",
                "Nudged %(count)s players by DM: %(who)s.",
                len(late),
            )
            return Reply(said % {"count": len(late), "who": who})

    def set_reminders(self, campaign_name: str, *, player: str, on: bool) -> Reply:
        """Turn the player's reminders of missing orders on or off (a moderator's nudge still
        reaches him)."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seat = self.store.own_seat(session, campaign, player)
            seat.reminders = on
            said = (
                _("Reminders for the %(character)s in %(campaign)s: on.")
                if on
                else _(
                    "Reminders for the %(character)s in %(campaign)s: off (a moderator's nudge "
                    "still reaches you)."
                )
            )
            return Reply(said % {"character": term(seat.character), "campaign": campaign.name})

    def set_remind_before(self, campaign_name: str, *, player: str, hours: float) -> Reply:
        """How many hours before the deadline the player is reminded, from a quarter of an
        hour to :data:`MAX_REMIND_BEFORE`; it turns his reminders on."""
        if not 0.25 <= hours <= MAX_REMIND_BEFORE:
            raise RequestError(
                _("A reminder comes 0.25 to %(hours)s hours before the deadline. Nothing changed.")
                % {"hours": f"{MAX_REMIND_BEFORE:g}"}
            )
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seat = self.store.own_seat(session, campaign, player)
            seat.remind_before_hours, seat.reminders = hours, True
            return Reply(
                _(
                    "The %(character)s in %(campaign)s is reminded %(hours)s h before each "
                    "deadline when %(his)s orders are missing."
                )
                % {
                    "character": term(seat.character),
                    "campaign": campaign.name,
                    "hours": f"{hours:g}",
                    "his": pronouns(seat.character).his,
                }
            )
