"""The bot's IMAP reader: the mails that wait in the operator's mailbox, each handled once.

``MAIL_IMAP_URL`` names the mailbox (:func:`parse_imap_url`). A :class:`Mailbox` is one logged-in
connection to its folder (IMAPClient, a blocking library): :meth:`Mailbox.fetch` reads the
unseen mails without marking them, :meth:`Mailbox.done` files one away once handled. A mail is
therefore read again after a crash between the two (the inbound layer recognises a mail it has
already taken by its Message-ID). :func:`watch` is the bot's loop: every waiting mail handled,
then a wait for the next one — IDLE where the server has it, polling otherwise — reconnecting
with backoff when the connection fails, until it is told to stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import ssl
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any
from urllib.parse import unquote, urlsplit

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

log = logging.getLogger("realmbot.mail.imap")

#: Where a handled mail goes (created when missing).
DONE_FOLDER = "realmbot-done"
DEFAULT_PORTS = {"imap": 143, "imaps": 993}
#: A server may end an IDLE after 30 minutes (RFC 2177): it is renewed before.
IDLE_RENEWAL_S = 25 * 60
#: How often a wait looks whether it was told to stop.
STOP_CHECK_S = 0.25
#: The waits between reconnections: doubling from the first to the last.
BACKOFF_S = (1.0, 300.0)
TIMEOUT_S = 60.0
#: How many mails :func:`watch` reads at a time.
FETCH_LIMIT = 100

#: What a failed connection raises: the network's errors (TLS's among them) and the protocol's.
CONNECTION_ERRORS: tuple[type[Exception], ...] = (OSError, IMAPClientError)


@dataclass(frozen=True)
class ImapAddress:
    """A mailbox's folder on an IMAP server, and how to log in. ``secure``: implicit TLS
    (``imaps``); otherwise STARTTLS where the server offers it, except on the loopback
    interface (:func:`loopback`). The password never shows in ``repr`` or ``str``."""

    secure: bool
    host: str
    port: int
    user: str
    password: str = field(repr=False)
    folder: str = "INBOX"

    def __str__(self) -> str:
        scheme = "imaps" if self.secure else "imap"
        return f"{scheme}://{self.user}@{self.host}:{self.port}/{self.folder}"


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine (``localhost``, 127.0.0.0/8, ``::1``): a plain
    connection to it never leaves the machine, and the certificate of a local server (Debian's
    self-signed one) would not pass a check, so no STARTTLS is asked there."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_imap_url(url: str) -> ImapAddress:
    """``imap[s]://user:password@host[:port][/folder]`` as an :class:`ImapAddress` (the user and
    password percent-encoded where they hold ``@``, ``:`` or ``/``; the folder ``INBOX`` when
    none is given). A ValueError says what is wrong, never echoing the password."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise ValueError(
            "MAIL_IMAP_URL is not a URL of the form imaps://user:password@host[:port]/folder "
            "(its port a number from 1 to 65535; percent-encode @ : / ? # in the user and "
            "password)"
        ) from None
    if parts.scheme not in DEFAULT_PORTS:
        raise ValueError(
            "MAIL_IMAP_URL must start with imaps:// (TLS) or imap:// (STARTTLS where offered), "
            f"not {parts.scheme + '://' if parts.scheme else 'nothing'}"
        )
    if not parts.hostname:
        raise ValueError("MAIL_IMAP_URL has no server: imaps://user:password@host[:port]")
    if not parts.username:
        raise ValueError("MAIL_IMAP_URL has no user: imaps://user:password@host[:port]")
    if not parts.password:
        raise ValueError("MAIL_IMAP_URL has no password: imaps://user:password@host[:port]")
    if parts.query or parts.fragment:
        raise ValueError("MAIL_IMAP_URL has a ? or # part: percent-encode them in the password")
    if port == 0:
        raise ValueError("MAIL_IMAP_URL's port must be a number from 1 to 65535")
    return ImapAddress(
        secure=parts.scheme == "imaps",
        host=parts.hostname,
        port=port or DEFAULT_PORTS[parts.scheme],
        user=unquote(parts.username),
        password=unquote(parts.password),
        folder=unquote(parts.path.strip("/")) or "INBOX",
    )


@dataclass(frozen=True)
class Arrived:
    """A mail waiting in the folder: its UID there and its bytes as they arrived."""

    uid: int
    raw: bytes


class Mailbox:
    """One connection, logged in, to an address's folder (selected); blocking, so that async
    code runs its calls in a thread. A context manager: it logs out at the end. Connecting
    raises what the network or the server says (:data:`CONNECTION_ERRORS`)."""

    def __init__(self, address: ImapAddress, *, timeout: float = TIMEOUT_S) -> None:
        self.address = address
        context = ssl.create_default_context()
        self.client = IMAPClient(
            address.host, address.port, ssl=address.secure, ssl_context=context, timeout=timeout
        )
        try:
            offered = b"STARTTLS" in self.client.capabilities()
            if not address.secure and offered and not loopback(address.host):
                self.client.starttls(context)
            self.client.login(address.user, address.password)
            self.waiting = self.client.select_folder(address.folder).get(b"EXISTS", 0)
        except BaseException:
            self.close()
            raise
        self._done_folder_exists = False

    def __enter__(self) -> Mailbox:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Log out (or just drop a connection that already failed)."""
        try:
            self.client.logout()
        except (OSError, IMAPClientError, AttributeError):
            with contextlib.suppress(OSError, IMAPClientError, AttributeError):
                self.client.shutdown()

    @property
    def can_idle(self) -> bool:
        """Whether the server announces changes as they happen (IDLE, RFC 2177)."""
        return bool(self.client.has_capability("IDLE"))

    def fetch(self, limit: int = 100) -> list[Arrived]:
        """The first ``limit`` unseen mails of the folder, oldest first, left unseen
        (``BODY.PEEK``): only :meth:`done` files one away."""
        uids = sorted(self.client.search(["UNSEEN", "UNDELETED"]))[:limit]
        if not uids:
            return []
        fetched: dict[int, dict[bytes, Any]] = self.client.fetch(uids, ["BODY.PEEK[]"])
        return [
            Arrived(uid, bytes(fetched[uid][b"BODY[]"]))
            for uid in uids
            if uid in fetched and fetched[uid].get(b"BODY[]") is not None
        ]

    def done(self, uid: int) -> None:
        """Mark the mail ``uid`` handled: seen, and moved to the folder ``realmbot-done`` (made
        when missing). Where the server has no MOVE (RFC 6851) it is copied there, then flagged
        ``\\Deleted`` and expunged (by its UID where the server has UIDPLUS; otherwise a plain
        EXPUNGE, which also removes whatever else a client flagged deleted in the folder)."""
        self.client.add_flags([uid], [b"\\Seen"], silent=True)
        if not self._done_folder_exists:
            if not self.client.folder_exists(DONE_FOLDER):
                self.client.create_folder(DONE_FOLDER)
            self._done_folder_exists = True
        if self.client.has_capability("MOVE"):
            self.client.move([uid], DONE_FOLDER)
            return
        self.client.copy([uid], DONE_FOLDER)
        self.client.add_flags([uid], [b"\\Deleted"], silent=True)
        if self.client.has_capability("UIDPLUS"):
            self.client.uid_expunge([uid])
        else:
            self.client.expunge()

    def _announced(self) -> bool:
        """Whether the server announced a mail (``EXISTS``) during the last commands: a mail
        that arrives while :meth:`fetch` searches, or before the server answers IDLE, is
        announced then, and not again in the IDLE that follows. imaplib keeps such untagged
        responses aside, where no IMAPClient call reads them: they are looked at (and
        cleared) here."""
        kept: dict[str, list[bytes]] = self.client._imap.untagged_responses
        return bool(kept.pop("EXISTS", None))

    def wait(self, seconds: float, stop: threading.Event) -> None:
        """Wait up to ``seconds`` for a new mail, returning sooner when ``stop`` is set: in IDLE
        where the server has it (returning as it announces a mail), else simply waiting (the
        next :meth:`fetch` asks). A connection the server closed raises ConnectionError."""
        if not self.can_idle:
            stop.wait(seconds)
            return
        if self._announced():
            return
        deadline = time.monotonic() + seconds
        self.client.idle()
        try:
            if self._announced():  # said while the server was being asked to IDLE
                return
            while not stop.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                started = time.monotonic()
                chunk = min(left, STOP_CHECK_S)
                said = self.client.idle_check(timeout=chunk)
                if any(line[:1] == (b"BYE",) for line in said):
                    raise ConnectionError("the IMAP server ended the connection")
                if any(len(line) > 1 and line[1] == b"EXISTS" for line in said):
                    return
                # idle_check says nothing, at once, when the server closed the connection.
                if not said and time.monotonic() - started < chunk / 2:
                    raise ConnectionError("the IMAP server closed the connection")
        finally:
            self.client.idle_done()


def check(url: str) -> str:
    """Log in to ``url``'s mailbox and select its folder; one line naming it and saying how many
    mails wait there (unseen ones). A ValueError for a malformed URL; otherwise what the network
    or the server said, with the address (never the password)."""
    address = parse_imap_url(url)
    try:
        with Mailbox(address) as mailbox:
            unseen = len(mailbox.client.search(["UNSEEN", "UNDELETED"]))
            idle = "IDLE" if mailbox.can_idle else "no IDLE: polling"
    except CONNECTION_ERRORS as error:
        raise ConnectionError(f"IMAP {address}: {_said(error, address)}") from None
    return f"IMAP {address}: {unseen} unread of {mailbox.waiting} mails ({idle})"


def _said(error: Exception, address: ImapAddress) -> str:
    """What went wrong, in one line, the password blotted out should a server echo it."""
    text = str(error) or type(error).__name__
    if isinstance(error, IMAPClientError) and text.startswith("b'") and text.endswith("'"):
        text = text[2:-1]
    return " ".join(text.replace(address.password, "***").split())


async def watch(
    mailbox_url: str,
    handle: Callable[[bytes], Awaitable[None]],
    *,
    stop: asyncio.Event,
    poll_seconds: float = 60,
) -> None:
    """Read the mailbox until ``stop`` is set: each unseen mail, oldest first, given to
    ``handle`` (its raw bytes), then filed away (:meth:`Mailbox.done`); then wait for the next
    (IDLE, renewed every 25 minutes, where the server has it; a look every ``poll_seconds``
    otherwise). A failed connection is logged and tried again after a wait doubling from 1
    second to 5 minutes; a mail ``handle`` fails on is logged and left unread, to be tried
    again at the next look. A malformed URL raises ValueError at once. Cancelled, it ends its
    wait and logs out before raising CancelledError."""
    address = parse_imap_url(mailbox_url)
    halt = threading.Event()
    relay = asyncio.create_task(_relay(stop, halt))
    backoff = BACKOFF_S[0]

    def connected() -> None:
        nonlocal backoff
        backoff = BACKOFF_S[0]

    try:
        while not stop.is_set():
            try:
                await _session(address, handle, stop, halt, poll_seconds, connected)
            except CONNECTION_ERRORS as error:
                log.warning(
                    "IMAP %s: %s; trying again in %.0f s", address, _said(error, address), backoff
                )
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), backoff)
                backoff = min(backoff * 2, BACKOFF_S[1])
    finally:
        relay.cancel()


async def _relay(stop: asyncio.Event, halt: threading.Event) -> None:
    """Tell the waiting thread when ``stop`` is set."""
    await stop.wait()
    halt.set()


async def _session(
    address: ImapAddress,
    handle: Callable[[bytes], Awaitable[None]],
    stop: asyncio.Event,
    halt: threading.Event,
    poll_seconds: float,
    connected: Callable[[], None],
) -> None:
    """One connection: handle what waits, wait, again, until ``stop`` is set (``connected``
    is called once logged in)."""
    mailbox = await asyncio.to_thread(Mailbox, address)
    log.info("IMAP %s: connected (%s)", address, "IDLE" if mailbox.can_idle else "polling")
    connected()
    try:
        while not stop.is_set():
            batch = await asyncio.to_thread(mailbox.fetch, FETCH_LIMIT)
            handled = 0
            for arrived in batch:
                if stop.is_set():
                    return
                try:
                    await handle(arrived.raw)
                except Exception:
                    log.exception("IMAP %s: mail %d not handled; left unread", address, arrived.uid)
                    continue
                await asyncio.to_thread(mailbox.done, arrived.uid)
                handled += 1
            if handled:
                continue  # more may wait behind this batch, or have arrived meanwhile
            seconds = IDLE_RENEWAL_S if mailbox.can_idle else poll_seconds
            waiting = asyncio.ensure_future(asyncio.to_thread(mailbox.wait, seconds, halt))
            try:
                await asyncio.shield(waiting)
            except asyncio.CancelledError:
                # Cancelled rather than stopped: end the waiting thread too (within
                # STOP_CHECK_S) before logging out, or it would idle on for minutes.
                halt.set()
                with contextlib.suppress(*CONNECTION_ERRORS):
                    await waiting
                raise
    finally:
        await asyncio.to_thread(mailbox.close)
