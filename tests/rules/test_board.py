"""The board: clearing ids, roadways within and across tiles, routes and drawing geometry.

Rules: 2.1.1b (clearing ids, L285), 2.1.1c (roadways connect from tile to tile, L286), 3.2.3b.5
and 3.6.2 (routes to the Borderland, L879 and L1016), 7.13.2c (campfires 5 → 4 → 2 on the face
that is up, L2150), 9.2.2b (roads off the map edge). Map convention: SCENARIOS.md.
"""

from __future__ import annotations

import math

import pytest

from bot.event_text import english, word
from bot.i18n import Language, speaking
from rules.board import (
    ALL_ROADS,
    Board,
    ClearingError,
    Connection,
    LayoutError,
    board_for,
    clearing_id,
    edge_point,
    hex_center,
    hex_corners,
    parse_clearing_id,
)
from rules.catalog import catalog
from rules.discoveries import RoadDiscovery
from rules.discoveries import said as said_discovery
from rules.layout import PlacedTile
from rules.schema.tiles import ClearingType, Edge, RoadType

OPEN, HIDDEN, SECRET, TUNNEL = RoadType.OPEN, RoadType.HIDDEN, RoadType.SECRET, RoadType.TUNNEL


def tile(code: str, at: tuple[int, int], rotation: int = 0, enchanted: bool = False) -> PlacedTile:
    return PlacedTile(tile=code, at=at, rotation=rotation, enchanted=enchanted)


def board(*tiles: PlacedTile) -> Board:
    return Board(catalog(), tiles)


#: Borderland with Cavern, Awful Valley and Dark Valley around it, each placed legally in turn
#: (the map of the Placing Tiles example in test_mapgen.py).
SMALL = (
    tile("BL", (0, 0)),
    tile("CN", (-1, 0), 1),
    tile("AV", (-1, 1), 3),
    tile("DV", (0, -1), 5),
)


# --- clearing ids (2.1.1b L285) ------------------------------------------------------------------


def test_clearing_ids_are_tile_code_and_number_2_1_1b() -> None:
    assert parse_clearing_id("CV5") == ("CV", 5)
    assert parse_clearing_id("L3") == ("L", 3)
    assert parse_clearing_id("BL6") == ("BL", 6)
    assert parse_clearing_id(" nw2 ") == ("NW", 2)
    assert clearing_id("L", 3) == "L3"
    with pytest.raises(ClearingError) as malformed:
        parse_clearing_id("5CV")
    assert english(malformed.value.phrase) == (
        "'5CV' is not a clearing id (a tile code and a clearing number, e.g. CV5)"
    )


def test_clearings_of_a_board_in_order_2_1_1b() -> None:
    b = board(tile("CV", (0, 0)), tile("L", (0, 1)))
    assert b.clearings() == ("CV1", "CV2", "CV4", "CV5", "L1", "L2", "L3", "L4", "L5", "L6")
    assert b.clearing_type("L2") is ClearingType.MOUNTAIN
    assert b.clearing_type("cv5") is ClearingType.WOODS
    assert b.tile_of("L3") == tile("L", (0, 1))
    assert b.resolve("l3") == "L3"


def test_unknown_clearing_names_the_tiles_real_clearings_2_1_1b() -> None:
    b = board(tile("CV", (0, 0)))
    with pytest.raises(ClearingError) as number:
        b.connections("CV3")
    assert english(number.value.phrase) == "no clearing CV3: Curst Valley has clearings 1, 2, 4, 5"
    with pytest.raises(ClearingError) as absent:
        b.clearing_type("HP1")
    assert english(absent.value.phrase) == "no clearing HP1: High Pass (HP) is not on the map"
    with pytest.raises(ClearingError) as unknown:
        b.route("CX1", "CV1")
    assert english(unknown.value.phrase).startswith(
        "no clearing CX1: there is no tile 'CX'; did you mean CV"
    )
    with pytest.raises(ClearingError) as malformed:
        b.connected_to_borderland("Curst Valley 5")
    assert "is not a clearing id" in english(malformed.value.phrase)
    with speaking(Language.ES):
        assert word(absent.value.phrase).startswith("no hay claro HP1")


# --- tiles on the board ---------------------------------------------------------------------------


def test_board_queries_tiles_by_position_and_code() -> None:
    """Tiles by hex and by abbreviation (Map Tile Abbreviations L291-312)."""
    b = board(*SMALL)
    assert b.tile_at((-1, 1)) == SMALL[2]
    assert b.tile_at((5, 5)) is None
    assert b.placed("DV") == SMALL[3]
    assert b.placed("HP") is None
    assert b.tiles == SMALL
    assert b.tile("CN").name == "Cavern"


def test_board_refuses_overlap_and_duplicates_3_2_2_and_3_2_3b_2() -> None:
    with pytest.raises(LayoutError, match=r"rule 3\.2\.3b\.2") as overlap:
        board(tile("BL", (0, 0)), tile("CV", (0, 0)))
    assert (overlap.value.tile, overlap.value.rule) == ("CV", "3.2.3b.2")
    with pytest.raises(LayoutError, match="placed twice") as twice:
        board(tile("CV", (0, 0)), tile("CV", (0, 1)))
    assert (twice.value.tile, twice.value.rule) == ("CV", "3.2.2")
    with pytest.raises(LayoutError, match="no such tile") as unknown:
        board(tile("Curst Valley", (0, 0)))
    assert unknown.value.tile == "Curst Valley"


# --- roadways (2.1.1c L286) -----------------------------------------------------------------------


def test_a_road_joins_across_an_edge_both_ways_2_1_1c() -> None:
    """BL1 runs to the Borderland's N edge; Dark Valley to the north, rotation 5, brings its own
    SE edge (where DV4's road runs) to face south: one open roadway BL1–DV4."""
    b = board(*SMALL)
    assert Connection("DV4", frozenset({OPEN}), Edge.N) in b.connections("BL1")
    assert Connection("BL1", frozenset({OPEN}), Edge.S) in b.connections("DV4")
    assert Connection("CN1", frozenset({OPEN}), Edge.NW) in b.connections("BL5")
    assert Connection("BL5", frozenset({OPEN}), Edge.SE) in b.connections("CN1")
    assert b.neighbours("DV4") == ("BL1", "CN2", "DV1")


def test_roads_with_no_tile_beyond_lead_off_the_map_2_1_1c_9_2_2b() -> None:
    b = board(*SMALL)
    off = [c for c in b.connections("BL2") if c.off_map]
    assert off == [
        Connection(None, frozenset({OPEN}), Edge.NE),
        Connection(None, frozenset({OPEN}), Edge.S),
    ]
    alone = board(tile("BL", (0, 0)))
    assert [c.edge for c in alone.connections("BL1") if c.off_map] == [Edge.N, Edge.SW]
    assert alone.neighbours("BL1") == ("BL6",)


def test_rotation_1_turns_the_tiles_north_edge_to_face_northeast() -> None:
    """SCENARIOS.md: rotation k turns the tile k × 60° clockwise."""
    rotated = tile("BL", (0, 0), rotation=1)
    assert rotated.facing(Edge.N) is Edge.NE
    alone = board(rotated)
    assert [c.edge for c in alone.connections("BL1") if c.off_map] == [Edge.NE, Edge.NW]
    # BL2's road runs to the Borderland's own NE edge, now facing SE. Curst Valley 1's road runs
    # to its own N edge; to the SE with rotation 5 that edge faces NW, onto the Borderland.
    b = board(rotated, tile("CV", (1, 0), rotation=5))
    assert Connection("CV1", frozenset({OPEN}), Edge.SE) in b.connections("BL2")
    assert Connection("BL2", frozenset({OPEN}), Edge.NW) in b.connections("CV1")


def test_roadways_come_from_the_face_that_is_up_2_1_1_discoveries_l634() -> None:
    """Deep Woods has a hidden path 3-4 on its enchanted face only (Discoveries list L627-638)."""
    green = board(tile("DW", (0, 0)))
    enchanted = board(tile("DW", (0, 0), enchanted=True))
    assert "DW4" not in green.neighbours("DW3")
    assert Connection("DW4", frozenset({HIDDEN})) in enchanted.connections("DW3")
    assert enchanted.route("DW3", "DW4") == ["DW3", "DW4"]
    assert enchanted.route("DW3", "DW4", frozenset({OPEN})) == ["DW3", "DW1", "DW4"]
    assert green.side("DW") is catalog().tiles["DW"].normal


def test_a_connection_is_usable_only_with_every_type_along_it() -> None:
    """A roadway crossing an edge carries both halves' types (2.1.1c L286; rules/board.py)."""
    joined = Connection("X1", frozenset({HIDDEN, OPEN}), Edge.N)
    assert not joined.usable(frozenset({OPEN}))
    assert joined.usable(frozenset({OPEN, HIDDEN}))
    assert joined.usable(ALL_ROADS)


# --- routes ----------------------------------------------------------------------------------


def test_shortest_routes_by_allowed_roadways_2_1_1c() -> None:
    """Borderland 1 to 4: through the tunnel 6-4, or around by open roads and the secret passage
    5-4; with open roads only there is no way (4's road to the SE edge leads off the map)."""
    b = board(tile("BL", (0, 0)))
    assert b.route("BL1", "BL4") == ["BL1", "BL6", "BL4"]
    assert b.route("BL1", "BL4", frozenset({OPEN, TUNNEL})) == ["BL1", "BL6", "BL4"]
    assert b.route("BL1", "BL4", frozenset({OPEN, SECRET})) == ["BL1", "BL6", "BL3", "BL5", "BL4"]
    assert b.route("BL1", "BL4", frozenset({OPEN})) is None
    assert b.distance("BL1", "BL4", frozenset({OPEN, SECRET})) == 4
    assert b.distance("BL1", "BL4", frozenset({OPEN})) is None
    assert b.route("BL2", "BL2") == ["BL2"]
    assert b.distance("BL2", "BL2") == 0


def test_routes_cross_tiles_and_break_ties_alphabetically() -> None:
    """Roadways connect from tile to tile (2.1.1c L286)."""
    b = board(*SMALL)
    assert b.route("AV5", "DV1") == ["AV5", "AV2", "BL1", "DV4", "DV1"]
    assert b.route("CN2", "BL1") == ["CN2", "DV4", "BL1"]
    assert b.distance("AV1", "BL1") is None


# --- the Borderland and dwellings (3.2.3b.5, 3.6.2, 7.13.2c) --------------------------------------


def test_connection_to_the_borderland_uses_any_roadway_3_2_3b_5_3_6_2() -> None:
    b = board(*SMALL)
    assert b.connected_to_borderland("CN6")  # by tunnels and a secret passage, then an open road
    assert b.connected_to_borderland("AV5")
    assert not b.connected_to_borderland("AV4")
    assert not b.connected_to_borderland("DV5")
    assert not board(tile("CV", (0, 0))).connected_to_borderland("CV1")


def test_dwelling_goes_to_clearing_4_when_5_does_not_reach_the_borderland_3_6_2() -> None:
    """Dark Valley's 2-5 roads lead only off the map; its 1-4 roads meet the Borderland."""
    b = board(*SMALL)
    assert b.dwelling_clearing("DV") == "DV4"
    assert b.dwelling_clearing("AV") == "AV5"
    assert b.dwelling_clearing("AV", (4, 5)) == "AV5"
    assert b.dwelling_clearing("HP") is None
    assert board(tile("DV", (0, 0))).dwelling_clearing("DV") is None


def test_campfire_goes_5_then_4_then_2_on_the_face_that_is_up_7_13_2c() -> None:
    """Linden Woods north of the Borderland, rotation 1: its clearing 2 meets BL1. On the green
    face road 2-4 joins 4 to it; on the enchanted face the road is 4-5 and neither reaches."""
    green = board(tile("BL", (0, 0)), tile("LW", (0, -1), 1))
    enchanted = board(tile("BL", (0, 0)), tile("LW", (0, -1), 1, enchanted=True))
    assert green.dwelling_clearing("LW", (5, 4, 2)) == "LW4"
    assert enchanted.dwelling_clearing("LW", (5, 4, 2)) == "LW2"


# --- geometry ----------------------------------------------------------------------------------


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < 1e-9


def test_hex_geometry_in_map_units() -> None:
    """Flat-topped hexes of circumradius 1, y to the south (rules/board.py; SCENARIOS.md axes)."""
    assert close(hex_center((0, 0)), (0.0, 0.0))
    assert close(hex_center((0, -1)), (0.0, -math.sqrt(3)))
    assert close(hex_center((1, -1)), (1.5, -math.sqrt(3) / 2))
    corners = hex_corners((2, -1))
    assert len(corners) == 6
    assert all(abs(math.dist(c, hex_center((2, -1))) - 1) < 1e-9 for c in corners)
    assert close(corners[0], (hex_center((2, -1))[0] + 1, hex_center((2, -1))[1]))
    assert close(edge_point((0, 0), Edge.N), (0.0, -math.sqrt(3) / 2))
    assert Board.hex_center((3, 0)) == hex_center((3, 0))


def test_clearing_points_turn_with_the_tile() -> None:
    """Borderland 1 lies in the upper half of the upright tile (its road runs to the N edge); a
    tile turned k × 60° clockwise turns its clearings with it about the hex centre."""
    upright = board(tile("BL", (0, 0))).clearing_point("BL1")
    assert upright[1] < 0
    for k in range(6):
        b = board(tile("BL", (2, -1), rotation=k))
        cx, cy = hex_center((2, -1))
        x, y = b.clearing_point("BL1")
        angle = math.radians(60 * k)
        expected = (
            upright[0] * math.cos(angle) - upright[1] * math.sin(angle),
            upright[0] * math.sin(angle) + upright[1] * math.cos(angle),
        )
        assert close((x - cx, y - cy), expected)
    assert board(tile("BL", (0, 0), rotation=3)).clearing_point("BL1")[1] > 0


def test_every_clearing_and_forest_point_lies_in_its_hex() -> None:
    """Clearings (2.1.1b) and the forest where map chits lie (3.5.4 L982) are drawn in the tile."""
    b = board(*(tile(code, (i, 0), i % 6) for i, code in enumerate(catalog().tiles)))
    for cid in b.clearings():
        assert math.dist(b.clearing_point(cid), hex_center(b.tile_of(cid).at)) < 1
    for placed in b.tiles:
        assert math.dist(b.forest_point(placed.tile), hex_center(placed.at)) < 1


def test_equal_layouts_share_one_board_and_a_turned_tile_makes_another() -> None:
    """A board is built once per layout: equal tiles placed anew give the same board; a tile
    turned over (its other face up) or turned round is another layout."""
    data = catalog()
    tiles = [PlacedTile(tile="CV", at=(0, 0)), PlacedTile(tile="BL", at=(0, -1), rotation=2)]
    again = [PlacedTile(tile="CV", at=(0, 0)), PlacedTile(tile="BL", at=(0, -1), rotation=2)]
    board = board_for(data, tiles)
    assert board_for(data, again) is board
    flipped = [tiles[0].model_copy(update={"enchanted": True}), tiles[1]]
    turned = [tiles[0], tiles[1].model_copy(update={"rotation": 3})]
    assert board_for(data, flipped) is not board
    assert board_for(data, flipped).tile_of("CV1").enchanted
    assert board_for(data, turned) is not board
    assert board_for(data, turned) is not board_for(data, flipped)


def test_a_discovered_road_is_said_in_the_reader_s_language_2_6_2e() -> None:
    road = RoadDiscovery.parse("HV (enchanted) hidden path 2-5")
    assert road is not None
    assert english(road.said()) == "HV (enchanted) hidden path 2-5" == str(road)
    assert said_discovery("HOARD 6") == "HOARD 6"
    with speaking(Language.ES):
        assert word(said_discovery("CS (normal) secret passage 2-3")) == (
            "CS (normal) pasaje secreto 2-3"
        )
        assert word(road.said()) == "HV (encantado) sendero oculto 2-5"
