"""``realmbot mail check``: whether the bot can reach the mail servers its settings name.

:func:`check_servers` reads the IMAP mailbox (:func:`bot.mail.imap.check`: logged in, its folder
selected, how many mails wait) and greets the SMTP server (:func:`check_smtp`: connected,
EHLO, logged in when the URL has a user, QUIT), one line each; a failure is its line, naming
the server and what it said, never a password.
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

import aiosmtplib

from bot.mail import imap

if TYPE_CHECKING:
    from bot.config import Settings

DEFAULT_PORTS = {"smtp": 587, "smtps": 465}
TIMEOUT_S = 60.0


@dataclass(frozen=True)
class SmtpAddress:
    """An SMTP server and, if it wants one, the login. ``secure``: implicit TLS (``smtps``);
    otherwise STARTTLS where the server offers it, except on the loopback interface
    (:func:`bot.mail.imap.loopback`). The password never shows."""

    secure: bool
    host: str
    port: int
    user: str | None = None
    password: str | None = field(default=None, repr=False)

    def __str__(self) -> str:
        scheme = "smtps" if self.secure else "smtp"
        login = f"{self.user}@" if self.user else ""
        return f"{scheme}://{login}{self.host}:{self.port}"


def parse_smtp_url(url: str) -> SmtpAddress:
    """``smtp[s]://[user:password@]host[:port]`` as an :class:`SmtpAddress` (port 465 for
    ``smtps``, 587 for ``smtp``). A ValueError says what is wrong, never echoing the password."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise ValueError(
            "MAIL_SMTP_URL is not a URL of the form smtps://user:password@host[:port] "
            "(its port must be a number from 1 to 65535)"
        ) from None
    if parts.scheme not in DEFAULT_PORTS:
        raise ValueError(
            "MAIL_SMTP_URL must start with smtps:// (TLS) or smtp:// (STARTTLS where offered), "
            f"not {parts.scheme + '://' if parts.scheme else 'nothing'}"
        )
    if not parts.hostname:
        raise ValueError("MAIL_SMTP_URL has no server: smtps://user:password@host[:port]")
    if parts.username and not parts.password:
        raise ValueError("MAIL_SMTP_URL has a user but no password")
    if port == 0:
        raise ValueError("MAIL_SMTP_URL's port must be a number from 1 to 65535")
    return SmtpAddress(
        secure=parts.scheme == "smtps",
        host=parts.hostname,
        port=port or DEFAULT_PORTS[parts.scheme],
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


async def _greet(address: SmtpAddress, timeout: float) -> str:
    """Connect, EHLO, log in if the address has a user, QUIT; what the server calls itself."""
    client = aiosmtplib.SMTP(
        hostname=address.host,
        port=address.port,
        use_tls=address.secure,
        start_tls=False if imap.loopback(address.host) else None,
        timeout=timeout,
        tls_context=ssl.create_default_context(),
    )
    await client.connect()
    try:
        greeting = await client.ehlo()
        if address.user is not None and address.password is not None:
            await client.login(address.user, address.password)
        await client.quit()
    finally:
        client.close()
    name = greeting.message.splitlines()[0] if greeting.message else address.host
    return name.split()[0] if name.split() else address.host


def check_smtp(url: str, *, timeout: float = TIMEOUT_S) -> str:
    """Greet the SMTP server of ``url`` (connect, EHLO, login when the URL has a user, QUIT);
    one line saying so. A ValueError for a malformed URL; a ConnectionError naming the server
    and what went wrong otherwise (never the password)."""
    address = parse_smtp_url(url)
    try:
        name = asyncio.run(_greet(address, timeout))
    except (aiosmtplib.SMTPException, OSError) as error:
        said = " ".join((str(error) or type(error).__name__).split())
        if address.password:
            said = said.replace(address.password, "***")
        raise ConnectionError(f"SMTP {address}: {said}") from None
    logged = "logged in" if address.user else "no login"
    return f"SMTP {address}: {name} answers ({logged})"


def check_servers(settings: Settings) -> tuple[str, int]:
    """One line per server (IMAP, then SMTP), and the exit status: 0 when both answered, 1
    otherwise (a setting missing or malformed, a server unreachable or refusing the login)."""
    lines, status = [], 0
    checks = (
        ("IMAP", "MAIL_IMAP_URL", settings.mail_imap_url, imap.check),
        ("SMTP", "MAIL_SMTP_URL", settings.mail_smtp_url, check_smtp),
    )
    for kind, variable, url, check in checks:
        if url is None:
            lines.append(f"{kind}: {variable} is not set (deploy/.env.example)")
            status = 1
            continue
        try:
            lines.append(check(url.get_secret_value()))
        except (ValueError, ConnectionError) as error:
            lines.append(f"{kind}: {error}" if isinstance(error, ValueError) else str(error))
            status = 1
    if settings.mail_from is None:
        lines.append("MAIL_FROM is not set: the bot's own address (deploy/.env.example)")
        status = 1
    return "\n".join(lines), status
