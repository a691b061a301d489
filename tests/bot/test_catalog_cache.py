"""The compiled catalog (``bot.catalog_cache``): read back equal, rebuilt when the data changes,
and never trusted when damaged."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from bot.catalog_cache import cache_dir, cache_file, load
from rules.catalog import DATA_DIR, Catalog, load_catalog


def contents(data: Catalog) -> dict[str, object]:
    """Everything a catalog holds, as plain values: each kind's names and aliases, in order,
    and every record's fields."""
    return {
        kind: (list(index), list(index.names()), [r.model_dump() for r in index.values()])
        for kind, index in data.kinds().items()
    }


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A copy of the packaged data that a test may change."""
    return Path(shutil.copytree(DATA_DIR, tmp_path / "data"))


def test_the_cached_catalog_equals_the_one_built_from_yaml(tmp_path: Path):
    built = load_catalog()
    first = load(directory=tmp_path)
    assert cache_file(directory=tmp_path).is_file(), "the first load writes the compiled file"
    second = load(directory=tmp_path)
    assert contents(first) == contents(built)
    assert contents(second) == contents(built)
    amazon = second.characters["Amazon"]
    assert amazon == built.characters["Amazon"]
    assert second.native_counters["Company HQ"] is next(
        c for c in second.natives["Company"].counters if c.name == "Company HQ"
    ), "a record shared by two indexes is still one record"


def test_the_compiled_file_is_what_a_later_load_returns(data_dir: Path, tmp_path: Path):
    """What the file holds is what ``load`` gives: a catalog planted under the data's key (a
    different weapon price) comes back, so the YAML is not read."""
    other = data_dir.parent / "other"
    shutil.copytree(data_dir, other)
    weapons = other / "weapons.yaml"
    weapons.write_text(
        weapons.read_text(encoding="utf-8").replace("price: 8", "price: 99", 1), encoding="utf-8"
    )
    planted = load_catalog(other)
    path = cache_file(data_dir, tmp_path / "cache")
    path.parent.mkdir()
    path.write_bytes(pickle.dumps(planted))
    assert load(data_dir, tmp_path / "cache").weapons["Medium Bow"].price == 99


def test_changed_data_is_built_again(data_dir: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    assert load(data_dir, cache).weapons["Medium Bow"].price == 8
    before = cache_file(data_dir, cache)
    weapons = data_dir / "weapons.yaml"
    weapons.write_text(
        weapons.read_text(encoding="utf-8").replace("price: 8", "price: 9", 1), encoding="utf-8"
    )
    assert cache_file(data_dir, cache) != before, "the data's hash names the file"
    assert load(data_dir, cache).weapons["Medium Bow"].price == 9
    assert load(data_dir, cache).weapons["Medium Bow"].price == 9


@pytest.mark.parametrize(
    "damage",
    [b"", b"not a pickle at all", b"\x80\x05K\x01.", None],
    ids=["empty", "garbage", "not a catalog", "truncated"],
)
def test_a_damaged_file_is_ignored_and_rewritten(tmp_path: Path, damage: bytes | None):
    path = cache_file(directory=tmp_path)
    load(directory=tmp_path)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2] if damage is None else damage)
    assert contents(load(directory=tmp_path)) == contents(load_catalog())
    assert path.read_bytes() != damage and len(path.read_bytes()) == len(whole), "rewritten"


def test_an_unwritable_cache_only_costs_the_build(tmp_path: Path):
    blocked = tmp_path / "a file"
    blocked.write_text("in the way", encoding="utf-8")
    assert contents(load(directory=blocked / "realmbot")) == contents(load_catalog())
    assert blocked.read_text(encoding="utf-8") == "in the way"


def test_the_cache_lives_under_xdg_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "realmbot"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")
    assert cache_dir() == Path.home() / ".cache" / "realmbot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "realmbot"
