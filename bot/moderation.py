"""The moderators' desk (:class:`Moderation`): settings, previews, deadlines, pauses, orders
seen and set, locks, announcements, excuses, replacements, the autopilot and ending the game
early when the players agree (9.2.1) — each logged in the channel —, and the dice of a day (read
only). Rolling back is :mod:`bot.rollbacks`; the combat windows' commands are
:mod:`bot.plays`."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from sqlmodel import Session

from bot.campaign_settings import BEFORE_THE_START, DEADLINE_SETTINGS, SettingError
from bot.i18n import N_, _, later
from bot.notifications import announce_deadline, restart_clock, utc_text
from bot.players import checked
from bot.publishing import Publisher
from bot.render import render, word
from bot.reports import day_report
from bot.resolution import Resolver
from bot.sheets import sheet_reply
from bot.store import (
    Reply,
    RequestError,
    Store,
    require_moderator,
    require_unfinished,
    row_id,
    typed_text,
)
from bot.terms import term
from db import event_log, repo
from db.models import Campaign
from rules import MODERATOR, noted, quit_together


class Moderation:
    """The moderators' actions, over the ``store``; a preview resolves the day with the
    ``resolver`` (and stores nothing), and the game ended early is reported by the
    ``publisher``."""

    def __init__(self, store: Store, resolver: Resolver, publisher: Publisher) -> None:
        self.store = store
        self.resolver = resolver
        self.publisher = publisher

    def configure(self, campaign_name: str, *, moderator: str, setting: str, value: str) -> Reply:
        """Change one campaign setting (see :data:`~bot.campaign_settings.SETTINGS`), checked
        against its type and range; logged."""
        key = setting.strip().casefold()
        text = value.strip()
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            require_unfinished(campaign)
            if key in BEFORE_THE_START and campaign.status != "enrolling":
                raise RequestError(
                    _(
                        "%(key)s needs every player's agreement (8.1.3b): it is set before the "
                        "campaign starts, and %(campaign)s has started"
                    )
                    % {"key": key, "campaign": campaign.name}
                )
            try:
                settings = self.store.settings(campaign).configured(key, text)
            except SettingError as error:
                raise RequestError(str(error)) from None
            campaign.options = settings.stored()
            self.store.log(session, campaign, moderator, "config", f"{key} = {text[:60]}")
            words = {"campaign": campaign.name, "key": key, "value": text[:60]}
            if key in DEADLINE_SETTINGS and campaign.deadline is not None:
                said = _(
                    "%(campaign)s: %(key)s is now %(value)s. It sets the deadlines after "
                    "today's, which stays %(deadline)s (/gm extend moves it)."
                )
                return Reply(said % {**words, "deadline": utc_text(campaign.deadline)})
            return Reply(_("%(campaign)s: %(key)s is now %(value)s.") % words)

    def preview(self, campaign_name: str, *, moderator: str) -> Reply:
        """A private dry run of the day with the same dice: nothing is stored or sent. In the
        middle of a day, it goes on from where the day waits, taking the defaults of the
        decisions still open, and reports the whole day."""
        with Session(self.store.engine) as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            resolution = self.resolver.preview(session, campaign)
            records = event_log.list_events(session, campaign_id=row_id(campaign), day=campaign.day)
            events = [*(event_log.as_event(r) for r in records), *resolution.events]
            session.rollback()
            return Reply(_("Preview (nothing stored):") + "\n" + day_report(events, MODERATOR))

    def extend(self, campaign_name: str, *, moderator: str, hours: float, reason: str) -> Reply:
        """Move the deadline later, within the campaign's caps, for a stated reason."""
        typed_text(reason, _("reason"))
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            rules = self.store.deadline_rules(campaign)
            if not reason.strip():
                raise RequestError(_("An extension needs a reason; players see it"))
            if not 0 < hours <= rules.max_extension_hours:
                raise RequestError(
                    _("An extension is 0 to %(hours)s hours")
                    % {"hours": f"{rules.max_extension_hours:g}"}
                )
            if campaign.extensions_used >= rules.max_extensions:
                raise RequestError(
                    _("Day %(day)s has had its %(count)s extensions already")
                    % {"day": campaign.day, "count": rules.max_extensions}
                )
            campaign.extensions_used += 1
            before = campaign.deadline
            campaign.deadline = (campaign.deadline or self.store.clock()) + timedelta(hours=hours)
            self.store.log(
                session,
                campaign,
                moderator,
                "extend",
                later(
                    N_("extended day %(day)s by %(hours)s h: %(reason)s"),
                    day=campaign.day,
                    hours=f"{hours:g}",
                    reason=reason.strip()[:200],
                ),
            )
            announce_deadline(self.store.outbox(session, campaign), campaign, before)
            return Reply(
                _("Deadline of %(campaign)s extended by %(hours)s h.")
                % {"campaign": campaign.name, "hours": f"{hours:g}"}
            )

    def pause(self, campaign_name: str, *, moderator: str, reason: str, hours: float) -> Reply:
        """Stop the clock for a reason, until a moderator resumes or the pause expires."""
        typed_text(reason, _("reason"))
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            if not reason.strip() or not 0 < hours <= 24 * 30:
                raise RequestError(_("A pause needs a reason and lasts up to 30 days"))
            campaign.status = "paused"
            campaign.pause_reason = reason.strip()[:300]
            campaign.paused_until = self.store.clock() + timedelta(hours=hours)
            campaign.paused_at = self.store.clock()
            self.store.log(
                session,
                campaign,
                moderator,
                "pause",
                later(
                    N_("paused for %(hours)s h: %(reason)s"),
                    hours=f"{hours:g}",
                    reason=campaign.pause_reason,
                ),
            )
            return Reply(_("%(campaign)s is paused.") % {"campaign": campaign.name})

    def resume(self, campaign_name: str, *, moderator: str | None = None) -> Reply:
        """Restart the clock: the time it stood still is added back to the deadline, which is
        never less than the grace period away; the channel is told the new deadline."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            if moderator is not None:
                require_moderator(campaign, moderator)
            return self.resume_in(session, campaign, moderator)

    def resume_in(self, session: Session, campaign: Campaign, moderator: str | None) -> Reply:
        """Resume the paused ``campaign`` in the caller's transaction: for ``moderator``, or
        when its pause expired (``None``; :meth:`bot.timekeeping.Timekeeper.wake`)."""
        if campaign.status != "paused":
            raise RequestError(_("%(campaign)s is not paused") % {"campaign": campaign.name})
        before = campaign.deadline
        restart_clock(campaign, self.store.settings(campaign), self.store.clock())
        self.store.log(
            session, campaign, moderator or "the pause's expiry", "resume", later(N_("resumed"))
        )
        announce_deadline(self.store.outbox(session, campaign), campaign, before)
        return Reply(_("%(campaign)s is running again.") % {"campaign": campaign.name})

    def view_orders(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """A character's orders in force (moderators only; logged)."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            seat = self.store.seat_of(session, campaign, character)
            current = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            row = current.get(row_id(seat))
            self.store.log(
                session,
                campaign,
                moderator,
                "orders",
                later(N_("viewed the %(character)s's orders"), character=seat.character),
            )
            if row is None:
                return Reply(
                    _("No orders for the %(character)s.") % {"character": term(seat.character)}
                )
            return Reply(row.canonical)

    def view_sheet(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """A character's sheet with his hirelings, as he sees it (moderators only; logged)."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            seat = self.store.seat_of(session, campaign, character)
            state = self.store.state(session, campaign)
            self.store.log(
                session,
                campaign,
                moderator,
                "sheet",
                later(N_("viewed the %(character)s's sheet"), character=seat.character),
            )
            return sheet_reply(
                self.store.catalog, state, seat.character, campaign.name, moderator=True
            )

    def set_orders(self, campaign_name: str, *, moderator: str, character: str, text: str) -> Reply:
        """Set a character's orders for him (moderators only; logged)."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            seat = self.store.seat_of(session, campaign, character)
            state = self.store.state(session, campaign)
            result, refusal = checked(self.store.catalog, text, state, seat.character)
            if refusal is not None:
                return refusal
            repo.submit_orders(
                session,
                seat=seat,
                day=campaign.day,
                text=text,
                canonical=noted(result, word),
                submitted_at=self.store.clock(),
                source="moderator",
            )
            self.store.log(
                session,
                campaign,
                moderator,
                "orders",
                later(N_("set the %(character)s's orders"), character=seat.character),
            )
            return Reply(noted(result, word))

    def lock(self, campaign_name: str, *, moderator: str, locked: bool = True) -> Reply:
        """Freeze (or unfreeze) submissions and resolution."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            require_unfinished(campaign)
            campaign.locked = locked
            self.store.log(
                session,
                campaign,
                moderator,
                "lock",
                later(N_("locked") if locked else N_("unlocked")),
            )
            said = _("%(campaign)s is locked.") if locked else _("%(campaign)s is unlocked.")
            return Reply(said % {"campaign": campaign.name})

    def end_early(self, campaign_name: str, *, moderator: str, agreed: bool) -> Reply:
        """9.2.1 (L2904): "The players can agree to end the game at any time ... If they all
        quit together, the game ends as if it were the end of the month. If any players refuse
        to quit, the game continues." The moderator confirms (``agreed``) that every player
        agreed; between days only (no day being resolved) the game ends as at the end of the
        month (:func:`rules.day.midnight.quit_together`: scored by
        :func:`rules.end.final.end_game`, over by :func:`rules.day.midnight.game_over`, the one
        way a game ends), the campaign is finished and its final report posted as after the last
        day (:meth:`bot.publishing.Publisher.publish`). Logged and posted in the channel."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            if campaign.status != "running":
                raise RequestError(
                    _(
                        "%(campaign)s is %(status)s: only a running game can end early. "
                        "Nothing changed."
                    )
                    % {"campaign": campaign.name, "status": campaign.status}
                )
            if not agreed:
                raise RequestError(
                    _(
                        "%(campaign)s was not ended: the game ends early only when every player "
                        "agrees to quit (9.2.1); if any refuses, it continues. Confirm that all "
                        "agreed to end it. Nothing changed."
                    )
                    % {"campaign": campaign.name}
                )
            if repo.open_decisions(session, campaign_id=row_id(campaign)):
                raise RequestError(
                    _(
                        "Day %(day)s of %(campaign)s is being resolved and waits for players' "
                        "decisions: end the game once its report is out. Nothing changed."
                    )
                    % {"day": campaign.day, "campaign": campaign.name}
                )
            state = self.store.state(session, campaign)
            if state.today.stage != "birdsong":
                raise RequestError(
                    _(
                        "Day %(day)s of %(campaign)s is being resolved: end the game once its "
                        "report is out. Nothing changed."
                    )
                    % {"day": campaign.day, "campaign": campaign.name}
                )
            events = quit_together(self.store.catalog, state)
            event_log.save_events(
                session, campaign_id=row_id(campaign), day=campaign.day, events=events
            )
            end = self.store.snapshot(session, campaign, state, "ended")
            campaign.report_due, campaign.report_snapshot = campaign.day, end.id
            campaign.status = "finished"
            campaign.deadline = None
            self.store.outbox(session, campaign).channel(
                partial(
                    render, "messages/ended_early.txt.j2", campaign=campaign.name, day=campaign.day
                )
            )
            self.store.log(
                session,
                campaign,
                moderator,
                "end",
                later(
                    N_(
                        "ended the game at Birdsong of day %(day)s: every player agreed to quit "
                        "(9.2.1); it is scored as at the end of the month"
                    ),
                    day=campaign.day,
                ),
            )
            reply = Reply(
                _(
                    "%(campaign)s is over at Birdsong of day %(day)s: the players quit together "
                    "(9.2.1), and it is scored as at the end of the month."
                )
                % {"campaign": campaign.name, "day": campaign.day}
            )
        self.publisher.publish(campaign_name)
        return reply

    def announce(self, campaign_name: str, *, moderator: str, text: str) -> Reply:
        """Post a moderator's announcement in the campaign's channel."""
        typed_text(text, _("announcement"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            self.store.log(session, campaign, moderator, "announce", text.strip()[:1500])
            return Reply(_("Announced."))

    def excuse(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """Excuse a seat for today: a day without orders does not count as missed."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            seat = self.store.seat_of(session, campaign, character)
            seat.excused_day = campaign.day
            self.store.log(
                session,
                campaign,
                moderator,
                "excuse",
                later(
                    N_("excused the %(character)s for day %(day)s"),
                    character=seat.character,
                    day=campaign.day,
                ),
            )
            return Reply(
                _("The %(character)s is excused for day %(day)s.")
                % {"character": term(seat.character), "day": campaign.day}
            )

    def replace(
        self, campaign_name: str, *, moderator: str, character: str, player: str, player_name: str
    ) -> Reply:
        """Give a seat to another player, who receives the character's private history."""
        typed_text(player_name, _("player name"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            require_unfinished(campaign)
            seat = self.store.seat_of(session, campaign, character)
            seat.player, seat.player_name = player, player_name[:100]
            seat.missed_days, seat.language = 0, None  # the new player has chosen none yet
            for day in range(1, campaign.day):
                records = event_log.list_events(session, campaign_id=row_id(campaign), day=day)
                if records:
                    journal = [event_log.as_event(r) for r in records]
                    self.store.outbox(session, campaign).dm(
                        player, partial(day_report, journal, seat.character)
                    )
            self.store.log(
                session,
                campaign,
                moderator,
                "replace",
                later(
                    N_("the %(character)s is now played by %(player)s"),
                    character=seat.character,
                    player=seat.player_name,
                ),
            )
            return Reply(
                _("The %(character)s is now played by %(player)s.")
                % {"character": term(seat.character), "player": seat.player_name}
            )

    def set_autopilot(
        self, campaign_name: str, *, moderator: str, character: str, on: bool = True
    ) -> Reply:
        """Let the autopilot play a seat (or stop it)."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            require_unfinished(campaign)
            seat = self.store.seat_of(session, campaign, character)
            seat.autopilot = on
            self.store.log(
                session,
                campaign,
                moderator,
                "autopilot",
                later(
                    N_("autopilot on for the %(character)s")
                    if on
                    else N_("autopilot off for the %(character)s"),
                    character=seat.character,
                ),
            )
            said = (
                _("Autopilot on for the %(character)s.")
                if on
                else _("Autopilot off for the %(character)s.")
            )
            return Reply(said % {"character": term(seat.character)})
