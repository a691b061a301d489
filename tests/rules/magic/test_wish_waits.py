"""A Wish's question in a round of combat waits for its player (:func:`rules.magic.wishes._ask`):
the spells' step stops with the roll kept on the cast (``rolled``), and resumes the cast with
the answer, granting the Wish from that roll — not rolled nor told again."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.events import Resolution
from rules.events.casting import SpellTable
from rules.events.search import Teleported
from rules.state import GameState
from scenarios import load_scenario
from scenarios.run import run

TABLES = Path(__file__).parents[2] / "scenarios/magic/spells_tables"
SCENARIO = TABLES / "L5256_i_wish_i_were_elsewhere_waits_for_the_clearing_chosen.yaml"


def test_the_wish_waits_for_its_answer_and_resumes_from_the_roll_kept():
    calls: list[tuple[GameState, Resolution]] = []

    def recorded(
        state: GameState,
        orders: Mapping[str, Any],
        answers: Mapping[str, str] | None = None,
        **kw: Any,
    ) -> Resolution:
        resolution = resolve(state, orders, answers, **kw)
        calls.append((state, resolution))
        return resolution

    outcome = run(catalog(), load_scenario(yaml.safe_load(SCENARIO.read_text())), resolve=recorded)
    asked = [
        i
        for i, (_, r) in enumerate(calls)
        if any(d.id == "d7/CV1/r1/spell/Amazon/Small Blessing" for d in r.pending)
    ]
    assert len(asked) == 1, "the Wish's question waited once"
    waited = calls[asked[0]][1]
    assert [e.roll for e in waited.events if isinstance(e, SpellTable)] == [1]
    assert not [e for e in waited.events if isinstance(e, Teleported)]
    evening = waited.state.today.evening
    assert evening is not None and evening.combat is not None
    cast = evening.combat.casts["Pilgrim"]
    assert (cast.status, cast.rolled) == ("taking", 1)
    resumed = calls[asked[0] + 1][1]
    assert not [e for e in resumed.events if isinstance(e, SpellTable)]
    assert [(e.who, e.to) for e in resumed.events if isinstance(e, Teleported)] == [
        ("Amazon", "CV5")
    ]
    assert sum(isinstance(e, SpellTable) for e in outcome.events) == 1
