"""The garbage collector tuned for a long-running service.

The catalog (every tile, counter, card and table) and the Boards built from it live as long as
the process, and a full collection walks all of them: about 40 ms at a time, the slowest part of
answering a combat window (the 99th percentile of ``make bench``'s window figures). Frozen after
loading, they are left out of every collection; full collections are made ten times rarer than
Python's default, since what the service allocates per request dies young. A batch job (the
demo's month) makes none at all (:func:`settle` with ``batch``): what it keeps grows by about a
megabyte a month, and its full collections cost more than that (three, ~0.13 s of a month).
"""

from __future__ import annotations

import gc

#: The generation thresholds: Python's own for the young generations, a tenfold one for the
#: full collection.
THRESHOLDS = (700, 10, 100)

#: A batch job's: the young generations as Python's, a full collection never in practice.
BATCH_THRESHOLDS = (700, 10, 10**9)


def settle(*, batch: bool = False) -> None:
    """Collect once, freeze what survives (the catalog, loaded before), and set the
    thresholds. Call it once the process has loaded what it keeps. A ``batch`` job, which
    ends soon, freezes what it has loaded without collecting first and makes no full
    collection after (:data:`BATCH_THRESHOLDS`)."""
    if not batch:
        gc.collect()
    gc.freeze()
    gc.set_threshold(*(BATCH_THRESHOLDS if batch else THRESHOLDS))
