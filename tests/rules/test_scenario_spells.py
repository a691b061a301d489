"""The scenario keys of spells in play (SCENARIOS.md Part 3, scenarios.in_effect): what they
build, and each malformed one refused by name, where it is written."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.catalog import catalog
from rules.magic.state import SpellInEffect
from rules.state import GameState, Place
from scenarios import ScenarioError, build_state, load_scenario

BASE: dict[str, Any] = {
    "name": "spells in play",
    "map": {"tiles": [{"tile": "CV", "at": [0, 0]}]},
    "day": 5,
    "characters": {
        "Witch King": {"at": "CV1", "spells": ["Phantasm", "Transform", "Pentangle"]},
        "Amazon": {"at": "CV2"},
    },
    "expect": {},
}

PHANTASM = {
    "spell": "Phantasm",
    "caster": "Witch King",
    "chit": "MAGIC VI4*",
    "targets": ["Amazon"],
}


def build(**changes: Any) -> GameState:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return build_state(catalog(), load_scenario(data))


def malformed(**changes: Any) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        build(**changes)
    return info.value


def given(**fields: Any) -> dict[str, Any]:
    return {**PHANTASM, **fields}


def test_each_spell_given_is_in_effect_in_the_order_written():
    """A Day spell given was cast the Evening before (4.6.7g.2); a Permanent one starts inert;
    a spell in effect may be another's target, as ``spell:<number>``."""
    state = build(
        start="sunset",
        spells_in_effect=[
            PHANTASM,
            {"spell": "Transform", "caster": "Witch King", "chit": "MAGIC VI3*",
             "targets": ["Amazon"], "becomes": "Frog", "energized": True},
        ],
    )  # fmt: skip
    assert state.spells == [
        SpellInEffect(number=1, spell="Phantasm", caster="Witch King", controller="Witch King",
                      chit="MAGIC VI4*", targets=["Amazon"], cast_day=4),
        SpellInEffect(number=2, spell="Transform", caster="Witch King", controller="Witch King",
                      chit="MAGIC VI3*", targets=["Amazon"], cast_day=4, energized=True,
                      becomes="Frog"),
    ]  # fmt: skip


def test_an_items_awakened_cards_go_with_it_and_it_casts_them():
    """7.5.6c.1: awakened cards are put with their item (``item:<piece>``), top first as
    written; a spell the item cast is its owner's to control and commits no chit."""
    state = build(
        characters={
            "Witch King": {
                "at": "CV1",
                "belongings": [{"name": "Black Book", "awakened": ["Broomstick", "Curse"]}],
            }
        },
        spells_in_effect=[
            {"spell": "Broomstick", "caster": "Black Book", "targets": ["Witch King"]}
        ],
    )
    assert state.at(Place.item("Black Book")) == ["Curse", "Broomstick"]
    (spell,) = state.spells
    assert (spell.caster, spell.controller, spell.chit) == ("Black Book", "Witch King", None)


def test_a_spell_recorded_twice_is_two_spells_each_castable():
    """3.3.3b, 8.4.3c.2: a duplicate is recorded in a box of its own and cast separately, with
    separate chits."""
    twice = {"at": "CV1", "spells": ["Phantasm", "Phantasm"]}
    state = build(
        characters={"Witch King": twice},
        spells_in_effect=[given(targets=["Witch King"]),
                          given(chit="MAGIC VI3*", targets=["Witch King"])],
    )  # fmt: skip
    assert state.characters["Witch King"].spells == ["Phantasm", "Phantasm"]
    assert [s.chit for s in state.spells] == ["MAGIC VI4*", "MAGIC VI3*"]


CASES: list[tuple[dict[str, Any], str, str]] = [
    ({"characters": {"Witch King": {"at": "CV1", "spells": ["Fog"] * 15}}},
     "characters.Witch King.spells", "14 Spells boxes"),
    ({"spells_in_effect": [given(spell="Fog")]}, "spells_in_effect[0].caster",
     "does not record Fog"),
    ({"spells_in_effect": [given(chit="MAGIC IV9*")]}, "spells_in_effect[0].chit", "has no chit"),
    ({"spells_in_effect": [given(chit="MAGIC V4*")]}, "spells_in_effect[0].chit", "of type VI"),
    ({"spells_in_effect": [given(chit=None)]}, "spells_in_effect[0].chit", "needs the Magic chit"),
    (
        {"spells_in_effect": [given(targets=["Witch King"]), given(targets=["Witch King"])],
         "characters": {"Witch King": {"at": "CV1", "spells": ["Phantasm"],
                                       "fatigued": ["MAGIC VI3*", "MAGIC VI3*"]}}},
        "spells_in_effect[1].chit",
        "not free to commit",
    ),
    (
        {"characters": {"Witch King": {"at": "CV1", "spells": ["Phantasm"],
                                       "fatigued": ["MAGIC VI4*"]}},
         "spells_in_effect": [given(targets=["Witch King"])]},
        "spells_in_effect[0].chit",
        "not free to commit",
    ),
    (
        {"start": "sunset",
         "characters": {"Witch King": {"at": "CV1", "spells": ["Phantasm"],
                                       "alerted_chits": ["MAGIC VI4*"]}},
         "spells_in_effect": [given(targets=["Witch King"])]},
        "spells_in_effect[0].chit",
        "not free to commit",
    ),
    ({"spells_in_effect": [given(spell="Pentangle", chit="MAGIC V4*")]},
     "spells_in_effect[0].spell", "Combat spell"),
    ({"spells_in_effect": [given(energized=True)]}, "spells_in_effect[0].energized",
     "only a Permanent spell"),
    ({"spells_in_effect": [given(spell="Transform", energized=True)]},
     "spells_in_effect[0].energized", "only with start: sunset"),
    ({"spells_in_effect": [given(becomes="Frog")]}, "spells_in_effect[0].becomes",
     "only Transform and Absorb Essence"),
    ({"spells_in_effect": [given(spell="Transform", becomes="Toad")]},
     "spells_in_effect[0].becomes", "no Transform Table result"),
    ({"spells_in_effect": [given(phases_lost=2)]}, "spells_in_effect[0].phases_lost",
     "Violent Storm, and it only"),
    ({"spells_in_effect": [given(targets=["Nobody"])]}, "spells_in_effect[0].targets[0]",
     "no target"),
    ({"spells_in_effect": [given(targets=[])]}, "spells_in_effect[0].targets", "at least one"),
    ({"day": 1, "spells_in_effect": [PHANTASM]}, "spells_in_effect[0].spell", "day 1"),
    ({"spells_in_effect": [given(caster="Black Book")]}, "spells_in_effect[0].caster",
     "neither a scenario character"),
    (
        {"characters": {"Witch King": {"at": "CV1", "alerted_chits": ["MAGIC V3*"]}}},
        "characters.Witch King.alerted_chits",
        "only with start: sunset",
    ),
    (
        {"start": "sunset",
         "characters": {"Witch King": {"at": "CV1", "alerted_chits": ["MAGIC V9*"]}}},
        "characters.Witch King.alerted_chits[0]",
        "no other active",
    ),
    (
        {"characters": {"Witch King": {"at": "CV1",
                                       "belongings": [{"name": "Mace", "awakened": ["Curse"]}]}}},
        "characters.Witch King.belongings[0].awakened",
        "no Artifact or Spell Book",
    ),
    (
        {"characters": {"Witch King": {"at": "CV1", "belongings": [
            {"name": "Black Book", "awakened": ["Curse"]}]}},
         "spells_in_effect": [{"spell": "Broomstick", "caster": "Black Book",
                               "targets": ["Witch King"]}]},
        "spells_in_effect[0].caster",
        "no Broomstick awakened",
    ),
    (
        {"characters": {"Witch King": {"at": "CV1", "belongings": [
            {"name": "Black Book", "awakened": ["Poison"]}]}},
         "spells_in_effect": [{"spell": "Poison", "caster": "Black Book",
                               "targets": ["Witch King"]}]},
        "spells_in_effect[0].spell",
        "Combat spell",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("change", "key", "words"), CASES, ids=[c[2] for c in CASES])
def test_a_malformed_spell_in_play_is_refused_where_it_is_written(change, key, words):
    error = malformed(**change)
    assert error.key == key, error
    assert words in error.reason, error
