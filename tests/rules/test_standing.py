"""Orders recorded before their day (6.2.4e–f): what cannot be done is cancelled, phase by
phase, and the rest of the turn is kept."""

from __future__ import annotations

from rules.orders.model import ActivityKind
from rules.orders.standing import parse_standing
from tests.rules.games import fresh


def test_orders_that_parse_are_kept_as_written():
    result, blanked = parse_standing("H, R\nrest: fight, move", fresh(7, ["Amazon"]), "Amazon")
    assert blanked == () and result.echo.startswith("H, R")


def test_an_impossible_phase_becomes_a_blank_phase_and_the_rest_is_kept():
    state = fresh(7, ["Amazon"])
    result, blanked = parse_standing("M XX9, H\nrest: fight, move", state, "Amazon")
    assert result.orders is not None
    assert [a.kind for a in result.orders.phases] == [ActivityKind.BLANK, ActivityKind.HIDE]
    assert result.orders.instructions.rest is not None, "the instructions are kept too"
    assert [(p.phase, p.code) for p in blanked] == [(1, "bad-clearing")]


def test_a_problem_of_the_whole_day_still_refuses_the_orders():
    """Too long is no phase's fault: nothing can be mended."""
    result, blanked = parse_standing("H, " * 50 + "H", fresh(7, ["Amazon"]), "Amazon")
    assert result.orders is None and blanked == ()
    assert [p.code for p in result.errors] == ["too-long"]
