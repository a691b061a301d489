"""Structured answers, independent of any transport: a :class:`Card` (a title, short named
fields, a footer) carried by a :class:`Carded` reply alongside the plain text the command line
prints. Discord shows the card as embeds (:mod:`bot.discord.embeds`); the text stays its
fallback.

The card holds the same data as the text, unescaped: whoever shows it escapes it for its
medium. Times are written ``2026-11-24 20:00 UTC``, as in the text.

:func:`status_reply` (``/status``) and :func:`sheet_card` (``/me``, ``/gm sheet``) build them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.deadlines import when
from bot.i18n import N_, _
from bot.render import render
from bot.wording import status_word

#: What a field shows when it has nothing to show (a card's field is never empty).
NONE = N_("none")


@dataclass(frozen=True)
class Reply:
    """What the person who asked is told (privately)."""

    text: str


@dataclass(frozen=True)
class Refusal(Reply):
    """A reply that refuses the request — nothing was stored — and says why (every problem of
    refused orders). A transport shows it as it shows any refusal: the command line on standard
    error, with exit status 2."""


@dataclass(frozen=True)
class Field:
    """One named line of a card; ``inline`` ones may sit side by side."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Card:
    """A ``title``, an optional ``description``, the ``fields`` in order, a ``footer``. No
    length is checked here: the transport fits them to its own limits."""

    title: str
    fields: tuple[Field, ...] = ()
    description: str = ""
    footer: str = ""


@dataclass(frozen=True)
class Carded(Reply):
    """A reply with a ``card``: the text for the command line, the card for a richer medium."""

    card: Card


def with_fields(reply: Reply, fields: Sequence[Field], text: str) -> Reply:
    """``reply`` with ``fields`` added to its card (if it has one) and ``text`` as its text."""
    if isinstance(reply, Carded):
        card = replace(reply.card, fields=(*reply.card.fields, *fields))
        return Carded(text, card=card)
    return Reply(text)


@dataclass(frozen=True)
class Seat:
    """One seat on the status: his ``character``, whether his orders are in, whether he is
    ``ready``, and why he is ``out`` (dead, gone) or ``""``."""

    character: str
    has_orders: bool
    ready: bool
    out: str = ""

    @property
    def standing(self) -> str:
        """``orders in, ready``, ``no orders yet``, or why he is out: never what he ordered."""
        if self.out:
            return self.out
        if self.ready:
            return _("orders in, ready") if self.has_orders else _("no orders yet, ready")
        return _("orders in") if self.has_orders else _("no orders yet")


def status_reply(campaign: Any, seats: Sequence[Seat]) -> Carded:
    """The public status of ``campaign`` (its name, status, day, deadline, pause reason) and
    its ``seats``: the text and the card, which say the same and nothing secret."""
    text = render("messages/status.txt.j2", campaign=campaign, seats=seats)
    deadline = campaign.deadline
    fields = [
        Field(_("Day"), str(campaign.day), inline=True),
        Field(
            _("Orders due"),
            f"{when(deadline)} UTC" if deadline is not None else _(NONE),
            inline=True,
        ),
    ]
    if campaign.status == "paused":
        fields.append(Field(_("Paused"), campaign.pause_reason or _("by the moderators")))
    ready = [s.character for s in seats if s.ready and not s.out]
    fields.append(Field(_("Ready"), ", ".join(ready) or _(NONE)))
    fields.extend(Field(s.character, s.standing, inline=True) for s in seats)
    card = Card(
        title=_("%(campaign)s: %(status)s, day %(day)s")
        % {"campaign": campaign.name, "status": status_word(campaign.status), "day": campaign.day},
        fields=tuple(fields),
        footer=_(
            "%(ready)s of %(seats)s ready. Orders stay secret: only who has sent them is shown."
        )
        % {"ready": len(ready), "seats": sum(1 for s in seats if not s.out)},
    )
    return Carded(text, card=card)


def board_card(campaign: Any, seats: Sequence[Seat]) -> Card:
    """The status board of ``campaign`` (:mod:`bot.status_board`) as a card: the day, the
    deadline while the game goes on, who is ready, and each seat's mark (✓ ready, … orders
    in, ✗ none yet) — never what anyone ordered."""
    title = f"{campaign.name} · " + _("day %(day)s") % {"day": campaign.day}
    if campaign.status == "paused":
        title += " · " + _("paused: %(reason)s") % {"reason": campaign.pause_reason}
    elif campaign.status == "finished":
        title += " · " + _("the game is over")
    fields = []
    if campaign.deadline is not None and campaign.status != "finished":
        fields.append(Field(_("Orders due"), f"{when(campaign.deadline)} UTC"))
    ready = [s.character for s in seats if s.ready]
    fields.append(Field(_("Ready"), ", ".join(ready) or _(NONE)))
    for seat in seats:
        mark = "✓" if seat.ready else ("…" if seat.has_orders else "✗")
        state = (
            _("ready")
            if seat.ready
            else (_("orders in") if seat.has_orders else _("no orders yet"))
        )
        fields.append(Field(f"{mark} {seat.character}", state, inline=True))
    return Card(
        title=title,
        fields=tuple(fields),
        footer=_("Edited in place as the day goes. Orders stay secret: only who is in is shown."),
    )
