"""Broken copies of the packaged data files, for the tests of malformed data.

The contract: each helper reads a packaged file from ``rules.catalog.DATA_DIR`` (never changing
it), writes the broken copy under the same name into a folder the test owns (pytest's
``tmp_path``, or the folder of a :func:`data_copy`) and returns its path.

- :func:`replaced` changes the text: ``old`` must be present, and only its first occurrence is
  replaced, so a test breaks exactly the line it names.
- :func:`edited` changes the parsed document: ``change`` mutates ``document[key]`` (or the whole
  document when ``key`` is None) in place, and the result is dumped with its key order kept.
- :func:`data_copy` copies the whole data folder, for loading the full catalog.
- :func:`load_error` loads a list of entries that must fail and returns the ``CatalogError``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.catalog import DATA_DIR
from rules.schema.base import CatalogError, Record, load_entries


def replaced(folder: Path, file: str, old: str, new: str) -> Path:
    """``folder / file``: the packaged ``file`` with its first ``old`` replaced by ``new``."""
    text = (DATA_DIR / file).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}"
    path = folder / file
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def edited(
    tmp_path: Path, file: str, change: Callable[[Any], None], key: str | None = None
) -> Path:
    """``tmp_path / file``: the packaged ``file`` after ``change`` has mutated it in place.

    ``change`` receives ``document[key]``, or the whole document when ``key`` is None.
    """
    document = yaml.safe_load((DATA_DIR / file).read_text(encoding="utf-8"))
    change(document if key is None else document[key])
    path = tmp_path / file
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def data_copy(tmp_path: Path) -> Path:
    """``tmp_path / "data"``: a copy of the whole packaged data folder."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    return data


def load_error(path: Path, key: str, model: type[Record]) -> CatalogError:
    """The ``CatalogError`` that loading the ``key`` entries of ``path`` as ``model`` raises."""
    with pytest.raises(CatalogError) as caught:
        load_entries(path, key, model)
    return caught.value
