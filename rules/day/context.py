"""The context every step of the day works over (5.1): the catalog, the board, the state, the dice,
the events produced so far and the decisions asked.

A rule is a plain function ``step(ctx, ...)`` in its section's module. It reads and changes
``ctx.state``, rolls with ``ctx.dice``, reports what happened with :meth:`Ctx.emit` (an event of
its type's class, :mod:`rules.events`, which declares its audience), and asks players with
:meth:`Ctx.ask`. A step that asks does so before it changes or rolls anything, then calls
:meth:`Ctx.wait_if_pending`: if any answer is awaited, resolution stops there, and the step runs
again from the start when it resumes with the answers.

The helpers below answer the questions every section asks: whose sheet, who learns what, who is
an individual (6.2.5, 7.12.1), where he stands, who follows him (7.11).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.board import Board, board_for
from rules.catalog import Catalog
from rules.day.state import DayState
from rules.daylight import hirelings
from rules.decisions.ids import TurnId
from rules.decisions.kinds import FATIGUE_STEP
from rules.dice import Dice, Roll
from rules.events import Decision, Event
from rules.events.day import Rolled
from rules.orders.model import Instructions
from rules.state import CharacterState, GameState


class PendingDecisionError(Exception):
    """Raised to stop resolution at a decision a player must make (:meth:`Ctx.wait_if_pending`)."""


@dataclass
class Ctx:
    """One resolution's working context. Build it with :meth:`start`."""

    catalog: Catalog
    board: Board
    state: GameState
    dice: Dice
    answers: Mapping[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)
    pending_from: int = 0
    """How many of ``pending`` were asked before the step running now began to be fought (see
    :meth:`wait_if_pending`): clearings fighting at once (8.1.3b) each wait for their own."""
    landed: set[str] = field(default_factory=set)
    """Followers of the current turn's guide already put back on the map (7.12.1c)."""
    places: dict[str, str] = field(default_factory=dict)
    """Where each piece was last seen (see :meth:`where`)."""
    defaulted: frozenset[str] = frozenset()
    """The ids of the answers that are defaults taken when the player's time ran out."""
    memo: dict[tuple[str, ...], Any] = field(default_factory=dict)
    """What a step computes once and asks again when it is played (the melee window's plays,
    :func:`rules.evening.melee.ask_plays`), by a key naming the moment."""

    @classmethod
    def start(
        cls, catalog: Catalog, state: GameState, answers: Mapping[str, str] | None = None
    ) -> Ctx:
        """A context over ``state`` itself (not a copy): its dice are the state's dice."""
        return cls(
            catalog=catalog,
            board=board_for(catalog, state.tiles),
            state=state,
            dice=Dice(state.dice),
            answers=answers or {},
        )

    @property
    def today(self) -> DayState:
        return self.state.today

    # --- events and decisions -----------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record ``event`` (its class declares its audience; a private one names its
        recipients)."""
        self.events.append(event)

    def emit_roll(
        self,
        roll: Roll,
        *,
        at: str | None = None,
        round: int | None = None,
        phase: int | None = None,
    ) -> None:
        """The public ``roll`` event of a recorded roll: who rolled, the table as printed, the
        dice and the result, and where it was made (``at``, ``round``, ``phase``)."""
        self.emit(
            Rolled(
                who=roll.who,
                purpose=roll.purpose,
                dice=roll.dice,
                result=roll.result,
                at=at,
                round=round,
                phase=phase,
            )
        )

    def ask(self, decision: Decision) -> str:
        """The player's answer to ``decision`` (by its id), else the default — or, with the option
        ``wait_for_decisions``, the default for now while the decision is added to those pending
        (see :meth:`wait_if_pending`). The Evening's decisions wait only with the option
        ``wait_for_combat`` as well, and those of the Fatigue Step (fatigue and wounds, 8.5)
        only with ``wait_for_fatigue`` too: a round of combat by DM asks at most two windows
        (lure; the encounter's, with the melee's asked ahead), and fatigue and wounds follow the
        player's standing ``fatigue:`` and ``wound:`` orders or the default. A combat decision
        with a single option is no choice and is never asked. Asking changes nothing in the
        state. An answer that is no longer among the options (given ahead, before the step
        that takes it) is the default; so is one that was the default because nobody answered
        (:attr:`defaulted`): the default of the moment it is taken, which a decision asked
        ahead may have changed since."""
        answer = self.answers.get(decision.id)
        if answer is not None:
            if decision.id in self.defaulted:  # nobody chose: his default as it is now
                return decision.default
            return answer if answer in decision.options else decision.default
        waits = bool(self.state.options.get("wait_for_decisions", False))
        if self.today.stage == "evening":
            waits = self.combat_waits() and len(decision.options) > 1
            if decision.kind in FATIGUE_STEP:
                waits = waits and bool(self.state.options.get("wait_for_fatigue", False))
        if waits:
            self.pending.append(decision)
        return decision.default

    def combat_waits(self) -> bool:
        """Whether the Evening's decisions may wait for their players (the options
        ``wait_for_decisions`` and ``wait_for_combat``, :meth:`ask`). If not, asking a decision
        ahead of the step that takes its answer, in a window with others, changes nothing."""
        options = self.state.options
        return bool(options.get("wait_for_decisions", False)) and bool(
            options.get("wait_for_combat", False)
        )

    def wait_if_pending(self) -> None:
        """After every decision of a step has been asked — all at once — stop if any awaits its
        player; the step runs again on resuming, with the answers."""
        if len(self.pending) > self.pending_from:
            raise PendingDecisionError

    def decision_id(self, kind: str, who: str, subject: str | None = None) -> TurnId:
        """The stable id of a decision of ``kind`` for ``who`` in the current phase of the
        current turn, about ``subject`` (one of his belongings) if given:
        ``d{game day}/{whose turn}/p{phase}/{kind}/{who}``."""
        turn = self.today.turn
        assert turn is not None, "decisions arise during a turn"
        return TurnId(
            day=self.state.game_day,
            turn=turn.character,
            phase=turn.phase + 1,
            kind=kind,
            who=who,
            subject=subject,
        )

    # --- who is who ---------------------------------------------------------------------------

    def sheet(self, name: str) -> CharacterState:
        """The sheet of a character, or of a minion (hired leaders' and controlled monsters' turns
        use the same steps, 6.2.5)."""
        return self.state.sheet(name)

    def eyes(self, name: str) -> str:
        """The character who learns what ``name`` learns: himself, a minion's employer
        (7.7.1f, 7.7.2a), or a familiar's owner (L3929)."""
        return self.state.recorder(name) or name

    def is_character(self, name: str) -> bool:
        return name in self.state.characters

    def acts(self, name: str) -> bool:
        """A character, hired leader or controlled monster: an individual who takes a turn,
        blocks and is blocked, and summons (6.2.5, 7.12.1, 7.13.2); not an underling."""
        return self.is_character(name) or hirelings.is_actor(self.catalog, self.state, name)

    def where(self, name: str) -> str | None:
        """The clearing ``name`` stands in, or None off the map (KeyError if it is nowhere)."""
        place = self.place_of(name)
        if place is None:
            raise KeyError(f"piece {name!r} is in no stack")
        kind, _, rest = place.partition(":")
        return rest if kind == "at" else None

    def place_of(self, name: str) -> str | None:
        """The place of ``name``, None if it is in no stack.

        Asked thousands of times in an Evening, so the places of the pieces are indexed once and
        the index is trusted only while the piece is still in the stack it names: a piece moved
        since (by any means) makes the index be built again."""
        place = self.places.get(name)
        if place is None or name not in self.state.stacks.get(place, ()):
            self.places = {p: at for at, stack in self.state.stacks.items() for p in stack}
            place = self.places.get(name)
        return place

    def followers_of(self, guide: str) -> list[str]:
        """Those following ``guide`` today (6.3.2), in the order they were declared."""
        return [f for f, g in self.today.followers.items() if g == guide]

    def instructions(self, name: str) -> Instructions:
        """His standing instructions today (none without orders)."""
        orders = self.today.orders.get(name)
        return orders.instructions if orders is not None else Instructions()
