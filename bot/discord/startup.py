"""Connecting to Discord: network trouble at start-up is waited out, a bad setting is one line.

:func:`run` logs in and then stays connected (discord.py reconnects by itself once connected).
The login is retried while Discord cannot be reached — a DNS failure, a refused or reset
connection, a timeout, a 5xx or a rate limit — after :data:`FIRST_RETRY` seconds, doubling up
to :data:`MAX_RETRY`, for as long as it takes; each failed attempt is one warning line. What no
wait can mend — a token Discord refuses, a privileged intent the Developer Portal does not grant
— raises :class:`StartupError` with one line saying what to do (``realmbot run`` prints it and
exits 2).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator

import aiohttp
import discord
from discord.utils import MISSING

log = logging.getLogger("realmbot.discord.startup")

#: Seconds before the second login attempt; the wait doubles with each failure...
FIRST_RETRY = 5.0
#: ... up to this.
MAX_RETRY = 300.0
#: The gateway's close code for a token it refuses.
AUTHENTICATION_FAILED = 4004

Sleep = Callable[[float], Awaitable[None]]

TOKEN_REFUSED = (
    "Discord refused DISCORD_TOKEN ({why}): copy the token again from the Developer Portal "
    "(your application > Bot > Reset Token) into the env file"
)
INTENT_REFUSED = (
    "Discord refused an intent the bot asked for (shard {shard}): enable it in the Developer "
    "Portal (your application > Bot > Privileged Gateway Intents)"
)


class StartupError(Exception):
    """A setting Discord refuses; the message is one line saying what to do."""


def retry_delays(first: float = FIRST_RETRY, cap: float = MAX_RETRY) -> Iterator[float]:
    """The waits between login attempts: ``first``, doubling, then ``cap`` for ever."""
    delay = first
    while True:
        yield min(delay, cap)
        delay = min(delay * 2, cap)


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` means Discord could not be reached now (worth trying again)."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | OSError | discord.GatewayNotFound)


async def login(
    client: discord.Client,
    token: str,
    *,
    sleep: Sleep = asyncio.sleep,
    delays: Iterator[float] | None = None,
) -> int:
    """Log ``client`` in, trying again while Discord cannot be reached; returns the number of
    attempts. A refused token raises :class:`StartupError`; any other error propagates."""
    waits = delays if delays is not None else retry_delays()
    attempt = 1
    while True:
        try:
            await client.login(token)
        except discord.LoginFailure as error:
            raise StartupError(TOKEN_REFUSED.format(why=error)) from None
        except Exception as error:
            if not unreachable(error):
                raise
            wait = next(waits)
            log.warning(
                "cannot reach Discord (attempt %d): %s: %s; trying again in %.0f s",
                attempt,
                type(error).__name__,
                str(error).strip().splitlines()[0] if str(error).strip() else "no detail",
                wait,
            )
            await _fresh_session(client)
            await sleep(wait)
            attempt += 1
            continue
        if attempt > 1:
            log.info("logged in to Discord at attempt %d", attempt)
        return attempt


async def _fresh_session(client: discord.Client) -> None:
    """Close the HTTP session a failed login opened; the next login opens a new one (with a new
    connector, since closing the session closed the old)."""
    await client.http.close()
    client.http.connector = MISSING


async def run(client: discord.Client, token: str, *, sleep: Sleep = asyncio.sleep) -> None:
    """Log in (see :func:`login`), then stay connected until the client is closed."""
    await login(client, token, sleep=sleep)
    try:
        await client.connect(reconnect=True)
    except discord.PrivilegedIntentsRequired as error:
        raise StartupError(INTENT_REFUSED.format(shard=error.shard_id)) from None
    except discord.ConnectionClosed as error:
        if error.code == AUTHENTICATION_FAILED:
            raise StartupError(TOKEN_REFUSED.format(why="gateway: authentication failed")) from None
        raise
