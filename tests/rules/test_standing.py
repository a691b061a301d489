"""Orders recorded before their day (6.2.4e–f): what cannot be done is cancelled, phase by
phase, and the rest of the turn is kept."""

from __future__ import annotations

from bot.event_text import english
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


def _hired(state, *pieces):
    from rules.catalog import catalog
    from rules.daylight.hirelings import hire

    for piece in pieces:
        state.put(piece, state.place_of("Amazon"))
        hire(catalog(), state, piece, "Amazon")
    return state


def test_a_hirelings_impossible_phase_is_blanked_in_his_section_alone():
    state = _hired(fresh(7, ["Amazon"]), "Company HQ")
    text = "H, R\nCompany HQ: M XX9, H\nblock: unhidden"
    result, blanked = parse_standing(text, state, "Amazon")
    assert result.orders is not None
    assert [a.kind for a in result.orders.phases] == [ActivityKind.HIDE, ActivityKind.REST]
    (theirs,) = result.orders.recorded
    assert [a.kind for a in theirs.phases] == [ActivityKind.BLANK, ActivityKind.HIDE]
    assert theirs.instructions.block == "unhidden"
    assert [(p.line, p.phase, p.code) for p in blanked] == [(2, 1, "bad-clearing")]


def test_a_section_for_a_hireling_no_longer_his_is_dropped_and_the_rest_kept():
    """His term over (7.7.4a), the standing orders still name him: the employer's own orders
    and his other hirelings' stand."""
    state = _hired(fresh(7, ["Amazon"]), "Company 1")
    text = "H, R\nCompany HQ: M AV2\nH\nCompany 1: F Amazon"
    result, blanked = parse_standing(text, state, "Amazon")
    assert result.orders is not None
    assert [a.kind for a in result.orders.phases] == [ActivityKind.HIDE, ActivityKind.REST]
    assert [o.character for o in result.orders.recorded] == ["Company 1"]
    assert [(p.line, p.code) for p in blanked] == [(2, "not-your-hireling")]
    assert english(blanked[0].message).startswith("Company HQ is not hired")


def test_his_own_whole_day_problem_still_refuses_everything():
    state = _hired(fresh(7, ["Amazon"]), "Company HQ")
    result, blanked = parse_standing("H\nfoo: bar\nCompany HQ: H", state, "Amazon")
    assert result.orders is None and blanked == ()
