"""The map picture: :func:`render_map` (a PNG of what one viewer sees), :func:`render_image`,
and :class:`MapLayout` / :func:`pixel_of` to find where things are drawn.

Modules: ``style`` (colours and fonts), ``layout`` (where things go), ``tiles`` (what never
moves: the tiles and the legend), ``badges`` (the pieces), ``palette`` (the 256 colours and the
PNG), ``render`` (a map put together), ``pool`` (maps drawn in worker processes).

The names below are loaded when first asked for: importing :mod:`bot.maps.pool` alone does not
load the drawing code (the demo starts its worker before the process loads the engine, and the
worker loads that code itself).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.maps.layout import DEFAULT_SCALE, MapLayout, pixel_of, visible_roads
    from bot.maps.render import map_file_name, render_image, render_map

#: Each name's module, under ``bot.maps``.
_HOMES = {
    "DEFAULT_SCALE": "layout",
    "MapLayout": "layout",
    "pixel_of": "layout",
    "visible_roads": "layout",
    "map_file_name": "render",
    "render_image": "render",
    "render_map": "render",
}

__all__ = [
    "DEFAULT_SCALE",
    "MapLayout",
    "map_file_name",
    "pixel_of",
    "render_image",
    "render_map",
    "visible_roads",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bot.maps' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"bot.maps.{home}"), name)
    globals()[name] = value
    return value
