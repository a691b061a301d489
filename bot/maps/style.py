"""The map's look: its colours, its fonts and the colour of a hex.

Every colour the map draws with is a constant here, so that :mod:`bot.maps.palette` can keep
each of them exact in the picture's 256-colour palette.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from rules import ClearingType, TileType

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

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

#: The routes of the final report's maps, in the order of the characters.
ROUTE_COLOURS: tuple[RGB, ...] = (
    (200, 30, 30),
    (30, 90, 200),
    (20, 140, 60),
    (150, 60, 170),
    (230, 120, 0),
    (0, 150, 160),
    (120, 80, 40),
    (210, 60, 140),
)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def ink_on(fill: RGB) -> RGB:
    """Dark text on light fills, light text on dark ones."""
    luma = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return INK if luma > 140 else WHITE


def hex_fill(tile_type: TileType, enchanted: bool) -> RGB:
    """The colour a hex of ``tile_type`` is filled with (enchanted faces are tinted violet)."""
    fill = HEX_FILL[tile_type]
    return mix(fill, ENCHANTED_TINT, ENCHANTED_MIX) if enchanted else fill


@cache
def font(size: int) -> Font:
    """The map's font at ``size`` pixels (never below 6)."""
    return ImageFont.load_default(size=max(size, 6))


def pure_colours() -> list[RGB]:
    """Every colour above, once each, in a fixed order: the colours the picture keeps exact."""
    found: list[RGB] = [BACKGROUND, INK, WHITE, ENCHANTED_RIM, HEX_OUTLINE, ROAD_EDGE, ROAD_CORE]
    found += [TUNNEL, HIDDEN_PATH, SECRET_PASSAGE, DOT_RIM, CHARACTER, HIDDEN_CHARACTER, FAMILIAR]
    found += [DWELLING, VISITOR, ITEM, FACE_DOWN, *ROUTE_COLOURS]
    found += [hex_fill(t, e) for t in TileType for e in (False, True)]
    found += [*CLEARING_FILL.values(), *MONSTER.values(), *NATIVE.values(), *CHIT_FILL.values()]
    return list(dict.fromkeys(found))
