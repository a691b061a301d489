"""A campaign's life (:class:`Campaigns`): created by a moderator, joined by players, their
secret setup choices, started; and what anyone may read of it — its status, a past day's report,
its final report, its map — and the names transports file it under.

Each method is one unit of work on the store (:class:`bot.store.Store`): it reads the
campaign, checks the request, changes what must change and writes the messages that report it
to the outbox, all in one transaction, and returns the reply to the person who asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from bot import archive, scope
from bot.campaign_settings import CampaignSettings, SettingError
from bot.cards import Carded, Seat, status_reply
from bot.deadlines import next_deadline, when
from bot.i18n import N_, _, later, ngettext, speaking
from bot.names import did_you_mean, matching
from bot.render import render, word
from bot.store import (
    Reply,
    RequestError,
    Store,
    Taken,
    require_moderator,
    row_id,
    typed_text,
)
from bot.terms import term
from bot.wording import choices_text, status_word
from db import event_log, repo
from db.models import Campaign
from db.models import Seat as SeatRow
from rules import MODERATOR, GameState, read_name, view_for

if TYPE_CHECKING:
    from bot.publishing import Publisher

#: The largest seed a campaign can have: the column is a 32-bit integer on PostgreSQL.
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Joined(Reply):
    """A seat taken: the campaign's and the character's names as the game spells them."""

    campaign: str
    character: str


def clean_name(name: str) -> str:
    """A campaign's name as typed, its runs of spaces made one; 1 to 100 characters of text."""
    cleaned = " ".join(typed_text(name, _("campaign name")).split())
    if not 1 <= len(cleaned) <= 100:
        raise RequestError(_("A campaign name has 1 to 100 characters"))
    return cleaned


def published(campaign: Campaign, day: int) -> bool:
    """Whether ``day``'s report is out: the day is resolved (before the campaign's current day,
    or its last once it is finished) and its reports are posted (not ``report_due``)."""
    if campaign.report_due is not None and day >= campaign.report_due:
        return False
    return day < campaign.day or (day == campaign.day and campaign.status == "finished")


class Campaigns:
    """Campaigns created, joined, set up and started, and read, over the ``store``; a start's
    map is drawn, and its autopilot's first orders worked out, by the ``publisher`` (made when
    first needed: reading a campaign needs none of it)."""

    def __init__(self, store: Store, publisher: Callable[[], Publisher]) -> None:
        self.store = store
        self._publisher = publisher

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
            raise RequestError(_("A campaign name does not start with '#'"))
        where = scope.current()
        if guild is None and where is not None:
            guild = where.guild
        if not 0 <= seed <= MAX_SEED:
            raise RequestError(
                _("The seed is a whole number from 0 to %(most)s") % {"most": MAX_SEED}
            )
        try:
            settings = CampaignSettings.created(options or {})
        except SettingError as error:
            raise RequestError(
                _("The campaign cannot be created: %(error)s") % {"error": error}
            ) from None
        taken = RequestError(
            _("A campaign called %(name)s exists already; choose another") % {"name": repr(name)}
        )
        try:
            with self.store.unit() as session:
                if repo.get_campaign(session, name=name, guild=guild) is not None:
                    raise taken
                playing = repo.unfinished_in_channel(session, channel=channel)
                if playing:
                    raise RequestError(
                        _(
                            "This channel plays %(campaign)s already: a channel is one "
                            "campaign's; create the new one in another channel or a thread"
                        )
                        % {"campaign": playing[0].name}
                    )
                campaign = repo.create_campaign(
                    session,
                    name=name,
                    guild=guild,
                    channel=channel,
                    seed=seed,
                    created_at=self.store.clock(),
                    options=settings.stored(),
                    moderators=[moderator],
                )
                self.store.log(
                    session, campaign, moderator, "create", later(N_("created %(name)s"), name=name)
                )
        except IntegrityError:
            raise taken from None  # two servers' moderators raced for the name (PostgreSQL)
        return Reply(render("messages/created.txt.j2", campaign=name, settings=settings.shown()))

    def join(self, campaign_name: str, *, player: str, player_name: str, character: str) -> Joined:
        """Seat ``player`` as ``character`` (its name whatever the case, or as a rulebook in
        another language names it: ``Amazona``; a typo is answered with the closest names): one
        player per character, first come first served."""
        typed_text(player_name, _("player name"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            if campaign.status != "enrolling":
                raise RequestError(
                    _("%(campaign)s has started; ask a moderator to replace a seat")
                    % {"campaign": campaign.name}
                )
            characters = self.store.catalog.characters
            known = matching(character, characters.names())
            if known is None and (spanish := read_name(character)) is not None:
                known = matching(spanish, characters.names())  # his rulebook's name for him
            if known is None:
                hint = did_you_mean(character, characters)
                raise RequestError(
                    _("Unknown character %(name)s%(hint)s")
                    % {"name": repr(character.strip()[:40]), "hint": hint}
                )
            card = characters[known]
            seats = self.store.seats(session, campaign)
            if any(s.character == card.name for s in seats):
                raise RequestError(
                    _("The %(character)s is taken in %(campaign)s; choose another")
                    % {"character": term(card.name), "campaign": campaign.name}
                )
            if any(s.player == player for s in seats):
                raise RequestError(
                    _("You already play in %(campaign)s") % {"campaign": campaign.name}
                )
            if player in campaign.moderators:
                raise RequestError(
                    _(
                        "You moderate %(campaign)s, and a moderator sees every secret: hand it "
                        "over (/gm handover) before you play in it"
                    )
                    % {"campaign": campaign.name}
                )
            repo.add_seat(
                session,
                campaign_id=row_id(campaign),
                character=card.name,
                player=player,
                player_name=player_name[:100],
                joined_at=self.store.clock(),
            )
            self.store.outbox(session, campaign).channel(
                partial(render, "messages/joined.txt.j2", player=player_name, character=card.name)
            )
            said = _("You play the %(character)s in %(campaign)s.") % {
                "character": term(card.name),
                "campaign": campaign.name,
            }
            return Joined(said, campaign.name, card.name)

    def choose(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """The player's secret setup choices (3.3.3–3.3.6), before the game starts: lines such as
        ``start: Guard house``, ``victory: fame 2, gold 3``, ``spells: Absorb Essence, Peace``,
        ``enchant: MAGIC III4*``. Every choice is checked as setup will check it."""
        from rules import CharacterSetup, SetupError, new_game, setup_choices

        typed_text(text, _("setup choices"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            if campaign.status != "enrolling":
                raise RequestError(
                    _("%(campaign)s has started: setup choices are closed")
                    % {"campaign": campaign.name}
                )
            seat = self.store.own_seat(session, campaign, player)
            try:
                choices = {**seat.setup, **setup_choices(text)}
            except SetupError as error:
                raise RequestError(word(error.phrase)) from None
            try:
                setup = CharacterSetup.model_validate({**choices, "name": seat.character})
                weeks = self.store.settings(campaign).weeks
                new_game(self.store.catalog, campaign.seed, [setup], weeks=weeks)
            except (SetupError, ValueError) as error:
                why = word(error.phrase) if isinstance(error, SetupError) else str(error)
                raise RequestError(_("Not stored: %(error)s") % {"error": why}) from None
            seat.setup = choices
            shown = choices_text(choices)
            return Reply(
                _("Setup choices for the %(character)s stored (secret): %(choices)s")
                % {"character": term(seat.character), "choices": shown}
            )

    def start(self, campaign_name: str, *, moderator: str) -> Reply:
        """Set up the game (section 3) for the seated characters and open Birdsong of day 1.

        The game and its map are made outside any transaction, from the seats as they stood;
        the write transaction then checks that nothing changed meanwhile (a seat taken, the
        campaign started by another moderator) and stores it, so that drawing the map never
        holds the write lock (with many campaigns starting, the others' requests wait for none
        of it). The map is drawn, and the first day's orders of the seats on the autopilot
        worked out, in the publisher's pool if it has one
        (:meth:`bot.publishing.Publisher.public_map`, :meth:`~bot.publishing.Publisher
        .foresee_orders`)."""
        from rules import CharacterSetup, SetupError, new_game

        catalog = self.store.catalog
        with self.store.unit() as session:
            campaign, seats = self._enrolled(session, campaign_name, moderator)
            enrolled = [(s.id, s.character, s.setup) for s in seats]
            settings = self.store.settings(campaign)
            setups = [
                CharacterSetup.model_validate(
                    {**seat.setup, "name": seat.character, "player": seat.player}
                )
                for seat in seats
            ]
            seed = campaign.seed
        try:
            state = new_game(catalog, seed, setups, weeks=settings.weeks)
        except SetupError as error:
            raise RequestError(
                _("The game cannot be set up: %(error)s") % {"error": word(error.phrase)}
            ) from None
        options = settings.engine_options()
        state.options.update(options)
        started = Taken.of(state)
        publisher = self._publisher()
        image = publisher.public_map(started.text, settings.language.value)
        with self.store.unit() as session:
            campaign, seats = self._enrolled(session, campaign_name, moderator)
            if [(s.id, s.character, s.setup) for s in seats] != enrolled:
                raise RequestError(
                    _(
                        "The seats of %(campaign)s changed while it was being started; "
                        "start it again"
                    )
                    % {"campaign": campaign.name}
                )
            campaign.status = "running"
            campaign.day = state.game_day
            campaign.deadline = next_deadline(
                self.store.clock(), self.store.deadline_rules(campaign)
            )
            self.store.snapshot(session, campaign, started, "start")
            self.store.log(
                session,
                campaign,
                moderator,
                "start",
                later(N_("started with %(count)s seats"), count=len(seats)),
            )
            self._post_views(session, campaign, state, seats, image=image)
            due = f"{when(campaign.deadline)} UTC"
            pilots = [s.character for s in seats if s.autopilot]
        publisher.foresee_orders(started.text, options, pilots)
        return Reply(
            _("%(campaign)s has started: day 1, orders due %(due)s.")
            % {"campaign": campaign.name, "due": due}
        )

    def _enrolled(
        self, session: Session, campaign_name: str, moderator: str
    ) -> tuple[Campaign, list[SeatRow]]:
        """The campaign ``moderator`` starts, still enrolling, and its seats (at least one)."""
        campaign = self.store.campaign(session, campaign_name)
        require_moderator(campaign, moderator)
        if campaign.status != "enrolling":
            raise RequestError(_("%(campaign)s has already started") % {"campaign": campaign.name})
        seats = list(self.store.seats(session, campaign))
        if not seats:
            raise RequestError(
                _("Nobody has joined %(campaign)s yet") % {"campaign": campaign.name}
            )
        return campaign, seats

    def _post_views(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        seats: Sequence[SeatRow],
        *,
        image: tuple[str, bytes],
    ) -> None:
        """The start's messages: the channel's, with the public map (``image``, drawn outside
        the transaction), each seat's sheet, and the moderators' note."""
        from bot.sheets import sheet_text

        catalog = self.store.catalog
        out = self.store.outbox(session, campaign)
        out.channel(
            partial(
                render,
                "messages/started.txt.j2",
                campaign=campaign.name,
                characters=[s.character for s in seats],
                deadline=campaign.deadline,
            ),
            attachment=image,
        )
        for seat in seats:
            out.dm(seat.player, partial(sheet_text, catalog, state, seat.character, campaign.name))
        moderator = view_for(catalog, state, MODERATOR)
        with speaking(out.language()):
            count = len(moderator.characters)
            out.moderators(
                ngettext(
                    "%(campaign)s: %(count)s characters seated.",
                    "%(campaign)s: %(count)s characters seated.",
                    count,
                )
                % {"campaign": campaign.name, "count": count}
            )

    def campaign(self, campaign_name: str) -> Campaign:
        """The campaign called ``campaign_name`` as the current request may see it (detached:
        for reading), or :class:`RequestError` as if it did not exist."""
        return self.store.read(campaign_name)

    def status(self, campaign_name: str) -> Carded:
        """The public status: day, deadline, and for each character whether orders are in and
        whether he is ready — never what the orders say — or that he is dead or gone."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seats = self.store.seats(session, campaign)
            submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            out: dict[str, str] = {}
            try:
                state = (
                    self.store.state(session, campaign) if campaign.status != "enrolling" else None
                )
            except RequestError:
                state = None  # a damaged saved game: the status still shows the seats
            if state is not None:
                for seat in seats:
                    sheet = state.characters.get(seat.character)
                    gone = sheet.departed if sheet is not None else None
                    if gone is not None:  # what the board shows (9.1.1, 9.2.2)
                        out[seat.character] = (
                            _("left the map")
                            if gone.how == "left_map"
                            else _("dead, takes no orders")
                        )
            return status_reply(
                campaign,
                [
                    Seat(s.character, row_id(s) in submitted, s.ready, out.get(s.character, ""))
                    for s in seats
                ],
            )

    def history(self, campaign_name: str, *, day: int, player: str | None = None) -> Reply:
        """A past day's report: the public one, or the player's own journal of it — only once
        the day's report is out (:func:`published`): a day still being resolved, its combat
        windows open, is no one's to read yet."""
        from bot.reports import day_report

        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            viewer = self.store.viewer(session, campaign, player)
            records = event_log.list_events(session, campaign_id=row_id(campaign), day=day)
            if not records or not published(campaign, day):
                raise RequestError(
                    _("%(campaign)s has no report for day %(day)s yet")
                    % {"campaign": campaign.name, "day": day}
                )
            return Reply(day_report([event_log.as_event(r) for r in records], viewer))

    def rolls(self, campaign_name: str, *, moderator: str, day: int) -> Reply:
        """Every roll of ``day`` (4.1), in the order the dice drew it — who, for what, the dice,
        the modifier, the result, and whether a test forced it — for the moderators alone: the
        record each resolution of the day kept with its events (``dice_log``). Read only."""
        from rules.events import logged_rolls

        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            records = event_log.list_events(session, campaign_id=row_id(campaign), day=day)
            if not records:
                raise RequestError(
                    _("%(campaign)s has no events of day %(day)s yet")
                    % {"campaign": campaign.name, "day": day}
                )
            rolls = logged_rolls([event_log.as_event(r) for r in records if r.type == "dice_log"])
            return Reply(
                render("reports/rolls.txt.j2", campaign=campaign.name, day=day, rolls=rolls)
            )

    def final(self, campaign_name: str) -> Reply:
        """The final report of a finished campaign (issue 17), as its archive gives it again:
        the requirements, the scores, the victor and the epilogue (the route maps were posted
        with it)."""
        from bot.final_report import final_events, final_report

        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            snapshot = repo.latest_snapshot(session, campaign_id=row_id(campaign))
            last = None if snapshot is None else GameState.from_json(snapshot.state)
            if campaign.status != "finished" or last is None or last.today.stage != "over":
                raise RequestError(
                    _("%(campaign)s is not over yet: its final report comes after its last day")
                    % {"campaign": campaign.name}
                )
            first = archive.first_state(session, row_id(campaign)) or last
            days = archive.every_day(session, row_id(campaign), last.game_day, types=final_events())
        report = final_report(self.store.catalog, campaign.name, first, last, days, maps=False)
        return Reply(report.text)

    def map_image(self, campaign_name: str, *, player: str | None = None) -> bytes:
        """The current map as the player's character sees it, or as the public sees it."""
        from bot.maps import render_map

        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            state = self.store.state(session, campaign)
            viewer = self.store.viewer(session, campaign, player)
        catalog = self.store.catalog
        return render_map(catalog, view_for(catalog, state, viewer))

    def player_campaigns(self, player: str) -> list[str]:
        """The running campaigns ``player`` has a seat in."""
        with self.store.unit() as session:
            seats = repo.list_player_seats(session, player=player)
            ids = {s.campaign_id for s in seats}
            return [c.name for c in repo.list_running_campaigns(session) if c.id in ids]

    def channels(self) -> dict[int, str | None]:
        """Each campaign's public channel by campaign id (for the transport's delivery)."""
        with self.store.unit() as session:
            return {c.id: c.channel for c in session.exec(select(Campaign)) if c.id is not None}

    def listing(self) -> Reply:
        """Every campaign of the database, by name, one line each with its state and day (the
        command line's ``local list``)."""
        with self.store.unit() as session:
            found = sorted(session.exec(select(Campaign)), key=lambda c: c.name.casefold())
            lines = [
                _("%(campaign)s: %(status)s, day %(day)s")
                % {"campaign": c.name, "status": status_word(c.status), "day": c.day}
                for c in found
            ]
        if not lines:
            return Reply(
                _("No campaign yet: 'realmbot local create NAME --moderator YOU' makes one.")
            )
        return Reply("\n".join(lines))

    def campaign_names(self) -> dict[int, str]:
        """Every campaign's name by id (for transports that file messages by campaign)."""
        with self.store.unit() as session:
            return {c.id: c.name for c in session.exec(select(Campaign)) if c.id is not None}
