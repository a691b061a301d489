"""What the outbox holds for mail players leaves by SMTP (issue 36), to a real SMTP server
(:mod:`tests.bot.mail.smtp`): each message once, as the same mail however often it is tried,
by the mail transport alone; a refused address holds its player's mails and the moderators
hear of it once; a busy or absent server is retried and nothing is lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import SecretStr
from sqlmodel import col, select

from bot import outbox
from bot.config import Settings
from bot.delivery import FIRST_RETRY, NOTICE_AFTER_TRANSIENT, Courier, retry_delay
from bot.local import Folder
from bot.mail.addresses import PREFIX, is_mail_player, player_of, tagged
from bot.mail.transport import MailTransport, SmtpUrlError, parse_smtp_url
from bot.service import CampaignService
from db import messages
from db.engine import session_scope
from db.models import Campaign, OutboxMessage
from tests.bot.mail import smtp
from tests.bot.mail.smtp import SmtpServer
from tests.clocks import ManualClock
from tests.servers import free_port

smtp_server = smtp.smtp_server  # the fixture: a real SMTP server
BOT = "realmbot@example.org"
BOB = "bob@example.net"
CAROL = "carol@example.com"


def seated(service: CampaignService, *, mailers: tuple[str, ...] = (BOB,)) -> dict[str, str]:
    """Valle started: a Discord player (``111``, the Amazon) and a mail player for each of
    ``mailers``, enrolled; their secrets by address."""
    service.campaigns.create("Valle", moderator="gm", seed=7)
    service.campaigns.join("Valle", player="111", player_name="Alice", character="Amazon")
    secrets = {}
    for address, character in zip(mailers, ("Dwarf", "Elf"), strict=False):
        player = player_of(address)
        service.campaigns.join(
            "Valle", player=player, player_name=address.split("@")[0].title(), character=character
        )
        secrets[address] = service.mail_seats.enrol("Valle", player=player, address=address)
    service.campaigns.start("Valle", moderator="gm")
    return secrets


def mailer(service: CampaignService, url: str) -> MailTransport:
    return MailTransport(service, server=parse_smtp_url(url), sender=BOT, timeout=10)


def deliver(courier: Courier) -> int:
    return asyncio.run(courier.deliver_once())


def rows(service: CampaignService) -> list[OutboxMessage]:
    with session_scope(service.engine) as session:
        return list(session.exec(select(OutboxMessage).order_by(col(OutboxMessage.id))))


def test_the_database_knows_a_mail_player_as_the_addresses_do() -> None:
    assert messages.MAIL_PREFIX == PREFIX


def test_a_mail_player_s_messages_go_by_mail_once_and_the_others_by_their_transport(
    service: CampaignService, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    secrets = seated(service)
    bob = player_of(BOB)
    written = rows(service)
    public = [m for m in written if m.kind == "channel"]
    copies = [m for m in written if m.kind == "public"]
    joined = next(n for n, m in enumerate(public) if m.content.startswith("Bob joins"))
    assert [(m.content, m.attachment_sha256) for m in copies] == [
        (m.content, m.attachment_sha256) for m in public[joined:]
    ], "each channel message from his seat on is copied to him, its map with it"
    assert any(m.attachment_sha256 for m in copies)
    assert {m.to for m in copies} == {bob}
    ours = [m.id for m in written if m.to == bob]

    folder = Folder(tmp_path)
    mail = mailer(service, smtp_server.url)
    assert deliver(Courier(service, folder)) == len(written) - len(ours)
    assert deliver(Courier(service, mail)) == len(ours)
    assert service.store.undelivered(1000) == []
    assert not any(bob in str(path) for path in folder.written)

    received = smtp_server.received
    assert [r.recipients for r in received] == [(BOB,)] * len(ours)
    ids = [r.mail["Message-ID"] for r in received]
    assert ids == [f"<realmbot.{i}@example.org>" for i in ours]
    first = received[-1].mail
    assert first["From"] == f"realmbot <{BOT}>"
    assert first["Reply-To"] == f"realmbot <{tagged(BOT, secrets[BOB])}>"
    assert first["To"] == BOB
    assert first["Auto-Submitted"] == "auto-generated"
    dm = next(m for m in written if m.kind == "dm" and m.to == bob)
    said = next(
        r.mail for r in received if r.mail["Message-ID"] == f"<realmbot.{dm.id}@example.org>"
    )
    assert said["In-Reply-To"] == said["References"] == f"<realmbot.day.1.{dm.day}@example.org>"
    assert said["Subject"].startswith("[Valle] ")
    body = said.get_body(("plain",))
    assert body is not None and body.get_content().rstrip("\n") == dm.content.rstrip("\n")


def test_the_queries_give_each_transport_its_own(service: CampaignService) -> None:
    seated(service)
    everything = outbox.queued(service.engine)
    mailed = outbox.queued(service.engine, mail=True)
    others = outbox.queued(service.engine, mail=False)
    assert mailed and all(m.to is not None and is_mail_player(m.to) for m in mailed)
    assert sorted(m.id for m in mailed + others) == [m.id for m in everything]
    assert all(m.destination == f"dm:{player_of(BOB)}" for m in mailed)
    gone = player_of("gone@example.org")
    assert outbox.recipient(service.engine, 1, gone) == f"the mail player {gone}"
    assert {m.id for m in outbox.pending(service.engine, mail=True)} == {m.id for m in mailed}


def test_a_campaign_with_a_channel_keeps_its_mail_players_messages_for_mail(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service)
    with session_scope(service.engine) as session:
        campaign = session.get(Campaign, 1)
        assert campaign is not None
        campaign.channel = "900"
    discord_s = outbox.queued(service.engine, with_channel=True, mail=False)
    assert discord_s and not any(m.to and is_mail_player(m.to) for m in discord_s)
    assert outbox.queued(service.engine, with_channel=False, mail=False) == []
    mailed = outbox.queued(service.engine, mail=True)
    assert deliver(Courier(service, mailer(service, smtp_server.url))) == len(mailed)
    assert len(smtp_server.received) == len(mailed)
    assert outbox.queued(service.engine, mail=True) == []
    assert outbox.queued(service.engine, mail=False) == discord_s, "Discord's wait for it"


def test_a_report_s_map_goes_inline_to_each_mail_player_and_nobody_else(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service, mailers=(BOB, CAROL))
    deliver(Courier(service, mailer(service, smtp_server.url)))
    mapped = [r for r in smtp_server.received if r.mail.is_multipart()]
    assert sorted(r.recipients for r in mapped) == [(BOB,), (CAROL,)]
    for received in mapped:
        mail = received.mail
        html = mail.get_body(("html",))
        assert html is not None
        [image] = [p for p in mail.walk() if p.get_content_maintype() == "image"]
        cid = image["Content-ID"]
        assert cid and f'src="cid:{cid.strip("<>")}"' in html.get_content()
        assert image.get_content_type() == "image/png"
        assert image.get_content()[:8] == b"\x89PNG\r\n\x1a\n"
        plain = mail.get_body(("plain",))
        assert plain is not None and "Valle begins" in plain.get_content()
    assert all(BOB in r.recipients or CAROL in r.recipients for r in smtp_server.received)


def test_delivering_again_or_after_a_restart_sends_nothing_twice(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service)
    courier = Courier(service, mailer(service, smtp_server.url))
    sent = deliver(courier)
    assert sent == len(smtp_server.received) > 0
    assert deliver(courier) == 0
    assert deliver(Courier(service, mailer(service, smtp_server.url))) == 0, "after a restart"
    ids = [r.mail["Message-ID"] for r in smtp_server.received]
    assert len(ids) == len(set(ids)) == sent


def test_a_refused_address_holds_its_player_s_mails_and_the_moderators_hear_once(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service, mailers=(BOB, CAROL))
    smtp_server.sink.refused.add(BOB)
    clock = ManualClock()
    courier = Courier(service, mailer(service, smtp_server.url), clock=clock)
    deliver(courier)
    assert smtp_server.received and all(r.recipients == (CAROL,) for r in smtp_server.received)
    waiting = [m for m in service.store.undelivered(1000) if m.to == player_of(BOB)]
    assert [m.attempts for m in waiting] == [1] + [0] * (len(waiting) - 1), "the rest wait"
    notices = [m for m in service.store.undelivered(1000) if m.kind == "moderators"]
    [notice] = [m for m in notices if "mail" in m.content]
    assert "550" in notice.content and "Bob (the Dwarf)" in notice.content
    assert not any(m.content in notice.content for m in waiting), "never what it says"
    status = "\n".join(outbox.delivery_lines(service.engine, 1))
    assert "Bob (the Dwarf): 1 failed attempt" in status
    assert f"{len(waiting) - 1} more wait behind it" in status
    clock.advance(FIRST_RETRY)
    deliver(courier)
    later = [m for m in service.store.undelivered(1000) if m.kind == "moderators"]
    assert len([m for m in later if "mail" in m.content]) == 1, "told once"
    first = next(m for m in service.store.undelivered(1000) if m.to == player_of(BOB))
    assert first.attempts == 2


def test_a_busy_server_is_tried_again_on_a_later_pass(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service)
    smtp_server.sink.busy = 1
    clock = ManualClock()
    courier = Courier(service, mailer(service, smtp_server.url), clock=clock)
    assert deliver(courier) == 0, "451: his mails wait behind the first"
    assert smtp_server.received == []
    clock.advance(retry_delay(1))
    waiting = len([m for m in service.store.undelivered(1000) if m.to == player_of(BOB)])
    assert deliver(courier) == waiting
    assert len(smtp_server.received) == waiting
    assert not [m for m in service.store.undelivered(1000) if "mail" in m.content], (
        "a transient failure is told only if it lasts"
    )


def test_a_server_that_is_down_loses_nothing(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    seated(service)
    clock = ManualClock()
    down = mailer(service, f"smtp://127.0.0.1:{free_port()}")
    courier = Courier(service, down, clock=clock)
    for attempt in range(1, NOTICE_AFTER_TRANSIENT + 1):
        assert deliver(courier) == 0
        clock.advance(retry_delay(attempt))
    told = [m for m in service.store.undelivered(1000) if m.kind == "moderators"]
    assert any("cannot be reached" in m.content for m in told), "told once it lasts"
    up = Courier(service, mailer(service, smtp_server.url), clock=clock)
    mine = [m.id for m in service.store.undelivered(1000) if m.to == player_of(BOB)]
    assert deliver(up) == len(mine)
    assert [r.mail["Message-ID"] for r in smtp_server.received] == [
        f"<realmbot.{i}@example.org>" for i in mine
    ]


def test_a_player_without_an_address_is_held_with_a_reason(
    service: CampaignService, smtp_server: SmtpServer
) -> None:
    service.campaigns.create("Valle", moderator="gm", seed=7)
    service.campaigns.join("Valle", player=player_of(BOB), player_name="Bob", character="Elf")
    service.campaigns.start("Valle", moderator="gm")
    deliver(Courier(service, mailer(service, smtp_server.url)))
    assert smtp_server.received == []
    [notice] = [
        m for m in service.store.undelivered(1000) if m.kind == "moderators" and "mail" in m.content
    ]
    assert "no mail address" in notice.content


@pytest.mark.parametrize(
    ("url", "host", "port", "tls", "starttls"),
    [
        ("smtps://bot:s%40cret@mail.example.org", "mail.example.org", 465, True, False),
        ("smtp://127.0.0.1:2525", "127.0.0.1", 2525, False, False),
        ("smtp://mail.example.org", "mail.example.org", 587, False, None),
        ("smtp://bot:pw@mail.example.org:587", "mail.example.org", 587, False, True),
    ],
)
def test_an_smtp_url_says_where_and_how(
    url: str, host: str, port: int, tls: bool, starttls: bool | None
) -> None:
    server = parse_smtp_url(url)
    assert (server.host, server.port, server.tls, server.starttls) == (host, port, tls, starttls)
    assert "pw" not in repr(server) and "cret" not in repr(server)


def test_a_wrong_smtp_url_is_refused_without_its_password() -> None:
    for url in ("imap://bot:hunter2@host", "smtp://bot:hunter2@host:notaport", "smtp://"):
        with pytest.raises(SmtpUrlError) as refused:
            parse_smtp_url(url)
        assert "hunter2" not in str(refused.value)


def test_the_settings_make_the_transport(service: CampaignService) -> None:
    settings = Settings(
        mail_smtp_url=SecretStr("smtps://bot:hunter2@mail.example.org"), mail_from=BOT
    )
    transport = MailTransport.configured(service, settings)
    assert (transport.server.host, transport.server.tls, transport.sender) == (
        "mail.example.org",
        True,
        BOT,
    )
    with pytest.raises(SmtpUrlError, match="MAIL_FROM"):
        MailTransport.configured(service, Settings(mail_smtp_url=SecretStr("smtp://h")))
