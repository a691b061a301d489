"""``realmbot mail check``: whether the bot can reach the mail servers its settings name.

:func:`check_servers` reads the IMAP mailbox (:func:`bot.mail.imap.check`: logged in, its folder
selected, how many mails wait) and greets the SMTP server (:func:`check_smtp`: connected,
EHLO, logged in when the URL has a user, QUIT), one line each; a failure is its line, naming
the server and what it said, never a password.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import TYPE_CHECKING

import aiosmtplib

from bot.mail import imap
from bot.mail.transport import SmtpServer, SmtpUrlError, parse_smtp_url

if TYPE_CHECKING:
    from bot.config import Settings

TIMEOUT_S = 60.0


async def _greet(address: SmtpServer, timeout: float) -> str:
    """Connect, EHLO, log in if the address has a user, QUIT; what the server calls itself."""
    client = aiosmtplib.SMTP(
        hostname=address.host,
        port=address.port,
        use_tls=address.tls,
        start_tls=address.starttls,
        timeout=timeout,
        tls_context=ssl.create_default_context(),
    )
    await client.connect()
    try:
        greeting = await client.ehlo()
        if address.username is not None and address.password is not None:
            await client.login(address.username, address.password)
        await client.quit()
    finally:
        client.close()
    name = greeting.message.splitlines()[0] if greeting.message else address.host
    return name.split()[0] if name.split() else address.host


def check_smtp(url: str, *, timeout: float = TIMEOUT_S) -> str:
    """Greet the SMTP server of ``url`` (connect, EHLO, login when the URL has a user, QUIT);
    one line saying so. A ValueError for a malformed URL; a ConnectionError naming the server
    and what went wrong otherwise (never the password)."""
    try:
        address = parse_smtp_url(url)
    except SmtpUrlError as error:
        raise ValueError(str(error)) from None
    try:
        name = asyncio.run(_greet(address, timeout))
    except (aiosmtplib.SMTPException, OSError) as error:
        said = " ".join((str(error) or type(error).__name__).split())
        if address.password:
            said = said.replace(address.password, "***")
        raise ConnectionError(f"SMTP {address}: {said}") from None
    logged = "logged in" if address.username else "no login"
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
