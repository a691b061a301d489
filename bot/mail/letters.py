"""A raw mail read as a :class:`Letter`: who wrote it, to whom, in which thread, what he wrote
(without the mail he quoted nor his signature), the secret he gave, what he attached, and whether
a person wrote it at all (RFC 3834 auto-replies, vacation notices, bounces).

:func:`read_letter` refuses only what cannot be read at all (:class:`UnreadableLetter`: a mail
over the size limit, refused before it is parsed; no From, or one without an address); the rest
is read leniently: an unknown charset, or bytes that are not their charset, give replacement
characters, never an exception.

**Bounded work.** The stdlib's parser builds the whole MIME tree before anything can be counted, and
takes seconds for a megabyte of tiny parts or deeply nested ones (then fails with a RecursionError).
So each part is parsed headers only (stdlib ``email``, ``policy.default``) and a multipart's body is
split at its boundary lines here: at most :data:`MAX_PARTS` parts are read, none deeper than
:data:`MAX_DEPTH`. Beautiful Soup (html.parser, some 50 µs a tag) reads at most
:data:`~bot.mail.replies.HTML_SCAN` characters of the HTML body, before the quoted mail. The reply
parser (mail-parser-reply, whose "On ... wrote:" pattern is quadratic in a line's length, and whose
signature pattern is quadratic in a run of blank lines) reads the first :data:`REPLY_SCAN`
characters of text, its blank runs collapsed, without the lines longer than
:data:`~bot.mail.replies.LONG_LINE` (no quotation header is so long), which are put back after. A
hostile megabyte takes well under a second.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from email import policy
from email.headerregistry import AddressHeader
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses

from bot.mail.replies import html_text, latest_reply

#: The largest mail read (the caller passes ``settings.mail_max_bytes``).
MAX_BYTES = 1_000_000
#: How many MIME parts of a mail are read at most, containers included.
MAX_PARTS = 50
#: How deep in nested multiparts a part is read at most.
MAX_DEPTH = 10
#: How many characters of text the reply parser reads at most.
REPLY_SCAN = 65_536
#: The longest text kept.
MAX_TEXT = 20_000
#: The longest subject kept.
MAX_SUBJECT = 200
#: A From or Subject header longer than this is cut before it is decoded.
HEADER_SCAN = 2_000

_PARSER = BytesParser(policy=policy.default)
_RECIPIENT_HEADERS = ("to", "cc", "delivered-to", "x-original-to")
#: Every control character but newline and tab.
_CONTROLS = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])
_MESSAGE_ID = re.compile(r"<[^<>\s]+>")
_PASSWORD = re.compile(
    r"^[ \t]*(?:password|secret|secreto|contraseña|contrasena)[ \t]*:[ \t]*(\S+).*$",
    re.IGNORECASE | re.MULTILINE,
)
_OUT_OF_OFFICE = re.compile(
    r"out of (?:the )?office|automatic reply|auto[- ]?reply|fuera de (?:la )?oficina"
    r"|respuesta autom[aá]tica|autorespuesta",
    re.IGNORECASE,
)
_DAEMONS = frozenset({"mailer-daemon", "mailer_daemon", "postmaster"})


class UnreadableLetter(Exception):  # noqa: N818 (the name the lead's inbound code uses)
    """Why a mail cannot be read at all; ``str(error)`` is one line for the moderators' log."""


@dataclass(frozen=True)
class Letter:
    """A mail as the bot reads it (see :func:`read_letter`).

    ``sender``: the From address, lowercased; ``sender_name``: its display name, else the
    address's local part. ``recipients``: the To, Cc, Delivered-To and X-Original-To addresses,
    lowercased, in order, once each. ``subject``: decoded, one line, at most
    :data:`MAX_SUBJECT` characters. ``message_id``, ``in_reply_to``, ``references``: as in the
    headers, with their angle brackets. ``text``: what the writer wrote (the plain part, else
    the HTML part as text), without the quoted mail, ``>`` quotations, signature and password
    line, newlines ``\\n``, no control characters but newline and tab, at most
    :data:`MAX_TEXT` characters. ``password``: the value of a line ``password: X`` (or
    ``secret:``, ``contraseña:``). ``attachments``: the file names, else the content types, of
    the parts that are not the body. ``automatic``: why no person wrote it
    (``"auto-submitted"``, ``"auto-reply"``, ``"vacation"``, ``"bounce"``), else None;
    ``bounced``: for a bounce, the Message-IDs of the mails that bounced. ``size``: the raw
    mail's length in bytes.
    """

    sender: str
    sender_name: str
    recipients: tuple[str, ...]
    subject: str
    message_id: str | None
    in_reply_to: str | None
    references: tuple[str, ...]
    text: str
    password: str | None
    attachments: tuple[str, ...]
    automatic: str | None
    bounced: tuple[str, ...]
    size: int


def read_letter(raw: bytes, *, limit: int = MAX_BYTES) -> Letter:
    """The mail ``raw`` read as a :class:`Letter`.

    Raises :class:`UnreadableLetter` for a mail over ``limit`` bytes (before parsing it), or one
    without a From address.
    """
    if len(raw) > limit:
        raise UnreadableLetter(f"too big: {len(raw)} bytes, the limit is {limit}")
    top = _parse(raw)
    headers = _raw_headers(top)
    sender, sender_name = _sender(headers)
    body = _Body()
    body.walk(top)
    text, password = _writers_text(body)
    subject = _one_line(_decoded_header("subject", _first(headers, "subject")))[:MAX_SUBJECT]
    automatic = _automatic(headers, sender, subject, body)
    return Letter(
        sender=sender,
        sender_name=sender_name,
        recipients=_unique(_recipients(headers)),
        subject=subject,
        message_id=_message_id(_first(headers, "message-id")),
        in_reply_to=_message_id(_first(headers, "in-reply-to")),
        references=_unique(_MESSAGE_ID.findall(" ".join(headers.get("references", ())))),
        text=text,
        password=password,
        attachments=tuple(body.attachments),
        automatic=automatic,
        bounced=_unique(body.returned) if automatic == "bounce" else (),
        size=len(raw),
    )


def _parse(raw: bytes) -> Message:
    """A part's headers; its body stays unparsed (its payload)."""
    return _PARSER.parsebytes(raw, headersonly=True)


def _raw_headers(message: Message) -> dict[str, list[str]]:
    """The message's headers by lowercased name, their values undecoded and unfolded."""
    headers: dict[str, list[str]] = {}
    for name, value in message.raw_items():
        text = _unescaped(value if isinstance(value, str) else str(value))
        headers.setdefault(name.lower(), []).append(" ".join(text.split()))
    return headers


def _unescaped(text: str) -> str:
    """``text`` without surrogates: the 8-bit bytes the parser kept as surrogates read as UTF-8
    (RFC 6532), replacement characters where they are not; another surrogate (an encoded word's
    broken UTF-16, say) a question mark."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _first(headers: dict[str, list[str]], name: str) -> str:
    values = headers.get(name)
    return values[0] if values else ""


def _decoded_header(name: str, value: str) -> str:
    """``value`` of the header ``name`` decoded (encoded words), or as it is if it cannot be."""
    try:
        return str(policy.default.header_factory(name, value[:HEADER_SCAN]))
    except Exception:  # the stdlib's header parser has raised on malformed values
        return value


def _sender(headers: dict[str, list[str]]) -> tuple[str, str]:
    """The From address, lowercased, and the writer's name."""
    value = _first(headers, "from")
    if not value:
        raise UnreadableLetter("no From")
    if len(value) > HEADER_SCAN:
        raise UnreadableLetter("unreadable From: too long")
    try:
        header = policy.default.header_factory("from", value)
        addresses = header.addresses if isinstance(header, AddressHeader) else ()
    except Exception:  # the stdlib's header parser has raised on malformed values
        addresses = ()
    for address in addresses:
        username, domain = _one_line(address.username), _one_line(address.domain)
        if username and domain and not _has_space(username + domain):
            name = _one_line(address.display_name) or username
            return f"{username}@{domain}".lower(), name[:MAX_SUBJECT]
    raise UnreadableLetter(f"unreadable From: {_one_line(value)[:100]!r}")


def _recipients(headers: dict[str, list[str]]) -> Iterator[str]:
    for name in _RECIPIENT_HEADERS:
        for value in headers.get(name, ()):
            for _, address in getaddresses([value[:HEADER_SCAN]]):
                address = _one_line(address).lower()
                if "@" in address and not _has_space(address):
                    yield address


def _message_id(value: str) -> str | None:
    """The first ``<id>`` of a header's value."""
    found = _MESSAGE_ID.search(value)
    return found.group() if found else None


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _has_space(text: str) -> bool:
    return any(character.isspace() for character in text)


def _one_line(text: str) -> str:
    """``text`` without control characters, its whitespace runs one space."""
    return " ".join(_unescaped(text).translate(_CONTROLS).split())


class _Body:
    """What a mail's parts hold: the plain and HTML parts of its body, the names of its other
    parts, and the Message-IDs of the mails it returns (a bounce's)."""

    def __init__(self) -> None:
        self.plain: list[Message] = []
        self.html: list[Message] = []
        self.attachments: list[str] = []
        self.returned: list[str] = []
        self.report = ""

    def walk(self, top: Message) -> None:
        """Read the parts of ``top`` in order, at most :data:`MAX_PARTS`, none deeper than
        :data:`MAX_DEPTH`."""
        stack: list[tuple[Message, int]] = [(top, 0)]
        read = 0
        while stack and read < MAX_PARTS:
            part, depth = stack.pop()
            read += 1
            content_type = _content_type(part)
            if content_type.startswith("multipart/"):
                if part is top and content_type == "multipart/report":
                    self.report = _param(part, "report-type").lower()
                if depth < MAX_DEPTH:
                    children = _children(part, content_type, MAX_PARTS - read)
                    stack.extend((child, depth + 1) for child in reversed(children))
            else:
                self._leaf(part, content_type)

    def _leaf(self, part: Message, content_type: str) -> None:
        name = _file_name(part)
        if content_type in ("text/plain", "text/html") and not name and not _attached(part):
            (self.plain if content_type == "text/plain" else self.html).append(part)
            return
        self.attachments.append(name or content_type)
        if content_type in ("message/rfc822", "message/global", "text/rfc822-headers"):
            returned = _parse(_payload(part, decode=content_type != "message/rfc822"))
            found = _message_id(_first(_raw_headers(returned), "message-id"))
            if found:
                self.returned.append(found)


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # the stdlib's header parser has raised on malformed values
        return "application/octet-stream"


def _param(part: Message, name: str) -> str:
    try:
        value = part.get_param(name)
    except Exception:  # the stdlib's header parser has raised on malformed values
        return ""
    return value if isinstance(value, str) else ""


def _file_name(part: Message) -> str:
    try:
        name = part.get_filename()
    except Exception:  # the stdlib's header parser has raised on malformed values
        return ""
    return _one_line(name)[:100] if isinstance(name, str) else ""


def _attached(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment"
    except Exception:  # the stdlib's header parser has raised on malformed values
        return False


def _payload(part: Message, *, decode: bool) -> bytes:
    """A part's body: as it is in the mail, or without its transfer encoding."""
    try:
        if decode:
            data = part.get_payload(decode=True)
            return data if isinstance(data, bytes) else b""
        payload = part.get_payload()
    except Exception:  # a broken transfer encoding: the part is read as empty
        return b""
    if not isinstance(payload, str):
        return b""
    return payload.encode("utf-8", "surrogateescape")


def _children(part: Message, content_type: str, most: int) -> list[Message]:
    """The parts of the multipart ``part``, at most ``most``: its body split at its boundary's
    delimiter lines (RFC 2046 §5.1.1), each parsed headers only."""
    try:
        boundary = part.get_boundary()
    except Exception:  # the stdlib's header parser has raised on malformed values
        boundary = None
    if not boundary:
        return []
    delimiter = re.compile(
        rb"^--" + re.escape(boundary.encode("utf-8", "surrogateescape")) + rb"(--)?[ \t]*\r?$",
        re.MULTILINE,
    )
    body = _payload(part, decode=False)
    children: list[Message] = []
    start: int | None = None
    for found in delimiter.finditer(body):
        if start is not None:
            end = found.start()
            end -= 2 if body[end - 2 : end] == b"\r\n" else 1 if body[end - 1 : end] == b"\n" else 0
            children.append(_parse(body[start : max(end, start)]))
            if len(children) >= most:
                return children
        if found.group(1):
            return children
        start = found.end() + 1
    if start is not None and start < len(body):
        children.append(_parse(body[start:]))
    if content_type == "multipart/digest":
        for child in children:
            if "content-type" not in child:
                child.set_default_type("message/rfc822")
    return children


def _text_of(part: Message) -> str:
    """A text part's content, decoded leniently."""
    data = _payload(part, decode=True)
    try:
        charset = part.get_content_charset()
    except Exception:  # the stdlib's header parser has raised on malformed values
        charset = None
    return _decoded(data, charset)


def _decoded(data: bytes, charset: str | None) -> str:
    """``data`` decoded from ``charset``: bytes it cannot decode, or all of them if Python does
    not know it, become replacement characters (UTF-8 then). Undeclared, US-ASCII or
    ISO-8859-1 bytes are read as UTF-8 if they are, else as windows-1252 (what mail programs
    that say ISO-8859-1 mean)."""
    try:
        name = codecs.lookup(charset).name if charset else "ascii"
    except (LookupError, ValueError, TypeError):
        return data.decode("utf-8", errors="replace")
    if name in ("ascii", "latin-1", "iso8859-1"):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            name = "cp1252"
    try:
        return data.decode(name, errors="replace")
    except (LookupError, UnicodeError, ValueError, TypeError):  # not a text codec, or no "replace"
        return data.decode("utf-8", errors="replace")


def _writers_text(body: _Body) -> tuple[str, str | None]:
    """What the writer wrote, and the password he gave."""
    text = "\n".join(_text_of(part) for part in body.plain)
    if not text.strip() and body.html:
        text = html_text("\n".join(_text_of(part) for part in body.html))
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ")
    text = _unescaped(text).translate(_CONTROLS)
    text = re.sub(r"\n[ \t]*(?:\n[ \t]*){2,}", "\n\n", text)
    text = latest_reply(text[:REPLY_SCAN])
    password = None
    for found in _PASSWORD.finditer(text):
        password = password or found.group(1)
    if password is not None:
        text = _PASSWORD.sub("", text)
        text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text[:MAX_TEXT], password


def _automatic(headers: dict[str, list[str]], sender: str, subject: str, body: _Body) -> str | None:
    """Why no person wrote the mail, else None (see :class:`Letter`)."""
    if (
        body.report == "delivery-status"
        or sender.partition("@")[0] in _DAEMONS
        or _first(headers, "return-path") == "<>"
    ):
        return "bounce"
    submitted = _first(headers, "auto-submitted").partition(";")[0].strip().lower()
    if (
        _OUT_OF_OFFICE.search(subject)
        or "vacation" in _first(headers, "auto-submitted").lower()
        or (
            "all" in _first(headers, "x-auto-response-suppress").lower()
            and "x-ms-exchange-inbox-rules-loop" in headers
        )
    ):
        return "vacation"
    if submitted and submitted != "no":
        return "auto-submitted"
    precedence = _first(headers, "precedence").strip().lower()
    if (
        "x-autoreply" in headers
        or "x-autorespond" in headers
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or "list-id" in headers
        or "list-unsubscribe" in headers
        or body.report
    ):
        return "auto-reply"
    return None
