"""Mail players and their seats' secrets (issue 36).

A mail player's id is his address's (:func:`player_of`): ``mail:`` and 27 hexadecimal digits of
the SHA-256 of the address as :func:`normalized` writes it, so that it fits the 32 characters of
a player id, the same address is always the same player, and the id tells no one his address.
A seat he holds has a secret (:func:`new_secret`): twelve lowercase letters and digits, which
the mails he is sent carry as the plus-tag of the bot's address (:func:`tagged`), so that a reply
carries it back (:func:`tags_of`).
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Iterable

#: What starts a mail player's id.
PREFIX = "mail:"
#: How many characters a seat's secret has, and the ones it is made of.
SECRET_LENGTH = 12
_SECRET_CHARACTERS = string.ascii_lowercase + string.digits


def normalized(address: str) -> str:
    """``address`` as realmbot compares it: without surrounding blanks, in lowercase (mail
    servers treat an address's case as the same mailbox, whatever RFC 5321 allows)."""
    return address.strip().lower()


def player_of(address: str) -> str:
    """The id of the mail player writing from ``address``."""
    digest = hashlib.sha256(normalized(address).encode("utf-8")).hexdigest()
    return PREFIX + digest[:27]


def is_mail_player(player: str) -> bool:
    """Whether ``player`` is a mail player's id (his messages go by mail)."""
    return player.startswith(PREFIX)


def new_secret() -> str:
    """A new seat's secret (not the game's randomness: the dice never see it)."""
    return "".join(secrets.choice(_SECRET_CHARACTERS) for _ in range(SECRET_LENGTH))


def is_secret(text: str) -> bool:
    """Whether ``text`` has the form of a seat's secret."""
    return len(text) == SECRET_LENGTH and all(c in _SECRET_CHARACTERS for c in text)


def tagged(address: str, secret: str) -> str:
    """``address`` with ``secret`` as its plus-tag: ``realmbot+k3j...@example.org``."""
    local, _, domain = address.partition("@")
    return f"{local.partition('+')[0]}+{secret}@{domain}"


def tags_of(addresses: Iterable[str], own: str) -> list[str]:
    """The secrets that ``addresses`` carry as plus-tags of ``own``, the bot's address, in
    order and once each; tags of other addresses, or not of a secret's form, are not secrets."""
    local, _, domain = normalized(own).partition("@")
    base = local.partition("+")[0]
    found: list[str] = []
    for address in addresses:
        name, _, at = normalized(address).partition("@")
        head, plus, tag = name.partition("+")
        if plus and head == base and at == domain and is_secret(tag) and tag not in found:
            found.append(tag)
    return found
