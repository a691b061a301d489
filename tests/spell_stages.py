"""Spells staged in a started campaign's saved game, for the tests of spells by DM (issue 34):
the Witch casting Ask Demon on a Demon beside the Dwarf, a Violent Storm over the Witch's tile,
Prophecy on the Witch."""

from __future__ import annotations

from sqlalchemy import Engine

from rules.board import board_for
from rules.catalog import catalog
from rules.magic.state import SpellInEffect
from rules.schema.base import MagicColor
from rules.schema.tiles import ClearingType
from rules.state import GameState, Place
from tests.snapshots import rewrite_latest

#: The lines of the Witch's orders that cast Ask Demon on the Demon with her colour chit.
CAST_ASK_DEMON = "encounter: cast Ask Demon with MAGIC V4*, color MAGIC V5*\ntarget: Demon"


def stage_demon(engine: Engine, campaign_id: int) -> None:
    """The Witch, with Ask Demon recorded and her MAGIC V5* a Black colour chit, alone with
    the Dwarf and a Demon in her clearing (her familiar kept), everyone unhidden."""

    def change(state: GameState) -> None:
        here = state.place_of("Witch")
        for piece in list(state.at(here)):
            if piece != "Witch" and piece not in state.familiars:
                state.put(piece, Place.OUT)
        state.put("Dwarf", here)
        state.put("Demon", here)
        witch = state.characters["Witch"]
        witch.spells = ["Ask Demon"]
        for chit in witch.chits:
            if chit.label == "MAGIC V5*":
                chit.color = MagicColor.BLACK
        for character in state.characters.values():
            character.hidden = False

    rewrite_latest(engine, campaign_id, change)


def stage_storm(engine: Engine, campaign_id: int) -> None:
    """The Witch in an empty woods clearing of a tile under a Violent Storm, cast by the Dwarf,
    that costs two phases (L4924)."""

    def change(state: GameState) -> None:
        board = board_for(catalog(), state.tiles)
        clearing = next(
            c
            for c in board.clearings()
            if board.clearing_type(c) is ClearingType.WOODS and not state.at(Place.clearing(c))
        )
        state.put("Witch", Place.clearing(clearing))
        state.spells.append(
            SpellInEffect(
                number=1,
                spell="Violent Storm",
                caster="Dwarf",
                controller="Dwarf",
                targets=[board.tile_of(clearing).tile],
                cast_day=1,
                phases_lost=2,
            )
        )

    rewrite_latest(engine, campaign_id, change)


def stage_prophecy(engine: Engine, campaign_id: int) -> None:
    """Prophecy (L4725) on the Witch, cast by herself."""

    def change(state: GameState) -> None:
        state.spells.append(
            SpellInEffect(
                number=1,
                spell="Prophecy",
                caster="Witch",
                controller="Witch",
                targets=["Witch"],
                cast_day=1,
            )
        )

    rewrite_latest(engine, campaign_id, change)
