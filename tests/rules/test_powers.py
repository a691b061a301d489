"""The registry of the Treasure cards' powers (rules/powers.py): every behaviour key of the
catalog has its entry with its line, each built power names a proof that exists, and a card
whose power waits says so as it becomes active."""

from __future__ import annotations

from pathlib import Path

from rules.powers import POWERS, waiting
from rules.schema.treasures import BEHAVIOURS

ROOT = Path(__file__).resolve().parents[2]


def test_every_behaviour_key_has_one_entry():
    assert set(POWERS) == set(BEHAVIOURS)


def test_a_built_power_names_a_proof_that_exists():
    for key, power in POWERS.items():
        if power.done == "yes":
            assert power.proof is not None, key
        if power.proof is not None:
            assert (ROOT / power.proof).is_file(), (key, power.proof)
        if power.done == "partly":
            assert power.note or power.proof is None, f"{key}: say what is missing"


def test_each_line_is_in_the_list_of_treasures():
    for key, power in POWERS.items():
        number = int(power.line.removeprefix("L"))
        assert 4184 <= number <= 4558, (key, power.line)


def test_only_the_powers_not_wholly_built_wait():
    keys = ("keys", "color_source:white", "built_in_spell", "artifact", "choose_red_die")
    assert [key for key, _ in waiting(keys)] == ["built_in_spell"]  # the Magic Wand is built
