"""A real SMTP server for the tests (issue 36): aiosmtpd's :class:`Controller` on 127.0.0.1,
on a free port, keeping every mail it accepts in memory (:class:`Sink`) — a server that speaks
SMTP over a socket, not a mock of the client. It refuses the recipients in ``Sink.refused``
for good (550), and answers the next ``Sink.busy`` attempts with "try again later" (451).

A test module uses it by importing the fixture::

    from tests.bot.mail.smtp import smtp_server  # noqa: F401
"""

from __future__ import annotations

import email
import email.policy
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.servers import free_port

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Received:
    """A mail the server accepted: its envelope's sender and recipients, and its bytes."""

    sender: str
    recipients: tuple[str, ...]
    data: bytes

    @property
    def mail(self) -> EmailMessage:
        """The mail parsed (the standard library's modern policy), its lines ended as a
        mailbox on this machine stores them."""
        data = self.data.replace(b"\r\n", b"\n")
        parsed = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed


@dataclass
class Sink:
    """The server's handler: what it accepted (``received``), whom it refuses for good
    (``refused``, addresses in lowercase) and how many more mails it answers with 451
    (``busy``)."""

    received: list[Received] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)
    busy: int = 0

    async def handle_RCPT(  # noqa: N802 - aiosmtpd's hook
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        if address.lower() in self.refused:
            return "550 5.1.1 No such user here"
        if self.busy > 0:
            self.busy -= 1
            return "451 4.3.0 Try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(  # noqa: N802 - aiosmtpd's hook
        self, server: Any, session: Any, envelope: Any
    ) -> str:
        data = envelope.original_content or envelope.content
        assert isinstance(data, bytes)
        self.received.append(Received(envelope.mail_from, tuple(envelope.rcpt_tos), data))
        return "250 Message accepted for delivery"


@dataclass(frozen=True)
class SmtpServer:
    """A running server: its ``url`` (``smtp://127.0.0.1:<port>``) and its :class:`Sink`."""

    url: str
    port: int
    sink: Sink

    @property
    def received(self) -> list[Received]:
        return self.sink.received


@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    """A real SMTP server on 127.0.0.1 for one test (see the module)."""
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname=HOST, port=port)
    controller.start()
    try:
        yield SmtpServer(url=f"smtp://{HOST}:{port}", port=port, sink=sink)
    finally:
        controller.stop()
