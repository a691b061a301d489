"""Building the map (3.2, L852–891): one placement, whole layouts, random maps, layout files.

Every legality fact asserted here is derived in the test from the tile data and the board (roads
on edges, neighbours, routes to the Borderland), not from the code under test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from rules.board import Board
from rules.catalog import catalog
from rules.dice import Dice, DiceState
from rules.layout import STEPS, PlacedTile, opposite
from rules.schema.tiles import Edge, RoadType
from rules.setup.layout_files import read_layout
from rules.setup.legal_map import LayoutError, check_layout, check_placement, legal_placements
from rules.setup.mapgen import random_map, random_map_with_stats

Hex = tuple[int, int]


def tile(code: str, at: Hex, rotation: int = 0, enchanted: bool = False) -> PlacedTile:
    return PlacedTile(tile=code, at=at, rotation=rotation, enchanted=enchanted)


def seeded(seed: int) -> list[PlacedTile]:
    return random_map(catalog(), Dice(DiceState(seed=seed)))


def road_directions(placed: PlacedTile) -> set[Edge]:
    """The map directions in which ``placed`` has a road running to its edge."""
    side = catalog().tiles[placed.tile].side(placed.enchanted)
    return {placed.facing(edge) for edge in side.edges()}


def around(at: Hex) -> Iterator[Hex]:
    return ((at[0] + dq, at[1] + dr) for dq, dr in STEPS.values())


def touching(layout: Sequence[PlacedTile], at: Hex) -> list[PlacedTile]:
    hexes = {t.at: t for t in layout}
    return [hexes[h] for h in around(at) if h in hexes]


def edges_match(layout: Sequence[PlacedTile]) -> bool:
    """3.2.3b.4, computed from the tile data."""
    hexes = {t.at: t for t in layout}
    for t in layout:
        for d in STEPS:
            other = hexes.get(t.neighbour(d))
            if other is not None and (d in road_directions(t)) != (
                opposite(d) in road_directions(other)
            ):
                return False
    return True


def empty_beside(layout: Sequence[PlacedTile]) -> list[Hex]:
    taken = {t.at for t in layout}
    return sorted({h for t in layout for h in around(t.at) if h not in taken})


def everyone_touches_two(layout: Sequence[PlacedTile]) -> bool:
    return all(len(touching(layout, t.at)) >= 2 for t in layout if t.tile != "BL")


def refusal(layout: Sequence[PlacedTile]) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        check_layout(catalog(), layout)
    return caught.value


# --- the Placing Tiles example (3.2.3b, figure text L865–872) -------------------------------------

#: The map on the table: Borderland, Cavern, Awful Valley, Dark Valley, placed in that order.
TABLE = [
    tile("BL", (0, 0)),
    tile("CN", (-1, 0), 1),
    tile("AV", (-1, 1), 3),
    tile("DV", (0, -1), 5),
]


def refusals(at: Hex) -> set[str | None]:
    """The rule each rotation of the Mountain at ``at`` breaks (None: legal)."""
    rules: set[str | None] = set()
    for rotation in range(6):
        try:
            check_placement(catalog(), TABLE, tile("M", at, rotation))
            rules.add(None)
        except LayoutError as error:
            assert error.tile == "M"
            rules.add(error.rule)
    return rules


def test_the_example_map_was_built_legally_3_2_3b() -> None:
    for count in range(1, len(TABLE)):
        check_placement(catalog(), TABLE[:count], TABLE[count])


def test_placing_tiles_example_l865_872() -> None:
    """The figure of the Placing Tiles example is lost; this is an equivalent situation built
    from the real tile data. The player places the Mountain (road edges N, SE, SW; roadless
    NE, S, NW) onto the map TABLE.

    1. An "X" position, (1, 0), touches only the Borderland: refused by 3.2.3b.3.
    2. Positions 1 and 2, (-1, -1) and (0, 1): in every rotation a roadless edge meets a road
       edge of the Cavern, Dark Valley, Awful Valley or Borderland: refused by 3.2.3b.4.
    3. Position 3, (-2, 1): rotated so that its roadless edge meets the Cavern's roadless edge,
       its only road into the map meets Awful Valley 4, which has no road to the Borderland:
       refused by 3.2.3b.5 (the other rotations by 3.2.3b.4).
    4. Position 4, (1, -1): rotation 0 is legal, and its road from clearing 2 runs into the
       Borderland (clearing 2); it is the only position with a legal rotation.
    """
    assert len(touching(TABLE, (1, 0))) == 1
    assert refusals((1, 0)) == {"3.2.3b.3"}
    for position in ((-1, -1), (0, 1)):
        assert len(touching(TABLE, position)) >= 2
        assert refusals(position) == {"3.2.3b.4"}
    assert refusals((-2, 1)) == {"3.2.3b.4", "3.2.3b.5"}
    with pytest.raises(LayoutError, match="none of its clearings has a roadway route") as b5:
        check_placement(catalog(), TABLE, tile("M", (-2, 1), 0))
    assert b5.value.rule == "3.2.3b.5"
    assert not Board(catalog(), TABLE).connected_to_borderland("AV4")

    check_placement(catalog(), TABLE, tile("M", (1, -1), 0))
    placed = Board(catalog(), [*TABLE, tile("M", (1, -1), 0)])
    assert placed.route("M2", "BL2") == ["M2", "BL2"]
    assert {p.at for p in legal_placements(catalog(), TABLE, "M")} == {(1, -1)}


def test_legal_placements_are_exactly_the_accepted_ones_3_2_3b() -> None:
    legal = legal_placements(catalog(), TABLE, "M")
    assert legal == sorted(legal, key=lambda p: (p.at, p.rotation))
    assert [p.rotation for p in legal] == [0, 2, 4]
    for at in empty_beside(TABLE):
        for rotation in range(6):
            candidate = tile("M", at, rotation)
            try:
                check_placement(catalog(), TABLE, candidate)
                accepted = True
            except LayoutError:
                accepted = False
            assert accepted == (candidate in legal)


def test_second_tile_must_touch_the_borderland_3_2_3b_3() -> None:
    border = [tile("BL", (0, 0))]
    with pytest.raises(LayoutError, match="next to the Borderland") as far:
        check_placement(catalog(), border, tile("CV", (0, -2), 3))
    assert far.value.rule == "3.2.3b.3"
    check_placement(catalog(), border, tile("CV", (0, -1), 3))


def test_high_pass_and_ledges_cannot_be_played_second_3_2_3b_5_l883() -> None:
    """Their turn is skipped: every clearing of a six-clearing tile must reach the Borderland."""
    border = [tile("BL", (0, 0))]
    assert legal_placements(catalog(), border, "HP") == []
    assert legal_placements(catalog(), border, "L") == []
    assert legal_placements(catalog(), border, "CV") != []


def test_the_borderland_comes_first_and_green_side_up_3_2_3_3_2_3b_1() -> None:
    with pytest.raises(LayoutError, match="placed first") as first:
        check_placement(catalog(), [], tile("CV", (0, 0)))
    assert (first.value.tile, first.value.rule) == ("CV", "3.2.3")
    with pytest.raises(LayoutError, match="green side up") as enchanted:
        check_placement(catalog(), TABLE, tile("M", (1, -1), 0, enchanted=True))
    assert enchanted.value.rule == "3.2.3b.1"
    with pytest.raises(LayoutError) as on_top:
        check_placement(catalog(), TABLE, tile("M", (0, -1)))
    assert on_top.value.rule == "3.2.3b.2"


# --- random maps (3.2.2–3.2.3) --------------------------------------------------------------------


def test_random_maps_are_legal_3_2() -> None:
    for seed in range(30):
        layout = seeded(seed)
        check_layout(catalog(), layout)
        assert len(layout) == 20
        assert layout[0] == tile("BL", (0, 0), layout[0].rotation)
        assert not any(t.enchanted for t in layout)
        assert edges_match(layout) and everyone_touches_two(layout)
        board = Board(catalog(), layout)
        for placed in layout:  # 3.2.3b.5 holds on the finished map too
            clearings = [c for c in board.clearings() if board.tile_of(c) == placed]
            reached = [c for c in clearings if board.connected_to_borderland(c)]
            if len(clearings) == 6:
                assert reached == clearings
            else:
                assert reached


def test_same_seed_same_map_different_seeds_different_maps_3_2_2() -> None:
    assert seeded(7) == seeded(7)
    maps = [tuple(seeded(seed)) for seed in range(10)]
    assert len(set(maps)) == len(maps)


def test_random_map_draws_only_from_the_dice() -> None:
    """The deal (3.2.2) and every placement come from the game's dice stream (4.1)."""
    dice = Dice(DiceState(seed=3))
    random_map(catalog(), dice)
    assert dice.state.position > 0
    assert dice.log == []
    resumed = Dice(DiceState(seed=3, position=dice.state.position))
    assert random_map(catalog(), resumed) == random_map(catalog(), dice)


def test_random_maps_that_took_tiles_back_are_legal_3_2_3b_6() -> None:
    """Some deals reach a dead end (tiles left, none placeable); 3.2.3b.6 takes tiles back."""
    for seed in range(300):
        layout, stats = random_map_with_stats(catalog(), Dice(DiceState(seed=seed)))
        assert stats.placements >= 19
        if stats.backtracks or stats.restarts:
            assert stats.placements > 19
            check_layout(catalog(), layout)
            return
    pytest.fail("no random map needed a take-back")


# --- check_layout: accepted ---------------------------------------------------------------------


def test_any_listing_order_of_a_legal_map_is_accepted_3_2_3b() -> None:
    """Only *some* order of placement must obey 3.2.3b.3 and b.5 (the check_layout proof)."""
    layout = seeded(11)
    check_layout(catalog(), list(reversed(layout)))
    check_layout(catalog(), layout[5:] + layout[:5])


def test_partial_maps_skip_the_construction_rules() -> None:
    """SCENARIOS.md: a scenario's tiles need not touch two tiles or reach the Borderland."""
    partial = [tile("HP", (0, 0)), tile("CV", (3, 3), enchanted=True)]
    assert check_layout(catalog(), partial, complete=False).placed("CV") == partial[1]
    with pytest.raises(LayoutError) as overlap:
        check_layout(catalog(), [*partial, tile("DW", (0, 0))], complete=False)
    assert (overlap.value.tile, overlap.value.rule) == ("DW", "3.2.3b.2")
    with pytest.raises(LayoutError) as twice:
        check_layout(catalog(), [*partial, tile("HP", (1, 0))], complete=False)
    assert (twice.value.tile, twice.value.rule) == ("HP", "3.2.2")
    with pytest.raises(LayoutError, match="no such tile") as unknown:
        check_layout(catalog(), [tile("ZZ", (0, 0))], complete=False)
    assert unknown.value.tile == "ZZ"
    with pytest.raises(ValueError, match="less than or equal to 5"):
        tile("CV", (0, 0), 6)


# --- check_layout: refused ----------------------------------------------------------------------


def test_refuses_a_duplicate_tile_3_2_2() -> None:
    layout = seeded(1)
    changed = [tile("CV", t.at, t.rotation) if t.tile == "AV" else t for t in layout]
    error = refusal(changed)
    assert (error.tile, error.rule) == ("CV", "3.2.2")
    assert "placed twice" in str(error)


def test_refuses_a_missing_tile_and_a_missing_borderland_3_2_2_3_2_3() -> None:
    layout = seeded(2)
    error = refusal([t for t in layout if t.tile != "BL"])
    assert (error.tile, error.rule) == ("BL", "3.2.3")
    assert "no Borderland" in str(error)
    error = refusal([t for t in layout if t.tile != "R"])
    assert (error.tile, error.rule) == ("R", "3.2.2")


def test_refuses_overlapping_tiles_3_2_3b_2() -> None:
    layout = seeded(3)
    moved = [tile(t.tile, layout[0].at, t.rotation) if t.tile == "DW" else t for t in layout]
    error = refusal(moved)
    assert (error.tile, error.rule) == ("DW", "3.2.3b.2")
    assert str(error) == "DW at (0, 0): rule 3.2.3b.2: lies on top of BL"


def test_refuses_an_enchanted_tile_3_2_3b_1() -> None:
    layout = [t.model_copy(update={"enchanted": t.tile == "M"}) for t in seeded(4)]
    error = refusal(layout)
    assert (error.tile, error.rule) == ("M", "3.2.3b.1")


def test_refuses_a_tile_touching_only_one_tile_3_2_3b_3() -> None:
    """A tile of a legal map moved to a spot beside a single tile, leaving every other tile
    touching two."""
    for seed in range(20):
        layout = seeded(seed)
        for moving in layout[1:]:
            rest = [t for t in layout if t is not moving]
            for at in empty_beside(rest):
                if at == moving.at or len(touching(rest, at)) != 1:
                    continue
                moved = [*rest, tile(moving.tile, at, moving.rotation)]
                if not everyone_touches_two([t for t in moved if t.tile != moving.tile]):
                    continue
                error = refusal(moved)
                assert (error.tile, error.rule) == (moving.tile, "3.2.3b.3")
                assert f"touches only {touching(rest, at)[0].tile}" in str(error)
                return
    pytest.fail("no such layout found")


def test_refuses_a_road_edge_against_a_roadless_edge_3_2_3b_4() -> None:
    layout = seeded(5)
    for turning in layout[1:]:
        rest = [t for t in layout if t is not turning]
        for rotation in range(6):
            turned = tile(turning.tile, turning.at, rotation)
            if edges_match([*rest, turned]):
                continue
            error = refusal([*rest, turned])
            assert (error.tile, error.rule) == (turning.tile, "3.2.3b.4")
            assert error.at == turning.at
            pattern = (
                rf"^{turning.tile} at \({turning.at[0]}, {turning.at[1]}\): rule 3\.2\.3b\.4: its "
                r"(road edge \w+ meets a roadless|roadless edge \w+ meets a road) edge of \w+$"
            )
            assert re.match(pattern, str(error))
            return
    pytest.fail("no such layout found")


def test_refuses_high_pass_with_clearings_cut_off_from_the_borderland_3_2_3b_5() -> None:
    """High Pass moved so that its tunnel 3-6 (roads to its NE and NW edges) leads only off the
    map, while its mountain clearings reach the Borderland: legal by 3.2.3b.3 and b.4, but a
    six-clearing tile must connect entirely (3.2.3b.5, L881)."""
    for seed in range(40):
        layout = seeded(seed)
        border, high_pass = layout[0], next(t for t in layout if t.tile == "HP")
        rest = [t for t in layout[1:] if t is not high_pass]
        for at in empty_beside([border, *rest]):
            for rotation in range(6):
                moved = [border, tile("HP", at, rotation), *rest]
                if not (everyone_touches_two(moved) and edges_match(moved)):
                    continue
                board = Board(catalog(), moved)
                if board.connected_to_borderland("HP3") or not board.connected_to_borderland("HP1"):
                    continue
                error = refusal(moved)
                assert (error.tile, error.rule) == ("HP", "3.2.3b.5")
                assert "clearings 3, 6 have no roadway route to the Borderland" in str(error)
                return
    pytest.fail("no such layout found")


# --- layout files (SCENARIOS.md) ----------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "layout.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_read_layout(tmp_path: Path) -> None:
    """SCENARIOS.md placed tiles; side: normal or enchanted (2.1.1)."""
    path = write(
        tmp_path,
        "tiles:\n"
        "  - {tile: DW, at: [0, 0], rotation: 0}\n"
        "  - {tile: BV, at: [0, -1], rotation: 3, side: enchanted}\n"
        "  - {tile: L, at: [1, -1]}\n",
    )
    assert read_layout(path) == [
        tile("DW", (0, 0)),
        tile("BV", (0, -1), 3, enchanted=True),
        tile("L", (1, -1)),
    ]


def test_read_layout_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="cannot be read") as error:
        read_layout(tmp_path / "nowhere.yaml")
    assert error.value.tile is None and error.value.rule is None


def test_read_layout_refuses_bad_yaml(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match=r"not valid YAML: .*\(line \d+, column \d+\)$") as error:
        read_layout(write(tmp_path, "tiles:\n  - {tile: DW, at: [0, 0\n"))
    assert "\n" not in str(error.value)


def test_read_layout_refuses_unknown_keys(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="unknown key 'seed'"):
        read_layout(write(tmp_path, "tiles: []\nseed: 3\n"))
    with pytest.raises(LayoutError, match=r"tiles\[0\] \(DW\): unknown key 'rotate'") as error:
        read_layout(write(tmp_path, "tiles:\n  - {tile: DW, at: [0, 0], rotate: 1}\n"))
    assert error.value.tile == "DW"


def test_read_layout_refuses_bad_values(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match=r"tiles\[1\] \(CV\): 'rotation' .* 0\.\.5, not 7$"):
        read_layout(
            write(
                tmp_path,
                "tiles:\n  - {tile: BL, at: [0, 0]}\n  - {tile: CV, at: [0, 1], rotation: 7}\n",
            )
        )
    with pytest.raises(LayoutError, match="'at' must be two whole numbers"):
        read_layout(write(tmp_path, "tiles:\n  - {tile: BL, at: [0]}\n"))
    with pytest.raises(LayoutError, match="'side' must be normal or enchanted"):
        read_layout(write(tmp_path, "tiles:\n  - {tile: BL, at: [0, 0], side: green}\n"))


def test_roads_of_the_tiles_reach_edges_as_open_roads() -> None:
    """The data assumption behind the board's cross-edge road types (rules/board.py)."""
    for t in catalog().tiles.values():
        for side in (t.normal, t.enchanted):
            assert all(r.type is RoadType.OPEN for r in side.roads if r.edge is not None)
