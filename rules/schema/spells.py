"""The 47 Spell cards (2.3.8, 4.6.5–4.6.10; List of Spells L4665–5232; Set Up Card L817–843).

A :class:`Spell` is one Spell card: its Magic type and the colour of magic it needs (2.3.8), its
duration (4.6.7), what it can target, and a stable ``text_key`` the engine dispatches on. The
duration and target class printed on the card (the "card blocks" interleaved in the List of
Spells) and the paragraph of the List of Spells are both kept: ``target.kind`` is the card's
target class, ``target.text`` the List's wording, ``card`` the card's one-line summary.

The three spells built into treasure cards (Dragonfang Necklace, Eye of the Moon, Flying Carpet,
4.4.8, L4546–4558) are not Spell cards: they cannot be learned and live with their treasures
(:class:`BuiltInSpell`, used by ``rules.schema.treasures``).
"""

from __future__ import annotations

import enum
import re
from typing import Literal

from pydantic import Field, model_validator

from rules.schema.base import MagicColor, MagicType, Record, Weight

TEXT_KEY = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


class Duration(enum.StrEnum):
    """How long a spell lasts (4.6.7b–h).

    The rules call the spells that create a Fly chit "Fly" spells (4.6.7b, e); their cards print
    "Move Spell" (L4893, L4977).
    """

    INSTANT = "instant"
    ATTACK = "attack"
    FLY = "fly"
    PHASE = "phase"
    COMBAT = "combat"
    DAY = "day"
    PERMANENT = "permanent"


class TargetKind(enum.StrEnum):
    """The target class printed in brackets on each Spell card, below its duration (2.3.8)."""

    CLEARING = "clearing"
    CHARACTER = "character"
    INDIVIDUAL = "individual"
    HEX = "hex"
    HEX_OR_HUMAN = "hex/human"
    MULTIPLE = "multiple"
    MAGIC_CHITS = "magic chits"
    HUMAN_GROUP = "human group"
    DEMON = "demon"
    SPELL = "spell"
    ARTIFACT = "artifact"
    MONSTER = "monster"
    BATS = "bats"
    GOBLINS = "goblins"
    WEAPON = "weapon"
    SOUND_CHIT = "sound chit"


class SpellTarget(Record):
    """What a spell can be cast on: the card's target class and the List of Spells' wording."""

    kind: TargetKind
    text: str = Field(min_length=1)


class SpellAttack(Record):
    """How an Attack spell attacks (4.6.7d): like a missile or striking weapon of this length.

    ``direction`` and ``time`` are set only when the spell fixes them (Roof Collapses, L4910).
    """

    method: Literal["missile", "striking"]
    length: int = Field(ge=0, le=18)
    harm: Weight
    sharpness: int = Field(default=0, ge=0, le=3)
    direction: Literal["thrust", "swing", "smash"] | None = None
    time: int | None = Field(default=None, ge=0)


class FlyChit(Record):
    """The Fly chit a Fly spell (or the Flying Carpet) creates: strength and time (4.6.7e)."""

    strength: Weight
    time: int = Field(ge=0)


#: The spell tables (L5234-5326), named as in tables.yaml.
SpellTable = Literal[
    "Power of the Pit Table",
    "Wishes Table",
    "Curses Table",
    "Transform Table",
    "Violent Storm Table",
    "Lost Table",
]
CastIn = Literal["mountain clearing", "cave clearing", "six-clearing tile"]


class Spell(Record):
    """One Spell card (2.3.8; List of Spells L4665–5232).

    ``color`` is the colour of magic needed to cast it, or ``any`` (Control Bats, Bad Luck).
    ``cast_in`` is where the spellcaster must be; ``table`` the spell table it rolls on;
    ``attack`` and ``fly`` hold the values of Attack and Fly spells.
    """

    name: str = Field(min_length=1)
    type: MagicType
    color: MagicColor | Literal["any"]
    duration: Duration
    target: SpellTarget
    text_key: str
    card: str = Field(min_length=1)
    text: str = Field(min_length=1)
    cast_in: CastIn | None = None
    table: SpellTable | None = None
    attack: SpellAttack | None = None
    fly: FlyChit | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Spell:
        if not TEXT_KEY.match(self.text_key):
            raise ValueError(f"text_key {self.text_key!r} is not snake_case")
        if (self.attack is not None) != (self.duration is Duration.ATTACK):
            raise ValueError("attack values are given exactly for Attack spells (4.6.7d)")
        if (self.fly is not None) != (self.duration is Duration.FLY):
            raise ValueError("a Fly chit is given exactly for Fly spells (4.6.7e)")
        return self


class BuiltInSpell(Record):
    """A spell printed on a treasure card (4.4.8, L4546–4558): used, never learned or recorded.

    ``breakable`` is false for the Flying Carpet, whose spell only falls inert (L4556).
    ``requires`` names an optional rule the spell needs (Eye of the Moon: Seasons/Weather).
    """

    text_key: str
    color: MagicColor
    duration: Duration
    target: str = Field(min_length=1)
    breakable: bool = True
    fly: FlyChit | None = None
    requires: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> BuiltInSpell:
        if not TEXT_KEY.match(self.text_key):
            raise ValueError(f"text_key {self.text_key!r} is not snake_case")
        return self
