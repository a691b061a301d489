"""Where the map is drawn: the image's size, its title band, its legend, and the pixel of
every point of the map.

Geometry, in *map units*: flat-topped hexes of circumradius 1, the hex at axial ``(q, r)``
centred at ``x = 1.5·q``, ``y = √3·(r + q/2)`` (y grows downwards, N is up), so the neighbours of
:mod:`rules.layout` lie N, NE, SE, S, SW and NW. A tile's drawing positions (percent of the
upright tile, origin top left) map onto the hex's bounding box (width 2, height √3) and are then
turned ``rotation × 60°`` clockwise about the hex centre; a road leaving by the tile's own edge
``E`` ends at the midpoint of the hex side facing ``placed.facing(E)``. That geometry is
:mod:`rules.board`'s; :class:`MapLayout` turns its map units into pixels of the image, and tests
and callers use it to find where things are drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.i18n import pgettext
from bot.maps.style import font
from bot.render import render
from rules import (
    MODERATOR,
    PUBLIC,
    Catalog,
    PlacedTile,
    Road,
    RoadDiscovery,
    RoadType,
    TileSide,
    View,
    board_for,
    clearing_id,
    edge_point,
    hex_corners,
    known_roads,
)

Point = tuple[float, float]
#: A rectangle in pixels: left, top, right, bottom.
Box = tuple[float, float, float, float]

SQRT3 = math.sqrt(3)

#: Pixels per map unit (a hex's circumradius): a full 20-tile map is 1400–2200 px on each side.
DEFAULT_SCALE = 160.0
#: Space around the hexes, in map units (room for the pieces drawn beside edge clearings).
MARGIN = 0.45
#: A clearing's radius, in map units.
CLEARING_RADIUS = 0.11
#: Title band height and narrowest image, in pixels at the default scale.
TITLE_HEIGHT = 46
MIN_WIDTH = 760
#: The picture is drawn this many times larger, then reduced (antialiasing).
ZOOM = 2
#: At most this many badges beside one clearing; the rest are counted in a last one.
MAX_BADGES = 7

#: The legend: a row's height, its font, an icon's width, in pixels at the default scale.
LEGEND_ROW = 24
LEGEND_FONT = 12
ICON_WIDTH = 34


def legend_entries() -> tuple[tuple[str, str], ...]:
    """The legend's entries: (icon, text), in order, the text in the language spoken."""
    return (
        ("road open", pgettext("map legend", "road")),
        ("road tunnel", pgettext("map legend", "tunnel")),
        ("road hidden", pgettext("map legend", "hidden path (when known)")),
        ("road secret", pgettext("map legend", "secret passage (when known)")),
        ("clearing woods", pgettext("map legend", "woods clearing")),
        ("clearing mountain", pgettext("map legend", "mountain clearing")),
        ("clearing cave", pgettext("map legend", "cave clearing")),
        ("enchanted", pgettext("map legend", "enchanted tile")),
        ("character", pgettext("map legend", "character")),
        ("hidden", pgettext("map legend", "hidden character")),
        ("monster", pgettext("map legend", "monster (light / dark side)")),
        ("native", pgettext("map legend", "natives (light / dark side)")),
        ("dwelling", pgettext("map legend", "dwelling")),
        ("chit", pgettext("map legend", "map chit")),
        ("face down", pgettext("map legend", "face-down pieces")),
    )


def box_near(box: Box, point: Point, distance: float) -> bool:
    """Whether ``point`` lies within ``distance`` of the rectangle ``box``."""
    x = min(max(point[0], box[0]), box[2])
    y = min(max(point[1], box[1]), box[3])
    return math.dist((x, y), point) < distance


def boxes_meet(a: Box, b: Box) -> bool:
    """Whether the rectangles ``a`` and ``b`` overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def legend_rows(width: float, k: float) -> list[list[tuple[str, str, float]]]:
    """The legend laid out in rows across ``width`` pixels at ``k`` times the default scale:
    (icon, text, x) entries, in the language spoken."""
    face = font(round(LEGEND_FONT * k))
    rows: list[list[tuple[str, str, float]]] = [[]]
    left = 16 * k
    x = left
    for icon, text in legend_entries():
        w = (ICON_WIDTH + 6 + 18) * k + face.getlength(text) * 1.05
        if rows[-1] and x + w > width - left:
            rows.append([])
            x = left
        rows[-1].append((icon, text, x))
        x += w
    return rows


def colour_entries(view: View) -> list[str]:
    """The legend's entries of colour magic (4.6.2), as ``map_colours.txt.j2`` words them: a
    heading, then the colours of each source the viewer knows of (``view.colors``) and the
    places it supplies them (an enchanted tile's clearings of the same colours in one entry);
    none when no colour is supplied anywhere."""
    by_place: dict[tuple[str, str | None], list[str]] = {}
    for found in view.colors:
        colours = by_place.setdefault((found.source, found.where), [])
        if found.color not in colours:
            colours.append(found.color)
    by_colours: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for (source, where), colours in by_place.items():
        places = by_colours.setdefault((source, tuple(colours)), [])
        if where is not None:
            places.append(where)
    groups = [
        {"source": source, "colors": colours, "places": places}
        for (source, colours), places in by_colours.items()
    ]
    return render("messages/map_colours.txt.j2", groups=groups).splitlines()


def colour_rows(entries: Sequence[str], width: float, k: float) -> list[list[tuple[str, float]]]:
    """``entries`` laid out in rows across ``width`` pixels at ``k`` times the default scale, as
    the legend's: (text, x) entries."""
    face = font(round(LEGEND_FONT * k))
    left = 16 * k
    rows: list[list[tuple[str, float]]] = []
    x = left
    for text in entries:
        w = 18 * k + face.getlength(text) * 1.05
        if not rows or (rows[-1] and x + w > width - left):
            rows.append([])
            x = left
        rows[-1].append((text, x))
        x += w
    return rows


class MapLayout:
    """Where one view's map is drawn on an image at ``scale`` pixels per map unit.

    ``size`` is the image size in pixels; :meth:`pixel` turns a map point into image pixels.
    ``zoom`` multiplies every pixel coordinate (the renderer draws at ``ZOOM`` and reduces).
    """

    def __init__(
        self, catalog: Catalog, view: View, *, scale: float = DEFAULT_SCALE, zoom: int = 1
    ) -> None:
        if scale <= 0:
            raise ValueError(f"scale must be positive, not {scale}")
        self.catalog = catalog
        self.view = view
        self.scale = scale
        self.zoom = zoom
        self.board = board_for(
            catalog,
            [
                PlacedTile(tile=t.code, at=t.at, rotation=t.rotation, enchanted=t.enchanted)
                for t in view.tiles
            ],
        )
        self.tiles = {placed.tile: placed for placed in self.board.tiles}
        #: One UI length unit (badge sizes, line widths, fonts) in drawing pixels.
        self.unit = scale / DEFAULT_SCALE * zoom
        corners = [c for t in self.tiles.values() for c in hex_corners(t.at)] or [(-1, -1), (1, 1)]
        min_x = min(x for x, _ in corners)
        max_x = max(x for x, _ in corners)
        min_y = min(y for _, y in corners)
        max_y = max(y for _, y in corners)
        k = scale / DEFAULT_SCALE
        self.top = round(TITLE_HEIGHT * k)
        margin = MARGIN * scale
        map_width = (max_x - min_x) * scale + 2 * margin
        width = max(math.ceil(map_width), math.ceil(MIN_WIDTH * k))
        self.legend_rows = legend_rows(width, k)
        #: The legend's rows of colour magic, below its icons (:func:`colour_entries`).
        self.colour_rows = colour_rows(colour_entries(view), width, k)
        self.legend_top = self.top + math.ceil((max_y - min_y) * scale + 2 * margin)
        rows = len(self.legend_rows) + len(self.colour_rows)
        height = self.legend_top + round(LEGEND_ROW * k) * rows + round(10 * k)
        self.size = (width, height)
        self.origin = (
            min_x - (margin + (width - map_width) / 2) / scale,
            min_y - (self.top + margin) / scale,
        )

    # map units → pixels

    def pixel(self, point: Point) -> Point:
        """The pixel (times ``zoom``) where map ``point`` is drawn."""
        f = self.scale * self.zoom
        return ((point[0] - self.origin[0]) * f, (point[1] - self.origin[1]) * f)

    def length(self, map_units: float) -> float:
        return map_units * self.scale * self.zoom

    @property
    def clearing_radius(self) -> float:
        """A clearing circle's radius in pixels (times ``zoom``)."""
        return self.length(CLEARING_RADIUS)

    # where things are, in map units

    def side(self, code: str) -> TileSide:
        """The face of tile ``code`` that is up."""
        return self.board.side(code)

    def clearing_point(self, cid: str) -> Point:
        """The centre of clearing ``cid`` (``"BL1"``) on the face that is up."""
        return self.board.clearing_point(cid)

    def forest_point(self, code: str) -> Point:
        """Where the chits lying in tile ``code``'s forest are drawn."""
        return self.board.forest_point(code)

    def road_ends(self, code: str, road: Road) -> tuple[Point, Point]:
        """Both ends of a road of tile ``code``; a road to an edge ends mid-side of the hex that
        the tile's edge faces once turned."""
        placed = self.tiles[code]
        start = self.clearing_point(clearing_id(code, road.a))
        if road.edge is not None:
            return start, edge_point(placed.at, placed.facing(road.edge))
        return start, self.clearing_point(clearing_id(code, int(road.b)))

    def clearing_pixel(self, cid: str) -> Point:
        """The pixel (times ``zoom``) at the centre of clearing ``cid``."""
        return self.pixel(self.clearing_point(cid))


def pixel_of(catalog: Catalog, view: View, cid: str, *, scale: float = DEFAULT_SCALE) -> Point:
    """The pixel of :func:`render_map`'s image at the centre of clearing ``cid``."""
    return MapLayout(catalog, view, scale=scale).clearing_pixel(cid)


def visible_roads(view: View) -> frozenset[RoadDiscovery] | None:
    """The hidden paths and secret passages ``view``'s viewer knows; None when he knows all."""
    if view.viewer == MODERATOR:
        return None
    if view.viewer == PUBLIC:
        return frozenset()
    for character in view.characters:
        if character.name == view.viewer and character.discoveries is not None:
            return known_roads(character.discoveries)
    return frozenset()


def road_shown(
    known: frozenset[RoadDiscovery] | None, code: str, enchanted: bool, road: Road
) -> bool:
    """Whether ``road`` of tile ``code`` is drawn for a viewer who knows ``known``."""
    if road.type in (RoadType.OPEN, RoadType.TUNNEL) or known is None:
        return True
    return any(d.matches(code, enchanted, road) for d in known)
