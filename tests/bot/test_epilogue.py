"""The month's epilogue (issue 17): each character's route, kills and deaths read from the public
events, and the route maps drawn over the public map."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.epilogue import _draw_routes, carried_out, lives, route_map, route_maps, starts
from bot.maps import DEFAULT_SCALE, MapLayout, render_image
from bot.maps.palette import to_palette
from bot.maps.style import ROUTE_COLOURS
from rules.catalog import catalog
from rules.events import Event
from rules.events.daylight import Moved
from rules.events.end import Restarted
from rules.events.evening import Killed
from rules.events.search import Looked, Teleported
from rules.state import ItemState, Place
from rules.view import PUBLIC, view_for
from tests.rules.games import fresh


def test_a_route_follows_the_public_moves_from_the_start():
    days: list[tuple[int, list[Event]]] = [
        (1, [Moved(who="Amazon", from_="AV5", to="AV2")]),
        (
            2,
            [
                Moved(who="Amazon", from_="AV2", to="AV2"),
                Moved(who="Elf", from_="AV5", to="MW5"),
                Teleported(who="Amazon", from_="AV2", to="BL6"),
                Looked(recipients=("Amazon",), who="Amazon", tile="BL", chits=()),
            ],
        ),
    ]
    found = lives({"Amazon": "AV5", "Elf": "AV5"}, days)
    assert found["Amazon"].route == ["AV5", "AV2", "BL6"]
    assert found["Elf"].route == ["AV5", "MW5"]


def test_kills_and_deaths_are_told_with_their_day_and_shared_kills_count_for_each():
    days: list[tuple[int, list[Event]]] = [
        (3, [Killed(who="Wolf 1", by="Amazon", at="AV2")]),
        (5, [Killed(who="Giant 1", by=("Amazon", "Elf"), at="AV2", round=2)]),
        (6, [Killed(who="Elf", by="Giant 2", at="MW5", round=1)]),
    ]
    found = lives({"Amazon": "AV5", "Elf": "AV5"}, days)
    assert found["Amazon"].kills == ["the Wolf 1 (day 3)", "the Giant 1 (day 5)"]
    assert found["Elf"].kills == ["the Giant 1 (day 5)"]
    assert found["Elf"].deaths == ["day 6, by Giant 2"]
    assert found["Amazon"].deaths == []


def test_the_treasures_carried_out_are_the_treasures_he_owns():
    state = fresh(7, ("Amazon",)).model_copy(deep=True)
    state.put("Lucky Charm", Place.owner("Amazon"))
    state.characters["Amazon"].items["Lucky Charm"] = ItemState(active=False)
    assert carried_out(catalog(), state, "Amazon") == ["Lucky Charm"]


def test_a_route_is_drawn_in_its_colour_from_clearing_to_clearing():
    state = fresh(7, ("Amazon", "Elf"))
    here = starts(state)
    assert here == {"Amazon": "AV5", "Elf": "AV5"}
    png = route_map(catalog(), state, {"Amazon": ["AV5", "AV2"]}, scale=40)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    layout = MapLayout(catalog(), view_for(catalog(), state, PUBLIC), scale=40)
    (ax, ay), (bx, by) = layout.clearing_pixel("AV5"), layout.clearing_pixel("AV2")
    middle = (round((ax + bx) / 2), round((ay + by) / 2))
    assert image.getpixel(middle) == ROUTE_COLOURS[0], "the line runs between the two clearings"
    assert image.getpixel((round(bx), round(by))) == ROUTE_COLOURS[0], "a dot at the end"


def test_a_fresh_start_begins_a_new_route_where_he_starts():
    days: list[tuple[int, list[Event]]] = [
        (1, [Killed(who="Amazon", by="Wolf 1", at="AV5", round=1)]),
        (2, [Restarted(who="Black Knight", old="Amazon", at="AV5")]),
        (3, [Moved(who="Black Knight", from_="AV5", to="AV2")]),
    ]
    found = lives({"Amazon": "AV5"}, days)
    assert found["Black Knight"].route == ["AV5", "AV2"]
    assert found["Amazon"].route == ["AV5"] and found["Amazon"].deaths == ["day 1, by Wolf 1"]


def test_routes_along_the_same_roads_are_drawn_side_by_side():
    state = fresh(7, ("Amazon", "Elf"))
    png = route_map(catalog(), state, {"Amazon": ["AV5", "AV2"], "Elf": ["AV5", "AV2"]}, scale=40)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    layout = MapLayout(catalog(), view_for(catalog(), state, PUBLIC), scale=40)
    (ax, ay), (bx, by) = layout.clearing_pixel("AV5"), layout.clearing_pixel("AV2")
    mx, my = (ax + bx) / 2, (ay + by) / 2
    near = {image.getpixel((round(mx + d), round(my + d))) for d in range(-6, 7)}
    both = ROUTE_COLOURS[0] in near and ROUTE_COLOURS[1] in near
    assert both, "both routes show between the clearings"


def test_route_maps_drawn_on_the_palette_are_those_drawn_in_colour_then_mapped() -> None:
    """The routes drawn straight onto the map's palette picture give, pixel for pixel, what
    drawing them in colour on the map and mapping it onto the palette gives."""
    data = catalog()
    state = fresh(7, ("Amazon", "Elf", "Dwarf"))
    maps = [
        {"Amazon": ["AV5", "AV2", "AV4"], "Elf": ["AV5", "AV2"], "Dwarf": ["AV5"]},
        {"Elf": ["AV5", "AV2", "AV4", "AV2"]},
    ]
    view = view_for(data, state, PUBLIC)
    layout = MapLayout(data, view, scale=40)
    for routes, png in zip(maps, route_maps(data, state, maps, scale=40), strict=True):
        expected = render_image(data, view, scale=40).convert("RGB")
        width = max(2, round(4 * 40 / DEFAULT_SCALE))
        _draw_routes(ImageDraw.Draw(expected), layout, routes, width, ROUTE_COLOURS)
        expected = to_palette(data, expected).convert("RGB")
        assert Image.open(io.BytesIO(png)).convert("RGB").tobytes() == expected.tobytes()
