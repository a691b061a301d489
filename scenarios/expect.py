"""The form of a scenario's ``expect`` (SCENARIOS.md, "Format" and Part 2 "Expectations"): what
must be true after the run, as pydantic models. Only the form is checked here: names are checked
when the situation is built (:mod:`scenarios.validate`), and the run is compared by
:mod:`scenarios.check`.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

from scenarios.spells import ExpectedSpell

Level = Literal["enemy", "unfriendly", "neutral", "friendly", "ally"]
"""A trading relationship as the character cards write it (7.6.5a)."""

Audience = Literal["public", "private", "moderator"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _named(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class ExpectedBelonging(_Model):
    """An item a character must own; ``active`` and ``damaged`` are compared only when given."""

    name: str
    active: bool | None = None
    damaged: bool | None = None


class ExpectedCharacter(_Model):
    """What must be true of a character afterwards; only the keys given are compared. With
    ``dead: true``, only ``dead`` is. ``at`` is a clearing, ``out``, or a roadway
    (``DW5-DW4``); gold, Fame and Notoriety may be fractional (8.7.1b)."""

    dead: bool | None = None
    at: str | None = None
    hidden: bool | None = None
    level: int | None = None
    gold: int | float | None = None
    fame: int | float | None = None
    notoriety: int | float | None = None
    fatigued: list[str] | None = None
    wounded: list[str] | None = None
    belongings: list[ExpectedBelonging] | None = None
    discoveries: list[str] | None = None
    familiar: str | None = None
    alerted: bool | None = None
    found_enemies: bool | None = None
    kills: int | None = None
    spells: list[str] | None = None
    curses: list[str] | None = None
    relationships: dict[str, Level | int] | None = None
    """A word, or a level as a number: beyond Ally (+2) a campaign's partners are kept as
    numbers (7.2.4h.1)."""
    tasks: list[str] | None = None
    """The faces of the mission and campaign chits he carries (7.2.4)."""
    alerted_chits: list[str] | None = None
    """Part 3: exactly his alerted Magic chits (7.9.3)."""
    committed: list[str] | None = None
    """Part 3: exactly his chits committed to spells in effect (4.6.7)."""
    form: str | None = None
    """Part 3: ``own``, ``mist``, a creature or the monster he absorbed (4.6.9)."""
    color_chits: list[str] | None = None
    """Part 3: exactly his colour chits, by label (4.6.4)."""

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class ExpectedScore(_Model):
    """``expect.scores.<character>`` (SCENARIOS.md "The end of the game"): each category's
    result after 9.3.2a–e (the penalty included), then the basic, bonus and total scores and
    whether he won (f–i); only the keys given are compared."""

    great_treasures: int | None = None
    spells: int | None = None
    fame: int | float | None = None
    notoriety: int | float | None = None
    gold: int | None = None
    basic: int | None = None
    bonus: int | None = None
    total: int | None = None
    won: bool | None = None


class ExpectedDenizens(_Model):
    """How many denizens of ``name`` stand in clearing ``at`` afterwards (default 1); Part 3:
    the ``form`` each has (4.6.9)."""

    name: str
    at: str
    count: int = Field(default=1, ge=0)
    form: str | None = None


class ExpectedMinion(_Model):
    """What must be true of a denizen that was hired or controlled: where he is, whether he is
    hidden, whether (``hired``) and by whom (``hired_by``) he is still hired, and the recorded
    ``gold`` and ``belongings`` (by name) a hired leader carries for his employer (7.7.2a)."""

    at: str | None = None
    hidden: bool | None = None
    hired: bool | None = None
    hired_by: str | None = None
    gold: int | None = None
    belongings: list[str] | None = None


class ExpectedError(_Model):
    """An order that must be rejected: the character and the parser's problem code."""

    character: str
    code: str


class Expect(_Model):
    """``expect``: what must be true after the run. An item of ``events`` may be a list of
    events that all occur, in any order, between the items before and after it. ``treasures``,
    ``spell_cards`` and ``piles`` are exact piles, top to bottom."""

    characters: dict[str, ExpectedCharacter] = Field(default_factory=dict)
    denizens: list[ExpectedDenizens] = Field(default_factory=list)
    minions: dict[str, ExpectedMinion] = Field(default_factory=dict)
    visitors: dict[str, str] = Field(default_factory=dict)
    chits: dict[str, dict[str, Literal["up", "down"]]] = Field(default_factory=dict)
    events: list[dict[str, Any] | list[dict[str, Any]]] = Field(default_factory=list)
    absent_events: list[dict[str, Any]] = Field(default_factory=list)
    public_excludes: list[str] = Field(default_factory=list)
    errors: list[ExpectedError] = Field(default_factory=list)
    treasures: dict[str, list[str]] = Field(default_factory=dict)
    spell_cards: dict[str, list[str]] = Field(default_factory=dict)
    piles: dict[str, list[str]] = Field(default_factory=dict)
    scores: dict[str, ExpectedScore] | None = None
    tiles: dict[str, Literal["enchanted", "normal"]] = Field(default_factory=dict)
    """Part 3: the side up of each tile named, by its code (7.10.4)."""
    victor: str | list[str] | None = None
    """The victor (9.3.2j), or every character sharing the highest total."""
    spells_in_effect: list[ExpectedSpell] | None = None
    """Part 3: exactly the spells in effect, in casting order (:mod:`scenarios.in_effect`)."""

    @field_validator("events", "absent_events", mode="before")
    @classmethod
    def _on(cls, value: Any) -> Any:
        """YAML 1.1 reads the key ``on`` (the field of ``harm``) as true: an event's key true is
        ``on``."""
        if not isinstance(value, list):
            return value
        return [
            [_on_key(entry) for entry in item] if isinstance(item, list) else _on_key(item)
            for item in value
        ]

    @field_validator("events", "absent_events")
    @classmethod
    def _typed(
        cls, value: list[dict[str, Any] | list[dict[str, Any]]]
    ) -> list[dict[str, Any] | list[dict[str, Any]]]:
        for index, item in enumerate(value):
            group = item if isinstance(item, list) else [item]
            if not group:
                raise ValueError(f"entry {index} is an empty group: list the events it holds")
            for entry in group:
                if not isinstance(entry.get("type"), str):
                    raise ValueError(
                        f"entry {index} needs a type, e.g. {{type: moved, who: Amazon}}"
                    )
                audience = entry.get("audience", "public")
                if audience not in get_args(Audience):
                    raise ValueError(
                        f"entry {index}: audience {audience!r} is not public, private or moderator"
                    )
        return value


def _on_key(entry: Any) -> Any:
    if not isinstance(entry, dict) or True not in entry:
        return entry
    return {("on" if key is True else key): value for key, value in entry.items()}
