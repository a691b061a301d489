"""Weapon, armor and horse counters: the belongings characters can own (2.3 L403–439).

* :class:`Weapon`: one kind of weapon counter and how many copies the game has (2.3.4 L418–430,
  List of Weapons L4030–4051, Set Up Card L783–810). Each counter has an unalerted and an alerted
  side (:class:`WeaponSide`) with an attack time, a harm letter and sharpness stars; these are
  pictures in the rulebook and come from the RealmSpeak reference.
* :class:`Armor`: one kind of armor counter (2.3.5 L434–437, Armor list L4053–4069).
* :class:`Horse`: one horse counter, either a round horse that can be bought (List of Horses
  L4071–4097) or a square native horse ridden by the native with the same ID code
  (2.3.3a–b L411–412). Each side (:class:`HorseSide`) is a strength letter and a move time.

The four gold weapon counters, the four gold armor counters, the L2 pony and the T3 warhorse are
treasure counters (2.3.6 L439).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from rules.schema.base import Record, Weight

AttackMethod = Literal["striking", "missile"]
"""The two methods of attack (2.3.4c L425)."""

Direction = Literal["thrust", "swing", "smash"]
"""The three attack directions armor protects against (8.4.5i L2510)."""

Time = Annotated[int, Field(ge=0, le=9)]
"""A time number printed on a counter: attack or move time; lower is faster (2.2.2a L348)."""

Sharpness = Annotated[int, Field(ge=0, le=2)]
"""Sharpness stars on a counter (2.3.4b.3 L424)."""

Gold = Annotated[int, Field(ge=0)]


class WeaponSide(Record):
    """What one side of a weapon counter shows (2.3.4b L421–424).

    ``time`` is the attack time (None: no number printed, the Fight chit's time is used,
    8.4.5h.1 L2504). ``harm`` is the letter printed; the only side without one is the Spear's
    unalerted side, which inflicts Negligible harm (2.3.4b.2 L423): see :attr:`effective_harm`.
    """

    time: Time | None = None
    harm: Weight | None = None
    sharpness: Sharpness = 0

    @model_validator(mode="after")
    def _stars_need_a_letter(self) -> WeaponSide:
        if self.sharpness and self.harm is None:
            raise ValueError("sharpness stars without a harm letter")
        return self

    @property
    def effective_harm(self) -> Weight:
        """The harm this side inflicts before stars: no letter means Negligible (L423)."""
        return self.harm if self.harm is not None else Weight.NEGLIGIBLE


class Weapon(Record):
    """One kind of weapon counter (List of Weapons L4030–4051).

    ``weight`` is the letter printed on the counter, which is both its weight and its harm
    (2.3.4b.2 L423). ``count`` is how many of these counters the game has (Set Up Card
    L783–810). Treasure weapons (2.3.6 L439) carry Fame and Notoriety values (L4039–4046,
    Treasure Counters: Weapons L5450–5456).
    """

    name: str
    count: int = Field(ge=1)
    length: int = Field(ge=0, le=18)
    attack: AttackMethod
    price: Gold
    weight: Weight
    unalerted: WeaponSide
    alerted: WeaponSide
    treasure: bool = False
    fame: int | None = Field(default=None, ge=0)
    notoriety: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _integrity(self) -> Weapon:
        if self.weight is Weight.NEGLIGIBLE:
            raise ValueError("a weapon counter has a weight letter L, M, H or T (L423)")
        for side_name, side in (("unalerted", self.unalerted), ("alerted", self.alerted)):
            if side.harm is not None and side.harm is not self.weight:
                raise ValueError(
                    f"{side_name}: harm letter {side.harm} differs from the weapon's weight"
                    f" {self.weight}: the letter is both (2.3.4b.2 L423)"
                )
        if self.treasure != (self.fame is not None and self.notoriety is not None):
            raise ValueError("treasure weapons, and only they, have fame and notoriety (L4039)")
        if self.treasure and self.count != 1:
            raise ValueError("each treasure weapon is a single counter (2.3.6 L439)")
        return self

    def side(self, alerted: bool) -> WeaponSide:
        """The alerted side if ``alerted``, else the unalerted side (2.3.4d L426)."""
        return self.alerted if alerted else self.unalerted


ArmorKind = Literal["helmet", "breastplate", "shield", "suit of armor"]
"""The four kinds of armor (2.3.5 L434)."""

ARMOR_PROTECTS: dict[str, tuple[Direction, ...]] = {
    "helmet": ("smash",),
    "breastplate": ("thrust", "swing"),
    "shield": (),
    "suit of armor": ("thrust", "swing", "smash"),
}
"""The directions each kind protects from its fixed oval on the Melee Section (8.4.5i.1 L2511).

A shield has no fixed oval: each round it protects the one direction of the Shield oval it is
put in (8.4.5i.2 L2512).
"""


class ArmorPrices(Record):
    """Gold prices of an armor counter by state (L4055–4064; Treasure Counters: Armor L5427–5434).

    For treasure armor, ``destroyed`` is the gold its owner gets when it is destroyed (L5448).
    """

    intact: Gold
    damaged: Gold
    destroyed: Gold = 0

    @model_validator(mode="after")
    def _falling(self) -> ArmorPrices:
        if not self.intact >= self.damaged >= self.destroyed:
            raise ValueError("prices must not rise from intact to damaged to destroyed")
        return self


class Armor(Record):
    """One kind of armor counter (Armor and Horses list L4053–4069).

    ``weight`` is the letter printed on the counter: its weight and its toughness (2.3.5a L436).
    ``returns_to`` is the native group a destroyed ordinary counter goes back to (note 2, L4069).
    """

    name: str
    kind: ArmorKind
    count: int = Field(ge=1)
    weight: Weight
    protects: tuple[Direction, ...]
    price: ArmorPrices
    treasure: bool = False
    fame: int | None = Field(default=None, ge=0)
    notoriety: int | None = Field(default=None, ge=0)
    returns_to: str | None = None

    @model_validator(mode="after")
    def _integrity(self) -> Armor:
        expected = ARMOR_PROTECTS[self.kind]
        if set(self.protects) != set(expected) or len(self.protects) != len(expected):
            wanted = ", ".join(expected) or "nothing fixed (a shield is put in one oval)"
            raise ValueError(f"a {self.kind} protects {wanted} (8.4.5i L2510–2512)")
        if self.weight is Weight.NEGLIGIBLE:
            raise ValueError("armor has a weight letter L, M, H or T (2.3.5a L436)")
        if self.treasure != (self.fame is not None and self.notoriety is not None):
            raise ValueError("treasure armor, and only it, has fame and notoriety (L4061)")
        if self.treasure and (self.count != 1 or self.returns_to is not None):
            raise ValueError("treasure armor is a single counter and returns to no group")
        if not self.treasure and (self.returns_to is None or self.price.destroyed != 0):
            raise ValueError(
                "ordinary armor is worth nothing destroyed and returns to a native group (L4069)"
            )
        return self


HorseKind = Literal["pony", "workhorse", "warhorse"]
"""The three types of horses (2.3.3 L409)."""

MoveBonus = Literal["double", "extra"]
"""A pony doubles its rider's Move phases (7.3.2b.3 L1698); a workhorse gives one extra Move
phase a day (7.3.2b.2 L1696). Warhorses give none (7.3.2b.1 L1694)."""

HORSE_KINDS: dict[str, tuple[Weight, bool, MoveBonus | None]] = {
    "pony": (Weight.MEDIUM, False, "double"),
    "workhorse": (Weight.HEAVY, False, "extra"),
    "warhorse": (Weight.TREMENDOUS, True, None),
}
"""Vulnerability, armor and move bonus of each kind (List of Horses L4071, L4082, L4092)."""

_HORSE_SIDE = re.compile(r"^([LMHT])(\d)$")


class HorseSide(Record):
    """One side of a horse counter: strength letter and move time (2.3.3c L414).

    Written in the data as on the counter and in the List of Horses: ``L2`` is strength Light,
    move time 2.
    """

    strength: Weight
    move: Time

    @model_validator(mode="before")
    @classmethod
    def _read_letter_number(cls, value: Any) -> Any:
        if isinstance(value, str):
            match = _HORSE_SIDE.match(value)
            if match is None:
                raise ValueError(f"{value!r} is not a strength letter and a time, e.g. 'M4'")
            return {"strength": match[1], "move": int(match[2])}
        return value

    def __str__(self) -> str:
        return f"{self.strength}{self.move}"


class Horse(Record):
    """One horse counter (2.3.3 L409–415).

    Round horses are for sale and have a ``price`` (L4071–4097); they are named by kind and both
    sides, galloping side first: ``Pony L2/L4`` is the Set Up Card's "L2 pony" (L774). Square
    native horses have a ``rider`` (the native with the matching ID code, 2.3.3b L412) and are
    named after him: ``Lancers 1 Horse``. The galloping side is the one with the asterisk
    (2.3.3c L414).
    """

    name: str
    kind: HorseKind
    gallop: HorseSide
    walk: HorseSide
    vulnerability: Weight
    armored: bool
    move_bonus: MoveBonus | None
    price: Gold | None = None
    rider: str | None = None
    treasure: bool = False

    @field_validator("name")
    @classmethod
    def _no_padding(cls, value: str) -> str:
        if value != value.strip():
            raise ValueError("name has leading or trailing spaces")
        return value

    @model_validator(mode="after")
    def _integrity(self) -> Horse:
        vulnerability, armored, bonus = HORSE_KINDS[self.kind]
        if (self.vulnerability, self.armored, self.move_bonus) != (vulnerability, armored, bonus):
            raise ValueError(
                f"a {self.kind} has vulnerability {vulnerability}, armored {armored},"
                f" move bonus {bonus} (List of Horses L4071–4092)"
            )
        if (self.price is None) == (self.rider is None):
            raise ValueError("a horse has either a price (round horse) or a rider (native horse)")
        if self.rider is not None:
            if self.name != f"{self.rider} Horse":
                raise ValueError(f"a native horse is named after its rider: '{self.rider} Horse'")
            if self.treasure:
                raise ValueError("native horses are not treasure counters (2.3.6 L439)")
        elif self.name != self.standard_name:
            raise ValueError(f"a round horse is named by kind and sides: {self.standard_name!r}")
        return self

    @property
    def standard_name(self) -> str:
        """``Pony L2/L4``: kind, galloping side, walking side."""
        return f"{self.kind.capitalize()} {self.gallop}/{self.walk}"

    @property
    def native(self) -> bool:
        """Whether this is a square native horse (2.3.3a L411)."""
        return self.rider is not None

    def side(self, galloping: bool) -> HorseSide:
        """The galloping side if ``galloping``, else the walking side (2.3.3c L414)."""
        return self.gallop if galloping else self.walk
