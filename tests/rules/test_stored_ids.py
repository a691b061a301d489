"""The engine makes the decision ids it made before they had a type: answers are stored under
them (a campaign's database, a scenario's ``answers``), so an old campaign's answers must still
reach their decisions.

``stored_ids.json`` was recorded with ``python -m tests.rules.stored_ids --record`` at commit
9a66430 (before issue 30 part 2), the last revision whose ids were built as f-strings; each
scenario it names must still make every one of those ids — and others only of the kinds asked
ahead since issue 32, whose order changed with them (the pony sold in
``7.6.4_selling_a_pony_whose_name_holds_a_slash``, written with the fix it proves, was recorded
from that engine too: its ids did not change, its sale did) — and may no longer make those of
the kinds issue 32 asks only when they are a real choice. A scenario changed on
purpose since is recorded again from the revision before its change, never from the code under
test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.decisions import DecisionId
from tests.rules.stored_ids import ROOT, ids_of

RECORDED: dict[str, list[str]] = json.loads(
    (Path(__file__).parent / "stored_ids.json").read_text(encoding="utf-8")
)


#: The kinds the Encounter Step's window asks ahead of the Melee Step (issue 32): their ids
#: may now be made where they were not (a target asked ahead of a charge that then made it
#: his), and earlier than the Encounter's own.
ASKED_AHEAD = frozenset({"target", "hireling_target", "attack", "maneuver", "shield", "place"})


#: The kinds issue 32 asks only when they are a real choice — drinks that can make the group
#: friendlier and, in the Evening, change what it does — or only once the answer they depend on
#: is in: what to buy once he buys, the belongings he pays with once he takes the price, what he
#: does with an item once it is his. A recorded id of theirs may no longer be made: an answer
#: stored under it answered a question that changed nothing.
ASKED_ONLY_WHEN_REAL = frozenset({"drinks", "buy", "pay", "item"})


@pytest.mark.parametrize("scenario", sorted(RECORDED))
def test_a_scenario_makes_the_ids_recorded_before_ids_had_a_type(scenario: str):
    made = ids_of(ROOT / scenario)
    recorded = RECORDED[scenario]
    missing = [ref for ref in recorded if ref not in made]
    assert [ref for ref in missing if DecisionId.parse(ref).kind not in ASKED_ONLY_WHEN_REAL] == []
    extra = [ref for ref in made if ref not in recorded]
    assert all(DecisionId.parse(ref).kind in ASKED_AHEAD for ref in extra), extra
