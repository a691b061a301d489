"""The catalog's indexes: records of one kind looked up by exact name or alias (:class:`Index`),
and the error an unknown name raises with the closest valid names (:class:`UnknownNameError`).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Generic, TypeVar

from rules.schema.base import CatalogError, Record

R = TypeVar("R", bound=Record)


class UnknownNameError(LookupError):
    """A name that is not in the catalog; ``suggestions`` are the closest valid names."""

    def __init__(self, kind: str, name: str, suggestions: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(map(repr, suggestions))}?" if suggestions else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


class Index(Mapping[str, R], Generic[R]):
    """Records of one kind, looked up by their exact name (and any exact alias).

    Iteration yields the primary names in data-file order. ``index[name]`` raises
    :class:`UnknownNameError` with the closest names when ``name`` is unknown.
    """

    def __init__(
        self,
        kind: str,
        records: Iterable[R],
        key: Callable[[R], str],
        aliases: Callable[[R], Iterable[str]] = lambda _record: (),
    ) -> None:
        self.kind = kind
        self._primary: dict[str, R] = {}
        self._all: dict[str, R] = {}
        for record in records:
            name = key(record)
            if name in self._all:
                raise CatalogError(f"{kind} data", repr(name), f"{kind} {name!r} is listed twice")
            self._primary[name] = record
            self._all[name] = record
            for alias in aliases(record):
                if alias in self._all and self._all[alias] is not record:
                    raise CatalogError(f"{kind} data", repr(name), f"alias {alias!r} is taken")
                self._all[alias] = record

    def __getitem__(self, name: str) -> R:
        try:
            return self._all[name]
        except KeyError:
            raise UnknownNameError(self.kind, name, self.suggest(name)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._all

    def any_in(self, names: Iterable[str]) -> bool:
        """Whether any of ``names`` is a name (or alias) of the index: ``any(n in index for n
        in names)``, at the speed of a set."""
        return not self._all.keys().isdisjoint(names)

    def __iter__(self) -> Iterator[str]:
        return iter(self._primary)

    def __len__(self) -> int:
        return len(self._primary)

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The valid names closest to ``name``: a case-insensitive match first, then look-alikes."""
        folded = {known.casefold(): known for known in self._all}
        exact_case = folded.get(name.casefold())
        close = difflib.get_close_matches(name, list(self._all), n=limit, cutoff=0.5)
        close_folded = difflib.get_close_matches(name.casefold(), list(folded), n=limit, cutoff=0.5)
        ordered = [exact_case] if exact_case else []
        ordered += close + [folded[f] for f in close_folded]
        return list(dict.fromkeys(ordered))[:limit]

    def names(self) -> Iterator[str]:
        """Every name and alias that resolves in this index."""
        return iter(self._all)

    def named(self, name: str) -> R | None:
        """The record called ``name``, or None (for callers that have their own error)."""
        return self._all.get(name)
