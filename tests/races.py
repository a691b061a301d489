"""Running calls at the same moment, for the tests that prove nothing races."""

from __future__ import annotations

import threading
from collections.abc import Callable


def race(*calls: Callable[[], object]) -> list[object]:
    """Run ``calls`` at once, each in its thread, released together; their results (or the
    exception each raised), in order."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        barrier.wait()
        try:
            results[index] = call()
        except Exception as error:  # a racer's refusal or failure is its result
            results[index] = error

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
