"""A mail's text as a request of the one inbox (issue 36): its first line names the command as
a DM's does (``orders North Sea`` and the orders below, ``plays``, ``answer <choice>``,
``setup``, ``restart``, ``ask``, ``answer-demon``: :func:`bot.inbox.read_message`), or one of the
commands a Discord player gives by slash command and a mail player cannot:

- ``join <campaign>`` with a line ``character: <name>`` below;
- ``standing [campaign]`` with the standing orders below;
- ``ready [campaign]``, ``not ready [campaign]``, ``away [campaign] <days>`` (0 ends an absence);
- ``status [campaign]``, ``sheet [campaign]``, ``history [campaign] <day>``,
  ``journal [campaign] <day>``;
- ``language [campaign] <en|es|campaign>``;
- ``help``.

A campaign left out is the writer's only running one, as in a DM. A mail with no command on its
first line may still say one on its subject (``orders North Sea`` as the subject, the orders as
the body; ``Re:`` and the like ignored): :func:`read_mail`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.inbox import Message, Option, read_message

#: The words of a mail's first line that the DM's reader does not know, with the arguments each
#: takes after its campaign: none, a number of days, a day, a language.
_TRAILING: dict[str, str | None] = {
    "standing": None,
    "ready": None,
    "status": None,
    "sheet": None,
    "away": "days",
    "history": "day",
    "journal": "day",
    "language": "language",
}
_REPLY_PREFIX = re.compile(r"^\s*(?:(?:re|fwd?|rv|r|aw|sv)\s*(?:\[\d+\])?\s*:\s*)+", re.I)
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")


@dataclass(frozen=True)
class Help:
    """A mail asking how to play by mail."""


def read_mail(subject: str, text: str) -> Message | Help | None:
    """The request a mail makes, by its text's first line or else its subject's (see the
    module), or :class:`Help`; None when neither names a command."""
    found = read_command(text)
    if found is not None:
        return found
    heading = _REPLY_PREFIX.sub("", subject).strip()
    if heading:
        return read_command(heading + "\n" + text)
    return None


def read_command(text: str) -> Message | Help | None:
    """``text``'s first line as a command (see the module), or None."""
    read = read_message(text)
    if read is not None:
        return read
    first, _, rest = text.strip().partition("\n")
    words = first.split()
    if not words:
        return None
    word = words[0].casefold()
    if word == "help" and len(words) == 1:
        return Help()
    if word == "not" and len(words) > 1 and words[1].casefold() == "ready":
        return Message("ready", " ".join(words[2:]) or None, options={"ready": False})
    if word == "join":
        return _join(" ".join(words[1:]), rest)
    if word not in _TRAILING:
        return None
    argument = _TRAILING[word]
    campaign_words = words[1:]
    options: dict[str, Option] = {}
    if argument is not None:
        if not campaign_words:
            return Message(word, None, rest.strip())  # the inbox says what is missing
        last = campaign_words.pop()
        options[argument] = _number(last) if argument in ("days", "day") else last
    if word == "ready":
        options["ready"] = True
    return Message(word, " ".join(campaign_words) or None, rest.strip(), options)


def _join(campaign: str, rest: str) -> Message:
    """``join <campaign>`` and its ``character:`` line."""
    character = ""
    for line in rest.splitlines():
        key, colon, value = line.partition(":")
        if colon and key.strip().casefold() in ("character", "personaje"):
            character = value.strip()
            break
    return Message("join", campaign.strip() or None, options={"character": character})


def _number(text: str) -> Option:
    """A day or a number of days as typed: a number, or the text as it is (the inbox says
    what is wrong with it)."""
    if not _NUMBER.match(text):
        return text
    value = float(text)
    return int(value) if value.is_integer() else value
