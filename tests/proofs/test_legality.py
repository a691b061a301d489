"""The quick form of the legality proof (issue 30, part 3; the full form is
:mod:`tests.proofs.legality`): every path through LegalOptions parses with no problem, and a day
parses with no problem exactly when LegalOptions allows it, over a few hundred drawn games."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.state import GameState
from tests.proofs.legality import QUICK, check_day, check_path, games


@QUICK
@given(game=games(), data=st.data())
def test_every_path_through_the_options_parses_with_no_problem(
    game: tuple[GameState, str], data: st.DataObject
) -> None:
    check_path(*game, data)


@QUICK
@given(game=games(), data=st.data())
def test_a_day_parses_with_no_problem_exactly_when_legal_options_allow_it(
    game: tuple[GameState, str], data: st.DataObject
) -> None:
    check_day(*game, data)
