"""The game's only source of randomness: seeded, recorded, resumable dice (rule 4.1).

Every die, shuffle and random choice of the engine is drawn from one counter-based stream: draw
``n`` is a pure function of the seed and ``n``. The seed and the position in the stream live in
the game state (:class:`DiceState`), so resolving from the same state always draws the same
numbers, and a state saved mid-game resumes exactly. Tests (and scenarios) may queue *forced*
rolls, which are used, in order, before the stream; shuffles and choices never use them. They may
likewise queue *forced orders* for the draws of mixed pieces (:meth:`Dice.mix`, the Attention
chits at Sunrise, 7.1.1), used in order before the stream.

Every roll is recorded (who, why, dice, modifier, result) in the log of the :class:`Dice` that
drew it, not in the state: a state's size does not grow with the days played. One resolution
draws through one :class:`Dice`, and returns its log with its events
(:attr:`rules.events.Resolution.rolls`) for the application to keep with that day's events.

Rolls on tables follow 4.1.1–4.1.2: two dice, the higher counts; each "one die" modification
takes one die away, but at least one die is always rolled (Die Roll Procedures 2.1, L1362);
modifiers add to the result, which is clamped to 1..6 (4.1.2, 2.2). Game rolls such as the Monster
Roll are one unmodified die (4.1.3).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from rules.phrases import Phrase

T = TypeVar("T")

_SPAN = 1 << 64


class ForcedDiceError(ValueError):
    """A forced roll that does not fit the roll it was used for (wrong number of dice, not 1–6)."""


class Roll(BaseModel):
    """One recorded roll: who rolled, for what, the dice, the net modifier and the result."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    who: str
    purpose: str | Phrase
    dice: tuple[int, ...]
    modifier: int = 0
    result: int
    forced: bool = False


class DiceState(BaseModel):
    """The dice's part of the game state: seed, stream position, queued forced rolls (the rolls
    themselves are not kept here: see :attr:`Dice.log`)."""

    model_config = ConfigDict(extra="forbid")

    seed: int
    position: int = Field(default=0, ge=0)
    forced: list[list[int]] = Field(default_factory=list)
    forced_orders: list[list[str]] = Field(default_factory=list)
    """Queued draw orders for :meth:`Dice.mix`, each the names in the order they are drawn."""

    @model_serializer(mode="wrap")
    def _without_no_orders(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No queued order is left out of the saved state, so a game that never forces one
        saves exactly the bytes it did before forced orders existed."""
        data = handler(self)
        if isinstance(data, dict) and not data.get("forced_orders"):
            data.pop("forced_orders", None)
        return data

    @model_validator(mode="before")
    @classmethod
    def _retired(cls, data: Any) -> Any:
        """States saved before the rolls left the state kept every roll of the game in
        ``log``: it is dropped, so those states still load (the position alone decides what
        is drawn next)."""
        if isinstance(data, dict) and "log" in data:
            data = {k: v for k, v in data.items() if k != "log"}
        return data


class Dice:
    """Draws from a :class:`DiceState` (which it changes in place) and records every roll it
    makes in :attr:`log`, in order."""

    def __init__(self, state: DiceState) -> None:
        self.state = state
        self.log: list[Roll] = []
        """The rolls this object drew, in order: one resolution's, never saved with the
        state."""

    def _draw(self) -> int:
        """The next 64-bit number of the stream; a pure function of (seed, position)."""
        key = f"{self.state.seed}:{self.state.position}".encode()
        self.state.position += 1
        return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling keeps it unbiased)."""
        if n < 1:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        limit = _SPAN - _SPAN % n
        while True:
            value = self._draw()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates), as a player mixes face-down pieces."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def mix(self, names: list[str]) -> None:
        """Mix face-down pieces named ``names`` and draw them one by one (in place): the order
        drawn is the next queued forced order if there is one (each name takes its place in it;
        names it holds but ``names`` does not are skipped), else a :meth:`shuffle`.

        Raises :class:`ForcedDiceError` if a piece mixed has no place in the forced order."""
        if not self.state.forced_orders:
            self.shuffle(names)
            return
        order = self.state.forced_orders.pop(0)
        missing = [name for name in names if name not in order]
        if missing:
            raise ForcedDiceError(
                f"forced order {order} leaves out {', '.join(missing)}, mixed with the others"
            )
        names.sort(key=order.index)

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        if not items:
            raise ValueError("cannot choose from nothing")
        return items[self.randbelow(len(items))]

    def _dice(self, count: int) -> tuple[tuple[int, ...], bool]:
        if self.state.forced:
            forced = self.state.forced.pop(0)
            if len(forced) != count or not all(1 <= d <= 6 for d in forced):
                raise ForcedDiceError(
                    f"forced roll {forced} does not fit a roll of {count} "
                    f"{'die' if count == 1 else 'dice'} (each 1-6)"
                )
            return tuple(forced), True
        return tuple(self.randbelow(6) + 1 for _ in range(count)), False

    def roll(
        self,
        who: str,
        purpose: str | Phrase,
        *,
        one_die: int = 0,
        modifier: int = 0,
        red: int | None = None,
    ) -> Roll:
        """A table roll (4.1.1–4.1.2): two dice less one per ``one_die`` modification (at least
        one), the highest die plus ``modifier``, clamped to 1..6; recorded in the log. ``red``:
        what the red die shows, chosen, not rolled (the Magic Wand, L4352) — the white die is
        still rolled if he rolls two (first in ``dice``, the red one last), and with one die
        the red one is all."""
        count = max(1, 2 - one_die)
        if red is not None:
            white, forced = self._dice(count - 1) if count > 1 else ((), False)
            dice = (*white, red)
        else:
            dice, forced = self._dice(count)
        result = min(6, max(1, max(dice) + modifier))
        return self._record(
            Roll(
                who=who, purpose=purpose, dice=dice, modifier=modifier, result=result, forced=forced
            )
        )

    def game_roll(self, purpose: str | Phrase, who: str = "game") -> Roll:
        """A game roll (4.1.3): one die, never modified; recorded in the log."""
        dice, forced = self._dice(1)
        return self._record(
            Roll(who=who, purpose=purpose, dice=dice, result=dice[0], forced=forced)
        )

    def _record(self, roll: Roll) -> Roll:
        self.log.append(roll)
        return roll
