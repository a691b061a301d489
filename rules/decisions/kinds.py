"""Every kind of decision the engine asks, one typed entry each: the one registry the engine,
the standing orders, the combat windows, the bot and the scenario runner read what a kind is
from (issue 30).

A kind is asked in a phase of a turn (:class:`TurnKind`, ids :class:`~rules.decisions.ids.
TurnId`) or in a round of combat (:class:`CombatKind`, ids :class:`~rules.decisions.ids.CombatId`);
a few names serve both (``drinks``, ``insult``, ``challenge``: meeting natives in a Trade or Hire
phase, or at the start of combat), each an entry of its own. The canonical texts of the combat
answers are :mod:`rules.evening.answers`; each step's options come from its own generator, and a
kind whose options never change names them here (:attr:`DecisionKind.fixed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, overload

from rules.decisions.ids import CombatId, DecisionId, TurnId

#: What a decision's id names as its subject: one of his belongings (``sell``, ``pay``), a
#: denizen (``lure``, ``assign``), a native group (meeting natives at the start of combat),
#: the spell whose question it is (``spell``, :mod:`rules.magic.questions`) or the table he
#: rolls on (``red_die``, :mod:`rules.magic.wand`).
Subject = Literal["item", "denizen", "group", "spell", "table"]

#: The combat windows (issue 14): a round asks at most ``lure``, ``encounter`` and ``melee`` —
#: and ``melee`` again, once the plays are revealed, for where a Battle Bracelets or Elusive
#: Cloak moves an attack or maneuver (L4480) — the start of combat ``natives``, and the Fatigue
#: Step ``fatigue`` (only with the engine's ``wait_for_fatigue``,
#: :meth:`rules.day.context.Ctx.ask`). The questions spells ask in a round (``spell``,
#: :mod:`rules.magic.questions`) and the Magic Wand's red die (``red_die``) come in the melee
#: window — asked ahead with the melee's, or as the spells take effect (8.4.3) — so that a
#: player answers them as he answers the rest of the round, by select or typed plays.
Window = Literal["natives", "lure", "encounter", "melee", "fatigue"]

#: The combat keys of an order message (pbem-combat §3), each answering the decisions of the
#: kinds that name it (:attr:`CombatKind.keys`): ``encounter`` is the Encounter action (8.3.7),
#: and ``run`` a shorthand for its running away (8.3.8), since ``alert`` is already what a bare
#: Daylight A does (7.9).
CombatKey = Literal[
    "natives",
    "lure",
    "charge",
    "encounter",
    "run",
    "target",
    "attack",
    "maneuver",
    "shield",
    "place",
    "fatigue",
    "wound",
]

#: The options of the choices met natives give, in a Trade or Hire phase and at the start of
#: combat alike, their default first: drinks (7.6.5b, 8.2.2a), and paying off an Insult or a
#: Challenge (L5499–5501, 8.2.2b).
DRINKS = ("no", "yes")
PENALTY = ("refuse", "pay")


@dataclass(frozen=True, kw_only=True)
class DecisionKind:
    """A kind of decision: its ``name`` (the ``kind`` of its decisions and ids), the ``rule``
    that asks it, what its ids' ``subject`` names (None: its ids have none), and, for a kind
    whose options never change, those options, the default first (``fixed``; empty: each
    decision's options come from its step's generator)."""

    name: str
    rule: str
    subject: Subject | None = None
    fixed: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TurnKind(DecisionKind):
    """A decision asked in a phase of a turn, of the individual doing it (his employer
    answering for a hired leader or controlled monster)."""


@dataclass(frozen=True, kw_only=True)
class CombatKind(DecisionKind):
    """A decision asked in combat (section 8).

    ``window``: the combat window it is asked in when combat waits for players (None: asked
    alone, as any decision). ``keys``: the standing-order keys whose clauses answer it, the
    one a player types first (none: he types ``KIND ABOUT: OPTION``, :func:`about`).
    ``natives``: for a ``natives`` key, its plays that answer this kind, with their answers.
    ``for_hireling``: its id's ``who`` is the hireling the decision is for, its employer
    deciding. ``declined``: the answer that does nothing (None: something must be chosen, the
    default too is a choice). ``asked``: False for the one kind that is not a player's, the
    ``positions`` a moderator or a scenario fixes (8.4.6). ``plays_chits``: its answer may
    play an action chit, whose asterisks count toward the round's effort limit (8.4.5f.2)."""

    window: Window | None = None
    keys: tuple[CombatKey, ...] = ()
    natives: tuple[tuple[str, str], ...] = ()
    for_hireling: bool = False
    declined: str | None = None
    asked: bool = True
    plays_chits: bool = False

    @property
    def key(self) -> CombatKey | None:
        """The standing-order key a player types to answer it (None: he types its name)."""
        return self.keys[0] if self.keys else None

    @property
    def fatigue_step(self) -> bool:
        """A decision of the Fatigue Step (8.5), which waits only with ``wait_for_fatigue``."""
        return self.window == "fatigue"


_TURN = (
    TurnKind(name="rest", rule="7.8.2"),
    TurnKind(name="trade", rule="7.6.3"),
    TurnKind(name="sell", rule="7.6.4", subject="item"),
    TurnKind(name="buy", rule="7.6.5"),
    TurnKind(name="drinks", rule="7.6.5b", fixed=DRINKS),
    TurnKind(name="accept", rule="7.6.5c"),
    TurnKind(name="pay", rule="7.6.5c", subject="item"),
    TurnKind(name="boon", rule="7.6.5e"),
    TurnKind(name="insult", rule="L5499", fixed=PENALTY),
    TurnKind(name="challenge", rule="L5501", fixed=PENALTY),
    TurnKind(name="item", rule="7.5.5f"),
    TurnKind(name="hire", rule="7.7.1"),
    TurnKind(name="rehire", rule="7.7.1d"),
    TurnKind(name="timeless", rule="L4315"),
    TurnKind(name="teleport", rule="L4224"),
    TurnKind(name="exchange", rule="7.5.4c"),
    TurnKind(name="search_choice", rule="L5577"),
    TurnKind(name="take_from", rule="7.5.7d"),
    TurnKind(name="perceive_from", rule="7.5.7e"),
    TurnKind(name="learn", rule="7.5.7e"),
    TurnKind(name="erase", rule="7.5.6g"),
    TurnKind(name="rune_card", rule="7.5.6b"),
    TurnKind(name="enchant", rule="7.10.4"),
    TurnKind(name="enchant_clearing", rule="L4216"),
    TurnKind(name="color", rule="4.6.7h.6"),
    TurnKind(name="spell", rule="4.6.7", subject="spell"),
    TurnKind(name="red_die", rule="L4352", subject="table"),
)

_NONE = "none"

_COMBAT = (
    CombatKind(
        name="drinks",
        rule="8.2.2a",
        subject="group",
        fixed=DRINKS,
        window="natives",
        keys=("natives",),
        natives=(("drinks", "yes"), ("no drinks", "no")),
        declined="no",
    ),
    CombatKind(
        name="insult",
        rule="8.2.2b",
        subject="group",
        fixed=PENALTY,
        window="natives",
        keys=("natives",),
        natives=(("pay insult", "pay"), ("refuse insult", "refuse")),
        declined="refuse",
    ),
    CombatKind(
        name="challenge",
        rule="8.2.2b",
        subject="group",
        fixed=PENALTY,
        window="natives",
        keys=("natives",),
        natives=(("pay challenge", "pay"), ("refuse challenge", "refuse")),
        declined="refuse",
    ),
    CombatKind(
        name="lure", rule="8.3.4", subject="denizen", window="lure", keys=("lure",), declined="no"
    ),
    CombatKind(
        name="hireling_lure", rule="8.3.4c", window="lure", for_hireling=True, declined=_NONE
    ),
    CombatKind(name="assign", rule="8.3.5a.3", subject="denizen", window="encounter"),
    CombatKind(name="deploy", rule="8.3.6a", window="encounter", for_hireling=True, declined=_NONE),
    CombatKind(
        name="charge",
        rule="8.3.6b",
        window="encounter",
        keys=("charge",),
        declined=_NONE,
        plays_chits=True,
    ),
    CombatKind(
        name="action",
        rule="8.3.7",
        window="encounter",
        keys=("encounter", "run"),
        declined=_NONE,
        plays_chits=True,
    ),
    CombatKind(name="color", rule="8.3.9a", window="encounter", declined=_NONE),
    CombatKind(name="target", rule="8.4.2", window="melee", keys=("target",), declined=_NONE),
    CombatKind(name="hireling_target", rule="8.4.2e", window="melee", for_hireling=True),
    CombatKind(
        name="attack",
        rule="8.4.5",
        window="melee",
        keys=("attack",),
        declined=_NONE,
        plays_chits=True,
    ),
    CombatKind(name="head", rule="L4948", window="melee", declined=_NONE),
    CombatKind(
        name="maneuver",
        rule="8.4.5e.2",
        window="melee",
        keys=("maneuver",),
        declined=_NONE,
        plays_chits=True,
    ),
    CombatKind(name="shield", rule="8.4.5i.2", window="melee", keys=("shield",)),
    CombatKind(name="place", rule="8.4.5m", window="melee", keys=("place",)),
    CombatKind(name="fatigue", rule="8.5.1", window="fatigue", keys=("fatigue",)),
    CombatKind(name="wound", rule="8.5.3", window="fatigue", keys=("wound",)),
    CombatKind(name="shift_attack", rule="L4482", window="melee"),
    CombatKind(name="shift_maneuver", rule="L4486", window="melee"),
    CombatKind(name="positions", rule="8.4.6", asked=False),
    CombatKind(name="spell", rule="8.4.3", subject="spell", window="melee"),
    CombatKind(name="red_die", rule="L4352", subject="table", window="melee"),
)

#: The kinds asked in a phase of a turn, by name.
TURN_KINDS: Mapping[str, TurnKind] = MappingProxyType({k.name: k for k in _TURN})
#: The kinds asked in combat, by name, in the order of the rules.
COMBAT_KINDS: Mapping[str, CombatKind] = MappingProxyType({k.name: k for k in _COMBAT})

#: The kinds of the Fatigue Step (8.5), asked only with the option ``wait_for_fatigue``.
FATIGUE_STEP = frozenset(k.name for k in _COMBAT if k.fatigue_step)


@overload
def kind_of(where: TurnId) -> TurnKind: ...
@overload
def kind_of(where: CombatId) -> CombatKind: ...
@overload
def kind_of(where: DecisionId) -> TurnKind | CombatKind: ...
def kind_of(where: DecisionId) -> TurnKind | CombatKind:
    """The kind of the decision ``where`` names; KeyError for a kind the engine never asks."""
    kinds: Mapping[str, TurnKind | CombatKind] = (
        COMBAT_KINDS if isinstance(where, CombatId) else TURN_KINDS
    )
    found = kinds.get(where.kind)
    if found is None:
        form = "combat" if isinstance(where, CombatId) else "turn"
        raise KeyError(f"no {form} decision is of the kind {where.kind!r}")
    return found


def about(where: DecisionId) -> str:
    """What a decision is about, as a player names it when he types its answer (``deploy
    Company 1: Giant 1``) and reads it in his echo: the hireling of a hireling's decision
    (:attr:`CombatKind.for_hireling`), else its subject, if any."""
    if isinstance(where, CombatId) and kind_of(where).for_hireling:
        return where.who
    return where.subject or ""
