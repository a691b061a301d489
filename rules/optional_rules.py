"""The optional rules a game can switch on (``GameState.options``, set when the game is made and
by scenarios' ``options``): each one's rule, whether the engine plays it, and its proof.

One switched on that the engine does not play yet is reported where it would act, by a
``not_implemented`` event declared in :data:`rules.loud.LOUD` (its ``rule`` is that entry's);
the others are played. The options that are not rules of the game (``wait_for_decisions`` and
the like: how the players are asked, :class:`rules.day.context.Ctx`) are not listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Done = Literal["yes", "partly", "no"]


@dataclass(frozen=True)
class OptionalRule:
    """One optional rule by its switch: its rule number and rulebook line, whether the engine
    plays it (``no``: switched on, it is reported where it would act, as ``rule``), what it
    does, where, and its proof (a path under the repository: a scenario or a test module)."""

    rule: str
    line: int
    done: Done
    what: str
    where: str
    proof: str


_SCENARIOS = "tests/scenarios/"

#: Every optional rule a game can switch on, by its key in ``GameState.options``.
OPTIONAL_RULES: dict[str, OptionalRule] = {
    "weeks": OptionalRule(
        "10.E.2", 3453, "yes",
        "the game's length in weeks: its last day, one Victory Point a week plus one, and the "
        "seventh days' magic in a game longer than a month",
        "rules.end.length, rules.setup.characters, rules.day.sunrise",
        _SCENARIOS + "scoring/10.E.2_a_two_week_game_ends_after_day_14.yaml",
    ),
    "parallel_combat": OptionalRule(
        "8.1.3b", 2259, "yes",
        "every clearing's combat at once, as the note to 8.1.3b allows when every player agrees",
        "rules.evening.combat.fight_at_once",
        "tests/rules/evening/test_parallel.py",
    ),
    "caching": OptionalRule(
        "10.A.4", 3033, "no",
        "the Cache activity: C may be recorded, and a C phase is reported",
        "rules.orders.reader, rules.daylight.turn",
        _SCENARIOS + "turn/10.A.4_cache_phase_not_implemented.yaml",
    ),
    "commerce": OptionalRule(
        "10.D.2", 3305, "no",
        "the Commerce Table for selling: each Trade phase reports it",
        "rules.daylight.trading",
        _SCENARIOS + "trade/10.D.2_commerce_on_is_named_as_not_implemented.yaml",
    ),
    "grudges_and_gratitude": OptionalRule(
        "10.B.6", 3129, "no",
        "Fame rewards changing trading relationships: each Trade phase reports it",
        "rules.daylight.trading",
        _SCENARIOS + "trade/10.B.6_grudges_and_gratitude_on_is_named_as_not_implemented.yaml",
    ),
}  # fmt: skip
