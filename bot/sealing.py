"""Sealed plays as commitments (pbem-combat.md §6; issue 31): each player's plays in a combat
window, canonical, and the tag that commits to them before the reveal.

A tag is the first :data:`TAG_DIGITS` hex digits of the SHA-256 of the *sealed text*: the
set's secret salt, the character and his canonical lines, joined by `` | `` on one line
(:func:`sealed_text`). The salt is drawn with :mod:`secrets` when the decisions are stored (it
is no part of the game, whose dice it must not move) and kept with them in the database; it is
told to no one before the reveal, so equal plays give unrelated tags and no one can tabulate
them. With the reveal the salt and the sealed text go to the fight's players, and anyone can
check a tag with :func:`check_tag` or the one-liner :data:`CHECK_COMMAND`, on any machine
with Python.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from db.models import PendingDecision
from rules import DecisionId, about, clearing_of

#: The hex digits of a tag: 128 bits, so that even whoever chose the salt cannot find two play
#: sets with one tag (a collision costs about 2**64 tries).
TAG_DIGITS = 32

#: What joins the parts of the sealed text.
SEPARATOR = " | "

#: A command that prints the tag of the sealed text typed or pasted on its standard input
#: (the ends of the input trimmed), for a player to compare with the tag he was sent.
CHECK_COMMAND = (
    'python3 -c "import hashlib,sys; '
    f'print(hashlib.sha256(sys.stdin.read().strip().encode()).hexdigest()[:{TAG_DIGITS}])"'
)


def new_salt() -> str:
    """A fresh secret salt, 128 bits as hex, from the operating system's randomness."""
    return secrets.token_hex(16)


def sealed_text(salt: str, character: str, lines: Sequence[str]) -> str:
    """The text a sealed set's tag is the digest of: ``salt | character | line | ...``."""
    return SEPARATOR.join([salt, character, *lines])


def tag_of(text: str) -> str:
    """The tag of a sealed ``text``: the first :data:`TAG_DIGITS` hex digits of its SHA-256
    (UTF-8)."""
    return hashlib.sha256(text.strip().encode()).hexdigest()[:TAG_DIGITS]


def check_tag(tag: str, text: str) -> bool:
    """Whether ``tag`` (any case, spaces around ignored) is the tag of the sealed ``text``, as
    the reveal gives both."""
    return tag.strip().lower() == tag_of(text)


def decision_label(kind: str, ref: str) -> str:
    """A stored decision as a player reads it: its kind and what it is about
    (:func:`rules.decisions.kinds.about`: ``lure Giant 1``, ``deploy Company 1``, ``attack``)."""
    return f"{kind} {about(DecisionId.parse(ref))}".strip()


@dataclass(frozen=True)
class SealedSet:
    """One character's plays in a window: his canonical ``lines`` (each answer, or its default
    marked so), the ``salt`` of the set (that of its first decision) and the clearings its
    decisions are in."""

    character: str
    salt: str
    lines: tuple[str, ...]
    clearings: frozenset[str]

    @property
    def text(self) -> str:
        """The sealed text (:func:`sealed_text`), told only with the reveal."""
        return sealed_text(self.salt, self.character, self.lines)

    @property
    def tag(self) -> str:
        """The tag that commits to the set (:func:`tag_of` its :attr:`text`)."""
        return tag_of(self.text)


def sealed_set(decisions: Sequence[PendingDecision], character: str) -> SealedSet:
    """``character``'s plays among a window's ``decisions``, canonical, as a :class:`SealedSet`;
    he has at least one decision among them."""
    mine = [d for d in decisions if d.character == character]
    assert mine, f"the {character} has no decision in the window"
    lines = []
    for decision in mine:
        name = decision_label(decision.kind, decision.ref)
        answer = decision.answer if decision.answer is not None else f"{decision.default} (default)"
        lines.append(f"{name}: {answer}")
    clearings = frozenset(c for d in mine if (c := clearing_of(d.ref)) is not None)
    return SealedSet(character, mine[0].salt, tuple(lines), clearings)


def sealed_sets(decisions: Sequence[PendingDecision]) -> list[SealedSet]:
    """Every character's :class:`SealedSet` in a window, by character."""
    return [sealed_set(decisions, c) for c in sorted({d.character for d in decisions})]


def revealed_to(sets: Sequence[SealedSet], character: str) -> list[SealedSet]:
    """The sets of ``sets`` revealed to ``character``'s player: those fought in a clearing his
    are in (clearings fighting at once, 8.1.3b, each reveal their own)."""
    his = next((s.clearings for s in sets if s.character == character), frozenset())
    return [s for s in sets if s.clearings & his or s.character == character]
