"""Decisions (DESIGN: Resolution is resumable): stable ids, answers by id, and asking changes
nothing — the rule of every step that asks a player."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.day.engine import resolve
from rules.daylight import rest
from rules.orders.model import Activity, ActivityKind, Instructions, Orders
from rules.state import GameState
from tests.rules.games import fresh

REST = Activity(kind=ActivityKind.REST)
HIDE = Activity(kind=ActivityKind.HIDE)


def tired(*labels: str) -> GameState:
    """The Amazon and the Black Knight in one clearing, the Amazon with ``labels`` fatigued, the
    game waiting for decisions."""
    state = fresh(7, ("Amazon", "Black Knight"))
    state.put("Black Knight", state.place_of("Amazon"))
    for chit in state.characters["Amazon"].chits:
        if chit.label in labels:
            chit.status = "fatigued"
    state.options["wait_for_decisions"] = True
    return state


def test_a_step_that_asks_changes_nothing_and_rolls_nothing():
    """Resuming without the answer stops at the same decision with the very same state: the
    asking step changed nothing, drew no die and told nobody anything."""
    state = tired("MOVE M3*", "FIGHT M4*")
    day = {"Amazon": Orders(character="Amazon", phases=(HIDE, REST, HIDE))}
    waiting = resolve(state, day)
    assert [d.kind for d in waiting.pending] == ["rest"]
    again = resolve(waiting.state, {})
    assert again.pending == waiting.pending
    assert again.events == []
    assert again.state.content_hash() == waiting.state.content_hash()
    assert again.state.dice.position == waiting.state.dice.position


def test_the_rest_options_are_the_one_generator_the_decision_uses():
    """The decision's options and default are :func:`rules.daylight.rest.options`'; a ``rest``
    instruction settles the choice, and so does having one chit to rest."""
    state = tired("MOVE M3*", "FIGHT M4*")
    amazon = state.characters["Amazon"]
    legal = rest.options(amazon, Instructions(), state.spells)
    assert legal is not None and set(legal.options) == {"MOVE M3*", "FIGHT M4*"}
    waiting = resolve(state, {"Amazon": Orders(character="Amazon", phases=(REST,))})
    (decision,) = waiting.pending
    assert (decision.options, decision.default) == (legal.options, legal.default)
    ordered = Instructions.model_validate({"rest": ("fight", "move")})
    assert rest.options(amazon, ordered, state.spells) is None
    one = tired("MOVE M3*")
    assert rest.options(one.characters["Amazon"], Instructions(), one.spells) is None


def test_ids_say_where_the_decision_arises_and_answers_go_by_id():
    """Two rests of one day ask two decisions with different ids (the phase is in the id); each
    answer is taken by its own decision, whatever order they are given in."""
    state = tired("MOVE M3*", "FIGHT M4*", "FIGHT L2*")
    day = {"Amazon": Orders(character="Amazon", phases=(REST, HIDE, REST))}
    first = resolve(state, day, until="daylight")
    (one,) = first.pending
    assert one.id == f"d{state.game_day}/Amazon/p1/rest/Amazon"
    second = resolve(first.state, {}, {one.id: "FIGHT M4*"}, until="daylight")
    (two,) = second.pending
    assert two.id == f"d{state.game_day}/Amazon/p3/rest/Amazon"
    answers = {two.id: two.options[-1], one.id: "FIGHT M4*"}
    done = resolve(second.state, {}, answers, until="daylight")
    assert done.done
    rested = [e.fields["chit"] for e in [*second.events, *done.events] if e.type == "rested"]
    assert rested == ["FIGHT M4*", two.options[-1]]


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["MOVE M3*", "FIGHT M4*"]), st.text(max_size=12))
def test_an_answer_not_among_the_options_takes_the_default(choice: str, junk: str):
    """An answer is one of the options, exactly; anything else (a stale or forged answer) is
    the default."""
    state = tired("MOVE M3*", "FIGHT M4*")
    day = {"Amazon": Orders(character="Amazon", phases=(REST,))}
    waiting = resolve(state, day)
    (decision,) = waiting.pending
    answer = junk if junk not in decision.options else choice
    done = resolve(waiting.state, {}, {decision.id: answer})
    expected = answer if answer in decision.options else decision.default
    assert next(e.fields["chit"] for e in done.events if e.type == "rested") == expected
