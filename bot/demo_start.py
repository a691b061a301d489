"""The demo's worker started first thing (:func:`early_worker`): ``realmbot run`` without
Discord starts it before it loads the engine, the database code and the catalog, so that the
worker loads its own (the drawing code, the engine, the catalog) on the machine's other core
meanwhile, and is ready when the first day's map and the next day's orders are asked of it
(:mod:`bot.demo`). Only this module, the settings and :mod:`bot.maps.pool` are loaded first.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.maps.pool import MapPool
    from rules import Catalog


def many_cores() -> bool:
    """Whether the demo has a worker: on a machine of more than one core."""
    return (os.cpu_count() or 1) > 1


def demo_pool(catalog: Catalog | None = None) -> MapPool:
    """The demo's worker, not yet started: one process drawing the maps and working out the
    autopilot's orders ahead, with ``catalog`` (None: the worker loads the shared one through
    the compiled cache itself)."""
    from bot.maps.pool import MapPool

    return MapPool(catalog, workers=1, autopilot=True)


def early_worker() -> MapPool | None:
    """The demo's worker (:func:`demo_pool`), started in the background, when ``realmbot run``
    will run the demo (no Discord token is configured) on a machine of more than one core;
    else None (settings that do not read are left for the command to report)."""
    from pydantic import ValidationError

    from bot.config import Settings

    try:
        discord = Settings().discord
    except ValidationError:
        return None
    if discord or not many_cores():
        return None
    maps = demo_pool()
    maps.start()
    return maps
