"""A character in the forest, away from the clearings and roadways (7.10.4d.2, 8.3.8f).

Two rules put a character there, at the place ``forest:...`` (:meth:`rules.state.Place.forest`):

- 7.10.4d.2 (L2048): on a roadway "when it vanishes or turns into a hidden path or secret passage
  that he has not discovered, he is put in the forest. He must start his next turn by moving
  back to the clearing he just ran out of": ``forest:DW4|DW5`` remembers the roadway's clearings
  (:mod:`rules.daylight.enchant`);
- 8.3.8f (L2386): "A character transmorphized into a beast can run away ... into the forest ...
  he must start his next turn with Move phases to move to any clearing in his tile. While in the
  forest, he is supplied with color magic by the whole tile": ``forest:DW``
  (:mod:`rules.evening.encounter`).

Either way his next turn starts with a Move to one of :func:`exits`, along no roadway (as one
off a roadway he ran onto, 8.3.8d.1: :func:`rules.daylight.move.move`, the orders'
:class:`rules.orders.path.Path`); and the whole tile supplies him colour
(:func:`rules.magic.colors.at_place`). Nobody blocks him or is blocked by him there: he is in no
clearing.
"""

from __future__ import annotations

from rules.board import Board, clearing_id, parse_clearing_id
from rules.state import GameState, Place


def tile_of(place: str) -> str | None:
    """The tile whose forest ``place`` is (``forest:DW`` or ``forest:DW4|DW5``), else None."""
    kind, where = Place.split(place)
    if kind != "forest":
        return None
    return parse_clearing_id(where.split("|")[0])[0] if "|" in where else where


def exits(board: Board, state: GameState, piece: str) -> tuple[str, ...] | None:
    """The clearings ``piece``'s next turn may start by moving to, when he is in the forest:
    the two of the roadway he was put off (7.10.4d.2; the reading at
    :mod:`rules.daylight.enchant`: either), or every clearing of his tile (8.3.8f); None when he
    is not in the forest."""
    kind, where = Place.split(state.place_of(piece))
    if kind != "forest":
        return None
    if "|" in where:
        first, _, second = where.partition("|")
        return first, second
    return tuple(clearing_id(where, number) for number in board.side(where).clearing_numbers())
