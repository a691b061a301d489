"""The keys SCENARIOS.md Part 3 (magic) adds that the runner does not build yet.

A scenario that uses one fails when it is loaded with ``not supported yet: KEY`` at the place it
is written, never with ``unknown key`` (Part 3: "Until magic exists, a scenario using these keys
fails with `not supported yet: KEY`"). :data:`MAGIC_KEYS` is the one table of them: building a
key is removing its row (and giving the scenario models the key). Part 3's keys that the models
already hold and refuse themselves (:func:`scenarios.plays.unsupported`) are not repeated here,
nor are the orders Part 3 adds (``E``, ``EM``, ``RE``), which the order parser judges.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

ANY = "*"
"""In a path of :data:`MAGIC_KEYS`: any name of a mapping, or any item of a list."""

MAGIC_KEYS: Mapping[tuple[str, ...], str] = MappingProxyType(
    {
        ("options", "enhanced_magic"): "10.C.1",
        ("options", "benevolent_spells"): "10.C.2",
        ("options", "enhanced_artifacts"): "10.C.3",
        ("options", "power_of_the_pit"): "10.C.4",
        ("options", "automatic_enchanting"): "10.C.5",
        ("options", "ambushes"): "10.A.2",
    }
)
"""Each Part 3 key not built yet, as its path from the top of a scenario (:data:`ANY` for a
character's name, a denizen's place in its list, ...), and the rules it comes from."""


def magic_keys(data: Mapping[str, Any]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Each place ``data`` (a parsed scenario) uses a key of :data:`MAGIC_KEYS`, in the table's
    order, as (the place's path, ``not supported yet: KEY (rules)``), KEY being the table's path
    without its :data:`ANY` steps (``characters.color_chits``)."""
    for path, rules in MAGIC_KEYS.items():
        name = ".".join(step for step in path if step != ANY)
        for place in _places(data, path):
            yield place, f"not supported yet: {name} (magic, {rules})"


def _places(value: Any, path: tuple[str, ...]) -> Iterator[tuple[str | int, ...]]:
    """The concrete paths in ``value`` that ``path`` matches (its last key present)."""
    if not path:
        yield ()
        return
    step, rest = path[0], path[1:]
    children: list[tuple[str | int, Any]]
    if isinstance(value, Mapping):
        keys = list(value) if step == ANY else [step] if step in value else []
        children = [(str(key), value[key]) for key in keys]
    elif isinstance(value, list) and step == ANY:
        children = list(enumerate(value))
    else:
        children = []
    for key, child in children:
        for place in _places(child, rest):
            yield (key, *place)
