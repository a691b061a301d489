"""The events of leaving the game and of its end (section 9): deaths told, departures, fresh
starts, and the final scores."""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class Suicided(Public, type="suicided"):
    """``who`` suicides at Midnight in ``at`` (9.2.2a)."""

    who: str
    at: str | None


class DeathTold(Private, type="death_told"):
    """``who`` is dead (``cause``): his recorded Fame, Notoriety, Gold, spells and discoveries are
    lost (9.1.1d); his player may start again, as any character not in use, at the Inn from game
    day ``restart`` (9.1.2)."""

    who: str
    cause: Phrase
    restart: int | None


class DepartureTold(Private, type="departure_told"):
    """``who`` has left the map: he takes no more part in the game, and his score is reckoned as
    his sheet and belongings stand now (9.2.2b, 9.3.1a)."""

    who: str


class DepartureScored(Private, type="departure_scored"):
    """``who``'s score as he leaves the map: ``total``; won: ``won`` (9.2.2b, 9.3.1a)."""

    who: str
    total: int
    won: bool


class RestartRoll(Public, type="restart_roll"):
    """``who`` rolls ``roll`` for the order of fresh starts, killed at the same moment as ``with_``
    (9.1.2b)."""

    who: str
    roll: int
    with_: tuple[str, ...]


class Restarted(Public, type="restarted"):
    """The player of the ``old`` starts again as the ``who``, at the Inn in ``at`` (9.1.2a)."""

    who: str
    old: str
    at: str | None


class RestartOrder(Public, type="restart_order"):
    """The order in which today's dead pick their fresh starts: ``order`` (9.1.2b)."""

    order: tuple[str, ...]


class VictoryRevealed(Public, type="victory_revealed"):
    """``who``'s Victory Requirements: Great Treasures ``great_treasures``, Spells ``spells``, Fame
    ``fame``, Notoriety ``notoriety``, Gold ``gold`` (3.3.6)."""

    who: str
    great_treasures: int
    spells: int
    fame: int
    notoriety: int
    gold: int


class DiscardedAtEnd(Public, type="discarded_at_end"):
    """``who`` cannot carry and discards ``items`` (9.3.1)."""

    who: str
    items: tuple[str, ...]


class Scored(Public, type="scored"):
    """``who`` scores: Great Treasures ``great_treasures``, Spells ``spells``, Fame ``fame``,
    Notoriety ``notoriety``, Gold ``gold``; basic ``basic``, bonus ``bonus``, total ``total``;
    won: ``won`` (9.3.2)."""

    who: str
    great_treasures: int | float | None = None
    spells: int | float | None = None
    fame: int | float | None = None
    notoriety: int | float | None = None
    gold: int | float | None = None
    basic: int
    bonus: int
    total: int
    won: bool
    dead: bool


class Victor(Public, type="victor"):
    """The victor: ``who``, with ``total``; the winners: ``winners`` (9.3.2i-j)."""

    who: tuple[str, ...]
    total: int
    winners: tuple[str, ...]
