"""What every part of the campaign service shares: finding the campaign a request may see and
locking it, the seats, the saved game, the settings, and writing to the outbox (:class:`Outbox`,
the one writer of every message) and the moderators' log.

The service itself is :class:`bot.service.CampaignService`; its parts are layered, each on the
one before: :class:`CampaignBase` (here), :class:`bot.resolution.Resolver` (resolving days,
decisions, wake-ups and reports), :class:`bot.moderation.Moderation` (the moderators' desk).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import ColumnElement, Engine, func
from sqlmodel import Session, col

from bot import directory
from bot.campaign_settings import CampaignSettings, SettingError
from bot.cards import Refusal
from bot.cards import Reply as Reply  # re-exported: the replies of every request
from bot.deadlines import DeadlineRules
from bot.maps import map_file_name, render_map
from bot.names import did_you_mean, matching
from bot.render import render
from bot.sheets import sheet_text
from bot.window_books import window_books
from bot.wording import asker_name, known_name, with_name
from db import messages, repo, rewind
from db.engine import session_scope
from db.models import Campaign, Seat, Snapshot
from rules import (
    MODERATOR,
    PUBLIC,
    Catalog,
    GameState,
    ParseResult,
    not_text,
    parse_orders,
    read_state,
    view_for,
)
from rules.day.leaving import in_play
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
class Joined(Reply):
    """A seat taken: the campaign's and the character's names as the game spells them."""

    campaign: str
    character: str


def version_tag(version: int, text: str) -> str:
    """``v3 · a1b2``: the version of a player's orders and a short hash of their text."""
    return f"v{version} · {hashlib.sha256(text.encode()).hexdigest()[:4]}"


@dataclass(frozen=True)
class Outbox:
    """Where one unit of work writes the messages about one campaign — its channel, a player's
    DMs, its moderators — in the transaction of the change they report; the transport delivers
    them after the commit, exactly once."""

    session: Session
    campaign: Campaign
    clock: Clock

    def channel(self, content: str, *, attachment: tuple[str, bytes] | None = None) -> None:
        """A message to the campaign's public channel, with an attachment (name, bytes)."""
        self._add("channel", None, content, attachment)

    def dm(self, player: str, content: str) -> None:
        """A private message to ``player``."""
        self._add("dm", player, content, None)

    def moderators(self, content: str) -> None:
        """A message to the campaign's moderators (their channel); it holds no secret."""
        self._add("moderators", None, content, None)

    def moderators_only(self, content: str) -> None:
        """A message for the moderators that the public must not see (about a fight going
        on): by DM to each, since the moderators' channel may be the campaign's own."""
        for moderator in self.campaign.moderators:
            self.dm(moderator, content)

    def _add(
        self, kind: str, to: str | None, content: str, attachment: tuple[str, bytes] | None
    ) -> None:
        messages.add_message(
            self.session,
            campaign_id=row_id(self.campaign),
            kind=kind,
            to=to,
            content=content,
            attachment_name=attachment[0] if attachment else None,
            attachment=attachment[1] if attachment else None,
            created_at=self.clock(),
            flush=False,
        )


class CampaignBase:
    """The campaign service's shared core over one database (see the module docstring)."""

    def __init__(self, engine: Engine, catalog: Catalog, clock: Clock = system_clock) -> None:
        self.engine = engine
        self.catalog = catalog
        self.clock = clock

    def _campaign(self, session: Session, name: str) -> Campaign:
        """The campaign called ``name`` that the request may see (:mod:`bot.scope`): in its
        server, among its sender's, or any (``#<id>`` names one by id); locked for this
        transaction. A campaign the request may not see is answered as if it did not exist.

        The name matches whatever its case (names are unique in a server whatever the case; of
        two servers', one spelled exactly so wins); a name that matches nothing is answered with
        the closest names."""
        if name.startswith("#") and name[1:].isdigit():
            found = self._visible(session, col(Campaign.id) == int(name[1:]))
        else:
            found = self._visible(session, func.lower(col(Campaign.name)) == func.lower(name))
            exact = [c for c in found if c.name == name]
            found = exact if len(exact) == 1 else found
        if not found:
            names = sorted(c.name for c in self._visible(session))
            hint = did_you_mean(name, names)
            if not hint and names and len(names) <= 25:
                hint = f"; campaigns: {', '.join(names)}"
            raise RequestError(f"there is no campaign called {name[:100]!r}{hint}")
        if len(found) > 1:
            raise RequestError(
                f"campaigns of several servers are called {name[:100]!r}: "
                "ask in the campaign's own channel"
            )
        campaign = found[0]
        repo.lock_campaign(session, campaign_id=row_id(campaign))  # writers of it wait their turn
        return campaign

    def campaign(self, campaign_name: str) -> Campaign:
        """The campaign called ``campaign_name`` as the current request may see it (detached:
        for reading), or :class:`RequestError` as if it did not exist."""
        with session_scope(self.engine) as session:
            return self._campaign(session, campaign_name)

    def _visible(self, session: Session, *where: ColumnElement[bool]) -> list[Campaign]:
        """The campaigns the current request may see (:func:`bot.directory.visible`), of those
        ``where`` selects (all when not given)."""
        return directory.visible(session, *where)

    def _seats(self, session: Session, campaign: Campaign) -> list[Seat]:
        return repo.list_seats(session, campaign_id=row_id(campaign))

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

    def _running_seat(self, session: Session, name: str, player: str) -> tuple[Campaign, Seat]:
        """The running campaign called ``name`` and ``player``'s seat in it, or a refusal (the
        game itself is :meth:`_state`, read only by those who need it)."""
        campaign = self._campaign(session, name)
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}: orders are not open")
        return campaign, self._own_seat(session, campaign, player)

    def _without_orders(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], now: datetime
    ) -> list[Seat]:
        """Those of ``seats`` whose orders for the campaign's day are missing: in play (9.1.1,
        9.2.2), not away at ``now``, with no orders sent (the late a nudge or reminder tells)."""
        submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
        state = self._state(session, campaign)
        return [
            s
            for s in seats
            if row_id(s) not in submitted
            and (s.away_until is None or s.away_until <= now)
            and in_play(state, s.character)
        ]

    def _require_in_play(self, campaign: Campaign, seat: Seat, state: GameState) -> None:
        """Refuse orders for a character who left play (9.1.1, 9.2.2), saying what his player
        may do."""
        sheet = state.characters.get(seat.character)
        departure = sheet.departed if sheet is not None else None
        if departure is None:
            return
        if departure.how == "left_map":
            raise RequestError(
                f"the {seat.character} has left the map: he takes no more part in "
                f"{campaign.name} (9.2.2b). Nothing was stored."
            )
        raise RequestError(
            f"the {seat.character} is dead ({departure.cause}): he takes no orders. Start again "
            f"from game day {departure.restart_day} with a DM whose first line is 'restart "
            f"{campaign.name}' and whose lines below are your choices: 'character: <name>' "
            "(default the same), 'victory: fame 2, gold 3' (9.1.2). Nothing was stored."
        )

    def _checked(
        self, text: str, state: GameState, character: str
    ) -> tuple[ParseResult, Refusal | None]:
        """Parse orders; with any problem, the refusal listing every one (nothing is stored)."""
        result = parse_orders(text, state, character, catalog=self.catalog)
        if result.orders is not None:
            return result, None
        refusal = render(
            "messages/order_errors.txt.j2",
            character=character,
            errors=result.errors,
            warnings=result.warnings,
        )
        return result, Refusal(refusal)

    def _running_for(self, session: Session, name: str, moderator: str) -> Campaign:
        campaign = self._campaign(session, name)
        self._require_moderator(campaign, moderator)
        if campaign.status != "running":
            raise RequestError(f"{campaign.name} is {campaign.status}, not running")
        return campaign

    def _seat_of(self, session: Session, campaign: Campaign, character: str) -> Seat:
        """The seat that plays ``character`` (whatever its case), or a refusal naming the
        closest character played and every one."""
        seats = self._seats(session, campaign)
        played = [s.character for s in seats]
        name = matching(character, played)
        seat = next((s for s in seats if s.character == name), None)
        if seat is None:
            listed = f"({', '.join(played)}){did_you_mean(character, played)}"
            raise RequestError(f"no seat plays the {character[:40]} in {campaign.name} {listed}")
        return seat

    def _require_moderator(self, campaign: Campaign, who: str) -> None:
        if who not in campaign.moderators:
            raise NotModeratorError(f"only the moderators of {campaign.name} may do that")

    def _require_unfinished(self, campaign: Campaign) -> None:
        """Refuse to change how a finished campaign plays — its settings, its lock, its seats:
        the game is over and scored (a rollback, which plays a day again, is the way back)."""
        if campaign.status == "finished":
            raise RequestError(
                f"{campaign.name} is finished: its settings and seats no longer change (a "
                "rollback plays a day again). Nothing changed."
            )

    def _settings(self, campaign: Campaign) -> CampaignSettings:
        """The campaign's settings; a refusal if what is stored is damaged (a key that is no
        setting, a value out of range), naming what."""
        try:
            return CampaignSettings.of(campaign.options)
        except SettingError as error:
            raise RequestError(f"{campaign.name}'s stored settings are damaged: {error}") from None

    def _rules(self, campaign: Campaign) -> DeadlineRules:
        return self._settings(campaign).deadlines

    def _state_id(self, session: Session, campaign: Campaign) -> int | None:
        """The id of the campaign's latest snapshot: it changes whenever the game does."""
        return repo.latest_snapshot_id(session, campaign_id=row_id(campaign))

    def _state(self, session: Session, campaign: Campaign) -> GameState:
        snapshot = repo.latest_snapshot(session, campaign_id=row_id(campaign))
        if snapshot is None:
            raise RequestError(f"{campaign.name} has no game yet")
        try:
            return read_state(snapshot.state, self.catalog)
        except ValueError as error:
            raise RequestError(
                f"{campaign.name}'s saved game (snapshot {snapshot.id}) is damaged: "
                f"{load_problem(error)}; a moderator can roll it back to a good day"
            ) from None

    def _snapshot(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        step: str,
        *,
        points: Sequence[str] = (),
    ) -> Snapshot:
        """Save ``state`` after ``step``, with the service's ledger of this moment (see
        :class:`~db.models.Snapshot`), which a rollback to it restores.

        With ``points``, the snapshot is a moment of the day a moderator may roll back to,
        by those names (the start of the Evening, of a combat round): its ledger also keeps how
        many of the day's events and which decisions came before it, and the combat windows'
        bookkeeping."""
        seats = {
            str(row_id(seat)): {
                "missed_days": seat.missed_days,
                "ready": seat.ready,
                "character": seat.character,
                "lives": seat.lives,
            }
            for seat in self._seats(session, campaign)
        }
        ledger: dict[str, Any] = {"seats": seats, "reminded_day": campaign.reminded_day}
        if points:
            ledger |= {
                "points": list(points),
                "events": repo.event_count(
                    session, campaign_id=row_id(campaign), day=state.game_day
                ),
                "decisions": rewind.last_decision_id(session, campaign_id=row_id(campaign)),
                "windows": window_books(campaign),
            }
        return repo.save_snapshot(
            session,
            campaign_id=row_id(campaign),
            day=state.game_day,
            step=step,
            state=state.to_json(),
            created_at=self.clock(),
            ledger=ledger,
        )

    def _outbox(self, session: Session, campaign: Campaign) -> Outbox:
        """The outbox of ``campaign`` in this unit of work (see :class:`Outbox`)."""
        return Outbox(session, campaign, self.clock)

    def _post_views(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        seats: Sequence[Seat],
        *,
        intro: bool,
        image: tuple[str, bytes] | None = None,
    ) -> None:
        """The start's messages: the channel's, with the public map (``image``, if drawn
        already: outside the transaction), each seat's sheet, and the moderators' note."""
        if image is None:
            public = view_for(self.catalog, state, PUBLIC)
            image = (map_file_name(public), render_map(self.catalog, public))
        self._outbox(session, campaign).channel(
            render(
                "messages/started.txt.j2",
                campaign=campaign.name,
                characters=[s.character for s in seats],
                deadline=campaign.deadline,
            ),
            attachment=image,
        )
        for seat in seats:
            self._outbox(session, campaign).dm(
                seat.player, sheet_text(self.catalog, state, seat.character, campaign.name)
            )
        moderator = view_for(self.catalog, state, MODERATOR)
        self._outbox(session, campaign).moderators(
            f"{campaign.name}: {len(moderator.characters)} characters seated."
        )

    def _log(
        self,
        session: Session,
        campaign: Campaign,
        moderator: str,
        action: str,
        detail: str,
        *,
        public: bool = True,
    ) -> None:
        """Every moderator action is one line in the log, posted in the channel; an action on
        a combat window goes to the moderators only (not ``public``, see
        :meth:`Outbox.moderators_only`), since the channel must not learn when a fight goes on
        (pbem-combat.md §6). The moderator is named by his display name (:mod:`bot.wording`),
        which the campaign keeps for later lines."""
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
            detail=detail,
            at=self.clock(),
        )
        line = render("messages/moderator_log.txt.j2", moderator=name, detail=detail)
        if public:
            self._outbox(session, campaign).channel(line)
        else:
            self._outbox(session, campaign).moderators_only(line)


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
    bad = not_text(value)
    if bad is not None:
        raise RequestError(
            f"{what}: {bad} is not text (a broken or control character); type it again"
        )
    return value


def clean_name(name: str) -> str:
    """A campaign's name as typed, its runs of spaces made one; 1 to 100 characters of text."""
    cleaned = " ".join(typed_text(name, "campaign name").split())
    if not 1 <= len(cleaned) <= 100:
        raise RequestError("a campaign name has 1 to 100 characters")
    return cleaned
