"""The bot's IMAP reader (issue 36) against a real Dovecot (``tests/mailserver.py``): each mail
that arrives is read, handled once and filed away; one read but not handled is read again;
``watch`` wakes for a mail as it arrives and stops when told; a refused login says so without
the password; a malformed ``MAIL_IMAP_URL`` is refused saying what is wrong."""

from __future__ import annotations

import asyncio
from email.message import EmailMessage

import pytest

from bot.mail.imap import DONE_FOLDER, Mailbox, check, loopback, parse_imap_url, watch
from tests.bot.mail.conftest import UserMailbox

#: Generous: a wait on an event that should come at once, failing the test if it never does.
PATIENCE_S = 30


def mail(number: int) -> bytes:
    """A small mail whose Message-ID and subject carry ``number``."""
    message = EmailMessage()
    message["From"] = "player@example.org"
    message["To"] = "realmbot@example.org"
    message["Subject"] = f"orders {number}"
    message["Message-ID"] = f"<orders-{number}@example.org>"
    message.set_content(f"move to C5 ({number})\n")
    return bytes(message)


def subjects(raws: list[bytes]) -> list[str]:
    from email import message_from_bytes

    return [str(message_from_bytes(raw)["Subject"]) for raw in raws]


def test_a_mail_is_read_once_then_filed_away(mailbox: UserMailbox) -> None:
    mailbox.deliver(mail(1))
    mailbox.deliver(mail(2))
    address = parse_imap_url(mailbox.url)
    with Mailbox(address) as reader:
        first = reader.fetch()
        assert subjects([arrived.raw for arrived in first]) == ["orders 1", "orders 2"]
        assert first[0].raw.startswith(b"From: player@example.org")
        reader.done(first[0].uid)
        assert subjects([arrived.raw for arrived in reader.fetch()]) == ["orders 2"]
        reader.done(first[1].uid)
        assert reader.fetch() == []
    with Mailbox(address) as again:
        assert again.fetch() == []
    done = parse_imap_url(mailbox.url.replace("/INBOX", f"/{DONE_FOLDER}"))
    with Mailbox(done) as filed:
        assert filed.waiting == 2


def test_fetch_takes_the_oldest_first_up_to_its_limit(mailbox: UserMailbox) -> None:
    for number in range(1, 4):
        mailbox.deliver(mail(number))
    with Mailbox(parse_imap_url(mailbox.url)) as reader:
        assert subjects([arrived.raw for arrived in reader.fetch(limit=2)]) == [
            "orders 1",
            "orders 2",
        ]


def test_a_mail_read_but_not_handled_is_read_again_after_a_reconnection(
    mailbox: UserMailbox,
) -> None:
    mailbox.deliver(mail(1))
    address = parse_imap_url(mailbox.url)
    with Mailbox(address) as crashed:
        assert subjects([arrived.raw for arrived in crashed.fetch()]) == ["orders 1"]
    with Mailbox(address) as restarted:
        assert subjects([arrived.raw for arrived in restarted.fetch()]) == ["orders 1"]


@pytest.mark.asyncio
async def test_watch_handles_what_waits_and_what_arrives_then_stops(mailbox: UserMailbox) -> None:
    mailbox.deliver(mail(1))
    handled: list[bytes] = []
    arrived = asyncio.Event()

    async def handle(raw: bytes) -> None:
        handled.append(raw)
        arrived.set()

    stop = asyncio.Event()
    watching = asyncio.create_task(watch(mailbox.url, handle, stop=stop, poll_seconds=3600))
    await asyncio.wait_for(arrived.wait(), PATIENCE_S)
    arrived.clear()
    # Waiting now (IDLE: Dovecot has it); no poll would come within the test's patience.
    await asyncio.to_thread(mailbox.deliver, mail(2))
    await asyncio.wait_for(arrived.wait(), PATIENCE_S)
    stop.set()
    await asyncio.wait_for(watching, PATIENCE_S)
    assert subjects(handled) == ["orders 1", "orders 2"]
    with Mailbox(parse_imap_url(mailbox.url)) as reader:
        assert reader.fetch() == []


@pytest.mark.asyncio
async def test_a_cancelled_watch_leaves_no_thread_waiting(mailbox: UserMailbox) -> None:
    mailbox.deliver(mail(1))
    arrived = asyncio.Event()

    async def handle(raw: bytes) -> None:
        arrived.set()

    watching = asyncio.create_task(
        watch(mailbox.url, handle, stop=asyncio.Event(), poll_seconds=3600)
    )
    await asyncio.wait_for(arrived.wait(), PATIENCE_S)
    await asyncio.sleep(0.1)  # into its wait, most likely: either way it must end
    watching.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(watching, PATIENCE_S)
    # Every worker thread is free: none idles on (the loop's end would wait for it).
    await asyncio.wait_for(asyncio.get_running_loop().shutdown_default_executor(), PATIENCE_S)


@pytest.mark.asyncio
async def test_watch_reconnects_when_the_server_drops_it(
    mailbox: UserMailbox, caplog: pytest.LogCaptureFixture
) -> None:
    mailbox.deliver(mail(1))
    handled: list[bytes] = []
    arrived = asyncio.Event()

    async def handle(raw: bytes) -> None:
        handled.append(raw)
        arrived.set()

    stop = asyncio.Event()
    with caplog.at_level("INFO", logger="realmbot.mail.imap"):
        watching = asyncio.create_task(watch(mailbox.url, handle, stop=stop, poll_seconds=3600))
        await asyncio.wait_for(arrived.wait(), PATIENCE_S)
        arrived.clear()
        await asyncio.to_thread(mailbox.kick)
        await asyncio.to_thread(mailbox.deliver, mail(2))
        await asyncio.wait_for(arrived.wait(), PATIENCE_S)
        stop.set()
        await asyncio.wait_for(watching, PATIENCE_S)
    assert subjects(handled) == ["orders 1", "orders 2"]
    assert "trying again" in caplog.text
    assert mailbox.password not in caplog.text


@pytest.mark.asyncio
async def test_watch_leaves_a_mail_its_handler_fails_on_unread(mailbox: UserMailbox) -> None:
    mailbox.deliver(mail(1))
    tried = asyncio.Event()

    async def handle(raw: bytes) -> None:
        tried.set()
        raise RuntimeError("the inbound layer failed")

    stop = asyncio.Event()
    watching = asyncio.create_task(watch(mailbox.url, handle, stop=stop, poll_seconds=3600))
    await asyncio.wait_for(tried.wait(), PATIENCE_S)
    stop.set()
    await asyncio.wait_for(watching, PATIENCE_S)
    with Mailbox(parse_imap_url(mailbox.url)) as reader:
        assert subjects([arrived.raw for arrived in reader.fetch()]) == ["orders 1"]


@pytest.mark.asyncio
async def test_watch_keeps_trying_a_server_that_is_not_there(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def handle(raw: bytes) -> None:
        raise AssertionError("nothing to handle")

    stop = asyncio.Event()
    url = "imap://player:hunter2-secret@127.0.0.1:1/INBOX"
    with caplog.at_level("WARNING", logger="realmbot.mail.imap"):
        watching = asyncio.create_task(watch(url, handle, stop=stop))

        async def logged() -> None:
            while not caplog.records:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(logged(), PATIENCE_S)
        assert not watching.done()
        stop.set()
        await asyncio.wait_for(watching, PATIENCE_S)
    assert "127.0.0.1:1" in caplog.text
    assert "hunter2-secret" not in caplog.text


def test_check_says_how_many_mails_wait(mailbox: UserMailbox) -> None:
    mailbox.deliver(mail(1))
    line = check(mailbox.url)
    assert "INBOX" in line
    assert "1 unread" in line
    assert mailbox.password not in line


def test_a_wrong_password_is_a_clear_error_without_the_password(mailbox: UserMailbox) -> None:
    wrong = "not-the-password-42"
    url = mailbox.url.replace(mailbox.password, wrong)
    with pytest.raises(ConnectionError) as refused:
        check(url)
    said = str(refused.value)
    assert "Authentication failed" in said
    assert mailbox.user in said
    assert wrong not in said
    assert "\n" not in said


def test_the_address_never_shows_its_password() -> None:
    address = parse_imap_url("imaps://bot%40example.org:s3cr%2Ft@imap.example.org/Orders")
    assert (address.user, address.password) == ("bot@example.org", "s3cr/t")
    assert (address.host, address.port, address.folder, address.secure) == (
        "imap.example.org",
        993,
        "Orders",
        True,
    )
    assert "s3cr" not in repr(address)
    assert "s3cr" not in str(address)


def test_the_default_port_and_folder() -> None:
    address = parse_imap_url("imap://bot:pw@localhost")
    assert (address.port, address.folder, address.secure) == (143, "INBOX", False)


@pytest.mark.parametrize(
    ("url", "wrong"),
    [
        ("pop3://bot:topsecret@mail.example.org", "imaps://"),
        ("imap.example.org", "imaps://"),
        ("", "imaps://"),
        ("imaps://bot:topsecret@", "no server"),
        ("imaps://imap.example.org", "no user"),
        ("imaps://bot@imap.example.org", "no password"),
        ("imaps://bot:topsecret@imap.example.org:port", "port"),
        ("imaps://bot:topsecret@imap.example.org:70000", "port"),
        ("imaps://bot:topsecret@imap.example.org:0", "port"),
        ("imaps://bot:top?secret@imap.example.org", "percent-encode"),
    ],
)
def test_a_malformed_url_is_refused_saying_what_is_wrong(url: str, wrong: str) -> None:
    with pytest.raises(ValueError, match="MAIL_IMAP_URL") as refused:
        parse_imap_url(url)
    assert wrong in str(refused.value)
    assert "topsecret" not in str(refused.value)
    assert "top?secret" not in str(refused.value)


@pytest.mark.parametrize(
    ("host", "here"),
    [
        ("127.0.0.1", True),
        ("127.0.1.1", True),
        ("::1", True),
        ("LocalHost", True),
        ("imap.example.org", False),
        ("192.0.2.7", False),
    ],
)
def test_no_starttls_is_asked_of_this_machine_only(host: str, here: bool) -> None:
    assert loopback(host) is here
