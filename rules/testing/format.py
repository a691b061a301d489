"""The form of a rule scenario (SCENARIOS.md, "Format"): the keys of the YAML document, their
types and defaults, as pydantic models, and :func:`load_scenario`, which validates a parsed
document. This module does no file I/O: the document is read elsewhere (``bot/scenarios.py``).

Every key except ``name``, ``map`` and ``expect`` is optional; an unknown key, a missing one or a
bad value raises :class:`ScenarioError` naming the key path
(``characters.Black Knight.fatigued[1]``) and the reason. Only the form is checked here: names
are checked against the catalog and the map when the situation is built
(:mod:`rules.testing.build`).

The project's extension for hired and controlled denizens (7.7) is here too: a denizen
``hired_by`` or ``controlled_by`` a scenario character, with ``term`` and ``hidden``
(:class:`DenizenSpec`), and ``expect.minions`` (:class:`ExpectedMinion`). So is the one for the
Witch's familiar (L3925): ``characters.Witch.familiar``, the clearing it stands in (by default
hers, when she has it at her level; ``out`` for none), and ``expect.characters.Witch.familiar``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic import model_validator as _model_validator

from rules.daylight.hirelings import TERM

Until = Literal["birdsong", "daylight", "evening", "day"]

#: The event types SCENARIOS.md promises, whether or not the engine emits them yet.
PROMISED_EVENT_TYPES = frozenset(
    {
        "turn_started",
        "moved",
        "phase_cancelled",
        "hid",
        "blocked",
        "monster_roll",
        "summoned",
        "denizen_moved",
        "chit_revealed",
        "searched",
        "roll",
        "attacked",
        "killed",
        "fatigued",
        "wounded",
    }
)


class ScenarioError(ValueError):
    """A malformed scenario: ``key`` is the path of the key at fault, ``reason`` says why."""

    def __init__(self, key: str, reason: str) -> None:
        self.key = key
        self.reason = reason
        super().__init__(f"{key}: {reason}")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MapSpec(_Model):
    """``map``: placed tiles (a partial map) or the seed of a legal random map."""

    tiles: list[Any] | None = None
    seed: int | None = None

    @_model_validator(mode="after")
    def _one_of(self) -> MapSpec:
        if (self.tiles is None) == (self.seed is None):
            raise ValueError("give either tiles (placed tiles) or seed (a random map), not both")
        return self


class Belonging(_Model):
    """An item a character owns: a name, or ``{name, active}`` (active by default)."""

    name: str
    active: bool = True


class ExpectedBelonging(_Model):
    """An item a character must own; ``active`` is compared only when given."""

    name: str
    active: bool | None = None


def _named(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class CharacterSpec(_Model):
    """One character of ``characters``; the defaults are the rulebook's starting values."""

    at: str | None = None
    hidden: bool = False
    level: int = Field(default=4, ge=1, le=4)
    gold: int = Field(default=10, ge=0)
    fame: int = 0
    notoriety: int = Field(default=0, ge=0)
    fatigued: list[str] = Field(default_factory=list)
    wounded: list[str] = Field(default_factory=list)
    belongings: list[Belonging] | None = None
    discoveries: list[str] = Field(default_factory=list)
    familiar: str | None = None

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class DenizenSpec(_Model):
    """A monster (by list name) or native (by counter name) put in a clearing — the project's
    extension: ``hired_by`` a character (or ``controlled_by`` one, for a monster), for ``term``
    more days counting this one (7.7.1c), ``hidden`` or not (7.7.1g)."""

    name: str
    at: str
    hired_by: str | None = None
    controlled_by: str | None = None
    term: int = Field(default=TERM, ge=1)
    hidden: bool = False

    @_model_validator(mode="after")
    def _one_employer(self) -> DenizenSpec:
        if self.hired_by is not None and self.controlled_by is not None:
            raise ValueError("a denizen is hired_by or controlled_by one character, not both")
        if self.hired_by is None and self.controlled_by is None and self.hidden:
            raise ValueError("only a hired or controlled denizen can be hidden (7.7.1g)")
        return self


class ExpectedCharacter(_Model):
    """What must be true of a character afterwards; only the keys given are compared."""

    at: str | None = None
    hidden: bool | None = None
    level: int | None = None
    gold: int | None = None
    fame: int | None = None
    notoriety: int | None = None
    fatigued: list[str] | None = None
    wounded: list[str] | None = None
    belongings: list[ExpectedBelonging] | None = None
    discoveries: list[str] | None = None
    familiar: str | None = None

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class ExpectedDenizens(_Model):
    """How many denizens of ``name`` stand in clearing ``at`` afterwards (default 1)."""

    name: str
    at: str
    count: int = Field(default=1, ge=0)


class ExpectedMinion(_Model):
    """What must be true of a denizen that was hired or controlled: where he is, whether he is
    hidden, and whether (``hired``) and by whom (``hired_by``) he is still hired."""

    at: str | None = None
    hidden: bool | None = None
    hired: bool | None = None
    hired_by: str | None = None


class ExpectedError(_Model):
    """An order that must be rejected: the character and the parser's problem code."""

    character: str
    code: str


class Expect(_Model):
    """``expect``: what must be true after the run."""

    characters: dict[str, ExpectedCharacter] = Field(default_factory=dict)
    denizens: list[ExpectedDenizens] = Field(default_factory=list)
    minions: dict[str, ExpectedMinion] = Field(default_factory=dict)
    chits: dict[str, dict[str, Literal["up", "down"]]] = Field(default_factory=dict)
    events: list[dict[str, Any]] = Field(default_factory=list)
    absent_events: list[dict[str, Any]] = Field(default_factory=list)
    public_excludes: list[str] = Field(default_factory=list)
    errors: list[ExpectedError] = Field(default_factory=list)

    @field_validator("events", "absent_events")
    @classmethod
    def _typed(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for index, entry in enumerate(value):
            if not isinstance(entry.get("type"), str):
                raise ValueError(f"entry {index} needs a type, e.g. {{type: moved, who: Amazon}}")
        return value


class Scenario(_Model):
    """One scenario, as SCENARIOS.md describes it (form only; names are checked by
    :func:`build_state`)."""

    name: str = Field(min_length=1)
    rules: list[str] = Field(default_factory=list)
    options: dict[str, bool] = Field(default_factory=dict)
    map: MapSpec
    day: int = Field(default=1, ge=1, le=28)
    monster_roll: int | None = Field(default=None, ge=1, le=6)
    seed: int = 1
    dice: list[list[int]] = Field(default_factory=list)
    characters: dict[str, CharacterSpec] = Field(default_factory=dict)
    denizens: list[DenizenSpec] = Field(default_factory=list)
    chits: dict[str, list[str]] = Field(default_factory=dict)
    dwellings: dict[str, str] = Field(default_factory=dict)
    orders: dict[str, str] = Field(default_factory=dict)
    answers: dict[str, list[str]] = Field(default_factory=dict)
    until: Until = "day"
    expect: Expect

    @field_validator("name")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("a scenario's name is one line")
        return value.strip()

    @field_validator("dice", mode="before")
    @classmethod
    def _single_dice(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        return value

    @field_validator("dice")
    @classmethod
    def _rolls(cls, value: list[list[int]]) -> list[list[int]]:
        for index, roll in enumerate(value):
            if len(roll) not in (1, 2) or not all(1 <= d <= 6 for d in roll):
                raise ValueError(
                    f"roll {index} is {roll}: a roll is [a, b] for two dice or [a] for one die, "
                    "each 1-6"
                )
        return value


def load_scenario(data: object) -> Scenario:
    """Validate a parsed YAML document as a :class:`Scenario`.

    Raises :class:`ScenarioError` for the first problem, naming the key path and the reason.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError(
            "(top level)", "a scenario is a mapping with at least name, map and expect"
        )
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        raise ScenarioError(_key(error["loc"]), _reason(error)) from None


def _key(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def _reason(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        allowed = _allowed_keys(Scenario, list(error["loc"])[:-1])
        return "unknown key" + (f" (the keys here are {', '.join(allowed)})" if allowed else "")
    if kind == "missing":
        return "required, and missing"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        return message.removeprefix("Value error, ")
    return f"{message[:1].lower()}{message[1:]}, not {error.get('input')!r}"


def _allowed_keys(model: Any, path: Sequence[int | str]) -> list[str]:
    """The keys of the model found by following ``path`` from ``model`` (empty if none)."""
    current: Any = model
    for part in path:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return []
            current = info.annotation
        elif get_origin(current) in (list, dict):
            current = get_args(current)[-1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """The model inside ``X | None``."""
    if get_origin(annotation) in (Union, UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return members[0] if len(members) == 1 else annotation
    return annotation
