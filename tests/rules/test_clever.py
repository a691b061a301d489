"""The Swordsman's Clever (L3850–3853): he keeps his Attention chit and takes his turn when his
``turn:`` instruction says — first, after someone, or last when he never preempts."""

from __future__ import annotations

import pytest

from bot.event_text import english
from rules.day.engine import resolve
from rules.orders.parse import parse_orders
from tests.rules.games import fresh

CAST = ("Amazon", "Black Knight", "Elf", "Swordsman")


def turns(seed: int, swordsman: str) -> list[str]:
    state = fresh(seed, CAST)
    texts = dict.fromkeys(CAST, "R") | {"Swordsman": swordsman}
    orders = {}
    for name, text in texts.items():
        parsed = parse_orders(text, state, name)
        assert parsed.orders is not None, parsed.errors
        orders[name] = parsed.orders
    events = resolve(state, orders, until="daylight").events
    return [e.fields["who"] for e in events if e.type == "turn_started"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_he_goes_first_after_someone_or_last_whatever_the_chits(seed: int):
    assert turns(seed, "R\nturn: first")[0] == "Swordsman"
    order = turns(seed, "R\nturn: after Elf")
    assert order.index("Swordsman") == order.index("Elf") + 1
    assert turns(seed, "R")[-1] == "Swordsman", "never preempting, he goes when all are picked"


def test_only_a_clever_character_chooses_and_the_name_must_be_in_the_game():
    state = fresh(1, CAST)
    refused = parse_orders("R\nturn: first", state, "Amazon")
    assert [p.code for p in refused.errors] == ["bad-instruction"]
    assert "Clever, L3850" in english(refused.errors[0].message)
    unknown = parse_orders("R\nturn: after Wizard", state, "Swordsman")
    assert [p.code for p in unknown.errors] == ["bad-instruction"]
    echoed = parse_orders("R\nturn: after elf", state, "Swordsman")
    assert echoed.echo.splitlines()[1] == "turn: after Elf"
