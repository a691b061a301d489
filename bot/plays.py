"""Combat windows at the service (issue 14): a player's plays typed for the open window, and the
moderators' hold on windows — who has not answered, more time, closing now, the sealed plays.

A window is the set of combat decisions asked at one stop of the engine; they share their due
time. A player's plays may be changed until the window closes: each accepted message replaces
the answers it names and is echoed back, privately, in canonical form with a version tag (a
salted digest of all his answers in the window, which changes whenever they do:
:mod:`bot.sealing`).
"""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from bot.deadlines import when
from bot.i18n import N_, _, later
from bot.publishing import Publisher
from bot.render import word
from bot.resolution import Resolver
from bot.sealing import decision_label
from bot.store import Reply, RequestError, Store, row_id
from bot.terms import term
from bot.window_messages import plays_echo, window_tag
from bot.windows import Windows, closing_time
from bot.wording import pronouns
from db import repo
from db.models import Campaign, PendingDecision
from rules import DecisionId, Phrase, about, is_combat_id, read_plays
from rules.events import Decision


class Plays:
    """Combat windows, over the ``store``: the ``windows`` seal and close them, the
    ``resolver`` goes on with the day once one closes, and the ``publisher`` posts what that
    finished."""

    def __init__(
        self, store: Store, windows: Windows, resolver: Resolver, publisher: Publisher
    ) -> None:
        self.store = store
        self.windows = windows
        self.resolver = resolver
        self.publisher = publisher

    def answer_plays(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """``player``'s plays for the combat window open for his character, typed as standing
        combat lines (:func:`rules.evening.windows.read_plays`): all of them taken, or none and
        every problem said. The window closes early once every decision in it is answered."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            mine = self._window(session, campaign, seat.character)
            if not mine:
                raise RequestError(
                    _("The %(character)s has no combat window open now")
                    % {"character": term(seat.character)}
                )
            state = self.store.state(session, campaign)
            typed = read_plays(
                self.store.catalog, state, seat.character, text, [_decision(d) for d in mine]
            )
            if typed.problems:
                said = pronouns(seat.character)
                lines = [
                    _("line %(line)s: %(message)s")
                    % {"line": p.line, "message": word(p.message, said)}
                    + (f" ({word(p.hint, said)})" if p.hint else "")
                    for p in typed.problems
                ]
                raise RequestError(_("nothing was taken:") + "\n" + "\n".join(lines))
            echo, closed = self._take(session, campaign, mine, seat.character, typed.answers)
            if typed.unused:
                echo += "\n" + _("Not used (nothing open asks it): %(unused)s") % {
                    "unused": ", ".join(typed.unused)
                }
        return self._taken(campaign_name, echo, closed)

    def answer_window_choice(
        self,
        campaign_name: str,
        *,
        player: str,
        index: int,
        offered: tuple[str, ...],
        choice: str,
        tag: str | None = None,
    ) -> Reply:
        """A choice made on a combat window's DM (a Discord select): the ``index``-th decision
        of ``player``'s open window, if it is still the window ``tag`` names
        (:func:`~bot.window_messages.window_tag`; a select from before tags checks only the
        rest) and still offers ``offered`` (its options, or a share of them), answered ``choice``;
        echoed as typed plays are. Refused when the window has closed or changed."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            mine = self._window(session, campaign, seat.character)
            current = window_tag(campaign.day, [d.ref for d in mine])
            if (
                not 0 <= index < len(mine)
                or not set(offered) <= set(mine[index].options)
                or tag not in (None, current)
            ):
                raise RequestError(_("This window is no longer open"))
            if choice not in offered:
                raise RequestError(
                    _("%(choice)s is not one of: %(options)s")
                    % {"choice": repr(choice[:60]), "options": " | ".join(offered)}
                )
            answers = {mine[index].ref: choice}
            echo, closed = self._take(session, campaign, mine, seat.character, answers)
        return self._taken(campaign_name, echo, closed)

    def answer_lures(
        self,
        campaign_name: str,
        *,
        player: str,
        index: int,
        denizens: tuple[str, ...],
        chosen: frozenset[str],
        tag: str | None,
    ) -> Reply:
        """The lures chosen on a combat window's DM as one select (issue 32): the decisions
        of ``player``'s open window from the ``index``-th, each the lure of the denizen of
        ``denizens`` in the same place, answered yes for those ``chosen`` and no for the others;
        echoed as typed plays are. Refused when the window has closed or changed (the tag
        names another, or those decisions are no longer those lures)."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            mine = self._window(session, campaign, seat.character)
            lures = mine[index : index + len(denizens)]
            if (
                index < 0
                or tag != window_tag(campaign.day, [d.ref for d in mine])
                or [_lured(d) for d in lures] != list(denizens)
            ):
                raise RequestError(_("This window is no longer open"))
            if not chosen <= set(denizens):
                raise RequestError(_("Not one of: %(options)s") % {"options": ", ".join(denizens)})
            answers = {d.ref: "yes" if _lured(d) in chosen else "no" for d in lures}
            echo, closed = self._take(session, campaign, mine, seat.character, answers)
        return self._taken(campaign_name, echo, closed)

    def _take(
        self,
        session: Session,
        campaign: Campaign,
        mine: list[PendingDecision],
        character: str,
        answers: dict[str, str],
    ) -> tuple[str, bool]:
        """Store ``answers`` (by engine id) among ``mine``, his decisions in the window; his
        echo, and whether that closed the window (the day then goes on)."""
        for decision in mine:
            if decision.ref in answers:
                assert decision.id is not None
                repo.answer_decision(session, decision_id=decision.id, answer=answers[decision.ref])
        echo = plays_echo(mine, character)
        if repo.open_decisions(session, campaign_id=row_id(campaign)):
            return echo, False
        sealed = self.windows.seal(session, campaign, mine[0].due_at)
        self.resolver.continue_day(session, campaign)
        self.windows.reveal(session, campaign, sealed)
        return echo, True

    def _taken(self, campaign_name: str, echo: str, closed: bool) -> Reply:
        """The reply to plays taken; once the window closed, the reports the day's going on
        may have finished are posted (after the commit)."""
        if not closed:
            return Reply(f"{echo}\n" + _("Waiting for the other players."))
        self.publisher.publish(campaign_name)
        return Reply(f"{echo}\n" + _("Everyone has played: the combat goes on."))

    def window_status(self, campaign_name: str, *, moderator: str) -> Reply:
        """Who has not answered the open window yet, and when it closes."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
            if not waiting:
                return Reply(_("%(campaign)s: no window is open.") % {"campaign": campaign.name})
            due = closing_time(waiting)
            assert due is not None, "every combat decision is asked with its window's time"
            silent = sorted({d.character for d in waiting})
            asked = [
                _("the %(character)s's %(label)s (default %(default)s)")
                % {
                    "character": term(d.character),
                    "label": decision_label(d.kind, d.ref),
                    "default": d.default,
                }
                for d in waiting
                if not is_combat_id(d.ref)
            ]
            turns = _("; asked in a turn: %(asked)s") % {"asked": "; ".join(asked)} if asked else ""
            return Reply(
                _("%(campaign)s: the window closes %(due)s UTC; not answered: %(silent)s")
                % {
                    "campaign": campaign.name,
                    "due": when(due),
                    "silent": ", ".join(silent),
                }
                + turns
            )

    def extend_window(self, campaign_name: str, *, moderator: str, hours: float) -> Reply:
        """Keep the open window open ``hours`` longer (1 to 48); its players are told."""
        if not 0 < hours <= 48:
            raise RequestError(_("A window is extended by more than 0 and at most 48 hours"))
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            waiting = self._open_window(session, campaign)
            window = self._window(session, campaign, None, waiting)
            for decision in window:
                assert decision.due_at is not None
                decision.due_at = decision.due_at + timedelta(hours=hours)
                session.add(decision)
            due = closing_time(window)
            assert due is not None
            for seat in self.store.seats(session, campaign):
                if any(d.character == seat.character for d in waiting):
                    self.store.outbox(session, campaign).dm(
                        seat.player,
                        lambda: (
                            _("%(campaign)s: your window is open until %(due)s UTC.")
                            % {"campaign": campaign.name, "due": when(due)}
                        ),
                    )
            detail = later(N_("extended the open window by %(hours)s hours"), hours=f"{hours:g}")
            self.store.log(session, campaign, moderator, "extend window", detail, public=False)
            return Reply(
                _("%(campaign)s: the window is open until %(due)s UTC.")
                % {"campaign": campaign.name, "due": when(due)}
            )

    def close_window(self, campaign_name: str, *, moderator: str) -> Reply:
        """Close the open window — or the decisions asked in a turn — now: what is not
        answered takes its default, which its players are told."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            waiting = self._open_window(session, campaign, turns=True)
            self.store.log(
                session,
                campaign,
                moderator,
                "close window",
                later(N_("closed the open window")),
                public=False,
            )
            sealed = self.windows.close(session, campaign, waiting)
            self.resolver.continue_day(session, campaign)
            self.windows.reveal(session, campaign, sealed)
        self.publisher.publish(campaign_name)
        return Reply(
            _("%(campaign)s: the window is closed; the defaults stand for the silent.")
            % {"campaign": campaign.name}
        )

    def sealed_plays(self, campaign_name: str, *, moderator: str) -> Reply:
        """The plays answered so far in the open window, sealed from everyone else; seeing
        them is logged."""
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            window = self._window(session, campaign, None, self._open_window(session, campaign))
            self.store.log(
                session,
                campaign,
                moderator,
                "sealed plays",
                later(N_("read the sealed plays")),
                public=False,
            )
            characters = sorted({d.character for d in window})
            return Reply("\n\n".join(plays_echo(window, c) for c in characters))

    def _open_window(
        self, session: Session, campaign: Campaign, *, turns: bool = False
    ) -> list[PendingDecision]:
        """The open decisions, if a combat window is open — or, with ``turns``, any decision
        (one asked in a turn, which a moderator may close as he closes a window)."""
        waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
        if not any(turns or is_combat_id(d.ref) for d in waiting):
            said = (
                _("%(campaign)s has no combat window open, nor any decision")
                if turns
                else _("%(campaign)s has no combat window open")
            )
            raise RequestError(said % {"campaign": campaign.name})
        return waiting

    def _window(
        self,
        session: Session,
        campaign: Campaign,
        character: str | None,
        waiting: list[PendingDecision] | None = None,
    ) -> list[PendingDecision]:
        """The decisions in the open combat window, answered or not: ``character``'s, or
        everyone's. ``waiting``: the open decisions, if the caller has them."""
        if waiting is None:
            waiting = repo.open_decisions(session, campaign_id=row_id(campaign))
        due = closing_time(waiting)
        if due is None:
            return []
        stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        return [
            d
            for d in stored
            if character in (None, d.character) and is_combat_id(d.ref) and d.due_at == due
        ]


def _decision(stored: PendingDecision) -> Decision:
    return Decision(
        id=stored.ref,
        character=stored.character,
        kind=stored.kind,
        prompt=Phrase.loads(stored.prompt),
        options=tuple(stored.options),
        default=stored.default,
    )


def _lured(decision: PendingDecision) -> str | None:
    """The denizen a lure decision is about (:func:`rules.about`); None for another decision."""
    return about(DecisionId.parse(decision.ref)) if decision.kind == "lure" else None
