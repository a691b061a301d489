"""The process the crash suite kills (:mod:`tests.proofs.crashes`): two seeded campaigns played
to their last day through the real campaign service, its scheduler path and both transports.

:func:`prepare` sets the campaigns up once, before any kill: *Forum*, run from the command line
(no channel, delivered by :func:`bot.local.deliver`), opens combat windows on day 1 (a staged
fight with a Giant); *Discord* (a channel, delivered by
:class:`bot.discord.delivery.OutboxDelivery`) asks a mid-day decision on day 1. :func:`run`
then plays them from wherever the database says they stand, so that a run killed at any point
and started again ends where an unkilled run ends: each pass delivers both transports' outboxes,
answers every open decision or combat window, sends the day's orders and, past its deadline,
runs the campaign's scheduled wake-up job (:func:`bot.scheduler.wake`, as the scheduler stored
it: :meth:`~bot.timekeeping.Timekeeper.wake_ups`), until every campaign has played :data:`DAYS`
days.

What each transport delivered is appended to a journal, fsynced before the transport hears that
it was sent (before it marks the message delivered): ``L <outbox id>`` for a message whose
files the local transport wrote, ``D <nonce>`` (``D -`` without one) for each Discord message
sent; Discord's side is :class:`RecordingClient`, which keeps nothing in memory, as a real
Discord would keep it on its side of a crash. Before each step the driver writes the step's
name, one line, to ``progress`` (a pipe), so that the suite can kill it inside a chosen step.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import discord
from sqlalchemy import Engine

import bot.local
from bot import scheduler
from bot.discord.delivery import OutboxDelivery
from bot.outbox import Outgoing
from bot.service import CampaignService, RequestError
from bot.store import row_id
from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from rules.catalog import catalog
from rules.decisions import is_combat_id
from rules.state import GameState
from tests.fights import quiet_plays, stage_giant_fight
from tests.snapshots import rewrite_latest

#: The days each campaign plays.
DAYS = 3
#: Who moderates both campaigns.
MODERATOR = "100000000000000009"
#: The Discord campaign's channel.
CHANNEL = "100000000000000001"


@dataclass(frozen=True)
class Table:
    """A campaign of the driver: its name, channel, seed and seats (player id, character)."""

    name: str
    channel: str | None
    seed: int
    seats: tuple[tuple[str, str], ...]


TABLES = (
    Table("Forum", None, 7, (("p1", "Amazon"), ("p2", "Black Knight"))),
    Table(
        "Discord",
        CHANNEL,
        3,
        (("200000000000000001", "Amazon"), ("200000000000000002", "Elf")),
    ),
)

#: When the driver's clock stands on a campaign's day: far enough apart that every deadline
#: set on a day has passed on the next.
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def moment(day: int) -> datetime:
    """The clock's time while a campaign is on ``day`` (0: its setup)."""
    return START + timedelta(days=3 * day)


class Clock:
    """The service's clock, set by the driver before each step (so every run sees the same)."""

    def __init__(self) -> None:
        self.now = moment(0)

    def __call__(self) -> datetime:
        return self.now


def prepare(url: str, *, seed: int = 0) -> None:
    """Create, seat, start and stage both campaigns on the empty database at ``url`` (their
    seeds moved by ``seed``): the part of a campaign's life the kills spare."""
    engine = make_engine(url)
    try:
        upgrade(engine)
        service = CampaignService(engine, catalog(), clock=Clock())
        for number, table in enumerate(TABLES, start=1):
            service.campaigns.create(
                table.name,
                moderator=MODERATOR,
                seed=table.seed + seed,
                channel=table.channel,
                options={"wait_for_decisions": True},
            )
            for player, character in table.seats:
                service.campaigns.join(
                    table.name, player=player, player_name=player, character=character
                )
            service.campaigns.start(table.name, moderator=MODERATOR)
            if table.channel is None:
                stage_giant_fight(engine, number, "Amazon", "Black Knight")
                service.moderation.set_autopilot(
                    table.name, moderator=MODERATOR, character="Black Knight"
                )
            else:
                rewrite_latest(engine, number, tired)
            for player, _ in table.seats:
                service.players.submit_orders(table.name, player=player, text="R")
    finally:
        engine.dispose()


def tired(state: GameState) -> None:
    """The Amazon's MOVE M3* and FIGHT M4* fatigued: resting, she must choose what to rest."""
    for chit in state.characters["Amazon"].chits:
        if chit.label in ("MOVE M3*", "FIGHT M4*"):
            chit.status = "fatigued"


class Journal:
    """The append-only record of what was delivered: each line written and fsynced at once."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def record(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())
        os.fsync(self.fd)


class _Destination:
    """A Discord channel or user as the delivery sends to it: each message journaled."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    async def send(self, *_: object, nonce: str | None = None, **__: object) -> None:
        self.journal.record(f"D {nonce or '-'}")


class RecordingClient:
    """Discord's side of the delivery: every message sent is journaled before ``send``
    returns; what Discord does with a nonce it has seen (answer with the first message) is
    the suite's to count, from the journal."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def get_user(self, _: int) -> _Destination:
        return _Destination(self.journal)

    async def fetch_user(self, _: int) -> _Destination:
        return _Destination(self.journal)

    def get_partial_messageable(self, _: int) -> _Destination:
        return _Destination(self.journal)


def _recording_send(journal: Journal) -> Callable[..., Awaitable[None]]:
    """:meth:`bot.local.Folder.send`, then the files fsynced and the message journaled."""
    send = bot.local.Folder.send

    async def recorded(folder: bot.local.Folder, outgoing: Outgoing, campaign: str | None) -> None:
        before = len(folder.written)
        await send(folder, outgoing, campaign)
        for path in folder.written[before:]:
            fd = os.open(path, os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)
        journal.record(f"L {outgoing.id}")

    return recorded


class Driver:
    """One run of the campaigns on the database at ``url``, reporting each step to
    ``progress`` (a file descriptor, or None)."""

    def __init__(self, url: str, out: Path, journal: Path, progress: int | None) -> None:
        self.engine: Engine = make_engine(url)
        self.clock = Clock()
        self.service = CampaignService(self.engine, catalog(), clock=self.clock)
        self.out = out
        self.journal = Journal(journal)
        self.progress = progress
        setattr(bot.local.Folder, "send", _recording_send(self.journal))  # noqa: B010
        client = cast(discord.Client, RecordingClient(self.journal))
        self.discord = OutboxDelivery(client, self.service, clock=self.clock)
        self.loop = asyncio.new_event_loop()
        scheduler.Wakeups(self.service)  # the service its stored jobs act on (not started)

    def step(self, name: str) -> None:
        if self.progress is not None:
            os.write(self.progress, f"{name}\n".encode())

    def deliver(self) -> None:
        """Both transports' passes, as the command line and the bot make them."""
        self.step("deliver-local")
        bot.local.deliver(self.service, self.out)
        self.step("deliver-discord")
        for table in TABLES:  # the bot's resync job, for the bot's campaigns
            if table.channel is not None:
                self.service.publisher.publish(table.name)
        self.loop.run_until_complete(self.discord.deliver_once())

    def play(self, table: Table) -> bool:
        """One step of ``table``'s campaign; False once it has played its days."""
        campaign = self.service.campaigns.campaign(table.name)
        if campaign.status == "finished" or campaign.day > DAYS:
            return False
        self.clock.now = moment(campaign.day)
        cid = row_id(campaign)
        with session_scope(self.engine) as session:
            waiting = repo.open_decisions(session, campaign_id=cid)
            asked = [(d.character, d.kind, d.ref, d.default) for d in waiting]
            submitted = repo.current_orders(session, campaign_id=cid, day=campaign.day)
            seats = {s.character: s.id for s in repo.list_seats(session, campaign_id=cid)}
        players = {character: player for player, character in table.seats}
        if asked:
            character, _, ref, default = asked[0]
            if not is_combat_id(ref):
                self.step("answer")
                self.service.resolver.answer(table.name, player=players[character], answer=default)
                return True
            kinds = {kind for c, kind, _, _ in asked if c == character}
            plays = quiet_plays(kinds)
            self.step("plays")
            if plays is None:
                self.service.plays.close_window(table.name, moderator=MODERATOR)
            else:
                self.service.plays.answer_plays(table.name, player=players[character], text=plays)
            return True
        for player, character in table.seats:
            if seats[character] not in submitted:
                self.step("orders")
                with contextlib.suppress(RequestError):  # dead or gone: no orders
                    self.service.players.submit_orders(table.name, player=player, text="H")
        self.step("resolve")
        [(ref, day)] = [(r, d) for r, d, _ in self.service.timekeeper.wake_ups() if r == f"#{cid}"]
        self.loop.run_until_complete(scheduler.wake(ref, day))
        return True

    def run(self) -> None:
        """Play every campaign to its last day, delivering after each step, then deliver."""
        busy = True
        while busy:
            self.deliver()
            busy = False
            for table in TABLES:
                busy = self.play(table) or busy
        self.deliver()
        self.step("done")
        self.loop.close()
        self.engine.dispose()


def run(url: str, out: Path, journal: Path, progress: int | None = None) -> None:
    """One run of the driver (see the module's docstring)."""
    Driver(url, out, journal, progress).run()
