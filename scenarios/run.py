"""Running a scenario (SCENARIOS.md, "Format": ``orders``, ``answers``, ``until``): each
character's orders parsed, the day resolved up to ``until``, the scenario's answers given to the
decisions asked.

``answers`` are written per character, in the order asked; the engine takes them by decision id
(:attr:`~rules.events.Decision.id`). So the runner resolves with the option
``wait_for_decisions`` on, and each time the engine stops it gives each pending decision the next
unused answer of its character, under that decision's id, and resolves on. A decision whose
character has no answer left takes its default, unless the scenario itself turns
``wait_for_decisions`` on: then the run stops with it pending (and
:func:`~scenarios.check.check` reports it). The state afterwards has the scenario's own value
of the option.

The decisions of a Search phase (SCENARIOS.md Part 2, "Choices") are answered from
``choices.<searcher>.search`` first, the k-th S or P phase of his orders by his k-th entry
(:mod:`scenarios.search`); one his entry does not answer is answered as any other
(``answers``, else its default). Entries that cannot belong to his orders (a follower's, more
than his Search phases) make the scenario malformed. A tile enchantment's ``enchant`` decision
is answered from ``choices.<name>.enchant``, in order (:mod:`scenarios.enchanting`).

Combat decisions (SCENARIOS.md Part 2, "Combat plays") are answered from ``plays`` instead
(:func:`scenarios.combat.answer`), never from ``answers``; the ``positions`` are given, as
answers under their own ids, from the first resolution on (:func:`~scenarios.combat.
fixed_positions`). With ``rounds: N`` the run stops, leaving them unanswered, at the first
decisions of a round after N: the outcome is the state at that point, and those decisions are
the outcome's ``next_round`` (not a difference).

:func:`run` takes the parse and resolve functions as parameters (the real ones by default), so
the runner can be tested before, and independently of, the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from rules.catalog import Catalog
from rules.day.engine import resolve as _real_resolve
from rules.decisions import CombatId, kind_of
from rules.events import PUBLIC, Decision, Event, Resolution, visible_to
from rules.orders.model import Orders
from rules.orders.parse import ParseResult, Problem
from rules.orders.parse import parse_orders as _real_parse
from rules.state import GameState
from scenarios.build import build_state
from scenarios.combat import UNPLAYED, Scene, answer, fixed_positions, read_id, round_of
from scenarios.enchanting import Enchants
from scenarios.energizing import color_answers
from scenarios.format import Choices, Scenario, ScenarioError
from scenarios.matching import show_event
from scenarios.names import orders_name
from scenarios.plays import Play, Position
from scenarios.search import Searches, check_entries, everyone
from scenarios.spell_answers import SpellAnswers
from scenarios.trading import Hires, Trades

#: The game option that makes the engine stop at a decision instead of taking its default.
WAIT = "wait_for_decisions"
#: The game options that make the Evening's decisions wait too, those of the Fatigue Step
#: included (the runner answers them).
COMBAT = "wait_for_combat"
FATIGUE = "wait_for_fatigue"


class ParseFn(Protocol):
    """The signature of :func:`rules.orders.parse.parse_orders`."""

    def __call__(
        self, text: str, state: GameState, character: str, *, catalog: Catalog | None = None
    ) -> ParseResult: ...


class ResolveFn(Protocol):
    """The signature of :func:`rules.day.engine.resolve`."""

    def __call__(
        self,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str] | None = None,
        *,
        catalog: Catalog | None = None,
        until: Literal["daylight", "evening", "day"] = "day",
    ) -> Resolution: ...


@dataclass
class Outcome:
    """What a run produced: the state afterwards, the events, the parse problems per character
    (``(character, problem)``), any decision the run stopped on, and, with ``rounds``, the
    decisions of the round it did not play (``next_round``)."""

    catalog: Catalog
    state: GameState
    events: list[Event] = field(default_factory=list)
    errors: list[tuple[str, Problem]] = field(default_factory=list)
    warnings: list[tuple[str, Problem]] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)
    next_round: list[Decision] = field(default_factory=list)


def run(
    catalog: Catalog,
    scenario: Scenario,
    *,
    parse: ParseFn = _real_parse,
    resolve: ResolveFn = _real_resolve,
) -> Outcome:
    """Set the scenario up, parse each character's orders and, unless ``until`` is
    ``birdsong``, resolve up to ``until`` with the scenario's answers.

    A malformed scenario raises :class:`ScenarioError`; whatever the engine raises propagates
    (the runner reports it as a failure).
    """
    state = build_state(catalog, scenario)
    outcome = Outcome(catalog=catalog, state=state)
    orders: dict[str, Orders] = {}
    refused: list[str] = []
    for written, text in scenario.orders.items():
        name = orders_name(catalog, state, written)
        result = parse(text, state, name, catalog=catalog)
        outcome.errors.extend((name, problem) for problem in result.errors)
        outcome.warnings.extend((name, problem) for problem in result.warnings)
        if result.orders is not None:
            orders[name] = result.orders
        else:
            refused.append(name)
    recorded = everyone(orders.values())
    entries = {
        orders_name(catalog, state, written): list(chosen.search)
        for written, chosen in scenario.choices.items()
    }
    refused += [
        other
        for other in (*state.minions, *state.familiars)
        if other not in recorded and state.recorder(other) in refused
    ]
    check_entries(entries, recorded, refused)
    searches = Searches(entries, recorded)
    trades = Trades(
        {
            orders_name(catalog, state, written): list(chosen.trade)
            for written, chosen in scenario.choices.items()
        },
        recorded,
    )
    hires = Hires(
        {
            orders_name(catalog, state, written): list(chosen.hire)
            for written, chosen in scenario.choices.items()
        },
        recorded,
    )
    enchants = Enchants(
        {
            orders_name(catalog, state, written): chosen.enchant
            for written, chosen in scenario.choices.items()
        }
    )
    spells = SpellAnswers(
        {
            orders_name(catalog, state, written): chosen.spells
            for written, chosen in scenario.choices.items()
        }
    )
    if scenario.until == "birdsong":
        return outcome
    answers = {catalog.characters[k].name: list(v) for k, v in scenario.answers.items()}
    plays = {catalog.characters[k].name: list(v) for k, v in scenario.plays.items()}
    waiting = state.model_copy(
        update={"options": {**state.options, WAIT: True, COMBAT: True, FATIGUE: True}}
    )
    sunset = scenario.start == "sunset"
    given = fixed_positions(catalog, state, scenario.positions) if sunset else {}
    given.update(color_answers(catalog, state, scenario.choices))
    resolution = resolve(waiting, orders, dict(given), catalog=catalog, until=scenario.until)
    outcome.events = list(resolution.events)
    while True:
        if not sunset:
            given.update(_positions_now(catalog, resolution.state, scenario.positions, given))
        if _beyond(resolution.pending, scenario.rounds):
            outcome.next_round = list(resolution.pending)
            resolution = resolution.model_copy(update={"pending": []})
            break
        combat = _Combat(catalog, resolution.state, plays, scenario.choices)
        wait = bool(state.options.get(WAIT))
        if not _answer(
            resolution.pending,
            answers,
            given,
            wait=wait,
            combat=combat,
            searches=searches,
            trades=trades,
            hires=hires,
            enchants=enchants,
            spells=spells,
        ):
            break
        resolution = resolve(
            resolution.state, {}, dict(given), catalog=catalog, until=scenario.until
        )
        outcome.events.extend(resolution.events)
    after: GameState = resolution.state
    for option in (WAIT, COMBAT, FATIGUE):
        if option in state.options:
            after.options[option] = state.options[option]
        else:
            after.options.pop(option, None)
    outcome.state = after
    outcome.pending = list(resolution.pending)
    return outcome


def _positions_now(
    catalog: Catalog, state: GameState, positions: Sequence[Position], given: Mapping[str, str]
) -> dict[str, str]:
    """For a scenario that starts at Birdsong, the positions fixed for sheets whose owners now
    stand with the counters named (the day has brought them together); each is fixed once."""
    found: dict[str, str] = {}
    for position in positions:
        try:
            fixed = fixed_positions(catalog, state, [position])
        except ScenarioError:
            continue
        found.update({k: v for k, v in fixed.items() if k not in given})
    return found


def _beyond(pending: Sequence[Decision], rounds: int | None) -> bool:
    """Whether ``pending`` asks for a round of combat after the last one to be played."""
    return rounds is not None and any((round_of(d) or 0) > rounds for d in pending)


class _Combat:
    """The scenario's plays, and what their names are resolved against in each clearing (as
    the state stands when the decisions are asked)."""

    def __init__(
        self,
        catalog: Catalog,
        state: GameState,
        plays: Mapping[str, list[Play]],
        choices: Mapping[str, Choices],
    ):
        self.catalog, self.state, self.plays = catalog, state, plays
        self.battle = {
            catalog.characters[written].name: {c.group: c for c in chosen.battle}
            for written, chosen in choices.items()
            if chosen.battle
        }
        self.scenes: dict[str, Scene] = {}

    def answer(self, decision: Decision, where: CombatId, given: Mapping[str, str]) -> str:
        if kind_of(where).window == "natives":
            return self.meeting(decision, where)
        clearing = where.clearing
        if clearing not in self.scenes:
            self.scenes[clearing] = Scene.of(self.catalog, self.state, clearing)
        return answer(decision, self.plays, self.scenes[clearing], given)

    def meeting(self, decision: Decision, where: CombatId) -> str:
        """8.2.2: drinks, and paying off an Insult or a Challenge, from ``choices.battle``;
        no drinks and a refusal when the scenario does not say."""
        chosen = self.battle.get(decision.character, {}).get(where.subject or "")
        if decision.kind == "drinks":
            return "yes" if chosen is not None and chosen.drinks else "no"
        if chosen is None:
            return "refuse"
        return chosen.insult if decision.kind == "insult" else chosen.challenge


def _answer(
    pending: Sequence[Decision],
    answers: Mapping[str, list[str]],
    given: dict[str, str],
    *,
    wait: bool,
    combat: _Combat | None = None,
    searches: Searches | None = None,
    trades: Trades | None = None,
    hires: Hires | None = None,
    enchants: Enchants | None = None,
    spells: SpellAnswers | None = None,
) -> bool:
    """Answer the ``pending`` decisions into ``given`` (by id): a combat decision from the
    ``combat`` plays (one of a kind ``plays`` has no key for, :data:`UNPLAYED`, from his
    ``answers`` first); a Search phase's from the ``searches`` entries
    (:mod:`scenarios.search`) when his entry gives it; any other the next of its
    character's ``answers`` (consumed). What none of them answers takes its default, unless the
    scenario would ``wait``. True when anything was answered, so that resolving again goes
    further."""
    answered = False
    for decision in pending:
        if decision.id in given:
            continue
        chosen = searches.answer(decision) if searches is not None else None
        if chosen is None and trades is not None:
            chosen = trades.answer(decision)
        if chosen is None and hires is not None:
            chosen = hires.answer(decision)
        if chosen is None and enchants is not None:
            chosen = enchants.answer(decision)
        if chosen is None and spells is not None:
            chosen = spells.answer(decision)
        if chosen is not None:
            given[decision.id] = chosen
            answered = True
            continue
        where = read_id(decision.id)
        unused = answers.get(decision.character)
        if where is not None and where.kind in UNPLAYED and unused:
            given[decision.id] = unused.pop(0)
            answered = True
            continue
        if where is not None and combat is not None:
            given[decision.id] = combat.answer(decision, where, given)
            answered = True
            continue
        if not unused and wait:
            continue
        given[decision.id] = unused.pop(0) if unused else decision.default
        answered = True
    return answered


def public_report(events: Sequence[Event]) -> str:
    """What ``public_excludes`` is checked against, as far as the engine knows it: every event
    the public may see with its fields' values, one a line (:func:`scenarios.matching.show_event`:
    ``{type: moved, who: Amazon, from: CV1, to: CV5}``). The sentences that tell them are the
    application's (``bot``, which imports this package, not the other way round): its scenario
    runner adds them, and its report, to this text."""
    return "\n".join(show_event(event) for event in visible_to(events, PUBLIC))
