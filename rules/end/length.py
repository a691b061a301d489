"""How long the game lasts (9.3.1, 10.E.2 "Changing Game Time", L3453–3460).

The standard game lasts one month of 28 days and ends at Midnight of day 28 (5.1, 9.3.1). A game
"can last for any number of weeks" (10.E.2 2.1, L3455); its length is the game option
``weeks`` (``GameState.options["weeks"]``, absent: 4). Each character assigns "one basic point,
plus one point for each week in the game" (2.2, L3456): 5 Victory Points in the standard game.

The calendar repeats by month: after day 28 comes day 1 of the next month
(:attr:`rules.state.GameState.game_day`), so days 7, 14, 21 and 28 stay the seventh days of
their weeks. The game ends after Midnight of game day ``weeks × 7``.
"""

from __future__ import annotations

from rules.state import GameState

#: The standard game's length in weeks: one month (9.3.1).
DEFAULT_WEEKS = 4
#: Days in a week and in a month of the calendar (6.1.2, 10.D.1).
WEEK_DAYS = 7
MONTH_DAYS = 28
#: The longest game: 24 weeks need 25 Victory Points, five in each of the five categories, the
#: most a character can assign (3.3.6a, "from zero to five Victory Points to each category").
MAX_WEEKS = 24


class GameLengthError(ValueError):
    """A game length the rules do not allow: a whole number of weeks, at least one."""


def check_weeks(weeks: object) -> int:
    """``weeks`` as a game length: a whole number from 1 to :data:`MAX_WEEKS` (10.E.2 2.1,
    "it cannot start or end part way through a week"); raises :class:`GameLengthError`."""
    if isinstance(weeks, bool) or not isinstance(weeks, int) or not 1 <= weeks <= MAX_WEEKS:
        raise GameLengthError(
            f"the game lasts a whole number of weeks from 1 to {MAX_WEEKS} (10.E.2), not {weeks!r}"
        )
    return weeks


def weeks(state: GameState) -> int:
    """The game's length in weeks: the option ``weeks``, else :data:`DEFAULT_WEEKS`."""
    return check_weeks(state.options.get("weeks", DEFAULT_WEEKS))


def last_day(state: GameState) -> int:
    """The last game day (:attr:`~rules.state.GameState.game_day`): 28 in the standard game."""
    return weeks(state) * WEEK_DAYS


def is_last_day(state: GameState) -> bool:
    """Whether today is the game's last day: its Midnight ends the game (9.3.1; 7.2.4d, f.1 for
    the mission and campaign chits still carried)."""
    return state.game_day >= last_day(state)


def victory_points(game_weeks: int) -> int:
    """The Victory Points each character assigns in a game of ``game_weeks`` weeks: one basic
    point plus one a week (10.E.2 2.2, L3456; 3.3.6a: 5 for the standard month)."""
    return check_weeks(game_weeks) + 1
