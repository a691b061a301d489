"""The garbage collector tuned for a long-running service.

The catalog (every tile, counter, card and table) and the Boards built from it live as long as
the process, and a full collection walks all of them: about 40 ms at a time, the slowest part of
answering a combat window (the 99th percentile of ``make bench``'s window figures). Frozen after
loading, they are left out of every collection; full collections are made ten times rarer than
Python's default, since what the service allocates per request dies young.
"""

from __future__ import annotations

import gc

#: The generation thresholds: Python's own for the young generations, a tenfold one for the
#: full collection.
THRESHOLDS = (700, 10, 100)


def settle() -> None:
    """Collect once, freeze what survives (the catalog, loaded before), and set the
    thresholds. Call it once the process has loaded what it keeps."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
