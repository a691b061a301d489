"""Harm: what a hit inflicts and what that does (8.4.9e–n, L2696–2778; charts L5357–5401).

Pure arithmetic over the catalog's data: no game state, sheets or dice. The combat engine says
what it knows (the attacking side's harm letter and stars, whether the blow meets armor, the
Missile Table's change) and decides what to do with the answer (the order of hits, cancellation,
simultaneous hits, wounds and death in the Fatigue Step).

Readings where the rulebook leaves a choice:

- **Levels are counted first, clamped last.** Stars, the striking bonus and the Missile Table's
  change add and subtract whole levels (e.1, f.1–f.2); only the final harm is clamped, to
  Negligible below ("Negligible or less", L5367) and to T+ above ("harm that exceeds
  Tremendous", L5401: the rules know no level past T+). So the Alchemist's Mixture (M***)
  with Oil of Poison (L4457: M****, two levels past T) and "Decrease two levels" inflicts T,
  not H: the missile change applies to the full count, not to a T+ already clamped.
- **T+ is one level, reached by stars, the striking bonus or the missile change.** The Striking
  Weapon Harm Chart (L5375–5401) gives T+ for H★ with a T Fight chit (H, one star, the bonus)
  and for T★ (T and one star): so stars and the bonus do reach past T; :func:`inflicted` agrees
  with every cell of the chart. T+ kills every target and destroys every armor (it exceeds the
  toughest, T). Only a *missile* hit whose final harm exceeds T goes past the armor to kill
  (j.2 L2751, L5367): :func:`kills_past_armor`. A striking T+ on armor is inflicted on the armor.
- **The striking bonus compares the Fight chit with the weapon's weight** (f.2 L2739), as the
  rule says; the chart compares it with the harm letter (its rows are harm letters). They differ
  only on the chart's "n" row, an unalerted Spear (weight M): the chart gives L for an M Fight
  chit, f.2 gives Negligible (M does not exceed M). The rule's text wins; the chart's "n" row
  also lists an L Fight chit, which cannot be played with a Medium Spear at all (8.4.5f.3
  L2501), so it was not drawn with the Spear's weight in mind. See :func:`striking_bonus`.
- **The Ointment of Steel sits in the Suit of Armor oval, before the suit** (8.4.5i.3 L2513).
  8.4.9j.3 (L2752) says it "stops all attacks before they hit armor"; read as the exception to
  the sentence before it (in an oval holding a card and a counter the counter is hit), it means
  that in the suit oval the Ointment, a card, is hit before the suit, a counter. It does not
  jump ahead of a shield, breastplate or helmet met earlier along the arrow.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from rules.catalog import Catalog
from rules.schema.base import Weight
from rules.schema.equipment import ARMOR_PROTECTS


class Harm(enum.IntEnum):
    """Harm levels (8.4.9e): NEGLIGIBLE < LIGHT < MEDIUM < HEAVY < TREMENDOUS < BEYOND (T+, only
    from the Missile Table or the Striking chart's T+)."""

    NEGLIGIBLE = 0
    LIGHT = 1
    MEDIUM = 2
    HEAVY = 3
    TREMENDOUS = 4
    BEYOND = 5

    @classmethod
    def of(cls, weight: Weight) -> Harm:
        """The harm level of a weight, harm or vulnerability letter (``-`` is negligible)."""
        return cls(weight.rank)

    @classmethod
    def parse(cls, letter: str) -> Harm:
        """The level written ``N L M H T T+`` (SCENARIOS.md) or as a chart prints it (``n``)."""
        for harm in cls:
            if harm.letter == letter.upper():
                return harm
        raise ValueError(f"{letter!r} is not a harm level: N, L, M, H, T or T+")

    @property
    def letter(self) -> str:
        """``N`` ``L`` ``M`` ``H`` ``T`` ``T+``: the scenario vocabulary (SCENARIOS.md)."""
        return _LETTERS[self]


_LETTERS = ("N", "L", "M", "H", "T", "T+")


class Direction(enum.IntEnum):
    """The three red boxes and the attack directions they stand for (8.4.5, rules-map §1.5):
    1 = Charge and Thrust, 2 = Dodge and Swing, 3 = Duck and Smash."""

    THRUST = 1
    SWING = 2
    SMASH = 3


@dataclass(frozen=True)
class Blow:
    """An attack that hit, as harm sees it.

    ``harm`` is the letter on the attacking counter or weapon side (a dagger: NEGLIGIBLE with one
    star, 8.4.5h.3 L2509); ``sharpness`` its stars (plus any a Poison adds). ``striking_bonus``:
    a striking attack whose Fight chit (or Gloves) strength exceeds the weapon's weight, or a
    dagger (8.4.9f.2–f.3; :func:`striking_bonus`). ``missile_levels``: the Missile Table's change
    (+2..-3, :func:`missile_levels`), 0 when the attack is not a missile.
    """

    harm: Harm
    sharpness: int = 0
    striking_bonus: bool = False
    missile_levels: int = 0

    def __post_init__(self) -> None:
        if self.harm > Harm.TREMENDOUS:
            raise ValueError("a counter's harm letter is N, L, M, H or T; T+ is only a result")
        if self.sharpness < 0:
            raise ValueError(f"sharpness {self.sharpness} is negative")
        if self.striking_bonus and self.missile_levels:
            raise ValueError("a blow is striking (bonus) or missile (Missile Table), not both")


def inflicted(blow: Blow, *, on_armor: bool) -> Harm:
    """The final harm of ``blow`` (8.4.9e–g): its letter, one level per sharpness star (one star
    ignored when it strikes armor, e.2; nothing lost without stars, e.3), one level for the
    striking bonus (at most one, f.2), then the Missile Table's change (f.1).

    Clamped to NEGLIGIBLE below and BEYOND (T+) above, after all the levels are counted (see the
    module's readings). Agrees with every harm the Striking Weapon Harm Chart gives (L5375–5401).
    """
    stars = blow.sharpness - 1 if on_armor and blow.sharpness else blow.sharpness
    level = blow.harm + stars + int(blow.striking_bonus) + blow.missile_levels
    return Harm(min(max(level, Harm.NEGLIGIBLE), Harm.BEYOND))


def striking_bonus(fight: Weight, weapon: Weight | None) -> bool:
    """8.4.9f.2–f.3: whether a striking attack gains a level: the Fight chit's (or Gloves')
    strength exceeds the weapon's weight; ``weapon`` None is the dagger, which always gains it.

    Does not check that the chit may be played (its strength at least the weight, 8.4.5f.3).
    """
    return weapon is None or fight.rank > weapon.rank


def missile_levels(catalog: Catalog, roll: int) -> int:
    """The Missile Table's change of harm for die result ``roll`` (8.4.9f.1, L5357–5373):
    1 → +2 … 6 → -3. A modified result beyond 1–6 counts as 1 or 6 (4.1.2)."""
    result = catalog.tables["Missile Table"].result(roll)
    if result.key != "harm_change" or result.levels is None:
        raise ValueError(f"Missile Table result {result.text!r} is not a change of harm")
    return result.levels


def kills(harm: Harm, vulnerability: Weight) -> bool:
    """8.4.9h, j.1, n: harm equal to or above the vulnerability kills (a denizen, a horse, or a
    character hit where no armor is); Negligible harm never kills anything (n: "no effect")."""
    return harm > Harm.NEGLIGIBLE and harm >= Harm.of(vulnerability)


def wounds_character(harm: Harm) -> bool:
    """8.4.9n: harm above Negligible (and below his vulnerability, checked by the caller) on a
    character, not his armor, gives him one wound."""
    return harm > Harm.NEGLIGIBLE


def wounds_through_armor(harm: Harm) -> bool:
    """8.4.9j.4: Medium or greater harm inflicted on a character's armor gives him one wound."""
    return harm >= Harm.MEDIUM


def kills_past_armor(harm: Harm, *, missile: bool) -> bool:
    """8.4.9j.2 exception (L2751, L5367): a missile hit whose final harm exceeds Tremendous kills
    the character without affecting his armor (a vital unarmored spot). Striking T+ does not."""
    return missile and harm is Harm.BEYOND


class ArmorOutcome(enum.StrEnum):
    """What one hit does to the piece of armor it strikes (8.4.9k)."""

    UNHURT = "unhurt"
    DAMAGED = "damaged"
    DESTROYED = "destroyed"


def armor_outcome(harm: Harm, toughness: Weight, *, damaged: bool, card: bool) -> ArmorOutcome:
    """8.4.9k: a counter is damaged by harm equal to its toughness, destroyed by more, or when
    already damaged and damaged again (k.2); an armor card (k.5) cannot be damaged: destroyed by
    harm equal to or above its toughness. Negligible harm does nothing (n).

    Simultaneous hits on one piece (m) are the caller's: the second hit that damages it passes
    ``damaged=True``.
    """
    tough = Harm.of(toughness)
    if harm == Harm.NEGLIGIBLE or harm < tough:
        return ArmorOutcome.UNHURT
    if card or harm > tough or damaged:
        return ArmorOutcome.DESTROYED
    return ArmorOutcome.DAMAGED


SHIELD = "shield"
BREASTPLATE = "breastplate"
HELMET = "helmet"
SUIT = "suit of armor"
SHIELD_OVAL_CARD = "shield oval card"
"""The Bejeweled Dwarf Vest, Golden Arm Band and Golden Crown: armor cards put in the Shield oval
of one direction (8.4.5i.4 L2514), which is their ``shield_direction``."""
SUIT_OVAL_CARD = "suit oval card"
"""The Ointment of Steel: an armor card put in the Suit of Armor oval, all directions (i.3)."""


@dataclass(frozen=True)
class ArmorPiece:
    """One active armor piece on a character's Melee Section (8.4.5i).

    ``kind`` is an armor counter's kind (:data:`SHIELD`, :data:`BREASTPLATE`, :data:`HELMET`,
    :data:`SUIT`) or an armor card's oval (:data:`SHIELD_OVAL_CARD`, :data:`SUIT_OVAL_CARD`).
    ``shield_direction`` is the Shield oval a shield was put in this round (8.4.5i.2), or the one
    a shield-oval card always sits in. Build them with :func:`armor_piece`.
    """

    piece: str
    kind: str
    toughness: Weight
    shield_direction: Direction | None = None
    card: bool = False


def armor_piece(
    catalog: Catalog, piece_id: str, name: str, *, shield_direction: Direction | None = None
) -> ArmorPiece:
    """The armor piece ``piece_id`` whose catalog name is ``name``: an armor counter (armor.yaml)
    or an armor card (a treasure with armor values). ``shield_direction`` is where a shield was
    put this round; an armor card's oval is printed on it and needs no direction.

    Raises ValueError for a name that is no armor, or a direction given to a piece that is no
    shield (or that contradicts a card's oval).
    """
    counter = catalog.armor.named(name)
    if counter is not None:
        if shield_direction is not None and counter.kind != SHIELD:
            raise ValueError(f"{piece_id}: only a shield is put in a Shield oval (8.4.5i.2)")
        return ArmorPiece(piece_id, counter.kind, counter.weight, shield_direction)
    treasure = catalog.treasures.named(name)
    if treasure is None or treasure.armor is None:
        raise ValueError(f"{piece_id}: {name!r} is neither an armor counter nor an armor card")
    protects = treasure.armor.protects
    if protects == "all":
        if shield_direction is not None:
            raise ValueError(f"{piece_id}: {name} goes in the Suit of Armor oval (8.4.5i.3)")
        return ArmorPiece(piece_id, SUIT_OVAL_CARD, treasure.armor.toughness, card=True)
    oval = Direction[protects.upper()]
    if shield_direction not in (None, oval):
        raise ValueError(f"{piece_id}: {name} goes in the {protects.title()} oval (8.4.5i.4)")
    return ArmorPiece(piece_id, SHIELD_OVAL_CARD, treasure.armor.toughness, oval, card=True)


def armor_struck(direction: Direction, pieces: Sequence[ArmorPiece]) -> ArmorPiece | None:
    """8.4.9j.2–j.3 and 8.4.5i: the single piece the red arrow of an attack from ``direction``
    meets first, or None when it meets no armor (the character himself is hit, n).

    Along the arrow: the Shield oval (a shield counter before an armor card there, 8.4.5i.4),
    then the breastplate (Thrust, Swing) or the helmet (Smash), then the Suit of Armor oval (the
    Ointment of Steel before a suit, 8.4.5i.3). Raises ValueError for a shield not put in an oval.
    """
    best: tuple[int, ArmorPiece] | None = None
    for piece in pieces:
        place = _place_on_arrow(direction, piece)
        if place is not None and (best is None or place < best[0]):
            best = (place, piece)
    return None if best is None else best[1]


def _place_on_arrow(direction: Direction, piece: ArmorPiece) -> int | None:
    """Where along the arrow from ``direction`` the piece sits (lower is met first), or None."""
    if piece.kind == SHIELD:
        if piece.shield_direction is None:
            raise ValueError(f"{piece.piece}: an active shield is put in a Shield oval (8.4.5i.2)")
        return 0 if piece.shield_direction is direction else None
    if piece.kind == SHIELD_OVAL_CARD:
        return 1 if piece.shield_direction is direction else None
    if piece.kind in (BREASTPLATE, HELMET):
        covered = ARMOR_PROTECTS[piece.kind]
        return 2 if direction.name.lower() in covered else None
    if piece.kind == SUIT_OVAL_CARD:
        return 3
    if piece.kind == SUIT:
        return 4
    raise ValueError(f"{piece.piece}: unknown armor kind {piece.kind!r}")
