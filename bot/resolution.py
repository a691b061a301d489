"""Resolving a campaign's days: wake-ups and deadlines, a day resolved exactly once, mid-day
decisions asked and answered, reminders, and the day's reports posted after the commit.

This is the part of the service the Evening's combat will grow.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlmodel import Session, select

from bot import archive, scope
from bot.campaigns import (
    Reply,
    RequestError,
    row_id,
)
from bot.deadlines import after_downtime, next_deadline
from bot.final_report import final_report
from bot.maps import map_file_name, render_map
from bot.notifications import announce_deadline, day_opened, restart_clock
from bot.own_report import own_report
from bot.reminders import Reminders
from bot.render import render
from bot.reports import day_report
from bot.windows import (
    BEFORE_EVENING,
    EVENING,
    Windows,
    closing_time,
    window_reminder_at,
    window_reminder_due,
)
from db import repo, rewind
from db.engine import session_scope
from db.models import Campaign, Seat, Snapshot
from rules import (
    PUBLIC,
    GameState,
    ParseResult,
    Resolution,
    autopilot_orders,
    parse_standing,
    resolve,
    view_for,
)
from rules.day.leaving import in_play
from rules.decisions import is_combat_id
from rules.orders.model import Orders
from rules.orders.reader import Problem


class Resolver(Windows, Reminders):
    """Resolving days, on the shared core (:class:`bot.campaigns.CampaignBase`)."""

    def due(self) -> list[str]:
        """The running campaigns whose deadline has passed (and that are not locked)."""
        with session_scope(self.engine) as session:
            due = repo.list_due_campaigns(session, now=self.clock())
            return [c.name for c in due if not c.locked]

    def wake(self, campaign_name: str, day: int) -> str:
        """:meth:`_wake`, then the reports of a day it resolved (:meth:`publish`); first the
        reports a crash left due (:meth:`_publish_left`)."""
        self._publish_left(campaign_name)
        done = self._wake(campaign_name, day)
        if done in ("resolved", "decided by default"):
            self.publish(campaign_name)
        return done

    def _wake(self, campaign_name: str, day: int) -> str:
        """What a scheduled wake-up for ``campaign_name``'s ``day`` does: take the defaults of
        decisions whose time ran out, resume an expired pause, resolve the day if it is due, or
        send the reminder; nothing if the job is stale (a double or late fire is harmless).
        Returns what it did.

        The check and the act are one transaction on the locked campaign, so wake-ups racing
        each other or a moderator's force resolve a day once: the others find it resolved."""
        with session_scope(self.engine) as session:
            try:
                campaign = self._campaign(session, campaign_name)
            except RequestError:
                return "nothing"
            if campaign.day != day or campaign.locked:
                return "nothing"
            now = self.clock()
            waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
            if waiting:
                if all(d.due_at is not None and d.due_at <= now for d in waiting):
                    self._close_window(session, campaign, waiting)
                    return "decided by default"
                if window_reminder_due(self._settings(campaign), waiting, now):
                    self._remind_window(session, campaign, waiting)
                    return "reminded"
                return "nothing"
            if campaign.status == "paused":
                if campaign.paused_until is not None and campaign.paused_until <= now:
                    self._resume(session, campaign, None)
                    return "resumed"
                return "nothing"
            if campaign.status != "running" or campaign.deadline is None:
                return "nothing"
            if campaign.deadline <= now:
                self._resolve(session, campaign)
                return "resolved"
            if self._reminder_due(session, campaign, now):
                self._remind(session, campaign)
                return "reminded"
            return "nothing"

    def after_downtime(self) -> list[str]:
        """At start-up: a day that became overdue while the bot was down is never resolved
        silently; the channel is told and a grace period runs first."""
        self.publish_due()
        touched = []
        with session_scope(self.engine) as session:
            now = self.clock()
            for campaign in repo.list_running_campaigns(session):
                rules = self._rules(campaign)
                new = after_downtime(campaign.deadline, now, rules) if campaign.deadline else None
                if new is None:
                    continue
                campaign.deadline = new
                self._outbox(session, campaign).channel(
                    render("messages/downtime.txt.j2", campaign=campaign)
                )
                touched.append(campaign.name)
        return touched

    def wake_ups(self) -> list[tuple[str, int, datetime]]:
        """When each campaign next needs a wake-up: (campaign, day, when) — the campaign as
        ``#<id>`` (names may repeat across servers), the deadline, the reminder before it, or
        the end of a pause."""
        wakes = []
        with session_scope(self.engine) as session:
            for campaign in session.exec(select(Campaign)):
                waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
                due = closing_time(waiting)
                if due is not None:
                    when = due
                    reminder = window_reminder_at(self._settings(campaign), waiting)
                    if reminder is not None:
                        when = max(min(when, reminder), self.clock())
                    wakes.append((scope.campaign_ref(row_id(campaign)), campaign.day, when))
                elif campaign.status == "paused" and campaign.paused_until is not None:
                    wakes.append(
                        (scope.campaign_ref(row_id(campaign)), campaign.day, campaign.paused_until)
                    )
                elif campaign.status == "running" and campaign.deadline is not None:
                    when = campaign.deadline
                    reminder = self._next_reminder(session, campaign)
                    if reminder is not None:
                        when = max(min(when, reminder), self.clock())
                    wakes.append((scope.campaign_ref(row_id(campaign)), campaign.day, when))
        return wakes

    def resolve_day(self, campaign_name: str, *, day: int, moderator: str | None = None) -> Reply:
        """Resolve ``day``, which must be the campaign's current day: a moderator's force and
        the local command name the day they mean, so that re-running one after a crash never
        resolves the next day by surprise, and of racers only one resolves it.

        Every seat's orders are used (his latest, else his standing orders, else the autopilot
        once he has missed enough days, else a blank day); then the public report and map and
        each player's private report are posted, and the next day opens. When the campaign
        waits for decisions and the engine needs one, the players concerned are asked by DM and
        the day resumes once they answer or their time runs out."""
        self._publish_left(campaign_name)
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if moderator is not None:
                self._require_moderator(campaign, moderator)
            if campaign.day > day:
                raise RequestError(
                    f"day {day} of {campaign.name} is already resolved; it is day {campaign.day}"
                )
            if campaign.day != day:
                raise RequestError(f"{campaign.name} is on day {campaign.day}, not day {day}")
            reply = self._resolve(session, campaign)
            if moderator is not None:
                self._log(session, campaign, moderator, "force", f"resolved day {day}")
        self.publish(campaign_name)
        return reply

    def _resolve(self, session: Session, campaign: Campaign) -> Reply:
        """Resolve the campaign's current day (see :meth:`resolve_day`), in the caller's
        transaction, on the locked campaign."""
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}, not running")
        if repo.open_decisions(session, campaign_id=row_id(campaign)):
            raise RequestError(f"{campaign.name} is waiting for players' decisions")
        seats = self._seats(session, campaign)
        return self._advance(session, campaign, seats, self._resolution(session, campaign, seats))

    def answer(self, campaign_name: str, *, player: str, answer: str) -> Reply:
        """The player's answer to the decision he was asked; the day resumes once every open
        decision is answered."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            waiting = repo.open_decisions(
                session, campaign_id=row_id(campaign), character=seat.character
            )
            waiting = [d for d in waiting if not is_combat_id(d.ref)]
            if not waiting:
                raise RequestError(
                    f"the {seat.character} has no decision to make now (in a combat window, "
                    "answer with a DM starting `plays`)"
                )
            decision = waiting[0]
            wanted = answer.strip().casefold()
            chosen = next((o for o in decision.options if o.casefold() == wanted), None)
            if chosen is None:
                raise RequestError(
                    f"{answer.strip()[:60]!r} is not one of: {', '.join(decision.options)}"
                )
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=chosen)
            if repo.open_decisions(session, campaign_id=row_id(campaign)):
                return Reply(f"Answer recorded: {chosen}. Waiting for the other players.")
            self._continue(session, campaign)
        self.publish(campaign_name)
        return Reply(f"Answer recorded: {chosen}. The day goes on.")

    def open_decision(self, campaign_name: str, *, player: str) -> tuple[str, ...] | None:
        """The options of the decision the player must make now, or None."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            seat = self._player_seat(session, campaign, player)
            if seat is None:
                return None
            waiting = repo.open_decisions(
                session, campaign_id=row_id(campaign), character=seat.character
            )
            return tuple(waiting[0].options) if waiting else None

    def _continue(self, session: Session, campaign: Campaign) -> Reply:
        """Resume the day where it stopped, with every decision of the day answered (see
        :meth:`_answers`)."""
        state = self._game(session, campaign)
        settings = self._settings(campaign)
        answers = self._answers(session, campaign)
        late = frozenset(settings.defaulted if settings.missed_day == campaign.day else ())
        resolution = self._run(session, campaign, state, {}, answers, late)
        return self._advance(session, campaign, self._seats(session, campaign), resolution)

    def _run(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str],
        defaulted: frozenset[str] = frozenset(),
    ) -> Resolution:
        """The day resolved from ``state``, which it takes over (:func:`rules.resolve` in
        place). On its way into the
        Evening it stops once to save the Evening's start, a point a moderator may roll combat
        back to (:meth:`bot.plays.Plays.rollback_combat`): the day's events so far are stored
        then, and the resolution returned holds the others."""
        if state.today.stage in BEFORE_EVENING:
            first = resolve(
                state,
                orders,
                answers,
                catalog=self.catalog,
                until="sunset",
                defaulted=defaulted,
                in_place=True,
            )
            if first.pending or first.state.today.stage != "evening":
                return first
            events = first.events_with_rolls()
            repo.save_events(session, campaign_id=row_id(campaign), day=campaign.day, events=events)
            self._snapshot(session, campaign, first.state, "evening", points=[EVENING])
            state, orders = first.state, {}
        return resolve(
            state, orders, answers, catalog=self.catalog, defaulted=defaulted, in_place=True
        )

    def _game(self, session: Session, campaign: Campaign) -> GameState:
        """The latest snapshot's game, with the engine options the settings give now (a
        moderator may have changed them since it was saved)."""
        state = self._state(session, campaign)
        state.options.update(self._settings(campaign).engine_options())
        return state

    def _answers(self, session: Session, campaign: Campaign) -> dict[str, str]:
        """The answers to the decisions asked on the campaign's day, by the engine's decision
        id; a decision not answered (yet) counts with its default."""
        decisions = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        return {d.ref: d.answer or d.default for d in decisions}

    def _advance(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], resolution: Resolution
    ) -> Reply:
        """Store what a resolution produced; ask for decisions, or finish the day, which keeps
        its ``end`` snapshot alone (:func:`db.rewind.forget_day`).

        A finished day's reports are not written here: the day is marked ``report_due`` and
        :meth:`publish` posts them once this transaction has committed, so that drawing the map
        never holds the write lock."""
        new = resolution.state
        events = resolution.events_with_rolls()  # the rolls too, for the moderators
        repo.save_events(session, campaign_id=row_id(campaign), day=campaign.day, events=events)
        if resolution.pending:
            return self._ask(session, campaign, seats, resolution)
        for seat in seats:
            seat.ready = False
        resolved = campaign.day
        finished = new.today.stage == "over"
        end = self._snapshot(session, campaign, new, "end")
        rewind.forget_day(session, campaign_id=row_id(campaign), day=resolved)
        settings = self._settings(campaign)
        update = {"report_due": resolved, "report_snapshot": end.id}
        campaign.options = settings.model_copy(update=update).stored()
        campaign.extensions_used = 0
        campaign.day = new.game_day  # game days: day 1 of month 2 is 29 (10.E.2)
        campaign.status = "finished" if finished else "running"
        campaign.deadline = None if finished else next_deadline(self.clock(), self._rules(campaign))
        return Reply(f"{campaign.name}: day {resolved} resolved.")

    def publish(self, campaign_name: str) -> bool:
        """Post the reports of the campaign's resolved day that wait for it (``report_due``):
        the public report with its map to the channel, once; each player by DM only what is his
        (:mod:`bot.own_report`), the next day's deadline in the channel, and the end of the
        campaign after its last day. The map is drawn outside any transaction; the
        posting is one transaction that first checks the reports are still due, so they are
        posted once, whoever calls this and however often (after each resolution, at start-up,
        and at every resync of the wake-ups). Returns whether it posted."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            ref = scope.campaign_ref(row_id(campaign))
            waiting = self._settings(campaign)
            due = waiting.report_due
            if due is None:
                return False
            snapshot = session.get(Snapshot, waiting.report_snapshot)
            assert snapshot is not None, "a resolved day keeps its end snapshot"
            state = GameState.from_json(snapshot.state)
            over = state.today.stage == "over"
            name = campaign.name
            first, days = state, []
            if over:
                first = archive.first_state(session, row_id(campaign)) or state
                days = archive.every_day(session, row_id(campaign), state.game_day)
        public = view_for(self.catalog, state, PUBLIC)
        image, image_name = render_map(self.catalog, public), map_file_name(public)
        final = final_report(self.catalog, name, first, state, days) if over else None
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, ref)
            settings = self._settings(campaign)
            if settings.report_due != due:
                return False
            seats = self._seats(session, campaign)
            records = repo.list_events(session, campaign_id=row_id(campaign), day=due)
            events = [repo.as_event(r) for r in records]
            out = self._outbox(session, campaign)
            out.channel(day_report(events, PUBLIC), attachment=(image_name, image))
            if campaign.status == "running" and campaign.deadline is not None:
                out.channel(day_opened(campaign, campaign.deadline))
            for seat in seats:
                out.dm(seat.player, own_report(events, seat.character, campaign.name))
            if final is not None:
                (name, _, routes), *each = final.images
                out.channel(final.text, attachment=(name, routes))
                for name, caption, route in each:
                    out.channel(f"{campaign.name}: {caption}", attachment=(name, route))
            done = {"report_due": None, "report_snapshot": None}
            campaign.options = settings.model_copy(update=done).stored()
            return True

    def _publish_left(self, campaign_name: str) -> None:
        """Post the reports of the campaign's last day if a crash left them due, before a
        resolution marks the next day's due in their place (every day starts resolving
        through :meth:`resolve_day` or :meth:`wake`): the command line has no resync job,
        and a ``local resolve`` run again after a crash would otherwise lose them."""
        with contextlib.suppress(RequestError):  # no such campaign: the caller says so
            self.publish(campaign_name)

    def publish_due(self) -> list[str]:
        """:meth:`publish` for every campaign whose reports wait (after a crash between the
        resolution and its reports, say); the campaigns posted, as ``#<id>``."""
        with session_scope(self.engine) as session:
            refs = [
                scope.campaign_ref(row_id(c))
                for c in session.exec(select(Campaign))
                if self._settings(c).report_due is not None
            ]
        return [ref for ref in refs if self.publish(ref)]

    def _resolution(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], *, preview: bool = False
    ) -> Resolution:
        """The day resolved from the latest snapshot with the seats' orders (used only at
        Birdsong) and the day's answers so far (see :meth:`_answers`). A ``preview`` asks
        nobody: every decision still to come takes its default, and the whole day is
        resolved."""
        state = self._game(session, campaign)
        orders = self._orders_for_day(session, campaign, seats, state)
        answers = self._answers(session, campaign)
        if preview:
            state.options.update(wait_for_decisions=False, wait_for_combat=False)
            return resolve(state, orders, answers, catalog=self.catalog)
        return self._run(session, campaign, state, orders, answers)

    def _orders_for_day(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], state: GameState
    ) -> dict[str, Orders]:
        after = self._settings(campaign).autopilot_after
        submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
        orders: dict[str, Orders] = {}
        for seat in seats:
            if not in_play(state, seat.character):
                continue  # dead or gone (9.1.1, 9.2.2): no orders, no missed day
            text = submitted[row_id(seat)].text if row_id(seat) in submitted else None
            source = "orders"
            if text is None:
                away = seat.away_until is not None and seat.away_until > self.clock()
                excused = seat.excused_day == campaign.day or away
                seat.missed_days += 0 if excused else 1
                if seat.autopilot or seat.missed_days > after:
                    text = autopilot_orders(state, seat.character, catalog=self.catalog)
                elif seat.standing_orders:
                    text, source = seat.standing_orders, "standing orders"
            else:
                seat.missed_days = 0
            if text is None:
                continue
            parsed, blanked = parse_standing(text, state, seat.character, catalog=self.catalog)
            if parsed.orders is not None:
                orders[seat.character] = parsed.orders
            if blanked or parsed.orders is None:
                self._mended(session, campaign, seat, source, parsed, blanked)
        return orders

    def _mended(
        self,
        session: Session,
        campaign: Campaign,
        seat: Seat,
        source: str,
        parsed: ParseResult,
        blanked: Sequence[Problem],
    ) -> None:
        """Orders that could not all be done as written (6.2.4e–f): the player is told which
        phases were left blank and why, or that none could be used; the moderators are told
        that it happened, and nothing of the orders themselves."""
        usable = parsed.orders is not None
        problems = list(blanked) if usable else list(parsed.errors)
        text = render(
            "messages/orders_mended.txt.j2",
            source=source,
            character=seat.character,
            day=campaign.day,
            usable=usable,
            problems=problems,
        )
        self._outbox(session, campaign).dm(seat.player, text)
        what = f"{len(problems)} phase(s) left blank" if usable else "none could be used"
        notice = f"{campaign.name}: the {seat.character}'s {source} for day {campaign.day}: {what}."
        self._outbox(session, campaign).moderators(notice + " The player was told why.")

    def _resume(self, session: Session, campaign: Campaign, moderator: str | None) -> Reply:
        if campaign.status != "paused":
            raise RequestError(f"{campaign.name} is not paused")
        before = campaign.deadline
        restart_clock(campaign, self._settings(campaign), self.clock())
        self._log(session, campaign, moderator or "the pause's expiry", "resume", "resumed")
        announce_deadline(self._outbox(session, campaign), campaign, before)
        return Reply(f"{campaign.name} is running again.")
