"""Fresh games for the rule tests: each seed and cast is set up once, and handed out as copies."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from rules.catalog import catalog
from rules.setup.game import new_game
from rules.state import GameState, Place


@cache
def _new(seed: int, cast: tuple[str, ...]) -> GameState:
    return new_game(catalog(), seed, list(cast))


def fresh(seed: int, cast: Iterable[str], **places: str) -> GameState:
    """A copy of the game ``seed`` sets up for ``cast`` (defaults for every choice), with pieces
    moved to clearings: ``fresh(7, CAST, Amazon="BL6", Black_Knight="CV1")`` (``_`` for a
    space)."""
    state = _new(seed, tuple(cast)).model_copy(deep=True)
    for name, clearing in places.items():
        state.put(name.replace("_", " "), Place.clearing(clearing))
    return state
