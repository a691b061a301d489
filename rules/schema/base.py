"""The building blocks every catalog schema shares.

Each kind of game data (tiles, characters, treasures, ...) is a frozen pydantic model deriving from
:class:`Record`. Data files are YAML documents with one top-level key holding a list of entries;
:func:`load_entries` validates them one at a time so that a broken entry is reported with its file,
its position and its name, never as a bare pydantic traceback.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError


class CatalogError(ValueError):
    """Game data that cannot be loaded: names the file, the entry and the reason."""

    def __init__(self, file: str, entry: str, reason: str) -> None:
        self.file = file
        self.entry = entry
        self.reason = reason
        super().__init__(f"{file}: {entry}: {reason}")


class Record(BaseModel):
    """A frozen, strictly-keyed catalog record: unknown keys are errors, nothing is mutable."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


class Weight(enum.StrEnum):
    """Weight and vulnerability letters (2.1.1, 4.3.1); ``-`` is negligible weight."""

    NEGLIGIBLE = "-"
    LIGHT = "L"
    MEDIUM = "M"
    HEAVY = "H"
    TREMENDOUS = "T"

    @property
    def rank(self) -> int:
        """Order of the letters, negligible lowest, used for 'at least as heavy as' comparisons."""
        return _WEIGHT_RANKS[self]


_WEIGHT_RANKS = {weight: index for index, weight in enumerate(Weight)}


class MagicColor(enum.StrEnum):
    """The five colours of magic (4.6.2)."""

    WHITE = "white"
    GRAY = "gray"
    GOLD = "gold"
    PURPLE = "purple"
    BLACK = "black"


class MagicType(enum.StrEnum):
    """The eight types of magic printed on spells and Magic chits (2.5.1, 4.6.1)."""

    I = "I"  # noqa: E741 - the rulebook's own numeral
    II = "II"
    III = "III"
    IV = "IV"
    V = "V"
    VI = "VI"
    VII = "VII"
    VIII = "VIII"


class Relationship(enum.IntEnum):
    """Trading relationship levels of the Meeting Table (7.6.2), from worst to best."""

    ENEMY = -2
    UNFRIENDLY = -1
    NEUTRAL = 0
    FRIENDLY = 1
    ALLY = 2


R = TypeVar("R", bound=Record)


def read_yaml(path: Path) -> Any:
    """Parse one YAML data file, turning a syntax error into a :class:`CatalogError`. PyYAML is
    imported only here: a catalog read from the compiled cache (and the engine's state, whose
    models live beside these) needs none of it."""
    import yaml

    # libyaml's C parser when PyYAML was built with it; the same safe subset of YAML either way.
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=loader)
    except OSError as exc:
        raise CatalogError(path.name, "(file)", f"cannot be read: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise CatalogError(path.name, "(file)", f"is not valid YAML: {exc}") from exc


def entry_label(key: str, index: int, raw: object) -> str:
    """How an entry is named in errors: ``tiles[3] 'CV'`` (by its name or code when it has one)."""
    label = f"{key}[{index}]"
    if isinstance(raw, Mapping):
        for field in ("code", "name", "id", "key"):
            value = raw.get(field)
            if isinstance(value, str | int):
                return f"{label} {str(value)!r}"
    return label


def describe_validation_error(exc: ValidationError) -> str:
    """One readable line per problem: ``roads.2.b: clearing 7 is not on this side``."""
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(p) for p in error["loc"]) or "(entry)"
        message = error["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}")
    return "; ".join(parts)


def validate_entry(model: type[R], raw: object, file: str, label: str) -> R:
    """Validate one raw entry against ``model``; failures name the file and the entry."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise CatalogError(file, label, describe_validation_error(exc)) from exc


def load_entries(path: Path, key: str, model: type[R]) -> tuple[R, ...]:
    """Load the list under ``key`` in the YAML file at ``path`` as ``model`` records.

    Raises :class:`CatalogError` naming the file, the entry (position and name) and the reason
    when the file is missing or malformed, when ``key`` is absent, or when an entry is invalid.
    """
    document = read_yaml(path)
    if not isinstance(document, Mapping) or key not in document:
        raise CatalogError(path.name, "(file)", f"must be a mapping with a top-level {key!r} list")
    raw_entries = document[key]
    if not isinstance(raw_entries, Sequence) or isinstance(raw_entries, str):
        raise CatalogError(path.name, key, "must be a list of entries")
    return tuple(
        validate_entry(model, raw, path.name, entry_label(key, index, raw))
        for index, raw in enumerate(raw_entries)
    )


def load_document(path: Path, model: type[R]) -> R:
    """Load a whole YAML file as one ``model`` record (for files that are a single table)."""
    return validate_entry(model, read_yaml(path), path.name, "(file)")


def unique(items: Sequence[str], what: str) -> None:
    """Raise ``ValueError`` naming the first duplicate in ``items`` (for model validators)."""
    seen: set[str] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"{what} {item!r} is listed twice")
        seen.add(item)
