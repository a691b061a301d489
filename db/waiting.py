"""Waiting for the database: how long a unit of work waits its turn to write
(:class:`Patience`), the queue of one process's writers to one SQLite file (:class:`Turns`,
:func:`turns_of`), and what a unit that waited in vain raises (:class:`DatabaseBusyError`).

This module imports nothing but the standard library, so that the command line can catch
:class:`DatabaseBusyError` without loading the database's machinery; :mod:`db.engine` uses
the rest (its docstring says why writers wait so).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass


class DatabaseBusyError(Exception):
    """The database stayed busy with other writers for longer than a unit of work's
    :class:`Patience` (or, on PostgreSQL, chose it as a deadlock's victim): the unit did nothing
    and may be asked again. ``waited`` is how long it waited, in seconds."""

    def __init__(self, waited: float, reason: str) -> None:
        super().__init__(f"the database is busy (waited {waited:.0f} s: {reason}); try again")
        self.waited = waited
        self.reason = reason


@dataclass(frozen=True)
class Patience:
    """How a SQLite connection waits for the write lock: ``attempt_ms``, SQLite's own busy
    timeout for one ``BEGIN IMMEDIATE``; ``seconds``, the whole wait of a unit of work (its turn
    in its process, then every attempt and the back-off between them) before it gives up with
    :class:`DatabaseBusyError`; ``backoff``, the first pause between attempts, doubling up to
    ``max_backoff``."""

    attempt_ms: int = 5000
    seconds: float = 120.0
    backoff: float = 0.05
    max_backoff: float = 1.0


class Turns:
    """One process's writers to one SQLite file, served first come, first served.

    :meth:`acquire` takes a ticket and waits until every earlier ticket has been served (or
    given up); a thread holding the turn may take it again (a unit of work opened inside
    another, before the outer one touched the database); :meth:`release` passes it on."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._issued = 0
        self._serving = 0
        self._abandoned: set[int] = set()
        self._owner: int | None = None
        self._depth = 0

    def acquire(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for this thread's turn; False if it did not come."""
        me = threading.get_ident()
        with self._changed:
            if self._owner == me:
                self._depth += 1
                return True
            ticket = self._issued
            self._issued += 1
            if not self._changed.wait_for(lambda: self._serving == ticket, max(timeout, 0.0)):
                self._abandoned.add(ticket)
                return False
            self._owner, self._depth = me, 1
            return True

    def release(self) -> None:
        """End this thread's turn (once as often as it was taken); the next ticket's starts."""
        with self._changed:
            if self._owner != threading.get_ident():
                raise RuntimeError("a turn released by a thread that does not hold it")
            self._depth -= 1
            if self._depth:
                return
            self._owner = None
            self._serving += 1
            while self._serving in self._abandoned:
                self._abandoned.discard(self._serving)
                self._serving += 1
            self._changed.notify_all()


_TURNS: dict[str, Turns] = {}
_REGISTRY = threading.Lock()
#: Each path's real path, resolved once (a file's links are not changed under a running bot).
_REAL: dict[str, str] = {}


def turns_of(path: str) -> Turns:
    """The queue of this process's writers to the SQLite file at ``path`` (its real path,
    resolved the first time only: every unit of work asks, and resolving a path is a system call
    for each of its folders)."""
    key = _REAL.get(path)
    if key is None:
        key = _REAL[path] = os.path.realpath(path)
    with _REGISTRY:
        turns = _TURNS.get(key)
        if turns is None:
            turns = _TURNS[key] = Turns()
        return turns


def _forget_turns() -> None:
    """A forked child has none of its parent's threads: the turns they held are nobody's."""
    global _REGISTRY
    _REGISTRY = threading.Lock()
    _TURNS.clear()


os.register_at_fork(after_in_child=_forget_turns)
