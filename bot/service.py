"""The campaign service: the moderator's rules, independent of any transport.

Discord and the command line call the same methods. Each method is one unit of work: it reads
the campaign, checks the request, changes what must change and writes the messages that report
it to the **outbox**, all in one transaction, and returns the reply to the person who asked. It
never sends anything itself and never looks at a clock it was not given.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Engine
from sqlmodel import Session, select

from bot import scope
from bot.campaign_settings import CampaignSettings, SettingError
from bot.deadlines import DeadlineRules, after_downtime, next_deadline
from bot.mapimage import render_map
from bot.render import render
from bot.reports import day_report
from db import repo
from db.engine import session_scope
from db.models import Campaign, OutboxMessage, Seat, Snapshot
from rules import (
    MODERATOR,
    PUBLIC,
    Catalog,
    CharacterSetup,
    GameState,
    ParseResult,
    Resolution,
    SetupError,
    autopilot_orders,
    new_game,
    not_text,
    parse_orders,
    parse_standing,
    resolve,
    setup_choices,
    view_for,
)
from rules.catalog import UnknownNameError
from rules.orders.model import Orders
from rules.orders.reader import Problem
from rules.state import load_problem

Clock = Callable[[], datetime]

#: The largest seed a campaign can have: the column is a 32-bit integer on PostgreSQL.
MAX_SEED = 2**31 - 1


def system_clock() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


class RequestError(Exception):
    """A request the service refuses; the message says what, why and how to fix it."""


class NotModeratorError(RequestError):
    """A moderator's request from someone who is not one of the campaign's moderators."""


@dataclass(frozen=True)
class Reply:
    """What the person who asked is told (privately)."""

    text: str


def version_tag(version: int, text: str) -> str:
    """``v3 · a1b2``: the version of a player's orders and a short hash of their text."""
    return f"v{version} · {hashlib.sha256(text.encode()).hexdigest()[:4]}"


class CampaignService:
    """Campaign life, orders, resolution and moderation over one database."""

    def __init__(self, engine: Engine, catalog: Catalog, clock: Clock = system_clock) -> None:
        self.engine = engine
        self.catalog = catalog
        self.clock = clock

    # --- campaign life --------------------------------------------------------------------------

    def create(
        self,
        name: str,
        *,
        moderator: str,
        seed: int = 0,
        channel: str | None = None,
        guild: str | None = None,
        options: dict[str, object] | None = None,
    ) -> Reply:
        """A new campaign, enrolling players, moderated by ``moderator``, with a ``seed`` from 0
        to 2**31 - 1 (it is stored as a 32-bit number). Its name is unique in its server (in the
        request's, :mod:`bot.scope`, unless ``guild`` is given); names may repeat across servers,
        and one that starts with ``#`` is not taken (it names campaigns by id)."""
        name = _clean_name(name)
        if name.startswith("#"):
            raise RequestError("a campaign name does not start with '#'")
        where = scope.current()
        if guild is None and where is not None:
            guild = where.guild
        if not 0 <= seed <= MAX_SEED:
            raise RequestError(f"the seed is a whole number from 0 to {MAX_SEED}")
        settings = CampaignSettings.of(options or {})
        with session_scope(self.engine) as session:
            if repo.get_campaign(session, name=name, guild=guild) is not None:
                raise RequestError(f"a campaign called {name!r} exists already; choose another")
            campaign = repo.create_campaign(
                session,
                name=name,
                guild=guild,
                channel=channel,
                seed=seed,
                created_at=self.clock(),
                options=settings.stored(),
                moderators=[moderator],
            )
            self._log(session, campaign, moderator, "create", f"created {name}")
            return Reply(f"Campaign {name} created. Players join with their character's name.")

    def join(self, campaign_name: str, *, player: str, player_name: str, character: str) -> Reply:
        """Seat ``player`` as ``character``: one player per character, first come first served."""
        _text(player_name, "player name")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if campaign.status != "enrolling":
                raise RequestError(
                    f"{campaign.name} has started; ask a moderator to replace a seat"
                )
            try:
                card = self.catalog.characters[character.strip()]
            except UnknownNameError as error:
                raise RequestError(str(error)) from None
            seats = self._seats(session, campaign)
            if any(s.character == card.name for s in seats):
                raise RequestError(f"the {card.name} is taken in {campaign.name}; choose another")
            if any(s.player == player for s in seats):
                raise RequestError(f"you already play in {campaign.name}")
            repo.add_seat(
                session,
                campaign_id=_id(campaign),
                character=card.name,
                player=player,
                player_name=player_name[:100],
                joined_at=self.clock(),
            )
            self._post(
                session,
                campaign,
                "channel",
                None,
                render("messages/joined.txt.j2", player=player_name, character=card.name),
            )
            return Reply(f"You play the {card.name} in {campaign.name}.")

    def choose(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """The player's secret setup choices (3.3.3–3.3.6), before the game starts: lines such as
        ``start: Guard house``, ``victory: fame 2, gold 3``, ``spells: Absorb Essence, Peace``,
        ``enchant: MAGIC III4*``. Every choice is checked as setup will check it."""
        _text(text, "setup choices")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if campaign.status != "enrolling":
                raise RequestError(f"{campaign.name} has started: setup choices are closed")
            seat = self._own_seat(session, campaign, player)
            try:
                choices = {**seat.setup, **setup_choices(text)}
            except SetupError as error:
                raise RequestError(str(error)) from None
            try:
                setup = CharacterSetup.model_validate({**choices, "name": seat.character})
                new_game(self.catalog, campaign.seed, [setup])
            except (SetupError, ValueError) as error:
                raise RequestError(f"not stored: {error}") from None
            seat.setup = choices
            shown = ", ".join(f"{k}: {v}" for k, v in choices.items())
            return Reply(f"Setup choices for the {seat.character} stored (secret): {shown}")

    def start(self, campaign_name: str, *, moderator: str) -> Reply:
        """Set up the game (section 3) for the seated characters and open Birdsong of day 1."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            if campaign.status != "enrolling":
                raise RequestError(f"{campaign.name} has already started")
            seats = self._seats(session, campaign)
            if not seats:
                raise RequestError(f"nobody has joined {campaign.name} yet")
            setups = [
                CharacterSetup.model_validate(
                    {**seat.setup, "name": seat.character, "player": seat.player}
                )
                for seat in seats
            ]
            try:
                state = new_game(self.catalog, campaign.seed, setups)
            except SetupError as error:
                raise RequestError(f"the game cannot be set up: {error}") from None
            state.options["wait_for_decisions"] = self._settings(campaign).wait_for_decisions
            campaign.status = "running"
            campaign.day = state.day
            campaign.deadline = next_deadline(self.clock(), self._rules(campaign))
            self._snapshot(session, campaign, state, "start")
            self._log(session, campaign, moderator, "start", f"started with {len(seats)} seats")
            self._post_views(session, campaign, state, seats, intro=True)
            due = f"{campaign.deadline:%Y-%m-%d %H:%M} UTC"
            return Reply(f"{campaign.name} has started: day 1, orders due {due}.")

    # --- orders ---------------------------------------------------------------------------------

    def submit_orders(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Store ``player``'s orders for the current day if every line is valid; otherwise
        store nothing and say every problem. While the day is being resolved (it waits for
        mid-day decisions) its orders are in and the next day's are not open yet: orders are
        refused, saying so, rather than stored and never used.

        The orders are read outside the write transaction, against the game as it stood; if
        the game moved on before the write (another day resolved, a rollback), they are read
        again against the new state inside it."""
        with session_scope(self.engine) as session:
            campaign, seat, state = self._running_seat(session, campaign_name, player)
            seen = self._state_id(session, campaign)
        result, refusal = self._checked(text, state, seat.character)
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if campaign.status != "running":
                raise RequestError(f"{campaign.name} is {campaign.status}: orders are not open")
            seat = self._own_seat(session, campaign, player)
            if campaign.locked:
                raise RequestError(f"{campaign.name} is locked by its moderators; orders wait")
            if repo.open_decisions(session, campaign_id=_id(campaign)):
                raise RequestError(
                    f"day {campaign.day} of {campaign.name} is being resolved and waits for "
                    f"players' decisions: its orders are in; send day {campaign.day + 1}'s once "
                    "its report is out. Nothing was stored."
                )
            if self._state_id(session, campaign) != seen:
                state = self._state(session, campaign)
                result, refusal = self._checked(text, state, seat.character)
            if refusal is not None:
                return refusal
            submission = repo.submit_orders(
                session,
                seat=seat,
                day=campaign.day,
                text=text,
                canonical=result.echo,
                submitted_at=self.clock(),
            )
            version = submission.version
            return Reply(
                render(
                    "messages/order_echo.txt.j2",
                    character=seat.character,
                    day=campaign.day,
                    tag=version_tag(version, result.echo),
                    echo=result.echo,
                    warnings=result.warnings,
                )
            )

    def ready(self, campaign_name: str, *, player: str, ready: bool = True) -> Reply:
        """Mark the player ready (or not); when every seat is ready the day may resolve early."""
        with session_scope(self.engine) as session:
            campaign, seat, _ = self._running_seat(session, campaign_name, player)
            seat.ready = ready
            waiting = [s.character for s in self._seats(session, campaign) if not s.ready]
            if ready and not waiting:
                rules = self._rules(campaign)
                early = self.clock() + timedelta(minutes=rules.cooloff_minutes)
                if campaign.deadline is None or early < campaign.deadline:
                    campaign.deadline = early
            status = "ready" if ready else "not ready"
            return Reply(
                f"The {seat.character} is {status} for day {campaign.day}."
                + (
                    f" Still waiting for: {', '.join(waiting)}."
                    if waiting
                    else " Everyone is ready: the day resolves after a short cool-off."
                )
            )

    def away(self, campaign_name: str, *, player: str, days: float) -> Reply:
        """Announce an absence (0 days ends it): while away a player is not reminded, and the
        days he misses do not count toward the autopilot; his standing orders still apply."""
        if not 0 <= days <= 30:
            raise RequestError("an absence lasts 0 to 30 days")
        with session_scope(self.engine) as session:
            _, seat, _ = self._running_seat(session, campaign_name, player)
            seat.away_until = self.clock() + timedelta(days=days) if days else None
            if seat.away_until is None:
                return Reply(f"Welcome back: the {seat.character} is no longer away.")
            until = f"{seat.away_until:%Y-%m-%d %H:%M} UTC"
            return Reply(f"The {seat.character} is away until {until}.")

    def configure(self, campaign_name: str, *, moderator: str, setting: str, value: str) -> Reply:
        """Change one campaign setting (see :data:`~bot.campaign_settings.SETTINGS`), checked
        against its type and range; logged."""
        key = setting.strip().casefold()
        text = value.strip()
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            try:
                settings = self._settings(campaign).configured(key, text)
            except SettingError as error:
                raise RequestError(str(error)) from None
            campaign.options = settings.stored()
            self._log(session, campaign, moderator, "config", f"{key} = {text[:60]}")
            return Reply(f"{campaign.name}: {key} is now {text[:60]}.")

    # --- resolution -----------------------------------------------------------------------------

    def due(self) -> list[str]:
        """The running campaigns whose deadline has passed (and that are not locked)."""
        with session_scope(self.engine) as session:
            due = repo.list_due_campaigns(session, now=self.clock())
            return [c.name for c in due if not c.locked]

    def wake(self, campaign_name: str, day: int) -> str:
        """:meth:`_wake`, then the reports of a day it resolved (:meth:`publish`)."""
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
            waiting = repo.open_decisions(session, campaign_id=_id(campaign))
            if waiting:
                if all(d.due_at is not None and d.due_at <= now for d in waiting):
                    for decision in waiting:
                        assert decision.id is not None
                        repo.answer_decision(
                            session, decision_id=decision.id, answer=decision.default
                        )
                    self._continue(session, campaign)
                    return "decided by default"
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
            if self._reminder_due(campaign, now):
                self._remind(session, campaign)
                return "reminded"
            return "nothing"

    def _reminder_due(self, campaign: Campaign, now: datetime) -> bool:
        rules = self._rules(campaign)
        if campaign.deadline is None or self._settings(campaign).reminded_day == campaign.day:
            return False
        return campaign.deadline - timedelta(hours=rules.reminder_hours) <= now

    def remind(self, campaign_name: str) -> Reply:
        """Tell each player whose orders are missing exactly that, and when they are due; once
        a day."""
        with session_scope(self.engine) as session:
            return self._remind(session, self._campaign(session, campaign_name))

    def _remind(self, session: Session, campaign: Campaign) -> Reply:
        if self._settings(campaign).reminded_day == campaign.day:
            return Reply(f"{campaign.name}: today's reminder was sent already.")
        submitted = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
        now = self.clock()
        missing = [
            s
            for s in self._seats(session, campaign)
            if _id(s) not in submitted and (s.away_until is None or s.away_until <= now)
        ]
        for seat in missing:
            self._post(
                session,
                campaign,
                "dm",
                seat.player,
                render(
                    "messages/reminder.txt.j2",
                    campaign=campaign,
                    character=seat.character,
                    standing=seat.standing_orders is not None,
                ),
            )
        reminded = self._settings(campaign).model_copy(update={"reminded_day": campaign.day})
        campaign.options = reminded.stored()
        return Reply(f"Reminded {len(missing)} players.")

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
                self._post(
                    session,
                    campaign,
                    "channel",
                    None,
                    render("messages/downtime.txt.j2", campaign=campaign),
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
                waiting = repo.open_decisions(session, campaign_id=_id(campaign))
                due_times = [d.due_at for d in waiting if d.due_at is not None]
                if due_times:
                    wakes.append((scope.campaign_ref(_id(campaign)), campaign.day, max(due_times)))
                elif campaign.status == "paused" and campaign.paused_until is not None:
                    wakes.append(
                        (scope.campaign_ref(_id(campaign)), campaign.day, campaign.paused_until)
                    )
                elif campaign.status == "running" and campaign.deadline is not None:
                    when = campaign.deadline
                    if self._settings(campaign).reminded_day != campaign.day:
                        reminder = when - timedelta(hours=self._rules(campaign).reminder_hours)
                        when = max(min(when, reminder), self.clock())
                    wakes.append((scope.campaign_ref(_id(campaign)), campaign.day, when))
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
        if repo.open_decisions(session, campaign_id=_id(campaign)):
            raise RequestError(f"{campaign.name} is waiting for players' decisions")
        seats = self._seats(session, campaign)
        return self._advance(session, campaign, seats, self._resolution(session, campaign, seats))

    def answer(self, campaign_name: str, *, player: str, answer: str) -> Reply:
        """The player's answer to the decision he was asked; the day resumes once every open
        decision is answered."""
        with session_scope(self.engine) as session:
            campaign, seat, _ = self._running_seat(session, campaign_name, player)
            waiting = repo.open_decisions(
                session, campaign_id=_id(campaign), character=seat.character
            )
            if not waiting:
                raise RequestError(f"the {seat.character} has no decision to make now")
            decision = waiting[0]
            wanted = answer.strip().casefold()
            chosen = next((o for o in decision.options if o.casefold() == wanted), None)
            if chosen is None:
                raise RequestError(
                    f"{answer.strip()[:60]!r} is not one of: {', '.join(decision.options)}"
                )
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=chosen)
            if repo.open_decisions(session, campaign_id=_id(campaign)):
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
                session, campaign_id=_id(campaign), character=seat.character
            )
            return tuple(waiting[0].options) if waiting else None

    def _continue(self, session: Session, campaign: Campaign) -> Reply:
        """Resume the day where it stopped, with every decision of the day answered (see
        :meth:`_answers`)."""
        state = self._state(session, campaign)
        answers = self._answers(session, campaign)
        resolution = resolve(state, {}, answers, catalog=self.catalog)
        return self._advance(session, campaign, self._seats(session, campaign), resolution)

    def _answers(self, session: Session, campaign: Campaign) -> dict[str, str]:
        """The answers to the decisions asked on the campaign's day, by the engine's decision
        id; a decision not answered (yet) counts with its default."""
        decisions = repo.list_decisions(session, campaign_id=_id(campaign), day=campaign.day)
        return {d.ref: d.answer or d.default for d in decisions}

    def _advance(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], resolution: Resolution
    ) -> Reply:
        """Store what a resolution produced; ask for decisions, or finish the day.

        A finished day's reports are not written here: the day is marked ``report_due`` and
        :meth:`publish` posts them once this transaction has committed, so that drawing the map
        never holds the write lock."""
        new = resolution.state
        repo.save_events(
            session, campaign_id=_id(campaign), day=campaign.day, events=resolution.events
        )
        if resolution.pending:
            return self._ask(session, campaign, seats, resolution)
        for seat in seats:
            seat.ready = False
        resolved = campaign.day
        finished = new.today.stage == "over"
        end = self._snapshot(session, campaign, new, "end")
        settings = self._settings(campaign)
        update = {"report_due": resolved, "report_snapshot": end.id}
        campaign.options = settings.model_copy(update=update).stored()
        campaign.extensions_used = 0
        campaign.day = new.day
        campaign.status = "finished" if finished else "running"
        campaign.deadline = None if finished else next_deadline(self.clock(), self._rules(campaign))
        return Reply(f"{campaign.name}: day {resolved} resolved.")

    def publish(self, campaign_name: str) -> bool:
        """Post the reports of the campaign's resolved day that wait for it (``report_due``):
        the public report with its map to the channel, each player's own report by DM, and the
        end of the campaign after its last day. The map is drawn outside any transaction; the
        posting is one transaction that first checks the reports are still due, so they are
        posted once, whoever calls this and however often (after each resolution, at start-up,
        and at every resync of the wake-ups). Returns whether it posted."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            ref = scope.campaign_ref(_id(campaign))
            due = self._settings(campaign).report_due
            if due is None:
                return False
            snapshot = session.get(Snapshot, self._settings(campaign).report_snapshot)
            assert snapshot is not None, "a resolved day keeps its end snapshot"
            state = GameState.from_json(snapshot.state)
        image = render_map(self.catalog, view_for(self.catalog, state, PUBLIC))
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, ref)
            settings = self._settings(campaign)
            if settings.report_due != due:
                return False
            seats = self._seats(session, campaign)
            records = repo.list_events(session, campaign_id=_id(campaign), day=due)
            events = [repo.as_event(r) for r in records]
            public = day_report(events, PUBLIC)
            self._post(
                session, campaign, "channel", None, public, attachment=(f"map-day-{due}.png", image)
            )
            for seat in seats:
                self._post(session, campaign, "dm", seat.player, day_report(events, seat.character))
            if state.today.stage == "over":
                characters = [s.character for s in seats]
                text = render("messages/finished.txt.j2", campaign=campaign, characters=characters)
                self._post(session, campaign, "channel", None, text)
            done = {"report_due": None, "report_snapshot": None}
            campaign.options = settings.model_copy(update=done).stored()
            return True

    def publish_due(self) -> list[str]:
        """:meth:`publish` for every campaign whose reports wait (after a crash between the
        resolution and its reports, say); the campaigns posted, as ``#<id>``."""
        with session_scope(self.engine) as session:
            refs = [
                scope.campaign_ref(_id(c))
                for c in session.exec(select(Campaign))
                if self._settings(c).report_due is not None
            ]
        return [ref for ref in refs if self.publish(ref)]

    def _ask(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], resolution: Resolution
    ) -> Reply:
        """Ask each player his pending decisions by DM, privately; the channel hears nothing.

        A decision is asked once a day: one whose id is stored for the day already (asked
        again by the engine because it was still open when the day went on) gets no second
        row and no second DM."""
        self._snapshot(session, campaign, resolution.state, "pending")
        hours = self._settings(campaign).decision_hours
        due = self.clock() + timedelta(hours=hours)
        stored = repo.list_decisions(session, campaign_id=_id(campaign), day=campaign.day)
        asked = {d.ref for d in stored}
        for decision in resolution.pending:
            if decision.id in asked:
                continue
            asked.add(decision.id)
            repo.add_decision(
                session,
                campaign_id=_id(campaign),
                day=campaign.day,
                ref=decision.id,
                character=decision.character,
                kind=decision.kind,
                prompt=decision.prompt,
                options=list(decision.options),
                default=decision.default,
                asked_at=self.clock(),
                due_at=due,
            )
            seat = next(s for s in seats if s.character == decision.character)
            text = render("messages/decision.txt.j2", campaign=campaign, decision=decision, due=due)
            self._post(session, campaign, "dm", seat.player, text)
        count = len(repo.open_decisions(session, campaign_id=_id(campaign)))
        return Reply(f"{campaign.name}: day {campaign.day} waits for {count} decision(s).")

    def _resolution(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat]
    ) -> Resolution:
        """The day resolved from the latest snapshot with the seats' orders (used only at
        Birdsong) and the day's answers so far (see :meth:`_answers`)."""
        state = self._state(session, campaign)
        orders = self._orders_for_day(session, campaign, seats, state)
        answers = self._answers(session, campaign)
        return resolve(state, orders, answers, catalog=self.catalog)

    # --- what players and observers may ask ----------------------------------------------------

    def status(self, campaign_name: str) -> Reply:
        """The public status: day, deadline, and for each character whether orders are in and
        whether he is ready — never what the orders say."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            seats = self._seats(session, campaign)
            submitted = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
            return Reply(
                render(
                    "messages/status.txt.j2",
                    campaign=campaign,
                    seats=[(s.character, _id(s) in submitted, s.ready) for s in seats],
                )
            )

    def sheet(self, campaign_name: str, *, player: str) -> Reply:
        """The player's own sheet, as his view shows it (private)."""
        with session_scope(self.engine) as session:
            campaign, seat, state = self._running_seat(session, campaign_name, player)
            view = view_for(self.catalog, state, seat.character)
            sheet = next(c for c in view.characters if c.name == seat.character)
            return Reply(render("messages/sheet.txt.j2", character=sheet, campaign=campaign.name))

    def show_orders(self, campaign_name: str, *, player: str) -> Reply:
        """The player's orders in force for today, with their version."""
        with session_scope(self.engine) as session:
            campaign, seat, _ = self._running_seat(session, campaign_name, player)
            current = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
            row = current.get(_id(seat))
            if row is None:
                standing = (
                    f" Standing orders: {seat.standing_orders}" if seat.standing_orders else ""
                )
                return Reply(f"No orders for the {seat.character} on day {campaign.day}.{standing}")
            return Reply(
                f"Day {campaign.day}, {version_tag(row.version, row.canonical)}:\n{row.canonical}"
            )

    def clear_orders(self, campaign_name: str, *, player: str) -> Reply:
        """Withdraw today's orders (his standing orders or the autopilot will apply)."""
        with session_scope(self.engine) as session:
            campaign, seat, _ = self._running_seat(session, campaign_name, player)
            repo.clear_orders(session, seat=seat, day=campaign.day, submitted_at=self.clock())
            return Reply(f"Orders for the {seat.character} on day {campaign.day} cleared.")

    def set_standing(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Orders used on any day the player sends none; checked as today's orders are."""
        with session_scope(self.engine) as session:
            _, seat, state = self._running_seat(session, campaign_name, player)
            result, refusal = self._checked(text, state, seat.character)
            if refusal is not None:
                return refusal
            seat.standing_orders = text
            return Reply(f"Standing orders for the {seat.character}:\n{result.echo}")

    def history(self, campaign_name: str, *, day: int, player: str | None = None) -> Reply:
        """A past day's report: the public one, or the player's own journal of it."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            viewer = self._viewer(session, campaign, player)
            records = repo.list_events(session, campaign_id=_id(campaign), day=day)
            if not records:
                raise RequestError(f"{campaign.name} has no report for day {day} yet")
            return Reply(day_report([repo.as_event(r) for r in records], viewer))

    # --- moderation -----------------------------------------------------------------------------

    def preview(self, campaign_name: str, *, moderator: str) -> Reply:
        """A private dry run of the day with the same dice: nothing is stored or sent. In the
        middle of a day, it goes on from where the day waits, taking the defaults of the
        decisions still open, and reports the whole day."""
        with Session(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            resolution = self._resolution(session, campaign, self._seats(session, campaign))
            records = repo.list_events(session, campaign_id=_id(campaign), day=campaign.day)
            events = [*(repo.as_event(r) for r in records), *resolution.events]
            session.rollback()
            return Reply("Preview (nothing stored):\n" + day_report(events, MODERATOR))

    def extend(self, campaign_name: str, *, moderator: str, hours: float, reason: str) -> Reply:
        """Move the deadline later, within the campaign's caps, for a stated reason."""
        _text(reason, "reason")
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
            campaign.deadline = (campaign.deadline or self.clock()) + timedelta(hours=hours)
            self._log(
                session,
                campaign,
                moderator,
                "extend",
                f"extended day {campaign.day} by {hours:g} h: {reason.strip()[:200]}",
            )
            return Reply(f"Deadline of {campaign.name} extended by {hours:g} h.")

    def pause(self, campaign_name: str, *, moderator: str, reason: str, hours: float) -> Reply:
        """Stop the clock for a reason, until a moderator resumes or the pause expires."""
        _text(reason, "reason")
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            if not reason.strip() or not 0 < hours <= 24 * 30:
                raise RequestError("a pause needs a reason and lasts up to 30 days")
            campaign.status = "paused"
            campaign.pause_reason = reason.strip()[:300]
            campaign.paused_until = self.clock() + timedelta(hours=hours)
            self._log(
                session,
                campaign,
                moderator,
                "pause",
                f"paused for {hours:g} h: {campaign.pause_reason}",
            )
            return Reply(f"{campaign.name} is paused.")

    def resume(self, campaign_name: str, *, moderator: str | None = None) -> Reply:
        """Restart the clock; the deadline is never less than the grace period away."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if moderator is not None:
                self._require_moderator(campaign, moderator)
            return self._resume(session, campaign, moderator)

    def _resume(self, session: Session, campaign: Campaign, moderator: str | None) -> Reply:
        if campaign.status != "paused":
            raise RequestError(f"{campaign.name} is not paused")
        campaign.status = "running"
        campaign.paused_until = None
        grace = self.clock() + timedelta(hours=self._rules(campaign).grace_hours)
        if campaign.deadline is None or campaign.deadline < grace:
            campaign.deadline = grace
        self._log(session, campaign, moderator or "the pause's expiry", "resume", "resumed")
        return Reply(f"{campaign.name} is running again.")

    def rollback(self, campaign_name: str, *, moderator: str, day: int) -> Reply:
        """Return to the start of ``day``: the state then, the seats' missed days and readiness
        and the reminder as they were, its reports and its players' decisions removed
        (re-resolving asks them again); re-resolving it with the same orders and answers gives
        the same results (the dice are in the state)."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            step = "start" if day == 1 else "end"
            snapshot = repo.get_snapshot(session, campaign_id=_id(campaign), day=day, step=step)
            if snapshot is None or day > campaign.day:
                raise RequestError(f"{campaign.name} has no start of day {day} to return to")
            self._restore_ledger(session, campaign, snapshot.ledger)
            settings = self._settings(campaign)
            if settings.report_due is not None and settings.report_due >= day:
                done = {"report_due": None, "report_snapshot": None}
                campaign.options = settings.model_copy(update=done).stored()
            self._snapshot(session, campaign, GameState.from_json(snapshot.state), "rollback")
            for record in repo.list_events(session, campaign_id=_id(campaign), day=day):
                session.delete(record)
            for later in range(day + 1, campaign.day + 1):
                for record in repo.list_events(session, campaign_id=_id(campaign), day=later):
                    session.delete(record)
            repo.delete_decisions(session, campaign_id=_id(campaign), from_day=day)
            campaign.day = day
            campaign.status = "running"
            campaign.deadline = next_deadline(self.clock(), self._rules(campaign))
            self._log(session, campaign, moderator, "rollback", f"rolled back to day {day}")
            return Reply(f"{campaign.name} is back at the start of day {day}.")

    def _restore_ledger(self, session: Session, campaign: Campaign, ledger: dict[str, Any]) -> None:
        """Put the seats' missed days and readiness, and the day whose reminder was sent, back as
        ``ledger`` recorded them (a ledger from before they were recorded changes nothing)."""
        recorded = ledger.get("seats", {})
        for seat in self._seats(session, campaign):
            entry = recorded.get(str(_id(seat)))
            if entry is not None:
                seat.missed_days = int(entry["missed_days"])
                seat.ready = bool(entry["ready"])
        if "reminded_day" in ledger:
            settings = self._settings(campaign)
            reminded = ledger["reminded_day"]
            campaign.options = settings.model_copy(update={"reminded_day": reminded}).stored()

    def view_orders(self, campaign_name: str, *, moderator: str, character: str) -> Reply:
        """A character's orders in force (moderators only; logged)."""
        with session_scope(self.engine) as session:
            campaign = self._running_for(session, campaign_name, moderator)
            seat = self._seat_of(session, campaign, character)
            current = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
            row = current.get(_id(seat))
            self._log(
                session, campaign, moderator, "orders", f"viewed the {seat.character}'s orders"
            )
            return Reply(row.canonical if row else f"No orders for the {seat.character}.")

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
            campaign.locked = locked
            self._log(session, campaign, moderator, "lock", "locked" if locked else "unlocked")
            return Reply(f"{campaign.name} is {'locked' if locked else 'unlocked'}.")

    def announce(self, campaign_name: str, *, moderator: str, text: str) -> Reply:
        """Post a moderator's announcement in the campaign's channel."""
        _text(text, "announcement")
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
        _text(player_name, "player name")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            self._require_moderator(campaign, moderator)
            seat = self._seat_of(session, campaign, character)
            seat.player, seat.player_name = player, player_name[:100]
            seat.missed_days = 0
            for day in range(1, campaign.day):
                records = repo.list_events(session, campaign_id=_id(campaign), day=day)
                if records:
                    journal = day_report([repo.as_event(r) for r in records], seat.character)
                    self._post(session, campaign, "dm", player, journal)
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
            seat = next(
                (s for s in self._seats(session, campaign) if s.character == character), None
            )
            if seat is None:
                raise RequestError(f"no seat plays the {character} in {campaign.name}")
            seat.autopilot = on
            self._log(
                session,
                campaign,
                moderator,
                "autopilot",
                f"autopilot {'on' if on else 'off'} for the {seat.character}",
            )
            return Reply(f"Autopilot {'on' if on else 'off'} for the {seat.character}.")

    # --- the outbox -----------------------------------------------------------------------------

    def undelivered(self, limit: int = 100) -> list[OutboxMessage]:
        """Messages waiting for the transport, oldest first."""
        with session_scope(self.engine) as session:
            return repo.undelivered_messages(session, limit=limit)

    def player_campaigns(self, player: str) -> list[str]:
        """The running campaigns ``player`` has a seat in."""
        with session_scope(self.engine) as session:
            seats = repo.list_player_seats(session, player=player)
            ids = {s.campaign_id for s in seats}
            return [c.name for c in repo.list_running_campaigns(session) if c.id in ids]

    def channels(self) -> dict[int, str | None]:
        """Each campaign's public channel by campaign id (for the transport's delivery)."""
        with session_scope(self.engine) as session:
            return {c.id: c.channel for c in session.exec(select(Campaign)) if c.id is not None}

    def map_image(self, campaign_name: str, *, player: str | None = None) -> bytes:
        """The current map as the player's character sees it, or as the public sees it."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            state = self._state(session, campaign)
            viewer = self._viewer(session, campaign, player)
        return render_map(self.catalog, view_for(self.catalog, state, viewer))

    def campaign_names(self) -> dict[int, str]:
        """Every campaign's name by id (for transports that file messages by campaign)."""
        with session_scope(self.engine) as session:
            return {c.id: c.name for c in session.exec(select(Campaign)) if c.id is not None}

    def delivered(self, message_id: int) -> None:
        """Mark one outbox message delivered (after the transport sent it)."""
        with session_scope(self.engine) as session:
            repo.mark_delivered(session, message_id=message_id, at=self.clock())

    # --- helpers --------------------------------------------------------------------------------

    def _campaign(self, session: Session, name: str) -> Campaign:
        """The campaign called ``name`` that the request may see (:mod:`bot.scope`): in its
        server, among its sender's, or any (``#<id>`` names one by id); locked for this
        transaction. A campaign the request may not see is answered as if it did not exist."""
        visible = self._visible(session)
        if name.startswith("#") and name[1:].isdigit():
            found = [c for c in visible if c.id == int(name[1:])]
        else:
            found = [c for c in visible if c.name == name]
        if not found:
            names = sorted(c.name for c in visible)
            hint = f"; campaigns: {', '.join(names)}" if names and len(names) <= 25 else ""
            raise RequestError(f"there is no campaign called {name[:100]!r}{hint}")
        if len(found) > 1:
            raise RequestError(
                f"campaigns of several servers are called {name[:100]!r}: "
                "ask in the campaign's own channel"
            )
        campaign = found[0]
        repo.lock_campaign(session, campaign_id=_id(campaign))  # writers of it wait their turn
        return campaign

    def campaign(self, campaign_name: str) -> Campaign:
        """The campaign called ``campaign_name`` as the current request may see it (detached:
        for reading), or :class:`RequestError` as if it did not exist."""
        with session_scope(self.engine) as session:
            return self._campaign(session, campaign_name)

    def _visible(self, session: Session) -> list[Campaign]:
        """The campaigns the current request may see (see :mod:`bot.scope`)."""
        where = scope.current()
        query = select(Campaign)
        if where is not None and where.guild is not None:
            query = query.where(Campaign.guild == where.guild)
        campaigns = list(session.exec(query))
        if where is not None and where.player is not None:
            seated = {s.campaign_id for s in repo.list_player_seats(session, player=where.player)}
            campaigns = [c for c in campaigns if c.id in seated]
        return campaigns

    def _seats(self, session: Session, campaign: Campaign) -> list[Seat]:
        return repo.list_seats(session, campaign_id=_id(campaign))

    def _player_seat(self, session: Session, campaign: Campaign, player: str) -> Seat | None:
        """The seat ``player`` holds in the campaign, if any."""
        return next((s for s in self._seats(session, campaign) if s.player == player), None)

    def _own_seat(self, session: Session, campaign: Campaign, player: str) -> Seat:
        """The seat ``player`` holds in the campaign; a RequestError if he has none."""
        seat = self._player_seat(session, campaign, player)
        if seat is None:
            raise RequestError(f"you have no character in {campaign.name}")
        return seat

    def _viewer(self, session: Session, campaign: Campaign, player: str | None) -> str:
        """Who sees a report or map: the public, or the player's character."""
        if player is None:
            return PUBLIC
        return self._own_seat(session, campaign, player).character

    def _running_seat(
        self, session: Session, name: str, player: str
    ) -> tuple[Campaign, Seat, GameState]:
        campaign = self._campaign(session, name)
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}: orders are not open")
        seat = self._own_seat(session, campaign, player)
        return campaign, seat, self._state(session, campaign)

    def _checked(
        self, text: str, state: GameState, character: str
    ) -> tuple[ParseResult, Reply | None]:
        """Parse orders; with any problem, the reply listing every one (nothing is stored)."""
        result = parse_orders(text, state, character, catalog=self.catalog)
        if result.orders is not None:
            return result, None
        refusal = render(
            "messages/order_errors.txt.j2",
            character=character,
            errors=result.errors,
            warnings=result.warnings,
        )
        return result, Reply(refusal)

    def _running_for(self, session: Session, name: str, moderator: str) -> Campaign:
        campaign = self._campaign(session, name)
        self._require_moderator(campaign, moderator)
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}, not running")
        return campaign

    def _seat_of(self, session: Session, campaign: Campaign, character: str) -> Seat:
        seat = next((s for s in self._seats(session, campaign) if s.character == character), None)
        if seat is None:
            played = ", ".join(s.character for s in self._seats(session, campaign))
            raise RequestError(f"no seat plays the {character} in {campaign.name} ({played})")
        return seat

    def _require_moderator(self, campaign: Campaign, who: str) -> None:
        if who not in campaign.moderators:
            raise NotModeratorError(f"only the moderators of {campaign.name} may do that")

    def _settings(self, campaign: Campaign) -> CampaignSettings:
        return CampaignSettings.of(campaign.options)

    def _rules(self, campaign: Campaign) -> DeadlineRules:
        return self._settings(campaign).deadlines

    def _state_id(self, session: Session, campaign: Campaign) -> int | None:
        """The id of the campaign's latest snapshot: it changes whenever the game does."""
        return repo.latest_snapshot_id(session, campaign_id=_id(campaign))

    def _state(self, session: Session, campaign: Campaign) -> GameState:
        snapshot = repo.latest_snapshot(session, campaign_id=_id(campaign))
        if snapshot is None:
            raise RequestError(f"{campaign.name} has no game yet")
        try:
            return GameState.from_json(snapshot.state, self.catalog)
        except ValueError as error:
            raise RequestError(
                f"{campaign.name}'s saved game (snapshot {snapshot.id}) is damaged: "
                f"{load_problem(error)}; a moderator can roll it back to a good day"
            ) from None

    def _snapshot(
        self, session: Session, campaign: Campaign, state: GameState, step: str
    ) -> Snapshot:
        """Save ``state`` after ``step``, with the service's ledger of this moment (see
        :class:`~db.models.Snapshot`), which a rollback to it restores."""
        seats = {
            str(_id(seat)): {"missed_days": seat.missed_days, "ready": seat.ready}
            for seat in self._seats(session, campaign)
        }
        return repo.save_snapshot(
            session,
            campaign_id=_id(campaign),
            day=state.day,
            step=step,
            state=state.to_json(),
            created_at=self.clock(),
            ledger={"seats": seats, "reminded_day": self._settings(campaign).reminded_day},
        )

    def _orders_for_day(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], state: GameState
    ) -> dict[str, Orders]:
        after = self._settings(campaign).autopilot_after
        submitted = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
        orders: dict[str, Orders] = {}
        for seat in seats:
            if seat.character not in state.characters:
                continue
            text = submitted[_id(seat)].text if _id(seat) in submitted else None
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
        self._post(session, campaign, "dm", seat.player, text)
        what = f"{len(problems)} phase(s) left blank" if usable else "none could be used"
        notice = f"{campaign.name}: the {seat.character}'s {source} for day {campaign.day}: {what}."
        self._post(session, campaign, "moderators", None, notice + " The player was told why.")

    def _post(
        self,
        session: Session,
        campaign: Campaign,
        kind: str,
        to: str | None,
        content: str,
        attachment: tuple[str, bytes] | None = None,
    ) -> None:
        repo.add_message(
            session,
            campaign_id=_id(campaign),
            kind=kind,
            to=to,
            content=content,
            attachment_name=attachment[0] if attachment else None,
            attachment=attachment[1] if attachment else None,
            created_at=self.clock(),
        )

    def _post_views(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        seats: Sequence[Seat],
        *,
        intro: bool,
    ) -> None:
        public = view_for(self.catalog, state, PUBLIC)
        self._post(
            session,
            campaign,
            "channel",
            None,
            render(
                "messages/started.txt.j2",
                campaign=campaign.name,
                characters=[s.character for s in seats],
                deadline=campaign.deadline,
            ),
            attachment=("map-day-1.png", render_map(self.catalog, public)),
        )
        for seat in seats:
            mine = view_for(self.catalog, state, seat.character)
            sheet = next(c for c in mine.characters if c.name == seat.character)
            self._post(
                session,
                campaign,
                "dm",
                seat.player,
                render("messages/sheet.txt.j2", character=sheet, campaign=campaign.name),
            )
        moderator = view_for(self.catalog, state, MODERATOR)
        self._post(
            session,
            campaign,
            "moderators",
            None,
            f"{campaign.name}: {len(moderator.characters)} characters seated.",
        )

    def _log(
        self, session: Session, campaign: Campaign, moderator: str, action: str, detail: str
    ) -> None:
        """Every moderator action is one line in the public log."""
        repo.log_action(
            session,
            campaign_id=_id(campaign),
            moderator=moderator,
            action=action,
            detail=detail,
            at=self.clock(),
        )
        self._post(
            session,
            campaign,
            "channel",
            None,
            render("messages/moderator_log.txt.j2", moderator=moderator, detail=detail),
        )


def _id(row: Campaign | Seat) -> int:
    if row.id is None:
        raise AssertionError("row not flushed")
    return row.id


def _first_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return str(error.errors(include_url=False)[0]["msg"]).removeprefix("Value error, ")
    return str(error).splitlines()[0]


def _text(value: str, what: str) -> str:
    """``value`` if every character of it is text, else a refusal naming ``what`` and the
    character: a lone surrogate could not even be stored, a control character would garble
    every message that quotes it."""
    bad = not_text(value)
    if bad is not None:
        raise RequestError(
            f"{what}: {bad} is not text (a broken or control character); type it again"
        )
    return value


def _clean_name(name: str) -> str:
    cleaned = " ".join(_text(name, "campaign name").split())
    if not 1 <= len(cleaned) <= 100:
        raise RequestError("a campaign name has 1 to 100 characters")
    return cleaned
