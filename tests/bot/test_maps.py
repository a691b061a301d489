"""The map image: it decodes, has a sensible size, puts things where the geometry says, and shows
hidden paths and secret passages only to those who know them."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from bot.maps import MapLayout, pixel_of, render, render_map
from bot.maps.badges import Pieces
from bot.maps.layout import ZOOM, boxes_meet
from bot.maps.palette import to_palette
from bot.maps.render import lay_tiles, tile_sprite
from bot.maps.style import (
    CLEARING_FILL,
    HIDDEN_CHARACTER,
    HIDDEN_PATH,
    SECRET_PASSAGE,
    hex_fill,
    pure_colours,
)
from rules.board import edge_point, hex_center, tile_point
from rules.catalog import catalog
from rules.dice import DiceState
from rules.layout import DIRECTIONS, PlacedTile
from rules.schema.tiles import ClearingType, Road, RoadType, TileType
from rules.setup.game import new_game
from rules.state import CharacterState, ChitState, GameState
from rules.view import MODERATOR, PUBLIC, View, view_for

#: 20 hexes in a compact blob, as a full map might lie (legality does not matter for drawing).
SPOTS = [
    (0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -2), (1, -2), (2, -2),
    (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1), (-2, 0), (-1, -1), (3, -1),
]  # fmt: skip

#: The Ruins' normal face has one hidden path, 1-5; the Borderland one secret passage, 4-5.
RUINS_PATH = "R (normal) hidden path 1-5"


def character(
    name: str, *, hidden: bool = True, discoveries: list[str] | None = None
) -> CharacterState:
    return CharacterState(
        name=name,
        start="Inn",
        hidden=hidden,
        chits=[ChitState(label="MOVE M4*")],
        discoveries=discoveries or [],
    )


def state(
    tiles: list[PlacedTile],
    stacks: dict[str, list[str]] | None = None,
    characters: list[CharacterState] | None = None,
) -> GameState:
    return GameState(
        dice=DiceState(seed=1),
        day=3,
        tiles=tiles,
        stacks=stacks or {},
        characters={c.name: c for c in characters or []},
    )


def full_map() -> list[PlacedTile]:
    return [
        PlacedTile(tile=code, at=at, rotation=i % 6, enchanted=i % 7 == 3)
        for i, (code, at) in enumerate(zip(catalog().tiles, SPOTS, strict=True))
    ]


def two_tiles() -> list[PlacedTile]:
    """The Borderland and, south-east of it and turned twice, the Ruins."""
    return [
        PlacedTile(tile="BL", at=(0, 0)),
        PlacedTile(tile="R", at=(1, 0), rotation=2),
    ]


def image(view: View) -> Image.Image:
    picture = Image.open(io.BytesIO(render_map(catalog(), view)))
    picture.load()
    return picture.convert("RGB")


def at(picture: Image.Image, point: tuple[float, float]) -> tuple[int, int, int]:
    pixel = picture.getpixel((math.floor(point[0]), math.floor(point[1])))
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def road(code: str, road_type: RoadType) -> Road:
    side = catalog().tiles[code].normal
    return next(r for r in side.roads if r.type is road_type)


def middle_of(layout: MapLayout, code: str, a_road: Road) -> tuple[float, float]:
    a, b = layout.road_ends(code, a_road)
    return layout.pixel(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))


# --- geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rotation", range(6))
def test_a_road_to_an_edge_ends_mid_side_of_the_hex_it_faces(rotation: int) -> None:
    placed = PlacedTile(tile="BL", at=(1, -1), rotation=rotation)
    game = state([placed])
    layout = MapLayout(catalog(), view_for(catalog(), game, PUBLIC))
    for edge_road in (r for r in catalog().tiles["BL"].normal.roads if r.edge is not None):
        assert edge_road.edge is not None
        _, end = layout.road_ends("BL", edge_road)
        direction = placed.facing(edge_road.edge)
        assert end == pytest.approx(edge_point(placed.at, direction))
        # ... which is halfway to the centre of the neighbouring hex that way.
        here, there = hex_center(placed.at), hex_center(placed.neighbour(direction))
        assert end == pytest.approx(((here[0] + there[0]) / 2, (here[1] + there[1]) / 2))


@pytest.mark.parametrize("rotation", range(6))
def test_the_tile_picture_turns_with_the_tile(rotation: int) -> None:
    """A point drawn at the middle of the upright tile's edge E lands mid-side of facing(E)."""
    mid_side = {
        "N": (50, 0), "NE": (87.5, 25), "SE": (87.5, 75),
        "S": (50, 100), "SW": (12.5, 75), "NW": (12.5, 25),
    }  # fmt: skip
    placed = PlacedTile(tile="CV", at=(-2, 1), rotation=rotation)
    for edge in DIRECTIONS:
        point = tile_point(placed, mid_side[edge])
        assert point == pytest.approx(edge_point(placed.at, placed.facing(edge)))


def test_north_is_up_on_the_image() -> None:
    game = state([PlacedTile(tile="BL", at=(0, 0)), PlacedTile(tile="CV", at=(0, -1))])
    layout = MapLayout(catalog(), view_for(catalog(), game, PUBLIC))
    bl = layout.pixel(hex_center((0, 0)))
    cv = layout.pixel(hex_center((0, -1)))
    assert cv[0] == pytest.approx(bl[0])
    assert cv[1] < bl[1]


# --- the picture ------------------------------------------------------------------------------


def test_a_full_map_is_a_png_of_a_sensible_size() -> None:
    """Its render time is measured by ``make bench``, not asserted here."""
    game = state(full_map(), {"at:BL1": ["Amazon", "Inn"]}, [character("Amazon")])
    view = view_for(catalog(), game, MODERATOR)
    png = render_map(catalog(), view)
    assert png.startswith(b"\x89PNG")
    picture = Image.open(io.BytesIO(png))
    picture.load()
    assert picture.format == "PNG"
    width, height = picture.size
    assert 1500 <= width <= 2400
    assert 1200 <= height <= 2600
    assert (width, height) == MapLayout(catalog(), view).size


def test_a_partial_map_of_two_tiles_is_drawn_smaller() -> None:
    view = view_for(catalog(), state(two_tiles()), PUBLIC)
    picture = image(view)
    width, height = picture.size
    assert 700 <= width < 1500
    assert 400 <= height < 1200
    assert at(picture, MapLayout(catalog(), view).pixel(hex_center((1, 0)))) != (0, 0, 0)


def test_a_map_without_tiles_still_renders() -> None:
    picture = image(view_for(catalog(), state([]), PUBLIC))
    assert picture.size[0] > 0


def test_the_scale_sets_the_size() -> None:
    view = view_for(catalog(), state(full_map()), PUBLIC)
    small = Image.open(io.BytesIO(render_map(catalog(), view, scale=80)))
    large = Image.open(io.BytesIO(render_map(catalog(), view)))
    assert small.size[0] < large.size[0] * 0.6
    with pytest.raises(ValueError):
        render_map(catalog(), view, scale=0)


@pytest.mark.parametrize(
    ("cid", "kind"),
    [("BL1", ClearingType.WOODS), ("BL4", ClearingType.CAVE), ("R6", ClearingType.CAVE)],
)
def test_a_clearing_is_shaded_by_its_type(cid: str, kind: ClearingType) -> None:
    view = view_for(catalog(), state(two_tiles()), PUBLIC)
    picture = image(view)
    x, y = pixel_of(catalog(), view, cid)
    radius = MapLayout(catalog(), view).clearing_radius
    # Just below the numeral, inside the circle.
    assert at(picture, (x, y + 0.7 * radius)) == CLEARING_FILL[kind]
    # ... and well outside it, the tile's own colour.
    assert at(picture, (x, y + 1.6 * radius)) != CLEARING_FILL[kind]


def test_a_mountain_clearing_is_shaded_as_such() -> None:
    game = state([PlacedTile(tile="CL", at=(0, 0), rotation=4)])
    view = view_for(catalog(), game, PUBLIC)
    side = catalog().tiles["CL"].normal
    number = next(c.number for c in side.clearings if c.type is ClearingType.MOUNTAIN)
    x, y = pixel_of(catalog(), view, f"CL{number}")
    radius = MapLayout(catalog(), view).clearing_radius
    assert at(image(view), (x, y + 0.7 * radius)) == CLEARING_FILL[ClearingType.MOUNTAIN]


def test_hidden_paths_and_secret_passages_are_drawn_only_for_those_who_know_them() -> None:
    game = state(
        two_tiles(),
        characters=[character("Amazon", discoveries=[RUINS_PATH]), character("Black Knight")],
    )
    views = {
        who: view_for(catalog(), game, who) for who in (PUBLIC, MODERATOR, "Amazon", "Black Knight")
    }
    pictures = {who: image(view) for who, view in views.items()}
    layout = MapLayout(catalog(), views[PUBLIC])
    path = middle_of(layout, "R", road("R", RoadType.HIDDEN))
    passage = middle_of(layout, "BL", road("BL", RoadType.SECRET))
    caves = hex_fill(TileType.CAVES, False)

    assert at(pictures[MODERATOR], path) == HIDDEN_PATH
    assert at(pictures[MODERATOR], passage) == SECRET_PASSAGE
    assert at(pictures["Amazon"], path) == HIDDEN_PATH
    # (the Borderland's tunnel 4-6 runs close by the middle of its passage 4-5)
    assert at(pictures["Amazon"], passage) != SECRET_PASSAGE
    for who in (PUBLIC, "Black Knight"):
        assert at(pictures[who], path) == caves
        assert at(pictures[who], passage) != SECRET_PASSAGE
        map_area = pictures[who].crop((0, layout.top, layout.size[0], layout.legend_top))
        colours = {colour for _, colour in map_area.getcolors(maxcolors=1 << 20) or []}
        assert HIDDEN_PATH not in colours
        assert SECRET_PASSAGE not in colours


def test_the_public_and_moderator_maps_differ_only_where_the_secret_roads_run() -> None:
    game = state(two_tiles(), {"at:BL1": ["Amazon"]}, [character("Amazon")])
    public = view_for(catalog(), game, PUBLIC)
    moderator = view_for(catalog(), game, MODERATOR)
    layout = MapLayout(catalog(), public)
    top, bottom = layout.top, layout.legend_top  # below the title, above the legend
    width = layout.size[0]
    diff = ImageChops.difference(
        image(public).crop((0, top, width, bottom)), image(moderator).crop((0, top, width, bottom))
    )
    changed = diff.getbbox()
    assert changed is not None
    roads = [("R", road("R", RoadType.HIDDEN)), ("BL", road("BL", RoadType.SECRET))]
    ends = [layout.pixel(p) for code, r in roads for p in layout.road_ends(code, r)]
    slack = 8
    left = min(x for x, _ in ends) - slack
    right = max(x for x, _ in ends) + slack
    upper = min(y for _, y in ends) - top - slack
    lower = max(y for _, y in ends) - top + slack
    assert left <= changed[0] and changed[2] <= right
    assert upper <= changed[1] and changed[3] <= lower


def test_a_hidden_character_is_drawn_green_side_up() -> None:
    def green_pixels(hidden: bool) -> int:
        game = state(two_tiles(), {"at:BL1": ["Amazon"]}, [character("Amazon", hidden=hidden)])
        view = view_for(catalog(), game, PUBLIC)
        layout = MapLayout(catalog(), view)
        picture = image(view).crop((0, layout.top, layout.size[0], layout.legend_top))
        colours = picture.getcolors(maxcolors=1 << 20) or []
        return sum(n for n, colour in colours if colour == HIDDEN_CHARACTER)

    assert green_pixels(hidden=True) > 100
    assert green_pixels(hidden=False) == 0


def test_pieces_and_chits_do_not_break_the_picture() -> None:
    stacks = {
        "at:BL1": ["Amazon", "Black Knight", "Inn"],
        "at:BL5": ["Giant 1", "Giant 2", "Ghost 1", "Company HQ", "Company 1", "Company 2"],
        "at:R5": ["HOARD 6", "Heavy Dragon", "Crone / Raid", "Spear 1", "Lancers 1 Horse"],
        "tile:R": ["BONES C", "LOST CITY"],
    }
    game = state(
        two_tiles(), stacks, [character("Amazon"), character("Black Knight", hidden=False)]
    )
    for who in (PUBLIC, MODERATOR, "Amazon"):
        assert image(view_for(catalog(), game, who)).size[0] > 0


# --- drawn once, kept, in 256 colours ---------------------------------------------------------


def test_every_colour_of_the_style_stays_exact_in_the_palette() -> None:
    colours = pure_colours()
    strip = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        strip.putpixel((x, 0), colour)
    mapped = to_palette(catalog(), strip).convert("RGB")
    assert [mapped.getpixel((x, 0)) for x in range(len(colours))] == colours


def test_the_map_is_a_palette_png() -> None:
    view = view_for(catalog(), state(full_map()), PUBLIC)
    picture = Image.open(io.BytesIO(render_map(catalog(), view)))
    assert picture.mode == "P"


def test_kept_tiles_draw_the_same_picture_as_new_ones_and_are_not_drawn_again() -> None:
    game = state(full_map(), {"at:BL1": ["Amazon", "Inn"]}, [character("Amazon")])
    view = view_for(catalog(), game, MODERATOR)
    tile_sprite.cache_clear()
    fresh = render_map(catalog(), view)
    drawn = tile_sprite.cache_info().misses
    assert drawn == len(full_map())
    again = render_map(catalog(), view)
    assert tile_sprite.cache_info().misses == drawn, "no tile is drawn twice"
    assert again == fresh


def test_the_pieces_keep_clear_of_the_tile_names() -> None:
    """Pieces beside a clearing are put on the side away from the tile's name when one is free:
    in a new game of all characters, no stack of pieces covers a tile's name."""
    data = catalog()
    view = view_for(data, new_game(data, 1, list(data.characters)), MODERATOR)
    layout = MapLayout(data, view, zoom=ZOOM)
    labels = lay_tiles(data, view, layout, Image.new("P", layout.size))
    assert len(labels) == len(layout.tiles)
    stacks = Pieces(data, view, layout).place(labels)
    assert stacks
    covered = [box for _, box, _ in stacks if any(boxes_meet(box, label) for label in labels)]
    assert covered == []


def test_a_patch_drawn_before_is_taken_again_and_the_picture_is_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same pieces on the same ground are drawn once: a map drawn again draws no patch, and
    the public map after the moderator's draws only what differs, the same picture as drawn
    alone."""
    data = catalog()
    game = new_game(data, 1, list(data.characters))
    public, moderator = view_for(data, game, PUBLIC), view_for(data, game, MODERATOR)
    monkeypatch.setattr(render, "patches", render.Patches())
    alone = render_map(data, public)
    drawn_alone = render.patches.drawn
    monkeypatch.setattr(render, "patches", render.Patches())
    render_map(data, moderator)
    drawn = render.patches.drawn
    assert render_map(data, moderator) == render_map(data, moderator)
    assert render.patches.drawn == drawn, "nothing drawn again"
    assert render_map(data, public) == alone
    assert 0 < render.patches.drawn - drawn < drawn_alone
