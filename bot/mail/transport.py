"""The mail transport of the outbox (issue 36): what the outbox holds for mail players leaves by
SMTP, one mail a message (:mod:`bot.mail.compose`), driven by the one courier every transport
has (:class:`bot.delivery.Courier`).

**Whose messages.** Every message to a mail player, in any campaign, with a channel or without
(``mail`` True, ``with_channel`` None): his DMs and his copies of the channel's messages
(``public``). The moderators' messages stay their transports'.

**Exactly once.** Each mail is marked delivered as soon as the server took it (``batch`` 1: a
mail sent cannot be taken back); one sent again after a crash in between is the same mail, with
the same Message-ID, which the player's client recognises.

**Failures** (:meth:`MailTransport.classify`), handled as for every transport (the message
stays queued and is retried with the courier's back-off; the moderators are told once, never
what it says):

- the server refuses the recipient for good (a 5xx answer to ``RCPT``), or the player has no
  address in the campaign: his later mails wait behind it, so that he reads nothing out of
  order;
- the server refuses this mail for good (a 5xx answer to its data): it waits alone;
- the server cannot be reached, refuses the bot (its login, its greeting or its address), or
  answers "try again later" (4xx): transient; the later mails to the same player wait.

A bounce that comes back later, by mail, is the inbound side's (:mod:`bot.mail.inbound`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib

from bot import outbox
from bot.config import Settings
from bot.delivery import MAX_RETRY, Failure
from bot.i18n import _, speaking
from bot.mail.addresses import is_mail_player
from bot.mail.compose import compose
from bot.mail.imap import loopback
from bot.mail.seats import Destination
from bot.service import CampaignService
from db.models import OutboxMessage

#: Seconds an SMTP exchange may take before it counts as the server unreachable.
TIMEOUT = 60.0


class SmtpUrlError(ValueError):
    """An SMTP server's URL that cannot be used (the message never repeats its password)."""


@dataclass(frozen=True)
class SmtpServer:
    """Where and how mails leave: ``host`` and ``port``; ``tls``, implicit TLS (``smtps://``);
    ``starttls``: True to require STARTTLS, None to use it when the server offers it; the login
    (``username``, ``password``) if any. Its ``repr`` never shows the password."""

    host: str
    port: int
    tls: bool
    starttls: bool | None
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    def __str__(self) -> str:
        """The server as a log line names it: its scheme, login and place, no password."""
        scheme = "smtps" if self.tls else "smtp"
        login = f"{self.username}@" if self.username else ""
        return f"{scheme}://{login}{self.host}:{self.port}"


def parse_smtp_url(url: str) -> SmtpServer:
    """``smtps://user:password@host[:port]`` (implicit TLS, port 465 by default) or
    ``smtp://[user:password@]host[:port]`` (port 587, mail submission, by default; STARTTLS
    when the server offers it, and required before a password leaves for another machine than
    this one; never on this machine's loopback, whose server has no certificate to check) as an
    :class:`SmtpServer`; the user and password may be percent-encoded. A URL that cannot be
    used raises :class:`SmtpUrlError`, whose message never holds the password."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise SmtpUrlError("MAIL_SMTP_URL is not a URL with a valid port") from None
    if parts.scheme not in ("smtp", "smtps"):
        raise SmtpUrlError(
            f"MAIL_SMTP_URL must start with smtp:// or smtps://, not {parts.scheme or 'nothing'}"
        )
    if not parts.hostname:
        raise SmtpUrlError("MAIL_SMTP_URL names no server (smtps://user:password@host:port)")
    if parts.username and parts.password is None:
        raise SmtpUrlError("MAIL_SMTP_URL has a user but no password")
    tls = parts.scheme == "smtps"
    username = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    starttls: bool | None = None
    if loopback(parts.hostname):
        starttls = False
    elif password is not None:
        starttls = True
    return SmtpServer(
        host=parts.hostname,
        port=port or (465 if tls else 587),
        tls=tls,
        starttls=False if tls else starttls,
        username=username,
        password=password,
    )


class UndeliverableError(Exception):
    """A mail with nowhere to go: its player has no address in its campaign."""


class MailTransport:
    """The mail transport (:class:`bot.delivery.Transport`, see the module): over the
    ``service``, by the SMTP ``server`` (:func:`parse_smtp_url`), from the bot's address
    ``sender`` (``MAIL_FROM``)."""

    name = "mail"
    with_channel: bool | None = None
    mail: bool | None = True
    batch = 1

    def __init__(
        self,
        service: CampaignService,
        *,
        server: SmtpServer,
        sender: str,
        timeout: float = TIMEOUT,
    ) -> None:
        self.service = service
        self.server = server
        self.sender = sender
        self.timeout = timeout
        self._destinations: dict[tuple[int, str], Destination] = {}

    @classmethod
    def configured(cls, service: CampaignService, settings: Settings) -> MailTransport:
        """The transport the ``settings`` describe (``MAIL_SMTP_URL``, ``MAIL_FROM``); a
        :class:`SmtpUrlError` when either is missing or the URL cannot be used."""
        if settings.mail_smtp_url is None or not settings.mail_from:
            raise SmtpUrlError("mail needs both MAIL_SMTP_URL and MAIL_FROM")
        server = parse_smtp_url(settings.mail_smtp_url.get_secret_value())
        return cls(service, server=server, sender=settings.mail_from)

    async def prepare(self) -> None:
        """Where each mail player's messages about each campaign go, read afresh for the pass
        (:meth:`bot.mail.seats.MailSeats.destinations`)."""
        self._destinations = await asyncio.to_thread(self.service.mail_seats.destinations)

    async def send(self, outgoing: outbox.Outgoing, campaign: str | None) -> None:
        """Compose the message's mail (in its reader's language) and hand it to the server."""
        message = outgoing.message
        if message.to is None or not is_mail_player(message.to):
            raise UndeliverableError(f"not a mail player's message ({message.kind})")
        where = self._destinations.get((message.campaign_id, message.to))
        if where is None:
            raise UndeliverableError("the player has no mail address in the campaign")
        language = await asyncio.to_thread(
            outbox.reader_language, self.service.engine, message.campaign_id, message.to
        )
        mail = compose(
            message,
            outgoing.attachment,
            campaign=campaign or f"campaign {message.campaign_id}",
            destination=where,
            sender=self.sender,
            language=language,
        )
        await self.post(mail, where.address)

    async def post(self, mail: EmailMessage, to: str) -> None:
        """Hand ``mail`` for ``to`` to the SMTP server, from the bot's address; what the server
        or the network says goes up as aiosmtplib raises it."""
        server = self.server
        await aiosmtplib.send(
            mail,
            sender=self.sender,
            recipients=[to],
            hostname=server.host,
            port=server.port,
            username=server.username,
            password=server.password,
            use_tls=server.tls,
            start_tls=server.starttls,
            timeout=self.timeout,
        )

    def classify(self, error: Exception, message: OutboxMessage) -> Failure:
        """What a failure to send ``message`` means (see the module)."""
        return classify(error)

    async def notice(self, message: OutboxMessage, failure: Failure, campaign: str) -> str:
        """What the moderators are told (:func:`moderators_notice`), in their language."""
        engine = self.service.engine
        spoken = await asyncio.to_thread(outbox.language_of, engine, message.campaign_id)
        who = await asyncio.to_thread(outbox.recipient, engine, message.campaign_id, message.to)
        with speaking(spoken):
            return moderators_notice(campaign, who, failure)


def _refused(error: Exception) -> aiosmtplib.SMTPRecipientRefused | None:
    """The refusal of the (one) recipient that ``error`` is, if it is one."""
    if isinstance(error, aiosmtplib.SMTPRecipientRefused):
        return error
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused) and error.recipients:
        return error.recipients[0]
    return None


def classify(error: Exception) -> Failure:
    """What a failure to send a mail means (see the module); the reason is one line, which
    never holds the message's content nor the server's password."""
    if isinstance(error, UndeliverableError):
        return Failure(str(error), holds_destination=True)
    refused = _refused(error)
    if refused is not None:
        reason = f"the mail server refused the address ({refused.code} {_line(refused.message)})"
        if refused.code >= 500:
            return Failure(reason, holds_destination=True)
        return Failure(reason, holds_destination=True, transient=True)
    if isinstance(error, aiosmtplib.SMTPAuthenticationError):
        reason = f"the mail server refused the bot's login ({error.code})"
        return Failure(reason, holds_destination=True, transient=True)
    if isinstance(error, aiosmtplib.SMTPSenderRefused | aiosmtplib.SMTPHeloError):
        reason = f"the mail server refused the bot ({error.code} {_line(error.message)})"
        return Failure(reason, holds_destination=True, transient=True)
    if isinstance(error, aiosmtplib.SMTPResponseException):
        reason = f"the mail server answered {error.code} {_line(error.message)}"
        if error.code >= 500:
            return Failure(reason, holds_destination=False)
        return Failure(reason, holds_destination=True, transient=True)
    if isinstance(error, aiosmtplib.SMTPException | OSError):
        reason = f"the mail server cannot be reached ({type(error).__name__}: {_line(str(error))})"
        return Failure(reason, holds_destination=True, transient=True)
    ours = f"an error in the bot ({type(error).__name__}; its log has the details)"
    return Failure(ours, holds_destination=False, ours=True)


def _line(text: str) -> str:
    """The first line of a server's answer, at most 200 characters."""
    return (text.strip().splitlines() or [""])[0][:200]


def moderators_notice(campaign: str, who: str, failure: Failure) -> str:
    """What the moderators are told of a mail that was not delivered (never what it says)."""
    retried = _("retried, at most %(minutes)s minutes apart") % {
        "minutes": int(MAX_RETRY.total_seconds() // 60)
    }
    said = (
        _(
            "%(campaign)s: a mail to %(who)s could not be sent: %(reason)s. It is kept and "
            "%(retried)s, and the mails after it to the same player wait; /gm status lists it."
        )
        if failure.holds_destination
        else _(
            "%(campaign)s: a mail to %(who)s could not be sent: %(reason)s. It is kept and "
            "%(retried)s; /gm status lists it."
        )
    )
    return said % {"campaign": campaign, "who": who, "reason": failure.reason, "retried": retried}
