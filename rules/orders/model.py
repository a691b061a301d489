"""A character's recorded day: the phases of his Birdsong and his standing instructions (6.2).

These are the typed orders :func:`rules.orders.parse.parse_orders` produces from the rulebook
notation ("M CV2, M CV5, H") and :func:`rules.day.engine.resolve` carries out. Each
:class:`Activity` is one phase: what is done, its target (a clearing, a tile, an individual, a
native group or visitor, a Search table), and the source of the phase (basic, sunlight, or the
advantage, horse or treasure that gives an extra phase, 6.2.4d). :class:`Instructions` answer, in
advance, the choices the rules let a player make during his turn (rules-map §2.4); what they leave
out takes the defaults.
"""

from __future__ import annotations

import enum

from pydantic import BaseModel, ConfigDict, Field

from rules.orders.conditions import CombatOrders
from rules.orders.meetings import MeetingOrders


class ActivityKind(enum.StrEnum):
    """The activities of the Daylight Activities table (L5509–5531), by their abbreviation."""

    MOVE = "M"
    HIDE = "H"
    SEARCH = "S"
    TRADE = "T"
    REST = "R"
    ALERT = "A"
    HIRE = "HR"
    FOLLOW = "F"
    ENCHANT_FIRST = "EM"
    ENCHANT = "E"
    PEER = "P"
    FLY = "FL"
    REMOTE_ENCHANT = "RE"
    CACHE = "C"
    BLANK = "-"


#: The order Rest returns chits in when the player's instructions give none (rules-map P32).
DEFAULT_REST = ("MOVE", "FIGHT", "MAGIC")

#: Sources of a phase that are not extra phases (6.2.2a–b).
BASIC = "basic"
SUNLIGHT = "sunlight"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Activity(_Frozen):
    """One recorded phase: the activity, its target, and the phase's source.

    ``target`` is a clearing id for M and P (``"CV5"``); a tile code for FL; a native group
    or visitor for T and HR; a Search table (and what is searched) for S, e.g. ``"Loot HOARD 6"``;
    for A, what is alerted (``"weapon"``, ``"unalert"``, a Magic chit label); for E, the Magic
    chit enchanted (``"MAGIC III4*"``) or ``tile`` and the chit that enchants his tile
    (``"tile MAGIC II3*"``, 7.10.2); for RE, the clearing and what E names
    (``"CV5 tile MAGIC II3*"``, 7.10.5). ``source`` is
    :data:`BASIC`, :data:`SUNLIGHT` or the name of the advantage, horse or treasure card that
    gives the phase (``"Stamina"``, ``"Pony M3/M4"``).
    """

    kind: ActivityKind
    target: str | None = None
    source: str = BASIC

    def __str__(self) -> str:
        text = self.kind.value if self.target is None else f"{self.kind.value} {self.target}"
        if self.source == SUNLIGHT:
            return f"*{text}"
        if self.source != BASIC:
            return f"{text} ({self.source})"
        return text


class Rearrangement(_Frozen):
    """Belongings to change at the start of a phase (4.3.3, 7.2.2): items to activate,
    deactivate or abandon, by piece id."""

    phase: int = Field(ge=1)
    activate: tuple[str, ...] = ()
    deactivate: tuple[str, ...] = ()
    abandon: tuple[str, ...] = ()


class TradeOffer(_Frozen):
    """One side of a trade with another character (7.2.1): what he gives and what he gets.

    It is made at the start of a phase of either one's turn, when both are in the same clearing
    and neither is blocked, and only if the other's orders hold the mirror offer (rules-map
    §2.4 P2: a bilateral contract)."""

    partner: str
    give: tuple[str, ...] = ()
    give_gold: int = Field(default=0, ge=0)
    get: tuple[str, ...] = ()
    get_gold: int = Field(default=0, ge=0)

    def describe(self) -> str:
        """``give Mace 1, 5 gold; get Light Bow 1`` — the instruction's own notation."""

        def side(items: tuple[str, ...], gold: int) -> str:
            return ", ".join([*items, *([f"{gold} gold"] if gold else [])]) or "nothing"

        return f"give {side(self.give, self.give_gold)}; get {side(self.get, self.get_gold)}"

    def mirrors(self, other: TradeOffer, me: str) -> bool:
        """Whether ``other`` (the partner's offer) is this offer seen from the other side."""
        return (
            other.partner == me
            and sorted(other.give) == sorted(self.get)
            and sorted(other.get) == sorted(self.give)
            and other.give_gold == self.get_gold
            and other.get_gold == self.give_gold
        )


class Instructions(_Frozen):
    """Standing instructions: the player's answers, in advance, to choices made during his turn.

    - ``block``: whom he blocks when he may (7.12; K1–K3): ``never`` (default), ``unhidden``
      (unhidden characters and monsters), ``all``.
    - ``rest``: the order in which Rest returns chits (7.8.2; P32): action types; None when the
      player gave none, so that a Rest with a real choice asks him (default order
      :data:`DEFAULT_REST`); empty (``rest: none``) when, following, he does not rest with his
      guide (7.11.6f).
    - ``alert``: what an A phase does when it names nothing, his own or his guide's when he
      follows (7.9, 7.11.6f; P33): ``weapon`` (default), ``unalert``, ``none`` (a follower does
      not join his guide's Alert), or one of his Magic chits (7.9.3).
    - ``search``: the Search table an S phase uses when it names none (P11): ``Locate``.
    - ``rearrange``: belongings to change at the start of given phases (P1).
    - ``stop_following``: stop following at the start of this phase of the guide (7.11.5; P6).
    - ``drop_followers``: a hidden guide leaves these followers behind when he moves (P7).
    - ``keep_heavy_items``: on obtaining an item too heavy for his active horse or Boots, keep it
      and deactivate the mount (default, P9) rather than abandon it.
    - ``trades``: exchanges of belongings and gold agreed with other characters (7.2.1; P2).
    - ``turn``: when a character who chooses it takes his turn (the Swordsman's Clever, L3850):
      ``first``, ``last`` (default: he never preempts, so he goes when all chits are picked) or
      the name of the individual after whose turn he goes.
    - ``combat``: his standing plays for the Evening's combat decisions (pbem-combat §3;
      :mod:`rules.orders.combat`).
    - ``meeting``: his standing answers to the choices of Trade and Hire (P10, P22–P31;
      :mod:`rules.orders.meetings`).
    - ``take``: the mission and campaign chits he takes, by the face he names ("Food/Ale",
      "Raid"), at the start of the first phase of his turn where one is in his clearing, face
      up so, and the rules let him (7.2.4; :mod:`rules.daylight.missions`).
    - ``abandon_campaign``: he abandons his campaign at the start of the first phase of his
      turn where none of its foes is on the map (7.2.4j).
    - ``suicide``: he kills himself at Midnight of this day (9.2.2a, 8.9.4;
      :func:`rules.day.leaving.suicides`).
    """

    block: str = "never"
    rest: tuple[str, ...] | None = None
    alert: str = "weapon"
    search: str = "Locate"
    rearrange: tuple[Rearrangement, ...] = ()
    stop_following: int | None = None
    drop_followers: tuple[str, ...] = ()
    keep_heavy_items: bool = True
    trades: tuple[TradeOffer, ...] = ()
    turn: str = "last"
    combat: CombatOrders = CombatOrders()
    meeting: MeetingOrders = MeetingOrders()
    take: tuple[str, ...] = ()
    abandon_campaign: bool = False
    suicide: bool = False


class Orders(_Frozen):
    """One character's orders for one day: his phases, or the individual he follows all day
    (6.2.7), and his standing instructions; ``recorded`` are the orders he records in the same
    message for his familiar and hirelings (L3926, 6.2.5), each for its own ``character``."""

    character: str
    phases: tuple[Activity, ...] = ()
    follow: str | None = None
    instructions: Instructions = Instructions()
    recorded: tuple[Orders, ...] = ()

    def canonical(self) -> str:
        """The orders as the rulebook notation, one line: what the echo shows the player."""
        if self.follow is not None:
            return f"F {self.follow}"
        return ", ".join(str(phase) for phase in self.phases) or "-"
