"""Rule scenarios, SCENARIOS.md Part 2 "Expectations": the new keys of ``expect`` compared with
a run, and the three additions to matching events (groups, unnumbered names, audience)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

from rules.catalog import catalog
from rules.events import Event, from_stored
from rules.state import GameState, Place
from scenarios import Outcome, Scenario, ScenarioError, build_state, check, load_scenario
from scenarios.names import road_place

BASE: dict[str, Any] = {
    "name": "a Part 2 expectation",
    "start": "sunset",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "characters": {"Black Knight": {"at": "DW5"}},
    "until": "evening",
    "expect": {},
}


def scenario(**changes: Any) -> Scenario:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return load_scenario(data)


def event(type_: str, audience: str = "public", **fields: Any) -> Event:
    """An event as stored (:func:`rules.events.from_stored`): of its type's class if the fields
    fit, else kept as given."""
    return from_stored(
        {"type": type_, "fields": fields, "audience": audience, "to": ["Black Knight"]}
    )


def differences(parsed: Scenario, events: Sequence[Event] = (), state: GameState | None = None):
    if state is None:
        state = build_state(catalog(), parsed)
    return check(parsed, Outcome(catalog=catalog(), state=state, events=list(events)))


def expecting(knight: dict[str, Any], **changes: Any) -> Scenario:
    return scenario(expect={"characters": {"Black Knight": knight}}, **changes)


# --- characters ---------------------------------------------------------------------------------


def test_a_dead_character_is_compared_on_dead_only():
    parsed = expecting({"dead": True, "at": "DW1", "gold": 99})
    state = build_state(catalog(), parsed)
    assert differences(parsed, state=state) == [
        "characters.Black Knight.dead: expected true, got false"
    ]
    state.characters["Black Knight"].dead = True
    assert differences(parsed, state=state) == []
    alive = expecting({"dead": False, "gold": 10})
    assert differences(alive, state=state) == [
        "characters.Black Knight.dead: expected false, got true"
    ]


def test_today_s_findings_and_kills_and_the_alerted_weapon_are_compared():
    setup = {"at": "DW5", "found_enemies": True, "kills": 2, "alerted": True}
    parsed = expecting(
        {"found_enemies": True, "kills": 2, "alerted": True}, characters={"Black Knight": setup}
    )
    assert differences(parsed) == []
    wrong = expecting({"found_enemies": True, "kills": 1, "alerted": True})
    assert differences(wrong) == [
        "characters.Black Knight.alerted: expected true, got false",
        "characters.Black Knight.found_enemies: expected true, got false",
        "characters.Black Knight.kills: expected 1, got 0",
    ]
    unarmed = expecting(
        {"alerted": False}, characters={"Black Knight": {"at": "DW5", "belongings": []}}
    )
    assert differences(unarmed) == [
        "characters.Black Knight.alerted: expected false, but no active weapon"
    ]


def test_fame_notoriety_and_gold_are_compared_as_numbers():
    parsed = expecting({"fame": 0.5, "notoriety": 10, "gold": 10.0})
    assert differences(parsed) == [
        "characters.Black Knight.fame: expected 0.5, got 0",
        "characters.Black Knight.notoriety: expected 10, got 0",
    ]
    state = build_state(catalog(), parsed)
    state.characters["Black Knight"].notoriety = 10
    state.characters["Black Knight"].fame = 0.5  # type: ignore[assignment]
    assert differences(parsed, state=state) == []


def test_spells_are_compared_in_any_order():
    setup = {"Wizard": {"at": "DW5", "spells": ["Illusion", "Stones Fly"]}}
    same = scenario(
        characters=setup, expect={"characters": {"Wizard": {"spells": ["Stones Fly", "Illusion"]}}}
    )
    assert differences(same) == []
    other = scenario(characters=setup, expect={"characters": {"Wizard": {"spells": ["Illusion"]}}})
    assert differences(other) == [
        "characters.Wizard.spells: expected [Illusion], got [Illusion, Stones Fly]"
    ]


def test_only_the_relationships_listed_are_compared():
    setup = {"Black Knight": {"at": "DW5", "relationships": {"Company": "ally"}}}
    parsed = expecting(
        {"relationships": {"Company": "ally", "Woodfolk": "neutral"}}, characters=setup
    )
    assert differences(parsed) == []
    wrong = expecting(
        {"relationships": {"Company": "friendly", "Bashkars": "enemy"}}, characters=setup
    )
    assert differences(wrong) == [
        "characters.Black Knight.relationships.Company: expected friendly, got ally",
        "characters.Black Knight.relationships.Bashkars: expected enemy, got neutral",
    ]


def test_damaged_armor_is_compared_like_active():
    setup = {
        "Black Knight": {"at": "DW5", "belongings": ["Mace", {"name": "Shield", "damaged": True}]}
    }
    parsed = expecting(
        {"belongings": ["Mace", {"name": "Shield", "damaged": True}]}, characters=setup
    )
    assert differences(parsed) == []
    wrong = expecting(
        {"belongings": ["Mace", {"name": "Shield", "damaged": False, "active": False}]},
        characters=setup,
    )
    assert differences(wrong) == [
        "characters.Black Knight.belongings: expected Shield inactive, and it is not",
        "characters.Black Knight.belongings: expected Shield undamaged, and it is not",
    ]


def test_a_roadway_matches_either_way_round():
    parsed = expecting({"at": "DW5-dw4"})
    state = build_state(catalog(), parsed)
    assert differences(parsed, state=state) == [
        "characters.Black Knight.at: expected DW4-DW5, got DW5"
    ]
    state.put("Black Knight", road_place("DW5", "DW4"))
    assert differences(parsed, state=state) == []
    assert differences(expecting({"at": "DW4-DW5"}), state=state) == []
    assert differences(expecting({"at": "DW5"}), state=state) == [
        "characters.Black Knight.at: expected DW5, got DW4-DW5"
    ]


# --- boxes and piles ----------------------------------------------------------------------------


def test_boxes_and_piles_are_compared_exactly_top_to_bottom():
    setup = {
        "treasures": {"Hoard": ["Crystal Ball", "Power Boots"], "Company": ["Helmet"]},
        "spell_cards": {"Altar": ["Illusion", "Stones Fly"]},
        "piles": {"DW6": ["Mace", "Lucky Charm"]},
    }
    parsed = scenario(expect=copy.deepcopy(setup), **setup)
    assert differences(parsed) == []
    wrong = scenario(
        expect={
            "treasures": {"Hoard": ["Power Boots", "Crystal Ball"], "Company": []},
            "spell_cards": {"Altar": ["Illusion"]},
            "piles": {"dw6": ["Mace"], "DW5": []},
        },
        **setup,
    )
    assert differences(wrong) == [
        "treasures.Hoard: expected [Power Boots, Crystal Ball], got [Crystal Ball, Power Boots]",
        "treasures.Company: expected [], got [Helmet]",
        "spell_cards.Altar: expected [Illusion], got [Illusion, Stones Fly]",
        "piles.DW6: expected [Mace], got [Mace, Lucky Charm]",
    ]


def test_a_native_s_horse_is_no_pile():
    parsed = scenario(denizens=[{"name": "Lancers 1", "at": "DW5"}], expect={"piles": {"DW5": []}})
    state = build_state(catalog(), parsed)
    assert "Lancers 1 Horse" in state.at(Place.clearing("DW5"))
    assert differences(parsed, state=state) == []


# --- events: groups, unnumbered names, audience -------------------------------------------------

ROUND = [
    event("combat_started", at="DW5"),
    event("attacked", attacker="Black Knight", target="Giant 1", hit=False),
    event("attacked", attacker="Giant's Club 1", target="Black Knight", hit=True),
    event("attacked", attacker="Giant 1", target="Black Knight", hit=True),
    event("harm", attacker="Giant's Club 1", target="Black Knight", level="T"),
    event("looted", audience="private", who="Black Knight", item="Mace 2"),
    event("killed", who="Black Knight", by=["Giant 1", "Giant's Club 1"]),
]


def events_expected(*items: Any) -> Scenario:
    return scenario(expect={"events": list(items)})


def test_a_group_of_events_occurs_in_any_order_between_its_neighbours():
    parsed = events_expected(
        {"type": "combat_started"},
        [
            {"type": "attacked", "attacker": "Giant 1"},
            {"type": "attacked", "attacker": "Black Knight"},
            {"type": "attacked", "attacker": "Giant's Club"},
        ],
        {"type": "harm", "level": "T"},
    )
    assert differences(parsed, ROUND) == []


def test_a_group_must_end_before_the_next_item():
    parsed = events_expected(
        [{"type": "attacked", "attacker": "Giant 1"}, {"type": "harm"}],
        {"type": "attacked", "attacker": "Giant's Club 1"},
    )
    (line,) = differences(parsed, ROUND)
    assert line.startswith("events[1]: {type: attacked, attacker: Giant's Club 1} did not happen")


def test_a_group_uses_each_event_once():
    parsed = events_expected(
        [
            {"type": "attacked", "target": "Black Knight"},
            {"type": "attacked", "attacker": "Giant's Club 1"},
            {"type": "attacked", "target": "Black Knight", "hit": True},
        ]
    )
    (line,) = differences(parsed, ROUND)
    assert line.startswith("events[0]: of the group, ")
    assert "did not happen" in line
    assert differences(events_expected(parsed.expect.events[0][:2]), ROUND) == []  # type: ignore[index]


def test_a_name_without_its_number_matches_any_copy_in_fields_and_lists():
    parsed = events_expected(
        {"type": "attacked", "attacker": "Giant", "target": "Black Knight"},
        {"type": "killed", "by": ["Giant", "Giant's Club"]},
    )
    assert differences(parsed, ROUND) == []
    bat = events_expected({"type": "attacked", "attacker": "Giant Bat"})
    assert differences(bat, [event("attacked", attacker="Giant 1")]) != []
    numbered = events_expected({"type": "attacked", "attacker": "Giant 2"})
    assert differences(numbered, ROUND) != []


def test_words_compare_without_regard_to_case_but_spelling_counts():
    """SCENARIOS.md: "In expect, a string matches the engine's whatever its case"."""
    lower = events_expected(
        {"type": "attacked", "attacker": "giant", "target": "BLACK KNIGHT"},
        {"type": "killed", "by": ["GIANT", "giant's club"]},
    )
    assert differences(lower, ROUND) == []
    misspelt = events_expected({"type": "attacked", "attacker": "Giants"})
    assert differences(misspelt, ROUND) != []


def test_absent_events_match_unnumbered_names_too():
    parsed = scenario(expect={"absent_events": [{"type": "killed", "who": "Giant"}]})
    assert differences(parsed, ROUND) == []
    assert differences(parsed, [event("killed", who="Giant 2", by="Black Knight")]) == [
        "absent_events: {type: killed, who: Giant} happened: "
        "{type: killed, who: Giant 2, by: Black Knight}"
    ]


def test_an_expected_event_may_name_its_audience():
    assert differences(events_expected({"type": "looted", "audience": "private"}), ROUND) == []
    (line,) = differences(events_expected({"type": "looted", "audience": "public"}), ROUND)
    assert "did not happen" in line


def test_a_promised_event_the_engine_has_not_emitted_fails_to_match():
    (line,) = differences(events_expected({"type": "spoils", "who": "Black Knight"}), ROUND)
    assert line.startswith("events[0]: {type: spoils, who: Black Knight} did not happen")


@pytest.mark.parametrize(
    ("events", "key", "words"),
    [
        ([[]], "expect.events", "empty group"),
        ([[{"who": "Black Knight"}]], "expect.events", "needs a type"),
        (
            [{"type": "harm", "audience": "everyone"}],
            "expect.events",
            "public, private or moderator",
        ),
        ([{"type": "moved"}, [{"type": "atacked"}]], "expect.events[1][0].type", "'attacked'"),
    ],
)
def test_a_malformed_expected_event_names_the_key(events, key, words):
    with pytest.raises(ScenarioError) as info:
        build_state(catalog(), scenario(expect={"events": events}))
    assert info.value.key == key
    assert words in info.value.reason
