"""The local transport: the campaign service from the command line, for forum and email games.

The moderator runs the same service on the same database as the Discord bot would, and
:func:`deliver` writes what the outbox holds into a folder instead of sending it: the public
reports (Markdown and forum BBCode) and map images, each player's private messages (in a folder
of his own, :func:`folder_name`), and the moderators' notes: the folder is a transport of the
outbox as the Discord bot is (:class:`Folder`, :mod:`bot.delivery`). Everything in a message is
escaped for the format it is written in, so no player's text becomes live markup on the forum.
Delivery marks messages delivered after their files are written, a batch at a time, so running
it twice writes nothing twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from bot import outbox
from bot.delivery import Courier, Failure
from bot.outbox import Outgoing
from bot.render import render
from bot.service import CampaignService
from db.models import OutboxMessage

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


class Folder:
    """The local transport of the outbox (:class:`bot.delivery.Transport`): the campaigns
    without a channel (those with one are the Discord bot's), but for what goes to their mail
    players (mail's, :mod:`bot.mail.transport`), each message written under
    ``out/<campaign>/`` (:func:`write`), marked delivered :data:`BATCH` at a time. A message it
    cannot write stops the delivery (the command says why); what was written of its batch is
    written again next time. ``written`` lists the files written."""

    name = "local"
    with_channel = False
    mail = False
    batch = BATCH

    def __init__(self, out: Path) -> None:
        self.out = out
        self.written: list[Path] = []

    async def prepare(self) -> None:
        """Nothing to learn: a message's folder is named after its campaign."""

    async def send(self, outgoing: Outgoing, campaign: str | None) -> None:
        self.written += _write(outgoing, self.out / safe_name(campaign or ""))

    def classify(self, error: Exception, message: OutboxMessage) -> Failure:
        """Any failure to write stops the delivery: the command reports it, and nothing of
        the batch is marked delivered."""
        raise error

    async def notice(self, message: OutboxMessage, failure: Failure, campaign: str) -> str:
        """What the moderators would be told; never asked today, since a failure to write
        stops the delivery (:meth:`classify`)."""
        return f"{campaign}: a message could not be written to its folder: {failure.reason}."


def deliver(service: CampaignService, out: Path) -> list[Path]:
    """Post the reports of resolved days that still wait for them
    (:meth:`~bot.publishing.Publisher.publish_due`: a crash between a resolution and its
    reports leaves them due, and the command line has no resync job to post them), then write
    every undelivered outbox message of the campaigns without a channel under
    ``out/<campaign>/`` and mark it delivered (:class:`Folder`, driven by
    :class:`bot.delivery.Courier`), a batch of messages at a time: the batch's files are
    written, then the batch is marked in one transaction. A crash in between writes the same
    files again next time, and nothing marked is written twice. Then the attachments no
    undelivered message needs are pruned (:func:`bot.outbox.prune_attachments`). Returns the
    files written."""
    service.publisher.publish_due()
    return carry(service, out)


def carry(service: CampaignService, out: Path, *, prune: bool = True) -> list[Path]:
    """:func:`deliver` without posting the reports due first: the outbox's messages as they
    are, written and marked delivered, then (with ``prune``) the attachments no undelivered
    message needs pruned. For a caller that posts them itself (the demo, whose every
    resolution does, and which prunes once, at its end); returns the files written."""
    folder = Folder(out)
    asyncio.run(_deliver_all(Courier(service, folder)))
    if prune:
        outbox.prune_attachments(service.engine)
    return folder.written


async def _deliver_all(courier: Courier) -> None:
    """Passes of ``courier`` until one finds nothing left to carry."""
    while await courier.deliver_once():
        pass


def write(batch: Sequence[Outgoing], out: Path, campaigns: Mapping[int, str]) -> list[Path]:
    """Write each of ``batch`` under ``out/<campaign>/`` (``campaigns`` names them by id): its
    Markdown and BBCode, and its attachment. Returns the files written."""
    written: list[Path] = []
    for outgoing in batch:
        folder = out / safe_name(campaigns.get(outgoing.message.campaign_id, ""))
        written += _write(outgoing, folder)
    return written


def _write(outgoing: Outgoing, folder: Path) -> list[Path]:
    """Write ``outgoing``'s files in its folder under ``folder`` (made by :func:`_file` if
    it is not there)."""
    message = outgoing.message
    stem = f"{message.id:05d}"
    if message.kind == "dm":
        folder = folder / "players" / folder_name(message.to or "")
    elif message.kind == "moderators":
        folder = folder / "moderators"
    else:
        folder = folder / "public"
    files = [folder / f"{stem}.md", folder / f"{stem}.bbcode.txt"]
    _file(files[0], _markdown(message.content).encode("utf-8"))
    _file(files[1], _bbcode(message.content).encode("utf-8"))
    if outgoing.attachment is not None and message.attachment_name:
        image = folder / f"{stem}-{safe_name(message.attachment_name)}"
        _file(image, outgoing.attachment)
        files.append(image)
    return files


def _file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (created or replaced): three system calls, not the half
    dozen of a Python file object, each of which hands the interpreter to the scheduler's
    thread while a sweep of campaigns resolves. Its folder is made only when it is missing
    (the first message there, or a moderator moved it away): a folder made before every
    message, or every pass, cost more than the files' writing."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    try:
        handle = os.open(path, flags, 0o666)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, flags, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    finally:
        os.close(handle)
