"""The campaign service: the moderator's rules, independent of any transport.

Discord and the command line call the same methods. Each method is one unit of work: it reads
the campaign, checks the request, changes what must change and writes the messages that report
it to the **outbox**, all in one transaction, and returns the reply to the person who asked. It
never sends anything itself and never looks at a clock it was not given.

:class:`CampaignService` is what the transports call: campaign life and the players' requests
here, on :class:`bot.moderation.Moderation` (the moderators' desk), on
:class:`bot.resolution.Resolver` (days, decisions, wake-ups, reports), and on the moderators'
team, nudges and status boards (:mod:`bot.moderators`, :mod:`bot.notifications`,
:mod:`bot.status_board`), all on :class:`bot.campaigns.CampaignBase` (the shared core).
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from bot import archive, scope
from bot.campaign_settings import CampaignSettings, SettingError
from bot.campaigns import (
    MAX_SEED,
    Clock,
    Joined,
    NotModeratorError,
    Reply,
    RequestError,
    clean_name,
    row_id,
    system_clock,
    typed_text,
    version_tag,
)
from bot.cards import Carded, Seat, status_reply
from bot.deadlines import next_deadline
from bot.final_report import final_report
from bot.maps import map_file_name, render_map
from bot.moderation import Moderation
from bot.moderators import ModeratorTeam
from bot.names import did_you_mean, matching
from bot.notifications import Notifications
from bot.render import render
from bot.reports import day_report
from bot.restarts import FreshStarts
from bot.sheets import sheet_reply
from bot.status_board import StatusBoards
from bot.wording import choices_text
from db import messages, repo
from db.engine import session_scope
from db.models import Campaign, OutboxMessage
from db.models import Seat as SeatRow
from rules import (
    PUBLIC,
    CharacterSetup,
    SetupError,
    new_game,
    setup_choices,
    view_for,
)
from rules.day.leaving import in_play
from rules.state import GameState

__all__ = [
    "CampaignService",
    "Clock",
    "NotModeratorError",
    "Reply",
    "RequestError",
    "system_clock",
    "version_tag",
]


class CampaignService(Moderation, ModeratorTeam, Notifications, StatusBoards, FreshStarts):
    """Campaign life, orders, resolution and moderation over one database."""

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
        and one that starts with ``#`` is not taken (it names campaigns by id). A channel plays
        one unfinished campaign at a time (its commands need no name there: issue 19)."""
        name = clean_name(name)
        if name.startswith("#"):
            raise RequestError("a campaign name does not start with '#'")
        where = scope.current()
        if guild is None and where is not None:
            guild = where.guild
        if not 0 <= seed <= MAX_SEED:
            raise RequestError(f"the seed is a whole number from 0 to {MAX_SEED}")
        try:
            settings = CampaignSettings.created(options or {})
        except SettingError as error:
            raise RequestError(f"the campaign cannot be created: {error}") from None
        taken = RequestError(f"a campaign called {name!r} exists already; choose another")
        try:
            with session_scope(self.engine) as session:
                if repo.get_campaign(session, name=name, guild=guild) is not None:
                    raise taken
                playing = repo.unfinished_in_channel(session, channel=channel)
                if playing:
                    raise RequestError(
                        f"this channel plays {playing[0].name} already: a channel is one "
                        "campaign's; create the new one in another channel or a thread"
                    )
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
        except IntegrityError:
            raise taken from None  # two servers' moderators raced for the name (PostgreSQL)
        return Reply(render("messages/created.txt.j2", campaign=name, settings=settings.shown()))

    def join(self, campaign_name: str, *, player: str, player_name: str, character: str) -> Joined:
        """Seat ``player`` as ``character`` (its name whatever the case; a typo is answered
        with the closest names): one player per character, first come first served."""
        typed_text(player_name, "player name")
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            if campaign.status != "enrolling":
                raise RequestError(
                    f"{campaign.name} has started; ask a moderator to replace a seat"
                )
            characters = self.catalog.characters
            known = matching(character, characters.names())
            if known is None:
                hint = did_you_mean(character, characters)
                raise RequestError(f"unknown character {character.strip()[:40]!r}{hint}")
            card = characters[known]
            seats = self._seats(session, campaign)
            if any(s.character == card.name for s in seats):
                raise RequestError(f"the {card.name} is taken in {campaign.name}; choose another")
            if any(s.player == player for s in seats):
                raise RequestError(f"you already play in {campaign.name}")
            if player in campaign.moderators:
                raise RequestError(
                    f"you moderate {campaign.name}, and a moderator sees every secret: hand it "
                    "over (/gm handover) before you play in it"
                )
            repo.add_seat(
                session,
                campaign_id=row_id(campaign),
                character=card.name,
                player=player,
                player_name=player_name[:100],
                joined_at=self.clock(),
            )
            self._outbox(session, campaign).channel(
                render("messages/joined.txt.j2", player=player_name, character=card.name)
            )
            return Joined(f"You play the {card.name} in {campaign.name}.", campaign.name, card.name)

    def choose(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """The player's secret setup choices (3.3.3–3.3.6), before the game starts: lines such as
        ``start: Guard house``, ``victory: fame 2, gold 3``, ``spells: Absorb Essence, Peace``,
        ``enchant: MAGIC III4*``. Every choice is checked as setup will check it."""
        typed_text(text, "setup choices")
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
                weeks = self._settings(campaign).weeks
                new_game(self.catalog, campaign.seed, [setup], weeks=weeks)
            except (SetupError, ValueError) as error:
                raise RequestError(f"not stored: {error}") from None
            seat.setup = choices
            shown = choices_text(choices)
            return Reply(f"Setup choices for the {seat.character} stored (secret): {shown}")

    def start(self, campaign_name: str, *, moderator: str) -> Reply:
        """Set up the game (section 3) for the seated characters and open Birdsong of day 1.

        The game and its map are made outside any transaction, from the seats as they stood;
        the write transaction then checks that nothing changed meanwhile (a seat taken, the
        campaign started by another moderator) and stores it, so that drawing the map never
        holds the write lock (with many campaigns starting, the others' requests wait for none
        of it)."""
        with session_scope(self.engine) as session:
            campaign, seats = self._enrolled(session, campaign_name, moderator)
            enrolled = [(s.id, s.character, s.setup) for s in seats]
            settings = self._settings(campaign)
            setups = [
                CharacterSetup.model_validate(
                    {**seat.setup, "name": seat.character, "player": seat.player}
                )
                for seat in seats
            ]
            seed = campaign.seed
        try:
            state = new_game(self.catalog, seed, setups, weeks=settings.weeks)
        except SetupError as error:
            raise RequestError(f"the game cannot be set up: {error}") from None
        state.options.update(settings.engine_options())
        public = view_for(self.catalog, state, PUBLIC)
        image = (map_file_name(public), render_map(self.catalog, public))
        with session_scope(self.engine) as session:
            campaign, seats = self._enrolled(session, campaign_name, moderator)
            if [(s.id, s.character, s.setup) for s in seats] != enrolled:
                raise RequestError(
                    f"the seats of {campaign.name} changed while it was being started; "
                    "start it again"
                )
            campaign.status = "running"
            campaign.day = state.game_day
            campaign.deadline = next_deadline(self.clock(), self._rules(campaign))
            self._snapshot(session, campaign, state, "start")
            self._log(session, campaign, moderator, "start", f"started with {len(seats)} seats")
            self._post_views(session, campaign, state, seats, intro=True, image=image)
            due = f"{campaign.deadline:%Y-%m-%d %H:%M} UTC"
            return Reply(f"{campaign.name} has started: day 1, orders due {due}.")

    def _enrolled(
        self, session: Session, campaign_name: str, moderator: str
    ) -> tuple[Campaign, list[SeatRow]]:
        """The campaign ``moderator`` starts, still enrolling, and its seats (at least one)."""
        campaign = self._campaign(session, campaign_name)
        self._require_moderator(campaign, moderator)
        if campaign.status != "enrolling":
            raise RequestError(f"{campaign.name} has already started")
        seats = list(self._seats(session, campaign))
        if not seats:
            raise RequestError(f"nobody has joined {campaign.name} yet")
        return campaign, seats

    def submit_orders(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Store ``player``'s orders for the current day if every line is valid; otherwise
        store nothing and say every problem. While the day is being resolved (it waits for
        mid-day decisions) its orders are in and the next day's are not open yet: orders are
        refused, saying so, rather than stored and never used.

        The orders are read outside the write transaction, against the game as it stood; if
        the game moved on before the write (another day resolved, a rollback), they are read
        again against the new state inside it."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            state = self._state(session, campaign)
            seen = self._state_id(session, campaign)
            self._require_in_play(campaign, seat, state)
        result, refusal = self._checked(text, state, seat.character)
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            self._require_orders_open(session, campaign)
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

    def _require_orders_open(self, session: Session, campaign: Campaign) -> None:
        """Refuse what changes a day's orders while they are closed: the campaign locked by its
        moderators, or its day being resolved (it waits for players' decisions: its orders are
        in, and the next day's are not open yet)."""
        if campaign.locked:
            raise RequestError(f"{campaign.name} is locked by its moderators; orders wait")
        if repo.open_decisions(session, campaign_id=row_id(campaign)):
            raise RequestError(
                f"day {campaign.day} of {campaign.name} is being resolved and waits for "
                f"players' decisions: its orders are in; send day {campaign.day + 1}'s once "
                "its report is out. Nothing was stored."
            )

    def ready(self, campaign_name: str, *, player: str, ready: bool = True) -> Reply:
        """Mark the player ready (or not); when every seat is ready the day may resolve early.
        Refused while orders are closed (:meth:`_require_orders_open`)."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            self._require_orders_open(session, campaign)
            seat.ready = ready
            state = self._state(session, campaign)
            waiting = [
                s.character
                for s in self._seats(session, campaign)
                if not s.ready and in_play(state, s.character)
            ]
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
            _, seat = self._running_seat(session, campaign_name, player)
            seat.away_until = self.clock() + timedelta(days=days) if days else None
            if seat.away_until is None:
                return Reply(f"Welcome back: the {seat.character} is no longer away.")
            until = f"{seat.away_until:%Y-%m-%d %H:%M} UTC"
            return Reply(f"The {seat.character} is away until {until}.")

    def status(self, campaign_name: str) -> Carded:
        """The public status: day, deadline, and for each character whether orders are in and
        whether he is ready — never what the orders say — or that he is dead or gone."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            seats = self._seats(session, campaign)
            submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            out: dict[str, str] = {}
            try:
                state = self._state(session, campaign) if campaign.status != "enrolling" else None
            except RequestError:
                state = None  # a damaged saved game: the status still shows the seats
            if state is not None:
                for seat in seats:
                    sheet = state.characters.get(seat.character)
                    gone = sheet.departed if sheet is not None else None
                    if gone is not None:  # what the board shows (9.1.1, 9.2.2)
                        out[seat.character] = (
                            "left the map" if gone.how == "left_map" else "dead, takes no orders"
                        )
            return status_reply(
                campaign,
                [
                    Seat(s.character, row_id(s) in submitted, s.ready, out.get(s.character, ""))
                    for s in seats
                ],
            )

    def sheet(self, campaign_name: str, *, player: str) -> Reply:
        """The player's own sheet, as his view shows it, with his hirelings (private)."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            state = self._state(session, campaign)
            return sheet_reply(self.catalog, state, seat.character, campaign.name)

    def show_orders(self, campaign_name: str, *, player: str) -> Reply:
        """The player's orders in force for today, with their version."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            current = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            row = current.get(row_id(seat))
            if row is None:
                standing = (
                    f" Standing orders: {seat.standing_orders}" if seat.standing_orders else ""
                )
                return Reply(f"No orders for the {seat.character} on day {campaign.day}.{standing}")
            return Reply(
                f"Day {campaign.day}, {version_tag(row.version, row.canonical)}:\n{row.canonical}"
            )

    def clear_orders(self, campaign_name: str, *, player: str) -> Reply:
        """Withdraw today's orders (his standing orders or the autopilot will apply), while
        orders are open (:meth:`_require_orders_open`): the orders of a day being resolved are the
        record a rollback plays the day again with."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            self._require_orders_open(session, campaign)
            repo.clear_orders(session, seat=seat, day=campaign.day, submitted_at=self.clock())
            return Reply(f"Orders for the {seat.character} on day {campaign.day} cleared.")

    def set_standing(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Orders used on any day the player sends none; checked as today's orders are. A
        suicide (9.2.2a) is refused there: it is one day's deliberate order, never a default."""
        with session_scope(self.engine) as session:
            campaign, seat = self._running_seat(session, campaign_name, player)
            state = self._state(session, campaign)
            self._require_in_play(campaign, seat, state)
            result, refusal = self._checked(text, state, seat.character)
            if refusal is not None:
                return refusal
            if result.orders is not None and result.orders.instructions.suicide:
                raise RequestError(
                    "standing orders cannot say 'suicide: at midnight': they stand for every "
                    "day without orders. Send it in the orders of the day he is to die "
                    "(9.2.2a). Nothing was stored."
                )
            seat.standing_orders = text
            return Reply(f"Standing orders for the {seat.character}:\n{result.echo}")

    def history(self, campaign_name: str, *, day: int, player: str | None = None) -> Reply:
        """A past day's report: the public one, or the player's own journal of it."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            viewer = self._viewer(session, campaign, player)
            records = repo.list_events(session, campaign_id=row_id(campaign), day=day)
            if not records:
                raise RequestError(f"{campaign.name} has no report for day {day} yet")
            return Reply(day_report([repo.as_event(r) for r in records], viewer))

    def final(self, campaign_name: str) -> Reply:
        """The final report of a finished campaign (issue 17), as its archive gives it again:
        the requirements, the scores, the victor and the epilogue (the route maps were posted
        with it)."""
        with session_scope(self.engine) as session:
            campaign = self._campaign(session, campaign_name)
            snapshot = repo.latest_snapshot(session, campaign_id=row_id(campaign))
            last = None if snapshot is None else GameState.from_json(snapshot.state)
            if campaign.status != "finished" or last is None or last.today.stage != "over":
                raise RequestError(
                    f"{campaign.name} is not over yet: its final report comes after its last day"
                )
            first = archive.first_state(session, row_id(campaign)) or last
            days = archive.every_day(session, row_id(campaign), last.game_day)
        return Reply(final_report(self.catalog, campaign.name, first, last, days, maps=False).text)

    def undelivered(self, limit: int = 100) -> list[OutboxMessage]:
        """Messages waiting for the transport, oldest first."""
        with session_scope(self.engine) as session:
            return messages.undelivered_messages(session, limit=limit)

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
            messages.mark_delivered(session, message_id=message_id, at=self.clock())
