"""A campaign played entirely by mail (issue 36), against real servers: the bot reads its
mailbox on a throwaway Dovecot over IMAP and sends by a real SMTP server (aiosmtpd), as
``realmbot run`` does with the MAIL_* settings (:class:`bot.mail.door.MailDoor`). Three players
join by mail, send orders (one wrong, then corrected by a reply), one answers a decision by
replying with its number, and two play a combat window by replying to its mail; nobody receives
another's secret, and no mail goes twice. (The day's report with its map, inline, is sent to
mail players as tests/bot/mail/test_transport.py shows.)"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
import pytest_asyncio
from pydantic import SecretStr

from bot.config import Settings
from bot.mail.addresses import tagged
from bot.mail.door import MailDoor
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from rules.state import GameState, Place
from tests.bot.mail.conftest import UserMailbox
from tests.bot.mail.smtp import Received, SmtpServer, smtp_server  # noqa: F401
from tests.fights import quiet_plays, stage_giant_fight
from tests.snapshots import rewrite_latest

BOT = "realmbot@example.org"
#: How long a mail may take to come back (a generous bound, never a measure).
PATIENCE_S = 60
PLAYERS = {
    "alice@example.org": "Amazon",
    "bob@example.org": "Black Knight",
    "carol@example.org": "Dwarf",
}


@dataclass
class Post:
    """The players' side of the mail: what they send to the bot's mailbox, and what they
    received from the bot's SMTP server, read in order."""

    mailbox: UserMailbox
    smtp: SmtpServer
    read: int = 0

    def send(
        self,
        sender: str,
        text: str,
        *,
        to: str = BOT,
        subject: str = "",
        reply_to: EmailMessage | None = None,
    ) -> None:
        mail = EmailMessage()
        mail["From"] = sender
        mail["To"] = to
        mail["Subject"] = subject or (f"Re: {reply_to['Subject']}" if reply_to else "realmbot")
        mail["Message-ID"] = make_msgid(domain="example.org")
        if reply_to is not None:
            mail["In-Reply-To"] = reply_to["Message-ID"]
            mail["References"] = reply_to["Message-ID"]
        mail.set_content(text)
        self.mailbox.deliver(bytes(mail))

    def poll(self, to: str, wanted: Callable[[str], bool]) -> EmailMessage | None:
        """The first mail to ``to`` not read yet whose text ``wanted`` accepts, if one came."""
        for received in self.smtp.received:
            mail = received.mail
            if to in received.recipients and wanted(text_of(mail)) and not _seen(mail):
                _SEEN.add(str(mail["Message-ID"]))
                return mail
        return None

    async def next(self, to: str, wanted: Callable[[str], bool]) -> EmailMessage:
        """The next mail to ``to`` whose text ``wanted`` accepts (waiting for it)."""
        for _ in range(PATIENCE_S * 20):
            found = self.poll(to, wanted)
            if found is not None:
                return found
            await asyncio.sleep(0.05)
        said = [(r.recipients, text_of(r.mail)[:300]) for r in self.smtp.received[-10:]]
        raise AssertionError(f"no mail came to {to}: {said}")


_SEEN: set[str] = set()


def _seen(mail: EmailMessage) -> bool:
    return str(mail["Message-ID"]) in _SEEN


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


@pytest_asyncio.fixture
async def post(
    service: CampaignService,
    mailbox: UserMailbox,
    smtp_server: SmtpServer,  # noqa: F811
) -> AsyncIterator[Post]:
    """The bot's mail door running on the two servers, for the test's length."""
    _SEEN.clear()
    settings = Settings(
        mail_imap_url=SecretStr(mailbox.url),
        mail_smtp_url=SecretStr(smtp_server.url),
        mail_from=BOT,
        mail_per_hour=100,
    )
    door = MailDoor(service, settings, interval=0.2)
    stop = asyncio.Event()
    running = asyncio.create_task(door.run(stop))
    try:
        yield Post(mailbox, smtp_server)
    finally:
        stop.set()
        await asyncio.wait_for(running, PATIENCE_S)


def open_kinds(service: CampaignService, character: str) -> set[str]:
    with session_scope(service.engine) as session:
        return {
            d.kind for d in repo.open_decisions(session, campaign_id=1) if d.character == character
        }


@pytest.mark.asyncio
async def test_three_players_play_a_day_by_mail(service: CampaignService, post: Post) -> None:
    service.campaigns.create("Valle", moderator="gm", seed=7, options={"wait_for_decisions": True})
    secrets: dict[str, str] = {}
    for address, character in PLAYERS.items():
        post.send(address, f"join Valle\ncharacter: {character}")
        welcome = await post.next(address, lambda t: "Your seat's secret is" in t)
        secrets[address] = re.findall(r"Your seat's secret is (\w+)\.", text_of(welcome))[0]
        assert tagged(BOT, secrets[address]) in text_of(welcome)
    service.campaigns.start("Valle", moderator="gm")

    def two_fatigued(state: GameState) -> None:  # her Rest must ask which chit comes back
        for chit in state.characters["Amazon"].chits:
            if chit.label in ("MOVE M3*", "FIGHT M4*"):
                chit.status = "fatigued"

    def apart(state: GameState) -> None:  # the fight is the other two's
        state.put("Amazon", Place.clearing("AV4"))

    stage_giant_fight(service.engine, 1, "Black Knight", "Dwarf")
    rewrite_latest(service.engine, 1, two_fatigued)
    rewrite_latest(service.engine, 1, apart)

    alice, bob, carol = PLAYERS
    post.send(alice, "orders Valle\nM ZZ9")
    refused = await post.next(alice, lambda t: "were NOT stored" in t)
    post.send(
        alice,
        "orders Valle\nR",
        to=str(refused["Reply-To"]).split("<")[-1].rstrip(">"),
        reply_to=refused,
    )
    await post.next(alice, lambda t: "Orders for the Amazon, day 1 stored" in t)
    for player in (bob, carol):
        post.send(player, "H, H", subject="orders Valle")
        await post.next(player, lambda t: "stored" in t)

    await asyncio.to_thread(service.resolver.resolve_day, "Valle", day=1, moderator="gm")
    decision = await post.next(alice, lambda t: "must decide" in t)
    assert "Reply with the number or the option:" in text_of(decision)
    post.send(alice, "1", to=tagged(BOT, secrets[alice]), reply_to=decision)
    await post.next(alice, lambda t: "Answer recorded" in t)

    for player, character in ((bob, "Black Knight"), (carol, "Dwarf")):
        window = await post.next(player, lambda t: "window is open until" in t)
        plays = quiet_plays(open_kinds(service, character))
        assert plays is not None, f"the {character} is asked his plays"
        post.send(player, plays, to=tagged(BOT, secrets[player]), reply_to=window)
        echo = await post.next(player, lambda t: "plays" in t)
        assert f"The {character}'s plays" in text_of(echo)
    everything = post.smtp.received
    for received in everything:
        (reader,) = received.recipients
        others = [s for a, s in secrets.items() if a != reader]
        assert not any(s in received.data.decode("utf-8", "replace") for s in others), reader
    ids = [str(r.mail["Message-ID"]) for r in everything]
    assert len(ids) == len(set(ids)), "no mail went twice"
