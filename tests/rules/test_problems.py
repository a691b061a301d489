"""The vocabulary of order problems (6.2): every code has a meaning and a severity, and the
parser files each problem among the errors or the warnings as its code's severity says.

The map of seed 7 (see test_parse.py): L4–L6 is a hidden path; M2 (woods) is next to the
mountain clearing M5.
"""

from __future__ import annotations

import re

import pytest

from bot.event_text import english
from rules.orders.parse import CODES, ParseResult, parse_orders
from rules.orders.problems import ProblemCode, Severity
from rules.orders.reader import Problem
from rules.phrases import phrase, verbatim
from rules.state import GameState
from tests.rules.games import fresh

CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")


def parse(text: str, **places: str) -> ParseResult:
    state: GameState = fresh(7, CAST, **places)
    return parse_orders(text, state, "Amazon")


@pytest.mark.parametrize("code", list(ProblemCode))
def test_every_code_has_a_meaning_and_a_severity(code: ProblemCode) -> None:
    assert english(code.meaning).strip() and not english(code.meaning).startswith("warning")
    assert isinstance(code.severity, Severity)
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code.value)
    assert code.name == code.value.upper().replace("-", "_")
    assert ProblemCode(code.value) is code  # type: ignore[call-arg]


def test_codes_is_a_view_of_the_enum() -> None:
    assert list(CODES) == [c.value for c in ProblemCode]
    for code in ProblemCode:
        prefix = "warning: " if code.severity is Severity.WARNING else ""
        assert english(CODES[code.value]) == prefix + english(code.meaning)
    assert ProblemCode.HIDDEN_ROAD.severity is Severity.WARNING
    assert ProblemCode.NO_ROAD.severity is Severity.ERROR


def test_a_problem_code_is_its_string_in_json() -> None:
    problem = Problem(
        code=ProblemCode.NO_ROAD, line=1, phase=1, text="M CV4", message=verbatim("no road")
    )
    assert problem.code == "no-road" and f"{problem.code}" == "no-road"
    assert problem.model_dump(mode="json")["code"] == "no-road"
    assert Problem.model_validate_json(problem.model_dump_json()) == problem


def test_a_problem_stores_its_phrases_and_reads_old_text_back() -> None:
    """A problem's message and hint are phrases, stored as ``{"phrase": key, ...values}``;
    one stored by an older version with English text reads back as that text."""
    problem = Problem(
        code=ProblemCode.NO_ROAD,
        line=1,
        phase=1,
        text="M CV4",
        message=phrase("orders.no_road", start="AV2", goal="CV4"),
        hint=phrase("orders.drop_move"),
    )
    stored = problem.model_dump(mode="json")
    assert stored["message"] == {"phrase": "orders.no_road", "start": "AV2", "goal": "CV4"}
    assert Problem.model_validate(stored) == problem
    assert english(problem.message) == "no road from AV2 to CV4"
    old = Problem.model_validate({**stored, "message": "no road from AV2 to CV4", "hint": None})
    assert english(old.message) == "no road from AV2 to CV4" and old.hint is None


@pytest.mark.parametrize(
    ("text", "places", "code"),
    [
        ("M L6", {"Amazon": "L4"}, ProblemCode.HIDDEN_ROAD),
        ("M M5", {"Amazon": "M2"}, ProblemCode.MOUNTAIN_CLIMB),
    ],
)
def test_the_parser_warns_with_warning_codes(
    text: str, places: dict[str, str], code: ProblemCode
) -> None:
    accepted = parse(text, **places)
    assert accepted.errors == () and accepted.orders is not None
    assert [p.code for p in accepted.warnings] == [code]
    refused = parse(f"{text}, X", **places)
    assert [p.code for p in refused.warnings] == [code]
    assert [p.code for p in refused.errors] == [ProblemCode.UNKNOWN_ACTIVITY]
    for result in (accepted, refused):
        assert {p.code.severity for p in result.warnings} <= {Severity.WARNING}
        assert {p.code.severity for p in result.errors} <= {Severity.ERROR}
