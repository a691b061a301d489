"""Hostile and malformed mails through the whole inbox (issue 36): each is refused or handled
in one line for the log, answered at most once and only to its writer (or a seat's owner told
his secret was used), and none changes another player's orders or carries his secret away.
(tests/bot/mail/test_letters.py reads the same kinds of mails, and more, one part at a time.)"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from bot.mail.addresses import player_of, tagged
from bot.mail.inbound import MailInbox
from bot.service import CampaignService

BOT = "realmbot@example.org"
ALICE, BOB = "alice@example.org", "bob@example.org"
EVE = "eve@evil.example.net"


def letter(
    sender: str = EVE,
    text: str = "orders Valle\nH",
    *,
    to: str = BOT,
    subject: str = "",
    headers: dict[str, str] | None = None,
    html: str | None = None,
    charset: str = "utf-8",
) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["Message-ID"] = make_msgid(domain="example.net")
    for name, value in (headers or {}).items():
        mail[name] = value
    if html is None:
        mail.set_content(text, charset=charset)
    else:
        mail.set_content(html, subtype="html")
    return mail


@pytest.fixture
def seated(service: CampaignService) -> tuple[MailInbox, dict[str, str]]:
    """Valle started, Alice (the Amazon) and Bob (the Dwarf) seated by mail, Bob's orders in."""
    service.campaigns.create("Valle", moderator="gm", seed=7)
    inbox = MailInbox(service, own=BOT, limit=200_000, per_hour=1_000)
    secrets = {}
    for address, character in ((ALICE, "Amazon"), (BOB, "Dwarf")):
        player = player_of(address)
        service.campaigns.join("Valle", player=player, player_name=address, character=character)
        secrets[address] = service.mail_seats.enrol("Valle", player=player, address=address)
    service.campaigns.start("Valle", moderator="gm")
    service.players.submit_orders("Valle", player=player_of(BOB), text="R, R")
    return inbox, secrets


#: A hostile mail: made from the seats' secrets, and what its answer (if any) must say.
Row = tuple[str, Callable[[dict[str, str]], bytes], str | None]

ROWS: list[Row] = [
    ("forged From, no secret", lambda s: bytes(letter(EVE)), "join North Sea"),
    (
        "forged From of a seat, another seat's secret",
        lambda s: bytes(letter(ALICE, to=tagged(BOT, s[BOB]))),
        "nothing was done",
    ),
    (
        "a stranger with a secret-shaped tag",
        lambda s: bytes(letter(EVE, to=tagged(BOT, "aaaaaaaaaaaa"))),
        "join North Sea",
    ),
    (
        "a wrong password line",
        lambda s: bytes(letter(EVE, "orders Valle\nH\npassword: nope")),
        "join North Sea",
    ),
    ("HTML only", lambda s: bytes(letter(ALICE, html="<p>orders Valle<br>H, H</p>")), "stored"),
    (
        "a Latin-1 body",
        lambda s: bytes(letter(ALICE, "orders Valle\nH  # señal", charset="latin-1")),
        "stored",
    ),
    (
        "an unknown charset",
        lambda s: bytes(letter(ALICE)).replace(b"utf-8", b"x-klingon"),
        "stored",
    ),
    (
        "too big",
        lambda s: bytes(letter(ALICE, "orders Valle\n" + "H, " * 100_000)),
        "nothing was done",
    ),
    ("no From", lambda s: bytes(letter(ALICE)).replace(b"From: alice@example.org\n", b""), None),
    ("garbage", lambda s: b"\x00\xff\xfe not a mail at all", None),
    (
        "auto-replied",
        lambda s: bytes(letter(ALICE, headers={"Auto-Submitted": "auto-replied"})),
        None,
    ),
    (
        "auto-generated",
        lambda s: bytes(letter(ALICE, headers={"Auto-Submitted": "auto-generated"})),
        None,
    ),
    ("X-Autoreply", lambda s: bytes(letter(ALICE, headers={"X-Autoreply": "yes"})), None),
    ("Precedence bulk", lambda s: bytes(letter(ALICE, headers={"Precedence": "bulk"})), None),
    (
        "a mailing list",
        lambda s: bytes(letter(ALICE, headers={"List-Id": "<l.example.org>"})),
        None,
    ),
    ("out of office", lambda s: bytes(letter(ALICE, "I am away", subject="Out of Office")), None),
    (
        "fuera de la oficina",
        lambda s: bytes(letter(ALICE, "Estoy fuera", subject="Fuera de la oficina")),
        None,
    ),
    (
        "a bounce from MAILER-DAEMON",
        lambda s: bytes(letter("MAILER-DAEMON@mx.example.org", "Delivery failed")),
        None,
    ),
    ("an empty Return-Path", lambda s: bytes(letter(ALICE, headers={"Return-Path": "<>"})), None),
    (
        "mentions and markup",
        lambda s: bytes(letter(ALICE, "orders Valle\nH @everyone **x** <@1>")),
        "NOT stored",
    ),
    (
        "a subject of 5,000 characters",
        lambda s: bytes(letter(ALICE, "help", subject="x" * 5_000)),
        "To play by mail",
    ),
    (
        "10,000 lines of nothing",
        lambda s: bytes(letter(ALICE, "\n" * 10_000 + "help")),
        "To play by mail",
    ),
    ("NUL bytes", lambda s: bytes(letter(ALICE, "help\x00\x00")), "To play by mail"),
    (
        "reply-all quoting Bob's echo",
        lambda s: bytes(
            letter(
                ALICE,
                "orders Valle\nH, H\n\nOn Mon, bob wrote:\n> Orders for the "
                f"Dwarf stored\n> password: {s[BOB]}\n",
            )
        ),
        "Amazon",
    ),
    ("an attachment", lambda s: _with_attachment(ALICE), "Attachments are not read"),
    ("another campaign's orders", lambda s: bytes(letter(ALICE, "orders Nowhere\nH")), "Nowhere"),
    (
        "a command for the moderators",
        lambda s: bytes(letter(ALICE, "resolve Valle")),
        "names no command",
    ),
    (
        "join a started campaign",
        lambda s: bytes(letter(EVE, "join Valle\ncharacter: Elf")),
        "has started",
    ),
    (
        "plays with no window open",
        lambda s: bytes(letter(ALICE, "plays Valle\ntarget: none")),
        "no combat window",
    ),
    ("an answer with no decision", lambda s: bytes(letter(ALICE, "answer 1")), "no decision"),
    ("away with no number", lambda s: bytes(letter(ALICE, "away Valle soon")), "number"),
]


def _with_attachment(sender: str) -> bytes:
    mail = letter(sender, "orders Valle\nH, H")
    mail.add_attachment(
        b"MZ\x90\x00", maintype="application", subtype="octet-stream", filename="orders.exe"
    )
    return bytes(mail)


@pytest.mark.parametrize(("made", "said"), [row[1:] for row in ROWS], ids=[r[0] for r in ROWS])
def test_a_hostile_mail_is_refused_or_handled_in_one_line_and_leaks_nothing(
    seated: tuple[MailInbox, dict[str, str]],
    service: CampaignService,
    made: Callable[[dict[str, str]], bytes],
    said: str | None,
) -> None:
    inbox, secrets = seated
    raw = made(secrets)
    outcome = inbox.receive(raw)
    assert outcome.said and "\n" not in outcome.said
    if said is None:
        assert outcome.answers == ()
    else:
        first = outcome.answers[0]
        assert said in first.text, first.text
    for answer in outcome.answers:
        others = [s for a, s in secrets.items() if a != answer.to]
        assert not any(s in answer.text for s in others), "no answer carries another's secret"
    assert inbox.receive(raw).answers == (), "the same mail again is read once"
    bob = service.players.show_orders("Valle", player=player_of(BOB)).text
    assert "R, R" in bob, "nobody changed Bob's orders"


def test_the_table_has_the_issue_s_thirty_mails() -> None:
    assert len(ROWS) >= 30 and len({r[0] for r in ROWS}) == len(ROWS)
