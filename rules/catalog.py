"""The Magic Realm catalog: every tile, character, counter, card and table of the game.

:func:`load_catalog` reads the YAML files in ``rules/data/`` once into frozen, typed records and
checks that every name one file uses for another resolves. :func:`catalog` returns the shared,
loaded-once instance the engine uses. Lookups by name are exact; an unknown name raises
:class:`UnknownNameError`, which names the closest valid names.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from rules.catalog_index import Index as Index  # re-exported: the catalog's own types
from rules.catalog_index import R
from rules.catalog_index import UnknownNameError as UnknownNameError
from rules.schema.base import Record, load_entries
from rules.schema.characters import Character
from rules.schema.chits import Dwelling, MapChit
from rules.schema.denizens import Monster, NativeCounter, NativeGroup
from rules.schema.equipment import Armor, Horse, Weapon
from rules.schema.setup import AppearanceRow, SetUpBox
from rules.schema.spells import Spell
from rules.schema.tables import DaylightActivity, Table, VictoryCategory
from rules.schema.tiles import Tile
from rules.schema.treasures import Treasure
from rules.schema.visitors import VisitorChit

DATA_DIR = Path(__file__).parent / "data"


def _name(record: Any) -> str:
    return str(record.name)


def _aliases(record: Any) -> tuple[str, ...]:
    return tuple(record.aliases)


def _short_table_name(table: Table) -> list[str]:
    """'Hide' for the 'Hide Table': how players name the tables in conversation."""
    short = table.name.removesuffix(" Table")
    return [short] if short != table.name else []


@dataclass(frozen=True, eq=False)
class Catalog:
    """Every kind of game data, each an :class:`Index` keyed by the rulebook's names.

    Compared and hashed by identity: one loaded catalog is one game's rules.
    """

    tiles: Index[Tile]
    map_chits: Index[MapChit]
    dwellings: Index[Dwelling]
    characters: Index[Character]
    weapons: Index[Weapon]
    armor: Index[Armor]
    horses: Index[Horse]
    monsters: Index[Monster]
    natives: Index[NativeGroup]
    native_counters: Index[NativeCounter]
    treasures: Index[Treasure]
    spells: Index[Spell]
    visitors: Index[VisitorChit]
    setup_card: Index[SetUpBox]
    appearance_chart: Index[AppearanceRow]
    tables: Index[Table]
    activities: Index[DaylightActivity]
    victory_categories: Index[VictoryCategory]

    def group_of(self, native: str) -> NativeGroup:
        """The group of the native counter ``native``: his name is the group's name and his id
        (``Company HQ``, ``Rogues 7``; checked by :class:`NativeGroup`). Raises
        :class:`UnknownNameError` for a name that is not a native."""
        return self.natives[self.native_counters[native].name.rsplit(" ", 1)[0]]

    def kinds(self) -> dict[str, Index[Any]]:
        """Each kind's index by its field name, in declaration order."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def find(self, name: str) -> list[tuple[str, Record]]:
        """Every record of any kind whose name or alias is exactly ``name``."""
        return [(kind, index[name]) for kind, index in self.kinds().items() if name in index]

    def stats(self) -> dict[str, dict[str, int]]:
        """What the catalog holds, per kind: the counts ``realmbot catalog`` reports."""

        def count(records: Iterable[Any], test: Callable[[Any], bool]) -> int:
            return sum(1 for record in records if test(record))

        tiles = list(self.tiles.values())
        chits = list(self.map_chits.values())
        horses = list(self.horses.values())
        treasures = list(self.treasures.values())
        return {
            "tiles": {
                "tiles": len(tiles),
                "clearings per side": sum(len(t.normal.clearings) for t in tiles),
                "roads on normal sides": sum(len(t.normal.roads) for t in tiles),
                "roads on enchanted sides": sum(len(t.enchanted.roads) for t in tiles),
            },
            "map_chits": {
                str(kind).replace("_", " "): sum(1 for chit in chits if chit.kind == kind)
                for kind in dict.fromkeys(chit.kind for chit in chits)
            },
            "dwellings": {
                "dwellings": count(self.dwellings.values(), lambda d: d.garrison is not None),
                "campfires": count(self.dwellings.values(), lambda d: d.garrison is None),
            },
            "characters": {
                "characters": len(self.characters),
                "action chits": sum(len(c.chits) for c in self.characters.values()),
                "special advantages": sum(len(c.advantages) for c in self.characters.values()),
            },
            "weapons": {
                "kinds": len(self.weapons),
                "counters": sum(w.count for w in self.weapons.values()),
            },
            "armor": {
                "kinds": len(self.armor),
                "counters": sum(a.count for a in self.armor.values()),
            },
            "horses": {
                "for sale": count(horses, lambda h: h.rider is None),
                "ridden by natives": count(horses, lambda h: h.rider is not None),
            },
            "monsters": {
                "kinds": len(self.monsters),
                "counters": sum(m.count for m in self.monsters.values()),
            },
            "natives": {
                "groups": len(self.natives),
                "counters": len(self.native_counters),
            },
            "treasures": {
                "cards": len(treasures),
                "large": count(treasures, lambda t: t.size == "large"),
                "small": count(treasures, lambda t: t.size == "small"),
                "great": count(treasures, lambda t: t.great),
                "treasures within treasures": count(treasures, lambda t: t.twt is not None),
            },
            "spells": {"cards": len(self.spells)},
            "visitors": {
                "chits": len(self.visitors),
                "faces": sum(len(v.faces) for v in self.visitors.values()),
            },
            "setup_card": {"boxes": len(self.setup_card)},
            "appearance_chart": {"rows": len(self.appearance_chart)},
            "tables": {"charts and tables": len(self.tables)},
            "activities": {"Daylight activities": len(self.activities)},
            "victory_categories": {"categories": len(self.victory_categories)},
        }

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """The closest names of any kind, for an unknown name in ``realmbot catalog show``."""
        everything = {n for index in self.kinds().values() for n in index.names()}
        return difflib.get_close_matches(name, sorted(everything), n=limit, cutoff=0.6)


def load_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """Read and validate every data file in ``data_dir``.

    Raises :class:`CatalogError` naming the file, the entry and the reason for the first
    malformed entry, duplicate name or unresolved cross-reference.
    """

    def load(file: str, key: str, model: type[R]) -> tuple[R, ...]:
        return load_entries(data_dir / file, key, model)

    natives = Index("native group", load("natives.yaml", "native_groups", NativeGroup), _name)
    catalog = Catalog(
        tiles=Index(
            "tile", load("tiles.yaml", "tiles", Tile), lambda t: t.code, lambda t: [t.name]
        ),
        map_chits=Index("map chit", load("map_chits.yaml", "map_chits", MapChit), _name),
        dwellings=Index("dwelling", load("dwellings.yaml", "dwellings", Dwelling), _name, _aliases),
        characters=Index(
            "character", load("characters.yaml", "characters", Character), _name, _aliases
        ),
        weapons=Index("weapon", load("weapons.yaml", "weapons", Weapon), _name),
        armor=Index("armor", load("armor.yaml", "armor", Armor), _name),
        horses=Index("horse", load("horses.yaml", "horses", Horse), _name),
        monsters=Index("monster", load("monsters.yaml", "monsters", Monster), _name),
        natives=natives,
        native_counters=Index(
            "native", (n for group in natives.values() for n in group.counters), _name
        ),
        treasures=Index("treasure", load("treasures.yaml", "treasures", Treasure), _name),
        spells=Index("spell", load("spells.yaml", "spells", Spell), _name),
        visitors=Index(
            "visitor chit", load("visitors.yaml", "visitor_chits", VisitorChit), _name, _aliases
        ),
        setup_card=Index("Set Up Card box", load("setup_card.yaml", "boxes", SetUpBox), _name),
        appearance_chart=Index(
            "Appearance Chart row",
            load("appearance_chart.yaml", "rows", AppearanceRow),
            _name,
        ),
        tables=Index("table", load("tables.yaml", "tables", Table), _name, _short_table_name),
        activities=Index(
            "Daylight activity", load("tables.yaml", "activities", DaylightActivity), _name
        ),
        victory_categories=Index(
            "victory category",
            load("tables.yaml", "victory_categories", VictoryCategory),
            _name,
        ),
    )
    from rules.catalog_references import check_references  # only when a catalog is built

    check_references(catalog)
    return catalog


_shared: list[Catalog] = []


def catalog(load: Callable[[], Catalog] = load_catalog) -> Catalog:
    """The catalog of the packaged data, loaded on first use and shared afterwards: by
    ``load`` when the process's first call gives one that builds the same catalog another way
    (the command line's compiled cache, :mod:`bot.catalog_cache`), else from the YAML."""
    if not _shared:
        _shared.append(load())
    return _shared[0]
