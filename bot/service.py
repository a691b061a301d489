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

from datetime import datetime

from sqlalchemy import Engine

from bot.campaigns import Campaigns
from bot.moderation import Moderation
from bot.moderators import ModeratorTeam
from bot.players import Players, version_tag
from bot.plays import Plays
from bot.publishing import Publisher
from bot.reminders import Reminders
from bot.resolution import Resolver
from bot.restarts import FreshStarts
from bot.rollbacks import Rollbacks
from bot.status_board import StatusBoards
from bot.store import (
    Clock,
    NotModeratorError,
    Reply,
    RequestError,
    Store,
    system_clock,
)
from bot.timekeeping import Timekeeper
from bot.windows import Windows
from rules import Catalog

__all__ = [
    "CampaignService",
    "Clock",
    "NotModeratorError",
    "Reply",
    "RequestError",
    "system_clock",
    "version_tag",
]


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
    - ``timekeeper``: what a scheduled wake-up does, and when the next is due.
    """

    def __init__(self, engine: Engine, catalog: Catalog, clock: Clock = system_clock) -> None:
        self.store = Store(engine, catalog, clock)
        store = self.store
        self.campaigns = Campaigns(store)
        self.players = Players(store)
        self.windows = Windows(store)
        self.publisher = Publisher(store)
        self.resolver = Resolver(store, self.windows, self.publisher)
        self.plays = Plays(store, self.windows, self.resolver, self.publisher)
        self.moderation = Moderation(store, self.resolver, self.publisher)
        self.rollbacks = Rollbacks(store, self.resolver, self.publisher)
        self.reminders = Reminders(store)
        self.team = ModeratorTeam(store)
        self.boards = StatusBoards(store)
        self.restarts = FreshStarts(store)
        self.timekeeper = Timekeeper(
            store,
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
