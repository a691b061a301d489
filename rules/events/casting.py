"""The events of casting spells in the Evening (8.3.9, 8.4.2d–8.4.5 i): the cast as an Encounter
action, the colour that supplies it, spells cancelled before they work, spells taking effect and
the Instant and Attack spells expiring, the rolls on the Spell Tables and the Wishes granted.
All public — a cast is seen as it is done (DESIGN, principle 2), and its spell is named when it
is cast (SCENARIOS.md part 3's vocabulary) — but what a vision shows, which is his alone."""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class Cast(Public, type="cast"):
    """``who`` casts ``spell`` with ``chit`` (an Artifact or Spell Book, with its
    ``magic_type``): completion time ``time``, ``color`` supplied by ``source`` (8.3.9b)."""

    who: str
    spell: str
    chit: str
    time: int
    color: str
    source: str
    magic_type: str | None = None
    at: str | None = None
    round: int | None = None


class SpellCancelled(Public, type="spell_cancelled"):
    """``who``'s ``spell`` is cancelled before it works: ``reason``, a code its sentence says
    (``slower`` than ``by``'s spell on him, 8.4.3b; ``target`` of the wrong sort, 8.4.2d;
    ``hireling``; ``wish``), the name of the spell that cancels it, or a phrase."""

    who: str
    spell: str
    reason: str | Phrase
    by: str | None = None
    at: str | None = None
    round: int | None = None


class SpellTookEffect(Public, type="spell_took_effect"):
    """``caster``'s ``spell`` comes to life on ``targets`` at completion time ``time``
    (8.4.3)."""

    spell: str
    caster: str
    targets: tuple[str, ...]
    time: int
    becomes: str | None = None
    phases_lost: int | None = None
    adds: str | None = None
    at: str | None = None
    round: int | None = None


class SpellTable(Public, type="spell_table"):
    """``who`` rolls ``roll`` on the ``table`` for ``target``: ``result`` (List of Spells)."""

    who: str
    table: str
    roll: int
    result: str
    target: str | None = None


class MadeWhole(Public, type="made_whole"):
    """Make Whole (L4692) activates ``who``'s fatigued and wounded ``chits`` and repairs his
    damaged ``armor``."""

    who: str
    chits: tuple[str, ...]
    armor: tuple[str, ...]


class Whistled(Public, type="whistled"):
    """Whistle for Monsters (L5179): ``who`` moves the face-up Sound chit ``chit`` from ``from_``
    to ``to`` (its clearing in its new tile), where it summons from now on."""

    who: str
    chit: str
    from_: str
    to: str
    at: str | None = None
    round: int | None = None


class AskedDemon(Private, type="asked_demon"):
    """Ask Demon (L4953): ``who`` asks the player of ``of`` one question, which he must answer
    truthfully. "Question and answer must be kept secret from the other players": the two of
    them (and the moderator) see it; the question itself passes between them, not through the
    engine."""

    who: str
    of: str


class Healed(Public, type="healed"):
    """The Wish for health (L5260) rests ``who``'s fatigued and wounded ``chits`` and returns
    them to play."""

    who: str
    chits: tuple[str, ...]


class Vision(Public, type="vision"):
    """The Wish for a vision (L5258, 4.6.8b.2): ``who`` looks at the Treasure cards of ``box``
    on the Set Up Card — what he sees is :class:`VisionSeen`, his alone."""

    who: str
    box: str


class VisionSeen(Private, type="vision_seen"):
    """What ``who``'s vision shows him: the Treasure ``cards`` of ``box``, top first, put back
    as they were (4.6.8b.2)."""

    who: str
    box: str
    cards: tuple[str, ...]
