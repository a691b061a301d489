"""The README's example orders are orders the demo campaign (``make run``, :mod:`bot.demo`)
accepts: each parses, with no problem (error or warning), for the character it is written for,
in the game the demo sets up — its seed and its seated characters, all at the Inn on its map.

An example's character is the README's own word: a fenced ``text`` block follows an
``<!-- orders: NAME -->`` (or ``<!-- plays: NAME -->``, a combat window's answer) comment, and an
``orders.yaml`` line reads ``NAME: "ORDERS"``. A Move depends on the map, so each Move example of
the notation paragraph is judged for the Amazon, whose Stamina its extra-phase example names.
The Witch is not seated in the demo: her block (her familiar's orders) is judged in the demo's
game with her seated after the demo's characters, on the same map.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from bot.config import Settings
from bot.event_text import english
from rules import Catalog, GameState, ParseResult, catalog, new_game, parse_orders, parse_standing
from rules.orders.problems import ProblemCode
from rules.pieces import pieces_of

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^(?:<!-- (orders|plays): ([^>]+?) -->\n)?```text\n(.*?)^```", re.M | re.S)
YAML_LINE = re.compile(r'`([A-Z][\w ]*): "([^"`]+)"`')
NOTATION = "## Playing a day"
WITCH = "Witch"


def demo_characters() -> list[str]:
    return [n.strip() for n in Settings().demo_characters.split(",") if n.strip()]


@cache
def demo_game() -> GameState:
    """The demo's game, as its campaign starts it, with the Witch seated last (see above)."""
    names = demo_characters()
    extra = [] if WITCH in names else [WITCH]
    return new_game(catalog(), Settings().demo_seed, [*names, *extra])


def readme() -> str:
    return README.read_text(encoding="utf-8")


def blocks() -> list[tuple[str, str, str]]:
    """Each fenced ``text`` block: (``orders`` or ``plays``, the character, the text)."""
    return [(kind, who, text) for kind, who, text in BLOCK.findall(readme())]


def yaml_lines() -> list[tuple[str, str]]:
    """Each ``NAME: "ORDERS"`` example whose NAME is a character (a hireling's are not seated)."""
    characters = {c.name for c in catalog().characters.values()}
    return [(who, text) for who, text in YAML_LINE.findall(readme()) if who in characters]


def notation_moves() -> list[str]:
    """The examples of the notation paragraph that record a Move (``M ...``)."""
    section = readme().split(NOTATION, 1)[1]
    paragraph = section.strip().split("\n\n", 1)[0]
    return [span for span in re.findall(r"`([^`]+)`", paragraph) if span.startswith("M ")]


def problems(result: ParseResult) -> list[str]:
    return [f"{p.code.value}: {english(p.message)}" for p in (*result.errors, *result.warnings)]


def his_items(data: Catalog, state: GameState, who: str) -> set[str]:
    pieces = pieces_of(data)
    return {pieces[piece].name for piece in state.characters[who].items}


def test_every_example_block_says_whose_it_is_and_the_examples_are_found():
    found = blocks()
    assert len(found) >= 4
    assert all(kind and who for kind, who, _ in found), "a text block without its comment"
    assert yaml_lines() and notation_moves()


@pytest.mark.parametrize(("kind", "who", "text"), blocks())
def test_an_example_block_parses_for_its_character_in_the_demo(kind, who, text):
    state, data = demo_game(), catalog()
    assert who in (*demo_characters(), WITCH)
    if kind == "plays":
        lines = text.splitlines()
        assert lines[0] == "plays"
        result, _ = parse_standing("\n".join(lines[1:]), state, who, catalog=data)
        # a window's plays are not a day's orders: that it records no phase is no problem
        assert [p for p in problems(result) if not p.startswith(ProblemCode.EMPTY.value)] == []
        return
    result = parse_orders(text, state, who, catalog=data)
    assert problems(result) == []
    assert result.orders is not None
    meeting = result.orders.instructions.meeting
    assert set(meeting.sell) | set(meeting.pay_with) <= his_items(data, state, who)


@pytest.mark.parametrize(("who", "text"), yaml_lines())
def test_an_orders_file_example_parses_for_its_character_in_the_demo(who, text):
    assert who in demo_characters()
    assert problems(parse_orders(text, demo_game(), who, catalog=catalog())) == []


@pytest.mark.parametrize("text", notation_moves())
def test_a_move_of_the_notation_paragraph_is_legal_in_the_demo(text):
    assert problems(parse_orders(text, demo_game(), "Amazon", catalog=catalog())) == []
