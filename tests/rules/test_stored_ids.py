"""The engine makes the decision ids it made before they had a type: answers are stored under
them (a campaign's database, a scenario's ``answers``), so an old campaign's answers must still
reach their decisions.

``stored_ids.json`` was recorded with ``python -m tests.rules.stored_ids --record`` at commit
9a66430 (before issue 30 part 2), the last revision whose ids were built as f-strings; each
scenario it names must still make exactly those ids, in that order (the pony sold in
``7.6.4_selling_a_pony_whose_name_holds_a_slash``, written with the fix it proves, was recorded
from that engine too: its ids did not change, its sale did). A scenario changed on
purpose since is recorded again from the revision before its change, never from the code under
test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rules.stored_ids import ROOT, ids_of

RECORDED: dict[str, list[str]] = json.loads(
    (Path(__file__).parent / "stored_ids.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("scenario", sorted(RECORDED))
def test_a_scenario_makes_the_ids_recorded_before_ids_had_a_type(scenario: str):
    assert ids_of(ROOT / scenario) == RECORDED[scenario]
