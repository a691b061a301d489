"""Mail players beside Discord players in one campaign (issue 36): the Discord bot posts the
channel's messages and DMs its players, the mail transport mails the mail player his own and
his copies of the channel's; each message goes once, by its transport alone."""

from __future__ import annotations

import pytest

from bot.delivery import Courier
from bot.mail.addresses import player_of
from bot.mail.transport import MailTransport, parse_smtp_url
from bot.service import CampaignService
from tests.bot.mail import smtp
from tests.bot.mail.smtp import SmtpServer

from .conftest import Table, bot_messages, channel_report, seat_two_players, text_of

smtp_server = smtp.smtp_server  # the fixture: a real SMTP server
CAROL = "carol@example.com"


@pytest.mark.asyncio
async def test_each_message_goes_once_by_its_own_transport(
    table: Table, service: CampaignService, smtp_server: SmtpServer
) -> None:
    await seat_two_players(table)
    carol = player_of(CAROL)
    service.campaigns.join("Test", player=carol, player_name="Carol", character="Dwarf")
    service.mail_seats.enrol("Test", player=carol, address=CAROL)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    waiting = service.store.undelivered(1000)
    hers = [m for m in waiting if m.to == carol]
    assert {m.kind for m in hers} == {"dm", "public"}

    assert await table.bot.deliver_once() == len(waiting) - len(hers)
    assert [m.id for m in service.store.undelivered(1000)] == [m.id for m in hers]
    mail = MailTransport(service, server=parse_smtp_url(smtp_server.url), sender="bot@x.org")
    assert await Courier(service, mail).deliver_once() == len(hers)
    assert await table.bot.deliver_once() == 0
    assert service.store.undelivered(1000) == []

    assert [r.recipients for r in smtp_server.received] == [(CAROL,)] * len(hers)
    begins = [r.mail for r in smtp_server.received if "Test begins" in str(r.mail["Subject"])]
    assert len(begins) == 1 and begins[0].is_multipart(), "the report, its map inline"
    report, files = channel_report(table.channel.history(), "Test begins")
    assert files and "Dwarf" in report
    public = [text_of(m) for m in bot_messages(table.channel.history())]
    assert len([t for t in public if t.startswith("Test begins")]) == 1, "posted once"
