"""Adding and getting one row by id: the helpers :mod:`db.repo` and :mod:`db.messages` share."""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session, SQLModel

Row = TypeVar("Row", bound=SQLModel)


def add(session: Session, row: Row) -> Row:
    """Add ``row`` and flush it (it has its id after)."""
    session.add(row)
    session.flush()
    return row


def get(session: Session, model: type[Row], row_id: int) -> Row:
    """The ``model`` row with id ``row_id``; LookupError if there is none."""
    row = session.get(model, row_id)
    if row is None:
        raise LookupError(f"no {model.__name__} with id {row_id}")
    return row
