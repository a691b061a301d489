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


def test_a_batch_job_freezes_what_is_loaded_and_makes_no_full_collection():
    before = gc.get_threshold()
    try:
        collector.settle(batch=True)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[:2] == before[:2], "the young generations as Python's"
        assert gc.get_threshold()[2] >= 10**6, "no full collection in practice"
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
