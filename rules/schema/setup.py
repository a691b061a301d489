"""The Treasure Set Up Card and the Appearance Chart (2.4, 3.1, 7.13; tables at L783–843, L2192).

A :class:`SetUpBox` is one box of the Set Up Card with what setup (3.1.3) puts in it, listed
bottom first: position in a box matters, since Loot and Reading Runes take cards from the top
(4.4.1, 7.5.5). An :class:`AppearanceRow` is one row of the Appearance Chart: which map chits,
dwellings, native leaders and sites summon which boxes when that row is prowling (7.13).
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.schema.base import MagicType, Record, unique


class Section(enum.StrEnum):
    """The sections of the Set Up Card (2.4.1–2.4.5)."""

    TREASURES_WITHIN_TREASURES = "treasures within treasures"
    TREASURE_LOCATIONS = "treasure locations"
    LOST_CASTLE = "lost castle"
    LOST_CITY = "lost city"
    DWELLINGS = "dwellings"
    VISITOR_CHITS = "visitor chits"
    GARRISONS = "garrisons"
    VISITORS = "visitors"
    SPELL_BOOKS = "spell books"
    ARTIFACTS = "artifacts"


class TreasureCards(Record):
    """Treasure cards dealt at random, face down, from the Small or Large pile (3.1.3)."""

    kind: Literal["treasure cards"] = "treasure cards"
    pile: Literal["small", "large"]
    count: int = Field(ge=1)


class SpellCards(Record):
    """Spell cards of one type dealt at random, face down (3.1.3g)."""

    kind: Literal["spell cards"] = "spell cards"
    type: MagicType
    count: int = Field(ge=1)


class Pieces(Record):
    """Counters put in the box: ``count`` copies of the monster, weapon, armor or horse ``name``.

    ``of`` says which catalog ``name`` belongs to. ``horse kind`` names a kind of horse (pony,
    workhorse, warhorse): the box takes that many of the kind's counters not placed elsewhere.
    """

    kind: Literal["pieces"] = "pieces"
    of: Literal["monster", "weapon", "armor", "horse", "horse kind"]
    name: str
    count: int = Field(default=1, ge=1)


Content = Annotated[TreasureCards | SpellCards | Pieces, Field(discriminator="kind")]


class SetUpBox(Record):
    """One box of the Set Up Card and what 3.1.3 puts in it, bottom of the pile first.

    ``row`` is the Appearance Chart row the box sits in (boxes not on the chart have none);
    ``holds`` names the treasure card, site chit, dwelling or visitor the box belongs to;
    ``natives`` is the native group in the box (the square box beside a Dwellings row, 2.4.1c).
    """

    name: str
    section: Section
    row: int | None = Field(default=None, ge=1, le=6)
    holds: str | None = None
    natives: str | None = None
    contents: tuple[Content, ...] = ()

    def treasure_cards(self, pile: Literal["small", "large"]) -> int:
        """How many treasure cards of ``pile`` setup deals into this box."""
        return sum(
            c.count for c in self.contents if isinstance(c, TreasureCards) and c.pile == pile
        )

    def spell_cards(self) -> dict[MagicType, int]:
        """How many spell cards of each type setup deals into this box."""
        counts: dict[MagicType, int] = {}
        for content in self.contents:
            if isinstance(content, SpellCards):
                counts[content.type] = counts.get(content.type, 0) + content.count
        return counts

    def pieces(self, of: str) -> tuple[Pieces, ...]:
        """The named pieces of one catalog (``"monster"``, ``"weapon"``...) in this box."""
        return tuple(c for c in self.contents if isinstance(c, Pieces) and c.of == of)


_SUMMONER = re.compile(r"^(?P<word>[A-Z]+)(?: (?P<letter>[VWCM]))?$")


class ChitSummons(Record):
    """Map chits that summon a group of monster boxes on a row (7.13.3).

    ``chits`` are written as in the Summary of Denizen Appearance (L2192): a warning chit with its
    letter (``BONES M``), a sound chit by its word alone when any tile will do (``FLUTTER``) or
    with the warning letter its tile must also hold (``HOWL M``, 7.13.3). ``boxes`` are taken
    leftmost first, one box per chit per day (7.13.3b.1).
    """

    chits: tuple[str, ...] = Field(min_length=1)
    boxes: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _chits_are_words(self) -> ChitSummons:
        for chit in self.chits:
            if not _SUMMONER.match(chit):
                raise ValueError(f"summoning chit {chit!r} is not 'WORD' or 'WORD LETTER'")
        return self


class SiteSummons(Record):
    """A Site chit that summons the monster in its Treasure Locations box (L2230)."""

    site: str
    box: str


class NativeSummons(Record):
    """A native group summoned to the clearing of one of its dwellings (7.13.4, L2213)."""

    group: str
    box: str
    dwellings: tuple[str, ...] = Field(min_length=1)


class VisitorSummons(Record):
    """A row-6 visitor/mission box and the leaders or sites that summon its chit (7.13.5)."""

    box: str
    summoned_by: tuple[str, ...] = Field(min_length=1)


class AppearanceRow(Record):
    """One row of the Appearance Chart: everything that prowls when the monster roll is ``number``
    (6.3.3, 7.13.1b), and what summons each of its boxes."""

    name: str
    number: int = Field(ge=1, le=6)
    monsters: tuple[ChitSummons, ...] = ()
    sites: tuple[SiteSummons, ...] = ()
    natives: tuple[NativeSummons, ...] = ()
    visitors: tuple[VisitorSummons, ...] = ()

    @model_validator(mode="after")
    def _named_after_number(self) -> AppearanceRow:
        if self.name != f"Row {self.number}":
            raise ValueError(f"row {self.number} must be named 'Row {self.number}'")
        unique([box for summons in self.monsters for box in summons.boxes], "monster box")
        unique([chit for summons in self.monsters for chit in summons.chits], "summoning chit")
        if self.visitors and self.number != 6:
            raise ValueError("only row 6 holds visitor/mission boxes (7.13.5)")
        return self

    def boxes(self) -> tuple[str, ...]:
        """Every Set Up Card box this row makes prowl, in chart order."""
        names = [box for summons in self.monsters for box in summons.boxes]
        names += [site.box for site in self.sites]
        names += [native.box for native in self.natives]
        names += [visitor.box for visitor in self.visitors]
        return tuple(dict.fromkeys(names))

    def boxes_summoned_by(self, chit: str) -> tuple[str, ...]:
        """The monster boxes a summoning key such as ``"BONES M"`` or ``"FLUTTER"`` calls."""
        return tuple(box for s in self.monsters if chit in s.chits for box in s.boxes)
