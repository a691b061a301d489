"""The service's collector settings (bot.collector)."""

from __future__ import annotations

import gc

from bot import collector


def test_settle_freezes_what_is_loaded_and_makes_full_collections_rarer():
    before = gc.get_threshold()
    try:
        collector.settle()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == collector.THRESHOLDS
        assert collector.THRESHOLDS[2] > 10, "rarer than Python's default full collections"
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
