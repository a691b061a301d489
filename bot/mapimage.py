"""The map image: a PNG of the game map as one viewer sees it, for a player's forum post.

:func:`render_map` draws from a :class:`~rules.view.View` and the catalog's public tile data only,
never from a game state: whatever the view leaves out (face-down chits, undiscovered hidden paths
and secret passages) cannot reach the picture. Hidden paths and secret passages are drawn for the
moderator, for a character who lists them among his discoveries, and never for the public.

Geometry, in *map units*: flat-topped hexes of circumradius 1, the hex at axial ``(q, r)``
centred at ``x = 1.5·q``, ``y = √3·(r + q/2)`` (y grows downwards, N is up), so the neighbours of
:mod:`rules.layout` lie N, NE, SE, S, SW and NW. A tile's drawing positions (percent of the
upright tile, origin top left) map onto the hex's bounding box (width 2, height √3) and are then
turned ``rotation × 60°`` clockwise about the hex centre; a road leaving by the tile's own edge
``E`` ends at the midpoint of the hex side facing ``placed.facing(E)``. That geometry is
:mod:`rules.board`'s; :class:`MapLayout` turns its map units into pixels of the image, and tests
and callers use it to find where things are drawn.

The picture is drawn at twice its size and reduced, which smooths lines and text.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from rules import MODERATOR, PUBLIC, Catalog, View
from rules.board import Board, clearing_id, edge_point, hex_center, hex_corners, parse_clearing_id
from rules.discoveries import RoadDiscovery, known_roads
from rules.layout import PlacedTile
from rules.pieces import pieces_of
from rules.schema.tiles import ClearingType, Road, RoadType, TileSide, TileType
from rules.view import PieceView, Pile

Point = tuple[float, float]
RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

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

# --- the palette ---------------------------------------------------------------------------------

BACKGROUND: RGB = (238, 230, 210)
INK: RGB = (44, 36, 28)
WHITE: RGB = (252, 250, 244)
HEX_FILL: dict[TileType, RGB] = {
    TileType.VALLEY: (212, 222, 158),
    TileType.WOODS: (136, 176, 108),
    TileType.MOUNTAIN: (190, 162, 126),
    TileType.CAVES: (152, 148, 142),
}
ENCHANTED_TINT: RGB = (126, 80, 204)
ENCHANTED_MIX = 0.42
ENCHANTED_RIM: RGB = (104, 56, 168)
HEX_OUTLINE: RGB = (78, 64, 50)
CLEARING_FILL: dict[ClearingType, RGB] = {
    ClearingType.WOODS: (247, 242, 216),
    ClearingType.MOUNTAIN: (214, 166, 100),
    ClearingType.CAVE: (66, 58, 54),
}
CLEARING_INK: dict[ClearingType, RGB] = {
    ClearingType.WOODS: INK,
    ClearingType.MOUNTAIN: INK,
    ClearingType.CAVE: WHITE,
}
ROAD_EDGE: RGB = (96, 66, 40)
ROAD_CORE: RGB = (226, 198, 150)
TUNNEL: RGB = (52, 52, 64)
HIDDEN_PATH: RGB = (222, 104, 26)
SECRET_PASSAGE: RGB = (150, 42, 168)
DOT_RIM: RGB = (250, 246, 232)

CHARACTER: RGB = (250, 248, 240)
HIDDEN_CHARACTER: RGB = (44, 128, 58)
FAMILIAR: RGB = (222, 214, 244)
DWELLING: RGB = (112, 72, 42)
MONSTER = {"light": (246, 206, 122), "dark": (152, 46, 36)}
NATIVE = {"light": (172, 202, 236), "dark": (40, 72, 124)}
CHIT_FILL = {
    "site": (228, 184, 52),
    "sound": (204, 72, 60),
    "warning": (246, 232, 104),
    "lost city": (176, 40, 40),
    "lost castle": (176, 40, 40),
}
VISITOR: RGB = (204, 176, 226)
ITEM: RGB = (226, 226, 222)
FACE_DOWN: RGB = (86, 98, 120)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _ink_on(fill: RGB) -> RGB:
    """Dark text on light fills, light text on dark ones."""
    luma = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return INK if luma > 140 else WHITE


def hex_fill(tile_type: TileType, enchanted: bool) -> RGB:
    """The colour a hex of ``tile_type`` is filled with (enchanted faces are tinted violet)."""
    fill = HEX_FILL[tile_type]
    return _mix(fill, ENCHANTED_TINT, ENCHANTED_MIX) if enchanted else fill


# --- geometry ------------------------------------------------------------------------------------

Box = tuple[float, float, float, float]


def _box_near(box: Box, point: Point, distance: float) -> bool:
    """Whether ``point`` lies within ``distance`` of the rectangle ``box``."""
    x = min(max(point[0], box[0]), box[2])
    y = min(max(point[1], box[1]), box[3])
    return math.dist((x, y), point) < distance


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


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
        self.board = Board(
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
        self.legend_rows = _legend_rows(width, k)
        self.legend_top = self.top + math.ceil((max_y - min_y) * scale + 2 * margin)
        height = self.legend_top + round(_LEGEND_ROW * k) * len(self.legend_rows) + round(10 * k)
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


def _road_shown(
    known: frozenset[RoadDiscovery] | None, code: str, enchanted: bool, road: Road
) -> bool:
    if road.type in (RoadType.OPEN, RoadType.TUNNEL) or known is None:
        return True
    return any(d.matches(code, enchanted, road) for d in known)


# --- fonts, badges and the legend ----------------------------------------------------------------


@cache
def _font(size: int) -> Font:
    return ImageFont.load_default(size=max(size, 6))


@dataclass(frozen=True)
class _Badge:
    """A labelled token: a piece, a group of pieces, or a count."""

    text: str
    fill: RGB
    shape: str = "token"  # "pill" (character), "box" (dwelling), "token", "chit"

    @property
    def ink(self) -> RGB:
        return _ink_on(self.fill)


_BADGE_FONT = 12
_BADGE_HEIGHT = 17
_BADGE_GAP = 2
_LEGEND_ROW = 24
_LEGEND_FONT = 12


def _badge_width(badge: _Badge, unit: float) -> float:
    pad = 8 if badge.shape == "pill" else 5
    return _font(round(_BADGE_FONT * unit)).getlength(badge.text) + 2 * pad * unit


def _draw_badge(draw: ImageDraw.ImageDraw, badge: _Badge, x: float, y: float, unit: float) -> None:
    """Draw ``badge`` with its top left corner at ``(x, y)``."""
    w = _badge_width(badge, unit)
    h = _BADGE_HEIGHT * unit
    box = (x, y, x + w, y + h)
    outline = INK
    if badge.shape == "pill":
        draw.rounded_rectangle(
            box, radius=h / 2, fill=badge.fill, outline=outline, width=round(2 * unit)
        )
    elif badge.shape == "box":
        draw.rectangle(box, fill=badge.fill, outline=outline, width=round(unit))
    elif badge.shape == "chit":
        draw.rectangle(box, fill=badge.fill, outline=outline, width=round(unit))
        inset = 2.5 * unit
        draw.rectangle(
            (x + inset, y + inset, x + w - inset, y + h - inset), outline=badge.ink, width=1
        )
    else:
        draw.rounded_rectangle(
            box, radius=4 * unit, fill=badge.fill, outline=outline, width=round(unit)
        )
    draw.text(
        (x + w / 2, y + h / 2),
        badge.text,
        fill=badge.ink,
        font=_font(round(_BADGE_FONT * unit)),
        anchor="mm",
    )


def _stack_size(badges: Sequence[_Badge], unit: float) -> tuple[float, float]:
    """Width and height of ``badges`` stacked one above the other."""
    width = max(_badge_width(b, unit) for b in badges)
    return width, len(badges) * (_BADGE_HEIGHT + _BADGE_GAP) * unit - _BADGE_GAP * unit


def _stack(
    draw: ImageDraw.ImageDraw, badges: Sequence[_Badge], box: Box, unit: float, align: str
) -> None:
    """Draw ``badges`` one above the other in ``box``, each against its ``align`` side: "left",
    "right" or "centre"."""
    y = box[1]
    for badge in badges:
        w = _badge_width(badge, unit)
        if align == "left":
            x = box[0]
        elif align == "right":
            x = box[2] - w
        else:
            x = (box[0] + box[2] - w) / 2
        _draw_badge(draw, badge, x, y, unit)
        y += (_BADGE_HEIGHT + _BADGE_GAP) * unit


def _legend_entries() -> list[tuple[str, str]]:
    """(icon, text) pairs of the legend, in order."""
    return [
        ("road open", "road"),
        ("road tunnel", "tunnel"),
        ("road hidden", "hidden path (when known)"),
        ("road secret", "secret passage (when known)"),
        ("clearing woods", "woods clearing"),
        ("clearing mountain", "mountain clearing"),
        ("clearing cave", "cave clearing"),
        ("enchanted", "enchanted tile"),
        ("character", "character"),
        ("hidden", "hidden character"),
        ("monster", "monster (light / dark side)"),
        ("native", "natives (light / dark side)"),
        ("dwelling", "dwelling"),
        ("chit", "map chit"),
        ("face down", "face-down pieces"),
    ]


_ICON_WIDTH = 34


def _legend_rows(width: float, k: float) -> list[list[tuple[str, str, float]]]:
    """The legend laid out in rows across ``width`` pixels: (icon, text, x) entries."""
    font = _font(round(_LEGEND_FONT * k))
    rows: list[list[tuple[str, str, float]]] = [[]]
    left = 16 * k
    x = left
    for icon, text in _legend_entries():
        w = (_ICON_WIDTH + 6 + 18) * k + font.getlength(text) * 1.05
        if rows[-1] and x + w > width - left:
            rows.append([])
            x = left
        rows[-1].append((icon, text, x))
        x += w
    return rows


def _draw_legend_icon(
    draw: ImageDraw.ImageDraw, icon: str, x: float, y: float, unit: float
) -> None:
    """Draw a legend icon in the box ``_ICON_WIDTH`` wide, vertically centred on ``y``."""
    w = _ICON_WIDTH * unit
    kind, _, variant = icon.partition(" ")
    if kind == "road":
        _draw_road(draw, (x, y), (x + w, y), RoadType(variant), unit)
    elif kind == "clearing":
        ctype = ClearingType(variant)
        r = 7 * unit
        draw.ellipse(
            (x + w / 2 - r, y - r, x + w / 2 + r, y + r),
            fill=CLEARING_FILL[ctype],
            outline=INK,
            width=round(1.5 * unit),
        )
    elif kind == "enchanted":
        r = 9 * unit
        cx = x + w / 2
        points = [
            (cx + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]
        draw.polygon(points, fill=hex_fill(TileType.WOODS, True), outline=HEX_OUTLINE)
    else:
        fills: dict[str, list[_Badge]] = {
            "character": [_Badge("Ab", CHARACTER, "pill")],
            "hidden": [_Badge("Ab", HIDDEN_CHARACTER, "pill")],
            "monster": [_Badge("", MONSTER["light"]), _Badge("", MONSTER["dark"])],
            "native": [_Badge("", NATIVE["light"]), _Badge("", NATIVE["dark"])],
            "dwelling": [_Badge("", DWELLING, "box")],
            "chit": [_Badge("", CHIT_FILL["site"], "chit"), _Badge("", CHIT_FILL["sound"], "chit")],
            "face down": [_Badge("?", FACE_DOWN, "chit")],
        }
        badges = fills[icon]
        bw = w / len(badges) - 2 * unit
        h = _BADGE_HEIGHT * unit * 0.85
        for i, badge in enumerate(badges):
            bx = x + i * (bw + 2 * unit)
            box = (bx, y - h / 2, bx + bw, y + h / 2)
            if badge.shape == "pill":
                draw.rounded_rectangle(
                    box, radius=h / 2, fill=badge.fill, outline=INK, width=round(1.5 * unit)
                )
            else:
                draw.rounded_rectangle(
                    box, radius=3 * unit, fill=badge.fill, outline=INK, width=round(unit)
                )
            if badge.text:
                draw.text(
                    (bx + bw / 2, y),
                    badge.text,
                    fill=badge.ink,
                    font=_font(round(11 * unit)),
                    anchor="mm",
                )


def _draw_road(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, road_type: RoadType, unit: float
) -> None:
    if road_type is RoadType.OPEN:
        draw.line((a, b), fill=ROAD_EDGE, width=round(7 * unit))
        draw.line((a, b), fill=ROAD_CORE, width=round(3 * unit))
    elif road_type is RoadType.TUNNEL:
        _dashes(draw, a, b, TUNNEL, width=6 * unit, dash=11 * unit, gap=6 * unit)
    else:
        colour = HIDDEN_PATH if road_type is RoadType.HIDDEN else SECRET_PASSAGE
        _dots(draw, a, b, colour, radius=3.6 * unit, spacing=11 * unit, unit=unit)


def _along(a: Point, b: Point, spacing: float) -> Iterable[float]:
    """Positions (0..1) from the middle of a–b outwards every ``spacing`` pixels: the middle of a
    road is always marked."""
    length = math.dist(a, b)
    if length == 0:
        return
    step = spacing / length
    yield 0.5
    n = 1
    while 0.5 + n * step <= 1:
        yield 0.5 + n * step
        yield 0.5 - n * step
        n += 1


def _dots(
    draw: ImageDraw.ImageDraw,
    a: Point,
    b: Point,
    colour: RGB,
    *,
    radius: float,
    spacing: float,
    unit: float,
) -> None:
    for t in _along(a, b, spacing):
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius),
            fill=colour,
            outline=DOT_RIM,
            width=max(1, round(unit * 0.8)),
        )


def _dashes(
    draw: ImageDraw.ImageDraw,
    a: Point,
    b: Point,
    colour: RGB,
    *,
    width: float,
    dash: float,
    gap: float,
) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    half = dash / 2 / length
    for t in _along(a, b, dash + gap):
        t0, t1 = max(0.0, t - half), min(1.0, t + half)
        draw.line(
            (
                (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            ),
            fill=colour,
            width=round(width),
        )


# --- the renderer --------------------------------------------------------------------------------


def _viewer_title(view: View) -> str:
    if view.viewer == PUBLIC:
        return "public view"
    if view.viewer == MODERATOR:
        return "moderator's view (everything)"
    return f"as the {view.viewer} sees it"


class _Renderer:
    def __init__(self, catalog: Catalog, view: View, scale: float) -> None:
        self.catalog = catalog
        self.view = view
        self.layout = MapLayout(catalog, view, scale=scale, zoom=ZOOM)
        self.unit = self.layout.unit
        width, height = self.layout.size
        self.image = Image.new("RGB", (width * ZOOM, height * ZOOM), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image, "RGBA")
        self.pieces = pieces_of(catalog)

    def render(self) -> Image.Image:
        known = visible_roads(self.view)
        for tile in self.view.tiles:
            self.hex(tile.code)
        for tile in self.view.tiles:
            self.roads(tile.code, known)
        for tile in self.view.tiles:
            self.clearings(tile.code)
        stacks = self.place_pieces()
        taken = [box for _, box, _ in stacks]
        for tile in self.view.tiles:
            self.tile_label(tile.code, tile.name, taken)
        for badges, box, align in stacks:
            _stack(self.draw, badges, box, self.unit, align)
        self.title()
        self.legend()
        return self.image.reduce(ZOOM)

    # the map

    def hex(self, code: str) -> None:
        placed = self.layout.tiles[code]
        fill = hex_fill(self.catalog.tiles[code].type, placed.enchanted)
        corners = [self.layout.pixel(c) for c in hex_corners(placed.at)]
        self.draw.polygon(corners, fill=fill)
        if placed.enchanted:
            cx, cy = hex_center(placed.at)
            inner = [
                self.layout.pixel((cx + (x - cx) * 0.94, cy + (y - cy) * 0.94))
                for x, y in hex_corners(placed.at)
            ]
            self.draw.line([*inner, inner[0]], fill=ENCHANTED_RIM, width=round(4 * self.unit))
        self.draw.line([*corners, corners[0]], fill=HEX_OUTLINE, width=round(2.5 * self.unit))

    def roads(self, code: str, known: frozenset[RoadDiscovery] | None) -> None:
        enchanted = self.layout.tiles[code].enchanted
        roads = [r for r in self.layout.side(code).roads if _road_shown(known, code, enchanted, r)]
        order = {RoadType.OPEN: 0, RoadType.TUNNEL: 1, RoadType.HIDDEN: 2, RoadType.SECRET: 3}
        for road in sorted(roads, key=lambda r: order[r.type]):
            a, b = self.layout.road_ends(code, road)
            _draw_road(self.draw, self.layout.pixel(a), self.layout.pixel(b), road.type, self.unit)

    def clearings(self, code: str) -> None:
        r = self.layout.clearing_radius
        font = _font(round(15 * self.unit))
        for clearing in self.layout.side(code).clearings:
            x, y = self.layout.clearing_pixel(clearing_id(code, clearing.number))
            self.draw.ellipse(
                (x - r, y - r, x + r, y + r),
                fill=CLEARING_FILL[clearing.type],
                outline=INK,
                width=round(2 * self.unit),
            )
            # The numeral sits a little above the centre, leaving the clearing's shade around it.
            self.draw.text(
                (x, y - r * 0.12),
                str(clearing.number),
                fill=CLEARING_INK[clearing.type],
                font=font,
                anchor="mm",
            )

    def tile_label(self, code: str, name: str, taken: Sequence[Box]) -> None:
        """The tile's name and code, where it covers least of the clearings, roads and pieces."""
        layout = self.layout
        placed = layout.tiles[code]
        enchanted = " · enchanted" if placed.enchanted else ""
        text = f"{name} ({code}){enchanted}"
        font = _font(round(14 * self.unit))
        per_unit = layout.scale * ZOOM
        half_w = (font.getlength(text) / 2 + 3 * self.unit) / per_unit
        half_h = 9 * self.unit / per_unit
        cx, cy = hex_center(placed.at)
        obstacles: list[Box] = []

        def around(point: Point, pad: float) -> Box:
            return (point[0] - pad, point[1] - pad, point[0] + pad, point[1] + pad)

        side = layout.side(code)
        for clearing in side.clearings:
            obstacles.append(
                around(layout.clearing_point(clearing_id(code, clearing.number)), 0.14)
            )
        for road in side.roads:
            a, b = layout.road_ends(code, road)
            for t in (0.2, 0.35, 0.5, 0.65, 0.8):
                obstacles.append(around((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), 0.03))
        ox, oy = layout.origin
        for x0, y0, x1, y1 in taken:
            box = (x0 / per_unit + ox, y0 / per_unit + oy, x1 / per_unit + ox, y1 / per_unit + oy)
            if box[2] > cx - 1 and box[0] < cx + 1 and box[3] > cy - 1 and box[1] < cy + 1:
                obstacles.append(box)
        best: tuple[float, float, Point] | None = None
        for dy in (-0.62, -0.45, -0.25, 0.0, 0.25, 0.45, 0.62):
            for dx in (-0.35, -0.18, 0.0, 0.18, 0.35):
                if abs(dy) + half_h > SQRT3 / 2 - 0.04:
                    continue
                if SQRT3 * (abs(dx) + half_w) + abs(dy) + half_h > SQRT3 - 0.02:
                    continue
                px, py = cx + dx, cy + dy
                clearance = min(
                    max(x0 - px - half_w, px - half_w - x1, y0 - py - half_h, py - half_h - y1)
                    for x0, y0, x1, y1 in obstacles
                )
                score = (clearance, -abs(dx) - abs(dy) / 2)
                if best is None or score > best[:2]:
                    best = (*score, (px, py))
        spot = best[2] if best is not None else (cx, cy - 0.6)
        self.draw.text(
            self.layout.pixel(spot),
            text,
            fill=INK,
            font=font,
            anchor="mm",
            stroke_width=round(2.5 * self.unit),
            stroke_fill=(*WHITE, 210),
        )

    # pieces

    def name_of(self, piece_id: str) -> str:
        return self.pieces[piece_id].name if piece_id in self.pieces else piece_id

    def badges(self, pile: Pile, *, limit: int = MAX_BADGES) -> list[_Badge]:
        """The badges for ``pile``: characters and dwellings one each, denizens grouped and
        counted, chits and items by name, face-down pieces counted."""
        ranked: list[tuple[int, _Badge]] = []
        counts: dict[tuple[int, _Badge], int] = {}
        for piece in pile.pieces:
            rank, badge = self.badge(piece)
            key = (rank, badge)
            if key in counts:
                counts[key] += 1
            else:
                counts[key] = 1
                ranked.append(key)
        ranked.sort(key=lambda item: item[0])
        out = [
            _Badge(f"{b.text} x{counts[(rank, b)]}", b.fill, b.shape)
            if counts[(rank, b)] > 1
            else b
            for rank, b in ranked
        ]
        if pile.face_down:
            n = pile.face_down
            out.append(_Badge("?" if n == 1 else f"? x{n}", FACE_DOWN, "chit"))
        if len(out) > limit:
            rest = len(out) - (limit - 1)
            out = [*out[: limit - 1], _Badge(f"+{rest} more", ITEM, "box")]
        return out

    def badge(self, piece: PieceView) -> tuple[int, _Badge]:
        kind = piece.kind
        if kind == "character":
            fill = HIDDEN_CHARACTER if piece.hidden else CHARACTER
            return 0, _Badge(piece.id, fill, "pill")
        if kind == "familiar":
            return 0, _Badge(piece.id, FAMILIAR, "pill")
        if kind == "dwelling":
            return 1, _Badge(piece.id, DWELLING, "box")
        if kind == "native":
            group = piece.id.rsplit(" ", 1)[0]
            return 2, _Badge(group, NATIVE.get(piece.side or "light", NATIVE["light"]))
        if kind == "monster":
            fill = MONSTER.get(piece.side or "light", MONSTER["light"])
            return 3, _Badge(self.name_of(piece.id), fill)
        if kind == "map chit":
            chit = self.catalog.map_chits.named(piece.id)
            fill = CHIT_FILL.get(str(chit.kind), CHIT_FILL["site"]) if chit else CHIT_FILL["site"]
            return 4, _Badge(piece.id, fill, "chit")
        if kind == "visitor chit":
            return 5, _Badge(piece.face or piece.id, VISITOR, "chit")
        if kind == "horse":
            horse = self.catalog.horses.named(self.name_of(piece.id))
            if horse is not None and horse.rider:
                return 6, _Badge(f"{horse.rider.rsplit(' ', 1)[0]} horse", ITEM, "box")
        return 6, _Badge(self.name_of(piece.id), ITEM, "box")

    def place_pieces(self) -> list[tuple[list[_Badge], Box, str]]:
        """Where the badges go: the forest chits of each tile centred on its forest point, and
        the pieces of each clearing beside it on the side where they cover least of the other
        clearings and of the badges already placed. Returns (badges, box, alignment) stacks."""
        layout = self.layout
        unit = self.unit
        stacks: list[tuple[list[_Badge], Box, str]] = []
        for tile in self.view.tiles:
            badges = self.badges(tile.chits, limit=6)
            if badges:
                x, y = layout.pixel(layout.forest_point(tile.code))
                w, h = _stack_size(badges, unit)
                stacks.append((badges, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), "centre"))
        r = layout.clearing_radius
        circles = [
            layout.clearing_pixel(clearing_id(code, c.number))
            for code in layout.tiles
            for c in layout.side(code).clearings
        ]
        gap = r + 3 * unit
        near = r + 2 * unit

        def cost(option: tuple[Box, str], taken: Sequence[Box]) -> int:
            box = option[0]
            hits = sum(10 for centre in circles if _box_near(box, centre, near))
            return hits + sum(8 for other in taken if _boxes_meet(box, other))

        for cid, pile in self.view.clearings.items():
            code, _ = parse_clearing_id(cid)
            if code not in layout.tiles:
                continue
            badges = self.badges(pile)
            if not badges:
                continue
            x, y = layout.clearing_pixel(cid)
            w, h = _stack_size(badges, unit)
            hx, _ = layout.pixel(hex_center(layout.tiles[code].at))
            # First choice: beside the clearing, towards the middle of its hex.
            east = (x + gap, y - h / 2, x + gap + w, y + h / 2)
            west = (x - gap - w, y - h / 2, x - gap, y + h / 2)
            options = [(east, "left"), (west, "right")]
            if x > hx + layout.length(0.25):
                options.reverse()
            options.append(((x - w / 2, y + gap, x + w / 2, y + gap + h), "centre"))
            options.append(((x - w / 2, y - gap - h, x + w / 2, y - gap), "centre"))
            taken = [box for _, box, _ in stacks]
            box, align = min(options, key=lambda option: cost(option, taken))
            stacks.append((badges, box, align))
        return stacks

    # title and legend

    def title(self) -> None:
        view = self.view
        u = self.unit
        y = self.layout.top * ZOOM / 2
        self.draw.text(
            (16 * u, y),
            f"Magic Realm · Day {view.day}, Month {view.month}",
            fill=INK,
            font=_font(round(22 * u)),
            anchor="lm",
            stroke_width=max(1, round(0.4 * u)),
            stroke_fill=INK,
        )
        self.draw.text(
            (self.image.width - 16 * u, y),
            _viewer_title(view),
            fill=INK,
            font=_font(round(18 * u)),
            anchor="rm",
        )

    def legend(self) -> None:
        u = self.unit
        top = self.layout.legend_top * ZOOM
        row_h = _LEGEND_ROW * u
        self.draw.line(
            ((16 * u, top), (self.image.width - 16 * u, top)), fill=HEX_OUTLINE, width=round(u)
        )
        font = _font(round(_LEGEND_FONT * u))
        for i, row in enumerate(self.layout.legend_rows):
            y = top + row_h * (i + 0.5) + 5 * u
            for icon, text, x in row:
                _draw_legend_icon(self.draw, icon, x * ZOOM, y, u)
                self.draw.text(
                    (x * ZOOM + (_ICON_WIDTH + 6) * u, y), text, fill=INK, font=font, anchor="lm"
                )


def render_image(catalog: Catalog, view: View, *, scale: float = DEFAULT_SCALE) -> Image.Image:
    """The map of ``view`` as a Pillow image (see :func:`render_map`)."""
    return _Renderer(catalog, view, scale).render()


def render_map(catalog: Catalog, view: View, *, scale: float = DEFAULT_SCALE) -> bytes:
    """A PNG of the map as ``view``'s viewer sees it: tiles, roads he may know of, clearings and
    the pieces in them, the chits in each tile's forest, a title and a legend.

    ``scale`` is pixels per map unit (a hex's circumradius); the image size follows the tiles'
    extent, so partial maps work too. :func:`pixel_of` and :class:`MapLayout` say where things
    are drawn.
    """
    buffer = io.BytesIO()
    render_image(catalog, view, scale=scale).save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()
