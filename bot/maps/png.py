"""The map's PNG, compressed in bands of rows, each band compressed once per process.

Day after day a campaign's maps differ in a few places (the pieces that moved, the title), and
the final report's route maps differ from the public map only along their routes. A palette PNG
is one zlib stream of its rows; here each band of :data:`BAND_ROWS` rows is compressed alone
(a deflate stream flushed to a byte boundary, with no reference to earlier bands), so a band
equal to one already compressed in this process reuses its bytes, and only the bands that
changed are compressed. The pixels are the image's exactly; the file is a few percent larger
than one compressed whole.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

#: Rows in a band: a band is what is compressed, or reused, at once.
BAND_ROWS = 16
#: zlib's level: 3 costs a few milliseconds more than 1 for a smaller file.
COMPRESS_LEVEL = 3
#: How many bands a process keeps, each its raw bytes (26 KiB a band of a full map) and their
#: compressed form (about 1 KiB): the bands of two full maps and more (a full map has 137).
BANDS = 320

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The zlib header of a stream compressed at :data:`COMPRESS_LEVEL` (window 32 KiB).
_ZLIB_HEADER = zlib.compress(b"", COMPRESS_LEVEL)[:2]


class BandCache:
    """Compressed bands by their raw bytes (filter bytes and pixels), the least recently used
    forgotten past ``size``; :attr:`compressed` counts the bands compressed. The process's maps
    are drawn in several threads at once (the scheduler's wake-ups), so the bands are looked up
    and kept under a lock — a band one thread found could be forgotten by another before the
    first marked it used — while the compressing itself is done outside it."""

    def __init__(self, size: int = BANDS) -> None:
        self.size = size
        self.bands: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()
        self.compressed = 0
        self._lock = threading.Lock()

    def deflate(self, raw: bytes) -> tuple[bytes, int]:
        """``raw`` as a raw deflate stream ending on a byte boundary (a full flush), not final
        (such streams are read one after the other as one), and the Adler-32 of ``raw``."""
        with self._lock:
            found = self.bands.get(raw)
            if found is not None:
                self.bands.move_to_end(raw)
                return found
        packer = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        found = packer.compress(raw) + packer.flush(zlib.Z_FULL_FLUSH), zlib.adler32(raw)
        with self._lock:
            self.compressed += 1
            self.bands[raw] = found
            self.bands.move_to_end(raw)
            while len(self.bands) > self.size:
                self.bands.popitem(last=False)
        return found


_ADLER = 65521


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from ``first`` (the first's),
    ``second`` (the second's) and the second's ``length`` (zlib's ``adler32_combine``)."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER
    high = ((first >> 16) + (second >> 16) + length * (first & 0xFFFF) - length) % _ADLER
    return (high << 16) | low


#: The process's bands.
bands = BandCache()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(image: Image.Image, cache: BandCache = bands) -> bytes:
    """``image`` (``"P"`` mode, 8 bits a pixel) as a PNG: its pixels and its palette, rows
    unfiltered, compressed band by band through ``cache``."""
    if image.mode != "P":
        raise ValueError(f"a palette image is needed, not {image.mode!r}")
    width, height = image.size
    pixels = memoryview(image.tobytes())
    parts, adler = [_ZLIB_HEADER], 1
    for top in range(0, height, BAND_ROWS):
        rows = range(top, min(top + BAND_ROWS, height))
        # Each row after its filter byte (0: none).
        band = b"\0" + b"\0".join(pixels[y * width : (y + 1) * width] for y in rows)
        deflated, checksum = cache.deflate(band)
        parts.append(deflated)
        adler = adler32_combine(adler, checksum, len(band))
    parts.append(zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush())
    parts.append(struct.pack(">I", adler))
    stream = b"".join(parts)
    colours = image.getpalette() or []
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )
