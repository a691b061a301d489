"""Section 3 of the rulebook, Setting Up the Game: a new game, from the Set Up Card to the first
Birdsong.

=====================  ========================================================================
``game.py``            :func:`new_game` and the order of the six steps (3.1–3.6); the Treasure
                       Set Up Card (3.1), the visitor/mission chits (3.4), the map chits (3.5)
                       and the dwellings revealed (3.6)
``characters.py``      3.3, selecting characters: :class:`CharacterSetup` (a player's choices),
                       :class:`SetupError`, :func:`setup_choices` (his choices as lines), a
                       character's equipment, spells, enchanted chits, start and Victory
                       Requirements
``legal_map.py``       3.2, constructing the map: judging one tile placed and a whole layout
``growing_map.py``     the map under construction (3.2.3b), shared by the checks and random maps
``mapgen.py``          a legal random map, built as the players build one (3.2.2–3.2.3)
``layout_files.py``    reading a layout file (SCENARIOS.md's ``map: {tiles: ...}``)
=====================  ========================================================================
"""

from __future__ import annotations

from rules.setup.characters import CharacterSetup, SetupError, setup_choices
from rules.setup.game import new_game

__all__ = ["CharacterSetup", "SetupError", "new_game", "setup_choices"]
