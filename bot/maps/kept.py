"""What the map draws once per process — its palette, its tiles' sprites, its legend — kept in the
user's cache, so that a new process's first map does not draw them again.

Each is a file in a folder of ``$XDG_CACHE_HOME/realmbot/maps`` (:func:`bot.catalog_cache.
cache_dir`) named by the hash of everything they are drawn from (:func:`folder`): the map's code
(every module of :mod:`bot.maps`), the tiles of the catalog, and the versions of Python and
Pillow (whose fonts and drawing make the pixels). A file holds what was drawn exactly, so a
picture made from it is the one drawn anew, pixel for pixel. A file missing, damaged or of
another form, or a folder that cannot be written, only costs the drawing. The files are written
by this user into this user's cache folder and read back from it only.
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import tempfile
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import PIL
from PIL import Image

from rules import Catalog

#: The map's code: what decides how its pictures are drawn.
_CODE = Path(__file__).resolve().parent
#: A kept picture's header: its width and height, and how many numbers go with it (up to four),
#: and those numbers.
_HEADER = struct.Struct(">HHB4d")


@cache
def folder(catalog: Catalog) -> Path:
    """The folder of the pictures drawn from ``catalog``: named by the hash of the map's code,
    the catalog's tiles and the versions of Python and Pillow."""
    from bot.catalog_cache import cache_dir

    digest = hashlib.sha256(f"{sys.version}\0Pillow {PIL.__version__}\0".encode())
    for path in sorted(_CODE.glob("*.py")):
        content = path.read_bytes()
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    digest.update(repr(sorted(catalog.tiles.items())).encode())
    return cache_dir() / "maps" / digest.hexdigest()[:32]


def load(catalog: Catalog, name: str) -> bytes | None:
    """The bytes kept as ``name`` for ``catalog``, or None."""
    try:
        return (folder(catalog) / name).read_bytes()
    except OSError:
        return None


def save(catalog: Catalog, name: str, data: bytes) -> None:
    """Keep ``data`` as ``name`` for ``catalog``: written to a temporary file renamed over it,
    so that a reader never sees half a file; a folder that cannot be written is left alone."""
    path = folder(catalog) / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".kept-")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        Path(temporary).replace(path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)


def picture(
    catalog: Catalog,
    name: str,
    colours: Callable[[], list[int]],
    draw: Callable[[], tuple[Image.Image, tuple[float, ...]]],
) -> tuple[Image.Image, tuple[float, ...]]:
    """The palette picture kept as ``name`` and the numbers (up to four) kept with it; else
    ``draw()``'s, kept for next time. A kept picture gets the palette ``colours()``, which must
    be the one ``draw`` maps its pictures onto."""
    data = load(catalog, name)
    if data is not None and len(data) >= _HEADER.size:
        width, height, count, *numbers = _HEADER.unpack_from(data)
        try:
            pixels = zlib.decompress(data[_HEADER.size :])
        except zlib.error:
            pixels = b""
        if len(pixels) == width * height and count <= len(numbers):
            image = Image.frombytes("P", (width, height), pixels)
            image.putpalette(colours())
            return image, tuple(numbers[:count])
    image, kept = draw()
    if image.mode != "P" or len(kept) > 4:
        raise ValueError("a palette picture and up to four numbers are kept")
    numbers = [*kept, *([0.0] * (4 - len(kept)))]
    header = _HEADER.pack(image.width, image.height, len(kept), *numbers)
    save(catalog, name, header + zlib.compress(image.tobytes(), 1))
    return image, kept
