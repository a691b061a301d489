"""Trade and Hire ask in order, one step at a time (issue 32): a decision whose existence or
options depend on an earlier answer waits for it, so that nothing is asked about an item he does
not get — the price or boon alone, then the belongings he pays with, then what he does with the
item — and a phase stopped at any of them resumes with the same roll, to the same end as when
every answer is given at once. Magic Sight's take (7.5.7d) likewise asks about the item only once
he has chosen where he takes it from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.events import Decision
from rules.orders.parse import parse_orders
from rules.state import GameState
from scenarios import build_state, load_scenario

ALLY_COMPANY = [{"name": "Company HQ", "at": "DW5"}, {"name": "Company 1", "at": "DW5"}]


def day(
    meeting: list[int],
    *,
    gold: int,
    relationship: str = "ally",
    orders: str = "T Company",
    ware: str = "Mace",
) -> tuple[GameState, dict[str, Any]]:
    """The Amazon (``gold``) in DW5 with the Company, whose box holds ``ware`` (the Mace's basic
    price is 6), the Meeting roll ``meeting``; the day waits for decisions."""
    data = {
        "name": "a trade",
        "map": {"tiles": [{"tile": "DW", "at": [0, 0], "rotation": 0}]},
        "monster_roll": 2,
        "dice": [meeting],
        "characters": {
            "Amazon": {"at": "DW5", "gold": gold, "relationships": {"Company": relationship}}
        },
        "denizens": ALLY_COMPANY,
        "treasures": {"Company": [ware]},
        "expect": {},
    }
    state = build_state(catalog(), load_scenario(data))
    state.options["wait_for_decisions"] = True
    parsed = parse_orders(orders, state, "Amazon")
    assert parsed.orders is not None, parsed.errors
    return state, {"Amazon": parsed.orders}


def stop_by_stop(
    state: GameState,
    orders: dict[str, Any],
    script: Mapping[str, str],
    asked: list[Decision] | None = None,
) -> tuple[list[list[str]], GameState, list[dict[str, Any]]]:
    """Resolve the Daylight answering each stop as it comes (``script`` by kind, else the
    default): the kinds asked at each stop, the state at the end and every event; each decision
    asked is added to ``asked``."""
    answers: dict[str, str] = {}
    stops: list[list[str]] = []
    events: list[dict[str, Any]] = []
    while True:
        resolution = resolve(state, orders, answers, until="daylight")
        events += [e.stored() for e in resolution.events]
        state, orders = resolution.state, {}
        if not resolution.pending:
            return stops, state, events
        if asked is not None:
            asked += resolution.pending
        stops.append([d.kind for d in resolution.pending])
        for decision in resolution.pending:
            answers[decision.id] = script.get(decision.kind, decision.default)
        assert len(stops) < 10, stops


def up_front(
    state: GameState, orders: dict[str, Any], answers: Mapping[str, str]
) -> tuple[GameState, list[dict[str, Any]]]:
    """The same day with every answer given before it is resolved, the way an order message's
    answers or the scenario runner's are."""
    resolution = resolve(state, orders, dict(answers), until="daylight")
    assert not resolution.pending
    return resolution.state, [e.stored() for e in resolution.events]


def kinds_after_buy(stops: list[list[str]]) -> list[list[str]]:
    """The stops from the one that asks about the Meeting result (``accept`` or ``boon``)."""
    first = next(i for i, kinds in enumerate(stops) if {"accept", "boon"} & set(kinds))
    return stops[first:]


def test_the_trade_asks_what_to_do_alone_then_what_to_buy():
    """Selling, buying and their drinks depend on the ``trade`` answer; drinks cannot make an
    Ally friendlier (7.6.5b) and are not asked."""
    state, orders = day([3, 1], gold=30)
    stops, _, _ = stop_by_stop(state, orders, {})
    assert stops[:2] == [["trade"], ["buy"]]


def test_drinks_are_asked_once_what_he_buys_is_answered():
    """One question at a time (issue 32): for a Neutral group, whose drinks would make it
    Friendly (7.6.5b), what he buys is asked alone, then the drinks."""
    state, orders = day([3, 1], gold=30, relationship="neutral")
    stops, _, _ = stop_by_stop(state, orders, {})
    assert stops[:3] == [["trade"], ["buy"], ["drinks"]]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def test_a_declined_price_asks_no_payment_and_no_item():
    """Ally 3: Price x 2, 12 gold; she has 5, so her belongings could pay (7.6.5c) — but she
    declines, and nothing else is asked."""
    state, orders = day([3, 1], gold=5)
    stops, after, events = stop_by_stop(state, orders, {"accept": "no"})
    assert kinds_after_buy(stops) == [["accept"]]
    assert "bought" not in types(events) and "trade_declined" in types(events)
    assert after.characters["Amazon"].gold == 5


def test_an_accepted_price_asks_the_payment_then_the_item_once_paid():
    state, orders = day([3, 1], gold=5)
    stops, after, events = stop_by_stop(state, orders, {"accept": "yes", "pay": "yes"})
    later = kinds_after_buy(stops)
    assert later[0] == ["accept"], "the first stop after the roll holds only the price"
    assert later[1] and set(later[1]) == {"pay"}, "then the belongings she may give"
    assert later[2:] == [["item"]], "then, the Mace paid for, what she does with it"
    assert "bought" in types(events)
    assert any(item.startswith("Mace") for item in after.characters["Amazon"].items)


def test_a_price_paid_in_gold_asks_the_item_after_accept():
    state, orders = day([3, 1], gold=30)
    stops, after, _ = stop_by_stop(state, orders, {"item": "abandon"})
    assert kinds_after_buy(stops) == [["accept"], ["item"]]
    assert after.characters["Amazon"].gold == 18
    assert not any(item.startswith("Mace") for item in after.characters["Amazon"].items)


def test_a_declined_boon_asks_nothing_more():
    """Ally 1: Boon (x 1, L5493)."""
    state, orders = day([1, 1], gold=30)
    stops, after, events = stop_by_stop(state, orders, {"boon": "decline"})
    assert kinds_after_buy(stops) == [["boon"]]
    assert "bought" not in types(events)
    assert after.characters["Amazon"].gold == 30


def test_a_boon_taken_asks_the_item_once_taken():
    state, orders = day([1, 1], gold=30)
    stops, after, _ = stop_by_stop(state, orders, {"boon": "take"})
    assert kinds_after_buy(stops) == [["boon"], ["item"]]
    assert after.characters["Amazon"].relationships["Company"] == 1


def test_every_answer_given_at_once_ends_as_stop_by_stop():
    """The resumptions keep the roll: a day answered stop by stop ends in the state, with the
    events, of the same day given every answer before it starts."""
    for meeting, script in (
        ([3, 1], {"accept": "yes", "pay": "yes", "item": "activate"}),
        ([3, 1], {"accept": "no"}),
        ([1, 1], {"boon": "take", "item": "abandon"}),
        ([1, 1], {"boon": "price"}),
    ):
        state, orders = day(meeting, gold=5)
        answers: dict[str, str] = {}
        waited = state.model_copy(deep=True)
        while True:
            resolution = resolve(waited, orders, answers, until="daylight")
            if not resolution.pending:
                break
            for decision in resolution.pending:
                answers[decision.id] = script.get(decision.kind, decision.default)
        _, end, events = stop_by_stop(state.model_copy(deep=True), orders, script)
        at_once, all_events = up_front(state.model_copy(deep=True), orders, answers)
        assert end.to_json() == at_once.to_json(), script
        assert events == all_events, script


def test_a_hire_asks_drinks_only_after_hire_or_cancel_is_answered():
    """7.7.1: the HR phase's ``hire`` choice first; drinks (Unfriendly: they help) only once he
    does not cancel, and none at all when he does."""
    state, orders = day([2, 2], gold=30, relationship="unfriendly", orders="HR Company")
    stops, _, events = stop_by_stop(state, orders, {"hire": "cancel"})
    assert stops == [["hire"]]
    assert "phase_cancelled" in types(events)
    state, orders = day([2, 2], gold=30, relationship="unfriendly", orders="HR Company")
    stops, _, _ = stop_by_stop(state, orders, {})
    assert stops[:2] == [["hire"], ["drinks"]]


def test_activating_is_offered_only_when_she_could_activate_it():
    """Her Short Sword is active: a second weapon cannot be (4.3.6), unless she gives the sword
    towards its price (7.6.5c)."""
    asked: list[Decision] = []
    stop_by_stop(*day([3, 1], gold=30), {}, asked)
    (item,) = [d for d in asked if d.kind == "item"]
    assert item.options == ("keep", "abandon")
    asked = []
    stop_by_stop(*day([3, 1], gold=5), {"pay": "yes"}, asked)
    (item,) = [d for d in asked if d.kind == "item"]
    assert "activate" in item.options


def test_a_card_always_active_asks_nothing_once_taken():
    """The Flowers of Rest act by themselves (L4302), always active: keep, activate or abandon end
    with them active, so a boon taken asks nothing more."""
    stops, after, _ = stop_by_stop(*day([1, 1], gold=30, ware="Flowers of Rest"), {"boon": "take"})
    assert kinds_after_buy(stops) == [["boon"]]
    flowers = [i for i in after.characters["Amazon"].items if i.startswith("Flowers")]
    assert flowers and after.characters["Amazon"].items[flowers[0]].active


def test_magic_sight_asks_what_to_do_with_an_item_only_once_he_takes_one():
    """7.5.7c: on Counters the Witch King may take the top counter of the pile in his clearing,
    or none (7.5.7d): the item is asked only once he has chosen where from, and not at all when
    he takes none."""
    data = {
        "name": "magic sight",
        "map": {"tiles": [{"tile": "BL", "at": [0, 0]}]},
        "monster_roll": 2,
        "seed": 3,
        "dice": [[2, 1]],
        "characters": {"Witch King": {"at": "BL2"}},
        "piles": {"BL2": ["Mace"]},
        "expect": {},
    }
    for take, after in (("none", []), ("BL2", [["item"]])):
        state = build_state(catalog(), load_scenario(data))
        state.options["wait_for_decisions"] = True
        parsed = parse_orders("S", state, "Witch King")
        assert parsed.orders is not None, parsed.errors
        stops, _, _ = stop_by_stop(state, {"Witch King": parsed.orders}, {"take_from": take})
        assert stops == [["take_from"], *after], take
