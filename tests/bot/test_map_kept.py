"""The map's palette, tile sprites and legend kept in the user's cache (:mod:`bot.maps.kept`): a
new process's first map takes them from there, pixel for pixel the ones drawn anew, and a cache
that cannot be used only costs the drawing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.maps import kept, render, render_map
from bot.maps.palette import palette
from rules.catalog import catalog
from rules.setup.game import new_game
from rules.view import PUBLIC, View, view_for


def forget() -> None:
    """What a new process starts without: every picture and palette in memory."""
    palette.cache_clear()
    render.tile_sprite.cache_clear()
    render._legend.cache_clear()
    kept.folder.cache_clear()
    render.patches = render.Patches()


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    forget()
    yield tmp_path / "realmbot" / "maps"
    forget()


@pytest.fixture(scope="module")
def view() -> View:
    data = catalog()
    return view_for(data, new_game(data, 11, list(data.characters)), PUBLIC)


def never_drawn(*_: object) -> None:
    raise AssertionError("drawn, not taken from the cache")


def test_a_new_process_takes_the_pictures_drawn_before(
    cache: Path, view: View, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = render_map(catalog(), view)
    (folder,) = cache.iterdir()
    names = sorted(p.name for p in folder.iterdir())
    assert "palette" in names and any(n.startswith("legend-") for n in names)
    assert sum(n.startswith("tile-") for n in names) == 20
    forget()
    monkeypatch.setattr(render, "draw_tile", never_drawn)
    monkeypatch.setattr(render, "draw_legend", never_drawn)
    monkeypatch.setattr("bot.maps.palette._sample", never_drawn)
    assert render_map(catalog(), view) == drawn


def test_damaged_files_are_drawn_again(cache: Path, view: View) -> None:
    drawn = render_map(catalog(), view)
    for path in next(cache.iterdir()).iterdir():
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    forget()
    assert render_map(catalog(), view) == drawn
    forget()
    assert render_map(catalog(), view) == drawn, "and kept whole again"


def test_a_cache_that_cannot_be_written_only_costs_the_drawing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, view: View
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    forget()
    try:
        drawn = render_map(catalog(), view)
        forget()
        assert render_map(catalog(), view) == drawn
    finally:
        forget()


def test_a_picture_kept_is_the_one_drawn(cache: Path) -> None:
    image = Image.new("P", (3, 2))
    image.putdata([0, 1, 2, 3, 4, 5])
    colours = [i % 256 for i in range(768)]
    image.putpalette(colours)
    made = kept.picture(catalog(), "test-picture", lambda: colours, lambda: (image, (1.5, -2.25)))
    again = kept.picture(catalog(), "test-picture", lambda: colours, never_drawn)  # type: ignore[arg-type]
    assert made[1] == again[1] == (1.5, -2.25)
    assert again[0].tobytes() == image.tobytes() and again[0].getpalette() == colours
