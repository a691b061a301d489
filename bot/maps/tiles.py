"""What never moves on the map: each tile's hex (its roads, clearings and name) and the legend.

A tile is drawn alone, centred in a picture of its own (a *sprite*), from the catalog's public
tile data, its rotation, its face and the hidden paths and secret passages the viewer knows: a
map is these sprites laid side by side, so each is drawn once and reused for every map it lies
on (:mod:`bot.maps.render` keeps them). The tile's name goes where it covers least of its own
clearings and roads; the pieces, drawn later, keep clear of it (:mod:`bot.maps.badges`).

Everything here draws at ``ZOOM`` times the final size into an RGB image, which the caller
reduces (antialiasing).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import pgettext, speaking
from bot.maps.badges import BADGE_HEIGHT, Badge
from bot.maps.layout import (
    CLEARING_RADIUS,
    DEFAULT_SCALE,
    ICON_WIDTH,
    LEGEND_FONT,
    LEGEND_ROW,
    SQRT3,
    ZOOM,
    Box,
    Point,
    legend_rows,
)
from bot.maps.style import (
    BACKGROUND,
    CHARACTER,
    CHIT_FILL,
    CLEARING_FILL,
    CLEARING_INK,
    DOT_RIM,
    DWELLING,
    ENCHANTED_RIM,
    FACE_DOWN,
    HEX_OUTLINE,
    HIDDEN_CHARACTER,
    HIDDEN_PATH,
    INK,
    MONSTER,
    NATIVE,
    RGB,
    ROAD_CORE,
    ROAD_EDGE,
    SECRET_PASSAGE,
    TUNNEL,
    WHITE,
    font,
    hex_fill,
)
from rules import (
    Board,
    Catalog,
    ClearingType,
    PlacedTile,
    RoadType,
    TileType,
    clearing_id,
    edge_point,
    hex_corners,
)

#: The hex outline's width, in pixels at the default scale.
OUTLINE = 2.5
#: Half the width and height of two chits stacked in a tile's forest, in map units.
FOREST = (0.26, 0.13)


@dataclass(frozen=True)
class TileKey:
    """What a tile's sprite depends on: the tile, its face, its rotation, which of its roads are
    drawn (indexes into the face's ``roads``), the scale, and the language of its label (an
    enchanted tile's says so)."""

    code: str
    enchanted: bool
    rotation: int
    roads: tuple[int, ...]
    scale: float
    language: str = "en"


def sprite_size(scale: float) -> tuple[int, int]:
    """A tile sprite's size in final pixels: the hex and room for its outline all round."""
    pad = math.ceil(OUTLINE * scale / DEFAULT_SCALE) + 1
    return math.ceil(2 * scale) + 2 * pad, math.ceil(SQRT3 * scale) + 2 * pad


def hex_mask(scale: float) -> Image.Image:
    """The hex and the outer half of its outline in a sprite: the pixels a sprite covers when
    laid on the map (every tile's the same)."""
    width, height = sprite_size(scale)
    grow = 1 + OUTLINE * scale / DEFAULT_SCALE / 2 / (SQRT3 / 2) / scale
    mask = Image.new("1", (width, height), 0)
    corners = [
        (x * grow * scale + width / 2, y * grow * scale + height / 2)
        for x, y in hex_corners((0, 0))
    ]
    ImageDraw.Draw(mask).polygon(corners, fill=1)
    return mask


def draw_tile(catalog: Catalog, key: TileKey) -> tuple[Image.Image, Box]:
    """The sprite of ``key`` at ``ZOOM`` times its final size (RGB), and where its name is
    written, in map units from the hex's centre."""
    return _TilePainter(catalog, key).paint()


class _TilePainter:
    def __init__(self, catalog: Catalog, key: TileKey) -> None:
        self.catalog = catalog
        self.key = key
        self.placed = PlacedTile(
            tile=key.code, at=(0, 0), rotation=key.rotation, enchanted=key.enchanted
        )
        self.board = Board(catalog, [self.placed])
        self.side = self.board.side(key.code)
        self.unit = key.scale / DEFAULT_SCALE * ZOOM
        width, height = sprite_size(key.scale)
        self.centre = (width * ZOOM / 2, height * ZOOM / 2)
        self.image = Image.new("RGB", (width * ZOOM, height * ZOOM), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image, "RGBA")

    def pixel(self, point: Point) -> Point:
        f = self.key.scale * ZOOM
        return (point[0] * f + self.centre[0], point[1] * f + self.centre[1])

    def paint(self) -> tuple[Image.Image, Box]:
        self.hex()
        self.roads()
        self.clearings()
        return self.image, self.label()

    def road_ends(self, index: int) -> tuple[Point, Point]:
        road = self.side.roads[index]
        start = self.board.clearing_point(clearing_id(self.key.code, road.a))
        if road.edge is not None:
            return start, edge_point((0, 0), self.placed.facing(road.edge))
        return start, self.board.clearing_point(clearing_id(self.key.code, int(road.b)))

    def hex(self) -> None:
        fill = hex_fill(self.catalog.tiles[self.key.code].type, self.key.enchanted)
        corners = [self.pixel(c) for c in hex_corners((0, 0))]
        self.draw.polygon(corners, fill=fill)
        if self.key.enchanted:
            inner = [self.pixel((x * 0.94, y * 0.94)) for x, y in hex_corners((0, 0))]
            self.draw.line([*inner, inner[0]], fill=ENCHANTED_RIM, width=round(4 * self.unit))
        self.draw.line([*corners, corners[0]], fill=HEX_OUTLINE, width=round(OUTLINE * self.unit))

    def roads(self) -> None:
        order = {RoadType.OPEN: 0, RoadType.TUNNEL: 1, RoadType.HIDDEN: 2, RoadType.SECRET: 3}
        for index in sorted(self.key.roads, key=lambda i: order[self.side.roads[i].type]):
            a, b = self.road_ends(index)
            kind = self.side.roads[index].type
            draw_road(self.draw, self.pixel(a), self.pixel(b), kind, self.unit)

    def clearings(self) -> None:
        r = self.key.scale * ZOOM * CLEARING_RADIUS
        face = font(round(15 * self.unit))
        for clearing in self.side.clearings:
            cid = clearing_id(self.key.code, clearing.number)
            x, y = self.pixel(self.board.clearing_point(cid))
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
                font=face,
                anchor="mm",
            )

    def label(self) -> Box:
        """The tile's name and code where it covers least of its clearings, its roads (all of
        them, known or not, so that the name does not move when a road is found) and the chits
        in its forest (two, the usual)."""
        code = self.key.code
        with speaking(self.key.language):
            enchanted = " · " + pgettext("map tile", "enchanted") if self.key.enchanted else ""
        text = f"{self.catalog.tiles[code].name} ({code}){enchanted}"
        face = font(round(14 * self.unit))
        per_unit = self.key.scale * ZOOM
        half_w = (face.getlength(text) / 2 + 3 * self.unit) / per_unit
        half_h = 9 * self.unit / per_unit

        def around(point: Point, pad: float) -> Box:
            return (point[0] - pad, point[1] - pad, point[0] + pad, point[1] + pad)

        obstacles = [
            around(self.board.clearing_point(clearing_id(code, c.number)), 0.14)
            for c in self.side.clearings
        ]
        fx, fy = self.board.forest_point(code)
        obstacles.append((fx - FOREST[0], fy - FOREST[1], fx + FOREST[0], fy + FOREST[1]))
        for index in range(len(self.side.roads)):
            a, b = self.road_ends(index)
            for t in (0.2, 0.35, 0.5, 0.65, 0.8):
                obstacles.append(around((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), 0.03))
        best: tuple[float, float, Point] | None = None
        for dy in (-0.62, -0.45, -0.25, 0.0, 0.25, 0.45, 0.62):
            for dx in (-0.35, -0.18, 0.0, 0.18, 0.35):
                if abs(dy) + half_h > SQRT3 / 2 - 0.04:
                    continue
                if SQRT3 * (abs(dx) + half_w) + abs(dy) + half_h > SQRT3 - 0.02:
                    continue
                clearance = min(
                    max(x0 - dx - half_w, dx - half_w - x1, y0 - dy - half_h, dy - half_h - y1)
                    for x0, y0, x1, y1 in obstacles
                )
                score = (clearance, -abs(dx) - abs(dy) / 2)
                if best is None or score > best[:2]:
                    best = (*score, (dx, dy))
        x, y = best[2] if best is not None else (0.0, -0.6)
        self.draw.text(
            self.pixel((x, y)),
            text,
            fill=INK,
            font=face,
            anchor="mm",
            stroke_width=round(2.5 * self.unit),
            stroke_fill=(*WHITE, 210),
        )
        return (x - half_w, y - half_h, x + half_w, y + half_h)


# --- the legend ----------------------------------------------------------------------------------

#: The legend strip starts this many final pixels above the layout's ``legend_top``: room for
#: the upper half of its rule.
LEGEND_LEAD = 2


def draw_legend(width: int, height: int, scale: float) -> Image.Image:
    """The legend of a map ``width`` pixels wide, at ``ZOOM`` times its size (RGB): a rule, then
    the icons and their names in rows (:func:`bot.maps.layout.legend_rows`). ``height`` is the
    strip's height in final pixels, from ``LEGEND_LEAD`` above the layout's ``legend_top``."""
    k = scale / DEFAULT_SCALE
    u = k * ZOOM
    image = Image.new("RGB", (width * ZOOM, height * ZOOM), BACKGROUND)
    draw = ImageDraw.Draw(image, "RGBA")
    top = LEGEND_LEAD * ZOOM
    draw.line(((16 * u, top), (image.width - 16 * u, top)), fill=HEX_OUTLINE, width=round(u))
    face = font(round(LEGEND_FONT * u))
    for i, row in enumerate(legend_rows(width, k)):
        y = top + LEGEND_ROW * u * (i + 0.5) + 5 * u
        for icon, text, x in row:
            _legend_icon(draw, icon, x * ZOOM, y, u)
            draw.text((x * ZOOM + (ICON_WIDTH + 6) * u, y), text, fill=INK, font=face, anchor="lm")
    return image


def _legend_icon(draw: ImageDraw.ImageDraw, icon: str, x: float, y: float, unit: float) -> None:
    """Draw a legend icon in the box ``ICON_WIDTH`` wide, vertically centred on ``y``."""
    w = ICON_WIDTH * unit
    kind, _, variant = icon.partition(" ")
    if kind == "road":
        draw_road(draw, (x, y), (x + w, y), RoadType(variant), unit)
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
        _legend_badges(draw, _ICONS[icon], x, y, w, unit)


_ICONS: dict[str, list[Badge]] = {
    "character": [Badge("Ab", CHARACTER, "pill")],
    "hidden": [Badge("Ab", HIDDEN_CHARACTER, "pill")],
    "monster": [Badge("", MONSTER["light"]), Badge("", MONSTER["dark"])],
    "native": [Badge("", NATIVE["light"]), Badge("", NATIVE["dark"])],
    "dwelling": [Badge("", DWELLING, "box")],
    "chit": [Badge("", CHIT_FILL["site"], "chit"), Badge("", CHIT_FILL["sound"], "chit")],
    "face down": [Badge("?", FACE_DOWN, "chit")],
}


def _legend_badges(
    draw: ImageDraw.ImageDraw, badges: list[Badge], x: float, y: float, w: float, unit: float
) -> None:
    bw = w / len(badges) - 2 * unit
    h = BADGE_HEIGHT * unit * 0.85
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
            face = font(round(11 * unit))
            draw.text((bx + bw / 2, y), badge.text, fill=badge.ink, font=face, anchor="mm")


# --- roads ---------------------------------------------------------------------------------------


def draw_road(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, road_type: RoadType, unit: float
) -> None:
    """A road from ``a`` to ``b``: open roads brown, tunnels dashed, hidden paths and secret
    passages dotted (orange and violet)."""
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
