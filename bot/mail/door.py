"""The mail door of a running realmbot (issue 36): mails read from the operator's mailbox
(:func:`bot.mail.imap.watch`) or piped in by his mail server (``realmbot mail receive``) are
read and taken (:class:`bot.mail.inbound.MailInbox`), their answers sent at once, and the
outbox's mails delivered (:class:`bot.mail.transport.MailTransport`, driven by the courier of
:mod:`bot.delivery`): after each mail read, and every :data:`INTERVAL` seconds for what the
wake-ups wrote (a day resolved, a reminder).

An answer is sent once, as its mail is read; one that cannot be sent is logged (the writer sees
no answer and writes again: his mail was taken all the same). The outbox's mails are the
courier's: sent exactly once, retried with its back-off.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import aiosmtplib

from bot.config import Settings
from bot.delivery import Courier
from bot.mail import imap
from bot.mail.addresses import tagged
from bot.mail.compose import reply
from bot.mail.inbound import Answer, MailInbox, Outcome
from bot.mail.transport import MailTransport
from bot.service import CampaignService

log = logging.getLogger("realmbot.mail")

#: How often the outbox's mails are looked for when no mail arrives, in seconds.
INTERVAL = 30.0


class MailDoor:
    """Mail for the ``service``, as the ``settings`` configure it (``MAIL_SMTP_URL``,
    ``MAIL_FROM``, ``MAIL_MAX_BYTES``, ``MAIL_PER_HOUR``; ``MAIL_IMAP_URL`` for :meth:`run`):
    :class:`~bot.mail.transport.SmtpUrlError` when the first two are missing. The outbox is
    looked at every ``interval`` seconds."""

    def __init__(
        self, service: CampaignService, settings: Settings, *, interval: float = INTERVAL
    ) -> None:
        self.service = service
        self.interval = interval
        self.settings = settings
        self.transport = MailTransport.configured(service, settings)
        self.own = self.transport.sender
        self.inbox = MailInbox(
            service, own=self.own, limit=settings.mail_max_bytes, per_hour=settings.mail_per_hour
        )
        self.courier = Courier(service, self.transport)

    async def receive(self, raw: bytes) -> Outcome:
        """Read and take one mail, send its answers, then deliver what the outbox holds."""
        outcome = await asyncio.to_thread(self.inbox.receive, raw)
        log.info("%s", outcome.said)
        for answer in outcome.answers:
            await self.answer(answer)
        await self.courier.deliver_once()
        return outcome

    async def answer(self, answer: Answer) -> bool:
        """Send ``answer``, its Reply-To carrying its reader's seat's secret if he has one;
        whether it left (a failure is logged)."""
        secret = await asyncio.to_thread(self.service.mail_seats.secret_at, answer.to)
        mail = reply(
            answer.text,
            sender=self.own,
            to=answer.to,
            in_reply_to=answer.in_reply_to,
            references=answer.references,
            subject=answer.subject,
            reply_to=tagged(self.own, secret) if secret else None,
        )
        try:
            await self.transport.post(mail, answer.to)
        except (aiosmtplib.SMTPException, OSError) as error:
            log.warning("the answer to %s was not sent: %s", answer.to, type(error).__name__)
            return False
        return True

    async def run(self, stop: asyncio.Event) -> None:
        """Read the mailbox and deliver the outbox's mails until ``stop`` is set."""
        if self.settings.mail_imap_url is None:
            raise ValueError("reading the mailbox needs MAIL_IMAP_URL")
        url = self.settings.mail_imap_url.get_secret_value()
        delivering = asyncio.create_task(self._deliver(stop), name="realmbot-mail-outbox")
        try:
            await imap.watch(url, self._taken, stop=stop)
        finally:
            delivering.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await delivering

    async def _taken(self, raw: bytes) -> None:
        await self.receive(raw)

    async def _deliver(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self.courier.deliver_once()
            except Exception:
                log.exception("a mail delivery pass failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.interval)
