"""An outbox message as a mail (issue 36): a decision's options numbered for a reply, in the
reader's language; a day's mails threaded; a subject that tells the campaign and what it is;
the inbound side's answers threaded under the player's mail and marked as auto-replies."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import time_machine

from bot.delivery import Courier
from bot.i18n import Language, _, speaking
from bot.mail.addresses import player_of
from bot.mail.compose import REPLY_WITH, SUBJECT_LENGTH, compose, reply, subject
from bot.mail.seats import Destination
from bot.mail.transport import MailTransport, parse_smtp_url
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from db.models import OutboxMessage
from rules.state import GameState
from tests.bot.mail import smtp
from tests.bot.mail.smtp import SmtpServer
from tests.snapshots import rewrite_latest

smtp_server = smtp.smtp_server  # the fixture: a real SMTP server
BOT = "realmbot@example.org"
BOB = "bob@example.net"
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def asked(service: CampaignService, *, language: str | None = None) -> str:
    """Valle waits for the decision of its mail player (the Amazon, resting with two chits
    fatigued: which to rest first); his id."""
    bob = player_of(BOB)
    options: dict[str, object] = {"wait_for_decisions": True, "combat_by_dm": False}
    service.campaigns.create("Valle", moderator="gm", seed=7, options=options)
    service.campaigns.join("Valle", player=bob, player_name="Bob", character="Amazon")
    service.campaigns.join("Valle", player="222", player_name="Carl", character="Elf")
    service.mail_seats.enrol("Valle", player=bob, address=BOB)
    if language is not None:
        service.languages.set_language("Valle", player=bob, text=language)
    service.campaigns.start("Valle", moderator="gm")

    def tired(state: GameState) -> None:
        for chit in state.characters["Amazon"].chits:
            if chit.label in ("MOVE M3*", "FIGHT M4*"):
                chit.status = "fatigued"

    rewrite_latest(service.engine, 1, tired, step="test")
    service.players.submit_orders("Valle", player=bob, text="R, H")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Valle")
        assert campaign is not None
        day = campaign.day
    service.resolver.resolve_day("Valle", day=day, moderator="gm")
    return bob


def test_a_decision_s_options_are_numbered_for_a_reply(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    with time_machine.travel(START, tick=False):
        bob = asked(service)
        options = service.resolver.open_decision("Valle", player=bob)
        assert options and len(options) > 1
        transport = MailTransport(service, server=parse_smtp_url(smtp_server.url), sender=BOT)
        asyncio.run(Courier(service, transport).deliver_once())
    [mail] = [r.mail for r in smtp_server.received if "must decide" in str(r.mail["Subject"])]
    body = mail.get_body(("plain",))
    assert body is not None
    text = body.get_content()
    numbered = [f"{n}. {option}" for n, option in enumerate(options, start=1)]
    assert text.rstrip("\n").endswith(
        "\n".join(["Reply with the number or the option:", *numbered])
    )
    day = [r.mail for r in smtp_server.received if "must decide" not in str(r.mail["Subject"])]
    same = [m for m in day if m["References"] == mail["References"]]
    assert same, "the day's other mails are in its thread"


def test_a_mail_player_s_language_numbers_his_options(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    with time_machine.travel(START, tick=False):
        asked(service, language="es")
        transport = MailTransport(service, server=parse_smtp_url(smtp_server.url), sender=BOT)
        asyncio.run(Courier(service, transport).deliver_once())
    texts = [r.mail.get_body(("plain",)) for r in smtp_server.received]
    numbered = [t.get_content() for t in texts if t is not None and "\n1. " in t.get_content()]
    with speaking(Language("es")):
        heading = _(REPLY_WITH)
    assert numbered and f"\n\n{heading}\n1. MOVE M3*\n2. FIGHT M4*" in numbered[0]
    assert "Opciones: MOVE M3* | FIGHT M4*" in numbered[0], "his DM, in his language"


def message(content: str, *, day: int | None = 3, attachment: str | None = None) -> OutboxMessage:
    return OutboxMessage(
        id=41,
        campaign_id=7,
        kind="dm",
        to=player_of(BOB),
        content=content,
        created_at=START,
        day=day,
        attachment_name=attachment,
    )


def test_a_subject_tells_the_campaign_and_the_first_line_clean_and_short() -> None:
    assert subject("Valle", "**Day 3** in `Valle`\nmore") == "[Valle] Day 3 in Valle"
    assert subject("Valle", "```\n# Report\n```") == "[Valle] Report"
    said = "Valle, day 3: the Amazon must decide. Which?"
    assert subject("Valle", said) == "[Valle] Day 3: the Amazon must decide. Which?"
    assert subject("Valle", "Valle begins: Amazon.") == "[Valle] Valle begins: Amazon."
    long = subject("Valle", "word " * 40)
    assert len(long) <= SUBJECT_LENGTH and long.endswith("word…")


def test_a_message_without_a_day_is_in_the_campaign_s_thread_and_plain_without_a_map() -> None:
    mail = compose(
        message("Hello, Bob.\nSecond line é.", day=None),
        None,
        campaign="Valle",
        destination=Destination(BOB, "k3j9x0a7b2c4"),
        sender=BOT,
        language=Language("en"),
    )
    assert mail["Message-ID"] == "<realmbot.41@example.org>"
    assert mail["In-Reply-To"] == "<realmbot.campaign.7@example.org>"
    assert mail.get_content_type() == "text/plain"
    assert mail.get_content() == "Hello, Bob.\nSecond line é.\n"
    assert mail["Reply-To"] == "realmbot <realmbot+k3j9x0a7b2c4@example.org>"
    again = compose(
        message("Hello, Bob.\nSecond line é.", day=None),
        None,
        campaign="Valle",
        destination=Destination(BOB, "k3j9x0a7b2c4"),
        sender=BOT,
        language=Language("en"),
    )
    assert again.as_bytes() == mail.as_bytes(), "the same message is always the same mail"


def test_an_answer_is_threaded_under_his_mail_and_marked_an_auto_reply() -> None:
    answer = reply(
        "Orders stored.",
        sender=BOT,
        to=BOB,
        in_reply_to="<his.2@example.net>",
        references=["<realmbot.day.7.3@example.org>", "<his.1@example.net>"],
        subject="Re: [Valle] Day 3",
    )
    assert answer["Subject"] == "Re: [Valle] Day 3"
    assert answer["In-Reply-To"] == "<his.2@example.net>"
    assert answer["References"].split() == [
        "<realmbot.day.7.3@example.org>",
        "<his.1@example.net>",
        "<his.2@example.net>",
    ]
    assert answer["Auto-Submitted"] == "auto-replied"
    assert answer["Message-ID"].endswith("@example.org>")
    fresh = reply("Hi", sender=BOT, to=BOB, in_reply_to=None, subject="orders Valle")
    assert fresh["Subject"] == "Re: orders Valle" and fresh["References"] is None
