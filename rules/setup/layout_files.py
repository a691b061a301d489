"""Layout files (SCENARIOS.md's ``map: {tiles: ...}``): a given map, read and checked for form.

:func:`read_layout` reads a file, :func:`layout_from_data` already-parsed data; both check only
the form of each entry. Whether the map is legal is :func:`rules.setup.legal_map.check_layout`'s
business (3.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from rules.board import LayoutError
from rules.layout import PlacedTile
from rules.plain_yaml import load_plain_yaml

__all__ = ["LayoutError", "layout_from_data", "read_layout"]

_ENTRY_KEYS = ("tile", "at", "rotation", "side")
_SIDES = {"normal": False, "enchanted": True}


def read_layout(path: Path | str) -> list[PlacedTile]:
    """Read a layout file: ``{tiles: [{tile: DW, at: [0, 0], rotation: 0, side: normal}, ...]}``
    (SCENARIOS.md; ``rotation`` defaults to 0, ``side`` to normal).

    Only the form is checked; pass the result to :func:`check_layout`. A file that cannot be
    read, is not YAML (aliases and deep nesting refused: :mod:`rules.plain_yaml`), has an unknown
    key or a bad value raises :class:`LayoutError` with a one-line message naming the file and
    the entry (its ``tile`` set when the entry names one).
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"cannot be read: {exc.strerror or exc}", source=source) from exc
    except UnicodeDecodeError as exc:
        raise LayoutError("cannot be read: not UTF-8 text", source=source) from exc
    try:
        raw = load_plain_yaml(text)
    except yaml.YAMLError as exc:
        raise LayoutError(f"not valid YAML: {_yaml_problem(exc)}", source=source) from exc
    return layout_from_data(raw, source)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        return f"{exc.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return " ".join(str(exc).split())


def layout_from_data(raw: object, source: str = "layout") -> list[PlacedTile]:
    """Read already-parsed layout data (the value of a scenario's ``map``) as in
    :func:`read_layout`; ``source`` starts every error message."""
    if not isinstance(raw, Mapping):
        raise LayoutError("must be a mapping with a 'tiles' list", source=source)
    unknown = [str(key) for key in raw if key != "tiles"]
    if unknown:
        raise LayoutError(f"unknown key {unknown[0]!r} (the only key is 'tiles')", source=source)
    entries = raw.get("tiles")
    if not isinstance(entries, list):
        raise LayoutError("'tiles' must be a list of placed tiles", source=source)
    return [_entry(source, index, entry) for index, entry in enumerate(entries)]


def _entry(source: str, index: int, raw: object) -> PlacedTile:
    label = f"tiles[{index}]"
    tile = raw.get("tile") if isinstance(raw, Mapping) else None
    code = tile if isinstance(tile, str) else None

    def fail(reason: str) -> LayoutError:
        error = LayoutError(f"{label}{f' ({code})' if code else ''}: {reason}", source=source)
        error.tile = code
        return error

    if not isinstance(raw, Mapping):
        raise fail("must be a mapping like {tile: DW, at: [0, 0], rotation: 0}")
    for key in raw:
        if key not in _ENTRY_KEYS:
            raise fail(f"unknown key {key!r} (keys: {', '.join(_ENTRY_KEYS)})")
    if code is None:
        raise fail("'tile' must be a tile code such as DW")
    at: Any = raw.get("at")
    if not (
        isinstance(at, list)
        and len(at) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in at)
    ):
        raise fail(f"'at' must be two whole numbers [q, r], not {at!r}")
    rotation: Any = raw.get("rotation", 0)
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 5:
        raise fail(f"'rotation' must be a whole number 0..5, not {rotation!r}")
    side: Any = raw.get("side", "normal")
    if side not in _SIDES:
        raise fail(f"'side' must be normal or enchanted, not {side!r}")
    return PlacedTile(tile=code, at=(at[0], at[1]), rotation=rotation, enchanted=_SIDES[side])
