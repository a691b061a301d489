"""The table of Special Advantages (rules/advantages.py) against the catalog and the scenarios."""

from __future__ import annotations

from pathlib import Path

from rules.advantages import ADVANTAGES
from rules.catalog import catalog

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_the_table_has_every_advantage_of_the_list_of_characters_and_nothing_else():
    printed = {
        (name, a.name) for name, card in catalog().characters.items() for a in card.advantages
    }
    assert len(printed) == 32
    assert set(ADVANTAGES) == printed


def test_what_is_done_is_proven_and_what_is_not_names_where_it_comes_from():
    for key, advantage in ADVANTAGES.items():
        if advantage.scenario is not None:
            assert (SCENARIOS / advantage.scenario).is_file(), key
        if advantage.done != "no":
            assert advantage.scenario is not None, f"{key} is done without a scenario"
        if advantage.done != "yes":
            assert advantage.issue is not None or advantage.note, key
        if advantage.done == "partly":
            assert advantage.note, f"{key}: say what is missing"
        assert advantage.rule.startswith("L"), key
