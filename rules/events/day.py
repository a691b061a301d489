"""The events of the day's frame: Sunrise (6.3: the monster roll, prowling, regeneration), the
dice (4.1), Midnight (8.9) and what is not implemented yet."""

from __future__ import annotations

from typing import Any

from rules.events.base import Moderator, Public
from rules.phrases import Phrase


class DayStarted(Public, type="day_started"):
    """A new day: ``day``, and the colour magic of a seventh day ``colors``."""

    day: int
    month: int
    colors: tuple[str, ...]


class Follows(Public, type="follows"):
    """``who`` follows ``guide`` for the day (6.3.2)."""

    who: str
    guide: str


class MonsterRoll(Public, type="monster_roll"):
    """The monster roll at Sunrise: ``roll`` (6.3.3)."""

    roll: int


class Prowling(Public, type="prowling"):
    """Row ``row`` prowls today: monsters ``monsters``, natives ``natives`` (6.3.3, 7.13.1)."""

    row: int
    monsters: tuple[str, ...]
    natives: tuple[str, ...]
    visitors: bool


class CurseLifted(Public, type="curse_lifted"):
    """The Chapel lifts ``who``'s ``curse`` at Midnight (4.6.8a.5)."""

    who: str
    curse: str


class Rolled(Public, type="roll"):
    """``who`` rolls ``dice`` on the ``purpose``: ``result``."""

    who: str
    purpose: str | Phrase
    dice: tuple[int, ...]
    result: int
    at: str | None = None
    round: int | None = None
    phase: int | None = None


class DiceLog(Moderator, type="dice_log"):
    """The dice rolled: ``rolls`` (4.1)."""

    rolls: tuple[dict[str, Any], ...]


class Regenerated(Public, type="regenerated"):
    """The ``name`` returns to ``to`` at the end of the week (6.3.4)."""

    name: str
    piece: str
    to: str


class VisitorFlipped(Public, type="visitor_flipped"):
    """The visitor/mission chit ``chit`` turns to ``face`` (6.3.4b)."""

    chit: str
    face: str


class NotImplementedYet(Public, type="not_implemented"):
    """Not implemented yet: rule ``rule`` (``what``)."""

    rule: str
    what: Phrase
    who: str | None = None
    phase: int | None = None


class Midnight(Public, type="midnight"):
    """Midnight: ``what``."""

    what: Phrase
    who: str | None = None
    item: str | None = None
    to: str | None = None


class DayEnded(Public, type="day_ended"):
    """Day ``day`` is over."""

    day: int
    month: int
