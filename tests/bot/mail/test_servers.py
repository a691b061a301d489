"""``realmbot mail check`` (issue 36): one line per mail server of the settings, exit status 0
when both answer and 1 otherwise — against the real Dovecot of ``tests/mailserver.py`` and an
aiosmtpd server on the loopback interface."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from pydantic import SecretStr

from bot.config import Settings
from bot.mail.servers import check_servers
from bot.mail.transport import parse_smtp_url
from tests.bot.mail.conftest import UserMailbox
from tests.servers import free_port

SMTP_USER, SMTP_PASSWORD = "realmbot", "smtp-secret-7"


class Sink:
    """Accepts every mail and keeps none."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        return "250 OK"


def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    """The one login this server knows."""
    known = isinstance(data, LoginPassword) and (data.login, data.password) == (
        SMTP_USER.encode(),
        SMTP_PASSWORD.encode(),
    )
    return AuthResult(success=known, handled=False)


@pytest.fixture
def smtp_port() -> Iterator[int]:
    """An SMTP server on 127.0.0.1 (no TLS: its logins allowed in the clear)."""
    port = free_port()
    controller = Controller(
        Sink(),
        hostname="127.0.0.1",
        port=port,
        authenticator=authenticate,
        auth_require_tls=False,
    )
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def settings(imap_url: str | None, smtp_url: str | None) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        mail_imap_url=None if imap_url is None else SecretStr(imap_url),
        mail_smtp_url=None if smtp_url is None else SecretStr(smtp_url),
        mail_from="realmbot@example.org",
    )


def test_both_servers_answer(mailbox: UserMailbox, smtp_port: int) -> None:
    smtp = f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{smtp_port}"
    text, status = check_servers(settings(mailbox.url, smtp))
    imap_line, smtp_line = text.splitlines()
    assert status == 0
    assert imap_line.startswith("IMAP ") and "INBOX" in imap_line
    assert smtp_line.startswith("SMTP ") and f"127.0.0.1:{smtp_port}" in smtp_line
    assert mailbox.password not in text
    assert SMTP_PASSWORD not in text


def test_a_refused_smtp_login_fails_the_check(mailbox: UserMailbox, smtp_port: int) -> None:
    smtp = f"smtp://{SMTP_USER}:wrong-password-9@127.0.0.1:{smtp_port}"
    text, status = check_servers(settings(mailbox.url, smtp))
    assert status == 1
    smtp_line = text.splitlines()[1]
    assert smtp_line.startswith("SMTP ")
    assert "wrong-password-9" not in text


def test_missing_settings_fail_the_check_saying_which() -> None:
    text, status = check_servers(settings(None, None))
    assert status == 1
    assert "MAIL_IMAP_URL" in text
    assert "MAIL_SMTP_URL" in text


def test_an_unreachable_server_fails_the_check(mailbox: UserMailbox) -> None:
    text, status = check_servers(settings(mailbox.url, f"smtp://127.0.0.1:{free_port()}"))
    assert status == 1
    assert text.splitlines()[1].startswith("SMTP ")


def test_the_smtp_url() -> None:
    address = parse_smtp_url("smtps://bot%40example.org:pa%3Ass@smtp.example.org")
    assert (address.host, address.port, address.username, address.password) == (
        "smtp.example.org",
        465,
        "bot@example.org",
        "pa:ss",
    )
    assert "pa:ss" not in repr(address) and "pa:ss" not in str(address)
    assert parse_smtp_url("smtp://localhost").port == 587
    for wrong in ("http://smtp.example.org", "smtps://", "smtps://bot@smtp.example.org"):
        with pytest.raises(ValueError, match="MAIL_SMTP_URL"):
            parse_smtp_url(wrong)
