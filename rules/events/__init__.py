"""What happened, and who may know it: the events a resolution produces (DESIGN: Events).

Every event is a frozen value of its type's class (:mod:`rules.events.base`: the base, the
audiences, the stored form; the types by the rulebook's sections: :mod:`~rules.events.day`,
:mod:`~rules.events.daylight`, :mod:`~rules.events.search`, :mod:`~rules.events.trade`,
:mod:`~rules.events.evening`, :mod:`~rules.events.end`,
:mod:`~rules.events.spells`, :mod:`~rules.events.magic`). Its audience is the public, certain
characters (its ``recipients``), or the moderator only; :func:`visible_to` is the only filter
between events and a person. The engine speaks in codes and values: the sentence that tells an
event is its ``template``, rendered by the application. A :class:`Decision` is a choice the
engine needs from a player that his orders do not answer; :class:`Resolution` is what
:func:`rules.day.engine.resolve` returns.

The rolls a resolution drew are not kept in the state (:mod:`rules.dice`): :func:`dice_log`
makes of them one event for the moderator alone, kept with the day's events
(:meth:`Resolution.events_with_rolls`), and :func:`logged_rolls` reads them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.decisions.ids import CombatId, DecisionId, TurnId
from rules.dice import Roll
from rules.events import casting, day, daylight, end, evening, magic, search, spells, trade
from rules.events.base import (
    MODERATOR,
    PRIVATE,
    PUBLIC,
    Audience,
    AudienceError,
    Event,
    Moderator,
    Private,
    Public,
    Untyped,
    event_types,
    from_stored,
    stored_name,
    visible_to,
)
from rules.events.day import DiceLog
from rules.phrases import Phrase

__all__ = [
    "MODERATOR",
    "PRIVATE",
    "PUBLIC",
    "Audience",
    "AudienceError",
    "Decision",
    "Event",
    "Moderator",
    "Private",
    "Public",
    "Resolution",
    "Untyped",
    "casting",
    "day",
    "daylight",
    "dice_log",
    "end",
    "evening",
    "event_types",
    "from_stored",
    "logged_rolls",
    "magic",
    "search",
    "spells",
    "stored_name",
    "trade",
    "visible_to",
]


class Decision(BaseModel):
    """A choice the engine needs from ``character``: the legal options and the default.

    ``id`` is stable and says where the choice arises, so that answers are matched to decisions
    by it, never by position: ``d3/Amazon/p2/rest/Woods Girl`` is the Woods Girl's choice of the
    chit she rests first, in phase 2 of the Amazon's turn on game day 3. Asking again from the
    same state gives the same id. It is kept as the text answers are stored under (in a
    campaign's database, a scenario's ``answers``); :attr:`where` is the same id typed
    (:class:`~rules.decisions.ids.DecisionId`), and a decision whose id is none, or names
    another kind, cannot be made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    character: str
    kind: str
    prompt: Phrase
    options: tuple[str, ...]
    default: str

    @model_validator(mode="after")
    def _id_names_the_kind(self) -> Decision:
        if self.where.kind != self.kind:
            raise ValueError(f"the decision {self.id!r} is of the kind {self.kind!r}")
        return self

    @property
    def where(self) -> TurnId | CombatId:
        """Where the decision arises: its :attr:`id`, typed."""
        return DecisionId.parse(self.id)


def dice_log(rolls: Sequence[Roll]) -> DiceLog:
    """The moderator-only record of ``rolls``, in order: one ``dice_log`` event whose ``rolls``
    are each roll's fields, those at their defaults left out."""
    return DiceLog(
        rolls=tuple(roll.model_dump(mode="json", exclude_defaults=True) for roll in rolls)
    )


def logged_rolls(events: Sequence[Event]) -> list[Roll]:
    """Every roll the ``dice_log`` events among ``events`` record, in order."""
    return [
        Roll.model_validate(fields)
        for found in events
        if isinstance(found, DiceLog)
        for fields in found.rolls
    ]


class Resolution(BaseModel):
    """What resolving returns: the new state, the events, the decisions now awaited, and the
    rolls drawn."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]
    pending: list[Decision] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    """Every roll this resolution drew, in order (4.1): the state keeps none of them."""

    def events_with_rolls(self) -> list[Event]:
        """What the application keeps of this resolution for its day: the :attr:`events`, then
        the :func:`dice_log` of its :attr:`rolls` if it drew any."""
        return [*self.events, dice_log(self.rolls)] if self.rolls else list(self.events)

    @property
    def done(self) -> bool:
        """True when nothing is pending (the day, or the part asked for, is resolved)."""
        return not self.pending
