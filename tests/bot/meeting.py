"""A cache's table that lets another thread run at the one moment two map-drawing threads meet
in it (tests of :mod:`bot.maps.png` and :mod:`bot.maps.render`'s caches)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class Meeting(OrderedDict[Hashable, Any]):
    """Once armed, as soon as a look-up has found an entry, ``other`` runs in another thread and
    is waited for a little: it finishes at once unless the cache makes it wait for the look-up
    to be done with the entry."""

    def __init__(self, other: Callable[[], object]) -> None:
        super().__init__()
        self.armed = False
        self.thread = threading.Thread(target=other)

    def get(self, key: Hashable, default: Any = None) -> Any:
        found = super().get(key, default)
        if found is not None and self.armed:
            self.armed = False
            self.thread.start()
            self.thread.join(timeout=0.3)
        return found
