"""Names people type — a campaign's, a character's — matched as people mean them: whatever the
case and the runs of spaces, with the closest names suggested when nothing matches."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from bot.i18n import _

#: How alike a typed name and a known one must be to be suggested (difflib's ratio).
CUTOFF = 0.6


def folded(name: str) -> str:
    """``name`` as it is compared: its runs of spaces made one, its case folded."""
    return " ".join(name.split()).casefold()


def matching(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that ``typed`` means: itself, else the only one equal to it but for
    case and spaces; ``None`` when there is none, or several and none spelled exactly so."""
    known = list(names)
    if typed in known:
        return typed
    alike = [name for name in known if folded(name) == folded(typed)]
    return alike[0] if len(alike) == 1 else None


def closest(typed: str, names: Iterable[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` of ``names`` closest to ``typed`` (case aside), the closest first."""
    by_folded: dict[str, str] = {}
    for name in names:
        by_folded.setdefault(folded(name), name)
    close = difflib.get_close_matches(folded(typed), list(by_folded), n=limit, cutoff=CUTOFF)
    return [by_folded[key] for key in close]


def did_you_mean(typed: str, names: Iterable[str]) -> str:
    """``"; did you mean 'Amazon'?"`` naming the closest of ``names``, or ``""``."""
    close = closest(typed, names)
    if not close:
        return ""
    if len(close) == 1:
        return _("; did you mean %(name)s?") % {"name": repr(close[0])}
    return _("; did you mean %(names)s or %(last)s?") % {
        "names": " or ".join(map(repr, close[:-1])),
        "last": repr(close[-1]),
    }
