"""The map picture: :func:`render_map` (a PNG of what one viewer sees), :func:`render_image`,
and :class:`MapLayout` / :func:`pixel_of` to find where things are drawn.

Modules: ``style`` (colours and fonts), ``layout`` (where things go), ``tiles`` (what never
moves: the tiles and the legend), ``badges`` (the pieces), ``palette`` (the 256 colours and the
PNG), ``render`` (a map put together).
"""

from bot.maps.layout import DEFAULT_SCALE, MapLayout, pixel_of, visible_roads
from bot.maps.render import map_file_name, render_image, render_map

__all__ = [
    "DEFAULT_SCALE",
    "MapLayout",
    "map_file_name",
    "pixel_of",
    "render_image",
    "render_map",
    "visible_roads",
]
