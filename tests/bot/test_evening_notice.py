"""The Evening's pace told in the channel (bot.evening_notice, issue 32)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.campaign_settings import CampaignSettings
from bot.evening_notice import TYPICAL_ROUNDS, evening_notice, expected_end, rounds_left
from db.models import Campaign
from rules.evening.state import CombatState, EveningState
from rules.state import GameState
from tests.rules.games import fresh

DUE = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def fighting(*fights: tuple[int, int]) -> GameState:
    """A game in its Evening, its clearings fighting at once, each at (round, quiet rounds)."""
    state = fresh(7, ["Amazon", "Black Knight"])
    combats = [
        CombatState(clearing=f"AV{n}", round=round_, quiet=quiet)
        for n, (round_, quiet) in enumerate(fights, start=1)
    ]
    state.today.evening = EveningState(order=[c.clearing for c in combats], fights=combats)
    return state


@pytest.mark.parametrize(
    ("fights", "left"),
    [
        ([(1, 0)], TYPICAL_ROUNDS),
        ([(3, 0)], 2),  # two rounds at least, 8.8.2
        ([(3, 1)], 2),
        ([(6, 0)], 2),
        ([(6, 1)], 1),  # one more quiet round ends it
        ([(6, 1), (1, 0)], TYPICAL_ROUNDS),  # the longest fight
    ],
)
def test_the_fights_under_way_take_the_typical_rounds_and_at_least_two_quiet_ones(
    fights: list[tuple[int, int]], left: int
) -> None:
    assert rounds_left(fighting(*fights)) == left


def test_each_round_after_the_waiting_one_waits_its_windows_in_full() -> None:
    settings = CampaignSettings(lure_hours=1, encounter_hours=0.5, melee_hours=2)
    end = expected_end(fighting((1, 0)), DUE, settings)
    assert end == DUE + timedelta(hours=(TYPICAL_ROUNDS - 1) * 3)
    assert expected_end(fighting((6, 1)), DUE, settings) == DUE


def test_the_notice_says_the_pace_and_names_nobody() -> None:
    campaign = Campaign(name="Valley", day=3, created_at=DUE)
    text = evening_notice(campaign, fighting((1, 0)), DUE, CampaignSettings())
    assert text.startswith("Valley, day 3: the Evening's combat is fought by DM")
    assert "at most 2 hours" in text and "about 2026-11-30 02:00 UTC" in text
    assert "Amazon" not in text and "Black Knight" not in text and "AV1" not in text
