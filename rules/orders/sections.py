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
    Phantasm: M CV6, P
    Company HQ: M CV5, H
    stop following: before 2

Here the last line is Company HQ's. A name is matched case-insensitively against those the
character records for (:func:`recorded_by`). A line headed by a native or monster he does not
record for — one not hired, another's hireling, or a counter that does not exist (``Company 9``)
— starts a section that is refused with the reason (:func:`not_recorded`); any other ``Name:``
line is read as his own standing instruction and answered as one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from rules.catalog import Catalog
from rules.daylight.familiar import companions_of
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, is_phantasm, pieces_of
from rules.state import GameState


def recorded_by(state: GameState, character: str) -> list[str]:
    """Those whose orders ``character`` records: his familiar and phantasm in play (L3926,
    L5066), then his hired leaders, controlled monsters and underlings by piece id (6.2.5)."""
    hirelings = sorted(m for m, minion in state.minions.items() if minion.employer == character)
    return [*companions_of(state, character), *hirelings]


#: The heading of a phantasm's section, folded: it needs no owner's name, there being one
#: phantasm per character (:mod:`rules.magic.phantasm`).
PHANTASM_HEAD = "phantasm"


@dataclass(frozen=True)
class Section:
    """The orders for ``who`` in a message: ``text``, whose first line is line ``first_line`` of
    the message. A section for someone he does not record for has ``refused``, the reason, and
    ``who`` as written."""

    who: str
    first_line: int
    text: str
    refused: Phrase | None = None


@cache
def _denizens(catalog: Catalog) -> tuple[dict[str, str], frozenset[str]]:
    """Every native and monster counter by its folded id, and the folded names their ids start
    with (native groups, monsters), to tell a mistyped counter from an instruction."""
    ids = {
        p.id.casefold(): p.id for p in pieces_of(catalog) if p.kind in (Kind.NATIVE, Kind.MONSTER)
    }
    stems = {n.casefold() for n in (*catalog.natives, *catalog.monsters)}
    return ids, frozenset(stems)


def not_recorded(catalog: Catalog, state: GameState, character: str, head: str) -> Phrase | None:
    """Why ``character`` cannot record orders for the native or monster ``head`` names (6.2.5,
    7.7): he is not hired, he is another's, or there is no such counter; None when ``head``
    names no denizen (an instruction key, say) or one he records for."""
    folded = " ".join(head.split()).casefold()
    ids, stems = _denizens(catalog)
    piece = ids.get(folded)
    if piece is None:
        stem = folded.rsplit(" ", 1)[0] if folded.endswith(" hq") else folded.rstrip("0123456789 ")
        if stem in stems or folded.rsplit(" ", 1)[0] in stems:
            return phrase("orders.no_counter", name=repr(head[:40]))
        return None
    recorder = state.recorder(piece)
    if recorder == character:
        return None
    if recorder is not None:
        return phrase("orders.others_hireling", piece=piece, employer=recorder, who=piece)
    if pieces_of(catalog)[piece].kind is Kind.MONSTER:
        return phrase("orders.not_controlled", piece=piece, who=piece)
    return phrase("orders.not_hired", piece=piece, who=piece)


def _clean(raw: str) -> str:
    """A line as the reader sees it: without backticks and leading ``>`` quotes."""
    return raw.replace("`", "").strip().lstrip("> \t")


def split(
    text: str, names: Sequence[str], refuse: Callable[[str], Phrase | None] = lambda _: None
) -> tuple[str, list[Section]]:
    """The character's own part of ``text`` (the lines before the first section, so their line
    numbers are unchanged) and each section for one of ``names``, in message order; a line
    whose head ``refuse`` gives a reason for starts a refused section. His phantasm's section
    may be headed ``Phantasm:`` as well as by its piece's id."""
    folded = {" ".join(n.split()).casefold(): n for n in names}
    phantasms = [n for n in names if is_phantasm(n)]
    if phantasms:
        folded[PHANTASM_HEAD] = phantasms[0]  # one phantasm per character (L5066)
    lines = text.splitlines()
    own: list[str] = []
    sections: list[Section] = []
    current: Section | None = None
    body: list[str] = []
    for number, raw in enumerate(lines, 1):
        head, colon, rest = _clean(raw).partition(":")
        who = folded.get(" ".join(head.split()).casefold()) if colon else None
        refused = refuse(head) if colon and who is None else None
        if who is not None or refused is not None:
            if current is not None:
                sections.append(replace(current, text="\n".join(body)))
            current = Section(who or " ".join(head.split()), number, "", refused)
            body = [rest]
        elif current is not None:
            body.append(raw)
        else:
            own.append(raw)
    if current is not None:
        sections.append(replace(current, text="\n".join(body)))
    return "\n".join(own), sections
