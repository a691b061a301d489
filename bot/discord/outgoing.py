"""How an outbox message looks on Discord: the messages that carry it (:func:`render_parts`).

Most messages are plain text: escaped for Markdown and mentions, their UTC times as Discord
timestamps, split at Discord's 2,000 characters, or attached as a text file when they would take
more than a few messages. Two kinds are cards (embeds, :mod:`bot.discord.embeds`):

- a **report** — a channel message with a map (the day's report, the campaign's start, the
  final report and its route maps): its first line is the title, the rest its description, the
  map the last embed's image (``attachment://`` the file sent with it). A report that would need
  more than :data:`REPORT_MESSAGES` messages of embeds is sent as text (attached, then);
- a **decision** — a DM asking a mid-day decision (:func:`bot.discord.decisions.read_decision`):
  who must decide as the title, the question, its options and what happens without an answer.

Files (a long text's, the attachment) go with the last message.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import discord

from bot.cards import Card
from bot.discord.decisions import decision_card, read_decision
from bot.discord.embeds import embed_messages
from bot.render import discord_times, escape_discord, split_message
from db.models import OutboxMessage

#: Discord's limit on a message's content.
MESSAGE_LIMIT = 2000
#: Longer texts (after escaping) are attached as a file instead of being split.
ATTACH_OVER = 3 * MESSAGE_LIMIT
#: The most messages of embeds a report takes; a longer one is sent as text.
REPORT_MESSAGES = 3


@dataclass
class Part:
    """One Discord message: its text or its embeds (never both)."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)


def card_of(message: OutboxMessage, campaign: str | None) -> Card | None:
    """The card ``message`` (of the campaign called ``campaign``) is shown as, if it is a report
    or a decision (see the module's docstring)."""
    if message.kind == "channel" and (message.attachment_name or "").endswith(".png"):
        title, _, rest = message.content.strip().partition("\n")
        return Card(title=title, description=rest.strip("\n"))
    if message.kind == "dm" and campaign is not None:
        asked = read_decision(campaign, message.content)
        return decision_card(asked) if asked is not None else None
    return None


def shown(content: str) -> str:
    """An outbox message's text as Discord shows it: escaped for Markdown and mentions, its
    UTC times as Discord timestamps."""
    return discord_times(escape_discord(content))


def _text_parts(message: OutboxMessage) -> tuple[list[Part], list[discord.File]]:
    text = shown(message.content)
    if len(text) <= ATTACH_OVER:
        parts = [Part(content=part) for part in split_message(text, MESSAGE_LIMIT)]
        return parts or [Part()], []
    head = escape_discord(message.content.strip().partition("\n")[0])[: MESSAGE_LIMIT - 100]
    whole = discord.File(io.BytesIO(message.content.encode()), filename=f"message-{message.id}.txt")
    return [Part(content=f"{head}\n(the whole text is attached)")], [whole]


def render_parts(
    message: OutboxMessage, attachment: bytes | None = None, card: Card | None = None
) -> tuple[list[Part], list[discord.File]]:
    """The Discord messages that carry ``message`` — as ``card`` if one is given and fits
    (:func:`card_of`) — and the files of the last: a long text's file, and its ``attachment``
    (the bytes it names, :mod:`db.blobs`)."""
    embeds = embed_messages(card) if card is not None else []
    if embeds and len(embeds) <= REPORT_MESSAGES:
        parts, files = [Part(embeds=group) for group in embeds], list[discord.File]()
    else:
        parts, files = _text_parts(message)
    if attachment is not None:
        name = message.attachment_name or f"attachment-{message.id}"
        files.append(discord.File(io.BytesIO(attachment), filename=name))
        if parts[-1].embeds and name.endswith(".png"):
            parts[-1].embeds[-1].set_image(url=f"attachment://{name}")
    return parts, files
