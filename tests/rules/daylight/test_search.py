"""The Search activity's dispatch (7.5.1–7.5.3): a result that waits for the player's decision
resumes with the same roll, and what is found is his alone."""

from __future__ import annotations

from rules import catalog, parse_orders, resolve
from rules.events import PUBLIC, visible_to
from tests.rules.games import fresh


def waiting_search(text: str, dice: list[list[int]]):
    state = fresh(3, ["Amazon"], Amazon="CV1")
    state.options.update(wait_for_decisions=True)
    state.dice.forced = [[2], *(list(d) for d in dice)]  # the monster roll first
    orders = {"Amazon": parse_orders(text, state, "Amazon", catalog=catalog()).orders}
    return state, orders


def test_a_choice_waits_and_resumes_with_the_same_roll():
    """L5577: on a 1 the player chooses; the day stops for it and goes on with his answer,
    the roll not made again."""
    state, orders = waiting_search("S Locate", [[1, 1]])
    first = resolve(state, orders, until="daylight")
    (asked,) = first.pending
    assert asked.kind == "search_choice" and "Discover chits" in asked.options
    assert asked.default == "Discover chits"
    rolls = [e for e in first.events if e.type == "searched"]
    assert [e.fields["result"] for e in rolls] == ["Choice"]
    second = resolve(first.state, {}, {asked.id: "Passages"}, until="daylight")
    assert not [e for e in second.events if e.type == "searched"], "no second roll"
    chosen = [e for e in second.events if e.type == "search_choice"]
    assert chosen and chosen[0].fields["result"] == "Passages"
    assert chosen[0].recipients == ("Amazon",)
    assert second.state.today.turn is None or second.state.today.turn.searched is None


def test_the_public_sees_the_roll_and_not_what_is_found():
    state, orders = waiting_search("S Locate", [[4, 2]])
    result = resolve(state, orders, until="daylight")
    public = visible_to(result.events, PUBLIC)
    assert [e.fields["result"] for e in public if e.type == "searched"] == ["Discover chits"]
    assert not [e for e in public if e.type in ("looked", "discovered")]
    mine = visible_to(result.events, "Amazon")
    assert [e for e in mine if e.type == "looked"]
