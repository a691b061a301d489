"""The Magic Realm rules engine (3rd edition, release 3.1): pure, deterministic, no I/O.

This module is the engine's one entry: ``bot/`` and ``db/`` import from ``rules`` only what it
exports here (the functions, the types they handle, the tables the audit reads), and the event
vocabulary, :mod:`rules.events` (its typed event classes); ``tests/test_layers.py`` holds them to
it. The package reads like the rulebook's table of contents:

==================  ===========================================================================
``setup/``          section 3: a new game, the Set Up Card, the map (3.2), the characters (3.3)
``orders/``         6.2: the order model, reading the notation, checks, standing instructions,
                    the phases a character is entitled to, the legal activities
``day/``            5.1: the stage driver and its context, Birdsong, Sunrise (6.1, 6.3), Midnight
                    (8.9)
``daylight/``       section 7: turns, Move, Hide, Rest, Alert, Follow, blocking, prowling,
                    trading between characters, hirelings
``evening/``        section 8: Sunset and combat
``end/``            section 9: leaving play, the game's length, scoring
``decisions/``      the decision kinds (one registry) and the typed decision id
``events/``         what happened: one typed class per event type, by section
``autopilot.py``    orders for a player who sent none
==================  ===========================================================================

Under them is a small core: ``catalog.py`` (and ``schema/``, ``data/``), ``state.py``,
``pieces.py``, ``board.py``, ``layout.py``, ``dice.py``, ``view.py``, ``chits.py``,
``discoveries.py``, ``modifiers.py`` (what changes rolls and abilities), ``advantages.py`` (the
32 Special Advantages: where each acts, whether it is done) and ``plain_yaml.py`` (YAML people
write, read safely).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Imported at once, not on first use: ``catalog`` (and ``glossary``) is also the name of its
# module, which the import system would otherwise set here in its place whenever the module is
# first imported.
from rules.catalog import catalog
from rules.glossary import glossary

if TYPE_CHECKING:
    from rules.advantages import ADVANTAGES, LATER_PARTS
    from rules.autopilot import autopilot_orders, fighting
    from rules.autopilot_magic import autopilot_setup
    from rules.board import (
        Board,
        board_for,
        clearing_id,
        edge_point,
        hex_center,
        hex_corners,
        parse_clearing_id,
    )
    from rules.catalog import DATA_DIR, Catalog, UnknownNameError, load_catalog
    from rules.day.engine import OrdersError, resolve
    from rules.day.leaving import in_play
    from rules.day.midnight import quit_together
    from rules.daylight.curses import CURSES
    from rules.daylight.hirelings import is_actor
    from rules.decisions import CombatId, DecisionId, about, clearing_of, is_combat_id
    from rules.discoveries import RoadDiscovery, known_roads
    from rules.end.length import DEFAULT_WEEKS, MAX_WEEKS
    from rules.evening.windows import KEY_OF, brief, read_plays, typed_example, window_of
    from rules.events import Decision, Event, Resolution, visible_to
    from rules.glossary import Glossary, read_name
    from rules.layout import PlacedTile
    from rules.loud import LOUD
    from rules.magic.sheet import SpellSheet, spell_sheet
    from rules.optional_rules import OPTIONAL_RULES
    from rules.orders.entitlement import activity_name, entitlement
    from rules.orders.legal import LegalOptions, legal_activities
    from rules.orders.model import Activity, ActivityKind, Orders
    from rules.orders.parse import CODES, ParseResult, not_text, noted, parse_orders
    from rules.orders.reader import Problem
    from rules.orders.sections import recorded_by
    from rules.orders.standing import parse_standing
    from rules.phrases import VERBATIM, Phrase, is_stored_phrase, phrase, verbatim
    from rules.pieces import Kind, pieces_of
    from rules.plain_yaml import PlainLoader, load_plain_yaml
    from rules.powers import BUILT_IN_SPELLS, POWERS, Power
    from rules.schema.base import CatalogError, Record
    from rules.schema.glossary import Gender
    from rules.schema.tiles import ClearingType, Road, RoadType, TileSide, TileType
    from rules.setup import CharacterSetup, SetupError, new_game, setup_choices
    from rules.setup.layout_files import LayoutError, read_layout
    from rules.setup.restart import restart
    from rules.state import Departure, GameState, GameStateError, Place, load_problem
    from rules.state_check import check_state, read_state
    from rules.view import (
        MODERATOR,
        PUBLIC,
        CharacterView,
        ItemView,
        MinionView,
        PieceView,
        Pile,
        UnknownViewerError,
        View,
        view_for,
        viewers,
    )

#: Where each name this module exports is defined: imported only when first asked for.
_WHERE = {
    "ADVANTAGES": "rules.advantages",
    "LATER_PARTS": "rules.advantages",
    "autopilot_orders": "rules.autopilot",
    "fighting": "rules.autopilot",
    "autopilot_setup": "rules.autopilot_magic",
    "Board": "rules.board",
    "board_for": "rules.board",
    "clearing_id": "rules.board",
    "edge_point": "rules.board",
    "hex_center": "rules.board",
    "hex_corners": "rules.board",
    "parse_clearing_id": "rules.board",
    "Catalog": "rules.catalog",
    "DATA_DIR": "rules.catalog",
    "UnknownNameError": "rules.catalog",
    "load_catalog": "rules.catalog",
    "Glossary": "rules.glossary",
    "read_name": "rules.glossary",
    "Gender": "rules.schema.glossary",
    "VERBATIM": "rules.phrases",
    "Phrase": "rules.phrases",
    "is_stored_phrase": "rules.phrases",
    "phrase": "rules.phrases",
    "verbatim": "rules.phrases",
    "OrdersError": "rules.day.engine",
    "resolve": "rules.day.engine",
    "in_play": "rules.day.leaving",
    "quit_together": "rules.day.midnight",
    "CURSES": "rules.daylight.curses",
    "SpellSheet": "rules.magic.sheet",
    "spell_sheet": "rules.magic.sheet",
    "is_actor": "rules.daylight.hirelings",
    "CombatId": "rules.decisions",
    "DecisionId": "rules.decisions",
    "about": "rules.decisions",
    "clearing_of": "rules.decisions",
    "is_combat_id": "rules.decisions",
    "RoadDiscovery": "rules.discoveries",
    "known_roads": "rules.discoveries",
    "DEFAULT_WEEKS": "rules.end.length",
    "MAX_WEEKS": "rules.end.length",
    "KEY_OF": "rules.evening.windows",
    "brief": "rules.evening.windows",
    "read_plays": "rules.evening.windows",
    "typed_example": "rules.evening.windows",
    "window_of": "rules.evening.windows",
    "Decision": "rules.events",
    "Event": "rules.events",
    "Resolution": "rules.events",
    "visible_to": "rules.events",
    "PlacedTile": "rules.layout",
    "LOUD": "rules.loud",
    "OPTIONAL_RULES": "rules.optional_rules",
    "activity_name": "rules.orders.entitlement",
    "entitlement": "rules.orders.entitlement",
    "LegalOptions": "rules.orders.legal",
    "legal_activities": "rules.orders.legal",
    "Activity": "rules.orders.model",
    "ActivityKind": "rules.orders.model",
    "Orders": "rules.orders.model",
    "CODES": "rules.orders.parse",
    "ParseResult": "rules.orders.parse",
    "not_text": "rules.orders.parse",
    "noted": "rules.orders.parse",
    "parse_orders": "rules.orders.parse",
    "Problem": "rules.orders.reader",
    "recorded_by": "rules.orders.sections",
    "parse_standing": "rules.orders.standing",
    "Kind": "rules.pieces",
    "pieces_of": "rules.pieces",
    "PlainLoader": "rules.plain_yaml",
    "load_plain_yaml": "rules.plain_yaml",
    "POWERS": "rules.powers",
    "BUILT_IN_SPELLS": "rules.powers",
    "Power": "rules.powers",
    "CatalogError": "rules.schema.base",
    "Record": "rules.schema.base",
    "ClearingType": "rules.schema.tiles",
    "Road": "rules.schema.tiles",
    "RoadType": "rules.schema.tiles",
    "TileSide": "rules.schema.tiles",
    "TileType": "rules.schema.tiles",
    "CharacterSetup": "rules.setup",
    "SetupError": "rules.setup",
    "new_game": "rules.setup",
    "setup_choices": "rules.setup",
    "LayoutError": "rules.setup.layout_files",
    "read_layout": "rules.setup.layout_files",
    "restart": "rules.setup.restart",
    "Departure": "rules.state",
    "GameState": "rules.state",
    "GameStateError": "rules.state",
    "Place": "rules.state",
    "load_problem": "rules.state",
    "check_state": "rules.state_check",
    "read_state": "rules.state_check",
    "CharacterView": "rules.view",
    "ItemView": "rules.view",
    "MODERATOR": "rules.view",
    "MinionView": "rules.view",
    "PUBLIC": "rules.view",
    "PieceView": "rules.view",
    "Pile": "rules.view",
    "UnknownViewerError": "rules.view",
    "View": "rules.view",
    "view_for": "rules.view",
    "viewers": "rules.view",
}

__all__ = [
    "ADVANTAGES",
    "BUILT_IN_SPELLS",
    "CODES",
    "CURSES",
    "DATA_DIR",
    "DEFAULT_WEEKS",
    "KEY_OF",
    "LATER_PARTS",
    "LOUD",
    "MAX_WEEKS",
    "MODERATOR",
    "OPTIONAL_RULES",
    "POWERS",
    "PUBLIC",
    "VERBATIM",
    "Activity",
    "ActivityKind",
    "Board",
    "Catalog",
    "CatalogError",
    "CharacterSetup",
    "CharacterView",
    "ClearingType",
    "CombatId",
    "Decision",
    "DecisionId",
    "Departure",
    "Event",
    "GameState",
    "GameStateError",
    "Gender",
    "Glossary",
    "ItemView",
    "Kind",
    "LayoutError",
    "LegalOptions",
    "MinionView",
    "Orders",
    "OrdersError",
    "ParseResult",
    "Phrase",
    "PieceView",
    "Pile",
    "Place",
    "PlacedTile",
    "PlainLoader",
    "Power",
    "Problem",
    "Record",
    "Resolution",
    "Road",
    "RoadDiscovery",
    "RoadType",
    "SetupError",
    "SpellSheet",
    "TileSide",
    "TileType",
    "UnknownNameError",
    "UnknownViewerError",
    "View",
    "about",
    "activity_name",
    "autopilot_orders",
    "autopilot_setup",
    "board_for",
    "brief",
    "catalog",
    "check_state",
    "clearing_id",
    "clearing_of",
    "edge_point",
    "entitlement",
    "fighting",
    "glossary",
    "hex_center",
    "hex_corners",
    "in_play",
    "is_actor",
    "is_combat_id",
    "is_stored_phrase",
    "known_roads",
    "legal_activities",
    "load_catalog",
    "load_plain_yaml",
    "load_problem",
    "new_game",
    "not_text",
    "noted",
    "parse_clearing_id",
    "parse_orders",
    "parse_standing",
    "phrase",
    "pieces_of",
    "quit_together",
    "read_layout",
    "read_name",
    "read_plays",
    "read_state",
    "recorded_by",
    "resolve",
    "restart",
    "setup_choices",
    "spell_sheet",
    "typed_example",
    "verbatim",
    "view_for",
    "viewers",
    "visible_to",
    "window_of",
]


def __getattr__(name: str) -> Any:
    """PEP 562: ``name`` from the module that defines it, imported on first use, so that taking
    one name (the catalog, say) does not load the whole engine (issue 31, a quick command
    line)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
