"""Where a request comes from, so that campaigns elsewhere do not exist for it.

A slash command runs in one Discord server: it sees that server's campaigns only, and a
campaign's name need be unique only there. A direct message sees the campaigns its sender has a
seat in. The command line and the scheduler have no scope: they see every campaign, and refer to
one by ``#<id>`` where names could be shared (:func:`campaign_ref`).

The transport sets the scope for the request (:func:`scoped`); it is a context variable, so it
follows the request into the worker thread the service runs in.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Scope:
    """A request from the server ``guild``, or by direct message from ``player``; ``user`` is
    who asks (his id, as the service knows him) and ``name`` his display name, which the
    service records for the lines people read (never for deciding anything)."""

    guild: str | None = None
    player: str | None = None
    user: str | None = None
    name: str | None = None

    def name_of(self, user: str) -> str | None:
        """The display name of ``user`` if he is the one asking, else None."""
        asker = self.user or self.player
        return self.name if asker == user and self.name else None


_SCOPE: ContextVar[Scope | None] = ContextVar("realmbot_scope", default=None)


def current() -> Scope | None:
    """The scope of the request being served, or None (the command line, the scheduler)."""
    return _SCOPE.get()


def enter(scope: Scope | None) -> None:
    """Set the scope for the rest of the current task (and the threads it starts)."""
    _SCOPE.set(scope)


@contextmanager
def scoped(scope: Scope | None) -> Iterator[None]:
    """Serve what runs in the block within ``scope``."""
    token = _SCOPE.set(scope)
    try:
        yield
    finally:
        _SCOPE.reset(token)


def campaign_ref(campaign_id: int) -> str:
    """A name for the campaign with this id that no other campaign shares, for the scheduler."""
    return f"#{campaign_id}"
