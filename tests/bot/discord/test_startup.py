"""Start-up: Discord unreachable at boot is waited out with a capped backoff, each attempt one
log line; a refused token or intent is one line and exit status 2, never a traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import discord
import pytest

from bot.cli import main
from bot.discord import startup
from bot.discord.startup import StartupError, login, retry_delays


def server_error(status: int) -> discord.HTTPException:
    return discord.DiscordServerError(SimpleNamespace(status=status, reason="down"), "down")


class FakeHttp:
    def __init__(self) -> None:
        self.closed = 0
        self.connector: object = "the first connector"

    async def close(self) -> None:
        self.closed += 1


class FakeClient:
    """A client whose logins fail with ``failures``, in order, then succeed."""

    def __init__(self, *failures: BaseException, connect: BaseException | None = None) -> None:
        self.failures = list(failures)
        self.logins = 0
        self.connect_error = connect
        self.http = FakeHttp()

    async def login(self, token: str) -> None:
        self.logins += 1
        if self.failures:
            raise self.failures.pop(0)

    async def connect(self, *, reconnect: bool) -> None:
        if self.connect_error is not None:
            raise self.connect_error


class Sleeps:
    """An injected sleep: records the waits, waits for nothing."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def as_client(client: FakeClient) -> discord.Client:
    return cast(discord.Client, client)


def test_the_waits_double_up_to_five_minutes() -> None:
    delays = retry_delays()
    assert [next(delays) for _ in range(9)] == [5, 10, 20, 40, 80, 160, 300, 300, 300]


@pytest.mark.asyncio
async def test_discord_unreachable_at_boot_is_retried_with_backoff(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = FakeClient(
        OSError(-3, "Temporary failure in name resolution"),
        aiohttp.ClientConnectionError("Connection reset by peer"),
        server_error(503),
    )
    sleeps = Sleeps()
    with caplog.at_level(logging.INFO, logger="realmbot.discord.startup"):
        assert await login(as_client(client), "token", sleep=sleeps) == 4
    assert sleeps.waits == [5, 10, 20]
    assert client.http.closed == 3, "each failed attempt's session is closed"
    assert client.http.connector is discord.utils.MISSING, "the next opens a new connection"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings[0] == (
        "cannot reach Discord (attempt 1): OSError: [Errno -3] Temporary failure in name "
        "resolution; trying again in 5 s"
    )
    assert len(warnings) == 3 and all(r.exc_info is None for r in caplog.records)
    assert caplog.records[-1].getMessage() == "logged in to Discord at attempt 4"


@pytest.mark.asyncio
async def test_a_refused_token_is_not_retried() -> None:
    client = FakeClient(discord.LoginFailure("Improper token has been passed."))
    with pytest.raises(StartupError, match=r"^Discord refused DISCORD_TOKEN \(Improper token"):
        await login(as_client(client), "token", sleep=Sleeps())
    assert client.logins == 1


@pytest.mark.asyncio
async def test_another_refusal_is_not_retried() -> None:
    forbidden = discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "banned")
    client = FakeClient(forbidden)
    with pytest.raises(discord.Forbidden):
        await login(as_client(client), "token", sleep=Sleeps())
    assert client.logins == 1


@pytest.mark.asyncio
async def test_a_privileged_intent_refused_is_one_line() -> None:
    client = FakeClient(connect=discord.PrivilegedIntentsRequired(None))
    with pytest.raises(StartupError, match="Privileged Gateway Intents"):
        await startup.run(as_client(client), "token", sleep=Sleeps())


@pytest.mark.asyncio
async def test_a_real_client_logs_in_again_on_a_fresh_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """discord.py's own client: after a failed login its HTTP session is closed and the next
    login opens a working one (no 'Session is closed', no unclosed session left behind)."""
    client = discord.Client(intents=discord.Intents.default())
    seen: list[tuple[bool, bool]] = []

    async def request(self: Any, route: Any, **kwargs: Any) -> Any:
        session = self._HTTPClient__session
        seen.append((session.closed, self.connector.closed))
        if len(seen) == 1:
            raise OSError(-3, "Temporary failure in name resolution")
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "request", request)
    try:
        with pytest.raises(StartupError):
            await login(client, "token", sleep=Sleeps())
    finally:
        await client.close()
    assert seen == [(False, False), (False, False)]


@pytest.fixture
def restored_logging() -> Iterator[None]:
    """``realmbot run`` configures logging for the process: undo it after the test."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    quiet = logging.getLogger("apscheduler").level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("apscheduler").setLevel(quiet)


def test_realmbot_run_with_a_wrong_token_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    restored_logging: None,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.not-a-real.token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'realmbot.db'}")
    monkeypatch.setenv("LOG_LEVEL", "WARNING")

    async def refused(self: discord.Client, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refused)
    assert main(["run"]) == 2
    assert logging.getLogger().level == logging.WARNING, "run configures logging first"
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "realmbot: Discord refused DISCORD_TOKEN (Improper token has been passed.): copy the "
        "token again from the Developer Portal (your application > Bot > Reset Token) into the "
        "env file\n"
    )
