"""Reminders of missing orders, by DM, each player at his own time: a player may turn his
reminders off (``Seat.reminders``) or choose how long before the deadline he hears
(``Seat.remind_before_hours``, else the campaign's ``reminder_hours``). Each seat is reminded at
most once a day (the campaign's ``reminded_day`` and ``reminded_seats``), and only while his
orders are missing, he is not away and his character is in play."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session

from bot.campaign_settings import CampaignSettings
from bot.campaigns import CampaignBase, Reply, RequestError, row_id
from bot.render import render
from db.engine import session_scope
from db.models import Campaign, Seat

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


class Reminders(CampaignBase):
    """The reminders of missing orders, and each player's settings for them."""

    def remind(self, campaign_name: str) -> Reply:
        """Tell each player whose orders are missing exactly that, and when they are due, now;
        once a day each, and never a player who turned his reminders off."""
        with session_scope(self.engine) as session:
            return self._remind(session, self._campaign(session, campaign_name), due_only=False)

    def _waiting_reminders(self, session: Session, campaign: Campaign) -> list[Seat]:
        """The seats still to be reminded today (reminders on, not reminded yet)."""
        done = reminded_today(campaign, campaign.day)
        return [s for s in self._seats(session, campaign) if s.reminders and row_id(s) not in done]

    def _next_reminder(self, session: Session, campaign: Campaign) -> datetime | None:
        """When the next seat's reminder is due today, if any is."""
        if campaign.deadline is None:
            return None
        settings = self._settings(campaign)
        times = [
            reminder_time(s, campaign.deadline, settings)
            for s in self._waiting_reminders(session, campaign)
        ]
        return min((t for t in times if t is not None), default=None)

    def _reminder_due(self, session: Session, campaign: Campaign, now: datetime) -> bool:
        due = self._next_reminder(session, campaign)
        return due is not None and due <= now

    def _remind(self, session: Session, campaign: Campaign, *, due_only: bool = True) -> Reply:
        """Remind the seats whose reminder is due (all waiting ones unless ``due_only``), each
        only if his orders are missing; every one of them counts as reminded today."""
        now = self.clock()
        settings = self._settings(campaign)
        seats = self._waiting_reminders(session, campaign)
        if due_only and campaign.deadline is not None:
            deadline = campaign.deadline
            seats = [s for s in seats if (reminder_time(s, deadline, settings) or now) <= now]
        if not seats:
            return Reply(f"{campaign.name}: today's reminders were sent already.")
        missing = self._without_orders(session, campaign, seats, now)
        for seat in missing:
            self._outbox(session, campaign).dm(
                seat.player,
                render(
                    "messages/reminder.txt.j2",
                    campaign=campaign,
                    character=seat.character,
                    standing=seat.standing_orders is not None,
                ),
            )
        done = reminded_today(campaign, campaign.day) | {row_id(s) for s in seats}
        campaign.reminded_day, campaign.reminded_seats = campaign.day, sorted(done)
        return Reply(f"Reminded {len(missing)} players.")

    def set_reminders(self, campaign_name: str, *, player: str, on: bool) -> Reply:
        """Turn the player's reminders of missing orders on or off (a moderator's nudge still
        reaches him)."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            seat = self._own_seat(session, campaign, player)
            seat.reminders = on
            state = "on" if on else "off (a moderator's nudge still reaches you)"
            return Reply(f"Reminders for the {seat.character} in {campaign.name}: {state}.")

    def set_remind_before(self, campaign_name: str, *, player: str, hours: float) -> Reply:
        """How many hours before the deadline the player is reminded, from a quarter of an
        hour to :data:`MAX_REMIND_BEFORE`; it turns his reminders on."""
        if not 0.25 <= hours <= MAX_REMIND_BEFORE:
            raise RequestError(
                f"a reminder comes 0.25 to {MAX_REMIND_BEFORE:g} hours before the deadline. "
                "Nothing changed."
            )
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            seat = self._own_seat(session, campaign, player)
            seat.remind_before_hours, seat.reminders = hours, True
            return Reply(
                f"The {seat.character} in {campaign.name} is reminded {hours:g} h before each "
                "deadline when his orders are missing."
            )
