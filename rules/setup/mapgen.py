"""Random maps (3.2.2–3.2.3): a legal map built the way the players build one, from the dice.

:func:`random_map` deals the 20 tiles and places them turn by turn on the growing map
(:mod:`rules.setup.growing_map`), each at a legal place chosen at random, taking tiles back when
the next player would be left no legal play (3.2.3b.6); :func:`random_map_with_stats` also says
how hard the map was to build (:class:`MapStats`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import BORDERLAND
from rules.catalog import Catalog
from rules.dice import Dice
from rules.layout import PlacedTile
from rules.setup.growing_map import Growth, face_of, grown

__all__ = ["BACKTRACK_BUDGET", "MapStats", "random_map", "random_map_with_stats"]

#: Backtracks one attempt at a random map may make before it starts again from a new deal.
BACKTRACK_BUDGET = 40


@dataclass(frozen=True)
class MapStats:
    """How hard a random map was to build.

    ``restarts``: attempts abandoned for a new deal; ``backtracks``: tiles taken back under
    3.2.3b.6; ``skips``: turns where the next tile had no legal place and a later one was played
    first (3.2.3b.5 L883); ``placements``: tiles put down, counting those taken back.
    """

    restarts: int = 0
    backtracks: int = 0
    skips: int = 0
    placements: int = 0


@dataclass
class _Step:
    queue: list[str]
    index: int
    options: list[PlacedTile]


def random_map(catalog: Catalog, dice: Dice) -> list[PlacedTile]:
    """A legal map built as the players build it (3.2.2–3.2.3): :func:`random_map_with_stats`."""
    return random_map_with_stats(catalog, dice)[0]


def random_map_with_stats(catalog: Catalog, dice: Dice) -> tuple[list[PlacedTile], MapStats]:
    """A legal random map, drawn from ``dice`` only (same dice state, same map), and its stats.

    The 20 tiles are dealt in a random order (3.2.2). The Borderland goes to ``(0, 0)`` with a
    random rotation (3.2.3). Then, turn by turn, the first tile in dealt order that has any legal
    place is put in one of its legal (position, rotation) pairs, chosen uniformly, green side up
    (3.2.3b); a tile with no legal place waits, its turn skipped, and is tried first again next
    turn (3.2.3b.5 L883).

    3.2.3b.6: when tiles remain and none of them has a legal place, the last tile played is taken
    back and played elsewhere — uniformly among its places not yet tried, or, when it has none
    left, the next tile in dealt order is played instead; when none is left either, the tile
    before it is taken back too (a depth-first search, so the map found is always complete).
    After :data:`BACKTRACK_BUDGET` take-backs in one attempt, the attempt is abandoned and the
    tiles are dealt again; :class:`MapStats` counts both.
    """
    faces = {code: face_of(code, tile.normal) for code, tile in catalog.tiles.items()}
    restarts = backtracks = skips = placements = 0
    while True:
        deal = list(catalog.tiles)
        dice.shuffle(deal)
        border = PlacedTile(tile=BORDERLAND, at=(0, 0), rotation=dice.randbelow(6))
        placed = [border]
        growth = grown(faces, placed)
        stack: list[_Step] = []
        queue = [code for code in deal if code != BORDERLAND]
        budget = BACKTRACK_BUDGET
        while queue:
            step = _next_step(growth, queue, 0)
            while step is None:
                if not stack or budget == 0:
                    break
                budget -= 1
                backtracks += 1
                step = stack.pop()
                placed.pop()
                growth = grown(faces, placed)
                if not step.options:
                    step = _next_step(growth, step.queue, step.index + 1)
            if step is None:
                break
            skips += step.index > 0
            choice = dice.choice(step.options)
            step.options.remove(choice)
            stack.append(step)
            placed.append(choice)
            growth.place(choice)
            placements += 1
            queue = step.queue[: step.index] + step.queue[step.index + 1 :]
        if not queue:
            return placed, MapStats(restarts, backtracks, skips, placements)
        restarts += 1


def _next_step(growth: Growth, queue: list[str], first: int) -> _Step | None:
    for index in range(first, len(queue)):
        options = growth.options(queue[index])
        if options:
            return _Step(queue, index, options)
    return None
