"""Resolving a campaign's days (:class:`Resolver`): a day resolved exactly once, mid-day
decisions asked and answered, and the day going on until it is over or must wait.

The day goes on in one loop (:meth:`Resolver.go_on`): store what the engine produced; if it
needs decisions, have the combat windows ask them (:class:`bot.windows.Windows`); if none is
left open, resolve on at once; else stop, and whoever later answers or closes what was asked
has the loop go on (:meth:`Resolver.continue_day`). A finished day's reports are posted after
the commit (:class:`bot.publishing.Publisher`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from sqlmodel import Session

from bot.deadlines import next_deadline
from bot.demon_exchange import DemonExchanges
from bot.i18n import N_, _, later, ngettext, speaking
from bot.outbox_writer import campaign_language
from bot.publishing import Ended, Publisher
from bot.render import render
from bot.store import Reply, RequestError, Store, Taken, require_moderator, row_id
from bot.terms import term
from bot.windows import BEFORE_EVENING, EVENING, Windows
from bot.wording import status_word
from db import event_log, repo, rewind
from db.models import Campaign, Seat
from rules import (
    Event,
    GameState,
    Orders,
    ParseResult,
    Problem,
    Resolution,
    autopilot_orders,
    in_play,
    is_combat_id,
    parse_standing,
    resolve,
)


@dataclass(frozen=True)
class _Ran:
    """What :meth:`Resolver._run` resolved: the ``resolution``; when it stopped at the
    Evening's start, how many events the day had ``stored`` then and the ``evening``'s state;
    and the events it stored itself (``told``), when they are the day's from its first (None
    when the day had stored some before)."""

    resolution: Resolution
    stored: int | None = None
    evening: Taken | None = None
    told: tuple[Event, ...] | None = ()


#: Orders that could not all be used (:meth:`Resolver._mended`): the seat, where they came
#: from, how they read and the phases left blank.
_Mending = tuple[Seat, str, ParseResult, Sequence[Problem]]


class Resolver:
    """Resolving days and answering their decisions, over the ``store``; the ``windows`` ask
    what the engine needs, and the ``publisher`` posts a finished day's reports."""

    def __init__(self, store: Store, windows: Windows, publisher: Publisher) -> None:
        self.store = store
        self.windows = windows
        self.publisher = publisher

    def resolve_day(
        self,
        campaign_name: str,
        *,
        day: int,
        moderator: str | None = None,
        post: bool = True,
        ended: list[Ended] | None = None,
    ) -> Reply:
        """Resolve ``day``, which must be the campaign's current day: a moderator's force and
        the local command name the day they mean, so that re-running one after a crash never
        resolves the next day by surprise, and of racers only one resolves it.

        Every seat's orders are used (his latest, else his standing orders, else the autopilot
        once he has missed enough days, else a blank day); then the public report and map and
        each player's private report are posted, and the next day opens. When the campaign
        waits for decisions and the engine needs one, the players concerned are asked by DM and
        the day resumes once they answer or their time runs out. Without ``post``, the reports
        are left due for the caller to post (:meth:`bot.publishing.Publisher.publish`), once it
        has done what it would do while their map is drawn (the demo writes the day before's),
        and what the resolution's unit of work read of them (the day's end state and events,
        :meth:`bot.publishing.Publisher.ended`) is added to ``ended``, for the posting to take
        once that unit has committed."""
        self.publisher.publish_left(campaign_name)
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            if moderator is not None:
                require_moderator(campaign, moderator)
            if campaign.day > day:
                raise RequestError(
                    _("Day %(day)s of %(campaign)s is already resolved; it is day %(today)s")
                    % {"day": day, "campaign": campaign.name, "today": campaign.day}
                )
            if campaign.day != day:
                raise RequestError(
                    _("%(campaign)s is on day %(today)s, not day %(day)s")
                    % {"campaign": campaign.name, "today": campaign.day, "day": day}
                )
            reply = self.resolve(session, campaign)
            if moderator is not None:
                self.store.log(
                    session,
                    campaign,
                    moderator,
                    "force",
                    later(N_("resolved day %(day)s"), day=day),
                )
            finished = self.publisher.ended(session, campaign, final=False)
        if post:
            self.publisher.publish(campaign_name, finished)
        elif ended is not None and finished is not None:
            ended.append(finished)
        return reply

    def resolve(self, session: Session, campaign: Campaign) -> Reply:
        """Resolve the campaign's current day (see :meth:`resolve_day`), in the caller's
        transaction, on the locked campaign."""
        if campaign.status != "running":
            raise RequestError(
                _("%(campaign)s is %(status)s, not running")
                % {"campaign": campaign.name, "status": status_word(campaign.status)}
            )
        if repo.open_decisions(session, campaign_id=row_id(campaign)):
            raise RequestError(
                _("%(campaign)s is waiting for players' decisions") % {"campaign": campaign.name}
            )
        seats = self.store.seats(session, campaign)
        state, saved = self.store.saved_game(session, campaign)
        orders, mended = self._orders_for_day(session, campaign, seats, state, saved)
        answers = self._answers(session, campaign)
        ran = self._run(session, campaign, state, orders, answers)
        self.publisher.post_held(session, campaign)  # the day before's, if held: first
        for mending in mended:
            self._mended(session, campaign, *mending)
        return self.go_on(session, campaign, ran, seats)

    def answer(self, campaign_name: str, *, player: str, answer: str) -> Reply:
        """The player's answer to the decision he was asked; the day resumes once every open
        decision is answered."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            waiting = repo.open_decisions(
                session, campaign_id=row_id(campaign), character=seat.character
            )
            waiting = [d for d in waiting if not is_combat_id(d.ref)]
            if not waiting:
                raise RequestError(
                    _(
                        "The %(character)s has no decision to make now (in a combat window, "
                        "answer with a DM starting `plays`)"
                    )
                    % {"character": term(seat.character)}
                )
            decision = waiting[0]
            wanted = answer.strip().casefold()
            chosen = next((o for o in decision.options if o.casefold() == wanted), None)
            if chosen is None:
                raise RequestError(
                    _("%(answer)s is not one of: %(options)s")
                    % {"answer": repr(answer.strip()[:60]), "options": " | ".join(decision.options)}
                )
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=chosen)
            if repo.open_decisions(session, campaign_id=row_id(campaign)):
                return Reply(
                    _("Answer recorded: %(answer)s. Waiting for the other players.")
                    % {"answer": chosen}
                )
            self.continue_day(session, campaign)
        self.publisher.publish(campaign_name)
        return Reply(_("Answer recorded: %(answer)s. The day goes on.") % {"answer": chosen})

    def open_decision(self, campaign_name: str, *, player: str) -> tuple[str, ...] | None:
        """The options of the decision the player must make now (the one :meth:`answer`
        answers: not a combat window's), or None."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seat = self.store.player_seat(session, campaign, player)
            if seat is None:
                return None
            waiting = repo.open_decisions(
                session, campaign_id=row_id(campaign), character=seat.character
            )
            waiting = [d for d in waiting if not is_combat_id(d.ref)]
            return tuple(waiting[0].options) if waiting else None

    def continue_day(self, session: Session, campaign: Campaign) -> Reply:
        """Resume the day where it stopped, with every decision asked so far answered or
        defaulted (see :meth:`_answers`), and go on (:meth:`go_on`)."""
        seats = self.store.seats(session, campaign)
        return self.go_on(session, campaign, self._resumed(session, campaign), seats)

    def go_on(
        self, session: Session, campaign: Campaign, ran: _Ran, seats: Sequence[Seat]
    ) -> Reply:
        """The one loop of a day: store what ``ran`` resolved; while the engine needs
        decisions, have them asked (:meth:`bot.windows.Windows.ask`) and, when nothing asked
        is left open (every one answered for its character by default), resolve on from
        there; stop when the day waits for an answer, or is over (:meth:`_finish`).
        ``seats`` are the campaign's, read in this transaction (a resolution adds or removes
        none: they are read once, not at every step)."""
        while True:
            resolution = ran.resolution
            end = None if resolution.pending else resolution.state.to_json()
            if end is not None:
                self._foresee(campaign, seats, resolution.state, end)
            events = resolution.events_with_rolls()  # the rolls too, for the moderators
            saved = event_log.save_events(
                session,
                campaign_id=row_id(campaign),
                day=campaign.day,
                events=events,
                start=ran.stored,
            )
            DemonExchanges(self.store).tell_casters(session, campaign, seats, events)
            if end is not None:
                if ran.told is not None and (ran.stored is not None or saved.start == 0):
                    # The whole day is in hand: its reports take it (Publisher.ended).
                    self.publisher.told(session, campaign, campaign.day, [*ran.told, *events])
                return self._finish(session, campaign, seats, resolution, end)
            if ran.evening is not None:  # the day stops in its Evening: a point to go back to
                self.store.snapshot(
                    session,
                    campaign,
                    ran.evening,
                    "evening",
                    points=[EVENING],
                    seats=seats,
                    events=ran.stored,
                )
            count = self.windows.ask(session, campaign, seats, resolution)
            if count:
                return Reply(
                    ngettext(
                        "%(campaign)s: day %(day)s waits for %(count)s decision.",
                        "%(campaign)s: day %(day)s waits for %(count)s decisions.",
                        count,
                    )
                    % {"campaign": campaign.name, "day": campaign.day, "count": count}
                )
            ran = self._resumed(session, campaign)

    def _resumed(self, session: Session, campaign: Campaign) -> _Ran:
        """The day resolved on from its latest snapshot with the day's answers (those the
        closing of a window defaulted marked so)."""
        state = self.store.game(session, campaign)
        answers = self._answers(session, campaign)
        late = frozenset(campaign.defaulted if campaign.missed_day == campaign.day else ())
        return self._run(session, campaign, state, {}, answers, late)

    def _run(
        self,
        session: Session,
        campaign: Campaign,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str],
        defaulted: frozenset[str] = frozenset(),
    ) -> _Ran:
        """The day resolved from ``state``, which it takes over (:func:`rules.resolve` in
        place). On its way into the Evening it stops once to take the Evening's start, a point
        a moderator may roll combat back to (:meth:`bot.rollbacks.Rollbacks.rollback_combat`):
        the day's events so far are stored then, and the resolution returned holds the others.
        The point is saved by :meth:`go_on` only if the day stops in its Evening: a day that
        ends in the same unit of work forgets it (:func:`db.rewind.forget_day`), so saving it
        would be a snapshot written to be deleted."""
        catalog = self.store.catalog
        if state.today.stage in BEFORE_EVENING:
            first = resolve(
                state,
                orders,
                answers,
                catalog=catalog,
                until="sunset",
                defaulted=defaulted,
                in_place=True,
            )
            if first.pending or first.state.today.stage != "evening":
                return _Ran(first)
            events = first.events_with_rolls()
            saved = event_log.save_events(
                session, campaign_id=row_id(campaign), day=campaign.day, events=events
            )
            evening = Taken.of(first.state)
            rest = resolve(
                first.state, {}, answers, catalog=catalog, defaulted=defaulted, in_place=True
            )
            return _Ran(rest, saved.stop, evening, tuple(events) if saved.start == 0 else None)
        return _Ran(
            resolve(state, orders, answers, catalog=catalog, defaulted=defaulted, in_place=True)
        )

    def _answers(self, session: Session, campaign: Campaign) -> dict[str, str]:
        """The answers to the decisions asked on the campaign's day, by the engine's decision
        id; a decision not answered (yet) counts with its default."""
        decisions = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        return {d.ref: d.answer or d.default for d in decisions}

    def _foresee(
        self, campaign: Campaign, seats: Sequence[Seat], state: GameState, end: str
    ) -> None:
        """A finished day's work handed to the pool (:class:`bot.maps.pool.MapPool`, if the
        publisher has one) before the day is saved: the next day's autopilot orders worked out
        on its end ``state`` (whose text is ``end``), then its map drawn. The orders first: the
        next day's resolution waits for them, its posting of this day's reports for the map
        (a demo's, which resolves its days one after the other, only once that resolution's
        engine has run: :meth:`bot.publishing.Publisher.hold`)."""
        if state.today.stage != "over":
            pilots = [s.character for s in seats if s.autopilot and in_play(state, s.character)]
            options = self.store.settings(campaign).engine_options()
            self.publisher.foresee_orders(end, options, pilots)
        self.publisher.foresee(end, campaign_language(campaign).value)

    def _finish(
        self,
        session: Session,
        campaign: Campaign,
        seats: Sequence[Seat],
        resolution: Resolution,
        end_state: str,
    ) -> Reply:
        """Finish the day, which keeps its ``end`` snapshot alone (:func:`db.rewind.forget_day`)
        of the state ``end_state`` (the resolution's, as JSON), and open the next.

        A finished day's reports are not written here: the day is marked ``report_due`` and
        :meth:`bot.publishing.Publisher.publish` posts them once this transaction has
        committed, so that drawing the map never holds the write lock."""
        new = resolution.state
        for seat in seats:
            seat.ready = False
        resolved = campaign.day
        finished = new.today.stage == "over"
        end = self.store.snapshot(
            session, campaign, Taken(end_state, new.game_day), "end", seats=seats
        )
        rewind.forget_day(session, campaign_id=row_id(campaign), day=resolved)
        campaign.report_due, campaign.report_snapshot = resolved, end.id
        campaign.extensions_used = 0
        campaign.held_reports = {}
        campaign.day = new.game_day  # game days: day 1 of month 2 is 29 (10.E.2)
        campaign.status = "finished" if finished else "running"
        campaign.deadline = (
            None
            if finished
            else next_deadline(self.store.clock(), self.store.deadline_rules(campaign))
        )
        return Reply(
            _("%(campaign)s: day %(day)s resolved.") % {"campaign": campaign.name, "day": resolved}
        )

    def preview(self, session: Session, campaign: Campaign) -> Resolution:
        """The whole day resolved from the latest snapshot with the seats' orders and the
        day's answers so far, asking nobody: every decision still to come takes its default.
        For a dry run: the caller rolls ``session`` back."""
        seats = self.store.seats(session, campaign)
        state = self.store.game(session, campaign)
        orders, _ = self._orders_for_day(session, campaign, seats, state)
        answers = self._answers(session, campaign)
        state.options.update(wait_for_decisions=False, wait_for_combat=False)
        return resolve(state, orders, answers, catalog=self.store.catalog)

    def _orders_for_day(
        self,
        session: Session,
        campaign: Campaign,
        seats: Sequence[Seat],
        state: GameState,
        saved: str | None = None,
    ) -> tuple[dict[str, Orders], list[_Mending]]:
        """Each seat's orders for the day (used only at Birdsong): his latest, else the
        autopilot's once he has missed enough days, else his standing orders; a day without
        orders counts as missed unless he is excused or away. The autopilot's orders worked
        out ahead on the snapshot ``state`` is read from (its text ``saved``: the day before's
        end, :meth:`_finish`) with the same options are those orders, taken as they are and as
        they were read there. With them, the orders that could not all be used, for the
        caller to tell (:meth:`_mended`)."""
        catalog = self.store.catalog
        settings = self.store.settings(campaign)
        after = settings.autopilot_after
        ahead = (
            self.publisher.foreseen_orders(saved, settings.engine_options())
            if saved is not None
            else {}
        )
        submitted = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
        orders: dict[str, Orders] = {}
        mended: list[_Mending] = []
        for seat in seats:
            if not in_play(state, seat.character):
                continue  # dead or gone (9.1.1, 9.2.2): no orders, no missed day
            text = submitted[row_id(seat)].text if row_id(seat) in submitted else None
            source, foreseen = "orders", None
            if text is None:
                away = seat.away_until is not None and seat.away_until > self.store.clock()
                excused = seat.excused_day == campaign.day or away
                seat.missed_days += 0 if excused else 1
                if seat.autopilot or seat.missed_days > after:
                    foreseen = ahead.get(seat.character)
                    text = (
                        foreseen.text
                        if foreseen is not None
                        else autopilot_orders(state, seat.character, catalog=catalog)
                    )
                elif seat.standing_orders:
                    text, source = seat.standing_orders, "standing orders"
            else:
                seat.missed_days = 0
            if text is None:
                continue
            parsed, blanked = (
                (foreseen.parsed, foreseen.blanked)
                if foreseen is not None
                else parse_standing(text, state, seat.character, catalog=catalog)
            )
            if parsed.orders is not None:
                orders[seat.character] = parsed.orders
            if blanked or parsed.orders is None:
                mended.append((seat, source, parsed, blanked))
        return orders, mended

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
        out = self.store.outbox(session, campaign)
        out.dm(
            seat.player,
            partial(
                render,
                "messages/orders_mended.txt.j2",
                source=source,
                character=seat.character,
                day=campaign.day,
                usable=usable,
                problems=problems,
            ),
        )
        with speaking(out.language()):
            count = len(problems)
            what = (
                ngettext("%(count)s phase left blank", "%(count)s phases left blank", count)
                % {"count": count}
                if usable
                else _("none could be used")
            )
            sources = {"orders": _("orders"), "standing orders": _("standing orders")}
            notice = _(
                "%(campaign)s: the %(character)s's %(source)s for day %(day)s: %(what)s. "
                "The player was told why."
            ) % {
                "campaign": campaign.name,
                "character": term(seat.character),
                "source": sources.get(source, source),
                "day": campaign.day,
                "what": what,
            }
            out.moderators(notice)
