"""What the writer of a mail wrote (issue 36), as :mod:`bot.mail.letters` reads it: a reply's
text without the mail it quotes and its signature (:func:`latest_reply`, by mail-parser-reply),
and an HTML body's text (:func:`html_text`, by Beautiful Soup), each bounded so that no mail
costs more than its size."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from bs4.element import NavigableString, PageElement, Tag
from bs4.exceptions import ParserRejectedMarkup
from mailparser_reply import EmailMessage

#: How many characters of an HTML body are turned to text at most.
HTML_SCAN = 32_768
#: A longer line is not shown to the reply parser (it is kept in the text).
LONG_LINE = 200
_BLOCKS = (
    "address", "article", "aside", "dd", "div", "dl", "dt", "footer", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section", "table", "tr", "ul",
)  # fmt: skip
#: Where mail programs put the mail replied to in HTML (Gmail, Thunderbird, Yahoo).
_QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted")
#: Where the mail replied to begins in HTML (the tag holding them, lowercased): those classes,
#: a ``blockquote``, Outlook's reply header.
_QUOTE_MARKERS = (*_QUOTE_CLASSES, "<blockquote", 'id="divrplyfwdmsg"')
#: The elements whose content is not shown.
_HIDDEN = frozenset({"head", "script", "style", "template", "title", "blockquote"})
#: The Spanish quotation headers: "El <date>, <writer> escribió:" (on one line or two, as Gmail
#: wraps it), and Outlook's "-----Mensaje original-----". mail-parser-reply 1.36's own Spanish
#: pattern never matches an unquoted header (its negative lookahead is the pattern itself).
_SPANISH_HEADERS = (
    r"(^(?:> ?)*El\s[^\n]*(?:\n[^\n]*)?\sescribió:$|^-{5,} ?Mensaje original ?-{5,}$)"
)
_HEADERS = re.compile(
    f"{EmailMessage(text='', languages=['es', 'en']).HEADER_REGEX.pattern}|{_SPANISH_HEADERS}",
    re.MULTILINE | re.IGNORECASE,
)
#: Stands for a block element's edge while HTML is turned to text (a private-use character).
_EDGE = "\ue001"


def latest_reply(text: str) -> str:
    """``text`` without the mail it quotes (after "On ... wrote:", "El ... escribió:",
    "-----Original Message-----" or an Outlook header: :data:`_HEADERS`), its ``>`` quoted lines
    and its signature, by mail-parser-reply."""
    long_lines: list[str] = []
    shown = []
    for line in text.split("\n"):
        line = line.strip()  # as the parser does, but first: it is quadratic in a blank run
        if len(line) > LONG_LINE:
            shown.append(f"\x00{len(long_lines)}\x00")
            long_lines.append(line)
        else:
            shown.append(line)
    message = EmailMessage(
        text=re.sub(r"\n{3,}", "\n\n", "\n".join(shown)),
        languages=["es", "en"],
        keep_hyphen_lists=True,  # "- move to the Cave" is an order, not a signature
        _header_regex=_HEADERS,
    )
    replies = message.read().replies
    lines = replies[0].body.split("\n") if replies else []
    if not replies or (replies[0].headers and not any(line.startswith(">") for line in lines)):
        return ""  # the mail begins with the one it quotes, unquoted (Outlook): nothing his own
    # (if it begins with "On ... wrote:", he may have answered between the quoted lines)
    kept = "\n".join(line for line in lines if not line.startswith(">"))
    kept = re.sub(r"\n{3,}", "\n\n", kept).strip()
    return re.sub("\x00([0-9]+)\x00", lambda found: long_lines[int(found.group(1))], kept)


def html_text(html: str) -> str:
    """The text an HTML body shows, without the mail it quotes (``blockquote``, Gmail's and
    Thunderbird's quotation blocks, Outlook's reply header), one line per line break or block.
    Only the ``<body>``'s first :data:`HTML_SCAN` characters before the quoted mail are parsed;
    the tree is walked without recursion nor changes (bs4's changes are linear in its depth)."""
    folded = html.lower()
    start = max(folded.find("<body"), 0)
    ends = (folded.find(marker, start) for marker in _QUOTE_MARKERS)
    end = min((folded.rfind("<", start, found + 1) for found in ends if found >= 0), default=-1)
    scanned = html[start : end if end >= start else None][:HTML_SCAN]
    if scanned.rfind("<") > scanned.rfind(">"):  # cut in a tag, which html.parser would show
        scanned = scanned[: scanned.rfind("<")]
    try:
        soup = BeautifulSoup(scanned, "html.parser")
    except ParserRejectedMarkup:  # html.parser fails on some "<!" declarations ("<![CD")
        try:
            soup = BeautifulSoup(scanned.replace("<!", ""), "html.parser")
        except ParserRejectedMarkup:
            return ""
    pieces: list[str] = []
    stack: list[tuple[PageElement | None, bool]] = [(soup, False)]  # None: a block's end
    while stack:
        node, preformatted = stack.pop()
        if node is None:
            pieces.append(_EDGE)
        elif type(node) is NavigableString:  # not a comment nor a declaration
            string = node.replace(_EDGE, "")
            pieces.append(string if preformatted else re.sub(r"\s+", " ", string))
        elif isinstance(node, Tag) and node.name not in _HIDDEN and not _quotation(node):
            if node.name == "br":
                pieces.append("\n")
                continue
            preformatted = preformatted or node.name == "pre"
            if node.name in _BLOCKS:
                pieces.append(_EDGE)
                stack.append((None, preformatted))
            stack.extend((child, preformatted) for child in reversed(node.contents))
    text = re.sub(f"[ \t]*{_EDGE}[{_EDGE} \t]*", _EDGE, "".join(pieces))
    text = re.sub(f"\n?{_EDGE}\n?", "\n", text)
    lines = (line.strip() for line in text.split("\n"))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _quotation(tag: Tag) -> bool:
    classes = tag.get("class") or ()
    return any(
        name in _QUOTE_CLASSES for name in ([classes] if isinstance(classes, str) else classes)
    )
