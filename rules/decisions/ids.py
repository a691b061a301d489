"""Decision ids: where a decision arises, as a typed value and as the text answers are stored
under (DESIGN: "Every decision has a stable id saying where it arises").

A decision arises in a phase of someone's turn in Daylight (:class:`TurnId`) or in a round of
combat in a clearing (:class:`CombatId`). Each is written as one line of text, the form every
campaign's database and every scenario's ``answers`` keep, byte for byte since ids were first
written:

=============  ==============================================================================
``TurnId``     ``d{day}/{turn}/p{phase}/{kind}/{who}``, and for a choice about one belonging
               ``d{day}/{turn}/p{phase}/{kind} {subject}/{who}``:
               ``d3/Amazon/p2/rest/Woods Girl``, ``d3/Amazon/p2/sell Pony M3/M4/Amazon``
``CombatId``   ``d{day}/{clearing}/r{round}/{kind}/{who}``, and for a choice about one denizen
               or native group ``d{day}/{clearing}/r{round}/{kind}/{who}/{subject}``:
               ``d3/CV5/r2/maneuver/Amazon``, ``d3/CV5/r1/lure/Amazon/Giant 1``
=============  ==============================================================================

The text is read back unambiguously although a subject may hold ``/`` (``Pony M3/M4``) and any
name may hold spaces: the day, whose turn or the clearing, the phase or round and the kind are
read from the left, and ``who`` — the last part of a turn's id, the fifth of a combat's — holds
no ``/``; whatever is left is the subject. So the names that are not a subject (``turn``,
``clearing``, ``who``) may not hold a ``/``, nor a kind a space: such an id is refused
(:class:`DecisionIdError`) rather than written in a form that would read back as another. No
character, piece or clearing of the game has such a name, and a subject is written as it is, so
every id made so far keeps its text.

``DecisionId.parse(text)`` reads an id, ``format()`` (or ``str()``) writes it, and
``parse(x.format()) == x`` for every id, as python-chess's ``Move.from_uci`` and ``uci()``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass


class DecisionIdError(ValueError):
    """A text that is no decision id, or parts that would not read back as the same id."""


def _name(value: str, what: str, *, space: bool = True) -> None:
    if not value or "/" in value or (not space and " " in value):
        holds = "a '/'" if space else "a '/' or a space"
        raise DecisionIdError(f"a decision id's {what} is a name without {holds}: {value!r}")


def _count(value: int, what: str) -> None:
    if isinstance(value, bool) or value < 0:
        raise DecisionIdError(f"a decision id's {what} is a whole number from 0: {value!r}")


def _number(text: str, prefix: str, whole: str) -> int:
    """The number of a part ``{prefix}{number}`` (``d3``, ``r0``), written without leading
    zeros so that it reads back as written."""
    digits = text[1:]
    if (
        text[:1] != prefix
        or not (digits.isascii() and digits.isdigit())
        or (digits.startswith("0") and digits != "0")
    ):
        raise DecisionIdError(f"{whole!r} is no decision id: {text!r} is not {prefix}NUMBER")
    return int(digits)


@dataclass(frozen=True, kw_only=True)
class DecisionId(ABC):
    """Where a decision arises: the game ``day``, the ``kind`` of decision, ``who`` it is
    for, and the ``subject`` it is about, if one of several alike (a belonging sold, a
    denizen lured, a native group met). Make a :class:`TurnId` or a :class:`CombatId`; read
    either with :meth:`parse`."""

    day: int
    kind: str
    who: str
    subject: str | None = None

    def __post_init__(self) -> None:
        _count(self.day, "day")
        _name(self.kind, "kind", space=False)
        _name(self.who, "who")

    @staticmethod
    def parse(text: str) -> TurnId | CombatId:
        """The id ``text`` writes; :class:`DecisionIdError` if it writes none.

        Its third part says which: ``p{phase}`` a turn's, ``r{round}`` a combat's."""
        parts = text.split("/")
        if len(parts) < 5:
            raise DecisionIdError(f"{text!r} is no decision id: it has fewer than five parts")
        day, place, step = _number(parts[0], "d", text), parts[1], parts[2]
        if step[:1] not in ("p", "r"):
            raise DecisionIdError(
                f"{text!r} is no decision id: its third part is neither pPHASE nor rROUND"
            )
        if step[:1] == "p":
            kind, space, subject = "/".join(parts[3:-1]).partition(" ")
            return TurnId(
                day=day,
                turn=place,
                phase=_number(step, "p", text),
                kind=kind,
                who=parts[-1],
                subject=subject if space else None,
            )
        return CombatId(
            day=day,
            clearing=place,
            round=_number(step, "r", text),
            kind=parts[3],
            who=parts[4],
            subject="/".join(parts[5:]) if len(parts) > 5 else None,
        )

    @abstractmethod
    def format(self) -> str:
        """The id as text, the form answers are stored under."""

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True, kw_only=True)
class TurnId(DecisionId):
    """A decision in phase ``phase`` (from 1) of ``turn``'s turn: the individual whose turn it
    is (a character, a hired leader, a controlled monster). ``who`` decides — or his
    employer for him — and ``subject`` is the belonging a per-belonging choice is about
    (``sell``, ``pay``)."""

    turn: str
    phase: int

    def __post_init__(self) -> None:
        super().__post_init__()
        _name(self.turn, "turn")
        _count(self.phase, "phase")

    def format(self) -> str:
        kind = self.kind if self.subject is None else f"{self.kind} {self.subject}"
        return f"d{self.day}/{self.turn}/p{self.phase}/{kind}/{self.who}"


@dataclass(frozen=True, kw_only=True)
class CombatId(DecisionId):
    """A decision in round ``round`` of the combat in ``clearing`` (round 0: the start of
    combat, when natives are met). ``who`` is the character deciding, or the hireling his
    employer decides for (:attr:`rules.decisions.kinds.CombatKind.for_hireling`); ``subject``
    the denizen or native group the choice is about."""

    clearing: str
    round: int

    def __post_init__(self) -> None:
        super().__post_init__()
        _name(self.clearing, "clearing")
        _count(self.round, "round")

    def format(self) -> str:
        tail = "" if self.subject is None else f"/{self.subject}"
        return f"d{self.day}/{self.clearing}/r{self.round}/{self.kind}/{self.who}{tail}"


def combat_id(text: str) -> CombatId | None:
    """The combat decision id ``text`` writes; None for a turn's, or for a text that is no
    decision id (an answer stored under another key)."""
    try:
        found = DecisionId.parse(text)
    except DecisionIdError:
        return None
    return found if isinstance(found, CombatId) else None


def is_combat_id(text: str) -> bool:
    """Whether ``text`` is a combat decision's id (:func:`combat_id`)."""
    return combat_id(text) is not None


def clearing_of(text: str) -> str | None:
    """The clearing of a combat decision's id; None for any other text."""
    found = combat_id(text)
    return found.clearing if found is not None else None
