"""Ask Demon's question and answer, passed privately between the two players (L4953: "The
spellcaster can ask one question of any other player ... Question and answer must be kept
secret from the other players"; issue 34).

The engine records only whom the caster asks: the private ``asked_demon`` event, seen by the
two of them and the moderators (:class:`rules.events.casting.AskedDemon`). Once it is stored,
the caster sends his question by DM (``ask <campaign>``, the question below): it is kept
(:class:`db.models.DemonExchange`, one question per cast) and relayed, by the outbox in the
same transaction, to the asked character's player, who answers by DM (``answer-demon
<campaign>``): the answer is kept and relayed to the caster's player. Nobody else is sent
anything; the moderators read the exchanges on demand (:meth:`DemonExchanges.exchanges`, a
reading they log among themselves).

The deadline: a cast of day D may be asked about, and answered, until the orders deadline of
day D + 1 — while the campaign is on day D (the Evening it was cast in) or D + 1
(:data:`OPEN_DAYS`). The caster is told how to ask as soon as his cast is stored
(:meth:`DemonExchanges.tell_casters`); a player who still owes his question or answer is
reminded with the reminders of missing orders (:meth:`DemonExchanges.remind`).

What is relayed is the player's text, cut of control characters and at most :data:`LIMIT`
characters long, each line quoted (``> ``): the transports make it inert (Discord's Markdown
and mentions, :func:`bot.render.escape_discord`; the local files' BBCode and Markdown), and a
quoted line can never pose as the lines of a decision or a combat window, whose buttons and
selects are read from a DM's text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from sqlmodel import Session

from bot.i18n import N_, _, later
from bot.render import render
from bot.store import Reply, RequestError, Store, require_moderator, row_id
from bot.terms import term
from db import exchanges
from db.models import Campaign, DemonExchange, EventRecord, Seat
from rules import Event

#: The longest question or answer relayed, in characters.
LIMIT = 1000
#: How many days after its cast's an exchange stays open (see the module).
OPEN_DAYS = 1

#: Characters that are neither printed nor a line break or tab.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def cleaned(text: str, what: str, command: str) -> str:
    """``text`` as relayed: without control characters or trailing blanks, at most
    :data:`LIMIT` characters; a refusal, nothing sent, if it is empty or longer (``what`` it
    is, the ``command`` that sends it)."""
    lines = [_CONTROL.sub("", line).rstrip() for line in text.strip().splitlines()]
    body = "\n".join(lines).strip()
    if not body:
        raise RequestError(
            _(
                "Your message has no %(what)s: write it below the first line `%(command)s`. "
                "Nothing was sent"
            )
            % {"what": what, "command": command}
        )
    if len(body) > LIMIT:
        raise RequestError(
            _(
                "Your %(what)s is %(length)s characters long; at most %(limit)s are relayed. "
                "Nothing was sent"
            )
            % {"what": what, "length": len(body), "limit": LIMIT}
        )
    return body


def open_days(campaign: Campaign) -> list[int]:
    """The days whose casts are still open on the campaign's day (see the module)."""
    return [campaign.day - back for back in range(OPEN_DAYS + 1) if campaign.day - back >= 1]


class DemonExchanges:
    """Ask Demon's questions and answers relayed between players, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def ask(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """``player``'s question by the first cast of Ask Demon of his character still open and
        unasked, relayed to the asked character's player; refused, nothing sent, without one."""
        question = cleaned(text, _("question"), f"ask {campaign_name[:40]}")
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            casts = self._casts(session, campaign, seat.character)
            if not casts:
                raise RequestError(
                    _(
                        "The %(character)s has cast no Ask Demon whose question is open in "
                        "%(campaign)s: the spell lets its caster ask one question (L4953), until "
                        "the orders deadline of the day after its cast. Nothing was sent"
                    )
                    % {"character": term(seat.character), "campaign": campaign.name}
                )
            asked = {(x.day, x.seq) for x in self._exchanges(session, campaign)}
            cast = next((c for c in casts if (c.day, c.seq) not in asked), None)
            if cast is None:
                raise RequestError(
                    _(
                        "The %(character)s has asked the one question his Ask Demon allows "
                        "(L4953). Nothing was sent"
                    )
                    % {"character": term(seat.character)}
                )
            target = self._seat(session, campaign, str(cast.fields["of"]))
            exchange = exchanges.add_exchange(
                session,
                campaign_id=row_id(campaign),
                cast=cast,
                caster=seat.character,
                asked=target.character,
                question=question,
                at=self.store.clock(),
            )
            self.store.outbox(session, campaign).dm(
                target.player, lambda: self._render("demon_question", campaign, exchange)
            )
            return Reply(self._render("demon_sent", campaign, exchange))

    def answer(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """``player``'s answer to the oldest open question asked of his character by Ask Demon,
        relayed to the caster's player; refused, nothing sent, without one."""
        answer = cleaned(text, _("answer"), f"answer-demon {campaign_name[:40]}")
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            mine = [
                x
                for x in exchanges.exchanges(session, campaign_id=row_id(campaign))
                if x.asked == seat.character and x.answer is None
            ]
            days = open_days(campaign)
            waiting = [x for x in mine if x.day in days]
            if not waiting:
                closed = (
                    _(
                        " (the question of day %(day)s was open until the orders deadline "
                        "of day %(until)s)"
                    )
                    % {"day": mine[-1].day, "until": mine[-1].day + OPEN_DAYS}
                    if mine
                    else ""
                )
                raise RequestError(
                    _(
                        "No question asked of the %(character)s by Ask Demon waits for an answer "
                        "in %(campaign)s%(closed)s. Nothing was sent"
                    )
                    % {
                        "character": term(seat.character),
                        "campaign": campaign.name,
                        "closed": closed,
                    }
                )
            exchange = waiting[0]
            exchange.answer, exchange.answered_at = answer, self.store.clock()
            session.add(exchange)
            caster = self._seat(session, campaign, exchange.caster)
            self.store.outbox(session, campaign).dm(
                caster.player, lambda: self._render("demon_answer", campaign, exchange)
            )
            return Reply(self._render("demon_sent", campaign, exchange))

    def exchanges(self, campaign_name: str, *, moderator: str) -> Reply:
        """Every question and answer of the campaign, for a moderator; reading them is logged
        among the moderators."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            rows = exchanges.exchanges(session, campaign_id=row_id(campaign))
            self.store.log(
                session,
                campaign,
                moderator,
                "demon exchanges",
                later(N_("read the Ask Demon exchanges")),
                public=False,
            )
            return Reply(
                render("messages/demon_exchanges.txt.j2", campaign=campaign, exchanges=rows)
            )

    def tell_casters(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], events: Sequence[Event]
    ) -> None:
        """Tell the caster of each Ask Demon among ``events`` (the campaign's, just stored) how
        to send his question, and until when; the asked player learns of it from his report,
        and from the question itself."""
        for event in events:
            if event.type != exchanges.ASKED_DEMON:
                continue
            caster = next((s for s in seats if s.character == event.fields.get("who")), None)
            if caster is None:
                continue
            text = partial(
                render,
                "messages/demon_reminder.txt.j2",
                campaign=campaign,
                exchange=None,
                caster=caster.character,
                asked=event.fields.get("of"),
                until=campaign.day + OPEN_DAYS,
            )
            self.store.outbox(session, campaign).dm(caster.player, text)

    def remind(self, session: Session, campaign: Campaign, seats: Sequence[Seat]) -> None:
        """Remind each of ``seats`` (those reminded now of their orders) of what he still owes
        by Ask Demon: a question his cast allows, an answer asked of him."""
        if not seats:
            return
        rows = self._exchanges(session, campaign)
        asked = {(x.day, x.seq) for x in rows}
        for seat in seats:
            out = self.store.outbox(session, campaign)
            for cast in self._casts(session, campaign, seat.character):
                if (cast.day, cast.seq) not in asked:
                    text = partial(
                        render,
                        "messages/demon_reminder.txt.j2",
                        campaign=campaign,
                        exchange=None,
                        caster=seat.character,
                        asked=cast.fields["of"],
                        until=cast.day + OPEN_DAYS,
                    )
                    out.dm(seat.player, text)
            for exchange in rows:
                if exchange.asked == seat.character and exchange.answer is None:
                    out.dm(seat.player, partial(self._render, "demon_reminder", campaign, exchange))

    def _casts(self, session: Session, campaign: Campaign, character: str) -> list[EventRecord]:
        """The character's casts of Ask Demon still open (see the module)."""
        found = exchanges.casts(session, campaign_id=row_id(campaign), days=open_days(campaign))
        return [c for c in found if c.fields.get("who") == character]

    def _exchanges(self, session: Session, campaign: Campaign) -> list[DemonExchange]:
        return exchanges.exchanges(session, campaign_id=row_id(campaign), days=open_days(campaign))

    def _seat(self, session: Session, campaign: Campaign, character: str) -> Seat:
        seats = self.store.seats(session, campaign)
        seat = next((s for s in seats if s.character == character), None)
        if seat is None:
            raise RequestError(
                _("No player plays the %(character)s in %(campaign)s now. Nothing was sent")
                % {"character": term(character), "campaign": campaign.name}
            )
        return seat

    @staticmethod
    def _render(template: str, campaign: Campaign, exchange: DemonExchange) -> str:
        return render(
            f"messages/{template}.txt.j2",
            campaign=campaign,
            exchange=exchange,
            limit=LIMIT,
            until=exchange.day + OPEN_DAYS,
        )
