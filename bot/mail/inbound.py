"""A mail read and answered (issue 36): :meth:`MailInbox.receive` takes one mail's bytes, from
the mailbox (:mod:`bot.mail.imap`) or piped in by a mail server (``realmbot mail receive``),
and gives what it did in one line for the log and the mails that answer it.

In order:

1. **Read** (:func:`bot.mail.letters.read_letter`): a mail too big or unreadable is refused,
   answered at its From when its headers can be read.
2. **Once**: a mail read before (by its Message-ID, else its bytes' SHA-256) is ignored. It is
   kept as read before anything is done with it: a crash between the two loses the mail (its
   writer gets no answer and sends it again), never does it twice.
3. **Never answered**: an auto-reply, a vacation notice, a bounce (RFC 3834); a bounce of the
   bot's own mail is noted for the campaign's moderators (:func:`bot.mail.compose.outbox_ids`).
4. **Limit**: a sender's mails past ``per_hour`` in the last hour are refused; only the first
   of them is answered.
5. **Who** (:meth:`bot.mail.seats.MailSeats.identify`): by the seat's secret (a plus-tag of the
   bot's address, or a password line) or the From address; the owners of a secret used from
   another address are told.
6. **What** (:func:`bot.mail.commands.read_mail`): the first line's command, else the subject's;
   a reply to one of the bot's mails with no command answers the decision it asked (by option
   or number), else plays in the combat window. The request is taken by the one inbox
   (:func:`bot.inbox.take`), in the writer's language, as a DM would be; its reply, or its
   refusal, is the answer.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from email.headerregistry import Address
from email.parser import BytesHeaderParser
from email.policy import default as default_policy
from email.utils import getaddresses
from functools import partial

from markupsafe import Markup
from sqlalchemy import func
from sqlmodel import col, select

from bot.i18n import Language, _, speaking
from bot.inbox import Message, Request, only_campaign, take
from bot.mail.addresses import player_of, tagged, tags_of
from bot.mail.commands import Help, read_mail
from bot.mail.compose import outbox_ids
from bot.mail.letters import Letter, UnreadableLetter, read_letter
from bot.mail.seats import Identity
from bot.render import render
from bot.service import CampaignService, RequestError
from db.models import Campaign, MailReceived, OutboxMessage

#: How much of a mail's head is read to answer a mail too big or unreadable.
_HEAD = 65_536


@dataclass(frozen=True)
class Answer:
    """A mail the bot sends in answer: to whom, its subject and text, and the thread it
    continues (the Message-ID it answers and the References)."""

    to: str
    subject: str
    text: str
    in_reply_to: str | None = None
    references: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What receiving a mail did, in one line for the log (``said``), and its answers."""

    said: str
    answers: tuple[Answer, ...] = ()


class MailInbox:
    """Reads mails for the ``service``: ``own`` is the bot's address (MAIL_FROM), ``limit``
    the largest mail read, ``per_hour`` the most mails one sender may send in an hour."""

    def __init__(self, service: CampaignService, *, own: str, limit: int, per_hour: int) -> None:
        self.service = service
        self.own = own
        self.limit = limit
        self.per_hour = per_hour

    def receive(self, raw: bytes) -> Outcome:
        """Read, check and take one mail (see the module); blocks (the database)."""
        try:
            letter = read_letter(raw, limit=self.limit)
        except UnreadableLetter as error:
            return self._unreadable(raw, str(error))
        key = letter.message_id or "sha256:" + hashlib.sha256(raw).hexdigest()
        earlier = self._keep(key, letter.sender)
        if earlier is None:
            return Outcome(f"{key} from {letter.sender}: read before, ignored")
        if letter.automatic is not None:
            noted = self._bounced(letter) if letter.automatic == "bounce" else 0
            return Outcome(
                f"{key} from {letter.sender}: {letter.automatic}, not answered"
                + (f"; bounces noted for the moderators: {noted}" if noted else "")
            )
        if earlier >= self.per_hour:
            said = f"{key} from {letter.sender}: past {self.per_hour} mails an hour, refused"
            if earlier > self.per_hour:
                return Outcome(said)
            text = _(
                "You have sent %(count)s mails in the last hour, the most realmbot reads from "
                "one address; this one and the next are not read until the hour is over."
            ) % {"count": earlier}
            return Outcome(said, (self._answer(letter, text),))
        identity = self.service.mail_seats.identify(letter.sender, self._secrets(letter))
        warnings = tuple(self._warning(letter, address) for address in identity.warn)
        if identity.player is None:
            text = _(
                "This mail carries the secret of a seat that %(address)s does not play: "
                "nothing was done, and the seat's player is told."
            ) % {"address": letter.sender}
            said = f"{key} from {letter.sender}: another seat's secret, refused"
            return Outcome(said, (self._answer(letter, text), *warnings))
        text, said = self._taken(letter, identity)
        return Outcome(
            f"{key} from {letter.sender}: {said}", (self._answer(letter, text), *warnings)
        )

    # --- the steps ------------------------------------------------------------------------

    def _keep(self, key: str, sender: str) -> int | None:
        """Keep the mail ``key`` as read; how many mails ``sender`` sent in the hour before
        it, or None when it was read before."""
        now = self.service.store.clock()
        with self.service.store.unit() as session:
            if session.exec(select(MailReceived).where(MailReceived.message_id == key)).first():
                return None
            count = session.exec(
                select(func.count())
                .select_from(MailReceived)
                .where(
                    col(MailReceived.sender) == sender,
                    col(MailReceived.received_at) > now - timedelta(hours=1),
                )
            ).one()
            session.add(MailReceived(message_id=key[:998], sender=sender[:254], received_at=now))
            return int(count)

    def _secrets(self, letter: Letter) -> list[str]:
        """The secrets ``letter`` carries: its recipients' plus-tags, then its password line."""
        found = tags_of(letter.recipients, self.own)
        if letter.password:
            found.append(letter.password.strip().casefold())
        return found

    def _bounced(self, letter: Letter) -> int:
        """Tell the moderators of each campaign whose mail bounced which of its players'
        mails did; how many were found."""
        ids = outbox_ids(letter.bounced)
        if not ids:
            return 0
        with self.service.store.unit() as session:
            found = session.exec(select(OutboxMessage).where(col(OutboxMessage.id).in_(ids))).all()
            for message in found:
                campaign = session.get(Campaign, message.campaign_id)
                if campaign is None:
                    continue
                outbox = self.service.store.outbox(session, campaign)
                outbox.moderators(partial(_bounce_notice, campaign.name, message.id))
            return len(found)

    def _taken(self, letter: Letter, identity: Identity) -> tuple[str, str]:
        """What the mail asks, taken: the answer's text and a line for the log."""
        player = identity.player
        assert player is not None
        read = read_mail(letter.subject, letter.text)
        if read is None and letter.text.strip():
            read = self._reply(letter, player)
        if isinstance(read, Help) or read is None:
            with speaking(self.service.languages.of_person(player)):
                return self._help(read is None), "help"
        if not identity.seated and read.command != "join":
            with speaking(self.service.languages.of_person(player)):
                return self._help(True), f"{read.command} from a newcomer, refused"
        try:
            campaign = read.campaign or self._campaign_of(letter, player)
            if read.command == "join":
                return self._join(letter, read, player, campaign), "join"
            request = read.request(campaign, player)
            text = take(self.service, request).text
        except RequestError as refused:
            with speaking(self.service.languages.of_person(player)):
                return self._noted(str(refused), letter), f"{read.command}: refused"
        with speaking(self.service.languages.of_person(player)):
            return self._noted(text, letter), read.command

    def _reply(self, letter: Letter, player: str) -> Message | None:
        """A reply to one of the bot's mails that names no command: the answer to the decision
        it asked (its option, or its number in the mail), else plays in the combat window."""
        campaign = self._replied_campaign(letter)
        if campaign is None:
            return None
        first = letter.text.strip().partition("\n")[0].strip()
        options = self.service.resolver.open_decision(campaign, player=player)
        if options is not None:
            folded = {o.casefold(): o for o in options}
            if first.casefold() in folded:
                return Message("answer", campaign, options={"choice": folded[first.casefold()]})
            if first.isdigit() and 1 <= int(first) <= len(options):
                return Message("answer", campaign, options={"choice": options[int(first) - 1]})
        return Message("plays", campaign, letter.text)

    def _campaign_of(self, letter: Letter, player: str) -> str:
        """The campaign a mail naming none means: the one of the bot's mail it answers, else
        the writer's only running one."""
        return self._replied_campaign(letter) or only_campaign(self.service, player)

    def _replied_campaign(self, letter: Letter) -> str | None:
        """The campaign of the bot's mail that ``letter`` answers, if it answers one."""
        ids = outbox_ids([i for i in (letter.in_reply_to, *letter.references) if i])
        if not ids:
            return None
        with self.service.store.unit() as session:
            message = session.get(OutboxMessage, ids[-1])
            campaign = None if message is None else session.get(Campaign, message.campaign_id)
            return None if campaign is None else campaign.name

    def _join(self, letter: Letter, read: Message, player: str, campaign: str) -> str:
        """Seat the writer as the character he names, his address and a new secret kept for
        the seat; the welcome tells him the address his mails carry the secret by."""
        request = Request(
            "join",
            campaign,
            player,
            options={**read.options, "name": letter.sender_name[:100] or letter.sender},
        )
        joined = take(self.service, request).text
        secret = self.service.mail_seats.enrol(campaign, player=player, address=letter.sender)
        with speaking(self.service.languages.of_person(player)):
            return render(
                "messages/mail_joined.txt.j2",
                joined=Markup(joined),  # said already, as the inbox says every reply
                address=tagged(self.own, secret),
                secret=secret,
                campaign=campaign,
            )

    def _help(self, unread: bool) -> str:
        """How to play by mail; ``unread``: said to a mail whose command was not understood."""
        return render("messages/mail_help.txt.j2", unread=unread, address=self.own)

    def _noted(self, text: str, letter: Letter) -> str:
        """``text`` with a note of the attachments the mail had, which are not read."""
        if not letter.attachments:
            return text
        note = _("Attachments are not read: %(names)s.") % {
            "names": ", ".join(letter.attachments[:10])
        }
        return f"{text}\n\n{note}"

    def _warning(self, letter: Letter, address: str) -> Answer:
        """The mail telling the player at ``address`` that his seat's secret came from
        another address."""
        with speaking(self._language_at(address)):
            text = _(
                "A mail carrying your seat's secret came from %(sender)s (subject: %(subject)s). "
                "If it was not yours, ask your moderator for a new secret."
            ) % {"sender": letter.sender, "subject": letter.subject or "-"}
            return Answer(address, _("Your realmbot secret was used"), text)

    def _language_at(self, address: str) -> Language:
        """The language of the mail player writing from ``address``."""
        return self.service.languages.of_person(player_of(address))

    def _answer(self, letter: Letter, text: str) -> Answer:
        """The answer to ``letter``, threaded under it."""
        subject = (
            letter.subject
            if letter.subject.lower().startswith("re:")
            else (f"Re: {letter.subject}" if letter.subject else "realmbot")
        )
        references = (*letter.references, letter.message_id) if letter.message_id else ()
        return Answer(letter.sender, subject, text, letter.message_id, tuple(references))

    def _unreadable(self, raw: bytes, why: str) -> Outcome:
        """A mail that cannot be read: answered at its From when its head says one and it is
        not an automatic mail, with why; once, and within its sender's hour, as any mail."""
        head = BytesHeaderParser(policy=default_policy).parsebytes(raw[:_HEAD])
        pairs = getaddresses([str(head.get("From", ""))])
        sender = next((address for _, address in pairs if "@" in address), "")
        automatic = str(head.get("Auto-Submitted", "no")).strip().lower() != "no"
        if not sender or automatic or not _plain_address(sender):
            return Outcome(f"an unreadable mail ({why}), not answered")
        key = str(head.get("Message-ID", "")).strip() or "sha256:" + hashlib.sha256(raw).hexdigest()
        earlier = self._keep(key, sender.lower())
        if earlier is None or earlier >= self.per_hour:
            return Outcome(f"{key} from {sender}: unreadable ({why}), read before or past the hour")
        with speaking(self._language_at(sender)):
            text = _("Your mail could not be read, so nothing was done: %(why)s.") % {"why": why}
        return Outcome(
            f"a mail from {sender} unreadable ({why}), refused", (Answer(sender, "realmbot", text),)
        )


def _bounce_notice(campaign: str, message_id: int | None) -> str:
    """The moderators' note that the mail of the outbox's message ``message_id`` bounced."""
    return _(
        "A mail of %(campaign)s to a player by mail bounced (the outbox's message %(id)s): "
        "check his address with him."
    ) % {"campaign": campaign, "id": message_id}


def _plain_address(address: str) -> bool:
    """Whether ``address`` is one a mail can be sent to."""
    try:
        Address(addr_spec=address)
    except (ValueError, IndexError):
        return False
    return True
