"""The form an individual has now (4.6.9): his own, or what a transmorphizing spell in effect
made of him.

Three spells transmorphize (4.6.9, the Transmorphization Spells Summary L1316): Melt into Mist
turns its target into mist, Transform into the creature its roll gave
(:attr:`~rules.magic.state.SpellInEffect.becomes`), and Absorb Essence turns its *spellcaster*
into the monster he named as its target (L4942). All three are Permanent spells: they affect
their targets only while energized (4.6.7h.1). If several affect one individual at once, the
strongest nullifies the others (4.6.9g): Melt into Mist, then Transform, then Absorb Essence.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from rules.catalog import Catalog
from rules.magic.nullifying import nullified
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of
from rules.schema.base import Weight
from rules.schema.tables import Creature

#: An individual's form when no spell transmorphizes him.
OWN = "own"
#: The form Melt into Mist gives.
MIST = "mist"

MELT_INTO_MIST = "Melt into Mist"
TRANSFORM = "Transform"
ABSORB_ESSENCE = "Absorb Essence"

#: The transmorphizing spells, strongest first (4.6.9g).
TRANSMORPHIZING = (MELT_INTO_MIST, TRANSFORM, ABSORB_ESSENCE)


def form(spells: Iterable[SpellInEffect], who: str) -> str:
    """``who``'s form now: ``mist``, the creature a Transform made of him, the monster he
    absorbed, or ``own`` — by the strongest transmorphizing spell in effect and energized on
    him (4.6.9g), and not nullified on him (a Pentangle on him, 4.6.10d.1, L4964)."""
    strongest = _strongest(spells, who)
    return strongest[1] if strongest is not None else OWN


def _strongest(spells: Iterable[SpellInEffect], who: str) -> tuple[str, str] | None:
    """The strongest transmorphizing spell energized on ``who`` (4.6.9g) and not nullified on
    him (4.6.10d.1), by name, and the form it gives him; None when none is."""
    found: dict[str, str] = {}
    spells = list(spells)
    for spell in spells:
        if not spell.energized or spell.spell in found or nullified(spells, spell, who):
            continue
        if spell.spell == MELT_INTO_MIST and who in spell.targets:
            found[spell.spell] = MIST
        elif spell.spell == TRANSFORM and who in spell.targets and spell.becomes is not None:
            found[spell.spell] = spell.becomes
        elif spell.spell == ABSORB_ESSENCE and spell.controller == who:
            absorbing = _absorbing(spells, who)
            if absorbing is not None:
                found[spell.spell] = absorbing.becomes or absorbing.targets[0]
    return next(((name, found[name]) for name in TRANSMORPHIZING if name in found), None)


def transmorphized(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether a spell in effect transmorphizes ``who`` now (4.6.9)."""
    return form(spells, who) != OWN


def belongings_frozen(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether the belongings ``who`` had are transmorphized with him now: by Melt into Mist or
    Transform, not Absorb Essence (the Transmorphization Spells Summary, L1316). They are
    frozen, have Negligible weight and move with him (4.6.9b.1–b.2 L1301–1302); those he gains
    while transformed are not (:func:`untransmorphized`)."""
    strongest = _strongest(spells, who)
    return strongest is not None and strongest[0] != ABSORB_ESSENCE


#: The spells that transmorphize their target's belongings with him (the Summary, L1316).
BELONGINGS_WITH_HIM = (MELT_INTO_MIST, TRANSFORM)


def transmorphize_belongings(spell: SpellInEffect, owned: dict[str, list[str]]) -> None:
    """4.6.9b.1 (L1301): "when an individual becomes transmorphized the recorded gold, items and
    horses he has with him are transmorphized with him" — as a Transform or Melt into Mist is
    energized (as it takes effect, and each time again), what each target has (``owned``, by
    target) is recorded as its ``kept``. Transform L5073: "when the spell falls inert, he
    merges the two groups": energized again, all he has then is transmorphized."""
    if spell.spell in BELONGINGS_WITH_HIM:
        spell.kept = [item for target in spell.targets for item in owned.get(target, [])]


def untransmorphized(spells: Iterable[SpellInEffect], who: str, owned: Iterable[str]) -> list[str]:
    """The belongings of ``owned`` (his) that are not transmorphized with him now: all of them
    unless a Transform or Melt into Mist transmorphizes him (:func:`belongings_frozen`); under
    Transform, those he gained since it was last energized (4.6.9b.4 L1304, L5073: "He must
    keep his transmorphized Gold and belongings separate from those that are
    untransmorphized"), which he carries with the creature's move strength; in mist none: he
    "cannot carry untransmorphized items" (L5058). Gold is not told apart (the reading: he can
    neither Trade nor Hire while transmorphized, 4.6.9c.1, so none of his gold is spent)."""
    spells = list(spells)
    owned = list(owned)
    if not belongings_frozen(spells, who):
        return owned
    if misted(spells, who):
        return []
    spell = next(
        (
            s
            for s in spells
            if s.spell == TRANSFORM
            and who in s.targets
            and s.energized
            and not nullified(spells, s, who)
        ),
        None,
    )
    if spell is None or spell.kept is None:
        return []
    return [item for item in owned if item not in spell.kept]


#: The table whose creatures Transform makes (L5284).
TRANSFORM_TABLE = "Transform Table"


@dataclass(frozen=True)
class Shape:
    """What a transmorphized individual fights and moves with (4.6.9d L1308, 8.4.5p): the
    values of the Transform Table creature he became (L5286) or of the monster he absorbed
    (L4947) — one value for both, read by the Encounter and Melee Steps and by Daylight.

    ``harm`` and ``attack_time`` (both None: it "cannot attack"; ``harm`` None with a ``spell``:
    a Demon's or the Imp's spell side, whose hit casts ``spell`` instead, 8.4.7b), ``sharpness``
    and weapon ``length``; its move ``strength``, ``move_time`` and whether those are
    ``flying`` values, its ``special_movement`` ("must fly", "walks woods" or ""), its
    ``vulnerability`` and whether it is ``armored``; ``parts``, the absorbed monster's heads and
    clubs by name (its second attack, L4948); ``absorbed``, the monster piece Absorb Essence
    holds (None for a Transform creature)."""

    name: str
    harm: Weight | None
    attack_time: int | None
    strength: Weight
    flying: bool
    move_time: int
    special_movement: str
    vulnerability: Weight
    armored: bool
    sharpness: int = 0
    length: int = 0
    spell: str | None = None
    red: bool = False
    parts: tuple[str, ...] = ()
    absorbed: str | None = None


def _of_creature(found: Creature) -> Shape:
    """A Transform Table creature's values (L5286): no sharpness, length 0 (none printed)."""
    return Shape(
        name=found.name,
        harm=found.harm,
        attack_time=found.attack_time,
        strength=found.strength,
        flying=found.flying,
        move_time=found.move_time,
        special_movement=found.special_movement,
        vulnerability=found.vulnerability,
        armored=found.armored,
    )


def _of_monster(catalog: Catalog, piece: str, dark: bool) -> Shape:
    """The values of the absorbed monster ``piece`` on its face-up side (L4947, rule 2: "He must
    always use the combat values that are on the face-up side of the monster's counter"),
    ``dark`` when that is its dark side. Reading (rule 2 names no move strength): the monster's
    size is its move strength, as a monster carries what its size allows (its weight, 2.2.3);
    a flying monster's values are flying values, and it may still walk (it does not "must
    fly"). Its red side (a Tremendous monster's, 8.4.7d) has no harm letter: it kills
    (``red``)."""
    name = pieces_of(catalog)[piece].name
    monster = catalog.monsters[name]
    head, _, tail = piece.rpartition(" ")
    copy = int(tail) if head and tail.isdigit() else 1
    light, dark_side = monster.sides(copy)
    face = dark_side if dark else light
    red = face.harm == "RED"
    harm = face.harm if isinstance(face.harm, Weight) else None
    prefix = "" if monster.count == 1 else f" {copy}"
    return Shape(
        name=name,
        harm=harm,
        attack_time=face.attack if (harm is not None or red or face.spell) else None,
        strength=monster.size,
        flying=monster.flying,
        move_time=face.move,
        special_movement="",
        vulnerability=monster.size,
        armored=monster.armored,
        sharpness=face.sharpness,
        length=monster.length_on(face),
        spell=face.spell,
        red=red,
        parts=tuple(f"{p.name}{prefix}" for p in monster.parts),
        absorbed=piece,
    )


def creature(
    catalog: Catalog, spells: Iterable[SpellInEffect], who: str, dark: Collection[str] = ()
) -> Shape | None:
    """What ``who`` fights and moves with now (4.6.9d, 8.4.5p): the Transform Table creature,
    or the monster he absorbed on its face-up side (``dark``: the counters dark side up, the
    game's ``dark_side_up``), by the strongest transmorphizing spell energized on him; None
    when he is his own self or mist."""
    strongest = _strongest(spells, who)
    if strongest is None or strongest[1] == MIST:
        return None
    if strongest[0] == ABSORB_ESSENCE:
        piece = _absorbed(spells, who)
        return None if piece is None else _of_monster(catalog, piece, piece in dark)
    found = (r.creature for r in catalog.tables[TRANSFORM_TABLE].results.values())
    shape = next((c for c in found if c is not None and c.name == strongest[1]), None)
    return None if shape is None else _of_creature(shape)


def _absorbing(spells: Iterable[SpellInEffect], who: str) -> SpellInEffect | None:
    """The Absorb Essence energized on ``who`` that transmorphizes him, holding its monster
    (the spell's target, rule 1: "removed from play and ... put in the spell's spell box").
    Rule 3 (L4949): with duplicate spells "he will always be transmorphized into the monster
    that belongs to the most recently energized spell"; the reading chosen, as the engine keeps
    no order of energizing, is the most recently cast of those energized (the highest number;
    the rule lets him choose among spells energized together)."""
    found = [
        s
        for s in spells
        if s.spell == ABSORB_ESSENCE and s.controller == who and s.energized and s.targets
    ]
    return max(found, key=lambda s: s.number) if found else None


def _absorbed(spells: Iterable[SpellInEffect], who: str) -> str | None:
    """The monster piece :func:`_absorbing` holds; None if none."""
    spell = _absorbing(spells, who)
    return spell.targets[0] if spell is not None else None


def absorbed_magic(catalog: Catalog, spells: Iterable[SpellInEffect], who: str) -> str | None:
    """The Magic type ``who`` may record spells with as the monster he absorbed (Absorb Essence,
    rule 2.2 L4948, "Special: When the spell is energized, the spellcaster can use the
    monster's Magic type to record spells"): the Roman numeral on a Demon's or the Imp's
    counter while he is it; None otherwise. Reading: the type printed on either side of the
    counter, whichever is up ("the monster's Magic type", not its face-up side's)."""
    shape = creature(catalog, spells, who)
    if shape is None or shape.absorbed is None:
        return None
    monster = catalog.monsters[shape.name]
    found = (side.magic for side in (monster.light, monster.dark) if side.magic is not None)
    return next((str(magic) for magic in found), None)


def attack(shape: Shape) -> tuple[Weight, int] | None:
    """The creature's attack values (the Transform Table's "Attack Values", L5286): the harm it
    inflicts and its attack time; None when it "cannot attack" (the Bird, Squirrel and Frog),
    or when an absorbed monster's face-up side kills with red or casts a spell (read apart:
    :attr:`Shape.red`, :attr:`Shape.spell`).

    Reading (L227 against 8.4.7f L2636): the Glossary names the Transform's Dragon a beast ("A
    Frog, Squirrel, Bird, Eagle, Lion, or Dragon created by the Transform spell"), and 8.4.7f
    speaks of characters "transmorphized into Tremendous monsters": a character made a Dragon
    by Transform inflicts Tremendous harm like any hit and never turns red side up (a monster
    absorbed by Absorb Essence is another matter)."""
    if shape.harm is None or shape.attack_time is None:
        return None
    return shape.harm, shape.attack_time


def walks_woods(shape: Shape) -> bool:
    """Whether the creature "walks woods" (L5286): it may Move to any clearing of its tile
    without following the roadways (7.3.4 L1738)."""
    return shape.special_movement == "walks woods"


def may_walk_woods(catalog: Catalog, spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether ``who`` may record Moves through the woods (7.3.4: "He can record and do a Move
    to any clearing in his tile"): a Transform in effect on him, energized or not, made him a
    creature that walks woods. At Birdsong a Permanent spell is inert until a colour energizes
    it (8.9.2d), so the reading chosen lets him record such a Move whenever the spell may be
    energized by the time he does it; it is cancelled if he is not then a beast that walks
    woods (:func:`creature`)."""
    table = catalog.tables[TRANSFORM_TABLE].results.values()
    walkers = {
        r.creature.name
        for r in table
        if r.creature is not None and r.creature.special_movement == "walks woods"
    }
    return any(s.spell == TRANSFORM and who in s.targets and s.becomes in walkers for s in spells)


def must_fly(shape: Shape) -> bool:
    """Whether the creature's movement values are flying values it must use ("must fly",
    L5286): it moves only by the Fly activity (7.3.3e L1728)."""
    return shape.flying and shape.special_movement == "must fly"


#: What an individual in mist may do in Daylight (L5060; Follow is not a phase).
MIST_ACTIVITIES = ("M", "H", "-")


def misted(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether ``who`` is mist now (an energized Melt into Mist on him, L5058): he "takes no
    part in combat — he cannot charge or attack, and he cannot be charged or attacked" (L5062,
    4.6.9d), nor is he affected by spells aimed at other targets (L5061)."""
    return form(spells, who) == MIST


#: The Move chit a character in mist has (L5062): "he has a T4 Move chit that he can use only to
#: run away" — Tremendous strength, time 4, no effort to fatigue.
MIST_MOVE_CHIT = "MOVE T4"


def may_be_mist(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether ``who`` may record Moves along hidden paths and secret passages he has not
    discovered (L5060): a Melt into Mist is in effect on him, energized or not. As for
    :func:`may_walk_woods`, the reading chosen lets him record such a Move whenever the spell
    may be energized by the time he does it (8.9.2d); it is cancelled if he is not then mist
    (:func:`misted`)."""
    return any(s.spell == MELT_INTO_MIST and who in s.targets for s in spells)


def mist_forbids(spells: Iterable[SpellInEffect], who: str, activity: str) -> Phrase | None:
    """Why ``who`` in mist cannot do ``activity`` (its abbreviation) as his phase begins:
    "he can do only the Move, Hide and Follow activities" (L5060, 4.6.9c.2); None if he may."""
    if activity in MIST_ACTIVITIES or not misted(spells, who):
        return None
    return phrase("magic.mist_activities")
