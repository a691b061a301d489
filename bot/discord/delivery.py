"""Outbox delivery: what the service wrote to the outbox, sent to Discord in id order.

A ``channel`` message goes to the campaign's channel (``Campaign.channel``), a ``dm`` to the
player whose user id is ``to`` and a ``moderators`` message to the campaign's moderators' channel
(the campaign option ``moderators_channel``, else the bot's, else the campaign's channel). The
outbox holds plain text: :mod:`bot.discord.outgoing` makes it Discord messages (escaped text,
or cards for reports and decisions; the attachment, the map, with the last). A DM that asks a
decision carries a button per option (:mod:`bot.discord.decisions`), which needs nothing kept in
memory.

**Exactly once.** A message is marked delivered only after it was sent. Every Discord message
carries a nonce derived from the outbox message's id and its part (:func:`nonce`), and discord.py
sends a nonce with ``enforce_nonce``: a part sent again because the bot stopped between sending
and marking delivered is recognised by Discord, which returns the first one instead of posting a
second (Discord remembers nonces for a few minutes; a retry after a longer outage may repeat a
part of a long message that had been half sent).

**Failures** are handled as for every transport (:mod:`bot.delivery`: the message stays queued
and is retried, the later messages to its destination wait behind it or not, the moderators are
told of it once); what a Discord error means is :func:`classify`'s:

- the destination refuses (a player's closed DMs, an unknown user or channel, a missing
  permission) or Discord cannot be reached (5xx, network): the later messages *to the same place*
  wait behind it, so that nobody reads them out of order;
- the message itself is refused (another 4xx, or an error of the bot's own): it waits alone.

A player whose DMs are closed is also asked once, in the campaign's channel with a mention, to
open them. ``/gm status`` and ``realmbot status`` list what keeps failing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import aiohttp
import discord
from sqlmodel import select

from bot import outbox
from bot.cards import Card
from bot.delivery import MAX_RETRY, Courier, Failure
from bot.discord.decisions import decision_view
from bot.discord.demon import demon_view
from bot.discord.outgoing import MESSAGE_LIMIT, card_of, render_parts, shown
from bot.discord.plays import window_layout, window_views
from bot.i18n import N_, _, speaking
from bot.render import escape_discord, split_message
from bot.service import CampaignService, Clock
from db.engine import session_scope
from db.models import Campaign, OutboxMessage

log = logging.getLogger("realmbot.discord.delivery")

#: Seconds between two passes of the delivery loop.
DEFAULT_INTERVAL = 15.0
#: Discord's limit on a nonce's length.
NONCE_LENGTH = 25

#: What a player whose DMs are closed is told in the campaign's channel, after a mention.
OPEN_YOUR_DMS = N_(
    "I cannot DM you; open your DMs (Privacy Settings of this server, or User Settings > "
    "Privacy & Safety: allow direct messages) so that I can send you what is yours in "
    "%(campaign)s. It is kept until then."
)

#: Failures to reach Discord at all (``TimeoutError`` and DNS failures are ``OSError``s).
NETWORK_ERRORS = (aiohttp.ClientError, OSError)


@dataclass(frozen=True)
class Destinations:
    """Where a campaign's messages go: channel ids, as the campaign stores them."""

    channel: str | None
    moderators: str | None


class UndeliverableError(Exception):
    """A message with nowhere to go (no channel configured, a malformed user id, an unknown
    kind); ``holds_destination`` says whether the later messages to its destination wait."""

    def __init__(self, message: str, *, holds_destination: bool = True) -> None:
        super().__init__(message)
        self.holds_destination = holds_destination


def classify(error: BaseException, kind: str) -> Failure:
    """What a failure to send a message of ``kind`` means (see the module's docstring)."""
    reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, UndeliverableError):
        return Failure(reason, holds_destination=error.holds_destination)
    if isinstance(error, discord.Forbidden):
        return Failure(reason, holds_destination=True, closed_dms=kind == "dm")
    if isinstance(error, discord.NotFound):
        return Failure(reason, holds_destination=True)
    if isinstance(error, discord.HTTPException) and (error.status >= 500 or error.status == 429):
        return Failure(reason, holds_destination=True, transient=True)
    if isinstance(error, discord.HTTPException):
        return Failure(reason, holds_destination=False)
    if isinstance(error, NETWORK_ERRORS):
        return Failure(f"{type(error).__name__}: {reason}", holds_destination=True, transient=True)
    ours = f"an error in the bot ({type(error).__name__}; its log has the details)"
    return Failure(ours, holds_destination=False, ours=True)


def nonce(message_id: int, part: int | str) -> str:
    """The nonce of the Discord message carrying part ``part`` of outbox message
    ``message_id``: the same at every attempt, different for every part and message."""
    value = f"rb-{message_id}-{part}"
    if len(value) > NONCE_LENGTH:
        raise ValueError(f"outbox id {message_id} is too long for a nonce")
    return value


def campaign_destinations(
    service: CampaignService, moderators_channel: int | None = None
) -> dict[int, Destinations]:
    """Every campaign's destinations by campaign id (blocking: run it in a thread)."""
    fallback = str(moderators_channel) if moderators_channel is not None else None
    own = campaign_moderators_channels(service)
    return {
        campaign_id: Destinations(
            channel=channel, moderators=own.get(campaign_id) or fallback or channel
        )
        for campaign_id, channel in service.campaigns.channels().items()
    }


def campaign_moderators_channels(service: CampaignService) -> dict[int, str]:
    """The campaigns' own moderators' channels (option ``moderators_channel``) by campaign id.

    The service has no method for campaign options yet, so this one reads them itself.
    """
    with session_scope(service.engine) as session:
        return {
            campaign.id: str(value)
            for campaign in session.exec(select(Campaign))
            if campaign.id is not None
            and (value := campaign.options.get("moderators_channel")) is not None
        }


def _snowflake(value: str | None, what: str) -> int:
    if value is None or not value.isdigit():
        raise UndeliverableError(f"{what} is not a Discord id: {value!r}")
    return int(value)


class OutboxDelivery:
    """The Discord bot's transport of the outbox (:class:`bot.delivery.Transport`): the
    campaigns with a channel (but their mail players' messages, mail's), each message marked
    delivered as soon as it is sent; one pass with :meth:`deliver_once`
    (:class:`bot.delivery.Courier`), or a loop.

    ``clock`` (the service's by default) decides when a failed message is due again.
    """

    name = "discord"
    with_channel = True
    mail = False
    batch = 1

    def __init__(
        self,
        client: discord.Client,
        service: CampaignService,
        *,
        moderators_channel: int | None = None,
        interval: float = DEFAULT_INTERVAL,
        clock: Clock | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.moderators_channel = moderators_channel
        self.interval = interval
        self.courier = Courier(service, self, clock=clock)
        self._task: asyncio.Task[None] | None = None
        self._destinations: dict[int, Destinations] = {}
        self.after_pass: Callable[[], Awaitable[None]] | None = None
        """What runs after each pass of the loop (the status boards)."""

    # --- the loop -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the delivery loop (a pass every :attr:`interval` seconds once the bot is ready)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="realmbot-outbox")

    async def stop(self) -> None:
        """Stop the delivery loop; a pass in progress is cancelled (its message stays queued)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                await self.deliver_once()
                if self.after_pass is not None:
                    await self.after_pass()
            except Exception:
                log.exception("an outbox delivery pass failed")
            await asyncio.sleep(self.interval)

    async def deliver_once(self) -> int:
        """Send every undelivered message of the campaigns with a channel (the others are the
        local transport's) that is due and not held behind a failed one, in id order; returns
        how many were sent (:meth:`bot.delivery.Courier.deliver_once`)."""
        return await self.courier.deliver_once()

    async def heard_from(self, user_id: int) -> int:
        """A message or an interaction of the user ``user_id`` reached the bot: if messages to
        him wait out a back-off (his DMs were closed), a pass now sends them, and the rest
        that is due; returns how many were sent."""
        if not await self.courier.heard_from(str(user_id)):
            return 0
        return await self.deliver_once()

    # --- the transport --------------------------------------------------------------------------

    async def prepare(self) -> None:
        """Where each campaign's messages go, read afresh for the pass."""
        self._destinations = await asyncio.to_thread(
            campaign_destinations, self.service, self.moderators_channel
        )

    async def send(self, outgoing: outbox.Outgoing, campaign: str | None) -> None:
        """Send one message to its channel or user, as a card if it is one, with its decision
        buttons or window selects."""
        message = outgoing.message
        target = await self._target(message, self._destinations.get(message.campaign_id))
        spoken = await asyncio.to_thread(
            outbox.reader_language, self.service.engine, message.campaign_id, message.to
        )
        with speaking(spoken):  # what the buttons and selects say
            window = self._layout(message, campaign)
            buttons = self._buttons(message, campaign) if window is None else []
        if window is not None:
            assert message.id is not None
            before, layout = window
            parts = split_message(shown(before), MESSAGE_LIMIT) if before else []
            for index, part in enumerate(parts):
                await target.send(part, nonce=nonce(message.id, index))
            await target.send(view=layout, nonce=nonce(message.id, len(parts)))
            return
        card = card_of(message, campaign)
        await self._send(target, message, buttons, outgoing.attachment, card)

    def classify(self, error: Exception, message: OutboxMessage) -> Failure:
        return classify(error, message.kind)

    async def notice(self, message: OutboxMessage, failure: Failure, campaign: str) -> str:
        """The moderators' notice (:func:`moderators_notice`); a player whose DMs are closed is
        asked in the channel to open them first."""
        engine = self.service.engine
        spoken = await asyncio.to_thread(outbox.language_of, engine, message.campaign_id)
        with speaking(spoken):  # the channel's and the moderators' language
            asked = None
            if failure.closed_dms:
                where = self._destinations.get(message.campaign_id)
                asked = await self._ask_to_open_dms(message, where, campaign)
            who = await asyncio.to_thread(outbox.recipient, engine, message.campaign_id, message.to)
            return moderators_notice(message.kind, campaign, who, failure, asked=asked)

    async def _ask_to_open_dms(
        self, message: OutboxMessage, where: Destinations | None, campaign: str
    ) -> bool:
        """Ask the player in the campaign's channel, with a mention, to open his DMs; returns
        whether that was posted. Nothing of the message itself is said."""
        assert message.id is not None
        if where is None or where.channel is None or not where.channel.isdigit():
            return False
        if message.to is None or not message.to.isdigit():
            return False
        channel = self.client.get_partial_messageable(int(where.channel))
        text = f"<@{message.to}> " + escape_discord(_(OPEN_YOUR_DMS) % {"campaign": campaign})
        try:
            await channel.send(
                text,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(message.to))]),
                nonce=nonce(message.id, "dm"),
            )
        except (discord.HTTPException, *NETWORK_ERRORS) as error:
            log.warning("could not ask %s in the channel to open his DMs: %s", message.to, error)
            return False
        return True

    async def _target(
        self, message: OutboxMessage, destinations: Destinations | None
    ) -> discord.abc.Messageable:
        if message.kind == "dm":
            user_id = _snowflake(message.to, "the player")
            return self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        if destinations is None:
            raise UndeliverableError(f"campaign {message.campaign_id} does not exist")
        if message.kind == "channel":
            channel = destinations.channel
        elif message.kind == "moderators":
            channel = destinations.moderators
        else:
            raise UndeliverableError(
                f"unknown kind of message {message.kind!r}", holds_destination=False
            )
        return self.client.get_partial_messageable(_snowflake(channel, "the campaign's channel"))

    def _layout(
        self, message: OutboxMessage, campaign: str | None
    ) -> tuple[str, discord.ui.LayoutView] | None:
        """A DM opening a combat window as one message, its text above its selects, if it fits
        one, and the report before it that did not (:func:`~bot.discord.plays.window_layout`)."""
        if message.kind != "dm" or message.to is None or campaign is None:
            return None
        return window_layout(message.campaign_id, message.content)

    def _buttons(self, message: OutboxMessage, campaign: str | None) -> list[discord.ui.View]:
        """The decision buttons ``message`` carries, if it is a DM asking a decision (or Ask
        Demon's question or answer, :mod:`bot.discord.demon`), or the selects of a combat
        window it opens (five to a view)."""
        if message.kind != "dm" or message.to is None or campaign is None:
            return []
        asked = decision_view(message.campaign_id, campaign, message.content)
        asked = asked or demon_view(message.campaign_id, campaign, message.content)
        return [asked] if asked is not None else window_views(message.campaign_id, message.content)

    async def _send(
        self,
        target: discord.abc.Messageable,
        message: OutboxMessage,
        buttons: Sequence[discord.ui.View] = (),
        attachment: bytes | None = None,
        card: Card | None = None,
    ) -> None:
        """Send ``message`` (as ``card`` if given, :func:`~bot.discord.outgoing.render_parts`),
        each part with its :func:`nonce`; its files (its ``attachment`` among them), and the
        first of ``buttons`` if any, go with its last part, each other view of ``buttons`` on a
        message of its own after it (a message holds five selects)."""
        assert message.id is not None
        parts, files = render_parts(message, attachment, card)
        *first, last = parts
        for index, part in enumerate(first):
            await target.send(part.content, embeds=part.embeds, nonce=nonce(message.id, index))
        if not buttons and not (last.content or last.embeds or files):
            return
        final = nonce(message.id, len(first))
        if buttons:
            await target.send(
                last.content, embeds=last.embeds, files=files, view=buttons[0], nonce=final
            )
        else:
            await target.send(last.content, embeds=last.embeds, files=files, nonce=final)
        for number, more in enumerate(buttons[1:], start=len(parts)):
            await target.send(view=more, nonce=nonce(message.id, number))


def moderators_notice(
    kind: str, campaign: str, who: str, failure: Failure, *, asked: bool | None
) -> str:
    """What the moderators are told of a message that was not delivered (plain text)."""
    retried = _("retried, at most %(minutes)s minutes apart") % {
        "minutes": int(MAX_RETRY.total_seconds() // 60)
    }
    if failure.closed_dms:
        told = (
            _("I asked them in the channel to open their DMs.")
            if asked
            else _("I could not ask them in the channel either (see the bot's log).")
        )
        return _(
            "%(campaign)s: I cannot send direct messages to %(who)s: Discord refused "
            "(%(reason)s). %(told)s Their messages are kept, in order, and %(retried)s; "
            "/gm status lists them."
        ) % {
            "campaign": campaign,
            "who": who,
            "reason": failure.reason,
            "told": told,
            "retried": retried,
        }
    what = (
        _("a direct message to %(whom)s") % {"whom": who}
        if kind == "dm"
        else _("a message to the campaign's channel")
    )
    said = (
        _(
            "%(campaign)s: %(what)s could not be delivered: %(reason)s. It is kept and "
            "%(retried)s, and the messages after it to the same place wait; /gm status lists it."
        )
        if failure.holds_destination
        else _(
            "%(campaign)s: %(what)s could not be delivered: %(reason)s. It is kept and "
            "%(retried)s; /gm status lists it."
        )
    )
    return said % {
        "campaign": campaign,
        "what": what,
        "reason": failure.reason,
        "retried": retried,
    }
