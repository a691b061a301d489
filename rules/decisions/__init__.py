"""Decisions as the engine names them: where each arises (:mod:`rules.decisions.ids`, the typed
id and its stored text) and what each kind is (:mod:`rules.decisions.kinds`, the one registry of
decision kinds). :class:`rules.events.Decision` is the decision asked."""

from __future__ import annotations

from rules.decisions.ids import (
    CombatId,
    DecisionId,
    DecisionIdError,
    TurnId,
    clearing_of,
    combat_id,
    is_combat_id,
)
from rules.decisions.kinds import (
    COMBAT_KINDS,
    FATIGUE_STEP,
    TURN_KINDS,
    CombatKey,
    CombatKind,
    DecisionKind,
    TurnKind,
    Window,
    about,
    kind_of,
)

__all__ = [
    "COMBAT_KINDS",
    "FATIGUE_STEP",
    "TURN_KINDS",
    "CombatId",
    "CombatKey",
    "CombatKind",
    "DecisionId",
    "DecisionIdError",
    "DecisionKind",
    "TurnId",
    "TurnKind",
    "Window",
    "about",
    "clearing_of",
    "combat_id",
    "is_combat_id",
    "kind_of",
]
