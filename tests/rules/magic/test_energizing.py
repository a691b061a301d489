"""The colour decision's one generator and the rules it plays by (rules.magic.energizing,
4.6.7h.4-h.7): each chit bare or energizing each Permanent spell with a target in his clearing;
the colour judged when played."""

from __future__ import annotations

from typing import Any

from bot.event_text import english
from rules.catalog import catalog
from rules.magic.energizing import energizable, in_clearing, options, refusal
from rules.state import GameState
from scenarios.build import build_state
from scenarios.format import load_scenario

BASE: dict[str, Any] = {
    "name": "colour chits and spells in effect",
    "map": {"tiles": [{"tile": "CV", "at": [0, 0]}]},
    "day": 5,
    "characters": {
        "Sorcerer": {"at": "CV1", "spells": ["Transform"], "color_chits": ["MAGIC IV4*"]},
        "Amazon": {"at": "CV1"},
        "Witch King": {"at": "CV2", "color_chits": ["MAGIC V2*"]},
    },
    "spells_in_effect": [
        {"spell": "Transform", "caster": "Sorcerer", "chit": "MAGIC VI4*", "targets": ["Amazon"]}
    ],
    "until": "birdsong",
    "expect": {},
}


def built() -> GameState:
    return build_state(catalog(), load_scenario(BASE))


def test_each_chit_is_offered_bare_or_energizing_a_spell_whose_target_is_in_his_clearing():
    state = built()
    assert options(catalog(), state, "Sorcerer", "CV1") == [
        "none",
        "MAGIC IV4*",
        "MAGIC IV4* energizes Transform on Amazon",
    ]
    # The Witch King in CV2 has no spell's target beside him: his chit only fatigues there.
    assert options(catalog(), state, "Witch King", "CV2") == ["none", "MAGIC V2*"]
    assert energizable(catalog(), state, "CV2") == []


def test_the_colour_is_judged_when_the_chit_is_played():
    state = built()
    state.stacks["at:CV2"].remove("Witch King")
    state.stacks["at:CV1"].append("Witch King")
    assert "MAGIC V2* energizes Transform on Amazon" in options(
        catalog(), state, "Witch King", "CV1"
    )
    why = refusal(catalog(), state, "Witch King", "CV1", "MAGIC V2*", ("Transform", "Amazon"))
    assert why is not None and "purple" in english(why)
    assert (
        refusal(catalog(), state, "Sorcerer", "CV1", "MAGIC IV4*", ("Transform", "Amazon")) is None
    )


def test_a_tile_or_clearing_target_is_in_every_clearing_of_it_a_piece_only_where_it_stands():
    state = built()
    assert in_clearing(state, "CV", "CV2") and in_clearing(state, "CV2", "CV2")
    assert not in_clearing(state, "CV1", "CV2")
    assert in_clearing(state, "Amazon", "CV1") and not in_clearing(state, "Amazon", "CV2")
