"""Every physical piece of the game, each with a unique id (rules 2.1–2.5).

The catalog describes kinds of things (the Giant, the Spear); a game moves *pieces*: the first
Giant, the third Spear. A piece's id is its catalog name when the game has one copy, and the name
followed by its copy number otherwise (``Giant 1``, ``Giant 2``, ``Spear 3``). Natives, horses,
treasure and spell cards, map chits, dwellings, visitor chits and characters are all unique, so
their ids are their names (``Company HQ``, ``Pony L2/L4``, ``HOWL 4``, ``Crone / Raid``).
A character whose advantage gives him a familiar (the Witch, L3926) brings its extra piece, whose
id is ``Familiar``. Each character has an unused piece for the phantasm a Phantasm spell may give
him (L5066: "he puts an unused piece with himself to represent the phantasm"), whose id is
``Phantasm (<character>)`` (:func:`phantasm`). It is no piece of the game's until a spell puts it
in play, so it stands in no stack while unused: :class:`Pieces` knows its id (``in``, ``[]``)
but does not list it with the game's pieces (iteration, ``len``, :meth:`Pieces.of_kind`).
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from rules.catalog import Catalog, UnknownNameError
from rules.schema.characters import AbilityKey

#: The id of the extra piece a familiar is (L3926: "She uses an extra game piece").
FAMILIAR = "Familiar"


def phantasm(character: str) -> str:
    """The id of the unused piece that is ``character``'s phantasm when a Phantasm spell gives
    him one (L5066)."""
    return f"Phantasm ({character})"


def is_phantasm(piece: str) -> bool:
    """Whether ``piece`` is the id of a phantasm's piece (:func:`phantasm`)."""
    return piece.startswith("Phantasm (") and piece.endswith(")")


class Kind(enum.StrEnum):
    """What kind of piece an id names; each is the catalog the piece's ``name`` belongs to."""

    CHARACTER = "character"
    MONSTER = "monster"
    NATIVE = "native"
    WEAPON = "weapon"
    ARMOR = "armor"
    HORSE = "horse"
    TREASURE = "treasure"
    SPELL = "spell"
    MAP_CHIT = "map chit"
    DWELLING = "dwelling"
    VISITOR = "visitor chit"
    FAMILIAR = "familiar"
    PHANTASM = "phantasm"


#: Items a character can own and carry (4.3); the other kinds are never belongings.
ITEM_KINDS = frozenset({Kind.WEAPON, Kind.ARMOR, Kind.HORSE, Kind.TREASURE})


@dataclass(frozen=True)
class Piece:
    """One physical piece: its id, its kind, and the catalog name of what it is."""

    id: str
    kind: Kind
    name: str


def copies(name: str, count: int) -> list[str]:
    """The ids of ``count`` copies of ``name``: the name alone for one, else numbered from 1."""
    return [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]


class Pieces:
    """All pieces of a game, by id, in a fixed order (catalog order, copies in number order);
    the phantasms' unused pieces are known by id only (see the module)."""

    def __init__(self, catalog: Catalog) -> None:
        found: dict[str, Piece] = {}
        self.familiars: dict[str, str] = {}
        """Each familiar piece, with the character whose advantage it is (L3925–3926)."""
        self.phantasms: dict[str, str] = {}
        """Each phantasm piece, with the character it is for (L5066)."""
        unused: dict[str, Piece] = {}

        def add(kind: Kind, name: str, count: int = 1) -> None:
            for piece_id in copies(name, count):
                if piece_id in found:
                    raise ValueError(f"two pieces have the id {piece_id!r}")
                found[piece_id] = Piece(piece_id, kind, name)

        for character in catalog.characters.values():
            add(Kind.CHARACTER, character.name)
            if character.has_ability(AbilityKey.FAMILIAR):
                add(Kind.FAMILIAR, FAMILIAR)
                self.familiars[FAMILIAR] = character.name
            piece = phantasm(character.name)
            unused[piece] = Piece(piece, Kind.PHANTASM, piece)
            self.phantasms[piece] = character.name
        for monster in catalog.monsters.values():
            add(Kind.MONSTER, monster.name, monster.count)
        for native in catalog.native_counters.values():
            add(Kind.NATIVE, native.name)
        for weapon in catalog.weapons.values():
            add(Kind.WEAPON, weapon.name, weapon.count)
        for armor in catalog.armor.values():
            add(Kind.ARMOR, armor.name, armor.count)
        for horse in catalog.horses.values():
            add(Kind.HORSE, horse.name)
        for treasure in catalog.treasures.values():
            add(Kind.TREASURE, treasure.name)
        for spell in catalog.spells.values():
            add(Kind.SPELL, spell.name)
        for chit in catalog.map_chits.values():
            add(Kind.MAP_CHIT, chit.name)
        for dwelling in catalog.dwellings.values():
            add(Kind.DWELLING, dwelling.name)
        for visitor in catalog.visitors.values():
            add(Kind.VISITOR, visitor.name)
        self._pieces = found
        self._unused = unused

    def __getitem__(self, piece_id: str) -> Piece:
        try:
            return self._pieces[piece_id]
        except KeyError:
            if piece_id in self._unused:
                return self._unused[piece_id]
            raise UnknownNameError("piece", piece_id, self._suggest(piece_id)) from None

    def __contains__(self, piece_id: object) -> bool:
        return piece_id in self._pieces or piece_id in self._unused

    def __iter__(self) -> Iterator[Piece]:
        return iter(self._pieces.values())

    def __len__(self) -> int:
        return len(self._pieces)

    def of_kind(self, kind: Kind) -> list[Piece]:
        """Every piece of ``kind``, in order."""
        return [piece for piece in self._pieces.values() if piece.kind is kind]

    def named(self, name: str) -> list[str]:
        """The ids of every copy of the catalog entry ``name`` (``Giant`` → Giant 1, Giant 2)."""
        return [piece.id for piece in self._pieces.values() if piece.name == name]

    def _suggest(self, piece_id: str) -> list[str]:
        return difflib.get_close_matches(piece_id, list(self._pieces), n=3, cutoff=0.6)


@cache
def pieces_of(catalog: Catalog) -> Pieces:
    """The pieces of a game played with ``catalog`` (built once per catalog)."""
    return Pieces(catalog)
