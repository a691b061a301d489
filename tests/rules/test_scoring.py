"""Scoring (9.3, rules.end.scoring), the game's length (10.E.2, rules.end.length) and the end of
the game's events; the Victory Requirements stay secret until then (3.3.6)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.event_text import english
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.end.length import is_last_day, last_day, victory_points, weeks
from rules.end.scoring import category_score, score_character, score_game, starting_value
from rules.events import PUBLIC, visible_to
from rules.setup.characters import CharacterSetup, SetupError
from rules.setup.game import new_game
from rules.state import VICTORY_CATEGORIES, GameState, GameStateError
from rules.state_check import check_state
from rules.view import view_for
from tests.rules.games import fresh

#: "Value of Gold and Starting Equipment" (3.3.6b.5, L930–948), levels 1 to 4, as printed.
VALUE_TABLE = {
    "Amazon": (16, 37, 37, 35),
    "Berserker": (19, 26, 35, 23),
    "Black Knight": (30, 34, 37, 40),
    "Captain": (23, 35, 35, 35),
    "Druid": (10, 10, 10, 10),
    "Dwarf": (19, 19, 23, 23),
    "Elf": (10, 10, 16, 16),
    "Magician": (10, 10, 10, 10),
    "Pilgrim": (10, 11, 11, 11),
    "Sorcerer": (10, 10, 10, 10),
    "Swordsman": (10, 10, 16, 16),
    "White Knight": (39, 42, 42, 37),
    "Witch": (10, 10, 10, 10),
    "Witch King": (10, 10, 10, 10),
    "Wizard": (10, 10, 11, 11),
    "Woods Girl": (10, 10, 16, 16),
}

END_TYPES = ("victory_revealed", "scored", "victor", "discarded_at_end")


@pytest.mark.parametrize(("name", "values"), sorted(VALUE_TABLE.items()))
def test_the_starting_value_is_the_rulebooks_table(name, values):
    """9.3.2e: 10 plus the Gold price of his starting weapons and armor, at every level."""
    state = fresh(1, [name])
    character = state.characters[name]
    for level, value in enumerate(values, start=1):
        character.level = level
        assert starting_value(catalog(), character) == value


@pytest.mark.parametrize(
    ("category", "points", "earned", "result", "basic", "bonus"),
    [
        ("Fame", 1, 6, -12, -2, -2),  # the Scoring Example: 6 - 10 = -4, x3, -1.2 down to -2
        ("Notoriety", 1, 31, 11, 0, 0),
        ("Spells", 2, 8, 4, 2, 4),
        ("Gold", 0, -12, -36, -2, 0),
        ("Great Treasures", 1, 1, 0, 0, 0),
        ("Fame", 0, 0, 0, 0, 0),
        ("Notoriety", 2, 39, -3, -1, -2),  # -1 x3 = -3: -0.15 rounds down to -1
        ("Gold", 3, 150, 60, 2, 6),
        ("Fame", 2, 19.5, -1.5, -1, -2),  # shared kills leave fractions (8.7.1b)
    ],
)
def test_a_category_is_tripled_below_zero_and_rounded_down(
    category, points, earned, result, basic, bonus
):
    score = category_score(category, points, earned)
    assert (score.result, score.basic, score.bonus) == (result, basic, bonus)


def test_a_fresh_character_scores_his_requirements_as_shortfalls():
    """The Amazon at the start (default requirements GT 1, Fame 2, Notoriety 1, Gold 1; 10 gold
    and 25 of equipment): GT -1 x3 = -3 (basic -3, bonus -3); Fame -20 x3 = -60 (-6, -12);
    Notoriety -20 x3 = -60 (-3, -3); Gold 10 - 35 - 30 = -55 x3 = -165 (-6, -6); Spells 0."""
    state = fresh(1, ["Amazon"])
    score = score_character(catalog(), state, "Amazon")
    assert [c.result for c in score.categories] == [-3, 0, -60, -60, -165]
    assert (score.basic, score.bonus, score.total, score.won) == (-18, -24, -42, False)
    assert score.discarded == ()


def test_a_dead_character_scores_minus_100_and_the_living_are_victors():
    state = fresh(1, ["Amazon", "Black Knight"])
    state.characters["Black Knight"].dead = True
    scores = score_game(catalog(), state)
    assert scores.of("Black Knight").total == -100
    assert not scores.of("Black Knight").won
    assert scores.victors == ("Amazon",)
    assert scores.winners == ()


# --- the game's length ----------------------------------------------------------------------


def test_the_standard_game_lasts_28_days_and_needs_5_points():
    state = fresh(1, ["Amazon"])
    assert (weeks(state), last_day(state), victory_points(4)) == (4, 28, 5)
    assert "weeks" not in state.options


def test_a_longer_game_needs_one_point_a_week_plus_one():
    state = new_game(catalog(), 3, ["Amazon"], weeks=8)
    assert state.options["weeks"] == 8
    assert sum(state.characters["Amazon"].victory.values()) == 9
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 3, [CharacterSetup(name="Amazon", victory={"Fame": 5})], weeks=2)
    assert re.search("total 3 points", english(refused.value.phrase))
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 3, ["Amazon"], weeks=0)
    assert re.search("whole number of weeks", english(refused.value.phrase))


def test_a_five_week_game_goes_into_the_second_month_and_ends_after_its_day_7():
    state = fresh(1, ["Amazon"])
    state.options["weeks"] = 5
    state.day = 28
    assert not is_last_day(state)
    after = resolve(state, {}).state
    assert (after.month, after.day, after.today.stage) == (2, 1, "birdsong")
    after.day = 7
    assert is_last_day(after)
    end = resolve(after, {})
    assert end.state.today.stage == "over"
    assert [e.type for e in end.events if e.type in END_TYPES] == [
        "victory_revealed",
        "scored",
        "victor",
    ]


def test_the_end_of_the_game_reveals_the_requirements_publicly():
    state = fresh(1, ["Amazon", "Black Knight"])
    state.day = 28
    result = resolve(state, {})
    events = visible_to(result.events, PUBLIC)
    revealed = {e.fields["who"]: e.fields for e in events if e.type == "victory_revealed"}
    for name in ("Amazon", "Black Knight"):
        victory = state.characters[name].victory
        assert revealed[name]["fame"] == victory["Fame"]
        assert revealed[name]["great_treasures"] == victory["Great Treasures"]
    scored = {e.fields["who"]: e.fields for e in events if e.type == "scored"}
    for name in ("Amazon", "Black Knight"):  # the events say what the score is
        assert scored[name]["total"] == score_character(catalog(), result.state, name).total


# --- secrecy: nothing of the requirements is public before the end (3.3.6, L918) ------------


def allocations() -> st.SearchStrategy[dict[str, int]]:
    """Five Victory Points over the five categories, at most five each (3.3.6a)."""
    return st.lists(st.sampled_from(VICTORY_CATEGORIES), min_size=5, max_size=5).map(
        lambda picks: {c: picks.count(c) for c in VICTORY_CATEGORIES}
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    amazon=allocations(),
    knight=allocations(),
    day=st.integers(min_value=1, max_value=27),
    game_weeks=st.sampled_from([None, 5, 8]),
)
def test_no_public_event_or_view_shows_requirements_before_the_end(amazon, knight, day, game_weeks):
    state: GameState = fresh(1, ["Amazon", "Black Knight"])
    state.characters["Amazon"].victory = amazon
    state.characters["Black Knight"].victory = knight
    if game_weeks is not None:
        state.options["weeks"] = game_weeks
    state.day = day
    result = resolve(state, {})
    assert result.state.today.stage != "over"
    for viewer in (PUBLIC, "Amazon"):
        for event in visible_to(result.events, viewer):
            assert event.type not in END_TYPES
            assert "victory" not in event.fields
            assert not any(k in event.fields for k in ("great_treasures", "basic", "bonus"))
    for stage in (state, result.state):
        public = view_for(catalog(), stage, PUBLIC)
        assert all(c.victory is None for c in public.characters)
        amazons = view_for(catalog(), stage, "Amazon")
        seen = {c.name: c.victory for c in amazons.characters}
        assert seen["Black Knight"] is None
        assert seen["Amazon"] == amazon


def test_a_saved_game_is_checked_against_its_length():
    state = fresh(1, ["Amazon"])
    state.options["weeks"] = 2
    state.day = 15
    with pytest.raises(GameStateError, match="after the game's last day, game day 14"):
        check_state(state, catalog())
    state.options["weeks"] = 0
    with pytest.raises(GameStateError, match=r"options\.weeks"):
        check_state(state, catalog())


@pytest.mark.parametrize(
    ("game_weeks", "month", "colors"),
    [(None, 1, ["white", "black"]), (8, 1, ["white"]), (8, 2, ["black"])],
)
def test_in_a_longer_game_day_7_alternates_white_and_black(game_weeks, month, colors):
    """10.E.2 2.3 (L3457): White on the first month's seventh day, Black on the second's."""
    state = fresh(1, ["Amazon"])
    if game_weeks is not None:
        state.options["weeks"] = game_weeks
    state.month, state.day = month, 7
    started = [e for e in resolve(state, {}).events if e.type == "day_started"]
    assert started[0].fields["colors"] == colors
