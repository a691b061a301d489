"""The catalog's cross-references: every name one data file uses for another must name a record
of it (:func:`check_references`, run by :func:`rules.catalog.load_catalog` on every catalog it
builds), each failure a :class:`~rules.schema.base.CatalogError` naming the file, the entry and
the unknown name with the closest valid ones."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.catalog_index import Index, UnknownNameError
from rules.schema.base import CatalogError
from rules.schema.setup import Pieces

if TYPE_CHECKING:
    from rules.catalog import Catalog

#: Each row of the Appearance Chart, by the name of the denizens it holds.
Rows = dict[str, set[int | None]]


class _References:
    """Checks that a name used in one data file names a record of another (see check_references).

    Each failure is a :class:`CatalogError` naming the file, the entry using the name, and the
    unknown name with the closest valid ones.
    """

    def __init__(self, file: str, key: str) -> None:
        self.file = file
        self.key = key

    def entry(self, position: int, name: str) -> str:
        return f"{self.key}[{position}] {name!r}"

    def resolve(self, index: Index[Any], name: str, position: int, owner: str, field: str) -> None:
        if name not in index:
            error = UnknownNameError(index.kind, name, index.suggest(name))
            raise CatalogError(self.file, self.entry(position, owner), f"{field}: {error}")

    def require(self, condition: bool, position: int, owner: str, reason: str) -> None:
        if not condition:
            raise CatalogError(self.file, self.entry(position, owner), reason)


def check_references(c: Catalog) -> None:
    """Check that every name one data file uses for another resolves (raises CatalogError).

    Covers the Set Up Card and Appearance Chart, map chit exchanges, dwellings and garrisons,
    characters' starting equipment and locations, native horses, armor returns, treasures' site
    tables and Fame rewards, the native groups and monsters named by visitor chits, and the
    Appearance Chart rows denizens record.
    """
    for check in (
        _check_setup_card,
        _check_appearance_chart,
        _check_map_chits,
        _check_dwellings,
        _check_characters,
        _check_natives,
        _check_horses_and_armor,
        _check_treasures,
        _check_visitors,
        _check_rows,
    ):
        check(c)


def _items(c: Catalog) -> dict[str, Index[Any]]:
    return {"monster": c.monsters, "weapon": c.weapons, "armor": c.armor, "horse": c.horses}


def _check_setup_card(c: Catalog) -> None:
    refs = _References("setup_card.yaml", "boxes")
    horse_kinds = sorted({str(h.kind) for h in c.horses.values()})
    holders = (c.treasures, c.map_chits, c.dwellings, c.visitors)
    for i, box in enumerate(c.setup_card.values()):
        if box.natives is not None:
            refs.resolve(c.natives, box.natives, i, box.name, "natives")
        if box.holds is not None:
            refs.require(
                any(box.holds in index for index in holders),
                i,
                box.name,
                f"holds: {box.holds!r} is no treasure card, site chit, dwelling or visitor",
            )
        for piece in box.contents:
            if not isinstance(piece, Pieces):
                continue
            if piece.of == "horse kind":
                refs.require(
                    piece.name in horse_kinds,
                    i,
                    box.name,
                    f"contents: {piece.name!r} is not a kind of horse ({', '.join(horse_kinds)})",
                )
            else:
                refs.resolve(_items(c)[piece.of], piece.name, i, box.name, "contents")


def _check_appearance_chart(c: Catalog) -> None:
    refs = _References("appearance_chart.yaml", "rows")
    chit_words = {chit.word for chit in c.map_chits.values()}
    summoners = (c.native_counters, c.map_chits, c.treasures)
    for i, row in enumerate(c.appearance_chart.values()):
        for box in row.boxes():
            refs.resolve(c.setup_card, box, i, row.name, "boxes")
        for summons in row.monsters:
            for chit in summons.chits:
                word = chit.split()[0]
                refs.require(word in chit_words, i, row.name, f"chits: no map chit says {word!r}")
        for site in row.sites:
            refs.resolve(c.map_chits, site.site, i, row.name, "sites")
        for native in row.natives:
            refs.resolve(c.natives, native.group, i, row.name, "natives")
            for dwelling in native.dwellings:
                refs.resolve(c.dwellings, dwelling, i, row.name, "natives")
        for visitor in row.visitors:
            for summoner in visitor.summoned_by:
                refs.require(
                    any(summoner in index for index in summoners),
                    i,
                    row.name,
                    f"visitors: {summoner!r} is no native leader, site chit or site card",
                )


def _check_map_chits(c: Catalog) -> None:
    refs = _References("map_chits.yaml", "map_chits")
    for i, chit in enumerate(c.map_chits.values()):
        for piece in chit.exchange.pieces if chit.exchange else ():
            refs.require(
                piece in c.dwellings or piece in c.monsters,
                i,
                chit.name,
                f"exchange: {piece!r} is no dwelling or monster",
            )


def _check_dwellings(c: Catalog) -> None:
    refs = _References("dwellings.yaml", "dwellings")
    for i, dwelling in enumerate(c.dwellings.values()):
        refs.resolve(c.map_chits, dwelling.revealed_by, i, dwelling.name, "revealed_by")
        exchange = c.map_chits[dwelling.revealed_by].exchange
        refs.require(
            exchange is not None and dwelling.name in exchange.pieces,
            i,
            dwelling.name,
            f"revealed_by: {dwelling.revealed_by} is not exchanged for the {dwelling.name}",
        )
        if dwelling.garrison is not None:
            refs.resolve(c.natives, dwelling.garrison, i, dwelling.name, "garrison")


def _check_characters(c: Catalog) -> None:
    refs = _References("characters.yaml", "characters")
    for i, character in enumerate(c.characters.values()):
        for location in character.starting_locations:
            if location.is_dwelling:
                refs.resolve(c.dwellings, location, i, character.name, "starting_locations")
        for level in character.levels:
            for weapon in level.weapons:
                refs.resolve(c.weapons, weapon, i, character.name, f"level {level.number}")
            for armor in level.armor:
                refs.resolve(c.armor, armor, i, character.name, f"level {level.number}")


def _check_natives(c: Catalog) -> None:
    refs = _References("natives.yaml", "native_groups")
    for i, group in enumerate(c.natives.values()):
        if group.garrison_of is not None:
            refs.resolve(c.dwellings, group.garrison_of, i, group.name, "garrison_of")
        for native in group.counters:
            if native.horse is not None:
                refs.resolve(c.horses, native.horse, i, group.name, native.name)


def _check_horses_and_armor(c: Catalog) -> None:
    refs = _References("horses.yaml", "horses")
    for i, horse in enumerate(c.horses.values()):
        if horse.rider is not None:
            refs.resolve(c.native_counters, horse.rider, i, horse.name, "rider")
    refs = _References("armor.yaml", "armor")
    for i, armor in enumerate(c.armor.values()):
        if armor.returns_to is not None:
            refs.resolve(c.natives, armor.returns_to, i, armor.name, "returns_to")


def _check_treasures(c: Catalog) -> None:
    refs = _References("treasures.yaml", "treasures")
    items = (*_items(c).values(), c.treasures)
    for i, treasure in enumerate(c.treasures.values()):
        if treasure.fame_reward is not None:
            refs.resolve(c.natives, treasure.fame_reward.group, i, treasure.name, "fame_reward")
        for result in treasure.site_table:
            if result.item is not None:
                refs.require(
                    any(result.item in index for index in items),
                    i,
                    treasure.name,
                    f"site_table: {result.item!r} is no item of the catalog",
                )


def _check_visitors(c: Catalog) -> None:
    refs = _References("visitors.yaml", "visitor_chits")
    for i, chit in enumerate(c.visitors.values()):
        for face in chit.faces:
            for group in (*face.partners, *face.foes):
                refs.resolve(c.natives, group, i, chit.name, face.name)
            for monster in face.foe_monsters:
                refs.resolve(c.monsters, monster, i, chit.name, face.name)
            if face.destination is not None:
                for dwelling in (face.destination.to, face.destination.else_to):
                    refs.resolve(c.dwellings, dwelling, i, chit.name, face.name)


def _check_rows(c: Catalog) -> None:
    """A denizen's Appearance Chart row is the row of the Set Up Card box it starts in.

    Monsters not in any box (the Ghosts) have no row; garrison natives, who start in the
    Garrisons section, keep the row they regenerate on (6.3.4d).
    """
    monster_rows: Rows = {}
    native_rows: Rows = {}
    for box in c.setup_card.values():
        for piece in box.pieces("monster"):
            monster_rows.setdefault(piece.name, set()).add(box.row)
        if box.natives is not None and box.row is not None:
            native_rows.setdefault(box.natives, set()).add(box.row)

    def check(file: str, key: str, records: Iterable[Any], rows: Rows) -> None:
        refs = _References(file, key)
        for i, record in enumerate(records):
            boxed = rows.get(record.name)
            if boxed is None and file == "natives.yaml":
                continue
            refs.require(
                (boxed or {None}) == {record.appearance_row},
                i,
                record.name,
                f"appearance_row is {record.appearance_row}, but its Set Up Card box is on "
                f"row {', '.join(sorted(map(str, boxed or {None})))}",
            )

    check("monsters.yaml", "monsters", c.monsters.values(), monster_rows)
    check("natives.yaml", "native_groups", c.natives.values(), native_rows)
