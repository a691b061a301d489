"""What a piece of work asks of the database (:class:`Reads`): the statements it executes and
the rows the ORM loads, so that a test can say a cost does not grow with the number of
campaigns (the same work beside more campaigns asks the same), without timing anything."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, event
from sqlmodel import Session


@dataclass
class Reads:
    """The statements executed (by their first word: ``SELECT``, ``INSERT``...) and the rows
    loaded as ORM objects (by their class's name) while :func:`reads` watched."""

    statements: Counter[str] = field(default_factory=Counter)
    loaded: Counter[str] = field(default_factory=Counter)


@contextmanager
def reads(engine: Engine) -> Iterator[Reads]:
    """Watch what the work in the block asks of ``engine`` (every thread's sessions)."""
    seen = Reads()

    def executed(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.statements[statement.split(None, 1)[0].upper()] += 1

    def loaded(_session: Session, instance: object) -> None:
        seen.loaded[type(instance).__name__] += 1

    event.listen(engine, "before_cursor_execute", executed)
    event.listen(Session, "loaded_as_persistent", loaded)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", executed)
        event.remove(Session, "loaded_as_persistent", loaded)
