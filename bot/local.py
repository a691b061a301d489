"""The local transport: the campaign service from the command line, for forum and email games.

The moderator runs the same service on the same database as the Discord bot would, and
:func:`deliver` writes what the outbox holds into a folder instead of sending it: the public
reports (Markdown and forum BBCode) and map images, each player's private messages (in a folder
of his own, :func:`folder_name`), and the moderators' notes. Everything in a message is escaped
for the format it is written in, so no player's text becomes live markup on the forum. Delivery
marks each message delivered after its file is written, so running it twice writes nothing
twice.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from bot.render import render
from bot.service import CampaignService
from db.models import OutboxMessage

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


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
    """Write every undelivered outbox message under ``out/<campaign>/`` and mark it delivered.
    Returns the files written."""
    campaigns = service.campaign_names()
    written: list[Path] = []
    while True:
        batch = service.undelivered()
        if not batch:
            return written
        for message in batch:
            written += _write(message, out / safe_name(campaigns.get(message.campaign_id, "")))
            assert message.id is not None
            service.delivered(message.id)


def _write(message: OutboxMessage, folder: Path) -> list[Path]:
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
    if message.attachment is not None and message.attachment_name:
        image = folder / f"{stem}-{safe_name(message.attachment_name)}"
        image.write_bytes(message.attachment)
        files.append(image)
    return files
