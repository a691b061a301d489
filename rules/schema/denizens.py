"""Monsters and native groups: the denizens of the Magic Realm (2.2 L342–395).

* :class:`Monster`: one monster type of the List of Monsters (L4099–4132), with how many
  counters of it the game has, its size (= vulnerability, 2.2.3 L367), armor (2.2.3d L375),
  flying (2.2.3f L382), Fame and Notoriety bounties and weapon length, the combat values on both
  sides (:class:`MonsterSide`, 2.2.2 L346–349), its head or club counters (:class:`MonsterPart`,
  2.2.3e L376) and its Appearance Chart row (Regeneration Table L1549–1554).
* :class:`NativeGroup`: one of the nine native groups (2.2.4 L390–395, Natives list
  L4134–4182), its hire price, the Dwelling it garrisons, its Appearance Chart row and its
  counters (:class:`NativeCounter`), each with its ID code, combat values and native horse.

Combat values, ID codes and which natives ride horses are pictures in the rulebook; they come
from the RealmSpeak reference. "Light" and "dark" are the two sides of a counter; for the twelve
Tremendous monsters the dark side is the red side (2.2.3c L374).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.schema.base import MagicType, Record, Weight, unique
from rules.schema.equipment import AttackMethod, Sharpness, Time

AppearanceRow = Annotated[int, Field(ge=1, le=6)]
"""A row of the Appearance Chart, the Monster Roll that makes it prowl (6.3.3 L1540)."""

Red = Literal["RED"]
"""The red side of a Tremendous monster: no harm letter, the attack time is circled and a hit
kills the target outright (8.4.7d L2621)."""


class MonsterSide(Record):
    """What one side of a monster counter shows (2.2.2a L348).

    ``move`` is the move time (a flying time for flying monsters, 2.2.3f L382). ``attack`` is
    the attack time, None on a side with no attack (a Spear Goblin light side up, 8.4.7a L2604).
    ``harm`` is the harm letter, or ``RED`` on a Tremendous monster's red side (:attr:`pins`).
    A Demon's or the Imp's spell side has ``magic`` (the Roman numeral, 8.4.7b L2608) and the
    ``spell`` its hit inflicts instead of harm. ``length`` overrides the monster's weapon length
    on this side: the spellcasters use tooth/claw, length 0, on their other side (8.4.7b.4 L2618).
    """

    move: Time
    attack: Time | None = None
    harm: Weight | Red | None = None
    sharpness: Sharpness = 0
    magic: MagicType | None = None
    spell: str | None = None
    length: int | None = Field(default=None, ge=0, le=18)

    @model_validator(mode="after")
    def _integrity(self) -> MonsterSide:
        if self.harm is Weight.NEGLIGIBLE:
            raise ValueError("a monster's harm letter is L, M, H, T or RED")
        if (self.magic is None) != (self.spell is None):
            raise ValueError("a magic side names both its Magic type and its spell (L2608)")
        if self.attack is None:
            if self.harm is not None or self.magic is not None or self.sharpness:
                raise ValueError("a side without an attack time has no harm, magic or stars")
        elif (self.harm is None) == (self.magic is None):
            raise ValueError("an attack has either a harm letter or a Magic type (L2608)")
        if self.harm == "RED" and self.sharpness:
            raise ValueError("a red side has no sharpness stars: its hit kills (L2621)")
        return self

    @property
    def pins(self) -> bool:
        """Whether this is a red side that holds its target (8.4.7d L2621)."""
        return self.harm == "RED"


class PartSide(Record):
    """One side of a head or club counter: attack time, harm letter, stars (8.4.7e L2631)."""

    attack: Time
    harm: Weight
    sharpness: Sharpness = 0


class MonsterPart(Record):
    """A Dragon's head or a Giant's club counter (2.2.3e L376; lengths L4123–4128).

    It moves with its monster but attacks separately with its own length and values and cannot
    be attacked (8.4.7e L2631–2635). ``fire_length`` is a Dragon head's length when it breathes
    fire under optional rule 10.D.3 "Dragon Heads" (L3106).
    """

    name: str
    kind: Literal["head", "club"]
    length: int = Field(ge=0, le=18)
    fire_length: int | None = Field(default=None, ge=0, le=18)
    light: PartSide
    dark: PartSide

    @model_validator(mode="after")
    def _fire_is_for_heads(self) -> MonsterPart:
        if self.fire_length is not None and self.kind != "head":
            raise ValueError("only Dragon heads breathe fire (L3106)")
        return self


class MonsterVariant(Record):
    """``count`` of a monster type's counters printed with other combat values (the Wolves)."""

    count: int = Field(ge=1)
    light: MonsterSide
    dark: MonsterSide


class Monster(Record):
    """One monster type of the List of Monsters (L4099–4132) and its ``count`` counters.

    ``size`` is the counter size, which is its vulnerability (2.2.3 L367). ``length`` is the
    listed weapon length (0 is tooth/claw). ``light`` and ``dark`` are the combat values of its
    counters; when a ``variant`` is given, ``variant.count`` of the counters show the variant's
    values instead (the rulebook lists "Wolf" twice, L4109–4110). ``appearance_row`` is the
    Appearance Chart row the monster belongs to (Regeneration Table L1549–1554); None for the
    Ghosts, who prowl every day (7.13.1a L2143).
    """

    name: str
    count: int = Field(ge=1)
    size: Weight
    armored: bool
    flying: bool
    fame: int = Field(ge=0)
    notoriety: int = Field(ge=0)
    length: int = Field(ge=0, le=18)
    light: MonsterSide
    dark: MonsterSide
    parts: tuple[MonsterPart, ...] = ()
    appearance_row: AppearanceRow | None
    variant: MonsterVariant | None = None

    @model_validator(mode="after")
    def _integrity(self) -> Monster:
        if self.size not in (Weight.MEDIUM, Weight.HEAVY, Weight.TREMENDOUS):
            raise ValueError("monsters are Medium, Heavy or Tremendous (2.2.3 L367)")
        tremendous = self.size is Weight.TREMENDOUS
        for label, light, dark in self._printings():
            if light.pins:
                raise ValueError(f"{label}light: only the dark side of a monster can be red")
            if dark.pins != tremendous:
                raise ValueError(
                    f"{label}dark: the dark side is red exactly for Tremendous monsters (L374)"
                )
        if self.parts and not tremendous:
            raise ValueError("only Tremendous monsters have head or club counters (L376)")
        unique([part.name for part in self.parts], "part")
        if self.variant is not None and self.variant.count >= self.count:
            raise ValueError("the variant must leave some counters with the main values")
        return self

    def _printings(self) -> list[tuple[str, MonsterSide, MonsterSide]]:
        printings = [("", self.light, self.dark)]
        if self.variant is not None:
            printings.append(("variant: ", self.variant.light, self.variant.dark))
        return printings

    def sides(self, copy: int) -> tuple[MonsterSide, MonsterSide]:
        """The (light, dark) sides of counter number ``copy`` (1..count); variants come last."""
        if not 1 <= copy <= self.count:
            raise ValueError(f"{self.name} has counters 1 to {self.count}, not {copy}")
        if self.variant is not None and copy > self.count - self.variant.count:
            return self.variant.light, self.variant.dark
        return self.light, self.dark

    def length_on(self, side: MonsterSide) -> int:
        """The weapon length of an attack made with ``side`` up (L2618 for spellcasters)."""
        return self.length if side.length is None else side.length


NativeGroupName = Literal[
    "Bashkars", "Company", "Guard", "Lancers", "Order", "Patrol", "Rogues", "Soldiers", "Woodfolk"
]
"""The nine native groups (2.2.4 L392)."""

NativeTitle = Literal[
    "Archer",
    "Assassin",
    "Crossbowman",
    "Great Axeman",
    "Great Swordsman",
    "Knight",
    "Lancer",
    "Pikeman",
    "Raider",
    "Short Swordsman",
    "Swordsman",
]
"""The kinds of native in the Name column of the Natives list (L4134–4182)."""

ARMORED_TITLES = frozenset(
    {"Knight", "Great Swordsman", "Pikeman", "Short Swordsman", "Crossbowman"}
)
"""The armored natives (8.4.9e.5 L2701)."""

MISSILE_TITLES = frozenset({"Archer", "Crossbowman"})
"""The bowmen, who attack by missile (8.4.9g L2743)."""

_NATIVE_ID = re.compile(r"^(HQ|[1-9])$")


class NativeSide(Record):
    """One side of a native counter (2.2.4 L395): move time, attack time, harm and stars.

    An Archer's light side has no attack values and he cannot attack with it (8.4.9g.2 L2745).
    """

    move: Time
    attack: Time | None = None
    harm: Weight | None = None
    sharpness: Sharpness = 0

    @model_validator(mode="after")
    def _integrity(self) -> NativeSide:
        if self.harm is Weight.NEGLIGIBLE:
            raise ValueError("a native's harm letter is L, M, H or T")
        if (self.attack is None) != (self.harm is None):
            raise ValueError("an attack has both an attack time and a harm letter")
        if self.harm is None and self.sharpness:
            raise ValueError("sharpness stars without an attack")
        return self


class Bounty(Record):
    """What killing a native is worth: Notoriety and Gold (Bounty column, "4N 2 gold")."""

    notoriety: int = Field(ge=0)
    gold: int = Field(ge=0)


class NativeCounter(Record):
    """One native counter (2.2.4 L390–395; one row of the Natives list L4134–4182).

    ``id`` is the rest of his ID code after the group letter: ``HQ`` for the leader or a number
    (L393); ``name`` is the group name, a space and the id (``Company HQ``, ``Rogues 7``).
    ``vulnerability`` is his vulnerability and move strength; except for the Knights it equals
    his ``weight`` (2.2.4 L390). ``horse`` names the native horse he rides, if any.
    """

    id: str
    name: str
    title: NativeTitle
    armored: bool
    vulnerability: Weight
    weight: Weight
    wage: int = Field(ge=0)
    bounty: Bounty
    length: int = Field(ge=0, le=18)
    attack: AttackMethod
    light: NativeSide
    dark: NativeSide
    horse: str | None = None

    @model_validator(mode="after")
    def _integrity(self) -> NativeCounter:
        if not _NATIVE_ID.match(self.id):
            raise ValueError(f"id {self.id!r} is neither 'HQ' nor a number 1-9 (L393)")
        if (self.vulnerability != self.weight) != (self.title == "Knight"):
            raise ValueError(
                "vulnerability equals weight for every native except the Knights (L390)"
            )
        if self.armored != (self.title in ARMORED_TITLES):
            wanted = "armored" if self.title in ARMORED_TITLES else "not armored"
            raise ValueError(f"a {self.title} is {wanted} (8.4.9e.5 L2701)")
        if (self.attack == "missile") != (self.title in MISSILE_TITLES):
            raise ValueError("Archers and Crossbowmen, and only they, attack by missile (L2743)")
        if self.horse is not None and self.horse != f"{self.name} Horse":
            raise ValueError(f"horse must be {self.name + ' Horse'!r}, the rider's own (L412)")
        return self

    @property
    def leader(self) -> bool:
        """Whether he is his group's leader, the one with the HQ code (2.2.4 L393–394)."""
        return self.id == "HQ"

    @property
    def code(self) -> str:
        """His printed ID code: group letter and id, e.g. ``CHQ`` or ``R7`` (L392–393)."""
        return self.name[0] + self.id


class NativeGroup(Record):
    """One native group (2.2.4 L390–395; Natives list L4134–4182).

    ``hire`` is the group's price in gold, or ``individually`` for the Order and the Rogues,
    whose members are hired one by one (7.7.1a.1 L1927); a group price is the sum of its members'
    wages (7.7.1b.1 L1930). ``garrison_of`` is the Dwelling where a
    Garrison group lives (glossary L243, Set Up Card L806–809); the other groups start in their
    boxes on the Set Up Card. ``appearance_row`` is the Appearance Chart row on which the group
    prowls (Regeneration Table L1549–1554, 6.3.4d L1558 for the Garrisons).
    """

    name: NativeGroupName
    hire: int | Literal["individually"]
    garrison_of: str | None = None
    appearance_row: AppearanceRow
    counters: tuple[NativeCounter, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _integrity(self) -> NativeGroup:
        unique([c.id for c in self.counters], "id")
        leaders = [c.id for c in self.counters if c.leader]
        if len(leaders) != 1:
            raise ValueError(f"a group has exactly one HQ leader, not {len(leaders)} (L393)")
        wages = sum(c.wage for c in self.counters)
        if self.hire != "individually" and self.hire != wages:
            raise ValueError(f"hire {self.hire} is not the sum of the wages, {wages} (L1930)")
        for index, counter in enumerate(self.counters):
            if counter.name != f"{self.name} {counter.id}":
                raise ValueError(
                    f"counters.{index}: name {counter.name!r} must be"
                    f" {self.name + ' ' + counter.id!r} (group name and id)"
                )
        return self

    @property
    def leader(self) -> NativeCounter:
        """The HQ counter (2.2.4 L394)."""
        return next(c for c in self.counters if c.leader)

    @property
    def letter(self) -> str:
        """The group's ID code letter: C, B, R, G, O, L, W, P or S (2.2.4 L392)."""
        return self.name[0]

    def counter(self, id_or_name: str) -> NativeCounter:
        """The counter with this id (``HQ``, ``3``) or name (``Company 3``); KeyError if none."""
        for counter in self.counters:
            if id_or_name in (counter.id, counter.name):
                return counter
        raise KeyError(f"{self.name} has no counter {id_or_name!r}")
