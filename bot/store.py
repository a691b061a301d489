"""The store every campaign service works through (:class:`Store`): a unit of work on the
database, the campaign a request may see, found and locked, its seats, its saved game and
snapshots, its settings, the outbox a unit of work writes (:class:`Outbox`, the one writer of
every message) and the moderators' log, and the injected clock; with the refusals every service
raises (:class:`RequestError`).

The services are separate classes over one store, each given the others it needs
(:class:`bot.service.CampaignService` composes them); none inherits from another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from pydantic import ValidationError
from sqlalchemy import ColumnElement, Engine, func
from sqlmodel import Session, col

from bot import directory
from bot.campaign_settings import CampaignSettings, SettingError
from bot.cards import Reply as Reply  # re-exported: the replies of every request
from bot.deadlines import DeadlineRules
from bot.i18n import _
from bot.names import did_you_mean, matching
from bot.outbox_writer import Outbox, Text, english
from bot.render import render
from bot.window_books import window_books
from bot.wording import asker_name, known_name, status_word, with_name
from db import event_log, messages, repo, rewind
from db.engine import session_scope
from db.models import Campaign, OutboxMessage, Seat, Snapshot
from rules import PUBLIC, Catalog, GameState, load_problem, read_state

Clock = Callable[[], datetime]
#: Where a unit of work's session keeps the snapshots :meth:`Store.snapshot` saved in it.
_SAVED = "realmbot.saved_snapshots"


def system_clock() -> datetime:
    """The real time, in UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Taken:
    """A game state as it was at a moment of a unit of work (its text and day), for
    :meth:`Store.snapshot` to save later in the unit if at all: the game has gone on since."""

    text: str
    day: int

    @classmethod
    def of(cls, state: GameState) -> Taken:
        return cls(state.to_json(), state.game_day)


class RequestError(Exception):
    """A request the service refuses; the message says what, why and how to fix it."""


class NotModeratorError(RequestError):
    """A moderator's request from someone who is not one of the campaign's moderators."""


class Store:
    """What every campaign service works through, over one database: a unit of work
    (:meth:`unit`, one transaction), the campaign a request may see, found and locked
    (:meth:`campaign`), its seats, its saved game (:meth:`state`, :meth:`snapshot`), its
    settings, the outbox the unit of work writes (:meth:`outbox`), the moderators' log
    (:meth:`log`), and the injected clock, which is the only time a service looks at."""

    def __init__(self, engine: Engine, catalog: Catalog, clock: Clock = system_clock) -> None:
        self.engine = engine
        self.catalog = catalog
        self.clock = clock

    def unit(self) -> AbstractContextManager[Session]:
        """One unit of work: a transaction, committed if the block succeeds, rolled back
        whole if it raises (:func:`db.engine.session_scope`)."""
        return session_scope(self.engine)

    def campaign(self, session: Session, name: str) -> Campaign:
        """The campaign called ``name`` that the request may see (:mod:`bot.scope`): in its
        server, among its sender's, or any (``#<id>`` names one by id); locked for this
        transaction. A campaign the request may not see is answered as if it did not exist.

        The name matches whatever its case (names are unique in a server whatever the case; of
        two servers', one spelled exactly so wins); a name that matches nothing is answered with
        the closest names."""
        if name.startswith("#") and name[1:].isdigit():
            found = self.visible(session, col(Campaign.id) == int(name[1:]))
        else:
            found = self.visible(session, func.lower(col(Campaign.name)) == func.lower(name))
            exact = [c for c in found if c.name == name]
            found = exact if len(exact) == 1 else found
        if not found:
            names = sorted(c.name for c in self.visible(session))
            hint = did_you_mean(name, names)
            if not hint and names and len(names) <= 25:
                hint = _("; campaigns: %(names)s") % {"names": ", ".join(names)}
            raise RequestError(
                _("There is no campaign called %(name)s%(hint)s")
                % {"name": repr(name[:100]), "hint": hint}
            )
        if len(found) > 1:
            raise RequestError(
                _(
                    "Campaigns of several servers are called %(name)s: "
                    "ask in the campaign's own channel"
                )
                % {"name": repr(name[:100])}
            )
        campaign = found[0]
        repo.lock_campaign(session, campaign_id=row_id(campaign))  # writers of it wait their turn
        return campaign

    def read(self, campaign_name: str) -> Campaign:
        """The campaign called ``campaign_name`` as the current request may see it (detached:
        for reading), or :class:`RequestError` as if it did not exist."""
        with self.unit() as session:
            return self.campaign(session, campaign_name)

    def visible(self, session: Session, *where: ColumnElement[bool]) -> list[Campaign]:
        """The campaigns the current request may see (:func:`bot.directory.visible`), of those
        ``where`` selects (all when not given)."""
        return directory.visible(session, *where)

    def seats(self, session: Session, campaign: Campaign) -> list[Seat]:
        return repo.list_seats(session, campaign_id=row_id(campaign))

    def player_seat(self, session: Session, campaign: Campaign, player: str) -> Seat | None:
        """The seat ``player`` holds in the campaign, if any."""
        return next((s for s in self.seats(session, campaign) if s.player == player), None)

    def own_seat(self, session: Session, campaign: Campaign, player: str) -> Seat:
        """The seat ``player`` holds in the campaign; a RequestError if he has none."""
        seat = self.player_seat(session, campaign, player)
        if seat is None:
            raise RequestError(
                _("You have no character in %(campaign)s") % {"campaign": campaign.name}
            )
        return seat

    def viewer(self, session: Session, campaign: Campaign, player: str | None) -> str:
        """Who sees a report or map: the public, or the player's character."""
        if player is None:
            return PUBLIC
        return self.own_seat(session, campaign, player).character

    def running_seat(self, session: Session, name: str, player: str) -> tuple[Campaign, Seat]:
        """The running campaign called ``name`` and ``player``'s seat in it, or a refusal (the
        game itself is :meth:`state`, read only by those who need it)."""
        campaign = self.campaign(session, name)
        if campaign.status != "running":
            raise RequestError(
                _("%(campaign)s is %(status)s: orders are not open")
                % {"campaign": campaign.name, "status": status_word(campaign.status)}
            )
        return campaign, self.own_seat(session, campaign, player)

    def running_for(self, session: Session, name: str, moderator: str) -> Campaign:
        """The running campaign called ``name``, which ``moderator`` moderates, or a refusal."""
        campaign = self.campaign(session, name)
        require_moderator(campaign, moderator)
        if campaign.status != "running":
            raise RequestError(
                _("%(campaign)s is %(status)s, not running")
                % {"campaign": campaign.name, "status": status_word(campaign.status)}
            )
        return campaign

    def seat_of(self, session: Session, campaign: Campaign, character: str) -> Seat:
        """The seat that plays ``character`` (whatever its case), or a refusal naming the
        closest character played and every one."""
        seats = self.seats(session, campaign)
        played = [s.character for s in seats]
        name = matching(character, played)
        seat = next((s for s in seats if s.character == name), None)
        if seat is None:
            listed = f"({', '.join(played)}){did_you_mean(character, played)}"
            raise RequestError(
                _("No seat plays the %(character)s in %(campaign)s %(listed)s")
                % {"character": character[:40], "campaign": campaign.name, "listed": listed}
            )
        return seat

    def settings(self, campaign: Campaign) -> CampaignSettings:
        """The campaign's settings; a refusal if what is stored is damaged (a key that is no
        setting, a value out of range), naming what."""
        try:
            return CampaignSettings.of(campaign.options)
        except SettingError as error:
            raise RequestError(
                _("%(campaign)s's stored settings are damaged: %(error)s")
                % {"campaign": campaign.name, "error": error}
            ) from None

    def deadline_rules(self, campaign: Campaign) -> DeadlineRules:
        return self.settings(campaign).deadlines

    def state_id(self, session: Session, campaign: Campaign) -> int | None:
        """The id of the campaign's latest snapshot: it changes whenever the game does."""
        return repo.latest_snapshot_id(session, campaign_id=row_id(campaign))

    def state(self, session: Session, campaign: Campaign) -> GameState:
        return self.saved(session, campaign)[0]

    def saved(self, session: Session, campaign: Campaign) -> tuple[GameState, str]:
        """The latest snapshot's game and the text it is read from."""
        snapshot = repo.latest_snapshot(session, campaign_id=row_id(campaign))
        if snapshot is None:
            raise RequestError(_("%(campaign)s has no game yet") % {"campaign": campaign.name})
        try:
            return read_state(snapshot.state, self.catalog), snapshot.state
        except ValueError as error:
            raise RequestError(
                _(
                    "%(campaign)s's saved game (snapshot %(snapshot)s) is damaged: "
                    "%(problem)s; a moderator can roll it back to a good day"
                )
                % {
                    "campaign": campaign.name,
                    "snapshot": snapshot.id,
                    "problem": load_problem(error),
                }
            ) from None

    def game(self, session: Session, campaign: Campaign) -> GameState:
        """The latest snapshot's game, with the engine options the settings give now (a
        moderator may have changed them since it was saved)."""
        return self.saved_game(session, campaign)[0]

    def saved_game(self, session: Session, campaign: Campaign) -> tuple[GameState, str]:
        """:meth:`game`, and the text of the snapshot it is read from."""
        state, text = self.saved(session, campaign)
        state.options.update(self.settings(campaign).engine_options())
        return state, text

    def snapshot(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState | Taken,
        step: str,
        *,
        points: Sequence[str] = (),
        seats: Sequence[Seat] | None = None,
        events: int | None = None,
    ) -> Snapshot:
        """Save ``state`` after ``step``, with the service's ledger of this moment (see
        :class:`~db.models.Snapshot`), which a rollback to it restores; ``state`` may be a
        :class:`Taken`, when the caller has its JSON already or took it earlier in the unit.

        With ``points``, the snapshot is a moment of the day a moderator may roll back to,
        by those names (the start of the Evening, of a combat round): its ledger also keeps how
        many of the day's events and which decisions came before it, and the combat windows'
        bookkeeping. The caller may give what it has read or written in this transaction
        already: the campaign's ``seats``, and how many ``events`` the state's day has stored."""
        taken = state if isinstance(state, Taken) else Taken.of(state)
        ledger_seats = {
            str(row_id(seat)): {
                "missed_days": seat.missed_days,
                "ready": seat.ready,
                "character": seat.character,
                "lives": seat.lives,
            }
            for seat in (self.seats(session, campaign) if seats is None else seats)
        }
        ledger: dict[str, Any] = {"seats": ledger_seats, "reminded_day": campaign.reminded_day}
        if points:
            ledger |= {
                "points": list(points),
                "events": (
                    event_log.event_count(session, campaign_id=row_id(campaign), day=taken.day)
                    if events is None
                    else events
                ),
                "decisions": rewind.last_decision_id(session, campaign_id=row_id(campaign)),
                "windows": window_books(campaign),
            }
        saved = repo.save_snapshot(
            session,
            campaign_id=row_id(campaign),
            day=taken.day,
            step=step,
            state=taken.text,
            created_at=self.clock(),
            ledger=ledger,
        )
        session.info.setdefault(_SAVED, {})[saved.id] = saved
        return saved

    def saved_snapshot(self, session: Session, snapshot_id: int | None) -> Snapshot | None:
        """The snapshot with ``snapshot_id``: the one :meth:`snapshot` saved in this unit of
        work, without reading it back (the session itself keeps only weak references to
        the rows it holds), else read."""
        saved: dict[int | None, Snapshot] = session.info.get(_SAVED, {})
        found = saved.get(snapshot_id)
        return found if found is not None else session.get(Snapshot, snapshot_id)

    def outbox(self, session: Session, campaign: Campaign) -> Outbox:
        """The outbox of ``campaign`` in this unit of work
        (:class:`bot.outbox_writer.Outbox`)."""
        return Outbox(session, campaign, self.clock)

    def log(
        self,
        session: Session,
        campaign: Campaign,
        moderator: str,
        action: str,
        detail: Text,
        *,
        public: bool = True,
    ) -> None:
        """Every moderator action is one line in the log, posted in the channel; an action on
        a combat window goes to the moderators only (not ``public``, see
        :meth:`Outbox.moderators_only`), since the channel must not learn when a fight goes on
        (pbem-combat.md §6). The moderator is named by his display name (:mod:`bot.wording`),
        which the campaign keeps for later lines. A ``detail`` given as what says it
        (:func:`bot.i18n.later`) is stored in English and posted in its readers' language."""
        name = known_name(campaign.moderator_names, moderator)
        asked = asker_name(moderator)
        if asked and campaign.moderator_names.get(moderator) != asked:
            campaign.moderator_names = with_name(campaign.moderator_names, moderator, asked)
        repo.log_action(
            session,
            campaign_id=row_id(campaign),
            moderator=moderator,
            moderator_name=name,
            action=action,
            detail=english(detail),
            at=self.clock(),
        )
        line = partial(_log_line, name, detail)
        if public:
            self.outbox(session, campaign).channel(line)
        else:
            self.outbox(session, campaign).moderators_only(line)

    def undelivered(self, limit: int = 100) -> list[OutboxMessage]:
        """Messages waiting for the transport, oldest first."""
        with self.unit() as session:
            return messages.undelivered_messages(session, limit=limit)

    def delivered(self, message_id: int) -> None:
        """Mark one outbox message delivered (after the transport sent it)."""
        with self.unit() as session:
            messages.mark_delivered(session, message_id=message_id, at=self.clock())


def _log_line(moderator: str, detail: Text) -> str:
    """A line of the moderators' log, in the language being spoken."""
    said = detail if isinstance(detail, str) else detail()
    return render("messages/moderator_log.txt.j2", moderator=moderator, detail=said)


def require_moderator(campaign: Campaign, who: str) -> None:
    """Refuse a moderator's request from someone who is not one of the campaign's moderators."""
    if who not in campaign.moderators:
        raise NotModeratorError(
            _("Only the moderators of %(campaign)s may do that") % {"campaign": campaign.name}
        )


def require_unfinished(campaign: Campaign) -> None:
    """Refuse to change how a finished campaign plays — its settings, its lock, its seats:
    the game is over and scored (a rollback, which plays a day again, is the way back)."""
    if campaign.status == "finished":
        raise RequestError(
            _(
                "%(campaign)s is finished: its settings and seats no longer change (a "
                "rollback plays a day again). Nothing changed."
            )
            % {"campaign": campaign.name}
        )


def row_id(row: Campaign | Seat) -> int:
    """The id of a row read from the database (an error for one not flushed yet)."""
    if row.id is None:
        raise AssertionError("row not flushed")
    return row.id


def first_line(error: Exception) -> str:
    """What ``error`` says, on one line, for a person."""
    if isinstance(error, ValidationError):
        return str(error.errors(include_url=False)[0]["msg"]).removeprefix("Value error, ")
    return str(error).splitlines()[0]


def typed_text(value: str, what: str) -> str:
    """``value`` if every character of it is text, else a refusal naming ``what`` and the
    character: a lone surrogate could not even be stored, a control character would garble
    every message that quotes it."""
    from rules import not_text  # the orders' reader: a read, which types nothing, never loads it

    bad = not_text(value)
    if bad is not None:
        raise RequestError(
            _("%(what)s: %(bad)s is not text (a broken or control character); type it again")
            % {"what": what, "bad": bad}
        )
    return value
