"""What the clock brings (:class:`Timekeeper`): which campaigns are due, when each next needs a
wake-up, what a wake-up does — close a combat window whose time ran out, remind its silent
players, end an expired pause, resolve a day at its deadline, remind the players whose orders
are missing — and the start after the bot was down.

The scheduler (:mod:`bot.scheduler`) only calls :meth:`Timekeeper.wake` at the times
:meth:`Timekeeper.wake_ups` gives; every wake-up re-reads the database and does nothing when
it is stale.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial

from sqlmodel import Session, select

from bot import scope
from bot.deadlines import after_downtime
from bot.moderation import Moderation
from bot.publishing import Ended, Publisher
from bot.reminders import Reminders
from bot.render import render
from bot.resolution import Resolver
from bot.store import RequestError, Store, row_id
from bot.windows import Windows, closing_time, window_reminder_at, window_reminder_due
from db import repo
from db.models import Campaign

log = logging.getLogger(__name__)

#: What :meth:`Timekeeper._wake` answers, asked to, when the campaign's last day's reports are
#: still due: they are posted first, outside its unit of work.
LEFT_DUE = "reports left due"


class Timekeeper:
    """The wake-ups, over the ``store``: the ``windows`` close and remind combat windows, the
    ``resolver`` resolves a day or goes on with it, the ``reminders`` remind, ``moderation``
    resumes an expired pause, and the ``publisher`` posts what a resolution finished."""

    def __init__(
        self,
        store: Store,
        *,
        windows: Windows,
        resolver: Resolver,
        reminders: Reminders,
        moderation: Moderation,
        publisher: Publisher,
    ) -> None:
        self.store = store
        self.windows = windows
        self.resolver = resolver
        self.reminders = reminders
        self.moderation = moderation
        self.publisher = publisher

    def due(self) -> list[str]:
        """The running campaigns whose deadline has passed (and that are not locked)."""
        with self.store.unit() as session:
            due = repo.list_due_campaigns(session, now=self.store.clock())
            return [c.name for c in due if not c.locked]

    def wake(self, campaign_name: str, day: int) -> str:
        """:meth:`_wake`, then the reports of a day it resolved
        (:meth:`~bot.publishing.Publisher.publish_soon`, handed what the resolution's unit of
        work read of them: in the bot, its map is drawn in another process while the next
        wake-up runs); first the reports a crash left due, or the campaign's last day's still
        being drawn (posted before its next day resolves: :data:`LEFT_DUE`), and the other
        campaigns' reports whose maps are drawn (:meth:`~bot.publishing.Publisher.post_drawn`)."""
        self.publisher.post_drawn()
        ended: list[Ended] = []
        done = self._wake(campaign_name, day, left=True, ended=ended)
        if done == LEFT_DUE:
            self.publisher.publish_left(campaign_name)
            done = self._wake(campaign_name, day, ended=ended)
        if done in ("resolved", "decided by default"):
            self.publisher.publish_soon(campaign_name, *ended)
        return done

    def _wake(
        self, campaign_name: str, day: int, *, left: bool = False, ended: list[Ended] | None = None
    ) -> str:
        """What a scheduled wake-up for ``campaign_name``'s ``day`` does: take the defaults of
        decisions whose time ran out, resume an expired pause, resolve the day if it is due, or
        send the reminder; nothing if the job is stale (a double or late fire is harmless).
        Returns what it did; with ``left``, :data:`LEFT_DUE` and nothing done if the campaign's
        last day's reports are still due. A day it finished is added to ``ended``, as the unit
        read it (:meth:`~bot.publishing.Publisher.ended`).

        The check and the act are one transaction on the locked campaign, so wake-ups racing
        each other or a moderator's force resolve a day once: the others find it resolved."""
        store = self.store
        with store.unit() as session:
            try:
                campaign = store.campaign(session, campaign_name)
            except RequestError:
                return "nothing"
            if left and campaign.report_due is not None:
                return LEFT_DUE
            done = self._act(session, campaign, day)
            if ended is not None and done in ("resolved", "decided by default"):
                finished = self.publisher.ended(session, campaign, final=False)
                if finished is not None:
                    ended.append(finished)
            return done

    def _act(self, session: Session, campaign: Campaign, day: int) -> str:
        """What :meth:`_wake` does, in its unit of work, on the locked campaign."""
        store = self.store
        if campaign.day != day or campaign.locked:
            return "nothing"
        now = store.clock()
        waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
        if waiting:
            if all(d.due_at is not None and d.due_at <= now for d in waiting):
                sealed = self.windows.close(session, campaign, waiting)
                self.resolver.continue_day(session, campaign)
                self.windows.reveal(session, campaign, sealed)
                return "decided by default"
            if window_reminder_due(campaign, waiting, now):
                self.windows.remind(session, campaign, waiting)
                return "reminded"
            return "nothing"
        if campaign.status == "paused":
            if campaign.paused_until is not None and campaign.paused_until <= now:
                self.moderation.resume_in(session, campaign, None)
                return "resumed"
            return "nothing"
        if campaign.status != "running" or campaign.deadline is None:
            return "nothing"
        if campaign.deadline <= now:
            self.resolver.resolve(session, campaign)
            return "resolved"
        if self.reminders.reminder_due(session, campaign, now):
            self.reminders.remind_in(session, campaign)
            return "reminded"
        return "nothing"

    def after_downtime(self) -> list[str]:
        """At start-up: a day that became overdue while the bot was down is never resolved
        silently; the channel is told and a grace period runs first. A campaign whose stored
        settings are damaged is left to its wake-up, which refuses it by name."""
        self.publisher.publish_due()
        touched = []
        with self.store.unit() as session:
            now = self.store.clock()
            for campaign in repo.list_running_campaigns(session):
                try:
                    rules = self.store.deadline_rules(campaign)
                except RequestError as refused:
                    log.warning("no grace period: %s", refused)
                    continue
                new = after_downtime(campaign.deadline, now, rules) if campaign.deadline else None
                if new is None:
                    continue
                campaign.deadline = new
                self.store.outbox(session, campaign).channel(
                    partial(render, "messages/downtime.txt.j2", campaign=campaign)
                )
                touched.append(campaign.name)
        return touched

    def wake_ups(self) -> list[tuple[str, int, datetime]]:
        """When each campaign next needs a wake-up: (campaign, day, when) — the campaign as
        ``#<id>`` (names may repeat across servers), the deadline, the reminder before it, or
        the end of a pause. A campaign whose stored settings are damaged still wakes at its
        deadline (without its players' reminders), where the wake-up refuses it by name: it
        never keeps the others from their wake-ups. Three queries, however many campaigns:
        the scheduler asks every minute."""
        store = self.store
        wakes = []
        with store.unit() as session:
            decisions = repo.open_decisions_by_campaign(session)
            seats = repo.seats_by_campaign(session)
            for campaign in session.exec(select(Campaign)):
                ref = scope.campaign_ref(row_id(campaign))
                waiting = decisions.get(row_id(campaign), [])
                due = closing_time(waiting)
                if due is not None:
                    when = due
                    reminder = window_reminder_at(campaign, waiting)
                    if reminder is not None:
                        when = max(min(when, reminder), store.clock())
                    wakes.append((ref, campaign.day, when))
                elif campaign.status == "paused" and campaign.paused_until is not None:
                    wakes.append((ref, campaign.day, campaign.paused_until))
                elif campaign.status == "running" and campaign.deadline is not None:
                    when = campaign.deadline
                    try:
                        reminder = self.reminders.next_reminder(
                            session, campaign, seats.get(row_id(campaign), [])
                        )
                    except RequestError as refused:
                        log.warning("no reminders: %s", refused)
                        reminder = None
                    if reminder is not None:
                        when = max(min(when, reminder), store.clock())
                    wakes.append((ref, campaign.day, when))
        return wakes
