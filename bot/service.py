"""The campaign service: the moderator's rules, independent of any transport.

Discord, the command line and the scheduler call the same services. Each request is one unit
of work: it reads the campaign, checks the request, changes what must change and writes the
messages that report it to the **outbox**, all in one transaction, and returns the reply to the
person who asked. No service sends anything itself or looks at a clock it was not given.

:class:`CampaignService` is the one place the services are made and joined: each is a class of
its own over one store (:class:`bot.store.Store`), given the other services it needs, none
inheriting from another. The transports reach them as its attributes (``service.players``,
``service.moderation``...), most of them through the inbox's table (:mod:`bot.inbox`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from sqlalchemy import Engine

from bot.store import (
    Clock,
    NotModeratorError,
    Reply,
    RequestError,
    Store,
    system_clock,
)
from rules import Catalog

if TYPE_CHECKING:
    from bot.campaigns import Campaigns
    from bot.demon_exchange import DemonExchanges
    from bot.languages import Languages
    from bot.mail.seats import MailSeats
    from bot.moderation import Moderation
    from bot.moderators import ModeratorTeam
    from bot.players import Players
    from bot.plays import Plays
    from bot.publishing import Publisher
    from bot.reminders import Reminders
    from bot.resolution import Resolver
    from bot.restarts import FreshStarts
    from bot.rollbacks import Rollbacks
    from bot.status_board import StatusBoards
    from bot.timekeeping import Timekeeper
    from bot.windows import Windows

__all__ = [
    "CampaignService",
    "Clock",
    "NotModeratorError",
    "Reply",
    "RequestError",
    "system_clock",
]

S = TypeVar("S")


class built(Generic[S]):  # noqa: N801 - used as a decorator, like functools.cached_property
    """A service of :class:`CampaignService` made by ``make`` on its first use, once (under the
    service's lock, for the scheduler's thread and the event loop may ask at the same moment),
    and kept: a command that needs one service imports and makes only that one and those it
    depends on (issue 31, a quick command line)."""

    def __init__(self, make: Callable[[Any], S]) -> None:
        self.make = make
        self.name = make.__name__
        self.__doc__ = make.__doc__

    @overload
    def __get__(self, service: None, owner: type) -> built[S]: ...
    @overload
    def __get__(self, service: CampaignService, owner: type) -> S: ...
    def __get__(self, service: CampaignService | None, owner: type) -> built[S] | S:
        if service is None:
            return self
        with service.lock:
            if self.name not in service.__dict__:
                service.__dict__[self.name] = self.make(service)
            made: S = service.__dict__[self.name]
        return made


class CampaignService:
    """Every campaign service over one database, each made once with what it depends on.

    - ``campaigns``: create, join, setup choices, start; status, history, final report, map;
    - ``players``: a player's orders, standing orders, ready, away, sheet;
    - ``resolver``: resolving a day, and the answers to its decisions;
    - ``windows``: asking decisions, closing and reminding combat windows (for the others);
    - ``plays``: a player's plays in a combat window, and the moderators' hold on it;
    - ``publisher``: a resolved day's reports, posted after the commit;
    - ``moderation``: the moderators' desk; ``rollbacks``: a day or a combat played again;
    - ``reminders``: reminders of missing orders and the moderators' nudge;
    - ``team``: the moderators' team; ``boards``: the status boards;
    - ``restarts``: a dead character's fresh start;
    - ``demon``: Ask Demon's questions and answers relayed between players;
    - ``languages``: each player's language, and the language of a reply;
    - ``mail_seats``: the mail players' seats, who writes a mail and where their mails go;
    - ``timekeeper``: what a scheduled wake-up does, and when the next is due.
    """

    def __init__(self, engine: Engine, catalog: Catalog, clock: Clock = system_clock) -> None:
        self.store = Store(engine, catalog, clock)
        self.lock = threading.RLock()

    @built
    def campaigns(self) -> Campaigns:
        from bot.campaigns import Campaigns

        return Campaigns(self.store, lambda: self.publisher)

    @built
    def players(self) -> Players:
        from bot.players import Players

        return Players(self.store)

    @built
    def windows(self) -> Windows:
        from bot.windows import Windows

        return Windows(self.store)

    @built
    def publisher(self) -> Publisher:
        from bot.publishing import Publisher

        return Publisher(self.store)

    @built
    def resolver(self) -> Resolver:
        from bot.resolution import Resolver

        return Resolver(self.store, self.windows, self.publisher)

    @built
    def plays(self) -> Plays:
        from bot.plays import Plays

        return Plays(self.store, self.windows, self.resolver, self.publisher)

    @built
    def moderation(self) -> Moderation:
        from bot.moderation import Moderation

        return Moderation(self.store, self.resolver, self.publisher)

    @built
    def rollbacks(self) -> Rollbacks:
        from bot.rollbacks import Rollbacks

        return Rollbacks(self.store, self.resolver, self.publisher)

    @built
    def reminders(self) -> Reminders:
        from bot.reminders import Reminders

        return Reminders(self.store)

    @built
    def team(self) -> ModeratorTeam:
        from bot.moderators import ModeratorTeam

        return ModeratorTeam(self.store)

    @built
    def boards(self) -> StatusBoards:
        from bot.status_board import StatusBoards

        return StatusBoards(self.store)

    @built
    def restarts(self) -> FreshStarts:
        from bot.restarts import FreshStarts

        return FreshStarts(self.store)

    @built
    def demon(self) -> DemonExchanges:
        from bot.demon_exchange import DemonExchanges

        return DemonExchanges(self.store)

    @built
    def mail_seats(self) -> MailSeats:
        from bot.mail.seats import MailSeats

        return MailSeats(self.store)

    @built
    def languages(self) -> Languages:
        from bot.languages import Languages

        return Languages(self.store)

    @built
    def timekeeper(self) -> Timekeeper:
        from bot.timekeeping import Timekeeper

        return Timekeeper(
            self.store,
            windows=self.windows,
            resolver=self.resolver,
            reminders=self.reminders,
            moderation=self.moderation,
            publisher=self.publisher,
        )

    @property
    def engine(self) -> Engine:
        """The database every service works on."""
        return self.store.engine

    @property
    def catalog(self) -> Catalog:
        """The game's catalog."""
        return self.store.catalog

    def clock(self) -> datetime:
        """The services' time now (the injected clock's)."""
        return self.store.clock()
