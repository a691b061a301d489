"""The Meeting Table's odds (rules.meeting_odds) against the catalog's table as printed
(L5478–5505): what a roll can reach in each column, and when drinks before the roll for battling
natives are a real choice (8.2.2a, issue 32). Expected chances are worked by hand from the table:
two dice, the highest counts (4.1.1), so a 6 comes 11 times in 36, a 5 9 times, a 4 7 times."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.catalog import catalog
from rules.meeting import ResultKind
from rules.meeting_odds import drinks_matter, evening_odds, final_odds, roll_odds
from rules.schema.base import Relationship

E, U, N, F, A = Relationship  # the columns, from Enemy to Ally
HOSTILE = {ResultKind.BLOCK_BATTLE, ResultKind.INSULT, ResultKind.CHALLENGE}


def test_two_dice_highest_counts_and_one_die_is_flat():
    assert roll_odds(0, 0)[6] == Fraction(11, 36)
    assert roll_odds(0, 0)[1] == Fraction(1, 36)
    assert roll_odds(1, 0) == {n: Fraction(1, 6) for n in range(1, 7)}
    assert roll_odds(0, -1)[1] == Fraction(4, 36), "a 1 or a 2 less one is a 1"
    assert 6 not in roll_odds(0, -1)


@pytest.mark.parametrize("start", list(Relationship))
def test_every_column_ends_on_a_final_result_with_certainty(start):
    odds = final_odds(catalog(), start)
    assert sum(odds.values()) == 1
    assert ResultKind.TROUBLE not in odds and ResultKind.OPPORTUNITY not in odds


def test_neutral_reaches_battle_only_through_troubles_unfriendly_column():
    """Neutral 6 is Trouble (L5503): rolled again as Unfriendly, 4 Insult, 5 Challenge, 6
    Block/Battle."""
    odds = evening_odds(catalog(), N)
    trouble = Fraction(11, 36)
    assert odds[ResultKind.BLOCK_BATTLE] == trouble * Fraction(11, 36)
    assert odds[ResultKind.CHALLENGE] == trouble * Fraction(9, 36)
    assert odds[ResultKind.INSULT] == trouble * Fraction(7, 36)


@pytest.mark.parametrize("start", [F, A])
def test_friendly_and_ally_reach_nothing_that_matters_in_the_evening(start):
    """Friendly's Opportunity goes to Ally (L5505); neither column prints Block/Battle, Insult or
    Challenge, and Price, Boon and No Deal do nothing in the Evening (8.2.2b)."""
    assert set(evening_odds(catalog(), start)) == {None}


def test_an_ally_or_friendly_group_asks_no_drinks():
    """An Ally group cannot be made friendlier (7.6.5b); a Friendly one could, but neither
    column can battle him."""
    for level in (int(F), int(A), 3):
        assert not drinks_matter(catalog(), level)


def test_drinks_matter_from_enemy_unfriendly_and_neutral():
    for level in (E, U, N):
        assert drinks_matter(catalog(), int(level)), level.name


def test_a_level_worse_than_enemy_stays_in_the_enemy_column_with_drinks():
    """10.B.6 L3133: drinks leave him in the Enemy column, so they change nothing."""
    assert not drinks_matter(catalog(), -3)


def test_honor_keeps_a_neutral_group_from_ever_battling_so_drinks_are_not_asked():
    """With -1 on each die (the White Knight's Honor, L3898) a roll never makes 6: no Trouble in
    the Neutral column, nothing hostile to avoid."""
    assert not drinks_matter(catalog(), int(N), added=-1)
    assert drinks_matter(catalog(), int(U), added=-1)


def test_drinks_that_leave_the_same_chances_are_no_choice():
    """With +5 on each die every roll is a 6: Block/Battle in the Enemy and in the Unfriendly
    column alike, so drinks from Enemy change nothing; from Neutral (Trouble, then Unfriendly's
    6) to Friendly (No Deal) they do."""
    assert not drinks_matter(catalog(), int(E), added=5)
    assert drinks_matter(catalog(), int(N), added=5)
