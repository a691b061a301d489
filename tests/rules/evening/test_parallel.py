"""8.1.3b's note: with every player's agreement, the clearings fight at once (the game option
``parallel_combat``). Each clearing's combat goes on until it waits for its players, and the day
waits once every clearing has: their windows are asked together."""

from __future__ import annotations

from rules import catalog, new_game, resolve
from rules.board import board_for
from rules.decisions import clearing_of
from rules.events import Resolution
from rules.state import GameState, Place


def two_fights(parallel: bool) -> GameState:
    """The Amazon with Giant 1 in AV5, the Black Knight with Giant 2 in a clearing next to
    it, both unhidden; the game waits for combat's decisions."""
    game = catalog()
    state = new_game(game, 7, ["Amazon", "Black Knight"])
    for piece in list(state.at(Place.clearing("AV5"))):
        if piece != "Amazon":
            state.put(piece, Place.OUT)
    other = board_for(game, state.tiles).neighbours("AV5")[0]
    for piece in list(state.at(Place.clearing(other))):
        state.put(piece, Place.OUT)
    state.put("Black Knight", Place.clearing(other))
    state.put("Giant 1", Place.clearing("AV5"))
    state.put("Giant 2", Place.clearing(other))
    for character in state.characters.values():
        character.hidden = False
    state.options.update(wait_for_decisions=True, wait_for_combat=True, parallel_combat=parallel)
    return state


def with_defaults(first: Resolution, answered: dict[str, str]) -> dict[str, str]:
    return {**answered, **{d.id: d.default for d in first.pending}}


def clearings_asked(resolution: Resolution) -> set[str | None]:
    return {clearing_of(d.id) for d in resolution.pending}


def play_out(state: GameState) -> tuple[Resolution, list[set[str | None]], list[str]]:
    """The day resolved, every window answered with its defaults: the last resolution, the
    clearings each stop asked about, and the clearings whose combat ended, in order."""
    answers: dict[str, str] = {}
    stops: list[set[str | None]] = []
    result = resolve(state, {}, answers)
    ended = []
    for _ in range(200):
        ended += [e.fields["at"] for e in result.events if e.type == "combat_ended"]
        if not result.pending:
            return result, stops, ended
        stops.append(clearings_asked(result))
        answers = with_defaults(result, answers)
        result = resolve(result.state, {}, answers)
    raise AssertionError("the day never ended")


def test_in_turn_each_stop_asks_one_clearing():
    state = two_fights(parallel=False)
    other = board_for(catalog(), state.tiles).neighbours("AV5")[0]
    _, stops, ended = play_out(state)
    assert all(len(stop) == 1 for stop in stops)
    assert set().union(*stops) == {"AV5", other} and sorted(ended) == sorted({"AV5", other})
    first = stops[0]
    assert all(stop == first for stop in stops[: stops.index(first) + 1])
    switched = [i for i in range(1, len(stops)) if stops[i] != stops[i - 1]]
    assert len(switched) == 1, "one clearing's fight, then the other's"


def test_at_once_the_first_stop_asks_both_clearings_and_both_fights_end():
    state = two_fights(parallel=True)
    other = board_for(catalog(), state.tiles).neighbours("AV5")[0]
    result, stops, ended = play_out(state)
    assert stops[0] == {"AV5", other}, "both clearings' windows open together"
    assert sorted(ended) == sorted({"AV5", other}), "each fight went on to its end"
    assert result.state.today.stage == "birdsong", "and the day ended"


def test_at_once_the_same_answers_give_the_same_results():
    first = play_out(two_fights(parallel=True))[0]
    second = play_out(two_fights(parallel=True))[0]
    assert first.state.to_json() == second.state.to_json()
    assert first.events == second.events
