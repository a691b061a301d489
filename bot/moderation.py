"""The moderators' desk: settings, previews, deadlines, pauses, rollbacks, orders seen and set,
locks, announcements, excuses, replacements, the autopilot and ending the game early when the
players agree (9.2.1) — each logged in the channel —, and the dice of a day (read only)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlmodel import Session

from bot.campaign_settings import BEFORE_THE_START, DEADLINE_SETTINGS, SettingError
from bot.campaigns import Reply, RequestError, row_id, typed_text
from bot.deadlines import next_deadline
from bot.notifications import announce_deadline, utc_text
from bot.plays import Plays
from bot.render import render
from bot.reports import day_report
from bot.sheets import sheet_reply
from bot.window_books import restore_window_books
from bot.windows import EVENING, day_points
from db import repo, rewind
from db.engine import session_scope
from db.models import Campaign
from rules import (
    MODERATOR,
    GameState,
)
from rules.day.midnight import quit_together
from rules.events import logged_rolls


class Moderation(Plays):
    """The moderators' actions, on resolution and its combat windows (:class:`bot.plays.Plays`)."""

    def configure(self, campaign_name: str, *, moderator: str, setting: str, value: str) -> Reply:
        """Change one campaign setting (see :data:`~bot.campaign_settings.SETTINGS`), checked
        against its type and range; logged."""
        key = setting.strip().casefold()
        text = value.strip()
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            self._require_unfinished(campaign)
            if key in BEFORE_THE_START and campaign.status != "enrolling":
                raise RequestError(
                    f"{key} needs every player's agreement (8.1.3b): it is set before the "
                    f"campaign starts, and {campaign.name} has started"
                )
            try:
                settings = self._settings(campaign).configured(key, text)
            except SettingError as error:
                raise RequestError(str(error)) from None
            campaign.options = settings.stored()
            self._log(session, campaign, moderator, "config", f"{key} = {text[:60]}")
            later = ""
            if key in DEADLINE_SETTINGS and campaign.deadline is not None:
                later = (
                    f" It sets the deadlines after today's, which stays "
                    f"{utc_text(campaign.deadline)} (/gm extend moves it)."
                )
            return Reply(f"{campaign.name}: {key} is now {text[:60]}.{later}")

    def preview(self, campaign_name: str, *, moderator: str) -> Reply:
        """A private dry run of the day with the same dice: nothing is stored or sent. In the
        middle of a day, it goes on from where the day waits, taking the defaults of the
        decisions still open, and reports the whole day."""
        with Session(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            resolution = self._resolution(
                session, campaign, self._seats(session, campaign), preview=True
            )
            records = repo.list_events(session, campaign_id=row_id(campaign), day=campaign.day)
            events = [*(repo.as_event(r) for r in records), *resolution.events]
            session.rollback()
            return Reply("Preview (nothing stored):\n" + day_report(events, MODERATOR))

    def rolls(self, campaign_name: str, *, moderator: str, day: int) -> Reply:
        """Every roll of ``day`` (4.1), in the order the dice drew it — who, for what, the dice,
        the modifier, the result, and whether a test forced it — for the moderators alone: the
        record each resolution of the day kept with its events (``dice_log``). Read only."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            records = repo.list_events(session, campaign_id=row_id(campaign), day=day)
            if not records:
                raise RequestError(f"{campaign.name} has no events of day {day} yet")
            rolls = logged_rolls([repo.as_event(r) for r in records if r.type == "dice_log"])
            return Reply(
                render("reports/rolls.txt.j2", campaign=campaign.name, day=day, rolls=rolls)
            )

    def extend(self, campaign_name: str, *, moderator: str, hours: float, reason: str) -> Reply:
        """Move the deadline later, within the campaign's caps, for a stated reason."""
        typed_text(reason, "reason")
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            rules = self._rules(campaign)
            if not reason.strip():
                raise RequestError("an extension needs a reason; players see it")
            if not 0 < hours <= rules.max_extension_hours:
                raise RequestError(f"an extension is 0 to {rules.max_extension_hours:g} hours")
            if campaign.extensions_used >= rules.max_extensions:
                raise RequestError(
                    f"day {campaign.day} has had its {rules.max_extensions} extensions already"
                )
            campaign.extensions_used += 1
            before = campaign.deadline
            campaign.deadline = (campaign.deadline or self.clock()) + timedelta(hours=hours)
            self._log(
                session,
                campaign,
                moderator,
                "extend",
                f"extended day {campaign.day} by {hours:g} h: {reason.strip()[:200]}",
            )
            announce_deadline(self._outbox(session, campaign), campaign, before)
            return Reply(f"Deadline of {campaign.name} extended by {hours:g} h.")

    def pause(self, campaign_name: str, *, moderator: str, reason: str, hours: float) -> Reply:
        """Stop the clock for a reason, until a moderator resumes or the pause expires."""
        typed_text(reason, "reason")
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            if not reason.strip() or not 0 < hours <= 24 * 30:
                raise RequestError("a pause needs a reason and lasts up to 30 days")
            campaign.status = "paused"
            campaign.pause_reason = reason.strip()[:300]
            campaign.paused_until = self.clock() + timedelta(hours=hours)
            campaign.paused_at = self.clock()
            self._log(
                session,
                campaign,
                moderator,
                "pause",
                f"paused for {hours:g} h: {campaign.pause_reason}",
            )
            return Reply(f"{campaign.name} is paused.")

    def resume(self, campaign_name: str, *, moderator: str | None = None) -> Reply:
        """Restart the clock: the time it stood still is added back to the deadline, which is
        never less than the grace period away; the channel is told the new deadline."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if moderator is not None:
                self._require_moderator(campaign, moderator)
            return self._resume(session, campaign, moderator)

    def rollback(self, campaign_name: str, *, moderator: str, day: int) -> Reply:
        """Return to the start of ``day``: the state then, the seats' missed days and readiness
        and the reminder as they were, its reports and its players' decisions removed
        (re-resolving asks them again), and the snapshots saved since (a future undone);
        re-resolving it with the same orders and answers gives the same results (the dice are
        in the state)."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            step = "start" if day == 1 else "end"
            snapshot = repo.get_snapshot(session, campaign_id=row_id(campaign), day=day, step=step)
            if snapshot is None or day > campaign.day:
                raise RequestError(f"{campaign.name} has no start of day {day} to return to")
            assert snapshot.id is not None
            rewind.forget_after(session, campaign_id=row_id(campaign), snapshot_id=snapshot.id)
            self._restore_ledger(session, campaign, snapshot.ledger)
            if campaign.report_due is not None and campaign.report_due >= day:
                campaign.report_due, campaign.report_snapshot = None, None
            self._snapshot(session, campaign, GameState.from_json(snapshot.state), "rollback")
            for record in repo.list_events(session, campaign_id=row_id(campaign), day=day):
                session.delete(record)
            for later in range(day + 1, campaign.day + 1):
                for record in repo.list_events(session, campaign_id=row_id(campaign), day=later):
                    session.delete(record)
            rewind.delete_decisions(session, campaign_id=row_id(campaign), from_day=day)
            campaign.day = day
            campaign.status = "running"
            before = campaign.deadline
            campaign.deadline = next_deadline(self.clock(), self._rules(campaign))
            self._log(session, campaign, moderator, "rollback", f"rolled back to day {day}")
            announce_deadline(self._outbox(session, campaign), campaign, before)
            return Reply(f"{campaign.name} is back at the start of day {day}.")

    def rollback_combat(self, campaign_name: str, *, moderator: str, to: str) -> Reply:
        """Return the day to a point of its Evening: ``evening`` (its start), ``round`` (the
        start of the round being fought), ``round N`` (of this clearing's fight) or ``round N
        at CLEARING``. What was stored since is undone — the day's later events, the decisions
        asked and answered, the windows' bookkeeping — and the day goes on from there: its
        windows open again, and the same plays give the same results, the dice being in the
        state. The players whose plays were undone are told; the moderators' log is private.
        A finished day is rolled back whole (:meth:`~bot.moderation.Moderation.rollback`)."""
        wanted = " ".join(to.casefold().split())[:80]
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            snapshots = rewind.day_snapshots(
                session, campaign_id=row_id(campaign), day=campaign.day
            )
            points = day_points(snapshots)
            rounds = [p for p in points if p != EVENING]
            if wanted == "round" and rounds:
                wanted = rounds[-1]
            elif wanted.startswith("round ") and " at " not in wanted and rounds:
                wanted += " at " + rounds[-1].split(" at ", 1)[1]
            point = next((p for p in points if p.casefold() == wanted.casefold()), None)
            if point is None:
                known = ", ".join(points) or "none (its Evening has not begun; roll back the day)"
                raise RequestError(
                    f"{campaign.name}: no point {to.strip()[:60]!r} in day {campaign.day} to "
                    f"roll back to; its points: {known}"
                )
            snapshot_id, ledger = points[point]
            stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
            undone = {d.character for d in stored if (d.id or 0) > ledger["decisions"]}
            rewind.rewind_day(
                session,
                campaign_id=row_id(campaign),
                day=campaign.day,
                snapshot_id=snapshot_id,
                events_from=ledger["events"],
                decisions_after=ledger["decisions"],
            )
            self._restore_ledger(session, campaign, ledger)
            restore_window_books(campaign, ledger["windows"])
            for seat in self._seats(session, campaign):
                if seat.character in undone:
                    self._outbox(session, campaign).dm(
                        seat.player,
                        f"{campaign.name}: the moderators rolled the combat back to the start "
                        f"of the {point}; your plays from there are undone and asked again.",
                    )
            detail = f"rolled day {campaign.day} back to the start of the {point}"
            self._log(session, campaign, moderator, "rollback combat", detail, public=False)
            self._continue(session, campaign)
        self.publish(campaign_name)
        return Reply(f"{campaign.name} is back at the start of the {point}.")

    def _restore_ledger(self, session: Session, campaign: Campaign, ledger: dict[str, Any]) -> None:
        """Put the seats' missed days and readiness, their characters and past lives (9.1.2), and
        the day whose reminder was sent, back as ``ledger`` recorded them (a ledger from before
        they were recorded changes nothing)."""
        recorded = ledger.get("seats", {})
        for seat in self._seats(session, campaign):
            entry = recorded.get(str(row_id(seat)))
            if entry is not None:
                seat.missed_days = int(entry["missed_days"])
                seat.ready = bool(entry["ready"])
                if "character" in entry:  # a fresh start undone with the day (9.1.2)
                    seat.character = str(entry["character"])
                    seat.lives = list(entry.get("lives", []))
        if "reminded_day" in ledger:
            campaign.reminded_day = ledger["reminded_day"]

    def view_orders(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """A character's orders in force (moderators only; logged)."""
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            seat = self._seat_of(session, campaign, character)
            current = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            row = current.get(row_id(seat))
            self._log(
                session, campaign, moderator, "orders", f"viewed the {seat.character}'s orders"
            )
            return Reply(row.canonical if row else f"No orders for the {seat.character}.")

    def view_sheet(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """A character's sheet with his hirelings, as he sees it (moderators only; logged)."""
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            seat = self._seat_of(session, campaign, character)
            state = self._state(session, campaign)
            self._log(session, campaign, moderator, "sheet", f"viewed the {seat.character}'s sheet")
            return sheet_reply(self.catalog, state, seat.character, campaign.name, moderator=True)

    def set_orders(self, campaign_name: str, *, moderator: str, character: str, text: str) -> Reply:
        """Set a character's orders for him (moderators only; logged)."""
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            seat = self._seat_of(session, campaign, character)
            state = self._state(session, campaign)
            result, refusal = self._checked(text, state, seat.character)
            if refusal is not None:
                return refusal
            repo.submit_orders(
                session,
                seat=seat,
                day=campaign.day,
                text=text,
                canonical=result.echo,
                submitted_at=self.clock(),
                source="moderator",
            )
            self._log(session, campaign, moderator, "orders", f"set the {seat.character}'s orders")
            return Reply(result.echo)

    def lock(self, campaign_name: str, *, moderator: str, locked: bool = True) -> Reply:
        """Freeze (or unfreeze) submissions and resolution."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            self._require_unfinished(campaign)
            campaign.locked = locked
            self._log(session, campaign, moderator, "lock", "locked" if locked else "unlocked")
            return Reply(f"{campaign.name} is {'locked' if locked else 'unlocked'}.")

    def end_early(self, campaign_name: str, *, moderator: str, agreed: bool) -> Reply:
        """9.2.1 (L2904): "The players can agree to end the game at any time ... If they all
        quit together, the game ends as if it were the end of the month. If any players refuse
        to quit, the game continues." The moderator confirms (``agreed``) that every player
        agreed; between days only (no day being resolved) the game ends as at the end of the
        month (:func:`rules.day.midnight.quit_together`: scored by
        :func:`rules.end.final.end_game`, over by :func:`rules.day.midnight.game_over`, the one
        way a game ends), the campaign is finished and its final report posted as after the last
        day (:meth:`publish`). Logged and posted in the channel."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            if campaign.status != "running":
                raise RequestError(
                    f"{campaign.name} is {campaign.status}: only a running game can end early. "
                    "Nothing changed."
                )
            if not agreed:
                raise RequestError(
                    f"{campaign.name} was not ended: the game ends early only when every player "
                    "agrees to quit (9.2.1); if any refuses, it continues. Confirm that all "
                    "agreed to end it. Nothing changed."
                )
            if repo.open_decisions(session, campaign_id=row_id(campaign)):
                raise RequestError(
                    f"day {campaign.day} of {campaign.name} is being resolved and waits for "
                    "players' decisions: end the game once its report is out. Nothing changed."
                )
            state = self._state(session, campaign)
            if state.today.stage != "birdsong":
                raise RequestError(
                    f"day {campaign.day} of {campaign.name} is being resolved: end the game once "
                    "its report is out. Nothing changed."
                )
            events = quit_together(self.catalog, state)
            repo.save_events(session, campaign_id=row_id(campaign), day=campaign.day, events=events)
            end = self._snapshot(session, campaign, state, "ended")
            campaign.report_due, campaign.report_snapshot = campaign.day, end.id
            campaign.status = "finished"
            campaign.deadline = None
            self._outbox(session, campaign).channel(
                render("messages/ended_early.txt.j2", campaign=campaign.name, day=campaign.day)
            )
            self._log(
                session,
                campaign,
                moderator,
                "end",
                f"ended the game at Birdsong of day {campaign.day}: every player agreed to quit "
                "(9.2.1); it is scored as at the end of the month",
            )
            reply = Reply(
                f"{campaign.name} is over at Birdsong of day {campaign.day}: the players quit "
                "together (9.2.1), and it is scored as at the end of the month."
            )
        self.publish(campaign_name)
        return reply

    def announce(self, campaign_name: str, *, moderator: str, text: str) -> Reply:
        """Post a moderator's announcement in the campaign's channel."""
        typed_text(text, "announcement")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            self._log(session, campaign, moderator, "announce", text.strip()[:1500])
            return Reply("Announced.")

    def excuse(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """Excuse a seat for today: a day without orders does not count as missed."""
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            seat = self._seat_of(session, campaign, character)
            seat.excused_day = campaign.day
            self._log(
                session,
                campaign,
                moderator,
                "excuse",
                f"excused the {seat.character} for day {campaign.day}",
            )
            return Reply(f"The {seat.character} is excused for day {campaign.day}.")

    def replace(
        self, campaign_name: str, *, moderator: str, character: str, player: str, player_name: str
    ) -> Reply:
        """Give a seat to another player, who receives the character's private history."""
        typed_text(player_name, "player name")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            self._require_unfinished(campaign)
            seat = self._seat_of(session, campaign, character)
            seat.player, seat.player_name = player, player_name[:100]
            seat.missed_days = 0
            for day in range(1, campaign.day):
                records = repo.list_events(session, campaign_id=row_id(campaign), day=day)
                if records:
                    journal = day_report([repo.as_event(r) for r in records], seat.character)
                    self._outbox(session, campaign).dm(player, journal)
            self._log(
                session,
                campaign,
                moderator,
                "replace",
                f"the {seat.character} is now played by {seat.player_name}",
            )
            return Reply(f"The {seat.character} is now played by {seat.player_name}.")

    def set_autopilot(
        self, campaign_name: str, *, moderator: str, character: str, on: bool = True
    ) -> Reply:
        """Let the autopilot play a seat (or stop it)."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            self._require_unfinished(campaign)
            seat = self._seat_of(session, campaign, character)
            seat.autopilot = on
            self._log(
                session,
                campaign,
                moderator,
                "autopilot",
                f"autopilot {'on' if on else 'off'} for the {seat.character}",
            )
            return Reply(f"Autopilot {'on' if on else 'off'} for the {seat.character}.")
