"""The events of Daylight's turns (section 7): turns and phases, Move, Hide, Rest, Alert, Follow,
blocking, the prowling denizens at the end of a phase (7.13), treasures used in a turn."""

from __future__ import annotations

from rules.events.base import ABSENT, Absent, Private, Public
from rules.phrases import Phrase


class TurnStarted(Public, type="turn_started"):
    """``who``'s Attention chit is drawn: his turn begins (7.1)."""

    who: str


class Unhidden(Public, type="unhidden"):
    """``who`` becomes unhidden (``reason``)."""

    who: str
    reason: Phrase


class PhaseStarted(Public, type="phase_started"):
    """``who`` starts phase ``phase``: ``activity``."""

    who: str
    phase: int
    activity: str


class PhaseCancelled(Public, type="phase_cancelled"):
    """``who``'s phase ``phase`` is cancelled: ``reason`` (6.2.4f)."""

    who: str
    phase: int
    reason: Phrase


class Moved(Public, type="moved"):
    """``who`` moves from ``from_`` to ``to``."""

    who: str
    from_: str
    to: str


class Climbing(Public, type="climbing"):
    """``who`` starts climbing into ``to`` (7.3.1c)."""

    who: str
    to: str


class LeftMap(Public, type="left_map"):
    """``who`` leaves the map from ``from_``."""

    who: str
    from_: str


class FamiliarLeft(Public, type="familiar_left"):
    """The ``owner``'s ``who`` leaves play from ``from_`` with its owner (L3926)."""

    who: str
    owner: str
    from_: str


class Abandoned(Public, type="abandoned"):
    """``who`` abandons ``item`` in ``at`` (in combat, in ``round``)."""

    who: str
    item: str
    at: str
    round: int | None = None


class AbandonedCard(Public, type="abandoned_card"):
    """``who`` abandons a Treasure card in ``at`` (4.4.1c; in combat, in ``round``)."""

    who: str
    at: str
    round: int | None = None


class AbandonedCardNamed(Private, type="abandoned_card_named"):
    """``who`` abandons the ``item`` in ``at`` (in combat, in ``round``)."""

    who: str
    item: str
    at: str
    round: int | None = None


class Deactivated(Public, type="deactivated"):
    """``who`` deactivates ``item`` (``reason``)."""

    who: str
    item: str
    reason: Phrase


class Activated(Public, type="activated"):
    """``who`` activates ``item``."""

    who: str
    item: str
    reason: Phrase | None = None


class ActivationRefused(Public, type="activation_refused"):
    """``who`` cannot activate ``item``: ``reason``."""

    who: str
    item: str
    reason: Phrase


class CardActivationRefused(Private, type="card_activation_refused"):
    """``who`` cannot activate the ``item``: ``reason``."""

    who: str
    item: str
    reason: Phrase


class Hid(Public, type="hid"):
    """``who`` hides: ``success``."""

    who: str
    success: bool
    roll: int | None


class Rested(Public, type="rested"):
    """``who`` rests: ``chit`` ``change``."""

    who: str
    chit: str | None
    to: str | None
    option: str
    change: str | Absent | None = ABSENT


class Alerted(Public, type="alerted"):
    """``who`` alerts ``item``."""

    who: str
    item: str
    alerted: bool | None = None
    chit: str | None = None
    at: str | None = None
    round: int | None = None


class WentBerserk(Public, type="went_berserk"):
    """``who`` plays ``chit``: only Tremendous harm kills him until Midnight (L3594)."""

    who: str
    chit: str
    at: str | None = None
    round: int | None = None


class Fatigued(Public, type="fatigued"):
    """``who`` fatigues ``chit`` (in combat, at ``at`` in ``round``)."""

    who: str
    chit: str
    reason: Phrase | None = None
    at: str | None = None
    round: int | None = None


class FollowerStopped(Public, type="follower_stopped"):
    """``who`` stops following ``guide``."""

    who: str
    guide: str


class FollowerLeft(Public, type="follower_left"):
    """``who`` cannot follow ``guide`` and stays in ``at``."""

    who: str
    guide: str
    at: str


class TurnEnded(Public, type="turn_ended"):
    """``who``'s turn ends in ``at``."""

    who: str
    at: str | None


class Blocked(Public, type="blocked"):
    """``by`` blocks ``who`` in ``at`` (7.12)."""

    who: str
    by: str | Phrase
    at: str | None
    piece: str | None = None


class TurnLost(Public, type="turn_lost"):
    """``who`` loses his turn: ``reason``."""

    who: str
    reason: Phrase


class PhaseGained(Public, type="phase_gained"):
    """``who`` gains the extra phase of the ``item`` at once (the Timeless Jewel, L4315)."""

    who: str
    item: str


class JewelBlocked(Public, type="jewel_blocked"):
    """``who`` inactivates the ``item`` during his turn and is blocked (L4315.2)."""

    who: str
    item: str


class CardUsed(Public, type="card_used"):
    """``who`` uses the ``item``, which goes back to its box (L4322)."""

    who: str
    item: str


class CurseCured(Public, type="curse_cured"):
    """``by``'s Amulet cures ``who`` of ``curse`` (L4325)."""

    who: str
    curse: str
    by: str


class FellAsleep(Public, type="fell_asleep"):
    """``who`` falls asleep in ``at`` under the ``by`` until Sunset: he skips the rest of his turn
    and cannot block or be blocked or summon monsters (L4302)."""

    who: str
    at: str
    by: str


class Woke(Public, type="woke"):
    """``who`` wakes at Sunset (L4302)."""

    who: str


class DenizenMoved(Public, type="denizen_moved"):
    """The prowling ``name`` moves from ``from_`` to ``to`` (7.13.2a)."""

    name: str
    piece: str
    from_: str
    to: str


class ChitRevealed(Public, type="chit_revealed"):
    """The map chit ``chit`` turns face up in ``tile`` (7.13.2b)."""

    tile: str
    chit: str


class Exchanged(Public, type="exchanged"):
    """``chit`` is exchanged for the ``piece``, in ``at`` (7.13.2c)."""

    chit: str
    piece: str
    at: str


class Summoned(Public, type="summoned"):
    """``by`` summons the ``name`` from ``box`` to ``at`` (7.13.3)."""

    name: str
    piece: str
    at: str
    by: str
    box: str
