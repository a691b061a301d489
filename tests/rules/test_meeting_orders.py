"""Standing Trade and Hire instructions (rules.orders.meetings; rules-map P10, P22–P31): read
from an order message, refused with a clear problem, echoed in a form that reads back the same."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.event_text import english
from rules.orders.meetings import MeetingOrders, Wish
from rules.orders.parse import parse_orders
from tests.rules.test_parse import accepted, game, parse

EVERY_KEY = "\n".join(
    [
        "T Company, T Company",
        "buy: shield up to 14, Power Boots, ask demon",
        "sell: mace, Helmet",
        "pay with: Short Sword",
        "drinks: YES",
        "boons: take",
        "insults: pay",
        "challenges: refuse",
        "buy back: company, Crone",
        "new items: activate",
        "hire: rehire",
    ]
)


def test_every_key_is_read_whatever_the_case_of_the_names():
    result = accepted(EVERY_KEY)
    assert result.orders is not None
    assert result.orders.instructions.meeting == MeetingOrders(
        buy=(Wish(name="Shield", up_to=14), Wish(name="Power Boots"), Wish(name="Ask Demon")),
        sell=("Mace", "Helmet"),
        pay_with=("Short Sword",),
        drinks=True,
        boons="take",
        insults="pay",
        challenges="refuse",
        buy_back=("Company", "Crone"),
        new_items="activate",
        hire="rehire",
    )


def test_the_echo_writes_them_as_printed_and_reads_back_the_same():
    result = accepted(EVERY_KEY)
    assert result.orders is not None
    lines = result.echo.splitlines()
    assert "buy: Shield up to 14, Power Boots, Ask Demon" in lines
    assert "buy back: Company, Crone" in lines
    again = accepted(result.echo)
    assert again.orders == result.orders


def test_no_instruction_leaves_the_defaults():
    result = accepted("T Company")
    assert result.orders is not None
    assert result.orders.instructions.meeting == MeetingOrders()
    assert result.echo == "T Company"


@pytest.mark.parametrize(
    ("line", "words", "hint"),
    [
        ("buy: Sheild", "buy: 'Sheild' is not an item or spell", "did you mean Shield"),
        ("buy: Shield up to many", "'up to' needs a number of gold", "e.g. 'buy: Shield up to 14'"),
        ("buy: Shield up to 1000", "'up to' needs a number of gold", "buy: Shield up to 14"),
        ("sell: Ask Demon", "sell: 'Ask Demon' is not an item", "printed name"),
        ("pay with: ,", "pay with: nothing is named", "e.g. 'pay with: Mace, Helmet'"),
        ("buy: " + ", ".join(["Mace"] * 21), "more than 20 names", "e.g. 'buy: Mace, Helmet'"),
        ("drinks: maybe", "drinks: 'maybe' is not allowed", "one of yes, no"),
        ("boons: keep", "boons: 'keep' is not allowed", "one of take, price, decline"),
        ("insults: ignore", "insults: 'ignore' is not allowed", "one of pay, refuse"),
        ("buy back: Goblins", "'Goblins' is not a native group or visitor", "Company"),
        ("new items: wear", "'wear' is not allowed", "keep, activate, abandon"),
        ("hire: all", "hire: 'all' is not allowed", "one of new, rehire"),
    ],
)
def test_a_bad_value_is_refused_saying_what_where_and_how_to_fix(line, words, hint):
    result = parse(f"T Company\n{line}")
    (error,) = result.errors
    assert (error.code, error.line) == ("bad-instruction", 2)
    assert words in english(error.message)
    assert hint in english(error.hint)
    assert result.orders is None


def test_a_key_given_twice_is_refused():
    (error,) = parse("T Company\ndrinks: yes\ndrinks: no").errors
    assert error.code == "duplicate-instruction"


def test_markup_and_mentions_in_a_name_are_not_echoed_raw():
    (error,) = parse("T Company\nbuy: <@123> **Shield**").errors
    assert error.code == "bad-instruction"
    assert "<@123>" not in english(error.hint)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_value_is_read_or_refused_never_crashing(value):
    state = game()
    for key in ("buy", "sell", "pay with", "buy back", "boons"):
        result = parse_orders(f"T Company\n{key}: {value}", state, "Amazon")
        assert (result.orders is None) == bool(result.errors)
