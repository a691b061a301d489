"""Delivering the outbox: one protocol every transport implements (:class:`Transport`: the
Discord bot's, :mod:`bot.discord.delivery`; the local folder's, :mod:`bot.local`; mail's,
:mod:`bot.mail.transport`) and one driver (:class:`Courier`) that hands it the messages that are
its own.

**Whose messages.** Each message has one transport. A mail player's (a ``dm`` to him, or a
``public`` copy of a channel's message: his id is a mail player's, :mod:`bot.mail.addresses`)
are mail's, in whichever campaign (``Transport.mail`` True, :func:`db.messages.to_mail`); of the
others, the Discord bot carries those of the campaigns with a channel, the local folder those
of the campaigns without one (``Transport.with_channel``, :func:`db.messages.has_channel`; both
``mail`` False).

**Exactly once, in order.** The courier hands a transport its undelivered messages in id order
and marks them delivered only after the transport carried them, ``Transport.batch`` at a time in
one transaction: one by one for Discord, whose messages cannot be taken back (and carry nonces
against a repeat), a hundred at a time for the folder, which writes a file again harmlessly. A
crash in between carries them again; nothing marked is carried twice.

**Failures.** What a transport cannot carry raises; the transport says what that means
(:meth:`Transport.classify`: a transport for which any failure is fatal raises it again, and the
pass stops there). A failed message stays in the outbox: its ``attempts`` go up, and it is tried
again after :func:`retry_delay` (the times kept in memory: after a restart each is tried once at
once). When its :class:`Failure` holds its destination, the later messages to the same place wait
behind it, so that nobody reads them out of order; nothing else waits. The moderators are told of a
message's first failure (its :data:`NOTICE_AFTER_TRANSIENT`-th while the transport cannot be reached
at all) in words the transport chooses (:meth:`Transport.notice`), never with the message's content;
a moderators' message that fails is only logged. A player the transport hears from
(:meth:`Courier.heard_from`: he wrote to the bot, so his private messages are likely open again) has
his waiting private messages tried at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from bot import outbox
from bot.logs import campaign_context
from bot.service import CampaignService, Clock
from db.models import OutboxMessage

#: How many outbox messages one pass tries at most.
BATCH = 1000
#: How many messages are loaded (with their attachments) at a time.
LOAD = 100
#: The wait before a failed message's second attempt; it doubles with each failure...
FIRST_RETRY = timedelta(seconds=30)
#: ... up to this.
MAX_RETRY = timedelta(minutes=15)
#: While a transport cannot be reached, the moderators hear of a message at this failed attempt.
NOTICE_AFTER_TRANSIENT = 5


@dataclass(frozen=True)
class Failure:
    """Why a message was not delivered, and what follows from it.

    ``reason`` is one line, without the message's content; ``holds_destination``: the later
    messages to the same destination wait; ``transient``: the transport could not be reached;
    ``closed_dms``: a player does not accept the transport's private messages; ``ours``: an
    error of the bot's own.
    """

    reason: str
    holds_destination: bool
    transient: bool = False
    closed_dms: bool = False
    ours: bool = False


def retry_delay(attempts: int) -> timedelta:
    """How long a message that has failed ``attempts`` times waits for its next attempt."""
    if attempts >= 16:
        return MAX_RETRY
    return min(FIRST_RETRY * (1 << max(attempts - 1, 0)), MAX_RETRY)


class Transport(Protocol):
    """What a transport implements to carry the outbox's messages (see the module's
    docstring); :class:`Courier` drives it."""

    #: Its name in the log (``realmbot.<name>.delivery``): ``discord``, ``local``.
    name: str

    @property
    def with_channel(self) -> bool | None:
        """The campaigns whose messages it carries: those with a channel, or those without
        (None: every campaign's)."""

    @property
    def mail(self) -> bool | None:
        """The recipients whose messages it carries: the mail players (True), everyone else
        (False), or all (None)."""

    #: How many messages it carries before they are marked delivered.
    batch: int

    async def prepare(self) -> None:
        """Before a pass sends anything: learn what it needs of the campaigns (where their
        messages go)."""

    async def send(self, outgoing: outbox.Outgoing, campaign: str | None) -> None:
        """Carry one message of the campaign called ``campaign`` (None: a campaign unknown) to
        where its kind and recipient say; raise if it could not."""

    def classify(self, error: Exception, message: OutboxMessage) -> Failure:
        """What a failure to carry ``message`` means; raise ``error`` again if the pass must
        stop."""

    async def notice(self, message: OutboxMessage, failure: Failure, campaign: str) -> str:
        """What the moderators of ``campaign`` are told of ``message``'s failure (never its
        content); the transport may tell whom it concerns too (a player whose private messages
        are closed)."""


@dataclass(frozen=True)
class _Retry:
    """A failed message's next attempt: not before ``at``; ``holds_destination`` as its
    :class:`Failure` said; ``destination`` where it goes (:func:`bot.outbox.destination`)."""

    at: datetime
    holds_destination: bool
    destination: str


class Courier:
    """Hands ``transport`` the outbox's messages that are its own, one pass at a time
    (:meth:`deliver_once`); ``clock`` (the service's by default) decides when a failed message
    is due again."""

    def __init__(
        self, service: CampaignService, transport: Transport, *, clock: Clock | None = None
    ) -> None:
        self.service = service
        self.transport = transport
        self._clock = clock
        self._lock = asyncio.Lock()
        self._retries: dict[int, _Retry] = {}
        self.log = logging.getLogger(f"realmbot.{transport.name}.delivery")

    def now(self) -> datetime:
        return (self._clock or self.service.clock)()

    async def deliver_once(self) -> int:
        """Carry every undelivered message of the transport's campaigns that is due and not
        held behind a failed one, in id order (at most :data:`BATCH`); returns how many were
        carried. Failures are handled here (see the module's docstring) unless the transport
        raises them again; a failure of the database itself ends the pass with its exception."""
        async with self._lock:
            engine = self.service.engine
            entries = await asyncio.to_thread(
                outbox.queued,
                engine,
                with_channel=self.transport.with_channel,
                mail=self.transport.mail,
            )
            queued = {entry.id for entry in entries}
            self._retries = {i: r for i, r in self._retries.items() if i in queued}
            now = self.now()
            due, held = self._due(entries, now)
            if not due:
                return 0
            await self.transport.prepare()
            names = {entry.campaign_id: entry.campaign for entry in due}
            sent = 0
            carried: list[int] = []
            for start in range(0, len(due), LOAD):
                chunk = due[start : start + LOAD]
                messages = await asyncio.to_thread(outbox.load, engine, [e.id for e in chunk])
                for entry in chunk:
                    outgoing = messages.get(entry.id)
                    if entry.destination in held or outgoing is None:
                        continue
                    with campaign_context(names.get(entry.campaign_id)):
                        if await self._carry(outgoing, names, now):
                            carried.append(entry.id)
                        elif self._retries[entry.id].holds_destination:
                            held.add(entry.destination)
                    if len(carried) >= self.transport.batch:
                        sent += await self._delivered(carried)
                        carried = []
            return sent + await self._delivered(carried)

    async def heard_from(self, player: str) -> bool:
        """``player`` was heard from (a message or an interaction of his reached the
        transport): his private messages waiting out a back-off after a failure are due at
        once, not when the back-off ends. Returns whether any was waiting (the caller then has
        a pass carry them)."""
        key = outbox.destination("dm", player, 0)
        async with self._lock:
            waiting = [i for i, retry in self._retries.items() if retry.destination == key]
            for message_id in waiting:
                del self._retries[message_id]
        return bool(waiting)

    async def _delivered(self, ids: list[int]) -> int:
        """Mark the messages with ``ids`` delivered, in one transaction; how many they were."""
        if ids:
            await asyncio.to_thread(outbox.mark_delivered, self.service.engine, ids, at=self.now())
            for message_id in ids:
                self._retries.pop(message_id, None)
        return len(ids)

    def _due(
        self, entries: Sequence[outbox.Queued], now: datetime
    ) -> tuple[list[outbox.Queued], set[str]]:
        """The entries to try now (at most :data:`BATCH`), and the destinations held behind a
        failed message that is not due yet."""
        due: list[outbox.Queued] = []
        held: set[str] = set()
        for entry in entries:
            if entry.destination in held:
                continue
            retry = self._retries.get(entry.id)
            if retry is not None and retry.at > now:
                if retry.holds_destination:
                    held.add(entry.destination)
                continue
            due.append(entry)
            if len(due) == BATCH:
                break
        return due, held

    async def _carry(self, outgoing: outbox.Outgoing, names: dict[int, str], now: datetime) -> bool:
        """Have the transport carry one message; on failure, handle it and return False."""
        message = outgoing.message
        try:
            await self.transport.send(outgoing, names.get(message.campaign_id))
        except Exception as error:
            failure = self.transport.classify(error, message)
            await self._failed(message, failure, error, names, now)
            return False
        return True

    async def _failed(
        self,
        message: OutboxMessage,
        failure: Failure,
        error: Exception,
        names: dict[int, str],
        now: datetime,
    ) -> None:
        """Record a failed attempt, schedule the next, tell whom it concerns and log it."""
        assert message.id is not None
        attempts = message.attempts + 1
        delay = retry_delay(attempts)
        where = outbox.destination(message.kind, message.to, message.campaign_id)
        self._retries[message.id] = _Retry(now + delay, failure.holds_destination, where)
        first = NOTICE_AFTER_TRANSIENT if failure.transient else 1
        notice = None
        if message.kind != "moderators" and attempts == first:
            campaign = names.get(message.campaign_id, f"campaign {message.campaign_id}")
            notice = await self.transport.notice(message, failure, campaign)
        attempts = await asyncio.to_thread(
            outbox.record_failure, self.service.engine, message, notice=notice, at=now
        )
        if attempts == 1 or notice is not None:
            self.log.warning(
                "outbox message %s (%s) not delivered: %s; next attempt in %s",
                message.id,
                outbox.destination(message.kind, message.to, message.campaign_id),
                failure.reason if not failure.ours else repr(error),
                delay,
                exc_info=error if failure.ours else None,
            )
        else:
            self.log.info(
                "outbox message %s still not delivered after %d attempts: %s; next in %s",
                message.id,
                attempts,
                failure.reason,
                delay,
            )
