"""The catalog kept compiled in the user's cache, so a short command does not read the YAML.

Building the catalog (:func:`rules.catalog.load_catalog`: parse every data file, validate every
entry, check every cross-reference) costs more than most commands do. :func:`load` keeps the
built catalog pickled in ``$XDG_CACHE_HOME/realmbot`` (``~/.cache/realmbot`` without it),
under a name holding the hash of everything the catalog is made from (:func:`cache_key`: each
data file's name and bytes, the source of the catalog's code, and the versions of Python and
pydantic), so changed data or code never meets an old file: it builds and writes a new one.
A file that is missing, unreadable or damaged, or a cache folder that cannot be written, only
costs the build from YAML; the catalog returned is always the data's.

The pickle is written by this user into this user's cache folder and read back from it only:
it is trusted as the user's own files are.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

from pydantic import VERSION as PYDANTIC_VERSION

from rules import DATA_DIR, Catalog, load_catalog
from rules import catalog as shared_catalog

#: The modules whose source decides what a built catalog is (besides its data files).
_RULES = Path(__file__).resolve().parents[1] / "rules"
_CODE = tuple(_RULES / name for name in ("catalog.py", "catalog_index.py", "catalog_references.py"))
_SCHEMA = _RULES / "schema"


def cache_dir() -> Path:
    """Where the compiled catalog lives: ``$XDG_CACHE_HOME/realmbot``, by default
    ``~/.cache/realmbot`` (the XDG Base Directory rule: a relative ``XDG_CACHE_HOME`` is
    ignored)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "realmbot"


def cache_key(data_dir: Path = DATA_DIR) -> str:
    """The hash of what the catalog of ``data_dir`` is made from: the data files (names and
    bytes), the catalog's code and schemas (their source), and Python's and pydantic's
    versions (which decide what a pickle holds)."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version}\0pydantic {PYDANTIC_VERSION}\0".encode())
    sources = [*_CODE, *sorted(_SCHEMA.glob("*.py"))]
    data = sorted(data_dir.glob("*.yaml"))
    for path in (*sources, *data):
        content = path.read_bytes()
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()[:32]


def cache_file(data_dir: Path = DATA_DIR, directory: Path | None = None) -> Path:
    """The file that holds (or will hold) the compiled catalog of ``data_dir``."""
    return (directory or cache_dir()) / f"catalog-{cache_key(data_dir)}.pickle"


def load(data_dir: Path = DATA_DIR, directory: Path | None = None) -> Catalog:
    """The catalog of ``data_dir``: from its compiled file when there is a sound one, else
    built from the YAML and written there for next time (a folder that cannot be written is
    left alone). A :class:`rules.CatalogError` in the data is raised as the build raises it."""
    path = cache_file(data_dir, directory)
    cached = _read(path)
    if cached is not None:
        return cached
    built = load_catalog(data_dir)
    _write(path, built)
    return built


def catalog() -> Catalog:
    """The process's shared catalog (:func:`rules.catalog.catalog`), loaded through the cache
    if nothing has loaded it yet."""
    return shared_catalog(load)


def _read(path: Path) -> Catalog | None:
    """The catalog pickled at ``path``, or None if there is none or it cannot be read back
    whole (truncated, damaged, of classes that changed)."""
    try:
        with path.open("rb") as handle:
            loaded = pickle.load(handle)
    except Exception:  # missing or damaged: built again, never trusted
        return None
    return loaded if isinstance(loaded, Catalog) else None


def _write(path: Path, built: Catalog) -> None:
    """Pickle ``built`` to ``path`` through a temporary file renamed over it, so a reader
    never sees half a file; an unwritable folder only means no cache."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".catalog-")
    except OSError:
        return
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            pickle.dump(built, file, protocol=pickle.HIGHEST_PROTOCOL)
        temporary.replace(path)
    except OSError:
        temporary.unlink(missing_ok=True)
