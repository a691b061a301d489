"""Map chits (``map_chits.yaml``) and dwellings (``dwellings.yaml``) against the rulebook.

Expected values are typed here from the rulebook text, each with its line; the clearing numbers
printed only as pictures are compared with the RealmSpeak reference.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules.catalog import DATA_DIR
from rules.schema.base import MagicColor, load_entries
from rules.schema.chits import GHOST, ChitKind, Dwelling, DwellingKind, MapChit
from rules.schema.tiles import TileType
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference

CHITS_FILE = DATA_DIR / "map_chits.yaml"
DWELLINGS_FILE = DATA_DIR / "dwellings.yaml"


@functools.cache
def chits() -> dict[str, MapChit]:
    return {c.name: c for c in load_entries(CHITS_FILE, "map_chits", MapChit)}


@functools.cache
def dwellings() -> dict[str, Dwelling]:
    return {d.name: d for d in load_entries(DWELLINGS_FILE, "dwellings", Dwelling)}


def of_kind(kind: ChitKind) -> list[MapChit]:
    return [c for c in chits().values() if c.kind is kind]


# --- map chits: counts --------------------------------------------------------------------------


def test_names_are_unique() -> None:
    raw = load_entries(CHITS_FILE, "map_chits", MapChit)
    assert len(raw) == len(chits()) == 40


def test_counts_l974_978() -> None:
    """8 Site and 10 Sound chits (3.5.2b L976, "the 18 Site and Sound chits" L978), 20 Warning
    chits (3.5.2c L977), one Lost City and one Lost Castle (3.5.2a L975)."""
    counts = Counter(c.kind for c in chits().values())
    assert counts == {
        ChitKind.SITE: 8,
        ChitKind.SOUND: 10,
        ChitKind.WARNING: 20,
        ChitKind.LOST_CITY: 1,
        ChitKind.LOST_CASTLE: 1,
    }


def test_five_warning_chits_per_tile_type_each_word_once_l977() -> None:
    """3.5.2c L977: five chits in each of the V, W, C and M groups; every warning word
    (Bones, Dank, Ruins, Smoke, Stink: Summary L2194–2218) appears in every group."""
    words = {"BONES", "DANK", "RUINS", "SMOKE", "STINK"}
    for tile_type in TileType:
        group = [c for c in of_kind(ChitKind.WARNING) if c.tile_type is tile_type]
        assert len(group) == 5, tile_type
        assert {c.word for c in group} == words, tile_type
        assert {c.name for c in group} == {f"{w} {tile_type.letter}" for w in words}


def test_sound_words_l2194_2207() -> None:
    assert {c.word for c in of_kind(ChitKind.SOUND)} == {
        "FLUTTER",
        "HOWL",
        "PATTER",
        "ROAR",
        "SLITHER",
    }
    assert Counter(c.word for c in of_kind(ChitKind.SOUND)) == dict.fromkeys(
        ("FLUTTER", "HOWL", "PATTER", "ROAR", "SLITHER"), 2
    )


def test_site_words_l2227_2237() -> None:
    assert sorted(c.word for c in of_kind(ChitKind.SITE)) == [
        "ALTAR",
        "CAIRNS",
        "HOARD",
        "LAIR",
        "POOL",
        "SHRINE",
        "STATUE",
        "VAULT",
    ]


def test_sound_and_site_chits_have_a_clearing_1_to_6() -> None:
    for chit in of_kind(ChitKind.SOUND) + of_kind(ChitKind.SITE):
        assert chit.clearing is not None and 1 <= chit.clearing <= 6, chit.name
        assert chit.name == f"{chit.word} {chit.clearing}"


@pytest.mark.parametrize(
    ("name", "clearing"),
    [
        ("HOARD 6", 6),  # L314: the "Hoard 6" chit, Hoard site in clearing 6
        ("HOWL 4", 4),  # L2157, L2165: Bats summoned by Howl 4 go to Clearing 4
        ("HOWL 5", 5),  # L2178: Bats summoned by "Howl 5" go to Clearing 5
        ("FLUTTER 1", 1),  # L2181: the Flutter 1 chit summons to Clearing 1
    ],
)
def test_clearings_named_in_the_text(name: str, clearing: int) -> None:
    assert chits()[name].clearing == clearing


def test_lost_city_in_caves_and_lost_castle_in_mountains_without_clearing_l749_l984_986() -> None:
    """3.5.4a L984: the Lost City is in one of the Cave tiles; 3.5.4b L986: the Lost Castle in
    one of the Mountain tiles; 2.7.14 L749: their printed numbers are ignored."""
    city, castle = chits()["LOST CITY"], chits()["LOST CASTLE"]
    assert (city.kind, city.tile_type, city.clearing) == (ChitKind.LOST_CITY, TileType.CAVES, None)
    assert (castle.kind, castle.tile_type, castle.clearing) == (
        ChitKind.LOST_CASTLE,
        TileType.MOUNTAIN,
        None,
    )


# --- substitute chits ---------------------------------------------------------------------------

# Dwelling Exchange Chits, L1026-1036 (and 3.6.2a L1018; Substitute Chits L2211-2218).
EXCHANGES = {
    "BONES V": ("Ghost", "Ghost"),  # L1030 "two Ghosts"
    "DANK V": ("Chapel",),  # L1031
    "RUINS V": ("Guard house",),  # L1032
    "SMOKE V": ("House",),  # L1033
    "STINK V": ("Inn",),  # L1034
    "SMOKE W": ("Small Campfire",),  # L1035
    "STINK W": ("Large Campfire",),  # L1036
}


def test_exchange_table_l1026_1036() -> None:
    """Exactly the seven chits of the table are substitutes, each for the table's pieces."""
    found = {c.name: c.exchange.pieces for c in chits().values() if c.exchange is not None}
    assert found == EXCHANGES


def test_every_valley_warning_chit_has_an_exchange_l1016() -> None:
    """3.6.2 L1016: each "V" chit represents a Dwelling or a pair of Ghosts."""
    for chit in of_kind(ChitKind.WARNING):
        if chit.tile_type is TileType.VALLEY:
            assert chit.is_substitute, chit.name


def test_exchange_clearings_l1016_l2150() -> None:
    """V chits: clearing 5, else 4 (3.6.2 L1016); Smoke W and Stink W: 5, else 4, else 2
    (7.13.2c L2150)."""
    for chit in chits().values():
        if chit.exchange is not None:
            expected = (5, 4) if chit.letter == "V" else (5, 4, 2)
            assert chit.exchange.clearings == expected, chit.name


def test_every_exchange_piece_is_a_dwelling_or_the_ghost() -> None:
    names = {n for d in dwellings().values() for n in d.names}
    for chit in chits().values():
        for piece in chit.exchange.pieces if chit.exchange else ():
            assert piece in names or piece == GHOST, (chit.name, piece)


# --- dwellings ----------------------------------------------------------------------------------


def test_six_dwelling_counters_l336_l1026_1036() -> None:
    kinds = {d.name: d.kind for d in dwellings().values()}
    assert kinds == {
        "Chapel": DwellingKind.DWELLING,
        "Guard house": DwellingKind.DWELLING,
        "House": DwellingKind.DWELLING,
        "Inn": DwellingKind.DWELLING,
        "Small Campfire": DwellingKind.CAMPFIRE,
        "Large Campfire": DwellingKind.CAMPFIRE,
    }


def test_garrisons_l1030_1036() -> None:
    assert {d.name: d.garrison for d in dwellings().values()} == {
        "Chapel": "Order",  # L1031
        "Guard house": "Guard",  # L1032
        "House": "Soldiers",  # L1033
        "Inn": "Rogues",  # L1034
        "Small Campfire": None,  # L1035
        "Large Campfire": None,  # L1036
    }


def test_revealed_by_the_chit_that_is_exchanged_for_it() -> None:
    """Each dwelling's Warning chit exists and is exchanged for exactly that dwelling."""
    for dwelling in dwellings().values():
        chit = chits()[dwelling.revealed_by]
        assert chit.exchange is not None, dwelling.name
        assert chit.exchange.pieces == (dwelling.name,)


def test_revealed_by_l1018_l2150() -> None:
    """3.6.2a L1018: Stink V Inn, Smoke V House, Dank V Chapel, Ruins V Guard house;
    7.13.2c L2150: Smoke W Small Campfire, Stink W Large Campfire."""
    assert {d.name: d.revealed_by for d in dwellings().values()} == {
        "Inn": "STINK V",
        "House": "SMOKE V",
        "Chapel": "DANK V",
        "Guard house": "RUINS V",
        "Small Campfire": "SMOKE W",
        "Large Campfire": "STINK W",
    }


def test_placement_l1016_l2150() -> None:
    """A dwelling goes where its chit's exchange says: buildings clearing 5, else 4 (3.6.2
    L1016); campfires 5, else 4, else 2 (7.13.2c L2150)."""
    for dwelling in dwellings().values():
        exchange = chits()[dwelling.revealed_by].exchange
        assert exchange is not None, dwelling.name
        expected = (5, 4) if dwelling.is_building else (5, 4, 2)
        assert exchange.clearings == expected, dwelling.name


def test_only_the_four_buildings_shelter_l3225() -> None:
    """L3225: "The Inn, Chapel, House and Guard house are the only buildings"."""
    buildings = {d.name for d in dwellings().values() if d.is_building}
    assert buildings == {"Inn", "Chapel", "House", "Guard house"}


def test_chapel_supplies_white_magic_l1198() -> None:
    assert {d.name: d.magic for d in dwellings().values() if d.magic} == {
        "Chapel": (MagicColor.WHITE,)
    }


@pytest.mark.parametrize(
    ("written", "dwelling"),
    [
        ("Inn", "Inn"),  # L3571 and every character
        ("House", "House"),  # L3655, L4016
        ("Guardhouse", "Guard house"),  # L3655, L3721, L3988
        ("Chapel", "Chapel"),  # L3800, L3900
        ("Guard", "Guard house"),  # RealmSpeak and the Set Up Card's group name (L809)
        ("S Campfire", "Small Campfire"),  # L2150
        ("L Campfire", "Large Campfire"),  # L2150
    ],
)
def test_names_used_elsewhere_resolve(written: str, dwelling: str) -> None:
    matches = [d.name for d in dwellings().values() if written in d.names]
    assert matches == [dwelling]


def test_aliases_do_not_clash() -> None:
    every = [n for d in dwellings().values() for n in d.names]
    assert len(every) == len(set(every))


# --- reference ----------------------------------------------------------------------------------


def test_map_chits_match_reference() -> None:
    """Clearings, warning letters and the pieces under each warning chit agree with RealmSpeak."""
    ref = reference("map_chits.json")
    letters = {
        "V": TileType.VALLEY,
        "W": TileType.WOODS,
        "C": TileType.CAVES,
        "M": TileType.MOUNTAIN,
    }
    theirs: dict[str, dict[str, Any]] = {}
    for chit in ref["sound_chits"]:
        theirs[chit["name"].upper()] = {"kind": "sound", "clearing": chit["clearing"]}
    for chit in ref["site_chits"]:
        name = f"{chit['name'].upper()} {chit['clearing']}"
        theirs[name] = {"kind": "site", "clearing": chit["clearing"]}
    for chit in ref["warning_chits"]:
        theirs[chit["name"].upper()] = {
            "kind": "warning",
            "tile_type": letters[chit["tile_type"]],
            "exchange": tuple(chit["holds_at_start"]),
        }
    for chit in ref["lost_city_lost_castle"]:
        name = chit["name"].upper()
        theirs[name] = {"kind": name.lower().replace(" ", "_"), "clearing": chit["clearing"]}
    differences: dict[str, str] = {}
    for name in sorted(set(theirs) | set(chits())):
        if name not in theirs or name not in chits():
            differences[f"map_chits/{name}"] = "only in ours" if name in chits() else "only in ref"
            continue
        chit = chits()[name]
        pieces = chit.exchange.pieces if chit.exchange else ()
        # RealmSpeak names the Guard house counter "Guard".
        pieces = tuple("Guard" if p == "Guard house" else p for p in pieces)
        ours: dict[str, object] = {
            "kind": chit.kind,
            "clearing": chit.clearing,
            "tile_type": chit.tile_type,
            "exchange": pieces,
        }
        for field, value in theirs[name].items():
            if ours[field] != value:
                differences[f"map_chits/{name}/{field}"] = f"ours {ours[field]}, ref {value}"
    assert_all_noted(differences)


def test_dwellings_match_reference() -> None:
    ref = reference("dwellings.json")["dwellings"]
    group_of = {"Soldier": "Soldiers", "Rogue": "Rogues", "Order": "Order", "Guard": "Guard"}
    differences: dict[str, str] = {}
    theirs = {("Guard house" if d["name"] == "Guard" else d["name"]): d for d in ref}
    for name in sorted(set(theirs) | set(dwellings())):
        if name not in theirs or name not in dwellings():
            where = "only in ours" if name in dwellings() else "only in reference"
            differences[f"dwellings/{name}"] = where
            continue
        ours, their = dwellings()[name], theirs[name]
        natives = {group_of[n.split()[0]] for n in their["natives_at_start"]}
        colour = their.get("attributes", {}).get("color_source")
        magic = [colour] if colour else []
        expected = {
            "revealed_by": their["replaces_warning"].upper(),
            "garrison": next(iter(natives), None),
            "is_building": their["shelter"],
            "magic": tuple(MagicColor(m) for m in magic),
        }
        actual = {
            "revealed_by": ours.revealed_by,
            "garrison": ours.garrison,
            "is_building": ours.is_building,
            "magic": ours.magic,
        }
        for field, value in expected.items():
            if actual[field] != value:
                differences[f"dwellings/{name}/{field}"] = f"ours {actual[field]}, ref {value}"
    assert_all_noted(differences)


# --- malformed data -----------------------------------------------------------------------------


def find(raw: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(entry for entry in raw if entry["name"] == name)


def test_broken_sound_chit_clearing(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        find(raw, "HOWL 4")["clearing"] = 7

    error = load_error(
        edited(tmp_path, "map_chits.yaml", change, "map_chits"), "map_chits", MapChit
    )
    assert error.file == "map_chits.yaml" and error.entry == "map_chits[4] 'HOWL 4'"
    assert error.reason.startswith("clearing:") and "less than or equal to 6" in error.reason


def test_broken_warning_word(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        chit = find(raw, "DANK M")
        chit["word"], chit["name"] = "DUNK", "DUNK M"

    error = load_error(
        edited(tmp_path, "map_chits.yaml", change, "map_chits"), "map_chits", MapChit
    )
    assert error.file == "map_chits.yaml" and "'DUNK M'" in error.entry
    assert "'DUNK' is not a warning word" in error.reason


def test_broken_name_does_not_match_chit(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        find(raw, "STINK C")["tile_type"] = "mountain"

    error = load_error(
        edited(tmp_path, "map_chits.yaml", change, "map_chits"), "map_chits", MapChit
    )
    assert "'STINK C'" in error.entry and "expected 'STINK M'" in error.reason


def test_broken_lost_city_clearing(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        find(raw, "LOST CITY")["clearing"] = 3

    error = load_error(
        edited(tmp_path, "map_chits.yaml", change, "map_chits"), "map_chits", MapChit
    )
    assert "'LOST CITY'" in error.entry and "has no clearing (2.7.14 L749)" in error.reason


def test_broken_dwelling_revealed_by_wrong_letter(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        find(raw, "Inn")["revealed_by"] = "STINK W"

    error = load_error(
        edited(tmp_path, "dwellings.yaml", change, "dwellings"), "dwellings", Dwelling
    )
    assert error.file == "dwellings.yaml" and error.entry == "dwellings[3] 'Inn'"
    assert "revealed by a 'V' warning chit" in error.reason


def test_broken_campfire_with_garrison(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        find(raw, "Small Campfire")["garrison"] = "Bashkars"

    error = load_error(
        edited(tmp_path, "dwellings.yaml", change, "dwellings"), "dwellings", Dwelling
    )
    assert "'Small Campfire'" in error.entry and "a campfire has no garrison" in error.reason
