"""The one inbox: whatever door a person comes by — a Discord DM, a slash command or a button,
the local command line, (next) a mail — what he asks is a :class:`Request`, and one table
(:data:`COMMANDS`) maps its command to the service call that answers it (:func:`take`), so that
every door behaves the same and a new door is only a new caller.

A text message (a DM; a mail's body next) is read by :func:`read_message`: its first line
names the command and the campaign (``orders North Sea``, ``plays``, ``setup Valley``,
``restart``, ``answer <choice>``, Ask Demon's ``ask`` and ``answer-demon``), its lines below are
the text. A campaign it leaves out is the
sender's only running campaign (:func:`only_campaign`).

Each door keeps what is its own: the syntax it reads (a slash command's options, the command
line's arguments), the campaign it means when none is named (a Discord channel's), the limits
of its medium, and how it shows the reply or the refusal (:class:`~bot.store.RequestError`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.i18n import Language, _, speaking
from bot.store import Reply, RequestError

if TYPE_CHECKING:
    from bot.service import CampaignService

#: What an option of a request may hold.
Option = str | int | float | bool | None


@dataclass(frozen=True)
class Request:
    """What a person asks: the ``command`` (a key of :data:`COMMANDS`), the ``campaign`` it is
    about (its name, or a new campaign's), who asks (``sender``: a player's or moderator's id,
    empty for a reader the command line does not name), the ``text`` he sent with it (orders,
    plays, choices, an announcement) and the command's other ``options`` by name."""

    command: str
    campaign: str
    sender: str = ""
    text: str = ""
    options: Mapping[str, Option] = field(default_factory=dict)
    language: Language | None = None
    """The language the door knows the sender reads (a Discord client set to Spanish), for a
    reply to someone without a seat in the campaign (:meth:`bot.languages.Languages.of_reply`)."""

    def _option(self, name: str) -> Option:
        if name not in self.options:
            raise RequestError(
                _("%(command)s: %(name)s is missing") % {"command": self.command, "name": name}
            )
        return self.options[name]

    def word(self, name: str) -> str:
        """The option ``name``, text."""
        value = self._option(name)
        if not isinstance(value, str):
            raise RequestError(
                _("%(command)s: %(name)s is not text") % {"command": self.command, "name": name}
            )
        return value

    def maybe_word(self, name: str) -> str | None:
        """The option ``name``, text, or None when it is left out."""
        return None if self.options.get(name) is None else self.word(name)

    def number(self, name: str) -> float:
        """The option ``name``, a number."""
        value = self._option(name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RequestError(
                _("%(command)s: %(name)s is not a number") % {"command": self.command, "name": name}
            )
        return value

    def whole(self, name: str) -> int:
        """The option ``name``, a whole number."""
        value = self._option(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError(
                _("%(command)s: %(name)s is not a whole number")
                % {"command": self.command, "name": name}
            )
        return value

    def maybe_whole(self, name: str) -> int | None:
        """The option ``name``, a whole number, or None when it is left out."""
        return None if self.options.get(name) is None else self.whole(name)

    def flag(self, name: str) -> bool:
        """The option ``name``, yes or no."""
        value = self._option(name)
        if not isinstance(value, bool):
            raise RequestError(
                _("%(command)s: %(name)s is not yes or no")
                % {"command": self.command, "name": name}
            )
        return value


#: A service call answering a request.
Call = Callable[["CampaignService", Request], Reply]


def _create(s: CampaignService, r: Request) -> Reply:
    weeks, language = r.maybe_whole("weeks"), r.maybe_word("language")
    options: dict[str, object] = {} if weeks is None else {"weeks": weeks}
    if language is not None:
        options["language"] = language
    return s.campaigns.create(
        r.campaign,
        moderator=r.sender,
        seed=r.maybe_whole("seed") or 0,
        channel=r.maybe_word("channel"),
        guild=r.maybe_word("guild"),
        options=options,
    )


def _moderators_status(s: CampaignService, r: Request) -> Reply:
    from bot.outbox import moderators_status  # the outbox's queries, only for this command

    return moderators_status(s, r.campaign, moderator=r.sender)


def _window(s: CampaignService, r: Request) -> Reply:
    """A moderator's hold on the open combat window: its status, more time, closing it now,
    the sealed plays, or a rollback to the start of a round or of the Evening; and the Ask
    Demon exchanges of its casts (``demon``)."""
    what, name, moderator = r.word("what"), r.campaign, r.sender
    if what == "rollback":
        return s.rollbacks.rollback_combat(name, moderator=moderator, to=r.word("to"))
    if what == "extend":
        return s.plays.extend_window(name, moderator=moderator, hours=r.number("hours"))
    if what == "close":
        return s.plays.close_window(name, moderator=moderator)
    if what == "sealed":
        return s.plays.sealed_plays(name, moderator=moderator)
    if what == "demon":
        return s.demon.exchanges(name, moderator=moderator)
    return s.plays.window_status(name, moderator=moderator)


#: Every command a person may send, by name, and the service call that answers it.
COMMANDS: dict[str, Call] = {
    # a campaign's life, and what anyone may read of it
    "create": _create,
    "join": lambda s, r: s.campaigns.join(
        r.campaign, player=r.sender, player_name=r.word("name"), character=r.word("character")
    ),
    "setup": lambda s, r: s.campaigns.choose(r.campaign, player=r.sender, text=r.text),
    "start": lambda s, r: s.campaigns.start(r.campaign, moderator=r.sender),
    "status": lambda s, r: s.campaigns.status(r.campaign),
    "history": lambda s, r: s.campaigns.history(r.campaign, day=r.whole("day")),
    "journal": lambda s, r: s.campaigns.history(r.campaign, day=r.whole("day"), player=r.sender),
    "final": lambda s, r: s.campaigns.final(r.campaign),
    "list": lambda s, r: s.campaigns.listing(),
    # a player's day
    "orders": lambda s, r: s.players.submit_orders(r.campaign, player=r.sender, text=r.text),
    "show orders": lambda s, r: s.players.show_orders(r.campaign, player=r.sender),
    "clear orders": lambda s, r: s.players.clear_orders(r.campaign, player=r.sender),
    "standing": lambda s, r: s.players.set_standing(r.campaign, player=r.sender, text=r.text),
    "ready": lambda s, r: s.players.ready(r.campaign, player=r.sender, ready=r.flag("ready")),
    "away": lambda s, r: s.players.away(r.campaign, player=r.sender, days=r.number("days")),
    "sheet": lambda s, r: s.players.sheet(r.campaign, player=r.sender),
    "answer": lambda s, r: s.resolver.answer(r.campaign, player=r.sender, answer=r.word("choice")),
    "plays": lambda s, r: s.plays.answer_plays(r.campaign, player=r.sender, text=r.text),
    "restart": lambda s, r: s.restarts.restart(r.campaign, player=r.sender, text=r.text),
    "ask": lambda s, r: s.demon.ask(r.campaign, player=r.sender, text=r.text),
    "answer-demon": lambda s, r: s.demon.answer(r.campaign, player=r.sender, text=r.text),
    "reminders": lambda s, r: s.reminders.set_reminders(
        r.campaign, player=r.sender, on=r.flag("on")
    ),
    "remind before": lambda s, r: s.reminders.set_remind_before(
        r.campaign, player=r.sender, hours=r.number("hours")
    ),
    "language": lambda s, r: s.languages.set_language(
        r.campaign, player=r.sender, text=r.word("language")
    ),
    # the moderators' desk
    "resolve": lambda s, r: s.resolver.resolve_day(
        r.campaign, day=r.whole("day"), moderator=r.sender
    ),
    "moderators status": _moderators_status,
    "preview": lambda s, r: s.moderation.preview(r.campaign, moderator=r.sender),
    "rolls": lambda s, r: s.campaigns.rolls(r.campaign, moderator=r.sender, day=r.whole("day")),
    "config": lambda s, r: s.moderation.configure(
        r.campaign, moderator=r.sender, setting=r.word("setting"), value=r.word("value")
    ),
    "extend": lambda s, r: s.moderation.extend(
        r.campaign, moderator=r.sender, hours=r.number("hours"), reason=r.word("reason")
    ),
    "pause": lambda s, r: s.moderation.pause(
        r.campaign, moderator=r.sender, reason=r.word("reason"), hours=r.number("hours")
    ),
    "resume": lambda s, r: s.moderation.resume(r.campaign, moderator=r.sender),
    "lock": lambda s, r: s.moderation.lock(r.campaign, moderator=r.sender, locked=r.flag("locked")),
    "end": lambda s, r: s.moderation.end_early(
        r.campaign, moderator=r.sender, agreed=r.flag("agreed")
    ),
    "announce": lambda s, r: s.moderation.announce(r.campaign, moderator=r.sender, text=r.text),
    "view orders": lambda s, r: s.moderation.view_orders(
        r.campaign, moderator=r.sender, character=r.word("character")
    ),
    "view sheet": lambda s, r: s.moderation.view_sheet(
        r.campaign, moderator=r.sender, character=r.word("character")
    ),
    "set orders": lambda s, r: s.moderation.set_orders(
        r.campaign, moderator=r.sender, character=r.word("character"), text=r.text
    ),
    "excuse": lambda s, r: s.moderation.excuse(
        r.campaign, moderator=r.sender, character=r.word("character")
    ),
    "replace": lambda s, r: s.moderation.replace(
        r.campaign,
        moderator=r.sender,
        character=r.word("character"),
        player=r.word("player"),
        player_name=r.word("player_name"),
    ),
    "autopilot": lambda s, r: s.moderation.set_autopilot(
        r.campaign, moderator=r.sender, character=r.word("character"), on=r.flag("on")
    ),
    "rollback": lambda s, r: s.rollbacks.rollback(
        r.campaign, moderator=r.sender, day=r.whole("day")
    ),
    "window": _window,
    "demon exchanges": lambda s, r: s.demon.exchanges(r.campaign, moderator=r.sender),
    "nudge": lambda s, r: s.reminders.nudge(r.campaign, moderator=r.sender),
    # the moderators' team
    "add moderator": lambda s, r: s.team.add_moderator(
        r.campaign, moderator=r.sender, user=r.word("user"), user_name=r.word("user_name")
    ),
    "remove moderator": lambda s, r: s.team.remove_moderator(
        r.campaign, moderator=r.sender, user=r.word("user")
    ),
    "handover": lambda s, r: s.team.handover(
        r.campaign,
        moderator=r.sender,
        user=r.word("user"),
        user_name=r.word("user_name"),
        stay=r.flag("stay"),
    ),
    "moderators channel": lambda s, r: s.team.set_moderators_channel(
        r.campaign,
        moderator=r.sender,
        channel=r.word("channel"),
        channel_name=r.word("channel_name"),
    ),
}


def take(service: CampaignService, request: Request) -> Reply:
    """The reply to ``request``: its command's service call (:data:`COMMANDS`), said — and
    its refusal too — in the sender's language (:func:`reply_language`). Blocks (the service
    works on the database): a door on an event loop runs it in a thread."""
    call = COMMANDS.get(request.command)
    if call is None:
        raise RequestError(
            _("There is no command %(command)s") % {"command": repr(request.command[:40])}
        )
    with speaking(reply_language(service, request)):
        return call(service, request)


def reply_language(service: CampaignService, request: Request) -> Language:
    """The language the reply to ``request`` is said in: the sender's in its campaign
    (:meth:`bot.languages.Languages.of_reply`); for a campaign being created, the language it
    is created in if that is one realmbot speaks."""
    if request.command == "create":
        from bot.i18n import DEFAULT, named

        chosen = request.options.get("language")
        created_in = named(chosen) if isinstance(chosen, str) else None
        return created_in or request.language or DEFAULT
    return service.languages.of_reply(request.campaign, request.sender, request.language)


# --- text messages ------------------------------------------------------------------------------

_HEADER = re.compile(r"orders(?:\s+(?P<campaign>.*))?", re.IGNORECASE)
_FENCE = re.compile(r"^```[A-Za-z]*$")

#: The commands a text message may start with besides ``orders``, with what follows the word on
#: its first line: the campaign (left out: the sender's only one), or the answer's choice.
WORDS = ("answer", "setup", "plays", "restart", "ask", "answer-demon")


def unfenced(text: str) -> str:
    """``text`` without the code fences players paste orders in, trimmed."""
    lines = [line for line in text.strip().splitlines() if not _FENCE.match(line.strip())]
    return "\n".join(lines).strip()


@dataclass(frozen=True)
class OrdersMessage:
    """A message read as orders: the campaign named on its first line (if any) and the orders."""

    campaign: str | None
    text: str


def read_orders_message(content: str) -> OrdersMessage | None:
    """``content`` as orders, or ``None`` if its first line is not ``orders [campaign]``.

    Code fences around the orders (players paste them that way) are dropped.
    """
    first, _, rest = content.strip().partition("\n")
    header = _HEADER.fullmatch(first.strip())
    if header is None:
        return None
    campaign = (header.group("campaign") or "").strip() or None
    return OrdersMessage(campaign=campaign, text=unfenced(rest))


@dataclass(frozen=True)
class Message:
    """A text message read as a request, before its campaign is known: the ``command``, the
    ``campaign`` its first line names (None: the sender's only running campaign,
    :func:`only_campaign`), its ``text`` and ``options``."""

    command: str
    campaign: str | None
    text: str = ""
    options: Mapping[str, Option] = field(default_factory=dict)

    def request(self, campaign: str, sender: str) -> Request:
        """The request from ``sender`` about ``campaign``; orders without a line of orders are
        refused."""
        if self.command == "orders" and not self.text:
            raise RequestError(_("Your message has no orders: put them after the first line"))
        return Request(self.command, campaign, sender, self.text, self.options)


def read_message(content: str) -> Message | None:
    """``content`` read as a request (see the module's docstring), or None when its first line
    names no command: ``answer <choice>`` (in the sender's only running campaign), ``plays
    [campaign]``, ``restart [campaign]``, ``ask [campaign]``, ``answer-demon [campaign]`` and
    ``setup <campaign>`` with their lines below as they are, ``orders [campaign]`` with its
    orders below out of their code fences."""
    first, _, rest = content.strip().partition("\n")
    word, _, argument = first.strip().partition(" ")
    word, argument = word.casefold(), argument.strip()
    if word == "answer":
        return Message("answer", None, options={"choice": argument})
    if word == "setup":
        return Message("setup", argument, rest)
    if word in WORDS:
        return Message(word, argument or None, rest)
    orders = read_orders_message(content)
    if orders is None:
        return None
    return Message("orders", orders.campaign, orders.text)


def only_campaign(service: CampaignService, player: str) -> str:
    """The one running campaign ``player`` plays in, which a message naming none means; else
    a refusal saying how to name one. Blocks."""
    names = service.campaigns.player_campaigns(player)
    if len(names) == 1:
        return names[0]
    if not names:
        raise RequestError(_("You play in no running campaign"))
    raise RequestError(
        _(
            "You play in %(count)s campaigns (%(names)s): "
            "name one on the first line, as in 'orders <campaign>'"
        )
        % {"count": len(names), "names": ", ".join(names)}
    )
