"""The local transport: the campaign service from the command line, for forum and email games.

The moderator runs the same service on the same database as the Discord bot would, and
:func:`deliver` writes what the outbox holds into a folder instead of sending it: the public
reports (Markdown and forum BBCode) and map images, each player's private messages (in a folder
of his own, :func:`folder_name`), and the moderators' notes. Everything in a message is escaped
for the format it is written in, so no player's text becomes live markup on the forum. Delivery
marks messages delivered after their files are written, a batch at a time, so running it twice
writes nothing twice.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from bot import outbox
from bot.outbox import Outgoing
from bot.render import render
from bot.service import CampaignService

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

#: How many messages one batch writes and marks delivered.
BATCH = 100


def safe_name(text: str) -> str:
    """A file or folder name made from ``text`` (letters, digits, ``.``, ``_``, ``-``)."""
    return _UNSAFE.sub("-", text).strip("-") or "unnamed"


def folder_name(text: str) -> str:
    """A folder name that is ``text``'s alone: its :func:`safe_name` (cut to 60 characters) and
    a short stable hash of ``text`` itself, so ``Alice Smith`` and ``Alice-Smith`` differ."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{safe_name(text)[:60]}-{digest}"


def _post(template: str, text: str) -> str:
    """A message as a forum post (``posts/post.bbcode.j2`` or ``posts/post.md.j2``): a bold
    first line or heading, the rest in a code block; every character of the message is escaped
    for the format, since any of it may be a player's (names, announcements, orders)."""
    head, _, body = text.strip().partition("\n")
    return render(template, head=head, body=body.strip()).rstrip("\n") + "\n"


def _bbcode(text: str) -> str:
    """A message as forum BBCode: a bold first line, the rest kept in a code block."""
    return _post("posts/post.bbcode.j2", text)


def _markdown(text: str) -> str:
    """A message as Markdown: a heading, the rest kept in a code block."""
    return _post("posts/post.md.j2", text)


def deliver(service: CampaignService, out: Path) -> list[Path]:
    """Post the reports of resolved days that still wait for them
    (:meth:`~bot.publishing.Publisher.publish_due`: a crash between a resolution and its
    reports leaves them due, and the command line has no resync job to post them), then write
    every undelivered outbox message of the campaigns without a channel (those with one are
    the Discord bot's) under ``out/<campaign>/`` and mark it delivered,
    a batch of messages at a time: the batch's files are written, then the batch is marked in
    one transaction (:func:`bot.outbox.mark_delivered`). A crash in between writes the same
    files again next time, and nothing marked is written twice. Then the attachments no
    undelivered message needs are pruned (:func:`bot.outbox.prune_attachments`). Returns the
    files written."""
    service.publisher.publish_due()
    campaigns = service.campaigns.campaign_names()
    written: list[Path] = []
    while True:
        batch = outbox.pending(service.engine, limit=BATCH, with_channel=False)
        if not batch:
            break
        written += write(batch, out, campaigns)
        outbox.mark_delivered(service.engine, [o.id for o in batch], at=service.clock())
    outbox.prune_attachments(service.engine)
    return written


def write(batch: Sequence[Outgoing], out: Path, campaigns: Mapping[int, str]) -> list[Path]:
    """Write each of ``batch`` under ``out/<campaign>/`` (``campaigns`` names them by id): its
    Markdown and BBCode, and its attachment. Returns the files written."""
    written: list[Path] = []
    for outgoing in batch:
        folder = out / safe_name(campaigns.get(outgoing.message.campaign_id, ""))
        written += _write(outgoing, folder)
    return written


def _write(outgoing: Outgoing, folder: Path) -> list[Path]:
    message = outgoing.message
    stem = f"{message.id:05d}"
    if message.kind == "dm":
        folder = folder / "players" / folder_name(message.to or "")
    elif message.kind == "moderators":
        folder = folder / "moderators"
    else:
        folder = folder / "public"
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / f"{stem}.md", folder / f"{stem}.bbcode.txt"]
    files[0].write_text(_markdown(message.content), encoding="utf-8")
    files[1].write_text(_bbcode(message.content), encoding="utf-8")
    if outgoing.attachment is not None and message.attachment_name:
        image = folder / f"{stem}-{safe_name(message.attachment_name)}"
        image.write_bytes(outgoing.attachment)
        files.append(image)
    return files
