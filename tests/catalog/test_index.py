"""Exact lookups by name, with the closest valid names when a name is unknown."""

from __future__ import annotations

import pytest

from rules.catalog import Index, UnknownNameError
from rules.schema.base import CatalogError, Record


class Thing(Record):
    name: str
    code: str


THINGS = [
    Thing(name="Curst Valley", code="CV"),
    Thing(name="Cavern", code="CN"),
    Thing(name="Crag", code="CG"),
]


def index() -> Index[Thing]:
    return Index("tile", THINGS, lambda t: t.code, lambda t: [t.name])


def test_lookup_is_exact_by_key_and_by_alias():
    things = index()
    assert things["CV"] is THINGS[0]
    assert things["Curst Valley"] is THINGS[0]
    assert list(things) == ["CV", "CN", "CG"]
    assert len(things) == 3


@pytest.mark.parametrize("wrong", ["cv", "curst valley", "Curst  Valley", "CV "])
def test_near_misses_are_not_guessed(wrong):
    with pytest.raises(UnknownNameError):
        index()[wrong]


def test_an_unknown_name_names_itself_and_the_closest_valid_names():
    with pytest.raises(UnknownNameError) as info:
        index()["Cursed Valley"]
    error = info.value
    assert error.name == "Cursed Valley"
    assert error.suggestions[0] == "Curst Valley"
    assert str(error).startswith("unknown tile 'Cursed Valley'; did you mean 'Curst Valley'")


def test_a_case_mistake_suggests_the_right_case_first():
    with pytest.raises(UnknownNameError) as info:
        index()["cn"]
    assert info.value.suggestions[0] == "CN"


def test_a_name_with_nothing_close_says_so_without_suggestions():
    with pytest.raises(UnknownNameError) as info:
        index()["Zanzibar"]
    assert info.value.suggestions == []
    assert str(info.value) == "unknown tile 'Zanzibar'"


def test_duplicate_names_are_refused():
    with pytest.raises(CatalogError, match="'CV' is listed twice"):
        Index("tile", [*THINGS, Thing(name="Other", code="CV")], lambda t: t.code)


def test_an_alias_cannot_shadow_another_record():
    with pytest.raises(CatalogError, match="alias 'CN' is taken"):
        Index("tile", [*THINGS, Thing(name="CN", code="XX")], lambda t: t.code, lambda t: [t.name])


def test_records_are_frozen():
    with pytest.raises(ValueError, match="frozen"):
        THINGS[0].name = "Other"  # type: ignore[misc]
