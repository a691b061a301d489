"""Reading a raw mail (issue 36): a table of mails as players, their mail programs and their
mail servers send them — plain or HTML, in any charset and transfer encoding, quoting the mail
they answer, signed, with attachments, automatic, bounced, hostile — each read as the player
means it, taken for the automatic mail it is, or refused with the reason in one line; and no
bytes whatever make the reader fail otherwise."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.mail.letters import MAX_PARTS, Letter, UnreadableLetter, read_letter

ORDERS = "move to Cave 3\nsearch"
GMAIL = "On Tue, Nov 3, 2026 at 10:00 AM Realmbot <realmbot@example.org> wrote:"
ECHO = "> Day 3, the Amazon: move to Cave 3, then search.\n> Reply to this mail to change them."


def mail(
    body: str = ORDERS,
    *,
    sender: str = "Ana <ana@example.org>",
    subject: str = "Day 3",
    subtype: str = "plain",
    cte: str | None = None,
    headers: tuple[tuple[str, str], ...] = (),
) -> EmailMessage:
    """A one-part mail from Ana to the bot."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "realmbot+k3y5ecret0ab@example.org"
    message["Subject"] = subject
    message["Message-ID"] = "<m1@example.org>"
    for name, value in headers:
        message[name] = value
    message.set_content(body, subtype=subtype, cte=cte)
    return message


def raw(head: str, body: bytes) -> bytes:
    """A mail from Ana with the headers ``head`` (one a line) and the body ``body``."""
    lines = [
        "From: Ana <ana@example.org>",
        "To: realmbot@example.org",
        "Subject: Day 3",
        *head.split("\n"),
    ]
    return ("\r\n".join(line for line in lines if line) + "\r\n\r\n").encode() + body


def text_part(charset: str, body: bytes, cte: str = "8bit") -> bytes:
    return raw(
        f"MIME-Version: 1.0\nContent-Type: text/plain; charset={charset}\n"
        f"Content-Transfer-Encoding: {cte}",
        body,
    )


def with_attachment(*parts: tuple[bytes, str, str, str | None]) -> EmailMessage:
    """Ana's orders with the parts ``(data, maintype, subtype, filename)`` attached."""
    message = mail()
    for data, maintype, subtype, filename in parts:
        message.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    return message


def alternative(plain: str, html: str) -> EmailMessage:
    message = mail(plain)
    message.add_alternative(html, subtype="html")
    return message


def inline_image() -> EmailMessage:
    message = mail(ORDERS.replace("\n", "<br>"), subtype="html")
    message.add_related(b"\x89PNG\r\n\x1a\n", maintype="image", subtype="png", cid="<map@x>")
    return message


def dsn(returned: str) -> bytes:
    """A delivery status notification (RFC 3464) returning the bot's mail ``<day3.ana@realmbot>``
    in a part ``returned`` (message/rfc822 or text/rfc822-headers)."""
    original = (
        "From: realmbot@example.org\r\nTo: ana@example.org\r\nSubject: Day 3\r\n"
        "Message-ID: <day3.ana@realmbot>\r\n\r\nDay 3: what does the Amazon do?\r\n"
    )
    return (
        "From: Mail Delivery System <bounces@mx.example.org>\r\nTo: realmbot@example.org\r\n"
        "Subject: Undelivered Mail Returned to Sender\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n'
        "--B\r\nContent-Type: text/plain\r\n\r\nI could not deliver your mail to ana.\r\n"
        "--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n"
        "\r\nFinal-Recipient: rfc822; ana@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n"
        f"--B\r\nContent-Type: {returned}\r\n\r\n{original}--B--\r\n"
    ).encode()


def nested(depth: int) -> bytes:
    """Ana's orders, then ``depth`` multiparts one in another, orders to the Mountain inside."""
    opening = "".join(
        f"--N{level}\r\nContent-Type: multipart/mixed; boundary=N{level + 1}\r\n\r\n"
        for level in range(depth)
    )
    closing = "".join(f"--N{level}--\r\n" for level in reversed(range(depth + 1)))
    return raw(
        "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=T",
        (
            f"--T\r\nContent-Type: text/plain\r\n\r\n{ORDERS}\r\n"
            "--T\r\nContent-Type: multipart/mixed; boundary=N0\r\n\r\n"
            f"{opening}--N{depth}\r\nContent-Type: text/plain\r\n\r\nmove to Mountain 5\r\n"
            f"{closing}--T--\r\n"
        ).encode(),
    )


def many_parts(count: int) -> bytes:
    parts = "".join(
        f"--P\r\nContent-Type: text/x-note; name=n{index}.txt\r\n\r\nnote {index}\r\n"
        for index in range(count)
    )
    return raw(
        "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=P",
        f"--P\r\nContent-Type: text/plain\r\n\r\n{ORDERS}\r\n{parts}--P--\r\n".encode(),
    )


@dataclass(frozen=True)
class Row:
    """A mail and what a player expects of it: the letter's fields ``expect``, or the reason
    (part of it) why it is refused."""

    mail: bytes | EmailMessage
    expect: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None


BIG = raw("", b"x" * 10 * 1024 * 1024)
LONG_LINE = "On " + "x" * 100_000

ROWS = {
    "plain": Row(mail(), {"text": ORDERS, "automatic": None, "sender": "ana@example.org"}),
    "html only": Row(
        mail(
            "<html><head><style>p {color: red}</style><title>Day 3</title></head><body>"
            "<div>move to <b>Cave\n  3</b></div><div>search</div></body></html>",
            subtype="html",
        ),
        {"text": ORDERS, "attachments": ()},
    ),
    "alternative: the plain part": Row(
        alternative(ORDERS, "<p>rest</p>"), {"text": ORDERS, "attachments": ()}
    ),
    "base64": Row(
        mail("Mover a la Montaña 5\nbuscar", cte="base64"), {"text": "Mover a la Montaña 5\nbuscar"}
    ),
    "quoted-printable, a soft line break": Row(
        text_part("utf-8", b"Mover a la Monta=C3=B1a 5 y bus=\r\ncar\r\n", "quoted-printable"),
        {"text": "Mover a la Montaña 5 y buscar"},
    ),
    "ISO-8859-1": Row(
        text_part("iso-8859-1", "Mover a la Montaña 5".encode("latin-1")),
        {"text": "Mover a la Montaña 5"},
    ),
    "windows-1252": Row(
        text_part("windows-1252", "move to “Cave 3” – search".encode("cp1252")),
        {"text": "move to “Cave 3” – search"},
    ),
    "UTF-8, Spanish in the subject (RFC 2047) and the body": Row(
        mail("Mover a la Montaña 5\nBuscar pistas, señor", subject="Órdenes del día 3, señor"),
        {
            "text": "Mover a la Montaña 5\nBuscar pistas, señor",
            "subject": "Órdenes del día 3, señor",
        },
    ),
    "an unknown charset": Row(
        text_part("x-klingon", b"move to Cave 3\nsearch \xff"), {"text": ORDERS + " \ufffd"}
    ),
    "bytes that are not their charset": Row(
        text_part("utf-8", "Mover a la Montaña 5".encode("latin-1")),
        {"text": "Mover a la Monta\ufffda 5"},
    ),
    "Gmail's quotation": Row(mail(f"{ORDERS}\n\n{GMAIL}\n{ECHO}\n"), {"text": ORDERS}),
    "Gmail's quotation header on two lines": Row(
        mail(
            f"{ORDERS}\n\nOn Tue, Nov 3, 2026 at 10:00 AM Realmbot <\n"
            f"realmbot@example.org> wrote:\n\n{ECHO}\n"
        ),
        {"text": ORDERS},
    ),
    "Outlook's Original Message": Row(
        mail(
            f"{ORDERS}\n\n-----Original Message-----\nFrom: Realmbot <realmbot@example.org>\n"
            "Sent: Tuesday, November 3, 2026 10:00 AM\nTo: Ana\nSubject: Day 3\n\n"
            "Day 3: what does the Amazon do?\nmove to Mountain 5\n"
        ),
        {"text": ORDERS},
    ),
    "Outlook's header block": Row(
        mail(
            f"{ORDERS}\n\n________________________________\nFrom: Realmbot <realmbot@example.org>\n"
            "Sent: Tuesday, November 3, 2026 10:00 AM\nTo: Ana\nSubject: Day 3\n\n"
            "move to Mountain 5\n"
        ),
        {"text": ORDERS},
    ),
    "Spanish quotation": Row(
        mail(
            "Mover a la Cueva 3\n\n"
            "El mar, 3 nov 2026 a las 10:00, Realmbot (<realmbot@example.org>) escribió:\n"
            "> Día 3: ¿qué hace la Amazona?\n"
        ),
        {"text": "Mover a la Cueva 3"},
    ),
    "Spanish quotation header on two lines, Outlook's Spanish header": Row(
        mail(
            "Mover a la Cueva 3\n\nEl mar, 3 nov 2026 a las 10:00, Realmbot (<\n"
            "realmbot@example.org>) escribió:\n\n> Día 3\n\nDe: Realmbot\nEnviado: martes\n"
        ),
        {"text": "Mover a la Cueva 3"},
    ),
    "a signature": Row(
        mail(f"{ORDERS}\n-- \nAna Pérez\nhttps://ana.example.org\n"), {"text": ORDERS}
    ),
    "orders as a list are not a signature": Row(
        mail("- move to Cave 3\n- search\n"), {"text": "- move to Cave 3\n- search"}
    ),
    "reply-all quoting another player's echo": Row(
        mail(
            "follow the Amazon\n\nOn Tue, Nov 3, 2026 at 11:00 AM Ana <ana@example.org> wrote:\n"
            "> move to Cave 3\n> password: k3y5ecret0ab\n>\n"
            f"> {GMAIL}\n>> Day 3, the Amazon: move to Cave 3.\n",
            sender="Bea <bea@example.org>",
        ),
        {"text": "follow the Amazon", "password": None, "sender": "bea@example.org"},
    ),
    "an attachment": Row(
        with_attachment((b"%PDF-1.4 move to Mountain 5", "application", "pdf", "orders.pdf")),
        {"text": ORDERS, "attachments": ("orders.pdf",)},
    ),
    "an attached text file is not read": Row(
        with_attachment((b"move to Mountain 5", "text", "plain", "notes.txt")),
        {"text": ORDERS, "attachments": ("notes.txt",)},
    ),
    "an inline image": Row(inline_image(), {"text": ORDERS, "attachments": ("image/png",)}),
    "10 MB": Row(BIG, refused=f"too big: {len(BIG)} bytes, the limit is 1000000"),
    "no From": Row(
        b"To: realmbot@example.org\r\nSubject: Day 3\r\n\r\nmove to Cave 3\r\n", refused="no From"
    ),
    "a From without an address": Row(mail(sender="Ana"), refused="unreadable From"),
    "a display name in encoded words": Row(
        mail(sender="=?iso-8859-1?q?Jos=E9_Pe=F1a?= <JOSE.Pena@Example.ORG>"),
        {"sender": "jose.pena@example.org", "sender_name": "José Peña"},
    ),
    "no display name: the local part": Row(mail(sender="ana@example.org"), {"sender_name": "ana"}),
    "Auto-Submitted: auto-replied": Row(
        mail(headers=(("Auto-Submitted", "auto-replied"),)), {"automatic": "auto-submitted"}
    ),
    "Auto-Submitted: no": Row(mail(headers=(("Auto-Submitted", "no"),)), {"automatic": None}),
    "X-Autoreply": Row(mail(headers=(("X-Autoreply", "yes"),)), {"automatic": "auto-reply"}),
    "Precedence: bulk": Row(mail(headers=(("Precedence", "bulk"),)), {"automatic": "auto-reply"}),
    "a mailing list": Row(
        mail(headers=(("List-Id", "<realm.lists.example.org>"),)), {"automatic": "auto-reply"}
    ),
    "Out of Office": Row(mail(subject="Out of Office: Day 3"), {"automatic": "vacation"}),
    "Fuera de la oficina": Row(mail(subject="Fuera de la oficina"), {"automatic": "vacation"}),
    "Respuesta automática": Row(
        mail(subject="Respuesta automática: Día 3"), {"automatic": "vacation"}
    ),
    "Exchange's automatic reply": Row(
        mail(
            subject="Re: Day 3",
            headers=(
                ("X-Auto-Response-Suppress", "All"),
                ("X-MS-Exchange-Inbox-Rules-Loop", "ana@example.org"),
            ),
        ),
        {"automatic": "vacation"},
    ),
    "a player away is no vacation": Row(
        mail("away", subject="away"), {"automatic": None, "text": "away"}
    ),
    "a DSN returning the mail": Row(
        dsn("message/rfc822"), {"automatic": "bounce", "bounced": ("<day3.ana@realmbot>",)}
    ),
    "a DSN returning the headers": Row(
        dsn("text/rfc822-headers"), {"automatic": "bounce", "bounced": ("<day3.ana@realmbot>",)}
    ),
    "MAILER-DAEMON": Row(
        mail(
            "I could not deliver your mail.",
            sender="Mail Delivery System <MAILER-DAEMON@mx.example.org>",
        ),
        {"automatic": "bounce", "bounced": ()},
    ),
    "Return-Path <>": Row(mail(headers=(("Return-Path", "<>"),)), {"automatic": "bounce"}),
    "NUL bytes and very long lines": Row(
        text_part("utf-8", f"move to Cave\x00 3\nsearch\x07\n{LONG_LINE}\n".encode()),
        {"text": f"{ORDERS}\n{LONG_LINE}"[:20_000]},
    ),
    "60 nested multiparts": Row(nested(60), {"text": ORDERS, "attachments": ()}),
    "a thousand parts": Row(many_parts(1000), {"text": ORDERS}),
    "a password line": Row(
        mail(f"Password: k3y5ecret0ab\n{ORDERS}"), {"password": "k3y5ecret0ab", "text": ORDERS}
    ),
    "a contraseña line": Row(
        mail("Mover a la Cueva 3\ncontraseña: k3y5ecret0ab"),
        {"password": "k3y5ecret0ab", "text": "Mover a la Cueva 3"},
    ),
    "quoted lines only": Row(mail(f"{ECHO}\n"), {"text": ""}),
    "an empty body": Row(mail(""), {"text": "", "password": None}),
    "an empty plain part, the orders in HTML": Row(
        alternative("\n", f"<p>{ORDERS.replace(chr(10), '<br>')}</p>"), {"text": ORDERS}
    ),
    "Gmail's HTML quotation": Row(
        mail(
            f'<div dir="ltr">{ORDERS.replace(chr(10), "<br>")}</div><br><div class="gmail_quote">'
            f'<div class="gmail_attr">{GMAIL}</div>'
            "<blockquote>Day 3: move to Mountain 5</blockquote></div>",
            subtype="html",
        ),
        {"text": ORDERS},
    ),
    "Outlook's HTML reply": Row(
        mail(
            "<html><body lang=ES><div class=WordSection1><p class=MsoNormal><span lang=EN-US>"
            "move to Cave 3<o:p></o:p></span></p><p class=MsoNormal>search<o:p></o:p></p>"
            '<p class=MsoNormal><o:p>&nbsp;</o:p></p><div style="border-top:solid #E1E1E1 1.0pt">'
            "<p class=MsoNormal><b>From:</b> Realmbot &lt;realmbot@example.org&gt;<br>"
            "<b>Sent:</b> Tuesday, November 3, 2026 10:00 AM<br><b>To:</b> Ana<br>"
            "<b>Subject:</b> Day 3</p></div><p class=MsoNormal>move to Mountain 5</p>"
            "</div></body></html>",
            subtype="html",
        ),
        {"text": ORDERS},
    ),
    "answers between the quoted lines": Row(
        mail(f"{GMAIL}\n> What does the Amazon do?\nmove to Cave 3\n> And then?\nsearch\n"),
        {"text": ORDERS},
    ),
    "a forward of the bot's mail, nothing written": Row(
        mail(
            "-----Original Message-----\nFrom: Realmbot <realmbot@example.org>\n"
            "Sent: Tuesday, November 3, 2026 10:00 AM\nTo: Ana\nSubject: Day 3\n\n"
            "Day 3, the Amazon: move to Cave 3, then search.\n"
        ),
        {"text": ""},
    ),
    "recipients and thread": Row(
        mail(
            headers=(
                ("Cc", "Bea <BEA@example.org>, realmbot+k3y5ecret0ab@example.org"),
                ("Delivered-To", "realmbot@example.org"),
                ("In-Reply-To", "<day3.ana@realmbot>"),
                ("References", "<day2.ana@realmbot> <day3.ana@realmbot>"),
            )
        ),
        {
            "recipients": (
                "realmbot+k3y5ecret0ab@example.org",
                "bea@example.org",
                "realmbot@example.org",
            ),
            "message_id": "<m1@example.org>",
            "in_reply_to": "<day3.ana@realmbot>",
            "references": ("<day2.ana@realmbot>", "<day3.ana@realmbot>"),
        },
    ),
    "raw UTF-8 headers (RFC 6532)": Row(
        "From: José <jose@example.org>\r\nSubject: Órdenes\r\n\r\nMover\r\n".encode(),
        {"sender_name": "José", "subject": "Órdenes", "text": "Mover"},
    ),
    "900,000 blank lines": Row(
        text_part("utf-8", b"move to Cave 3\r" + b"\r" * 900_000 + b"search\r\n"),
        {"text": "move to Cave 3\n\nsearch"},
    ),
    "deeply nested HTML": Row(
        mail(f"<p>{ORDERS.replace(chr(10), '<br>')}</p>" + "<div>" * 100_000, subtype="html"),
        {"text": ORDERS},
    ),
    "a long subject on one line": Row(
        mail(subject="Orders " * 60), {"subject": ("Orders " * 60)[:200]}
    ),
}


def as_bytes(message: bytes | EmailMessage) -> bytes:
    return message if isinstance(message, bytes) else bytes(message)


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_a_mail_is_read_as_its_writer_means_it(row: Row) -> None:
    data = as_bytes(row.mail)
    if row.refused is not None:
        with pytest.raises(UnreadableLetter) as refusal:
            read_letter(data)
        assert row.refused in str(refusal.value)
        assert "\n" not in str(refusal.value)
        return
    letter = read_letter(data)
    assert {name: getattr(letter, name) for name in row.expect} == row.expect
    assert letter.size == len(data)


def test_the_limit_is_the_callers() -> None:
    data = bytes(mail())
    assert read_letter(data, limit=len(data)).text == ORDERS
    with pytest.raises(UnreadableLetter, match=f"too big: {len(data)} bytes, the limit is 100"):
        read_letter(data, limit=100)


def test_no_more_parts_than_the_bound_are_named() -> None:
    letter = read_letter(many_parts(1000))
    assert 0 < len(letter.attachments) < MAX_PARTS


def test_the_text_is_bounded() -> None:
    letter = read_letter(bytes(mail("move to Cave 3\n" * 5000)))
    assert len(letter.text) <= 20_000 and letter.text.startswith("move to Cave 3\nmove")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.one_of(
        st.binary(max_size=10_000),
        st.binary(max_size=10_000).map(
            lambda body: b"From: a@b.c\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n" + body
        ),
        st.lists(
            st.sampled_from(
                [
                    b"From: =?x?q?a?= <a@b.c>\r\n",
                    b"Content-Type: multipart/mixed; boundary=x\r\n",
                    b"Content-Type: text/html; charset=idna\r\n",
                    b"Content-Type: text/plain; charset*=x''%ff\r\n",
                    b"Content-Transfer-Encoding: base64\r\n",
                    b"Content-Disposition: attachment; filename*=utf-8''%E2%82\r\n",
                    b"\r\n",
                    b"--x\r\n",
                    b"--x--\r\n",
                    b"On a wrote:\r\n",
                    b"> q\r\n",
                    b"password: \r\n",
                    b"<p>a<br></p>",
                    b"Content-Type: text/html\r\n",
                    b"<![CD",
                    b"<!",
                    b"\xff\x00=C3",
                    b"Subject: \xc3\x91\xff\r\n",
                    b"Subject: =?utf-16?b?ANg=?= =?utf-16?b?2ADY?=\r\n",
                    b"From: =?utf-16?b?ANg=?= <a@b.c>\r\n",
                    b"Content-Type: text/plain; charset=unicode_escape\r\n",
                    b"\\ud800 \\U0001f600",
                    b"Content-Type: text/plain; name=\xc3\x91\xff.txt\r\n",
                ]
            ),
            max_size=60,
        ).map(b"".join),
    )
)
def test_no_bytes_break_the_reader(data: bytes) -> None:
    try:
        letter = read_letter(data)
    except UnreadableLetter as refusal:
        assert str(refusal) and "\n" not in str(refusal)
        return
    assert isinstance(letter, Letter) and letter.sender and letter.size == len(data)
    assert "\x00" not in letter.text and "\r" not in letter.text and len(letter.subject) <= 200
    for value in (
        letter.sender,
        letter.sender_name,
        letter.subject,
        letter.text,
        *letter.attachments,
    ):
        value.encode()  # no surrogates: the 8-bit bytes are read
