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

from sqlalchemy import Engine
from sqlmodel import Session, select

from bot.deadlines import DeadlineRules, next_deadline
from bot.mapimage import render_map
from bot.render import render
from bot.reports import day_report
from db import repo
from db.engine import session_scope
from db.models import Campaign, OutboxMessage, Seat
from rules.autopilot import autopilot_orders
from rules.catalog import Catalog, UnknownNameError
from rules.day import resolve
from rules.orders import Orders
from rules.parse import parse_orders
from rules.setup import CharacterSetup, SetupError, new_game
from rules.state import GameState
from rules.view import MODERATOR, PUBLIC, view_for

Clock = Callable[[], datetime]

#: After this many days without orders a seat is played by the autopilot (campaign option
#: ``autopilot_after``).
DEFAULT_AUTOPILOT_AFTER = 2


def system_clock() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


class RequestError(Exception):
    """A request the service refuses; the message says what, why and how to fix it."""


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
        """A new campaign, enrolling players, moderated by ``moderator``."""
        name = _clean_name(name)
        rules = DeadlineRules.model_validate((options or {}).get("deadlines", {}))
        with session_scope(self.engine) as session:
            if repo.get_campaign(session, name=name) is not None:
                raise RequestError(f"a campaign called {name!r} exists already; choose another")
            campaign = repo.create_campaign(
                session,
                name=name,
                guild=guild,
                channel=channel,
                seed=seed,
                created_at=self.clock(),
                options={**(options or {}), "deadlines": rules.model_dump(mode="json")},
                moderators=[moderator],
            )
            self._log(session, campaign, moderator, "create", f"created {name}")
            return Reply(f"Campaign {name} created. Players join with their character's name.")

    def join(self, campaign_name: str, *, player: str, player_name: str, character: str) -> Reply:
        """Seat ``player`` as ``character``: one player per character, first come first served."""
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
            state.options["wait_for_decisions"] = bool(campaign.options.get("wait_for_decisions"))
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
        store nothing and say every problem."""
        with session_scope(self.engine) as session:
            campaign, seat, state = self._running_seat(session, campaign_name, player)
            if campaign.locked:
                raise RequestError(f"{campaign.name} is locked by its moderators; orders wait")
            result = parse_orders(text, state, seat.character, catalog=self.catalog)
            if result.orders is None:
                return Reply(
                    render(
                        "messages/order_errors.txt.j2",
                        character=seat.character,
                        errors=result.errors,
                        warnings=result.warnings,
                    )
                )
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

    # --- resolution -----------------------------------------------------------------------------

    def due(self) -> list[str]:
        """The running campaigns whose deadline has passed (and that are not locked)."""
        with session_scope(self.engine) as session:
            due = repo.list_due_campaigns(session, now=self.clock())
            return [c.name for c in due if not c.locked]

    def resolve_day(self, campaign_name: str, *, moderator: str | None = None) -> Reply:
        """Resolve the current day: every seat's orders (his latest, else his standing orders,
        else the autopilot once he has missed enough days, else a blank day), then post the
        public report and map and each player's private report, and open the next day."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if moderator is not None:
                self._require_moderator(campaign, moderator)
            if campaign.status != "running":
                raise RequestError(f"{campaign.name} is {campaign.status}, not running")
            state = self._state(session, campaign)
            seats = self._seats(session, campaign)
            orders = self._orders_for_day(session, campaign, seats, state)
            resolution = resolve(state, orders, catalog=self.catalog)
            new = resolution.state
            repo.save_events(
                session, campaign_id=_id(campaign), day=campaign.day, events=resolution.events
            )
            self._snapshot(session, campaign, new, "end")
            report = day_report(resolution.events, PUBLIC)
            image = render_map(self.catalog, view_for(self.catalog, new, PUBLIC))
            self._post(
                session,
                campaign,
                "channel",
                None,
                report,
                attachment=(f"map-day-{campaign.day}.png", image),
            )
            for seat in seats:
                self._post(
                    session,
                    campaign,
                    "dm",
                    seat.player,
                    day_report(resolution.events, seat.character),
                )
                seat.ready = False
            if moderator is not None:
                self._log(session, campaign, moderator, "force", f"resolved day {campaign.day}")
            finished = new.today.stage == "over"
            campaign.day = new.day
            campaign.status = "finished" if finished else "running"
            campaign.deadline = (
                None if finished else next_deadline(self.clock(), self._rules(campaign))
            )
            return Reply(f"{campaign.name}: day {campaign.day - (0 if finished else 1)} resolved.")

    # --- moderation -----------------------------------------------------------------------------

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
        campaign = repo.get_campaign(session, name=name)
        if campaign is None:
            names = session.exec(select(Campaign.name)).all()
            hint = f"; campaigns: {', '.join(names)}" if names else ""
            raise RequestError(f"there is no campaign called {name!r}{hint}")
        return campaign

    def _seats(self, session: Session, campaign: Campaign) -> list[Seat]:
        return repo.list_seats(session, campaign_id=_id(campaign))

    def _running_seat(
        self, session: Session, name: str, player: str
    ) -> tuple[Campaign, Seat, GameState]:
        campaign = self._campaign(session, name)
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}: orders are not open")
        seat = next((s for s in self._seats(session, campaign) if s.player == player), None)
        if seat is None:
            raise RequestError(f"you have no character in {campaign.name}")
        return campaign, seat, self._state(session, campaign)

    def _require_moderator(self, campaign: Campaign, who: str) -> None:
        if who not in campaign.moderators:
            raise RequestError(f"only the moderators of {campaign.name} may do that")

    def _rules(self, campaign: Campaign) -> DeadlineRules:
        return DeadlineRules.model_validate(campaign.options.get("deadlines", {}))

    def _state(self, session: Session, campaign: Campaign) -> GameState:
        snapshot = repo.latest_snapshot(session, campaign_id=_id(campaign))
        if snapshot is None:
            raise RequestError(f"{campaign.name} has no game yet")
        return GameState.from_json(snapshot.state)

    def _snapshot(self, session: Session, campaign: Campaign, state: GameState, step: str) -> None:
        repo.save_snapshot(
            session,
            campaign_id=_id(campaign),
            day=state.day,
            step=step,
            state=state.to_json(),
            created_at=self.clock(),
        )

    def _orders_for_day(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], state: GameState
    ) -> dict[str, Orders]:
        after = int(str(campaign.options.get("autopilot_after", DEFAULT_AUTOPILOT_AFTER)))
        submitted = repo.current_orders(session, campaign_id=_id(campaign), day=campaign.day)
        orders: dict[str, Orders] = {}
        for seat in seats:
            if seat.character not in state.characters:
                continue
            text = submitted[_id(seat)].text if _id(seat) in submitted else None
            if text is None:
                seat.missed_days += 1
                if seat.autopilot or seat.missed_days > after:
                    text = autopilot_orders(state, seat.character, catalog=self.catalog)
                elif seat.standing_orders:
                    text = seat.standing_orders
            else:
                seat.missed_days = 0
            if text is None:
                continue
            parsed = parse_orders(text, state, seat.character, catalog=self.catalog)
            if parsed.orders is not None:
                orders[seat.character] = parsed.orders
        return orders

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


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= 100:
        raise RequestError("a campaign name has 1 to 100 characters")
    return cleaned
