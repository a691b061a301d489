"""The Meeting rolls at the start of combat ask only real choices (8.2.2, issue 32): drinks
only when they can change whether the group battles him or what he owes, and neither drinks nor
a pay-off when his standing instructions answer them — the combat line ``natives:`` first, then
the Trade and Hire lines ``drinks:``, ``insults:`` and ``challenges:``."""

from __future__ import annotations

from typing import Any

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.events import Resolution
from rules.orders.parse import parse_orders
from rules.state import GameState
from scenarios import build_state, load_scenario


def evening(
    relationship: str, *, dice: list[list[int]] | None = None, at: str = "DW5"
) -> GameState:
    """The Amazon (10 gold) at Sunset in ``at`` and her hired Rogue in DW5 with the Company's HQ
    and 1, in ``relationship``; the Black Knight, their Ally, in DW6; the combat waiting for its
    players."""
    data = {
        "name": "natives at the start of combat",
        "map": {"tiles": [{"tile": "DW", "at": [0, 0], "rotation": 0}]},
        "start": "sunset",
        "characters": {
            "Amazon": {"at": at, "gold": 10, "relationships": {"Company": relationship}},
            "Black Knight": {"at": "DW6", "relationships": {"Company": "ally"}},
        },
        "denizens": [
            {"name": "Company HQ", "at": "DW5"},
            {"name": "Company 1", "at": "DW5"},
            {"name": "Rogues 1", "at": "DW5", "hired_by": "Amazon"},
        ],
        "dice": dice or [],
        "expect": {},
    }
    state = build_state(catalog(), load_scenario(data))
    state.options.update({"wait_for_decisions": True, "wait_for_combat": True})
    return state


def first_stop(state: GameState, standing: str | None = None) -> Resolution:
    if standing is not None:
        parsed = parse_orders(f"R\n{standing}", state, "Amazon")
        assert parsed.orders is not None, parsed.errors
        state.today.orders["Amazon"] = parsed.orders
    return resolve(state, {})


def kinds(resolution: Resolution) -> set[str]:
    return {d.kind for d in resolution.pending}


def types(resolution: Resolution) -> list[str]:
    return [e.stored()["type"] for e in resolution.events]


def test_drinks_are_asked_when_they_can_keep_the_group_from_battling():
    """Enemy and Unfriendly rolls battle him or owe a penalty, Neutral ones through Trouble
    (L5503); drinks lower those chances."""
    for relationship in ("enemy", "unfriendly", "neutral"):
        assert kinds(first_stop(evening(relationship))) == {"drinks"}, relationship


def test_no_drinks_are_asked_when_no_column_can_battle_him():
    """Friendly and Ally reach only Price, Boon and No Deal, which do nothing in the Evening
    (8.2.2b): the combat goes on to its first round, and no gold is spent."""
    for relationship in ("friendly", "ally"):
        stop = first_stop(evening(relationship))
        assert "drinks" not in kinds(stop), relationship
        assert "meeting" in types(stop) and "drinks" not in types(stop)
        assert stop.state.characters["Amazon"].gold == 10


def test_the_trade_and_hire_drinks_line_answers_the_evenings_drinks():
    stop = first_stop(evening("unfriendly"), "drinks: yes")
    assert "drinks" not in kinds(stop)
    assert "drinks" in types(stop)
    assert stop.state.characters["Amazon"].gold == 8


def test_the_combat_natives_line_comes_before_the_drinks_line():
    stop = first_stop(evening("unfriendly"), "drinks: yes\nnatives: no drinks")
    assert "drinks" not in kinds(stop)
    assert "drinks" not in types(stop)


def test_an_insult_is_paid_off_by_the_insults_line_without_asking():
    """Unfriendly 4 is an Insult (L5501): ``insults: pay`` pays 5 Notoriety, no question."""
    asked = first_stop(evening("unfriendly", dice=[[4, 3]]), "natives: no drinks")
    assert kinds(asked) == {"insult"}
    paid = first_stop(evening("unfriendly", dice=[[4, 3]]), "natives: no drinks\ninsults: pay")
    assert "insult" not in kinds(paid)
    assert "paid_off" in types(paid)
    assert paid.state.characters["Amazon"].notoriety == -5


def test_no_drinks_are_asked_of_one_who_is_not_in_the_clearing():
    """8.2.2: the Black Knight in DW5 starts combat there; the Amazon rolls for the Company
    because her hireling is there, but only "if he is in the clearing" (a) could she buy drinks:
    away in DW2 she cannot."""
    state = evening("unfriendly", at="DW2")
    state.put("Black Knight", "at:DW5")
    asked: set[str] = set()
    events: list[dict[str, Any]] = []
    answers: dict[str, str] = {}
    while True:
        stop = resolve(state, {}, answers)
        events += [e.stored() for e in stop.events]
        if not stop.pending:
            break
        state = stop.state
        asked |= kinds(stop)
        answers.update({d.id: d.default for d in stop.pending})
    assert "drinks" not in asked
    assert any(e["type"] == "meeting" and e["fields"]["who"] == "Amazon" for e in events)
