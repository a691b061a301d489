"""The events of spells in effect (4.6.7, 4.6.10; SCENARIOS.md Part 3, "Event vocabulary"): a
spell energized or falling inert, a target released, a spell broken or expired, and a spell
erased from a character's sheet to make room (7.5.6g).

``caster`` is who cast the spell: a character, or the Artifact or Spell Book whose spell it is.
A spell in effect is on the board for all to see (its chit lies with its target, 4.6.7g–h), so
these are public; only what a character records on his sheet is his alone (7.5.6e).
"""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class SpellEnergized(Public, type="spell_energized"):
    """The Permanent spell ``spell`` cast by ``caster`` on ``targets`` is energized by ``by``
    (a character playing a colour chit, or an automatic source: ``day``, ``tile``, the Chapel,
    the Toadstool Circle, an Enchanted card), 4.6.7h.2–h.6."""

    spell: str
    caster: str
    targets: tuple[str, ...]
    by: str | None = None


class SpellInert(Public, type="spell_inert"):
    """The Permanent spell ``spell`` cast by ``caster`` on ``targets`` falls inert (``by``: what
    made it, ``midnight`` at Midnight), 4.6.7h.2, 8.9.2d."""

    spell: str
    caster: str
    targets: tuple[str, ...]
    by: str | None = None


class SpellReleased(Public, type="spell_released"):
    """``target`` is released from the spell ``spell`` cast by ``caster`` (4.6.10d.2): by
    ``by``, or for ``reason``."""

    spell: str
    caster: str
    target: str
    by: str | None = None
    reason: Phrase | None = None


class SpellNullified(Public, type="spell_nullified"):
    """The spell ``spell`` cast by ``caster`` no longer affects ``target`` (4.6.10d.1): it stays
    committed to him, nullified by ``by`` (the spell protecting him: Pentangle, Melt into Mist,
    Protection from Magic), or for ``reason``."""

    spell: str
    caster: str
    target: str
    by: str | None = None
    reason: Phrase | None = None


class SpellResumed(Public, type="spell_resumed"):
    """The spell ``spell`` cast by ``caster`` affects ``target`` again (4.6.10d.1): what
    nullified it (``by``, or ``reason``) has ended."""

    spell: str
    caster: str
    target: str
    by: str | None = None
    reason: Phrase | None = None


class SpellBroken(Public, type="spell_broken"):
    """The spell ``spell`` cast by ``caster`` is broken (4.6.10d.3): all its targets are
    released and its chit returns to its owner and fatigues; ``reason``: target killed,
    caster killed, released, game over, or the spell or item that broke it; ``by`` who or what
    broke it."""

    spell: str
    caster: str
    reason: Phrase
    by: str | None = None


class CurseRemoved(Public, type="curse_removed"):
    """``who``'s Curse ``curse`` is removed by ``by``, a spell (its name) or a Wish (a phrase)
    (4.6.8a.5, L5260)."""

    who: str
    curse: str
    by: str | Phrase


class SpellExpired(Public, type="spell_expired"):
    """The spell ``spell`` cast by ``caster`` expires (4.6.7b–g), ``when``: ``instant``,
    ``attack``, ``landed``, ``phase``, ``round``, ``sunset`` or ``midnight``."""

    spell: str
    caster: str
    when: str


class SpellErased(Private, type="spell_erased"):
    """``who`` erases the spell ``spell`` from his sheet to make room for ``for_`` (7.5.6g): he
    loses it."""

    who: str
    spell: str
    for_: str


class SpellLimit(Private, type="spell_limit"):
    """``who`` has no box free on his sheet for ``spell`` and erases nothing: he does not record
    it (7.5.6g, ``boxes`` boxes)."""

    who: str
    spell: str
    boxes: int


class FlyChitCreated(Public, type="fly_chit"):
    """A Fly spell comes to life: ``who`` (its target) has an unused Fly chit of ``spell`` with
    flying strength ``strength`` and time number ``time`` (4.6.7e, 7.3.3d.1)."""

    who: str
    spell: str
    strength: str
    time: int


class FlyChitInvoked(Public, type="fly_chit_invoked"):
    """Broomstick's ``caster`` invokes its Fly chit as his target ``who`` plays the Light Move
    chit ``chit`` (L4957, rule 1): ``who`` uses the Fly chit instead — to maneuver in the same
    direction, to charge, or to fly away."""

    caster: str
    who: str
    spell: str
    chit: str


class Flew(Public, type="flew"):
    """``who`` flies from ``from_`` (the clearing he took off from, or the tile he flew to
    before) to the forest of ``tile``, away from its clearings (7.3.3a, a.1)."""

    who: str
    from_: str
    tile: str


class Landed(Public, type="landed"):
    """``who`` stops flying and lands in the clearing ``at`` (7.3.3b, b.1)."""

    who: str
    at: str


class PhantasmAppeared(Public, type="phantasm_appeared"):
    """At Birdsong, the ``owner`` puts his phantasm ``who`` with himself in ``at`` (L5066): a
    piece on the board, seen by all."""

    who: str
    owner: str
    at: str


class PhantasmLeft(Public, type="phantasm_left"):
    """The ``owner``'s phantasm ``who`` leaves play from the clearing ``from_``: no Phantasm
    spell names him any more (L5064, 4.6.7g.2)."""

    who: str
    owner: str
    from_: str


class ItemTransmorphized(Public, type="item_transmorphized"):
    """Absorb Essence cast by the Artifact or Spell Book ``item`` is energized while no
    character holds it: "the item itself becomes the monster" ``monster``, in play in ``at``
    as a normal monster (rule 4, L4950)."""

    item: str
    monster: str
    at: str


class ItemReappeared(Public, type="item_reappeared"):
    """The Artifact or Spell Book ``item`` that was the monster ``monster`` reappears in
    ``at``: its Absorb Essence fell inert, or was broken as the monster was killed (rule 4,
    L4950); ``monster`` goes back into the spell, or is killed."""

    item: str
    monster: str
    at: str
