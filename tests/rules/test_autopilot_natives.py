"""The autopilot and natives (issue 16, rules/autopilot_natives.py): it Trades for what it can
afford and use, Hires a Friendly group it can pay, and its hirelings follow it; a seeded
campaign on autopilot buys and hires, every order of it read without a problem.

The game of seed 7: the Witch and the Black Knight start at the Inn in AV5; the Witch owns
nothing, the Black Knight a Mace, a Suit of Armor and a Shield; the Company's box holds, top
first, Breastplate 1 (9 gold), Helmet 1 (5), Poultice of Health and Ointment of Steel, and its
seven natives' wages total 16. The Rogues stand at the Inn too: :func:`inn` takes them out.
"""

from __future__ import annotations

import random

from rules.autopilot import autopilot_orders
from rules.autopilot_natives import business, deals, hireling_sections, usable
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.daylight.hirelings import hire
from rules.orders.parse import parse_orders
from rules.setup import new_game
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

COMPANY = [p for p in catalog().native_counters if p.startswith("Company")]


def inn(who: str = "Witch", *, gold: int = 10, company: int = 2) -> GameState:
    """The seed-7 game with the Company standing at the Inn with ``who``, who has ``gold`` and
    the relationship ``company`` with them (2 Ally ... -2 Enemy)."""
    state = fresh(7, ("Witch", "Black Knight"))
    here = state.place_of(who)
    for piece in [p for p in state.at(here) if p in catalog().native_counters]:
        state.put(piece, Place.OUT)
    for piece in COMPANY:
        state.put(piece, here)
    state.characters[who].gold = gold
    state.characters[who].relationships["Company"] = company
    return state


def shown(state: GameState, who: str = "Witch") -> list[str]:
    return [str(deal) for deal in deals(catalog(), state, who)]


def test_she_trades_when_she_can_pay_the_lowest_price_of_her_column_for_what_she_uses():
    """Ally: Price x 1 is possible, and the first ware she can afford, Breastplate 1 (9), is
    armor she lacks; Friendly asks Price x 2 at least: 18 is more than her 10 gold."""
    assert shown(inn(company=2)) == ["T Company"]
    assert shown(inn(company=1)) == []
    assert shown(inn(company=1, gold=18)) == ["T Company"]
    assert shown(inn(company=-1, gold=40)) == [], "never with an Unfriendly group (7.6.5a)"


def test_she_does_not_buy_what_she_would_not_use():
    state = inn(gold=5)  # the Helmet: armor she lacks
    assert shown(state) == ["T Company"]
    state.put("Helmet 2", Place.owner("Witch"))
    state.characters["Witch"].items["Helmet 2"] = ItemState(active=False)
    assert not usable(catalog(), state, "Witch", "Helmet 1")
    assert shown(state) == [], "the first ware she affords is a helmet: she has one"
    knight = inn("Black Knight", gold=40, company=2)
    assert not usable(catalog(), knight, "Black Knight", "Breastplate 1"), "his suit of armor"
    assert not usable(catalog(), knight, "Black Knight", "Poultice of Health"), "needs activating"


def test_no_trade_without_the_groups_leader_unhired_in_her_clearing():
    state = inn()
    state.put("Company HQ", Place.OUT)
    assert shown(state) == []
    state = inn()
    hire(catalog(), state, "Company HQ", "Black Knight")
    assert shown(state) == []


def test_she_hires_a_friendly_group_she_can_pay():
    """The Company's wages are 16: an Ally pays them at Price x 1, a Friendly group asks twice
    that at least; a Neutral one is not hired."""
    assert shown(inn(company=2, gold=16)) == ["HR Company", "T Company"]
    assert shown(inn(company=1, gold=31)) == ["T Company"]
    assert shown(inn(company=1, gold=32)) == ["HR Company", "T Company"]
    assert shown(inn(company=0, gold=100)) == ["T Company"]


def test_whether_she_does_business_is_her_seeded_choice():
    state = inn(company=2, gold=16)
    drawn = [business(catalog(), state, "Witch", random.Random(seed)) for seed in range(40)]
    assert {str(d) for d in drawn} == {"HR Company", "T Company", "None"}
    assert business(catalog(), inn(company=-2), "Witch", random.Random(0)) is None
    assert autopilot_orders(state, "Witch") == autopilot_orders(
        state.model_copy(deep=True), "Witch"
    )


def test_her_hirelings_with_her_follow_her_a_leader_elsewhere_walks_to_her():
    """The Inn's roads lead to AV2 and MW5, MW5's on to BL1: a hired leader two roadways away
    walks to her and hides; an underling away from her, who can only follow, is left alone."""
    state = inn()
    for piece, where in (
        ("Company 1", None),
        ("Company HQ", None),
        ("Company 2", "AV2"),
        ("Lancers HQ", "BL1"),
    ):
        if where is not None:
            state.put(piece, Place.clearing(where))
        hire(catalog(), state, piece, "Witch")
    assert hireling_sections(catalog(), state, "Witch") == [
        "Company 1: F Witch",
        "Company HQ: F Witch",
        "Lancers HQ: M MW5, M AV5, H",
    ]
    text = autopilot_orders(state, "Witch")
    result = parse_orders(text, state, "Witch")
    assert result.errors == () and result.orders is not None
    recorded = {o.character: o for o in result.orders.recorded}
    assert set(recorded) == {"Familiar", "Company 1", "Company HQ", "Lancers HQ"}
    assert recorded["Company 1"].follow == recorded["Company HQ"].follow == "Witch"
    after = resolve(state, {"Witch": result.orders}, until="daylight").state
    assert after.clearing_of("Company 1") == after.clearing_of("Witch")
    assert after.clearing_of("Company HQ") == after.clearing_of("Witch")
    assert after.clearing_of("Lancers HQ") == "AV5"
    assert after.clearing_of("Company 2") == "AV2"


def test_a_seeded_campaign_on_autopilot_buys_and_hires() -> None:
    """Every character on autopilot, seed 21: the Magician hires the Rogues' first native on day
    1 (Friendly, wages he pays twice over) and stays; the next day it follows him; on day 4 the
    Witch buys a Staff from the Company, who are her Allies. Every order is read without a
    problem, those of hirelings in their employer's sections."""
    data = catalog()
    state = new_game(data, 21, list(data.characters))
    events = []
    written: list[str] = []
    for _ in range(4):
        orders = {}
        for name in state.characters:
            text = autopilot_orders(state, name, catalog=data)
            result = parse_orders(text, state, name, catalog=data)
            assert result.errors == () and result.orders is not None, (name, text)
            orders[name] = result.orders
            written.append(f"{state.day} {name}: {text}")
        resolution = resolve(state, orders, catalog=data)
        assert not resolution.pending
        events += [(state.day, e.type, e.fields) for e in resolution.events]
        state = resolution.state
    hired = [(d, f) for d, t, f in events if t == "hired"]
    bought = [(d, f) for d, t, f in events if t == "bought"]
    assert hired[0] == (1, {"piece": "Rogues 7", "by": "Magician", "until": 14})
    assert (4, {"who": "Witch", "item": "Staff 2", "price": 4, "from": "Company"}) in bought
    assert any(line.startswith("1 Magician: HR Rogues, ") for line in written)
    assert any(line.startswith("4 Witch: T Company, ") for line in written)
    assert any(
        line.startswith("2 Magician: ") and "\nRogues 7: F Magician" in line for line in written
    )
