"""The map's 256 colours, and the PNG it is sent as.

A map is a few flat colours and their antialiased edges, so 256 colours show it without visible
loss, and a palette PNG (:mod:`bot.maps.png`) encodes several times faster than an RGB one and
is half its size. The palette is chosen once per process: every colour of
:mod:`bot.maps.style`, exact, and the rest picked by Pillow's fast octree from a sample of what
maps show (every tile's faces, the legend, a badge of every colour). Each picture is then mapped
onto it without dithering, which keeps flat colours flat and costs a few milliseconds for a
whole map.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.maps import kept
from bot.maps.badges import BADGE_HEIGHT, Badge, badge_width, draw_badge
from bot.maps.layout import ZOOM
from bot.maps.png import palette_png
from bot.maps.style import BACKGROUND, pure_colours
from bot.maps.tiles import TileKey, draw_legend, draw_tile
from rules import Catalog, TileType

#: No other colour of the palette comes within this many levels (on some channel) of one of
#: :func:`pure_colours`.
PURE_CLEARANCE = 8
#: The palette's file among the map's kept pictures (:mod:`bot.maps.kept`).
PALETTE = "palette"
#: How many tiles of each type the sample draws.
SAMPLE_TILES = 2
#: The scale the sample is drawn at (pixels per map unit): blends do not depend on it.
SAMPLE_SCALE = 80.0


@cache
def palette(catalog: Catalog) -> Image.Image:
    """A 1×1 palette image holding the map's 256 colours (the first ones :func:`pure_colours`),
    chosen once and kept in the user's cache (:mod:`bot.maps.kept`)."""
    flat = kept.load(catalog, PALETTE)
    if flat is None or len(flat) != 3 * 256:
        flat = bytes(_chosen(catalog))
        kept.save(catalog, PALETTE, flat)
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def palette_colours(catalog: Catalog) -> list[int]:
    """The map's palette as Pillow gives it (red, green, blue of each colour in turn)."""
    return palette(catalog).getpalette() or []


def _chosen(catalog: Catalog) -> list[int]:
    """The palette's colours chosen from a sample of what maps show (:func:`_sample`)."""
    exact = pure_colours()
    sample = _sample(catalog).quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE)
    flat = sample.getpalette() or []
    picked = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    colours = exact + [c for c in picked if all(_apart(c, e) for e in exact)]
    flat = [channel for colour in colours[:256] for channel in colour]
    flat += flat[:3] * (256 - len(colours))
    return flat


def _apart(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether ``a`` is far enough from ``b`` not to take its place: Pillow maps a pixel to a
    palette entry through a cache of 4×4×4 colour cells, each given the entry nearest its
    centre, so an entry a few levels from an exact colour could win that colour's cell."""
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) > PURE_CLEARANCE


def to_palette(catalog: Catalog, image: Image.Image) -> Image.Image:
    """``image`` (RGB) in the map's palette, each pixel its nearest colour."""
    return image.quantize(palette=palette(catalog), dither=Image.Dither.NONE)


def encode_png(catalog: Catalog, image: Image.Image) -> bytes:
    """``image`` as a palette PNG (:func:`~bot.maps.png.palette_png`: the bands of rows met
    before are not compressed again); an RGB image is first mapped onto the map's palette."""
    if image.mode != "P":
        image = to_palette(catalog, image)
    return palette_png(image)


def _sample(catalog: Catalog) -> Image.Image:
    """Tiles of each type (both faces, all their roads: the kinds of road drawn on each fill,
    the two with the most kinds of road), the legend and a badge of each colour."""
    parts: list[Image.Image] = []
    for tile_type in TileType:
        tiles = [t for t in catalog.tiles.values() if t.type is tile_type]
        tiles.sort(key=lambda t: -len({r.type for s in (t.normal, t.enchanted) for r in s.roads}))
        for tile in tiles[:SAMPLE_TILES]:
            for enchanted in (False, True):
                side = tile.side(enchanted)
                roads = tuple(range(len(side.roads)))
                key = TileKey(tile.code, enchanted, 0, roads, SAMPLE_SCALE)
                parts.append(draw_tile(catalog, key)[0].reduce(ZOOM))
    columns = 8
    tile_w, tile_h = parts[0].size
    rows = -(-len(parts) // columns)
    legend = draw_legend(760, 80, 160.0).reduce(ZOOM)
    badges = _badges()
    width = max(columns * tile_w, legend.width, badges.width)
    sample = Image.new("RGB", (width, rows * tile_h + legend.height + badges.height), BACKGROUND)
    for i, part in enumerate(parts):
        sample.paste(part, ((i % columns) * tile_w, (i // columns) * tile_h))
    sample.paste(legend, (0, rows * tile_h))
    sample.paste(badges, (0, rows * tile_h + legend.height))
    return sample


def _badges() -> Image.Image:
    """A badge of every colour the map has, each shape, with text on it."""
    unit = ZOOM
    fills = pure_colours()
    shapes = ("pill", "box", "token", "chit")
    badges = [Badge("Ab x2", fill, shape) for fill in fills for shape in shapes]
    row = (BADGE_HEIGHT + 2) * unit
    width = max(badge_width(b, unit) for b in badges) + 4 * unit
    image = Image.new("RGB", (round(width * 4), round(row * len(fills)) + 1), BACKGROUND)
    draw = ImageDraw.Draw(image, "RGBA")
    for i, badge in enumerate(badges):
        draw_badge(draw, badge, (i % 4) * width, (i // 4) * row, unit)
    return image.reduce(ZOOM)
