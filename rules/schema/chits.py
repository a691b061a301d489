"""Map chits and the dwellings some of them are exchanged for (2.1.3–2.1.4, 3.5, 3.6).

Map chits (2.1.3 L288–317, placed by 3.5 L971–1002) are the 8 gold Site chits and 10 red Sound
chits (each printed with a clearing number), the 20 yellow Warning chits (five words, each in a
V, W, C and M version) and the red Lost City and Lost Castle chits, whose printed numbers are
ignored (2.7.14 L749).

Seven Warning chits are *substitute chits* (Dwelling Exchange Chits L1026–1036, Substitute Chits
L2209–2218): when revealed they leave play and the pieces they stand for are put in their tile.
The five "V" chits are exchanged at setup for the four Dwellings and the two Ghosts (3.6.2
L1016–1018); Smoke W and Stink W are exchanged for the campfires when revealed in play
(7.13.2c L2150). :class:`Exchange` on the chit records those pieces and the clearings they go to.

Dwellings (2.1.4 L336) are the four buildings (Chapel, Guard house, House, Inn) and the two
campfires; each building starts with its garrison native group (3.6.3 L1022, table L1026–1036).
"""

from __future__ import annotations

import enum
from typing import Annotated

from pydantic import Field, model_validator

from rules.schema.base import MagicColor, Record
from rules.schema.tiles import ClearingNumber, TileType

SOUND_WORDS = frozenset({"FLUTTER", "HOWL", "PATTER", "ROAR", "SLITHER"})
"""The five sounds (Summary of Denizen Appearance L2194–2207)."""

WARNING_WORDS = frozenset({"BONES", "DANK", "RUINS", "SMOKE", "STINK"})
"""The five warnings, each printed in a V, W, C and M version (3.5.2c L977, L2194–2207)."""

SITE_WORDS = frozenset({"ALTAR", "CAIRNS", "HOARD", "LAIR", "POOL", "SHRINE", "STATUE", "VAULT"})
"""The eight treasure sites (Site Chits L2227–2237)."""

GHOST = "Ghost"
"""The monster list name (L4102) of the pieces the Bones V chit is exchanged for (L1030)."""

Preference = Annotated[tuple[ClearingNumber, ...], Field(min_length=1)]


def _check_preference(clearings: tuple[int, ...], what: str) -> None:
    if len(set(clearings)) != len(clearings):
        raise ValueError(f"{what}: a clearing is listed twice in {list(clearings)}")


class ChitKind(enum.StrEnum):
    """The kinds of map chits (2.1.3 L288–317)."""

    SOUND = "sound"
    WARNING = "warning"
    SITE = "site"
    LOST_CITY = "lost_city"
    LOST_CASTLE = "lost_castle"


class Exchange(Record):
    """What a substitute chit is exchanged for when it is revealed, and where the pieces go.

    ``pieces`` are counter names: a dwelling's name, or the monster ``Ghost`` twice for Bones V.
    ``clearings`` is the order of preference: the first clearing of the tile that connects to the
    Borderland by roadways on the tile's face-up side (3.6.2 L1016; 7.13.2c L2150).
    """

    pieces: tuple[str, ...] = Field(min_length=1)
    clearings: Preference

    @model_validator(mode="after")
    def _distinct_clearings(self) -> Exchange:
        _check_preference(self.clearings, "exchange")
        return self


class MapChit(Record):
    """A map chit, named as printed, in upper case: ``HOWL 4``, ``BONES V``, ``LOST CITY``.

    ``word`` is the printed word (HOWL, BONES, HOARD; LOST CITY and LOST CASTLE for those two).
    Sound and Site chits carry their ``clearing`` (2.1.3a–b L289–316); Warning chits carry the
    ``tile_type`` their letter stands for (2.1.3c L317). The Lost City belongs to the cave tiles
    and the Lost Castle to the mountain tiles (3.5.4a–b L984–986); neither has a clearing
    (2.7.14 L749). Only substitute Warning chits have an ``exchange``.
    """

    name: str
    kind: ChitKind
    word: str
    clearing: ClearingNumber | None = None
    tile_type: TileType | None = None
    exchange: Exchange | None = None

    @model_validator(mode="after")
    def _consistent(self) -> MapChit:
        kind = self.kind
        if kind in (ChitKind.SOUND, ChitKind.SITE):
            words = SOUND_WORDS if kind is ChitKind.SOUND else SITE_WORDS
            if self.word not in words:
                raise ValueError(f"{self.word!r} is not a {kind} word ({', '.join(sorted(words))})")
            if self.clearing is None:
                raise ValueError(f"a {kind} chit needs its clearing number")
            if self.tile_type is not None:
                raise ValueError(f"a {kind} chit has no tile type")
            expected = f"{self.word} {self.clearing}"
        elif kind is ChitKind.WARNING:
            if self.word not in WARNING_WORDS:
                listed = ", ".join(sorted(WARNING_WORDS))
                raise ValueError(f"{self.word!r} is not a warning word ({listed})")
            if self.tile_type is None:
                raise ValueError("a warning chit needs the tile type of its letter")
            if self.clearing is not None:
                raise ValueError("a warning chit has no clearing number (7.13.2b L2149)")
            expected = f"{self.word} {self.tile_type.letter}"
        else:
            expected = "LOST CITY" if kind is ChitKind.LOST_CITY else "LOST CASTLE"
            city = kind is ChitKind.LOST_CITY
            tile_type, line = (
                (TileType.CAVES, "3.5.4a L984") if city else (TileType.MOUNTAIN, "3.5.4b L986")
            )
            if self.word != expected:
                raise ValueError(f"the word of the {expected} chit is {expected!r}")
            if self.clearing is not None:
                raise ValueError(f"the {expected} chit has no clearing (2.7.14 L749)")
            if self.tile_type is not tile_type:
                raise ValueError(f"the {expected} chit belongs to {tile_type} tiles ({line})")
        if self.name != expected:
            raise ValueError(f"name {self.name!r} does not match the chit: expected {expected!r}")
        if self.exchange is not None and kind is not ChitKind.WARNING:
            raise ValueError("only warning chits are exchanged for other pieces")
        return self

    @property
    def letter(self) -> str | None:
        """The Warning chit letter (V, W, C, M), or None for other chits."""
        if self.kind is ChitKind.WARNING and self.tile_type is not None:
            return self.tile_type.letter
        return None

    @property
    def is_substitute(self) -> bool:
        """True for the chits exchanged for other pieces when revealed (L2209)."""
        return self.exchange is not None


class DwellingKind(enum.StrEnum):
    """Buildings (the only places for Sheltered phases, L3225) and campfires."""

    DWELLING = "dwelling"
    CAMPFIRE = "campfire"


class Dwelling(Record):
    """A dwelling or campfire counter (2.1.4 L336; Dwelling Exchange Chits L1026–1036).

    ``revealed_by`` is the Warning chit it replaces; ``garrison`` is the native group that starts
    there (3.6.3 L1022), none for campfires; ``magic`` the colours it supplies in its clearing
    (4.6.2c L1198). The clearing it goes to is the ``exchange.clearings`` of its ``revealed_by``
    chit (3.6.2 L1016; 7.13.2c L2150). ``aliases`` are other spellings the
    rulebook uses for the same counter (e.g. "Guardhouse" in the character lists, L3655).
    """

    name: str
    aliases: tuple[str, ...] = ()
    kind: DwellingKind
    revealed_by: str
    garrison: str | None = None
    magic: tuple[MagicColor, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Dwelling:
        if self.name in self.aliases or len(set(self.aliases)) != len(self.aliases):
            raise ValueError("aliases must differ from the name and from each other")
        letter = "V" if self.kind is DwellingKind.DWELLING else "W"
        if self.revealed_by.rpartition(" ")[2] != letter:
            raise ValueError(
                f"a {self.kind} is revealed by a {letter!r} warning chit (3.6.2 L1016-1018,"
                f" 7.13.2c L2150), not {self.revealed_by!r}"
            )
        if self.kind is DwellingKind.DWELLING and self.garrison is None:
            raise ValueError("a dwelling has a garrison (3.6.3 L1022)")
        if self.kind is DwellingKind.CAMPFIRE and self.garrison is not None:
            raise ValueError("a campfire has no garrison (L1035-1036)")
        return self

    @property
    def is_building(self) -> bool:
        """True for the Inn, Chapel, House and Guard house, where Sheltered phases work (L3225)."""
        return self.kind is DwellingKind.DWELLING

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by every alias."""
        return (self.name, *self.aliases)
