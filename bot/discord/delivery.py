"""Outbox delivery: what the service wrote to the outbox, sent to Discord in id order.

A ``channel`` message goes to the campaign's channel (``Campaign.channel``), a ``dm`` to the
player whose user id is ``to`` and a ``moderators`` message to the campaign's moderators' channel
(the campaign option ``moderators_channel``, else the bot's, else the campaign's channel). The
outbox holds plain text: it is escaped here for Markdown and mentions, split at Discord's 2,000
characters, or attached as a text file when it would take more than a few messages. A message's
attachment (the map) is sent as a file with its last part. Only a message that was sent is marked
delivered; one that fails stays in the outbox for the next pass, and the messages after it to the
same place wait too, so that nobody reads them out of order. A DM that asks a decision carries a
button per option (:mod:`bot.discord.decisions`), which needs nothing kept in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from dataclasses import dataclass

import discord
from sqlmodel import select

from bot.discord.decisions import decision_view
from bot.render import discord_times, escape_discord, split_message
from bot.service import CampaignService
from db.engine import session_scope
from db.models import Campaign, OutboxMessage

log = logging.getLogger("realmbot.discord.delivery")

#: Discord's limit on a message's content.
MESSAGE_LIMIT = 2000
#: Longer texts (after escaping) are attached as a file instead of being split.
ATTACH_OVER = 3 * MESSAGE_LIMIT
#: How many outbox messages one pass reads.
BATCH = 1000
#: Seconds between two passes of the delivery loop.
DEFAULT_INTERVAL = 15.0


@dataclass(frozen=True)
class Destinations:
    """Where a campaign's messages go: channel ids, as the campaign stores them."""

    channel: str | None
    moderators: str | None


class UndeliverableError(Exception):
    """A message with nowhere to go (no channel configured, a malformed user id)."""


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
        for campaign_id, channel in service.channels().items()
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


def render_parts(message: OutboxMessage) -> tuple[list[str], list[discord.File]]:
    """The contents of the Discord messages that carry ``message`` and the files of the last."""
    files: list[discord.File] = []
    text = discord_times(escape_discord(message.content))
    if len(text) > ATTACH_OVER:
        head = escape_discord(message.content.strip().partition("\n")[0])[: MESSAGE_LIMIT - 100]
        parts = [f"{head}\n(the whole text is attached)"]
        files.append(
            discord.File(io.BytesIO(message.content.encode()), filename=f"message-{message.id}.txt")
        )
    else:
        parts = split_message(text, MESSAGE_LIMIT)
    if message.attachment is not None:
        name = message.attachment_name or f"attachment-{message.id}"
        files.append(discord.File(io.BytesIO(message.attachment), filename=name))
    return parts, files


class OutboxDelivery:
    """Sends the outbox through ``client``: one pass with :meth:`deliver_once`, or a loop."""

    def __init__(
        self,
        client: discord.Client,
        service: CampaignService,
        *,
        moderators_channel: int | None = None,
        interval: float = DEFAULT_INTERVAL,
    ) -> None:
        self.client = client
        self.service = service
        self.moderators_channel = moderators_channel
        self.interval = interval
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None

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
            except Exception:
                log.exception("an outbox delivery pass failed")
            await asyncio.sleep(self.interval)

    # --- one pass -------------------------------------------------------------------------------

    async def deliver_once(self) -> int:
        """Send every undelivered message that can be sent now; returns how many were sent."""
        async with self._lock:
            messages = await asyncio.to_thread(self.service.undelivered, BATCH)
            if not messages:
                return 0
            destinations = await asyncio.to_thread(
                campaign_destinations, self.service, self.moderators_channel
            )
            names = await asyncio.to_thread(self.service.campaign_names)
            blocked: set[str] = set()  # where a message failed: later ones wait
            sent = 0
            for message in messages:
                assert message.id is not None
                key = f"dm:{message.to}" if message.kind == "dm" else f"{message.campaign_id}"
                if key in blocked:
                    continue
                try:
                    target = await self._target(message, destinations.get(message.campaign_id))
                    await self._send(target, message, self._buttons(message, names))
                except (discord.HTTPException, UndeliverableError) as error:
                    log.warning("outbox message %s not delivered: %s", message.id, error)
                    blocked.add(key)
                    continue
                await asyncio.to_thread(self.service.delivered, message.id)
                sent += 1
            return sent

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
            raise UndeliverableError(f"unknown kind of message {message.kind!r}")
        return self.client.get_partial_messageable(_snowflake(channel, "the campaign's channel"))

    def _buttons(self, message: OutboxMessage, names: dict[int, str]) -> discord.ui.View | None:
        """The decision buttons ``message`` carries, if it is a DM asking a decision."""
        name = names.get(message.campaign_id)
        if message.kind != "dm" or message.to is None or name is None:
            return None
        return decision_view(message.campaign_id, name, message.content)

    async def _send(
        self,
        target: discord.abc.Messageable,
        message: OutboxMessage,
        buttons: discord.ui.View | None = None,
    ) -> None:
        """Send ``message``; its files, and ``buttons`` if any, go with its last part."""
        parts, files = render_parts(message)
        *first, last = parts
        for part in first:
            await target.send(part)
        if buttons is not None:
            await target.send(last or None, files=files, view=buttons)
        elif last or files:
            await target.send(last or None, files=files)
