"""Rule scenarios, SCENARIOS.md Part 2 "Setting up": the new keys' form, what is not supported
yet, and the situation built (start at Sunset, what was done today, relationships, spells,
alerted weapons, damaged armor, Set Up Card boxes and piles)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest

from bot.scenarios import read_scenario, run_file
from rules.catalog import catalog
from rules.pieces import pieces_of
from rules.state import GameState, Place
from rules.state_check import check_state
from scenarios import ScenarioError, build_state, load_scenario
from scenarios.piles import pile

BASE: dict[str, Any] = {
    "name": "a Part 2 scenario",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "characters": {"Black Knight": {"at": "DW5"}},
    "expect": {},
}


def with_(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def knight(**keys: Any) -> dict[str, Any]:
    """``characters`` with the Black Knight in DW5 and ``keys``."""
    return {"Black Knight": {"at": "DW5", **keys}}


def state_of(**changes: Any) -> GameState:
    return build_state(catalog(), load_scenario(with_(**changes)))


def malformed(data: Mapping[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        build_state(catalog(), load_scenario(data))
    return info.value


def names(state: GameState, place: str) -> list[str]:
    """The catalog names of the pieces at ``place``, top to bottom."""
    return [pieces_of(catalog())[p].name for p in reversed(state.at(place))]


# --- the form ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        ({"start": "noon"}, "start", "'birdsong' or 'sunset'"),
        ({"start": "sunset", "orders": {"Black Knight": "H"}}, "orders", "start: sunset"),
        ({"start": "sunset", "monster_roll": 3}, "monster_roll", "start: sunset"),
        ({"start": "sunset", "until": "daylight"}, "until", "evening or the day"),
        ({"rounds": 0}, "rounds", "greater than or equal to 1"),
        ({"rounds": 2, "until": "daylight"}, "rounds", "no combat"),
        (
            {"plays": {"Black Knight": [{"round": 1}]}, "until": "birdsong"},
            "plays",
            "no combat",
        ),
        (
            {"characters": knight(entered_from="DW4")},
            "characters.Black Knight.entered_from",
            "only with start: sunset",
        ),
        (
            {"characters": knight(relationships={"Company": "chummy"})},
            "characters.Black Knight.relationships.Company",
            "'enemy', 'unfriendly', 'neutral', 'friendly' or 'ally'",
        ),
        ({"characters": knight(kills=-1)}, "characters.Black Knight.kills", "0"),
        (
            {"characters": knight(belongings=[{"name": "Shield", "broken": True}])},
            "characters.Black Knight.belongings[0].broken",
            "unknown key",
        ),
        (
            {"characters": knight(victory={"Fame": 1})},
            "characters.Black Knight.victory",
            "the points total 1, not 5",
        ),
        (
            {"characters": knight(victory={"Fame": 6})},
            "characters.Black Knight.victory.Fame",
            "0 to 5 points",
        ),
        (
            {"characters": knight(victory={"Luck": 5})},
            "characters.Black Knight.victory.Luck",
            "not a Victory Requirement category",
        ),
        (
            {"options": {"weeks": 2}, "characters": knight(victory={"Fame": 5})},
            "characters.Black Knight.victory",
            "the points total 5, not 3",
        ),
        ({"options": {"weeks": 0}}, "options.weeks", "whole number of weeks from 1 to 24"),
        ({"options": {"weeks": 2}, "day": 15}, "day", "the game lasts 14 days"),
        (
            {"characters": knight(spells_learned=["Prophesy"])},
            "characters.Black Knight.spells_learned[0]",
            "Prophesy",
        ),
        ({"expect": {"scores": {"Amazon": {"total": 0}}}}, "expect.scores.Amazon", "Amazon"),
        ({"expect": {"victor": "Amazon"}}, "expect.victor", "Amazon"),
        (
            {"expect": {"scores": {"Black Knight": {"totl": 0}}}},
            "expect.scores.Black Knight.totl",
            "unknown key",
        ),
    ],
)
def test_a_bad_part_two_key_names_the_key_and_the_reason(change, key, words):
    error = malformed(with_(**change))
    assert error.key == key
    assert words in error.reason


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        (
            {"expect": {"characters": {"Black Knight": {"at": "DW/BV"}}}},
            "expect.characters.Black Knight.at",
            "not supported yet",
        ),
    ],
)
def test_what_is_not_supported_yet_fails_clearly(change, key, words):
    error = malformed(with_(**change))
    assert error.key == key
    assert words in error.reason


def test_victory_requirements_and_spells_learned_are_set_up():
    """``victory`` in points per category ("Usable Spells" is the Spells category, L2940);
    ``spells_learned`` are recorded after the starting spells, a starting spell again too."""
    state = state_of(
        characters={
            "Wizard": {
                "at": "DW5",
                "spells": ["Prophecy", "Stones Fly"],
                "spells_learned": ["Prophecy", "Illusion"],
                "victory": {"Usable Spells": 2, "fame": 3},
            }
        }
    )
    wizard = state.characters["Wizard"]
    assert wizard.victory == {
        "Great Treasures": 0,
        "Spells": 2,
        "Fame": 3,
        "Notoriety": 0,
        "Gold": 0,
    }
    assert wizard.starting_spells == ["Prophecy", "Stones Fly"]
    assert wizard.spells == ["Prophecy", "Stones Fly", "Prophecy", "Illusion"]


def test_a_longer_game_deals_its_default_victory_points():
    """10.E.2 2.2: one point a week plus one — 9 in an eight-week game."""
    state = state_of(options={"weeks": 8})
    assert sum(state.characters["Black Knight"].victory.values()) == 9
    assert state.options["weeks"] == 8


def test_curses_are_set_up_as_printed_and_unknown_ones_refused():
    state = state_of(characters=knight(curses=["ashes", "Ashes"]))
    assert state.characters["Black Knight"].curses == ["Ashes"]
    error = malformed(with_(characters=knight(curses=["Gout"])))
    assert error.key == "characters.Black Knight.curses[0]" and "is no Curse" in error.reason


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        (
            {"start": "sunset", "characters": knight(entered_from="DW2")},
            "characters.Black Knight.entered_from",
            "no roadway joins DW2 to his clearing DW5",
        ),
        (
            {"start": "sunset", "characters": knight(entered_from="DW9")},
            "characters.Black Knight.entered_from",
            "no clearing DW9",
        ),
        (
            {"characters": knight(belongings=[{"name": "Mace", "damaged": True}])},
            "characters.Black Knight.belongings[0].damaged",
            "only armor is damaged; Mace is weapon",
        ),
        (
            {"characters": knight(belongings=["Shield"], alerted=True)},
            "characters.Black Knight.alerted",
            "no active weapon",
        ),
        (
            {"characters": knight(belongings=[{"name": "Mace", "active": False}], alerted=False)},
            "characters.Black Knight.alerted",
            "no active weapon",
        ),
        (
            {"characters": knight(relationships={"Compnay": "ally"})},
            "characters.Black Knight.relationships.Compnay",
            "no native group or visitor",
        ),
        (
            {"characters": knight(spells=["Ilusion"])},
            "characters.Black Knight.spells[0]",
            "'Illusion'",
        ),
        (  # a spell may be recorded twice (3.3.3b, SCENARIOS.md Part 3), in 14 boxes at most
            {"characters": knight(spells=["Illusion"] * 15)},
            "characters.Black Knight.spells",
            "14 Spells boxes",
        ),
        (
            {"start": "sunset", "turn_order": ["Amazon"]},
            "turn_order[0]",
            "not one of the scenario's characters",
        ),
        (
            {"start": "sunset", "turn_order": ["Black Knight", "Black Knight"]},
            "turn_order[1]",
            "in the order twice",
        ),
        (
            {
                "start": "sunset",
                "characters": {"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}},
                "turn_order": ["Amazon"],
            },
            "turn_order",
            "leaves out the Black Knight",
        ),
        (
            {
                "characters": {"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}},
                "turn_order": ["Amazon"],
            },
            "turn_order",
            "leaves out the Black Knight",
        ),
        ({"turn_order": ["Black Knight", "Amazon"]}, "turn_order[1]", "not one of the"),
        (
            {
                "denizens": [{"name": "Company HQ", "at": "DW5", "hired_by": "Black Knight"}],
                "turn_order": ["Black Knight"],
            },
            "turn_order",
            "leaves out the Company HQ",
        ),
        ({"treasures": {"Hord": ["Crystal Ball"]}}, "treasures.Hord", "'Hoard'"),
        ({"treasures": {"Hoard": ["Crystal Bal"]}}, "treasures.Hoard[0]", "'Crystal Ball'"),
        (
            {"treasures": {"Hoard": ["Crystal Ball"], "Lair": ["Crystal Ball"]}},
            "treasures.Lair[0]",
            "already placed",
        ),
        (
            {"treasures": {"Lancers": ["Lancers 1 Horse"]}},
            "treasures.Lancers[0]",
            "a native's horse",
        ),
        ({"spell_cards": {"Altar": ["Crystal Ball"]}}, "spell_cards.Altar[0]", "no spell"),
        ({"piles": {"DW9": ["Mace"]}}, "piles.DW9", "no clearing DW9"),
        (
            {"expect": {"treasures": {"Hoard": ["Crystal Bal"]}}},
            "expect.treasures.Hoard[0]",
            "'Crystal Ball'",
        ),
        ({"expect": {"piles": {"CV1": []}}}, "expect.piles.CV1", "not on the map"),
        (
            {"expect": {"spell_cards": {"Altr": []}}},
            "expect.spell_cards.Altr",
            "'Altar'",
        ),
        (
            {"expect": {"characters": {"Black Knight": {"at": "DW5-DW2"}}}},
            "expect.characters.Black Knight.at",
            "no roadway joins DW5 and DW2",
        ),
        (
            {"expect": {"characters": {"Black Knight": {"relationships": {"Elves": "ally"}}}}},
            "expect.characters.Black Knight.relationships.Elves",
            "no native group or visitor",
        ),
        (
            {
                "expect": {
                    "characters": {
                        "Black Knight": {"belongings": [{"name": "Mace", "damaged": False}]}
                    }
                }
            },
            "expect.characters.Black Knight.belongings[0].damaged",
            "only armor",
        ),
        (
            {"expect": {"characters": {"Black Knight": {"spells": ["Firey Blast"]}}}},
            "expect.characters.Black Knight.spells[0]",
            "'Fiery Blast'",
        ),
    ],
)
def test_an_impossible_part_two_setup_names_the_key_and_the_reason(change, key, words):
    error = malformed(with_(**change))
    assert error.key == key
    assert words in error.reason


# --- the situation built -----------------------------------------------------------------------


def test_start_at_sunset_stands_at_sunset_in_the_order_of_characters():
    state = state_of(
        start="sunset",
        characters={"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}},
        dice=[[4]],
    )
    assert state.today.stage == "sunset"
    assert state.today.turn_order == ["Black Knight", "Amazon"]
    assert state.dice.forced == [[4]]


def test_turn_order_is_the_evening_s_order():
    state = state_of(
        start="sunset",
        characters={"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}},
        turn_order=["Amazon", "Black Knight"],
    )
    assert state.today.turn_order == ["Amazon", "Black Knight"]


def test_turn_order_from_birdsong_is_the_draw_sunrise_makes():
    """From Birdsong the order is queued for Sunrise's draw of the Attention chits (7.1.1), not
    set as today's order: Sunrise draws it."""
    state = state_of(
        characters={"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}},
        turn_order=["Amazon", "Black Knight"],
    )
    assert state.dice.forced_orders == [["Amazon", "Black Knight"]]
    assert state.today.turn_order == []


def test_without_turn_order_sunrise_draws_at_random():
    state = state_of(characters={"Black Knight": {"at": "DW5"}, "Amazon": {"at": "DW5"}})
    assert state.dice.forced_orders == []


def test_birdsong_is_the_default_start():
    state = state_of()
    assert state.today.stage == "birdsong"
    assert state.today.turn_order == []


def test_what_he_did_today_is_as_given():
    state = state_of(
        start="sunset",
        characters=knight(found_enemies=True, kills=3, entered_from="dw4"),
    )
    today = state.today
    assert today.found_hidden_enemies == ["Black Knight"]
    assert today.kills == {"Black Knight": 3}
    assert today.entered_from == {"Black Knight": "DW4"}


def test_by_default_he_did_nothing_today():
    today = state_of(start="sunset").today
    assert (today.found_hidden_enemies, today.kills, today.entered_from) == ([], {}, {})


def test_alerted_turns_his_active_weapon_and_damaged_marks_armor():
    state = state_of(
        characters=knight(
            belongings=[
                "Mace",
                {"name": "Suit of Armor", "damaged": True},
                {"name": "Shield", "active": False, "damaged": True},
            ],
            alerted=True,
        )
    )
    items = state.characters["Black Knight"].items
    assert {piece: (i.active, i.alerted, i.damaged) for piece, i in items.items()} == {
        "Mace 1": (True, True, False),
        "Suit of Armor 1": (True, False, True),
        "Shield 1": (False, False, True),
    }


def test_relationships_change_the_card_s_and_neutral_is_left_out():
    card = catalog().characters["Black Knight"].relationships
    assert str(next(iter(card))) in state_of().characters["Black Knight"].relationships
    state = state_of(
        characters=knight(relationships={"Company": "ally", "Guard": "neutral", "Rogues": "enemy"})
    )
    relationships = state.characters["Black Knight"].relationships
    assert relationships["Company"] == 2
    assert relationships["Rogues"] == -2
    assert "Guard" not in relationships
    expected = {str(p): int(r) for p, r in card.items()} | {"Company": 2, "Rogues": -2}
    del expected["Guard"]
    assert relationships == expected


def test_spells_are_his_recorded_spells():
    state = state_of(characters={"Wizard": {"at": "DW5", "spells": ["Illusion", "Stones Fly"]}})
    wizard = state.characters["Wizard"]
    assert wizard.spells == wizard.starting_spells == ["Illusion", "Stones Fly"]
    assert state_of(characters={"Wizard": {"at": "DW5"}}).characters["Wizard"].spells != []


def test_a_listed_box_holds_exactly_its_items_top_to_bottom_under_its_denizens():
    plain = state_of()
    hoard_before = plain.at(Place.box("Hoard"))
    state = state_of(treasures={"Hoard": ["Crystal Ball", "Power Boots", "Lucky Charm"]})
    listed = ["Crystal Ball", "Power Boots", "Lucky Charm"]
    assert pile(catalog(), state, Place.box("Hoard")) == listed
    assert names(state, Place.box("Hoard"))[-3:] == listed
    kept = [p for p in hoard_before if pieces_of(catalog())[p].kind in ("monster", "spell")]
    assert all(p in state.at(Place.box("Hoard")) for p in kept)
    assert state.at(Place.box("Hoard"))[-1] == hoard_before[-1]  # the site's monster on top
    set_aside = [
        p
        for p in hoard_before
        if p not in kept and p not in ("Crystal Ball", "Power Boots", "Lucky Charm")
    ]
    assert all(state.place_of(p) == Place.ASIDE for p in set_aside)
    check_state(state, catalog())


def test_a_native_group_s_name_means_its_box():
    state = state_of(treasures={"Order": ["Crystal Ball", "Helmet"]})
    assert pile(catalog(), state, Place.box("Chapel")) == ["Crystal Ball", "Helmet"]
    assert names(state, Place.box("Chapel"))[-2:] == ["Crystal Ball", "Helmet"]
    assert "Order HQ" in state.at(Place.box("Chapel"))


def test_spell_cards_sit_above_the_items_of_their_box():
    state = state_of(spell_cards={"Altar": ["Illusion", "Stones Fly"]})
    stack = names(state, Place.box("Altar"))
    spells = [n for n in stack if n in catalog().spells]
    assert spells == ["Illusion", "Stones Fly"]
    below = stack[stack.index("Stones Fly") + 1 :]
    assert below and all(n in catalog().treasures for n in below)


def test_a_pile_lies_in_its_clearing_top_to_bottom():
    state = state_of(
        piles={"DW6": ["Mace", "Lucky Charm"]}, denizens=[{"name": "Giant", "at": "DW6"}]
    )
    assert names(state, "at:DW6") == ["Mace", "Lucky Charm", "Giant"]
    check_state(state, catalog())


def test_a_one_die_roll_is_written_as_a_list_of_one():
    assert state_of(dice=[[3], [2, 5], 6]).dice.forced == [[3], [2, 5], [6]]


# --- as files: what is malformed or not supported fails naming the file, key and reason --------

PART_TWO = """\
name: {name}
start: sunset
map: {{tiles: [{{tile: DW, at: [0, 0]}}]}}
characters:
  Black Knight: {{at: DW5}}
{extra}
until: evening
expect: {{}}
"""


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("orders: {Black Knight: H}", "orders: with start: sunset there is no Birdsong"),
        (
            "plays: {Black Knight: [{round: 1, action: {fly: {chit: MOVE H6, tile: BV}}}]}",
            "plays.Black Knight[0].action.fly.tile: tile BV is not on the scenario's map",
        ),
        (
            "positions: [{round: 1, sheet: Black Knight, boxes: {Giant: 1}}]",
            "positions[0].boxes.Giant: there is no Giant in DW5",
        ),
    ],
)
def test_a_malformed_part_two_file_fails_naming_the_file_the_key_and_the_reason(
    tmp_path, extra, words
):
    path = tmp_path / "part2.yaml"
    path.write_text(PART_TWO.format(name="Part 2", extra=extra), encoding="utf-8")
    result = run_file(path, catalog())
    assert not result.passed
    (line,) = result.lines
    assert line.startswith(f"{path}: {words}")


def test_the_yaml_key_on_is_the_harm_field_on(tmp_path):
    path = tmp_path / "on.yaml"
    extra = "expect:\n  absent_events: [{type: harm, on: Shield}]"
    path.write_text(PART_TWO.format(name="The key on", extra="").replace("expect: {}", extra))
    parsed = read_scenario(path)
    assert parsed.expect.absent_events == [{"type": "harm", "on": "Shield"}]
