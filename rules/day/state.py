"""Where the day's resolution stands (5.1), so that it can stop for a decision and resume:
:class:`DayState`, the game state's ``today`` (:class:`rules.state.GameState`), with the turn
being taken (:class:`TurnState`) and the rolls a waiting phase resumes with (:class:`SearchRoll`,
:class:`TradeRoll`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from rules.evening.state import EveningState
from rules.orders.model import Orders

#: The stages of a day (5.1), in order; ``over`` once the game has ended.
Stage = Literal["birdsong", "sunrise", "daylight", "sunset", "evening", "midnight", "over"]


class _Data(BaseModel):
    """Mutable plain data that refuses unknown keys (a typo in a saved file is an error)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class SearchRoll(_Data):
    """A Search phase's roll (7.5.3): the phase, the table, the clearing searched, what he named
    there, and the roll's result on the table."""

    phase: int
    table: str
    clearing: str
    target: str | None = None
    roll: int


class TradeRoll(_Data):
    """A Trade phase begun (7.6.3) and its Meeting roll (7.6.5a), kept while a decision waits
    for him so that the phase resumes where it stood: the phase, the group, the belonging he
    named, whether he bought drinks, and the final result (its kind, text as printed, price
    multiplier, and the column it was read in; None until he rolls)."""

    phase: int
    group: str
    item: str = ""
    buyback: int | None = None
    """Buying back a boon of this Gold price (7.6.5e.1) rather than the ``item``."""
    drinks: bool = False
    kind: str | None = None
    text: str = ""
    multiplier: int | None = None
    column: str = ""


class TurnState(_Data):
    """The turn being taken (7.1): whose, the next phase to do, and what the turn so far
    changed that later phases depend on."""

    character: str
    phase: int = 0
    climbing: str | None = None
    sunlight_used: bool = False
    done: bool = False
    stopped: list[str] = Field(default_factory=list)
    """Followers who stopped following in the current phase: they summon when it ends (7.11.5)."""
    gained: list[str] = Field(default_factory=list)
    """The belongings activated during his turn whose extra phases the Timeless Jewel lets him
    use at once (L4315), one phase each."""
    searched: SearchRoll | None = None
    """The Search roll of the phase being done, kept while its result waits for a decision, so
    that the phase resumes with the same roll (7.5); likewise the Lost Table's roll of a Move
    under the Lost spell while his choice of clearing waits (table ``Lost``, L4847)."""
    hired: dict[str, int] | None = None
    """The Hire phase being done (7.7.1), kept while it waits for a decision: its ``phase``, then
    the ``column`` and ``roll`` of its final Meeting roll, so that it resumes with the same roll."""
    traded: TradeRoll | None = None
    """The Meeting roll of the Trade phase being done, kept while its result waits for a
    decision, so that the phase resumes with the same roll (7.6.5)."""


class DayState(_Data):
    """Where the day's resolution stands (5.1), so that it can stop for a decision and resume.

    ``orders`` are the day's recorded orders (secret until done); ``followers`` maps each
    follower to his guide (6.3.2); ``turn_order`` is the order the Attention chits were drawn
    (7.1.1). Answers to decisions are not kept here: they are given to each call of ``resolve``,
    keyed by decision id.
    """

    stage: Stage = "birdsong"
    orders: dict[str, Orders] = Field(default_factory=dict)
    followers: dict[str, str] = Field(default_factory=dict)
    monster_roll: int | None = None
    turn_order: list[str] = Field(default_factory=list)
    next_turn: int = 0
    turn: TurnState | None = None
    blocked: list[str] = Field(default_factory=list)
    found_hidden_enemies: list[str] = Field(default_factory=list)
    found_by_sight: dict[str, list[str]] = Field(default_factory=dict)
    """The kinds of hidden enemies each found by Magic Sight today (7.5.7c, rules.hidden)."""
    peer_anywhere: list[str] = Field(default_factory=list)
    """Those who may Peer into any clearing for the rest of the day (the Toadstool Circle's 4,
    L4216)."""
    trades_done: list[str] = Field(default_factory=list)
    entered_from: dict[str, str] = Field(default_factory=dict)
    """The clearing each individual last moved in from today: the road he may run away by
    (8.3.8b)."""
    kills: dict[str, int] = Field(default_factory=dict)
    """Each character's line of kills today (8.7.1a)."""
    meditated: list[str] = Field(default_factory=list)
    """Those who have done today's first Enchant phase, the meditation (7.10.1)."""
    items_cast: list[str] = Field(default_factory=list)
    """The Artifacts and Spell Books played to cast a spell this Evening (8.3.9c.4: once)."""
    asleep: list[str] = Field(default_factory=list)
    """The characters asleep under the Flowers of Rest until Sunset (L4302,
    :func:`rules.daylight.rest.flowers_of_rest`)."""
    peace: dict[str, int] = Field(default_factory=dict)
    """The clearings at peace for the rest of the day by a Wish, each with the round of combat
    it was made in, 0 in Daylight (L5259, :mod:`rules.magic.truce`)."""
    evening: EveningState | None = None
    carpets: list[str] = Field(default_factory=list)
    """The Flying Carpets a Purple colour chit of their owner energized today, for the whole
    day (7.3.3h, :mod:`rules.magic.energizing`)."""

    @model_serializer(mode="wrap")
    def _without_no_peace(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No peace, and no Flying Carpet energized, is left out of the saved state, so a day
        without one saves exactly the bytes it did before the Wish for peace and the Carpet's
        colour chit were built."""
        data = handler(self)
        for name in ("peace", "carpets"):
            if isinstance(data, dict) and not data.get(name):
                data.pop(name, None)
        return data

    @model_validator(mode="before")
    @classmethod
    def _retired(cls, data: Any) -> Any:
        """States saved before decisions had ids counted the answers used (``answers_used``):
        the count is meaningless now and dropped, so those states still load."""
        if isinstance(data, dict) and "answers_used" in data:
            data = {k: v for k, v in data.items() if k != "answers_used"}
        return data
