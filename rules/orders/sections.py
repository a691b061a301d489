"""The orders a character records for others, in his own message: his familiar's turn (L3926:
"Each day she records a separate turn for the familiar") and his hirelings' (6.2.5, L1522: "the
hiring or controlling character records the leader or monster's activities on an extra Turn
Record"; underlings "can only follow").

Each starts with a line that names the individual, followed by a colon and his first line of
orders; the lines after it are his, up to the next such line. The character's own orders come
first::

    M CV2, M CV5
    block: unhidden
    Familiar: M CV4, P
    Company HQ: M CV5, H
    stop following: before 2

Here the last line is Company HQ's. A name is matched case-insensitively and only against those
the character records for (:func:`recorded_by`), so any other ``Name:`` line is read as his own
standing instruction and answered as one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.daylight.familiar import familiar_of
from rules.state import GameState


def recorded_by(state: GameState, character: str) -> list[str]:
    """Those whose orders ``character`` records: his familiar in play (L3926), then his hired
    leaders, controlled monsters and underlings by piece id (6.2.5)."""
    familiar = familiar_of(state, character)
    hirelings = sorted(m for m, minion in state.minions.items() if minion.employer == character)
    return [*([familiar] if familiar is not None else []), *hirelings]


@dataclass(frozen=True)
class Section:
    """The orders for ``who`` in a message: ``text``, whose first line is line ``first_line`` of
    the message."""

    who: str
    first_line: int
    text: str


def _clean(raw: str) -> str:
    """A line as the reader sees it: without backticks and leading ``>`` quotes."""
    return raw.replace("`", "").strip().lstrip("> \t")


def split(text: str, names: Sequence[str]) -> tuple[str, list[Section]]:
    """The character's own part of ``text`` (the lines before the first section, so their line
    numbers are unchanged) and each section for one of ``names``, in message order."""
    folded = {" ".join(n.split()).casefold(): n for n in names}
    lines = text.splitlines()
    own: list[str] = []
    sections: list[Section] = []
    current: tuple[str, int, list[str]] | None = None
    for number, raw in enumerate(lines, 1):
        head, colon, rest = _clean(raw).partition(":")
        who = folded.get(" ".join(head.split()).casefold()) if colon else None
        if who is not None:
            if current is not None:
                sections.append(Section(current[0], current[1], "\n".join(current[2])))
            current = (who, number, [rest])
        elif current is not None:
            current[2].append(raw)
        else:
            own.append(raw)
    if current is not None:
        sections.append(Section(current[0], current[1], "\n".join(current[2])))
    return "\n".join(own), sections
