"""Where advantages and modifiers apply (rules/modifiers.py)."""

from __future__ import annotations

from rules.board import board_for
from rules.catalog import catalog
from rules.modifiers import one_die
from rules.schema.characters import DieTable
from tests.rules.games import fresh


def test_the_woods_girl_tracks_in_the_six_tiles_labeled_woods_deep_woods_among_them():
    """L4013: "in one of the six tiles labeled 'Woods' (specifically, the Deep Woods, Linden
    Woods, Maple Woods, Nut Woods, Oak Woods and Pine Woods)" — the Deep Woods is a mountain
    tile by type, and the advantage is its name's."""
    for clearing, dice in (("DW1", 1), ("LW2", 1), ("PW5", 1), ("CV1", 0), ("M1", 0)):
        state = fresh(7, ["Woods Girl"], Woods_Girl=clearing)
        board = board_for(catalog(), state.tiles)
        assert one_die(catalog(), board, state, "Woods Girl", DieTable.HIDE) == dice, clearing
