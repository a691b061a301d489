"""A :class:`~bot.cards.Card` as Discord embeds, within Discord's limits.

Every text of the card is escaped (Markdown inert, mentions broken) and its UTC times become
Discord timestamps, as plain answers are (:func:`bot.discord.cogs.common.parts_of`). Then it is
fitted to Discord's limits, which discord.py does not check (Discord refuses the message with
HTTP 400): a title of 256 characters, a description of 4,096, 25 fields of 256 (name) and
1,024 (value), a footer of 2,048, and 6,000 in all the embeds of one message, at most 10 of
them. A long description or field value is split at line breaks, else after a comma, else
anywhere, and carried on in the next field ("name (continued)") or embed; the title heads the
first embed, the footer closes the last; the embeds are grouped into as many messages as the
total needs. Nothing is dropped but a title or footer past its own limit.
"""

from __future__ import annotations

import discord

from bot.cards import Card
from bot.render import discord_times, escape_discord

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
#: The most characters in all the embeds of one message, and the most embeds in one.
MESSAGE_TOTAL = 6000
MESSAGE_EMBEDS = 10
#: The name or value of a field with nothing to show (Discord refuses an empty one).
EMPTY = "\u2014"
#: The colour of the bot's embeds.
COLOUR = discord.Colour.dark_gold()


def shown(text: str) -> str:
    """``text`` as an embed shows it: escaped, its UTC times as Discord timestamps."""
    return discord_times(str(escape_discord(text)))


def clipped(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def chunks(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at the last line break that
    fits, else after the last comma, else at the limit; nothing is lost but the break."""
    pieces: list[str] = []
    rest = text.strip("\n")
    while len(rest) > limit:
        head = rest[:limit]
        cut = head.rfind("\n")
        if cut > 0:
            pieces.append(head[:cut])
            rest = rest[cut + 1 :]
            continue
        cut = head.rfind(", ")
        if cut > 0:
            pieces.append(head[: cut + 1])
            rest = rest[cut + 2 :]
            continue
        pieces.append(head)
        rest = rest[limit:]
    if rest:
        pieces.append(rest)
    return pieces


def _new_embed(title: str | None = None, description: str | None = None) -> discord.Embed:
    return discord.Embed(title=title, description=description, colour=COLOUR)


def _embeds(card: Card) -> list[discord.Embed]:
    """The card's embeds, each within its limits and leaving room for the footer."""
    footer = clipped(shown(card.footer), FOOTER) if card.footer else ""
    budget = MESSAGE_TOTAL - len(footer)
    descriptions = chunks(shown(card.description), DESCRIPTION) if card.description else []
    title = clipped(shown(card.title), TITLE)
    embeds = [_new_embed(title, descriptions[0] if descriptions else None)]
    embeds.extend(_new_embed(description=more) for more in descriptions[1:])
    for field in card.fields:
        name = clipped(shown(field.name), FIELD_NAME - len(" (continued)")) or EMPTY
        values = chunks(shown(field.value), FIELD_VALUE) or [EMPTY]
        for index, value in enumerate(values):
            label = name if index == 0 else f"{name} (continued)"
            current = embeds[-1]
            if len(current.fields) >= FIELDS or len(current) + len(label) + len(value) > budget:
                current = _new_embed()
                embeds.append(current)
            current.add_field(name=label, value=value, inline=field.inline and len(values) == 1)
    if footer:
        embeds[-1].set_footer(text=footer)
    return embeds


def embed_messages(card: Card) -> list[list[discord.Embed]]:
    """``card`` as the embeds of one message or, when it is long, of several: each message
    within Discord's limits."""
    messages: list[list[discord.Embed]] = [[]]
    total = 0
    for embed in _embeds(card):
        size = len(embed)
        if messages[-1] and (total + size > MESSAGE_TOTAL or len(messages[-1]) >= MESSAGE_EMBEDS):
            messages.append([])
            total = 0
        messages[-1].append(embed)
        total += size
    return messages
