"""Resolving a day (5.1): Birdsong's orders recorded (6.2), then the stages in the rulebook's
order — Sunrise (6.1, 6.3), Daylight (7), Sunset, the Evening (8) and Midnight (8.9).

:func:`resolve` runs the day from where the state says it stopped until the part asked for is
done or a player's decision is needed. It never changes the state it is given: it works on a copy
and returns it in the :class:`~rules.events.Resolution` with the events it produced and the rolls
it drew (which the state does not keep). The same state, orders and answers always give the same
result, byte for byte: all randomness comes from the state's dice.

Each stage is a step over one :class:`~rules.day.context.Ctx` in its section's module:
:mod:`rules.day.sunrise`, :mod:`rules.daylight.turn`, :mod:`rules.day.midnight` (Sunset and
Midnight), :mod:`rules.evening.combat`. What later issues add is reported, never skipped: a
``not_implemented`` event names each rule not implemented yet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.day.context import Ctx, PendingDecisionError
from rules.day.midnight import midnight, sunset
from rules.day.state import Stage
from rules.day.sunrise import sunrise
from rules.daylight.turn import daylight
from rules.evening.combat import evening
from rules.events import Resolution
from rules.orders.model import Orders
from rules.orders.problems import ProblemCode
from rules.state import GameState

Until = Literal["daylight", "sunset", "evening", "day"]

#: The stages of a day after Birdsong, in order: each step moves ``today.stage`` on.
STAGES: dict[Stage, Callable[[Ctx], None]] = {
    "sunrise": sunrise,
    "daylight": daylight,
    "sunset": sunset,
    "evening": evening,
    "midnight": midnight,
}

#: The last stage each ``until`` runs.
_LAST: dict[Until, Stage] = {
    "daylight": "daylight",
    "sunset": "sunset",
    "evening": "evening",
    "day": "midnight",
}


class OrdersError(ValueError):
    """Orders that cannot be resolved: for someone who is not in the game. Its ``code`` is the
    same :class:`~rules.orders.problems.ProblemCode` the parser gives such orders."""

    code = ProblemCode.NOT_IN_GAME


def resolve(
    state: GameState,
    orders: Mapping[str, Orders],
    answers: Mapping[str, str] | None = None,
    *,
    catalog: Catalog | None = None,
    until: Until = "day",
    defaulted: frozenset[str] = frozenset(),
    in_place: bool = False,
) -> Resolution:
    """Resolve the day from where ``state`` stands until ``until`` is reached (the end of
    ``daylight``, of ``sunset`` — the start of the Evening —, of the ``evening``, or of the
    whole ``day`` through Midnight) or a decision is pending.

    ``orders`` are the day's orders by character, hired leader, controlled monster or underling;
    those without orders do nothing (a blank day). They are recorded at Birdsong and ignored when
    resuming. ``answers`` are the players' answers to decisions, keyed by decision id
    (:attr:`~rules.events.Decision.id`); whatever is asked and not answered takes its default,
    unless the game's option ``wait_for_decisions`` is on: then resolution stops with the
    decision pending, having changed nothing of the step that asked.

    ``defaulted`` are the ids of the answers that are their decisions' defaults because the
    player let the time run out: the Melee Step's revealed plays say so ("(default)" in the
    round report, issue 14).

    With ``in_place`` the state given is worked on and becomes the resolution's, not a copy of
    it: for a caller that has no other use for it (the service, which reads it afresh from a
    snapshot each time). The copy is made through JSON, which a state round-trips exactly, its
    keys in their order: a third of the time of a deep copy.

    Raises :class:`OrdersError` for orders for someone not in the game, orders recorded by
    someone who does not record them, or two orders for one individual.
    """
    worked = state if in_place else type(state).model_validate_json(state.model_dump_json())
    ctx = Ctx.start(catalog or default_catalog(), worked, answers)
    ctx.defaulted = defaulted
    if ctx.today.stage == "birdsong":
        record(ctx, orders)
    run(ctx, until)
    return Resolution(state=ctx.state, events=ctx.events, pending=ctx.pending, rolls=ctx.dice.log)


def record(ctx: Ctx, orders: Mapping[str, Orders]) -> None:
    """Birdsong (6.2): the day's orders are recorded, secretly — the characters', and those each
    employer records for his hired leaders, controlled monsters and underlings (6.2.5, 6.3.1) and
    the Witch for her familiar (L3926), given under their own names or within his orders
    (``Orders.recorded``)."""
    state = ctx.state
    everyone = [*state.characters, *sorted(state.minions), *sorted(state.familiars)]
    given = dict(orders)
    for name, own in orders.items():
        for theirs in own.recorded:
            who = theirs.character
            if state.recorder(who) != name:
                raise OrdersError(f"the {name} does not record the orders of {who!r}")
            if who in given:
                raise OrdersError(f"orders for {who!r} are given twice")
            given[who] = theirs
        if own.recorded:
            given[name] = own.model_copy(update={"recorded": ()})
    for name in given:
        if name not in everyone:
            raise OrdersError(f"orders for {name!r}, who is not in the game")
    ctx.today.orders = {name: given[name] for name in everyone if name in given}
    ctx.today.stage = "sunrise"


def run(ctx: Ctx, until: Until) -> None:
    """The stage driver: each stage's step in turn, from the one the state stands at, through
    the last one ``until`` names; a pending decision stops it where it is."""
    last = _LAST[until]
    try:
        while ctx.today.stage in STAGES:
            stage = ctx.today.stage
            STAGES[stage](ctx)
            if stage == last:
                return
    except PendingDecisionError:
        return
