"""Long option lists written compactly, and read back (issue 32: a melee window in one message).

A combat decision's options are often every chit crossed with every direction, or every
character crossed with every Move chit: 31 attacks, 16 maneuvers. Written one by one they fill
a Discord message; written as braces, as a shell expands them, they take a line::

    FIGHT {H5*, H6, M4*} {thrust, swing, smash}

stands for ``FIGHT H5* thrust``, ``FIGHT H5* swing``, … ``FIGHT M4* smash``, in that order
(the first braces vary slowest). :func:`compact` writes a list so, :func:`expand` reads it
back, exactly: ``expand(compact(options)) == options`` for any options without braces or
``", "`` in them (:func:`compactable`), and for any others without braces, each option that
holds ``", "`` written as it is.

A piece's number belongs to its name: ``Mace 1`` and ``Shield 2`` are never cut into
``{Mace, Shield} …``, nor ``Giant 1``, ``Giant 2`` into ``Giant {1, 2}``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Between the alternatives in braces.
SEPARATOR = ", "
_BRACES = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class _Run:
    """Options alike but for one stretch of words: ``head {middles} tail``, words as tuples."""

    head: tuple[str, ...]
    middles: tuple[str, ...]
    tail: tuple[str, ...]

    def text(self) -> str:
        if len(self.middles) == 1:
            return " ".join((*self.head, self.middles[0], *self.tail))
        return " ".join((*self.head, "{" + SEPARATOR.join(self.middles) + "}", *self.tail))


def compactable(options: Sequence[str]) -> bool:
    """Whether :func:`compact` may write ``options``: none holds a brace or ``", "``, and no
    two are the same."""
    return len(set(options)) == len(options) and not any(
        "{" in o or "}" in o or SEPARATOR in o for o in options
    )


def _common(words: Sequence[tuple[str, ...]]) -> tuple[int, int]:
    """How many words all of ``words`` start with and end with, leaving each at least one
    word between, and never cutting a piece's number from its name; (0, 0) if they are not
    alike so."""
    shortest = min(len(w) for w in words)
    head = 0
    while head < shortest - 1 and len({w[head] for w in words}) == 1:
        head += 1
    while head and words[0][head - 1].isdigit():
        head -= 1
    tail = 0
    while tail < shortest - head - 1 and len({w[-1 - tail] for w in words}) == 1:
        tail += 1
    while tail and words[0][len(words[0]) - tail].isdigit():
        tail -= 1
    middles = [w[head : len(w) - tail] for w in words]
    if any(len(m) == 1 and m[0].isdigit() for m in middles):
        return 0, 0
    if not all(_plain(w[: len(w) - tail]) for w in words):
        return 0, 0
    return head, tail


def _plain(words: Sequence[str]) -> bool:
    return not any(w.startswith("{") for w in words)


def _runs(words: Sequence[tuple[str, ...]]) -> list[_Run]:
    """``words`` (each option's words) in runs, greedily: a run goes on while the next option
    shares the same head and tail as its first two, and the stretch between differs. Braces
    (a run of an earlier pass) may stand only in a run's tail: braces before the stretch that
    differs would vary slower than it, and reorder the options."""
    runs: list[_Run] = []
    at = 0
    while at < len(words):
        members = [words[at]]
        alike = _common(words[at : at + 2]) if at + 1 < len(words) else (0, 0)
        if alike != (0, 0):
            members.append(words[at + 1])
            while at + len(members) < len(words) and (
                _common([*members, words[at + len(members)]]) == alike
            ):
                members.append(words[at + len(members)])
        head, tail = alike
        first = members[0]
        middles = tuple(" ".join(w[head : len(w) - tail]) for w in members)
        runs.append(_Run(first[:head], middles, first[len(first) - tail :]))
        at += len(members)
    return runs


def compact(options: Sequence[str]) -> list[str]:
    """``options`` in as few entries as braces allow (see the module), in their order: first
    the options alike but for one stretch of words are run together, then the runs alike but
    for one stretch before or after their braces. An option holding ``", "`` (a cast with its
    colour chit, ``cast Fiery Blast with MAGIC IV3*, color MAGIC IV5*``; several colour chits)
    stays an entry of its own, the options between such ones compacted; options with braces,
    or twice the same, come back as they are."""
    if len(set(options)) != len(options) or any("{" in o or "}" in o for o in options):
        return list(options)
    entries: list[str] = []
    between: list[str] = []
    for option in options:
        if SEPARATOR in option:
            entries += _compacted(between) if between else []
            entries.append(option)
            between = []
        else:
            between.append(option)
    return entries + (_compacted(between) if between else [])


def _compacted(options: Sequence[str]) -> list[str]:
    """:func:`compact` for :func:`compactable` options."""
    first = [run.text() for run in _runs([tuple(o.split(" ")) for o in options])]
    return [run.text() for run in _runs([_words(entry) for entry in first])]


def _words(entry: str) -> tuple[str, ...]:
    """An entry's words, its braces one word each (a run of the first pass is alike only in
    its whole braces)."""
    words: list[str] = []
    for part in re.split(r"(\{[^{}]*\})", entry):
        if part.startswith("{"):
            words.append(part)
        else:
            words.extend(w for w in part.split(" ") if w)
    return tuple(words)


def expand(entry: str) -> tuple[str, ...]:
    """The options ``entry`` stands for: each set of braces, the first varying slowest."""
    pieces = _BRACES.split(entry)
    choices = [
        tuple(piece.split(SEPARATOR)) if odd else (piece,) for odd, piece in _alternate(pieces)
    ]
    return tuple("".join(parts) for parts in itertools.product(*choices))


def _alternate(pieces: Sequence[str]) -> list[tuple[bool, str]]:
    return [(n % 2 == 1, piece) for n, piece in enumerate(pieces)]
