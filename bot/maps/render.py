"""The map image: a PNG of the game map as one viewer sees it, for a player's forum post.

:func:`render_map` draws from a :class:`~rules.view.View` and the catalog's public tile data only,
never from a game state: whatever the view leaves out (face-down chits, undiscovered hidden paths
and secret passages) cannot reach the picture. Hidden paths and secret passages are drawn for the
moderator, for a character who lists them among his discoveries, and never for the public.

How it is fast: what never moves is drawn once per process and kept — each tile's sprite (by
tile, face, rotation and the roads shown: :mod:`bot.maps.tiles`) and the legend — in the map's
256-colour palette (:mod:`bot.maps.palette`). A map lays its tiles' sprites on a palette canvas
(one byte a pixel), then draws the title and each stack of pieces into a small patch of it at
twice the size, reduced (antialiasing) and mapped back onto the palette; a patch drawn before,
the same pieces on the same ground (most of them, from one day's map to the next), is taken
again. The legend's rows of colour magic (the sources the viewer knows of, 4.6.2) are one more
patch, keyed by their words. Nothing is drawn at twice the size of the whole map, and the PNG is
a palette PNG.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from bot.i18n import Language, _, current, speaking
from bot.maps import kept
from bot.maps.badges import Badge, Pieces, draw_stack
from bot.maps.layout import (
    DEFAULT_SCALE,
    LEGEND_FONT,
    LEGEND_ROW,
    ZOOM,
    Box,
    MapLayout,
    road_shown,
    visible_roads,
)
from bot.maps.palette import encode_png, palette, palette_colours, to_palette
from bot.maps.style import INK, font
from bot.maps.tiles import LEGEND_LEAD, TileKey, draw_legend, draw_tile, hex_mask, sprite_size
from bot.terms import term
from rules import MODERATOR, PUBLIC, Catalog, View, hex_center

#: Draws on a patch of the map, given the offset from layout pixels to the patch's.
Painter = Callable[[ImageDraw.ImageDraw, float, float], None]

#: How many tile sprites a process keeps (about 100 KB each at the default scale): every face
#: and rotation of every tile as the public sees it is 240.
SPRITES = 400
#: How many drawn patches (a stack of pieces, a title: a few KB each) a process keeps.
PATCHES = 1024


@dataclass(frozen=True)
class Sprite:
    """A tile drawn alone (palette mode), and where its name is, in map units from its hex's
    centre."""

    image: Image.Image
    label: Box


@lru_cache(maxsize=SPRITES)
def tile_sprite(catalog: Catalog, key: TileKey) -> Sprite:
    """The sprite of ``key``, drawn on first use (or read from the user's cache,
    :mod:`bot.maps.kept`) and kept."""

    def draw() -> tuple[Image.Image, Box]:
        image, label = draw_tile(catalog, key)
        return to_palette(catalog, image.reduce(ZOOM)), label

    roads = ".".join(str(r) for r in key.roads)
    said = f"-{key.language}" if key.enchanted else ""
    name = f"tile-{key.code}-{key.enchanted:d}{said}-{key.rotation}-{roads}-{key.scale!r}"
    image, label = kept.picture(catalog, name, partial(palette_colours, catalog), draw)
    x0, y0, x1, y1 = label
    return Sprite(image, (x0, y0, x1, y1))


@lru_cache(maxsize=16)
def _legend(
    catalog: Catalog, width: int, height: int, scale: float, language: Language
) -> Image.Image:
    def draw() -> tuple[Image.Image, tuple[float, ...]]:
        with speaking(language):
            return to_palette(catalog, draw_legend(width, height, scale).reduce(ZOOM)), ()

    name = f"legend-{width}-{height}-{scale!r}-{language.value}"
    return kept.picture(catalog, name, partial(palette_colours, catalog), draw)[0]


@lru_cache(maxsize=16)
def _mask(scale: float) -> Image.Image:
    return hex_mask(scale)


def _viewer_title(view: View) -> str:
    if view.viewer == PUBLIC:
        return _("public view")
    if view.viewer == MODERATOR:
        return _("moderator's view (everything)")
    return _("as the %(character)s sees it") % {"character": term(view.viewer)}


def map_file_name(view: View) -> str:
    """The file name of ``view``'s map, carrying the day its title shows:
    ``map-month1-day3.png`` for the map titled "Day 3, Month 1"."""
    return f"map-month{view.month}-day{view.day}.png"


def render_image(catalog: Catalog, view: View, *, scale: float = DEFAULT_SCALE) -> Image.Image:
    """The map of ``view`` as a Pillow image in the map's palette (``"P"`` mode; convert it to
    draw in other colours), in the language spoken. See :func:`render_map`."""
    spoken = current()
    layout = MapLayout(catalog, view, scale=scale, zoom=ZOOM)
    canvas = Image.new("P", layout.size, 0)
    canvas.putpalette(palette(catalog).getpalette() or [])
    labels = lay_tiles(catalog, view, layout, canvas)
    width, height = layout.size
    top = layout.legend_top - LEGEND_LEAD
    canvas.paste(_legend(catalog, width, height - top, scale, spoken), (0, top))
    if layout.colour_rows:
        rows = tuple(tuple(row) for row in layout.colour_rows)
        first = layout.legend_top * ZOOM + LEGEND_ROW * layout.unit * len(layout.legend_rows)
        band = (0, first, width * ZOOM, height * ZOOM)
        colours = ("colours", rows, layout.size, first, layout.unit)
        _overdraw(catalog, canvas, band, _colours(layout, first), colours)
    for badges, box, align in Pieces(catalog, view, layout).place(labels):
        stack = ("stack", tuple(badges), box, layout.unit, align)
        _overdraw(catalog, canvas, box, _stack(badges, box, layout.unit, align), stack)
    band = (0, 0, width * ZOOM, layout.top * ZOOM)
    viewer = _viewer_title(view)
    heading = _title_text(view)
    title = ("title", heading, viewer, layout.size, layout.top, layout.unit)
    _overdraw(catalog, canvas, band, _title(heading, viewer, layout), title)
    return canvas


def render_map(catalog: Catalog, view: View, *, scale: float = DEFAULT_SCALE) -> bytes:
    """A PNG of the map as ``view``'s viewer sees it: tiles, roads he may know of, clearings and
    the pieces in them, the chits in each tile's forest, a title and a legend.

    ``scale`` is pixels per map unit (a hex's circumradius); the image size follows the tiles'
    extent, so partial maps work too. :func:`~bot.maps.layout.pixel_of` and
    :class:`~bot.maps.layout.MapLayout` say where things are drawn.
    """
    return encode_png(catalog, render_image(catalog, view, scale=scale))


def lay_tiles(catalog: Catalog, view: View, layout: MapLayout, canvas: Image.Image) -> list[Box]:
    """Lay each tile's sprite on ``canvas``; returns where the tiles' names are (layout pixels)."""
    known = visible_roads(view)
    mask = _mask(layout.scale)
    width, height = sprite_size(layout.scale)
    labels: list[Box] = []
    for code, placed in layout.tiles.items():
        roads = layout.side(code).roads
        shown = tuple(
            i for i, r in enumerate(roads) if road_shown(known, code, placed.enchanted, r)
        )
        key = TileKey(code, placed.enchanted, placed.rotation, shown, layout.scale, current().value)
        sprite = tile_sprite(catalog, key)
        hx, hy = hex_center(placed.at)
        cx, cy = layout.pixel((hx, hy))
        canvas.paste(
            sprite.image, (round(cx / ZOOM - width / 2), round(cy / ZOOM - height / 2)), mask
        )
        x0, y0, x1, y1 = sprite.label
        labels.append((*layout.pixel((hx + x0, hy + y0)), *layout.pixel((hx + x1, hy + y1))))
    return labels


class Patches:
    """The patches :func:`_overdraw` drew, the least recently used forgotten past ``size``:
    a patch is a function of what was under it and what was drawn on it, and most of a map's
    stacks of pieces lie on the same ground as the day before. :attr:`drawn` counts the
    patches drawn. Maps are drawn in several threads at once (the scheduler's wake-ups), so the
    patches are looked up and kept under a lock: a patch one thread found could be forgotten by
    another before the first marked it used."""

    def __init__(self, size: int = PATCHES) -> None:
        self.size = size
        self.kept: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self.drawn = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        with self._lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def put(self, key: Hashable, patch: Image.Image) -> None:
        with self._lock:
            self.drawn += 1
            self.kept[key] = patch
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)


#: The process's patches.
patches = Patches()


def _overdraw(
    catalog: Catalog, canvas: Image.Image, box: Box, paint: Painter, what: Hashable
) -> None:
    """Let ``paint`` draw, at ``ZOOM``, over the part of ``canvas`` under ``box`` (layout
    pixels, a pixel of margin added): the patch is enlarged, drawn on, reduced and mapped back
    onto the palette. ``paint`` gets a drawing and the offset to add to layout pixels;
    ``what`` says all that it draws (where included), so that the same drawing on the same
    pixels takes the patch drawn before (:data:`patches`)."""
    left = max(0, math.floor(box[0] / ZOOM) - 1)
    top = max(0, math.floor(box[1] / ZOOM) - 1)
    right = min(canvas.width, math.ceil(box[2] / ZOOM) + 1)
    bottom = min(canvas.height, math.ceil(box[3] / ZOOM) + 1)
    if right <= left or bottom <= top:
        return
    under = canvas.crop((left, top, right, bottom))
    key = (catalog, what, (left, top, right, bottom), under.tobytes())
    done = patches.get(key)
    if done is None:
        patch = under.convert("RGB")
        size = ((right - left) * ZOOM, (bottom - top) * ZOOM)
        patch = patch.resize(size, Image.Resampling.NEAREST)
        paint(ImageDraw.Draw(patch, "RGBA"), -left * ZOOM, -top * ZOOM)
        done = to_palette(catalog, patch.reduce(ZOOM))
        patches.put(key, done)
    canvas.paste(done, (left, top))


def _stack(badges: list[Badge], box: Box, unit: float, align: str) -> Painter:
    """The painter of one stack of badges in ``box`` (layout pixels)."""

    def paint(draw: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
        x0, y0, x1, y1 = box
        draw_stack(draw, badges, (x0 + dx, y0 + dy, x1 + dx, y1 + dy), unit, align)

    return paint


def _colours(layout: MapLayout, first: float) -> Painter:
    """The painter of the legend's rows of colour magic, the first row's top at ``first``
    (layout pixels), in the legend's rows' height and font."""
    u = layout.unit

    def paint(draw: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
        face = font(round(LEGEND_FONT * u))
        for i, row in enumerate(layout.colour_rows):
            y = first + LEGEND_ROW * u * (i + 0.5) + 5 * u + dy
            for text, x in row:
                draw.text((x * ZOOM + dx, y), text, fill=INK, font=face, anchor="lm")

    return paint


def _title_text(view: View) -> str:
    return _("Magic Realm · Day %(day)s, Month %(month)s") % {
        "day": view.day,
        "month": view.month,
    }


def _title(heading: str, viewer: str, layout: MapLayout) -> Painter:
    """The title band's painter: the ``heading`` (day and month) on the left, whose view on
    the right."""
    u = layout.unit
    y = layout.top * ZOOM / 2

    def paint(draw: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
        draw.text(
            (16 * u + dx, y + dy),
            heading,
            fill=INK,
            font=font(round(22 * u)),
            anchor="lm",
            stroke_width=max(1, round(0.4 * u)),
            stroke_fill=INK,
        )
        draw.text(
            (layout.size[0] * ZOOM - 16 * u + dx, y + dy),
            viewer,
            fill=INK,
            font=font(round(18 * u)),
            anchor="rm",
        )

    return paint
