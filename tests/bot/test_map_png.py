"""The map's PNG compressed in bands: the pixels and palette its reader decodes are the image's
exactly, and a band met before is not compressed again; the bands and the drawn patches kept
for the next map are shared safely by the threads drawing maps at once."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from bot.maps import render_image
from bot.maps.png import BAND_ROWS, BandCache, adler32_combine, palette_png
from bot.maps.render import Patches
from rules.catalog import catalog
from rules.setup.game import new_game
from rules.view import MODERATOR, PUBLIC, view_for
from tests.bot.meeting import Meeting


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def noise(width: int, height: int, seed: int) -> Image.Image:
    image = Image.frombytes("P", (width, height), random.Random(seed).randbytes(width * height))
    image.putpalette([random.Random(seed + 1).randrange(256) for _ in range(768)])
    return image


def assert_same_picture(data: bytes, image: Image.Image) -> None:
    back = decoded(data)
    assert (back.format, back.mode, back.size) == ("PNG", "P", image.size)
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


@pytest.mark.parametrize(("width", "height"), [(1, 1), (7, BAND_ROWS), (33, 3 * BAND_ROWS + 5)])
def test_any_palette_image_decodes_to_its_own_pixels(width: int, height: int) -> None:
    image = noise(width, height, seed=width * height)
    assert_same_picture(palette_png(image, BandCache()), image)


def test_a_map_decodes_to_the_pixels_pillow_encodes() -> None:
    data = catalog()
    view = view_for(data, new_game(data, 5, list(data.characters)), MODERATOR)
    image = render_image(data, view)
    pillow = io.BytesIO()
    image.save(pillow, format="PNG")
    ours = palette_png(image, BandCache())
    assert decoded(ours).tobytes() == decoded(pillow.getvalue()).tobytes() == image.tobytes()
    assert decoded(ours).getpalette() == decoded(pillow.getvalue()).getpalette()


def test_only_the_bands_that_changed_are_compressed_again() -> None:
    cache = BandCache()
    image = noise(40, 10 * BAND_ROWS, seed=3)
    first = palette_png(image, cache)
    assert cache.compressed == 10
    assert palette_png(image, cache) == first
    assert cache.compressed == 10
    changed = image.copy()
    spot = (5, 4 * BAND_ROWS + 2)
    pixel = image.getpixel(spot)
    assert isinstance(pixel, int)
    changed.putpixel(spot, (pixel + 1) % 256)
    assert_same_picture(palette_png(changed, cache), changed)
    assert cache.compressed == 11
    assert_same_picture(palette_png(image, cache), image)
    assert cache.compressed == 11


def test_the_least_recently_used_bands_are_forgotten() -> None:
    cache = BandCache(size=3)
    for seed in range(4):
        assert_same_picture(
            palette_png(noise(20, BAND_ROWS, seed), cache), noise(20, BAND_ROWS, seed)
        )
    assert len(cache.bands) == 3
    palette_png(noise(20, BAND_ROWS, 0), cache)
    assert cache.compressed == 5


def test_the_public_map_and_the_moderator_map_share_their_unchanged_bands() -> None:
    data = catalog()
    state = new_game(data, 5, list(data.characters))
    cache = BandCache()
    public = render_image(data, view_for(data, state, PUBLIC))
    palette_png(public, cache)
    bands = cache.compressed
    moderator = render_image(data, view_for(data, state, MODERATOR))
    assert_same_picture(palette_png(moderator, cache), moderator)
    assert 0 < cache.compressed - bands < bands


def test_a_non_palette_image_is_refused() -> None:
    with pytest.raises(ValueError, match="palette"):
        palette_png(Image.new("RGB", (2, 2)), BandCache())


def test_adler32_of_two_strings_combines_as_zlib_computes_it_whole() -> None:
    rng = random.Random(9)
    for _ in range(200):
        a = rng.randbytes(rng.choice([0, 1, 100, 70_000]))
        b = rng.randbytes(rng.choice([0, 1, 5_000, 200_000]))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_a_band_found_is_not_forgotten_by_another_thread_before_it_is_used() -> None:
    """Maps are drawn in several threads at once (the scheduler's wake-ups): while one thread
    has found a band, another compressing new ones must not forget it under it (this raised
    KeyError in a race test on PostgreSQL); the other thread's bands come after."""
    cache = BandCache(size=1)
    first, second = bytes([1]) * 64, bytes([2]) * 64
    meeting = Meeting(lambda: cache.deflate(second))
    cache.bands = meeting  # type: ignore[assignment]
    cache.deflate(first)
    meeting.armed = True
    assert cache.deflate(first) == BandCache().deflate(first)
    meeting.thread.join()
    assert list(cache.bands) == [second]


def test_a_patch_found_is_not_forgotten_by_another_thread_before_it_is_used() -> None:
    """The drawn patches are shared by the threads drawing maps as the bands are."""
    patches = Patches(size=1)
    first, second = Image.new("P", (2, 2), 1), Image.new("P", (2, 2), 2)
    meeting = Meeting(lambda: patches.put("second", second))
    patches.kept = meeting  # type: ignore[assignment]
    patches.put("first", first)
    meeting.armed = True
    assert patches.get("first") is first
    meeting.thread.join()
    assert list(patches.kept) == ["second"]
