"""The fuzz suite's quick form (issue 20; the full form is :mod:`tests.proofs.fuzz`): hypothesis'
texts at every door, and a few thousand inputs of the grammar-aware generator. No door may
crash; every accepted order's echo reads back to the same orders; no echo, and nothing sent to
Discord, holds a raw mention or markup. (How long a read takes is the full form's figure.)"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.proofs.fuzz import batch
from tests.proofs.fuzz_doors import CAST, DOORS, REFUSED, findings
from tests.proofs.fuzz_inputs import texts

GRAMMAR_INPUTS = 3_000


@pytest.mark.parametrize("kind", sorted(DOORS))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts())
def test_no_text_breaks_a_door(kind: str, text: str) -> None:
    try:
        answer = DOORS[kind](text, CAST[len(text) % len(CAST)])
    except REFUSED:
        return
    assert findings(kind, text, answer) == []


def test_the_grammar_inputs_find_nothing_wrong() -> None:
    tally = batch((20, 0, GRAMMAR_INPUTS))
    assert tally.inputs == GRAMMAR_INPUTS and tally.accepted > GRAMMAR_INPUTS // 20
    wrong = {kind: tally.examples[kind] for kind in tally.counts if kind != "over-100-ms"}
    assert wrong == {}
