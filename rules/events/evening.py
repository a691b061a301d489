"""The events of the Evening (section 8): combat, from its start to spoils, fatigue and wounds."""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class MadeChange(Public, type="made_change"):
    """``who`` makes change for ``paid``: ``chit`` comes back into play (4.2.4a)."""

    who: str
    chit: str
    paid: str


class Wounded(Public, type="wounded"):
    """``who`` is wounded: ``chit`` (in combat, at ``at`` in ``round``)."""

    who: str
    chit: str
    at: str | None = None
    round: int | None = None


class Shifted(Public, type="shifted"):
    """``who`` uses the ``item`` to move his ``play`` from ``from_`` to ``to`` (L4480)."""

    who: str
    item: str
    play: str
    from_: str
    to: str
    at: str
    round: int


class Rebelled(Public, type="rebelled"):
    """The ``piece`` rebels against the ``employer``, who gains ``fame`` Fame (8.4.2g)."""

    piece: str
    employer: str
    fame: int
    at: str
    round: int


class CombatStarted(Public, type="combat_started"):
    """Combat begins in ``at``: ``who`` (8.1.3)."""

    at: str
    who: tuple[str, ...]


class CombatEnded(Public, type="combat_ended"):
    """Combat in ``at`` ends after ``rounds`` round(s) (8.8)."""

    at: str
    rounds: int


class Battling(Public, type="battling"):
    """The ``group`` battle ``who``: ``reason`` (8.2)."""

    group: str
    who: str
    reason: Phrase
    at: str
    round: int


class Lured(Public, type="lured"):
    """``who`` lures the ``denizen`` onto his sheet (8.3.4)."""

    who: str
    denizen: str
    at: str
    round: int


class Deployed(Public, type="deployed"):
    """The ``hireling`` is sent against ``target`` (8.3.6a)."""

    hireling: str
    target: str
    at: str
    round: int


class Charged(Public, type="charged"):
    """``who`` charges ``target`` with ``chit`` (8.3.6b)."""

    who: str
    target: str
    chit: str
    at: str
    round: int


class Assigned(Public, type="assigned"):
    """The ``denizen`` is assigned to ``to`` (8.3.5)."""

    denizen: str
    to: str
    at: str
    round: int


class Unalerted(Public, type="unalerted"):
    """``who`` unalerts ``item`` with ``chit``."""

    who: str
    item: str
    chit: str
    at: str
    round: int


class RanAway(Public, type="ran_away"):
    """``who`` runs away from ``from_`` toward ``to`` with ``chit`` (8.3.8)."""

    who: str
    chit: str
    at: str
    round: int
    from_: str
    to: str


class PlayCancelled(Public, type="play_cancelled"):
    """``who``'s play of ``chit`` is cancelled: ``reason`` (at ``at``, in combat ``round``; a
    colour chit played as a Daylight phase starts has no round, 4.6.7h.6)."""

    who: str
    chit: str
    reason: Phrase
    at: str
    round: int | None = None


class Targeted(Public, type="targeted"):
    """``who`` targets ``target`` (8.4.2)."""

    who: str
    target: str
    at: str
    round: int


class Played(Public, type="played"):
    """``who`` reveals: attack ``attack``, maneuver ``maneuver``, shield ``shield`` (8.4.5e)."""

    who: str
    attack: str
    maneuver: str
    shield: str
    at: str
    round: int
    defaults: tuple[str, ...] = ()


class HeadPlayed(Public, type="head_played"):
    """``who`` reveals the head or club ``head`` of the monster he absorbed, played as a second
    attack (Absorb Essence, rule 2.1, L4948): ``Giant's Club 1 dark thrust``."""

    who: str
    head: str
    at: str
    round: int


class Positioned(Public, type="positioned"):
    """On ``sheet``'s sheet the ``denizen`` is in box ``box``, ``side`` (8.4.6)."""

    sheet: str
    denizen: str
    box: int
    side: str
    at: str
    round: int


class Attacked(Public, type="attacked"):
    """``attacker`` attacks ``target``: hit ``hit`` (``how``: it undercuts or intercepts)
    (8.4.8)."""

    attacker: str
    target: str
    hit: bool
    how: Phrase | None
    at: str
    round: int


class AttackCancelled(Public, type="attack_cancelled"):
    """``attacker``'s attack on ``target`` is cancelled: ``reason``."""

    attacker: str
    target: str
    reason: Phrase
    at: str
    round: int


class HarmInflicted(Public, type="harm"):
    """``attacker`` inflicts ``level`` harm on ``on`` (8.4.9)."""

    attacker: str
    target: str
    level: str
    on: str
    at: str
    round: int


class ArmorDamaged(Public, type="armor_damaged"):
    """``who``'s ``armor`` is damaged (8.4.9k)."""

    who: str
    armor: str
    at: str
    round: int


class ArmorDestroyed(Public, type="armor_destroyed"):
    """``who``'s ``armor`` is destroyed (8.4.9k); gold ``gold``."""

    who: str
    armor: str
    gold: int
    at: str
    round: int


class Killed(Public, type="killed"):
    """``who`` is killed by ``by``."""

    who: str
    by: str | tuple[str, ...] | Phrase
    at: str | None
    round: int | None = None


class Taken(Public, type="taken"):
    """The ``by`` take the ``who``'s ``item`` to their box, ``to`` (8.7.5)."""

    who: str
    item: str
    by: str
    to: str


class TakenCard(Public, type="taken_card"):
    """The ``by`` take a Treasure card of the ``who``'s to their box, ``to`` (8.7.5)."""

    who: str
    by: str
    to: str


class TakenCardNamed(Private, type="taken_card_named"):
    """The ``by`` take the ``who``'s ``item`` to ``to``."""

    who: str
    item: str
    by: str
    to: str


class Spoils(Public, type="spoils"):
    """``who`` gains ``fame`` Fame, ``notoriety`` Notoriety and ``gold`` gold for the ``victim``
    (8.7)."""

    who: str
    victim: str
    fame: int | float
    notoriety: int | float
    gold: int


class Held(Public, type="held"):
    """The red-side-up ``monster`` stays on the ``hireling``, defending on its own sheet (8.6.2)."""

    monster: str
    hireling: str
    at: str
    round: int


class PositionRefused(Public, type="position_refused"):
    """The position fixed for ``sheet``'s sheet (``position``) is one the dice cannot give: they
    are rolled (8.4.6)."""

    sheet: str
    position: str
    at: str
    round: int


class Turned(Public, type="turned"):
    """The ``piece`` is turned ``side`` side up (``rule``)."""

    piece: str
    side: str
    rule: str
    at: str
    round: int


class Flipped(Public, type="flipped"):
    """The ``denizen`` turns ``side`` side up (8.4.7c)."""

    denizen: str
    side: str
    at: str
    round: int
