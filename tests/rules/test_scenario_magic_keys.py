"""SCENARIOS.md Part 3 (magic): each key it adds that is not built yet fails, where it is
written, with ``not supported yet: KEY`` — never ``unknown key``, never a pass."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.catalog import catalog
from scenarios import ScenarioError, build_state, load_scenario
from scenarios.magic_keys import ANY, MAGIC_KEYS

BASE: dict[str, Any] = {
    "name": "a Part 3 scenario",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "characters": {"Black Knight": {"at": "DW5"}},
    "expect": {},
}

#: One small malformed scenario per Part 3 key, at each level it is written: the change to
#: :data:`BASE`, where the error is, and the key it names.
CASES: list[tuple[dict[str, Any], str, str]] = [
    ({"options": {"enhanced_magic": True}}, "options.enhanced_magic", "options.enhanced_magic"),
    (
        {"options": {"benevolent_spells": True}},
        "options.benevolent_spells",
        "options.benevolent_spells",
    ),
    (
        {"options": {"enhanced_artifacts": True}},
        "options.enhanced_artifacts",
        "options.enhanced_artifacts",
    ),
    (
        {"options": {"power_of_the_pit": True}},
        "options.power_of_the_pit",
        "options.power_of_the_pit",
    ),
    (
        {"options": {"automatic_enchanting": True}},
        "options.automatic_enchanting",
        "options.automatic_enchanting",
    ),
    ({"options": {"ambushes": True}}, "options.ambushes", "options.ambushes"),
]


def malformed(**changes: Any) -> ScenarioError:
    data = copy.deepcopy(BASE)
    data.update(changes)
    with pytest.raises(ScenarioError) as info:
        build_state(catalog(), load_scenario(data))
    return info.value


@pytest.mark.parametrize(("change", "key", "name"), CASES, ids=[case[1] for case in CASES])
def test_a_magic_key_is_not_supported_yet_where_it_is_written(change, key, name):
    error = malformed(**change)
    assert error.key == key
    assert error.reason.startswith(f"not supported yet: {name} (magic, ")


def test_every_key_of_the_table_has_its_malformed_scenario():
    named = {name for _, _, name in CASES}
    table = {".".join(step for step in path if step != ANY) for path in MAGIC_KEYS}
    assert named == table


def test_an_unknown_key_beside_them_is_still_unknown():
    error = malformed(characters={"Black Knight": {"at": "DW5", "colour_chits": []}})
    assert error.key == "characters.Black Knight.colour_chits"
    assert error.reason.startswith("unknown key")
