"""Action chits in play, fatigue, wounds and rest (4.2, 7.8).

A character's chits are :class:`~rules.state.ChitState` entries, each naming its printed label
(``"MOVE M4*"``); :func:`printed` reads the label back into the catalog's
:class:`~rules.schema.characters.ActionChit`. The functions here change a character's chits in
place and return what happened as plain descriptions for events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rules.schema.base import Weight
from rules.schema.characters import Action, ActionChit
from rules.state import CharacterState, ChitState, ChitStatus

#: For making change, the Berserk chit counts as a Fight chit and the Duck chit as a Move chit
#: (4.2.4a note, L1067).
CHANGE_TYPE = {Action.BERSERK: Action.FIGHT, Action.DUCK: Action.MOVE}


@cache
def printed(label: str) -> ActionChit:
    """The printed chit a label names (``"MOVE M4*"``)."""
    return ActionChit.parse(label)


def change_type(chit: ActionChit) -> Action:
    return CHANGE_TYPE.get(chit.action, chit.action)


def in_play(character: CharacterState) -> list[ChitState]:
    """His active chits, colour chits included (4.2.1)."""
    return [c for c in character.chits if c.status == "active"]


def move_strength(character: CharacterState) -> Weight | None:
    """The strongest active Move chit's strength letter, or None (7.3.1e); colour chits and
    Duck chits do not carry (the Duck chit moves only for the Duck maneuver, L3717)."""
    strengths = [
        printed(c.label).strength
        for c in in_play(character)
        if c.color is None and printed(c.label).action is Action.MOVE
    ]
    known = [s for s in strengths if s is not None]
    return max(known, key=lambda w: w.rank) if known else None


@dataclass(frozen=True)
class RestStep:
    """One Rest option carried out (7.8.2a): the chit rested, its new status, and the chit that
    made change, if any."""

    option: str
    chit: str
    to: str
    change: str | None = None

    def describe(self) -> str:
        change = f", making change with {self.change}" if self.change else ""
        return f"{self.chit} becomes {self.to} ({self.option}{change})"


def _rank(
    chit: ChitState, priority: Sequence[str], prefer: str | None
) -> tuple[int, int, int, int]:
    """Which chit to rest first: the one the player chose, then by his order of action types,
    then the strongest, then the fastest (rules-map §2.4 P32)."""
    face = printed(chit.label)
    kind = change_type(face).value
    order = priority.index(kind) if kind in priority else len(priority)
    strength = face.strength.rank if face.strength is not None else 0
    return (chit.label != prefer, order, -strength, face.time)


def restable(character: CharacterState) -> list[str]:
    """The labels of the chits a Rest could bring back or convert now (7.8.2a), each once."""
    labels = [
        c.label
        for c in character.chits
        if (c.status == "fatigued" and printed(c.label).effort > 0) or c.status == "wounded"
    ]
    return list(dict.fromkeys(labels))


def _change_chit(character: CharacterState, besides: ChitState) -> ChitState | None:
    """An active, unenchanted one-asterisk chit to fatigue as change (7.8.2b): the slowest."""
    candidates = [
        c
        for c in in_play(character)
        if c is not besides and c.color is None and printed(c.label).effort == 1
    ]
    return max(candidates, key=lambda c: printed(c.label).time) if candidates else None


def rest(
    character: CharacterState,
    asterisks: int,
    priority: Sequence[str],
    prefer: str | None = None,
) -> list[RestStep]:
    """Rest ``asterisks`` effort asterisks' worth (1 per Rest; the Dwarf rests one more, L3715),
    choosing among the options of 7.8.2a in this order: a.1 (a fatigued 1* or a wounded 0*
    chit back into play), a.3 (a wounded 1* chit to fatigued), then the two-asterisk options a.2
    and a.4, which take two asterisks or one plus change from an active 1* chit (7.8.2b).
    ``prefer`` names a chit the player chose to rest first. Returns the steps done (none when
    nothing can rest)."""
    steps: list[RestStep] = []
    budget = asterisks
    while budget > 0:
        step = _rest_once(character, budget, priority, prefer)
        if step is None:
            break
        steps.append(step)
        budget -= 2 if step.option in ("a.2", "a.4") and step.change is None else 1
    return steps


#: The Rest options (7.8.2a) in order of preference for the same chit type: what each takes
#: (status and asterisks) and what it gives.
_OPTIONS: tuple[tuple[str, str, int, ChitStatus], ...] = (
    ("a.1", "fatigued", 1, "active"),
    ("a.1", "wounded", 0, "active"),
    ("a.3", "wounded", 1, "fatigued"),
    ("a.2", "fatigued", 2, "active"),
    ("a.4", "wounded", 2, "fatigued"),
)


def _rest_once(
    character: CharacterState, budget: int, priority: Sequence[str], prefer: str | None
) -> RestStep | None:
    """The best single Rest option: the player's chosen chit, then by his order of action types,
    then a.1, a.3, a.2, a.4, then the strongest and fastest chit."""
    candidates = []
    for order, (option, status, effort, to) in enumerate(_OPTIONS):
        for chit in character.chits:
            if chit.status == status and printed(chit.label).effort == effort:
                prefer_key, kind, strength, time = _rank(chit, priority, prefer)
                candidates.append(((prefer_key, kind, order, strength, time), option, chit, to))
    for _, option, chit, to in sorted(candidates, key=lambda c: c[0]):
        if option not in ("a.2", "a.4") or budget >= 2:
            chit.status = to
            return RestStep(option, chit.label, to)
        change = _change_chit(character, chit)
        if change is not None:
            chit.status = to
            change.status = "fatigued"
            return RestStep(option, chit.label, to, change.label)
    return None


def midnight(character: CharacterState) -> list[str]:
    """At Midnight every alerted Magic chit fatigues (8.9.2c); returns their labels."""
    fatigued = []
    for chit in character.chits:
        if chit.alerted:
            chit.alerted = False
            chit.status = "fatigued"
            fatigued.append(chit.label)
    return fatigued
