"""Action chits in play, fatigue, wounds and rest (4.2, 7.8).

A character's chits are :class:`~rules.state.ChitState` entries, each naming its printed label
(``"MOVE M4*"``); :func:`printed` reads the label back into the catalog's
:class:`~rules.schema.characters.ActionChit`. What a chit counts as while his treasures alter it
(Belt of Strength, Draught and Garb of Speed, L4364–4378) is :func:`current`, with the
:class:`Alteration` of :func:`alteration`. The functions here change a character's chits in
place and return what happened as plain descriptions for events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from rules.catalog import Catalog
from rules.magic.altering import GRACE_TIMES
from rules.magic.nullifying import curses_in_force
from rules.magic.state import SpellInEffect
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import STRENGTH_ACTIONS, Action, ActionChit
from rules.schema.base import Weight
from rules.state import CharacterState, ChitState, ChitStatus

#: For making change, the Berserk chit counts as a Fight chit and the Duck chit as a Move chit
#: (4.2.4a note, L1067).
CHANGE_TYPE = {Action.BERSERK: Action.FIGHT, Action.DUCK: Action.MOVE}


@cache
def printed(label: str) -> ActionChit:
    """The printed chit a label names (``"MOVE M4*"``)."""
    return ActionChit.parse(label)


#: The ``alter_chits:*`` keys that set every action chit's time by its asterisks (0, 1, 2), in
#: order of precedence: "If a character has both the Garb of Speed and Draught of Speed active,
#: the Draught of Speed defines the time numbers" (L4378).
TIMES_BY_STARS: dict[str, tuple[int, int, int]] = {
    "alter_chits:time_4_3_2": (4, 3, 2),
    "alter_chits:time_5_4_3": (5, 4, 3),
}
#: The key that sets the strength of Move, Fight, Duck and Berserk chits by asterisks (L4370).
STRENGTH_BY_STARS = "alter_chits:strength_by_stars"
_STRENGTHS = (Weight.MEDIUM, Weight.HEAVY, Weight.TREMENDOUS)


@dataclass(frozen=True)
class Alteration:
    """How his active treasures alter the values on his action chits (section 6, L4364–4378):
    ``strength`` by asterisks (the Belt of Strength: none M, one H, two T, L4370), ``times``
    by asterisks (the Draught of Speed 4, 3, 2, L4374; the Garb of Speed 5, 4, 3, L4378), None
    when unaltered. The alteration is automatic: he "does not have the option of using the
    printed values" (L4366). ``graced``: Elven Grace is on him (L4838,
    :mod:`rules.magic.altering`)."""

    strength: bool = False
    times: tuple[int, int, int] | None = None
    graced: bool = False


UNALTERED = Alteration()


def alteration(catalog: Catalog, character: CharacterState, *, graced: bool = False) -> Alteration:
    """The :class:`Alteration` his active Treasure cards make (L4364–4378), and Elven Grace
    when ``graced`` (:func:`rules.magic.altering.graced`); unaltered for anyone without chits
    (a hireling activates no treasures, 7.7.2a.2)."""
    pieces = pieces_of(catalog)
    keys: set[str] = set()
    for item, held in character.items.items():
        piece = pieces[item]
        if held.active and piece.kind is Kind.TREASURE:
            keys.update(catalog.treasures[piece.name].behaviour)
    times = next((t for key, t in TIMES_BY_STARS.items() if key in keys), None)
    return Alteration(strength=STRENGTH_BY_STARS in keys, times=times, graced=graced)


def current(label: str, altered: Alteration = UNALTERED) -> ActionChit:
    """What the chit printed ``label`` counts as now (L4364–4378): its printed face, with the
    strength of a Move, Fight, Duck or Berserk chit set by its asterisks under the Belt of
    Strength ("his Magic chits are not affected", L4370) and the time of every action chit,
    Magic chits included, set by its asterisks under the Draught or Garb of Speed (L4374,
    L4378). Only action chits are altered — "not Treasure cards or horses" (L4366). Its
    ``label`` shows the current values: the chit is still named by its printed ``label``.

    Under Elven Grace (L4838–4841) a Move chit's time is its printed strength's
    (:data:`rules.magic.altering.GRACE_TIMES`) — not a Duck chit's — "the strength that is
    actually printed", whatever the Belt of Strength makes of it (rule 1); the Draught and Garb
    of Speed nullify it (rule 2): their times stand."""
    face = printed(label)
    updates: dict[str, object] = {}
    if altered.strength and face.action in STRENGTH_ACTIONS:
        updates["strength"] = _STRENGTHS[face.effort]
    if altered.times is not None:
        updates["time"] = altered.times[face.effort]
    elif altered.graced and face.action is Action.MOVE and face.strength is not None:
        updates["time"] = GRACE_TIMES[face.strength]
    return face.model_copy(update=updates) if updates else face


def heal_wounds(character: CharacterState) -> list[str]:
    """The Vial of Healing (L4390): "all of his wounded action chits are instantly converted
    into fatigued chits" — fatigued chits are not affected. Changes his chits in place; returns
    the labels converted, in development order."""
    healed = []
    for chit in character.chits:
        if chit.status == "wounded":
            chit.status = "fatigued"
            healed.append(chit.label)
    return healed


#: The Curse that keeps every chit with asterisks out of play (4.6.8a.3).
WITHER = "Wither"
#: The Curse under which his recorded gold does not count (4.6.8a.4).
ASHES = "Ashes"


def spendable_gold(character: CharacterState, spells: Iterable[SpellInEffect]) -> int:
    """The recorded gold he may spend, given the ``spells`` in effect: under Ashes in force
    (:func:`rules.magic.nullifying.curses_in_force`) it does not count, and he "is considered
    to have -1 recorded gold" (4.6.8a.4)."""
    return -1 if ASHES in curses_in_force(spells, character) else character.gold


def uncommitted(chits: Sequence[ChitState], committed: Sequence[str] = ()) -> list[ChitState]:
    """``chits`` but those committed to spells in effect (4.6.7b, g, h.1; ``committed``: their
    labels, :func:`rules.magic.state.committed`). A committed chit lies with its spell's target:
    neither active nor fatigued for its owner, it is not played, rested, fatigued, wounded,
    alerted or given as change, and does not count among his chits in play (9.1.1b–c). It is
    active, unenchanted and unalerted on his sheet; of two such chits of one label, the last in
    development order is the one committed."""
    left = Counter(committed)
    kept: list[ChitState] = []
    for chit in reversed(chits):
        free = chit.status == "active" and chit.color is None and not chit.alerted
        if free and left[chit.label] > 0:
            left[chit.label] -= 1
            continue
        kept.append(chit)
    kept.reverse()
    return kept


def wither(character: CharacterState, committed: Sequence[str] = ()) -> list[str]:
    """4.6.8a.3: the Wither Curse fatigues all of his action chits that have asterisks, colour
    chits included — not those committed to spells (:func:`uncommitted`); the labels
    fatigued."""
    tired = []
    for chit in uncommitted(character.chits, committed):
        if chit.status == "active" and printed(chit.label).effort > 0:
            chit.status = "fatigued"
            chit.color = None
            tired.append(chit.label)
    return tired


def change_type(chit: ActionChit) -> Action:
    return CHANGE_TYPE.get(chit.action, chit.action)


def in_play(character: CharacterState, committed: Sequence[str] = ()) -> list[ChitState]:
    """His active chits, colour chits included (4.2.1), but those ``committed`` to spells
    (:func:`uncommitted`)."""
    return [c for c in uncommitted(character.chits, committed) if c.status == "active"]


def move_strength(character: CharacterState, altered: Alteration = UNALTERED) -> Weight | None:
    """The strongest active Move chit's strength letter, or None (7.3.1e); colour chits and
    Duck chits do not carry (the Duck chit moves only for the Duck maneuver, L3717). With the
    Belt of Strength active (``altered``, :func:`alteration`) his Move chits carry by their
    asterisks (L4370)."""
    strengths = [
        current(c.label, altered).strength
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


def restable(character: CharacterState, spells: Iterable[SpellInEffect]) -> list[str]:
    """The labels of the chits a Rest could bring back or convert now (7.8.2a), each once,
    given the ``spells`` in effect (a Wither Curse nullified does not act)."""
    withered = WITHER in curses_in_force(spells, character)  # 4.6.8a.3: wounds rest to fatigue
    labels = [
        c.label
        for c in character.chits
        if (c.status == "fatigued" and printed(c.label).effort > 0 and not withered)
        or c.status == "wounded"
    ]
    return list(dict.fromkeys(labels))


def _change_chit(
    character: CharacterState, besides: ChitState, committed: Sequence[str]
) -> ChitState | None:
    """An active, unenchanted one-asterisk chit to fatigue as change (7.8.2b): the slowest."""
    candidates = [
        c
        for c in in_play(character, committed)
        if c is not besides and c.color is None and printed(c.label).effort == 1
    ]
    return max(candidates, key=lambda c: printed(c.label).time) if candidates else None


def rest(
    character: CharacterState,
    asterisks: int,
    priority: Sequence[str],
    prefer: str | None = None,
    committed: Sequence[str] = (),
    *,
    spells: Iterable[SpellInEffect],
) -> list[RestStep]:
    """Rest ``asterisks`` effort asterisks' worth (1 per Rest; the Dwarf rests one more, L3715),
    choosing among the options of 7.8.2a in this order: a.1 (a fatigued 1* or a wounded 0*
    chit back into play), a.3 (a wounded 1* chit to fatigued), then the two-asterisk options a.2
    and a.4, which take two asterisks or one plus change from an active 1* chit (7.8.2b).
    ``prefer`` names a chit the player chose to rest first; a chit ``committed`` to a spell is
    never given as change (:func:`uncommitted`). Under the Wither Curse in force (``spells``:
    those in effect) no chit with asterisks comes back into play. Returns the steps done (none
    when nothing can rest)."""
    steps: list[RestStep] = []
    budget = asterisks
    withered = WITHER in curses_in_force(spells, character)
    while budget > 0:
        step = _rest_once(character, budget, priority, prefer, committed, withered)
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
    character: CharacterState,
    budget: int,
    priority: Sequence[str],
    prefer: str | None,
    committed: Sequence[str],
    withered: bool,
) -> RestStep | None:
    """The best single Rest option: the player's chosen chit, then by his order of action types,
    then a.1, a.3, a.2, a.4, then the strongest and fastest chit."""
    candidates = []
    for order, (option, status, effort, to) in enumerate(_OPTIONS):
        if withered and to == "active" and effort > 0:
            continue  # 4.6.8a.3: no chit with asterisks comes back into play under Wither
        for chit in character.chits:
            if chit.status == status and printed(chit.label).effort == effort:
                prefer_key, kind, strength, time = _rank(chit, priority, prefer)
                candidates.append(((prefer_key, kind, order, strength, time), option, chit, to))
    for _, option, chit, to in sorted(candidates, key=lambda c: c[0]):
        if option not in ("a.2", "a.4") or budget >= 2:
            chit.status = to
            return RestStep(option, chit.label, to)
        change = _change_chit(character, chit, committed)
        if change is not None:
            chit.status = to
            change.status = "fatigued"
            return RestStep(option, chit.label, to, change.label)
    return None


def midnight(character: CharacterState) -> list[str]:
    """At Midnight every alerted Magic chit still active fatigues (8.9.2c), and a played
    Berserk chit is put back (it fatigued when played, or as effort): the Berserker reverts to
    normal (L3594). Returns the labels of the chits fatigued."""
    fatigued = []
    for chit in character.chits:
        if chit.alerted:
            chit.alerted = False
            if chit.status == "active" and printed(chit.label).action is Action.MAGIC:
                chit.status = "fatigued"
                fatigued.append(chit.label)
    return fatigued


def is_berserk(character: CharacterState) -> bool:
    """Whether he played his Berserk chit today (L3594): marked alerted until Midnight."""
    return any(c.alerted and printed(c.label).action is Action.BERSERK for c in character.chits)
