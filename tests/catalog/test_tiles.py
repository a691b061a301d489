"""The 20 map tiles in ``rules/data/tiles.yaml`` against the rulebook and the reference.

Expected values are typed here from the rulebook text, each with its line; the pictured topology
is compared with the RealmSpeak reference (every difference must be recorded in the notes).
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.catalog import DATA_DIR
from rules.schema.base import MagicColor, load_entries
from rules.schema.tiles import ClearingType, Edge, Road, RoadType, Tile, TileSide, TileType
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference

TILES_FILE = DATA_DIR / "tiles.yaml"

GRAY, GOLD, PURPLE = MagicColor.GRAY, MagicColor.GOLD, MagicColor.PURPLE


@functools.cache
def tiles() -> dict[str, Tile]:
    return {t.code: t for t in load_entries(TILES_FILE, "tiles", Tile)}


def faces() -> list[tuple[Tile, bool, TileSide]]:
    return [(t, e, t.side(e)) for t in tiles().values() for e in (False, True)]


# --- counts -------------------------------------------------------------------------------------


def test_names_and_codes_are_the_map_tile_abbreviations_l291_312() -> None:
    assert {code: t.name for code, t in tiles().items()} == {
        "AV": "Awful Valley",
        "BV": "Bad Valley",
        "BL": "Borderland",
        "CN": "Cavern",
        "CS": "Caves",
        "CL": "Cliff",
        "CG": "Crag",
        "CV": "Curst Valley",
        "DV": "Dark Valley",
        "DW": "Deep Woods",
        "EV": "Evil Valley",
        "HP": "High Pass",
        "L": "Ledges",
        "LW": "Linden Woods",
        "MW": "Maple Woods",
        "M": "Mountain",
        "NW": "Nut Woods",
        "OW": "Oak Woods",
        "PW": "Pine Woods",
        "R": "Ruins",
    }


def test_twenty_tiles_five_of_each_type_l984_990() -> None:
    groups: dict[TileType, set[str]] = {}
    for code, tile in tiles().items():
        groups.setdefault(tile.type, set()).add(code)
    assert groups == {
        TileType.CAVES: {"BL", "CN", "CS", "HP", "R"},  # 3.5.4a L984
        TileType.MOUNTAIN: {"CL", "CG", "DW", "L", "M"},  # 3.5.4b L986
        TileType.VALLEY: {"AV", "BV", "CV", "DV", "EV"},  # 3.5.4c L988
        TileType.WOODS: {"LW", "MW", "NW", "OW", "PW"},  # 3.5.5 L990
    }


def test_95_clearings_on_each_side() -> None:
    """Reference CHECKS.txt: 95 clearings on the normal sides and 95 on the enchanted sides."""
    assert sum(len(t.normal.clearings) for t in tiles().values()) == 95
    assert sum(len(t.enchanted.clearings) for t in tiles().values()) == 95


def test_163_roads_on_normal_sides_and_165_on_enchanted_sides() -> None:
    """Reference CHECKS.txt: 163 roadways on the normal sides, 165 on the enchanted sides."""
    assert sum(len(t.normal.roads) for t in tiles().values()) == 163
    assert sum(len(t.enchanted.roads) for t in tiles().values()) == 165


def test_valley_tiles_have_clearings_4_and_5_l1016() -> None:
    """Dwellings go to clearing 5 or 4 (3.6.2 L1016); the pictures show 1, 2, 4 and 5."""
    for tile, _, side in faces():
        if tile.type is TileType.VALLEY:
            assert side.clearing_numbers() == (1, 2, 4, 5), tile.code


def test_woods_tiles_have_clearings_2_4_and_5_l2150() -> None:
    """Campfires go to clearing 5, 4 or 2 (7.13.2c L2150); woods tiles have exactly these."""
    for tile, _, side in faces():
        if tile.type is TileType.WOODS:
            assert side.clearing_numbers() == (2, 4, 5), tile.code


def test_cave_and_mountain_tiles_have_six_clearings_l879() -> None:
    for tile, _, side in faces():
        if tile.type in (TileType.CAVES, TileType.MOUNTAIN):
            assert side.clearing_numbers() == (1, 2, 3, 4, 5, 6), tile.code


# --- clearing types -----------------------------------------------------------------------------


def test_cave_tiles_have_caves_and_only_they_do_l231() -> None:
    """Caves Tile: any tile with at least one cave (glossary L231), and only the five of L984."""
    for tile, _, side in faces():
        has_cave = any(c.type is ClearingType.CAVE for c in side.clearings)
        assert has_cave == (tile.type is TileType.CAVES), tile.code


def test_mountain_tiles_have_mountain_clearings_except_deep_woods_l255() -> None:
    """Mountain Tile: at least one mountain clearing; Deep Woods has no mountains (L255)."""
    for tile, _, side in faces():
        mountains = [c.number for c in side.clearings if c.type is ClearingType.MOUNTAIN]
        if tile.type is TileType.MOUNTAIN and tile.code != "DW":
            assert mountains, tile.code
        if tile.code == "DW" or tile.type in (TileType.VALLEY, TileType.WOODS):
            assert not mountains, tile.code


def test_valley_and_woods_clearings_are_woods_clearings_l285() -> None:
    for tile, _, side in faces():
        if tile.type in (TileType.VALLEY, TileType.WOODS):
            assert {c.type for c in side.clearings} == {ClearingType.WOODS}, tile.code


# --- roadways -----------------------------------------------------------------------------------

# Discoveries list, L627-665: (tile, enchanted) -> clearing pairs.
HIDDEN_PATHS: dict[tuple[str, bool], set[tuple[int, int]]] = {
    ("CL", False): {(2, 5)},  # L629
    ("CL", True): {(2, 5)},  # L630
    ("CG", False): {(2, 3)},  # L631
    ("CG", True): {(2, 3)},  # L632
    ("DW", False): {(1, 4), (3, 6)},  # L633-634
    ("DW", True): {(3, 4), (3, 6), (4, 6)},  # L635-637
    ("L", False): {(1, 3), (4, 6)},  # L638-639
    ("L", True): {(1, 3), (4, 6)},  # L640-641
    ("M", False): {(4, 6)},  # L642
    ("M", True): {(3, 6), (5, 6)},  # L643-644
    ("R", False): {(1, 5)},  # L645
    ("R", True): {(1, 2), (1, 4), (2, 6)},  # L646-648
}
SECRET_PASSAGES: dict[tuple[str, bool], set[tuple[int, int]]] = {
    ("BL", False): {(4, 5)},  # L652
    ("BL", True): {(4, 5)},  # L653
    ("CN", False): {(1, 4), (3, 5)},  # L654-655
    ("CN", True): {(1, 2), (4, 5)},  # L656-657
    ("CS", False): {(2, 3)},  # L658
    ("CS", True): {(1, 6)},  # L659
    ("CL", False): {(3, 6)},  # L660
    ("CL", True): {(3, 6)},  # L661 prints "(green)" again: a typo for (enchanted), see notes
    ("CG", False): {(1, 6)},  # L662
    ("CG", True): {(4, 5)},  # L663
    ("M", True): {(1, 4)},  # L664
    ("R", True): {(3, 6)},  # L665
}


def pairs_of(side: TileSide, kind: RoadType) -> set[tuple[int, int]]:
    found = set()
    for road in side.roads:
        if road.type is kind:
            assert isinstance(road.b, int), f"{road} leaves the tile"
            found.add((min(road.a, road.b), max(road.a, road.b)))
    return found


@pytest.mark.parametrize(
    ("kind", "listed"),
    [(RoadType.HIDDEN, HIDDEN_PATHS), (RoadType.SECRET, SECRET_PASSAGES)],
    ids=["hidden_paths_L627_648", "secret_passages_L650_665"],
)
def test_discoveries_list_is_exactly_the_hidden_and_secret_roadways(
    kind: RoadType, listed: dict[tuple[str, bool], set[tuple[int, int]]]
) -> None:
    """Every hidden path and secret passage of the Discoveries list (L627–665) is on its face,
    and no face has any that the list does not name."""
    for tile, enchanted, side in faces():
        assert pairs_of(side, kind) == listed.get((tile.code, enchanted), set()), (
            f"{tile.code} {'enchanted' if enchanted else 'normal'}"
        )


def test_tunnels_join_cave_clearings_l286() -> None:
    """Tunnels are underground (2.1.1c L286): both ends are cave clearings."""
    for tile, _, side in faces():
        for road in side.roads:
            if road.type is RoadType.TUNNEL:
                assert isinstance(road.b, int)
                assert side.clearing(road.a).type is ClearingType.CAVE, (tile.code, str(road))
                assert side.clearing(road.b).type is ClearingType.CAVE, (tile.code, str(road))


def test_every_clearing_has_a_roadway() -> None:
    for tile, _, side in faces():
        for number in side.clearing_numbers():
            assert side.roads_from(number), f"{tile.code}{number}"


def connected_groups(side: TileSide) -> list[set[int]]:
    """Clearings joined by any roadways inside the tile (3.2.3b.5 L879 counts every kind)."""
    groups: list[set[int]] = []
    for number in side.clearing_numbers():
        if any(number in g for g in groups):
            continue
        group, todo = {number}, [number]
        while todo:
            for road in side.roads_from(todo.pop()):
                for end in (road.a, road.b):
                    if isinstance(end, int) and end not in group:
                        group.add(end)
                        todo.append(end)
        groups.append(group)
    return groups


def test_only_high_pass_and_ledges_split_inside_the_tile_l879() -> None:
    """L879: placement "affects only the High Pass and Ledges tiles, since all of the clearings
    in the other tiles are connected within the tile" (six-clearing tiles, any roadways)."""
    for tile, _, side in faces():
        if len(side.clearings) == 6:
            split = len(connected_groups(side)) > 1
            assert split == (tile.code in {"HP", "L"}), tile.code


# --- colour magic -------------------------------------------------------------------------------


def test_normal_sides_supply_no_magic_l287() -> None:
    for tile in tiles().values():
        assert all(not c.magic for c in tile.normal.clearings), tile.code


def test_enchanted_colours_l1204() -> None:
    """4.6.2e.1 L1204: Grey in the Valleys and Ruins, Gold in the six Woods tiles (with Deep
    Woods), Purple in Mountain, Ledges, Cliff, High Pass, Caves, Cavern; all three in the Crag;
    the Borderland clearing by clearing."""
    per_tile = {code: {GRAY} for code in ("AV", "BV", "CV", "DV", "EV", "R")}
    per_tile |= {code: {GOLD} for code in ("LW", "MW", "NW", "OW", "PW", "DW")}
    per_tile |= {code: {PURPLE} for code in ("M", "L", "CL", "HP", "CS", "CN")}
    per_tile["CG"] = {GRAY, GOLD, PURPLE}
    borderland = {1: {GRAY}, 2: {GOLD}, 3: {GOLD}, 4: {PURPLE}, 5: {PURPLE}, 6: {GRAY, PURPLE}}
    for code, tile in tiles().items():
        for clearing in tile.enchanted.clearings:
            expected = borderland[clearing.number] if code == "BL" else per_tile[code]
            assert set(clearing.magic) == expected, f"{code}{clearing.number}"


# --- spot checks --------------------------------------------------------------------------------


def test_nut_woods_2_exists_l285() -> None:
    """'Nut Woods 2' (NW2) is the example clearing of 2.1.1b, L285."""
    assert tiles()["NW"].normal.clearing(2).type is ClearingType.WOODS


def test_deep_woods_1_4_is_a_hidden_path_only_on_green_l633_l635_637() -> None:
    dw = tiles()["DW"]
    road = dw.normal.road_between(4, 1)
    assert road is not None and road.type is RoadType.HIDDEN
    enchanted = dw.enchanted.road_between(1, 4)
    assert enchanted is None or enchanted.type is not RoadType.HIDDEN


def test_borderland_secret_passage_4_5_on_both_faces_l652_653() -> None:
    for side in (tiles()["BL"].normal, tiles()["BL"].enchanted):
        road = side.road_between(4, 5)
        assert road is not None and road.type is RoadType.SECRET


# --- helpers ------------------------------------------------------------------------------------


def test_side_helpers() -> None:
    bl = tiles()["BL"]
    assert bl.side() is bl.normal
    assert bl.side(enchanted=True) is bl.enchanted
    side = bl.normal
    assert side.clearing(4).number == 4
    with pytest.raises(KeyError):
        side.clearing(7)
    assert all(4 in (r.a, r.b) for r in side.roads_from(4))
    assert {r.other_end(4) for r in side.roads_from(4)} >= {5, 6}
    assert side.road_between(5, 4) == side.road_between(4, 5)
    assert side.road_between(1, 2) is None
    assert side.edges() == set(Edge)
    assert all(r.edge is Edge.S for r in side.roads_to(Edge.S))
    assert side.roads_to(Edge.S)
    assert tiles()["AV"].normal.edges() == {r.b for r in tiles()["AV"].normal.roads} - {1, 2, 4, 5}


def test_road_helpers() -> None:
    road = Road(a=1, b=Edge.NW)
    assert road.type is RoadType.OPEN and road.edge is Edge.NW
    assert road.other_end(1) is Edge.NW
    with pytest.raises(ValueError, match="does not touch"):
        road.other_end(2)
    assert Road(a=2, b=5).ends == Road(a=5, b=2).ends
    assert Road.model_validate({"a": 1, "b": "4"}).b == 4
    assert Road.model_validate({"a": 1, "b": "SE"}).b is Edge.SE


def test_tile_type_letters_l317() -> None:
    letters = {t: t.letter for t in TileType}
    assert letters == {
        TileType.VALLEY: "V",
        TileType.WOODS: "W",
        TileType.CAVES: "C",
        TileType.MOUNTAIN: "M",
    }


# --- reference ----------------------------------------------------------------------------------

REF_CLEARING_TYPE = {"normal": "woods", "woods": "woods", "mountain": "mountain", "caves": "cave"}
REF_ROAD_TYPE = {"normal": "open", "hidden": "hidden", "secret": "secret", "tunnel": "tunnel"}
REF_TILE_TYPE = {"V": "valley", "W": "woods", "M": "mountain", "C": "caves"}


def road_key(a: object, b: object) -> str:
    ends = sorted((str(a), str(b)), key=lambda e: (not e.isdigit(), e))
    return "-".join(ends)


def test_matches_reference() -> None:
    """Every clearing, road, type, colour and position agrees with the RealmSpeak reference."""
    ref = {("BL" if t["code"] == "B" else t["code"]): t for t in reference("tiles.json")["tiles"]}
    ours = tiles()
    differences: dict[str, str] = {}
    for code in sorted(set(ref) | set(ours)):
        if code not in ours or code not in ref:
            differences[f"tiles/{code}"] = "only in ours" if code in ours else "only in reference"
            continue
        tile, theirs = ours[code], ref[code]
        if tile.name != theirs["name"]:
            differences[f"tiles/{code}/name"] = f"ours {tile.name!r}, reference {theirs['name']!r}"
        if tile.type != REF_TILE_TYPE[theirs["type"]]:
            differences[f"tiles/{code}/type"] = f"ours {tile.type}, reference {theirs['type']}"
        for face in ("normal", "enchanted"):
            compare_side(
                f"tiles/{code}/{face}", getattr(tile, face), theirs["sides"][face], differences
            )
    assert_all_noted(differences)


def compare_side(key: str, side: TileSide, theirs: dict[str, Any], out: dict[str, str]) -> None:
    if list(side.forest_position) != theirs["offroad_xy"]:
        out[f"{key}/forest_position"] = f"ours {side.forest_position}, ref {theirs['offroad_xy']}"
    ref_clearings = {int(n): c for n, c in theirs["clearings"].items()}
    for number in sorted(set(ref_clearings) | set(side.clearing_numbers())):
        where = f"{key}/clearing-{number}"
        if number not in ref_clearings or number not in side.clearing_numbers():
            out[where] = "only in ours" if number in side.clearing_numbers() else "only in ref"
            continue
        clearing, ref_clearing = side.clearing(number), ref_clearings[number]
        if clearing.type != REF_CLEARING_TYPE[ref_clearing["type"]]:
            out[f"{where}/type"] = f"ours {clearing.type}, reference {ref_clearing['type']}"
        if list(clearing.position) != ref_clearing["xy"]:
            out[f"{where}/position"] = f"ours {clearing.position}, ref {ref_clearing['xy']}"
        if sorted(clearing.magic) != sorted(ref_clearing["magic"]):
            out[f"{where}/magic"] = f"ours {clearing.magic}, reference {ref_clearing['magic']}"
    ours = {road_key(r.a, r.b): str(r.type) for r in side.roads}
    ref_roads = {road_key(r["a"], r["b"]): REF_ROAD_TYPE[r["type"]] for r in theirs["roads"]}
    for road in sorted(set(ours) | set(ref_roads)):
        if road not in ours or road not in ref_roads:
            out[f"{key}/road-{road}"] = "only in ours" if road in ours else "only in reference"
        elif ours[road] != ref_roads[road]:
            out[f"{key}/road-{road}/type"] = f"ours {ours[road]}, reference {ref_roads[road]}"


# --- malformed data -----------------------------------------------------------------------------


def entry(raw: list[dict[str, Any]], code: str) -> tuple[int, dict[str, Any]]:
    index = next(i for i, t in enumerate(raw) if t["code"] == code)
    return index, raw[index]


def test_broken_road_to_missing_clearing(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        entry(raw, "AV")[1]["normal"]["roads"].append({"a": 1, "b": 3, "type": "open"})

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    index = entry(yaml.safe_load(TILES_FILE.read_text())["tiles"], "AV")[0]
    assert error.file == "tiles.yaml"
    assert error.entry == f"tiles[{index}] 'AV'"
    assert "normal" in error.reason and "clearing 3 is not on this side" in error.reason


def test_broken_tile_code(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        entry(raw, "CV")[1]["code"] = "CVV"

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    assert error.file == "tiles.yaml" and "'CVV'" in error.entry
    assert error.reason.startswith("code:")


def test_broken_edge_name(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        entry(raw, "BL")[1]["enchanted"]["roads"][-1]["b"] = "WN"

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    assert error.file == "tiles.yaml" and "'BL'" in error.entry
    assert "enchanted.roads." in error.reason
    assert "'WN' is neither a clearing number nor an edge" in error.reason


def test_broken_road_listed_twice_the_other_way(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        roads = entry(raw, "CN")[1]["normal"]["roads"]
        first = next(r for r in roads if isinstance(r["b"], int))
        roads.append({"a": first["b"], "b": first["a"], "type": first["type"]})

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    assert "'CN'" in error.entry and "is listed twice" in error.reason


def test_broken_magic_on_normal_side(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        entry(raw, "R")[1]["normal"]["clearings"][0]["magic"] = ["gray"]

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    assert "'R'" in error.entry and "only the enchanted side supplies magic" in error.reason


def test_broken_tunnel_to_woods_clearing(tmp_path: Path) -> None:
    def change(raw: list[dict[str, Any]]) -> None:
        road = next(r for r in entry(raw, "BL")[1]["normal"]["roads"] if r["b"] == 6)
        road["type"] = "tunnel"  # BL 1-6: clearing 1 is a woods clearing

    error = load_error(edited(tmp_path, "tiles.yaml", change, "tiles"), "tiles", Tile)
    assert "'BL'" in error.entry and "clearing 1 is not a cave" in error.reason


def test_clearing_types_counted() -> None:
    """Sanity: each side has cave, mountain and woods clearings in the same numbers."""
    normal = Counter(c.type for t in tiles().values() for c in t.normal.clearings)
    enchanted = Counter(c.type for t in tiles().values() for c in t.enchanted.clearings)
    assert normal == enchanted
    assert normal[ClearingType.CAVE] == 18 and normal[ClearingType.MOUNTAIN] == 19
