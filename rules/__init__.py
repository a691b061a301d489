"""The Magic Realm rules engine (3rd edition, release 3.1): pure, deterministic, no I/O.

This is the public entry the application uses (``bot/`` imports these, plus the types it handles:
:class:`~rules.state.GameState`, :class:`~rules.events.Event`, :class:`~rules.view.View`, ...).
The package reads like the rulebook's table of contents:

==================  ===========================================================================
``setup/``          section 3: a new game, the Set Up Card, the map (3.2), the characters (3.3)
``orders/``         6.2: the order model, reading the notation, checks, standing instructions,
                    the phases a character is entitled to, the legal activities
``day/``            5.1: the stage driver and its context, Birdsong, Sunrise (6.1, 6.3), Midnight
                    (8.9)
``daylight/``       section 7: turns, Move, Hide, Rest, Alert, Follow, blocking, prowling,
                    trading between characters, hirelings
``evening/``        section 8: Sunset and combat
``autopilot.py``    orders for a player who sent none
``testing/``        the rule-scenario format (SCENARIOS.md): loading, running, checking
==================  ===========================================================================

Under them is a small core: ``catalog.py`` (and ``schema/``, ``data/``), ``state.py``,
``pieces.py``, ``board.py``, ``layout.py``, ``dice.py``, ``events/``, ``view.py``, ``chits.py``,
``discoveries.py``, ``modifiers.py`` (what changes rolls and abilities), ``advantages.py`` (the
32 Special Advantages: where each acts, whether it is done) and ``plain_yaml.py`` (YAML people
write, read safely).
"""

from __future__ import annotations

from rules.autopilot import autopilot_orders
from rules.catalog import Catalog, catalog
from rules.day.engine import OrdersError, resolve
from rules.events import Decision, Event, Resolution, visible_to
from rules.orders.legal import legal_activities
from rules.orders.parse import ParseResult, not_text, parse_orders
from rules.orders.standing import parse_standing
from rules.setup import CharacterSetup, SetupError, new_game, setup_choices
from rules.state import GameState
from rules.state_check import check_state, read_state
from rules.view import MODERATOR, PUBLIC, UnknownViewerError, View, view_for, viewers

__all__ = [
    "MODERATOR",
    "PUBLIC",
    "Catalog",
    "CharacterSetup",
    "Decision",
    "Event",
    "GameState",
    "OrdersError",
    "ParseResult",
    "Resolution",
    "SetupError",
    "UnknownViewerError",
    "View",
    "autopilot_orders",
    "catalog",
    "check_state",
    "legal_activities",
    "new_game",
    "not_text",
    "parse_orders",
    "parse_standing",
    "read_state",
    "resolve",
    "setup_choices",
    "view_for",
    "viewers",
    "visible_to",
]
