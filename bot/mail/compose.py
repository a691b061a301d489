"""An outbox message as a mail (issue 36), and the inbound side's answers to a player's mail.

**Who and where.** A mail comes ``From`` the bot's address (``MAIL_FROM``, shown as
``realmbot``) ``To`` the player's address, and asks its replies to come back (``Reply-To``) to
the bot's address with the seat's secret as plus-tag (:func:`bot.mail.addresses.tagged`), which
proves them his.

**The same message, the same mail.** Its ``Message-ID`` is the outbox message's id
(``<realmbot.<id>@<domain of MAIL_FROM>>``) and its ``Date`` the time it was written, so a mail
sent again after a crash between its sending and its marking is the same mail, which the
player's client recognises.

**Threads.** Every mail of a campaign's day refers to that day's thread
(``<realmbot.day.<campaign id>.<day>@<domain>>``, in ``In-Reply-To`` and ``References``; a
message written before days were kept, to the campaign's thread
``<realmbot.campaign.<campaign id>@<domain>>``): the clients that thread by these headers
(RFC 5322 3.6.4: Thunderbird, Apple Mail, mutt, Outlook) show a day as one conversation. The
``Subject`` is ``[<campaign>] `` and the message's first line (its Markdown marks taken out, cut
to :data:`SUBJECT_LENGTH`): it tells each mail apart in a list, and the first lines of the bot's
messages already name the day. A client that groups only the mails of one subject (Gmail) lists
them apart.

**The body** is the message's text as the outbox holds it: plain text written to be read as
such (its Markdown marks, a code block's backticks, read as plain text conventions; nothing of
it is live anywhere), in UTF-8. A message with an attachment (a report's map) is
``multipart/alternative``: the text, and a ``multipart/related`` HTML part showing the same text
(escaped, in ``<pre>``) and the image inline by its ``Content-ID``. A decision's DM ends with its
options numbered (:func:`numbered`), so that a reply may answer with a number.

**No loops.** Every mail carries ``Auto-Submitted: auto-generated`` (an answer to a mail:
``auto-replied``), RFC 3834 5, which responders honour by not answering it, and
``X-Auto-Response-Suppress: All`` for Exchange's. No ``Precedence: bulk``: RFC 3834 names it only
as what a responder may decline to answer, it is no standard header, and it marks a mail as mass
mailing to filters; these mails go to one reader each.
"""

from __future__ import annotations

import html
import mimetypes
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid, parseaddr

from bot.i18n import N_, Language, _, patterns, speaking
from bot.mail.addresses import tagged
from bot.mail.seats import Destination
from db.models import OutboxMessage

#: The name the bot's address is shown with.
NAME = "realmbot"
#: The longest subject: its header on one line of RFC 5322's recommended 78 characters (a
#: longer one is folded, which some readers read with a blank before it).
SUBJECT_LENGTH = 78 - len("Subject: ")
#: What a mail carries against autoresponders (see the module).
AUTO_GENERATED = "auto-generated"
AUTO_REPLIED = "auto-replied"

#: A decision DM's line of options (``templates/messages/decision.txt.j2``), as a message: each
#: language says it in its words (the same as :mod:`bot.discord.decisions` reads).
_OPTIONS = "Options: %(options)s. Without an answer by %(due)s UTC: %(default)s."
#: Between the options on that line; :data:`_OLD_SEPARATOR` in DMs written before.
_SEPARATOR = " | "
_OLD_SEPARATOR = ", "
#: What comes above a decision's numbered options.
REPLY_WITH = N_("Reply with the number or the option:")

#: The Markdown marks a subject is cleaned of: emphasis, code, strike, spoilers, a heading's or
#: a quote's opening.
_MARKS = re.compile(r"\*\*|__|~~|\|\||`")
_OPENING = re.compile(r"^\s*(?:#{1,6}\s+|>\s*)")


def domain_of(sender: str) -> str:
    """The domain of the bot's address ``sender`` (``example.org``)."""
    return parseaddr(sender)[1].rpartition("@")[2] or "localhost"


#: The Message-IDs :func:`message_id` writes, read back: ``<realmbot.{outbox id}@domain>``.
_OWN_ID = re.compile(r"<realmbot\.(\d+)@[^>]+>")


def message_id(outbox_id: int, sender: str) -> str:
    """The Message-ID of the mail carrying the outbox message ``outbox_id``."""
    return f"<realmbot.{outbox_id}@{domain_of(sender)}>"


def outbox_ids(message_ids: Sequence[str]) -> list[int]:
    """The outbox ids of the bot's own mails (:func:`message_id`) among ``message_ids``, in
    order and once each."""
    found: list[int] = []
    for said in message_ids:
        match = _OWN_ID.fullmatch(said.strip())
        if match and int(match.group(1)) not in found:
            found.append(int(match.group(1)))
    return found


def thread_id(campaign_id: int, day: int | None, sender: str) -> str:
    """The Message-ID of the thread a mail of the campaign's ``day`` refers to (its campaign's
    when ``day`` is None)."""
    if day is None:
        return f"<realmbot.campaign.{campaign_id}@{domain_of(sender)}>"
    return f"<realmbot.day.{campaign_id}.{day}@{domain_of(sender)}>"


def subject(campaign: str, content: str) -> str:
    """``[<campaign>] `` and the first line of ``content`` that says something, cleaned of
    Markdown's marks, without the campaign's name again when it opens the line (``Valle, day
    3: ...`` is ``[Valle] Day 3: ...``), cut to :data:`SUBJECT_LENGTH` characters (an ellipsis
    ends a cut)."""
    line = next((ln for ln in content.splitlines() if ln.strip(" `#>*_~|")), "")
    said = " ".join(_MARKS.sub("", _OPENING.sub("", line)).split())
    if said.startswith(campaign) and said[len(campaign) : len(campaign) + 1] in (",", ":"):
        rest = said[len(campaign) + 1 :].strip()  # "Valle, day 3: ..." says Valle once
        said = rest[:1].upper() + rest[1:]
    text = f"[{campaign}] {said}".rstrip()
    if len(text) > SUBJECT_LENGTH:
        text = text[: SUBJECT_LENGTH - 1].rstrip() + "…"
    return text


def options_of(content: str) -> tuple[str, ...]:
    """The options a decision's DM offers, in order (its ``Options:`` line, in any language the
    bot speaks), or none when ``content`` asks no decision."""
    groups = {"options": "(?P<options>.+?)", "due": ".+?", "default": ".+"}
    for pattern in patterns(_OPTIONS, groups):
        found = re.search(f"^{pattern}$", content, re.MULTILINE)
        if found is not None:
            written = found.group("options")
            between = _SEPARATOR if _SEPARATOR in written else _OLD_SEPARATOR
            return tuple(o.strip() for o in written.split(between) if o.strip())
    return ()


def numbered(content: str, language: Language) -> str:
    """What a decision's DM gets below its text, in the reader's ``language``: its options
    numbered, to be answered by number or option (the empty string when it asks none)."""
    options = options_of(content)
    if not options:
        return ""
    with speaking(language):
        heading = _(REPLY_WITH)
    lines = [f"{number}. {option}" for number, option in enumerate(options, start=1)]
    return "\n".join([heading, *lines])


def _written_at(message: OutboxMessage) -> datetime:
    at = message.created_at
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _bot_headers(mail: EmailMessage, submitted: str) -> None:
    mail["Auto-Submitted"] = submitted
    mail["X-Auto-Response-Suppress"] = "All"


def compose(
    message: OutboxMessage,
    attachment: bytes | None,
    *,
    campaign: str,
    destination: Destination,
    sender: str,
    language: Language,
) -> EmailMessage:
    """The mail carrying the outbox ``message`` (with its ``attachment``'s bytes, None
    without) of the campaign called ``campaign`` to the mail player at ``destination``, from the
    bot's address ``sender``, its additions said in the reader's ``language`` (see the
    module)."""
    assert message.id is not None
    mail = EmailMessage()
    mail["From"] = formataddr((NAME, sender))
    mail["To"] = destination.address
    mail["Reply-To"] = formataddr((NAME, tagged(sender, destination.secret)))
    mail["Subject"] = subject(campaign, message.content)
    mail["Date"] = format_datetime(_written_at(message))
    mail["Message-ID"] = message_id(message.id, sender)
    thread = thread_id(message.campaign_id, message.day, sender)
    mail["In-Reply-To"] = thread
    mail["References"] = thread
    _bot_headers(mail, AUTO_GENERATED)
    text = message.content.rstrip("\n")
    options = numbered(text, language)
    if options:
        text = f"{text}\n\n{options}"
    mail.set_content(text + "\n", charset="utf-8")
    if attachment is not None:
        _attach(mail, message, attachment, text, sender)
    return mail


def _attach(
    mail: EmailMessage, message: OutboxMessage, attachment: bytes, text: str, sender: str
) -> None:
    """Add ``attachment`` to ``mail``: an image inline in an HTML alternative of ``text``
    (``multipart/related``), anything else as an attachment."""
    name = message.attachment_name or "attachment"
    typed = EmailMessage()
    typed["Content-Type"] = mimetypes.guess_type(name)[0] or "application/octet-stream"
    maintype, subtype = typed.get_content_maintype(), typed.get_content_subtype()
    if maintype != "image":
        mail.add_attachment(attachment, maintype=maintype, subtype=subtype, filename=name)
        return
    cid = f"<map.{message.id}@{domain_of(sender)}>"
    shown = (
        '<!DOCTYPE html>\n<html><body>\n<pre style="white-space: pre-wrap">'
        f"{html.escape(text)}</pre>\n"
        f'<p><img src="cid:{cid[1:-1]}" alt="{html.escape(name)}"></p>\n</body></html>\n'
    )
    mail.add_alternative(shown, subtype="html", charset="utf-8")
    related = next(part for part in mail.iter_parts() if part.get_content_subtype() == "html")
    assert isinstance(related, EmailMessage)
    related.add_related(
        attachment, maintype=maintype, subtype=subtype, cid=cid, filename=name, disposition="inline"
    )


def reply(
    text: str,
    *,
    sender: str,
    to: str,
    in_reply_to: str | None,
    references: Sequence[str] = (),
    subject: str,
    reply_to: str | None = None,
) -> EmailMessage:
    """The bot's answer ``text`` to a player's mail: from the bot's address ``sender`` to
    ``to``, threaded under his mail (``in_reply_to``, his Message-ID; ``references``, his
    References; ``subject``, his Subject, to which ``Re: `` is added unless it has it), with
    ``reply_to`` (the bot's address tagged with his seat's secret) if given. It carries
    ``Auto-Submitted: auto-replied`` (RFC 3834), so his autoresponder does not answer it, and a
    Message-ID of its own."""
    mail = EmailMessage()
    mail["From"] = formataddr((NAME, sender))
    mail["To"] = to
    if reply_to is not None:
        mail["Reply-To"] = formataddr((NAME, reply_to))
    said = " ".join(subject.split())
    mail["Subject"] = said if said.lower().startswith("re:") else f"Re: {said}".rstrip()
    mail["Date"] = format_datetime(datetime.now(UTC))
    mail["Message-ID"] = make_msgid("realmbot.reply", domain=domain_of(sender))
    if in_reply_to is not None:
        mail["In-Reply-To"] = in_reply_to
    chain = [r for r in references if r]
    if in_reply_to is not None and in_reply_to not in chain:
        chain.append(in_reply_to)
    if chain:
        mail["References"] = " ".join(chain)
    _bot_headers(mail, AUTO_REPLIED)
    mail.set_content(text.rstrip("\n") + "\n", charset="utf-8")
    return mail
