"""Fixtures of the mail tests: the session's throwaway Dovecot (``tests/mailserver.py``) and a
fresh mailbox on it for each test."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests import mailserver


@dataclass(frozen=True)
class UserMailbox:
    """A fresh, empty mailbox: its user, password and ``imap://`` URL (its INBOX)."""

    server: mailserver.Dovecot
    user: str
    password: str
    url: str

    def deliver(self, raw: bytes, folder: str = "INBOX") -> None:
        """Make the mail ``raw`` arrive, unread, in ``folder`` of this mailbox."""
        mailserver.deliver(self.server, self.user, self.password, raw, folder)

    def kick(self) -> None:
        """Drop every connection to this mailbox, as a restarting server would."""
        self.server.kick(self.user)


@pytest.fixture(scope="session")
def dovecot() -> Iterator[mailserver.Dovecot]:
    """The session's throwaway Dovecot, stopped and deleted at the end (skips the test, saying
    why, when there is none to be had; fails it in CI)."""
    try:
        server = mailserver.start()
    except mailserver.MailServerError as error:
        mailserver.unavailable(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def mailbox(dovecot: mailserver.Dovecot) -> UserMailbox:
    """A fresh user's empty mailbox on the session's Dovecot."""
    user, password = dovecot.add_user()
    return UserMailbox(dovecot, user, password, dovecot.url(user, password))
