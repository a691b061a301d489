"""A mail read and answered (issue 36): a player joins by mail and is given his seat's secret;
his orders by mail are stored and echoed; a reply to a decision's mail answers it by number; a
mail read twice, an auto-reply and a bounce are never answered; another seat's secret is refused
and its owner told; a sender past his hour's mails is refused once."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from bot.mail.addresses import player_of, tagged
from bot.mail.inbound import MailInbox, Outcome
from bot.service import CampaignService

BOT = "realmbot@example.org"
ALICE, BOB, EVE = "alice@example.org", "bob@example.org", "eve@example.net"


def mail(
    sender: str,
    text: str,
    *,
    to: str = BOT,
    subject: str = "",
    headers: dict[str, str] | None = None,
    message_id: str | None = None,
) -> bytes:
    letter = EmailMessage()
    letter["From"] = sender
    letter["To"] = to
    letter["Subject"] = subject
    letter["Message-ID"] = message_id or make_msgid(domain="example.org")
    for name, value in (headers or {}).items():
        letter[name] = value
    letter.set_content(text)
    return bytes(letter)


@pytest.fixture
def inbox(service: CampaignService) -> MailInbox:
    service.campaigns.create("Valle", moderator="gm", seed=7)
    return MailInbox(service, own=BOT, limit=1_000_000, per_hour=5)


def joined(inbox: MailInbox, address: str, character: str) -> str:
    """The secret the welcome gives ``address``'s new seat."""
    outcome = inbox.receive(mail(address, f"join Valle\ncharacter: {character}"))
    (answer,) = outcome.answers
    assert answer.to == address and "join" in outcome.said
    secret = answer.text.split("Your seat's secret is ", 1)[1].split(".", 1)[0]
    assert tagged(BOT, secret) in answer.text
    return secret


def only(outcome: Outcome) -> str:
    (answer,) = outcome.answers
    return answer.text


def test_a_player_joins_by_mail_and_his_orders_by_mail_are_stored_and_echoed(
    inbox: MailInbox, service: CampaignService
) -> None:
    secret = joined(inbox, ALICE, "Amazon")
    joined(inbox, BOB, "Dwarf")
    service.campaigns.start("Valle", moderator="gm")
    echo = only(inbox.receive(mail(ALICE, "orders Valle\nH, H", to=tagged(BOT, secret))))
    assert "Orders for the Amazon, day 1 stored" in echo
    row = service.players.show_orders("Valle", player=player_of(ALICE)).text
    assert "H, H" in row
    by_subject = only(inbox.receive(mail(BOB, "R, R", subject="orders Valle")))
    assert "Orders for the Dwarf, day 1 stored" in by_subject


def test_the_same_mail_twice_is_read_once(inbox: MailInbox) -> None:
    raw = mail(ALICE, "join Valle\ncharacter: Amazon", message_id="<twice@example.org>")
    assert inbox.receive(raw).answers
    again = inbox.receive(raw)
    assert again.answers == () and "read before, ignored" in again.said


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"X-Autoreply": "yes"},
        {"Precedence": "bulk"},
    ],
)
def test_an_automatic_mail_is_never_answered(inbox: MailInbox, headers: dict[str, str]) -> None:
    outcome = inbox.receive(mail(ALICE, "orders Valle\nH", headers=headers))
    assert outcome.answers == () and "not answered" in outcome.said


def test_another_seat_s_secret_is_refused_and_its_owner_told(inbox: MailInbox) -> None:
    alice = joined(inbox, ALICE, "Amazon")
    joined(inbox, BOB, "Dwarf")
    outcome = inbox.receive(mail(BOB, "orders Valle\nH", to=tagged(BOT, alice)))
    refusal, warning = outcome.answers
    assert refusal.to == BOB and "nothing was done" in refusal.text
    assert warning.to == ALICE and BOB in warning.text


def test_a_secret_from_an_unknown_address_is_taken_and_its_owner_told(
    inbox: MailInbox, service: CampaignService
) -> None:
    alice = joined(inbox, ALICE, "Amazon")
    joined(inbox, BOB, "Dwarf")
    service.campaigns.start("Valle", moderator="gm")
    outcome = inbox.receive(mail("alice@work.example.com", f"orders Valle\nH\npassword: {alice}"))
    echo, warning = outcome.answers
    assert echo.to == "alice@work.example.com" and "Orders for the Amazon" in echo.text
    assert warning.to == ALICE and "alice@work.example.com" in warning.text


def test_a_stranger_s_orders_are_refused_with_how_to_join(inbox: MailInbox) -> None:
    told = only(inbox.receive(mail(EVE, "orders Valle\nH")))
    assert "join North Sea" in told and "Orders for" not in told


def test_a_mail_with_no_command_is_told_how_to_play_by_mail(inbox: MailInbox) -> None:
    joined(inbox, ALICE, "Amazon")
    told = only(inbox.receive(mail(ALICE, "hello, how do I play?")))
    assert told.startswith("Your mail names no command realmbot knows, so nothing was done.")
    assert only(inbox.receive(mail(ALICE, "help"))).startswith("To play by mail, write to")


def test_a_sender_past_his_hour_s_mails_is_refused_and_told_once(inbox: MailInbox) -> None:
    outcomes = [inbox.receive(mail(EVE, "help")) for _ in range(8)]
    assert all(o.answers for o in outcomes[:5])
    assert "the most realmbot reads from one address" in only(outcomes[5])
    assert outcomes[6].answers == () and outcomes[7].answers == ()


def test_a_mail_too_big_is_refused_at_its_from(service: CampaignService) -> None:
    small = MailInbox(service, own=BOT, limit=2_000, per_hour=5)
    outcome = small.receive(mail(ALICE, "orders Valle\n" + "H, " * 2_000))
    (answer,) = outcome.answers
    assert answer.to == ALICE and "nothing was done" in answer.text
