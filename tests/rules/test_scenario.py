"""Rule scenarios (SCENARIOS.md): the format, the situation built, the run and the checker."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules.catalog import Catalog, catalog
from rules.daylight import rest
from rules.events import Decision, Event, Resolution, from_stored
from rules.orders.model import Activity, ActivityKind, Orders
from rules.orders.parse import ParseResult, Problem
from rules.orders.problems import ProblemCode
from rules.phrases import verbatim
from rules.pieces import pieces_of
from rules.state import GameState, Place
from scenarios import (
    Outcome,
    Scenario,
    ScenarioError,
    build_state,
    check,
    load_scenario,
    public_report,
    run,
)

BASE: dict[str, Any] = {
    "name": "a test scenario",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "characters": {"Black Knight": {"at": "DW1"}},
    "expect": {},
}


def scenario(**changes: Any) -> Scenario:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return load_scenario(data)


def state_of(**changes: Any) -> GameState:
    return build_state(catalog(), scenario(**changes))


def malformed(data: Mapping[str, Any]) -> ScenarioError:
    """The error a scenario raises, whether at loading or at building."""
    with pytest.raises(ScenarioError) as info:
        build_state(catalog(), load_scenario(data))
    return info.value


def with_(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


# --- a fake parser: just enough notation for these tests ---------------------------------------


def fake_parse(
    text: str, state: GameState, character: str, *, catalog: Catalog | None = None
) -> ParseResult:
    """``M <clearing>`` and ``H``, comma-separated; an unknown clearing is ``bad-clearing``."""
    phases: list[Activity] = []
    errors: list[Problem] = []
    clearings = {f"{t.tile}{n}" for t in state.tiles for n in range(1, 7)}
    for number, part in enumerate((p.strip() for p in text.split(",")), start=1):
        kind, _, target = part.partition(" ")
        if kind == "M" and target not in clearings:
            errors.append(
                Problem(
                    code=ProblemCode.BAD_CLEARING,
                    line=1,
                    phase=number,
                    text=part,
                    message=verbatim(f"no clearing {target}"),
                )
            )
            continue
        phases.append(Activity(kind=ActivityKind(kind), target=target or None))
    orders = None if errors else Orders(character=character, phases=tuple(phases))
    return ParseResult(orders=orders, errors=tuple(errors), echo=text)


def no_resolve(*args: Any, **kwargs: Any) -> Resolution:
    raise AssertionError("resolve must not be called")


class FakeResolve:
    """Records its arguments and returns the given events (state unchanged) at every call; the
    n-th call stops with the n-th list of ``pending`` decisions, and with none once they run out."""

    def __init__(
        self, events: Sequence[Event] = (), pending: Sequence[Sequence[Decision]] = ()
    ) -> None:
        self.events = list(events)
        self.pending = [list(step) for step in pending]
        self.calls: list[dict[str, Any]] = []

    def __call__(
        self,
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str] | None = None,
        *,
        catalog: Catalog | None = None,
        until: str = "day",
    ) -> Resolution:
        self.calls.append(
            {
                "orders": dict(orders),
                "answers": None if answers is None else dict(answers),
                "until": until,
                "wait_for_decisions": state.options.get("wait_for_decisions"),
            }
        )
        step = len(self.calls) - 1
        pending = self.pending[step] if step < len(self.pending) else []
        return Resolution(state=state, events=self.events, pending=pending)


def rest_decision(id_: str) -> Decision:
    """The Black Knight's choice of the chit he rests, asked where ``id_`` says."""
    return Decision(
        id=id_,
        character="Black Knight",
        kind="rest",
        prompt=rest.PROMPT,
        options=("FIGHT H5", "MOVE H4"),
        default="MOVE H4",
    )


def event(type_: str, audience: str = "public", **fields: Any) -> Event:
    """An event as stored (:func:`rules.events.from_stored`): of its type's class if the fields
    fit, else kept as given."""
    return from_stored(
        {"type": type_, "fields": fields, "audience": audience, "to": ["Black Knight"]}
    )


# --- the format: malformed scenarios name the key and the reason --------------------------------


@pytest.mark.parametrize("key", ["name", "map", "expect"])
def test_name_map_and_expect_are_required(key):
    data = with_()
    del data[key]
    error = malformed(data)
    assert error.key == key
    assert "missing" in error.reason


def test_every_other_key_is_optional():
    parsed = load_scenario({"name": "n", "map": {"seed": 3}, "expect": {}})
    assert parsed.day == 1
    assert parsed.seed == 1
    assert parsed.until == "day"
    assert parsed.characters == {}


def test_an_unknown_top_level_key_is_an_error_listing_the_keys():
    error = malformed(with_(colour="red"))
    assert error.key == "colour"
    assert "unknown key" in error.reason
    assert "monster_roll" in error.reason


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (
            {"characters": {"Black Knight": {"at": "DW1", "colour": 1}}},
            "characters.Black Knight.colour",
        ),
        (
            {
                "characters": {
                    "Black Knight": {"at": "DW1", "belongings": [{"name": "Mace", "x": 1}]}
                }
            },
            "characters.Black Knight.belongings[0].x",
        ),
        ({"denizens": [{"name": "Giant", "at": "DW5", "count": 2}]}, "denizens[0].count"),
        (
            {"expect": {"characters": {"Black Knight": {"place": "DW1"}}}},
            "expect.characters.Black Knight.place",
        ),
        (
            {"expect": {"denizens": [{"name": "Giant", "at": "DW5", "n": 1}]}},
            "expect.denizens[0].n",
        ),
        (
            {"expect": {"errors": [{"character": "Black Knight", "code": "x", "y": 1}]}},
            "expect.errors[0].y",
        ),
        ({"expect": {"surprise": 1}}, "expect.surprise"),
        ({"map": {"tiles": [], "size": 3}}, "map.size"),
    ],
)
def test_an_unknown_nested_key_is_an_error_naming_its_path(change, key):
    error = malformed(with_(**change))
    assert error.key == key
    assert error.reason.startswith("unknown key")


def test_an_unknown_key_in_a_placed_tile_is_an_error():
    error = malformed(with_(map={"tiles": [{"tile": "DW", "at": [0, 0], "rotaton": 1}]}))
    assert error.key == "map"
    assert "tiles[0] (DW): unknown key 'rotaton'" in error.reason


def test_a_map_has_tiles_or_a_seed_not_both():
    error = malformed(with_(map={"tiles": [{"tile": "DW", "at": [0, 0]}], "seed": 2}))
    assert error.key == "map"
    assert "either" in error.reason


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        ({"until": "noon"}, "until", "'birdsong', 'daylight', 'evening' or 'day'"),
        ({"day": 29}, "day", "28"),
        ({"monster_roll": 7}, "monster_roll", "6"),
        ({"dice": [[2, 5], [7]]}, "dice", "roll 1 is [7]"),
        ({"dice": [[1, 2, 3]]}, "dice", "roll 0"),
        ({"name": "two\nlines"}, "name", "one line"),
        (
            {"characters": {"Black Knight": {"at": "DW1", "level": 5}}},
            "characters.Black Knight.level",
            "4",
        ),
        ({"expect": {"events": [{"who": "Black Knight"}]}}, "expect.events", "needs a type"),
        (
            {"expect": {"chits": {"DW": {"HOWL 4": "sideways"}}}},
            "expect.chits.DW.HOWL 4",
            "'up' or 'down'",
        ),
    ],
)
def test_a_bad_value_names_the_key_and_the_reason(change, key, words):
    error = malformed(with_(**change))
    assert error.key == key
    assert words in error.reason


def test_a_scenario_is_a_mapping():
    with pytest.raises(ScenarioError, match="a scenario is a mapping"):
        load_scenario(["name"])


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        (
            {"characters": {"Black Night": {"at": "DW1"}}},
            "characters.Black Night",
            "'Black Knight'",
        ),
        (
            {"characters": {"Black Knight": {"at": "DW9"}}},
            "characters.Black Knight.at",
            "no clearing DW9",
        ),
        (
            {"characters": {"Black Knight": {"at": "CV1"}}},
            "characters.Black Knight.at",
            "not on the map",
        ),
        ({"denizens": [{"name": "Gaint", "at": "DW5"}]}, "denizens[0].name", "'Giant'"),
        ({"denizens": [{"name": "Giant", "at": "XX5"}]}, "denizens[0].at", "no tile 'XX'"),
        ({"chits": {"DW": ["HOWL 9"]}}, "chits.DW[0]", "no map chit 'HOWL 9'"),
        ({"chits": {"CV": ["HOWL 4"]}}, "chits.CV", "not on the scenario's map"),
        ({"dwellings": {"Castle": "DW5"}}, "dwellings.Castle", "no dwelling"),
        ({"dwellings": {"Inn": "DW7"}}, "dwellings.Inn", "no clearing DW7"),
        (
            {"characters": {"Black Knight": {"at": "DW1", "belongings": ["Mase"]}}},
            "characters.Black Knight.belongings[0]",
            "'Mace'",
        ),
        (
            {"characters": {"Black Knight": {"at": "DW1", "fatigued": ["MOVE M9"]}}},
            "characters.Black Knight.fatigued[0]",
            "no other active chit 'MOVE M9'",
        ),
        (
            {"characters": {"Black Knight": {"at": "DW1", "discoveries": ["DW hidden path 1-2"]}}},
            "characters.Black Knight.discoveries[0]",
            "DW (normal) has no hidden path 1-2; it has 1-4, 3-6",
        ),
        (
            {"characters": {"Black Knight": {"at": "DW1", "discoveries": ["Treasure"]}}},
            "characters.Black Knight.discoveries[0]",
            "not a discovery",
        ),
        ({"orders": {"Amazon": "M DW2"}}, "orders.Amazon", "not one of the scenario's characters"),
        ({"answers": {"Amazon": []}}, "answers.Amazon", "not one of the scenario's characters"),
        (
            {"denizens": [{"name": "Company HQ", "at": "DW5", "hired_by": "Amazon"}]},
            "denizens[0].hired_by",
            "not one of the scenario's characters",
        ),
        (
            {"denizens": [{"name": "Company HQ", "at": "DW5", "controlled_by": "Black Knight"}]},
            "denizens[0]",
            "only monsters are controlled",
        ),
        (
            {"expect": {"minions": {"Company Boss": {"at": "DW5"}}}},
            "expect.minions.Company Boss",
            "no native or monster of the game",
        ),
        (
            {"expect": {"characters": {"Amazon": {"at": "DW1"}}}},
            "expect.characters.Amazon",
            "not one",
        ),
        (
            {"expect": {"characters": {"Black Knight": {"at": "DW0"}}}},
            "expect.characters.Black Knight.at",
            "no clearing",
        ),
        (
            {"expect": {"denizens": [{"name": "Ogree", "at": "DW5"}]}},
            "expect.denizens[0].name",
            "Ogre",
        ),
        (
            {"expect": {"chits": {"DW": {"HOWL 44": "up"}}}},
            "expect.chits.DW.HOWL 44",
            "no map chit",
        ),
        ({"expect": {"events": [{"type": "moves"}]}}, "expect.events[0].type", "'moved'"),
        (
            {"expect": {"errors": [{"character": "Black Knight", "code": "bad_clearing"}]}},
            "expect.errors[0].code",
            "the parser has no code 'bad_clearing'; did you mean 'bad-clearing'",
        ),
        (
            {"expect": {"errors": [{"character": "Witch", "code": "x"}]}},
            "expect.errors[0].character",
            "not one",
        ),
    ],
)
def test_an_unknown_name_names_the_key_and_suggests(change, key, words):
    error = malformed(with_(**change))
    assert error.key == key
    assert words in error.reason


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        ({"denizens": [{"name": "Giant", "at": "DW5"}] * 3}, "denizens[2]", "the game has 2 Giant"),
        (
            {"denizens": [{"name": "Company HQ", "at": "DW5"}] * 2},
            "denizens[1]",
            "Company HQ is already placed by denizens[0]",
        ),
        ({"chits": {"DW": ["HOWL 4", "HOWL 4"]}}, "chits.DW[1]", "already placed by chits.DW[0]"),
        ({"chits": {"DW": ["up:SMOKE W"]}}, "chits.DW[0]", "exchanged"),
        ({"chits": {"BV": ["up:LAIR 3"]}}, "chits.BV[0]", "goes to clearing 3, and BV has none"),
        (
            {
                "characters": {
                    "Black Knight": {
                        "at": "DW1",
                        "fatigued": ["FIGHT M4*", "FIGHT M4*"],
                        "wounded": ["FIGHT M4*"],
                    }
                }
            },
            "characters.Black Knight.wounded[0]",
            "no other active chit",
        ),
        (
            {"characters": {"Black Knight": {"at": "DW1", "belongings": ["Broadsword"] * 4}}},
            "characters.Black Knight.belongings[",
            "already placed",
        ),
        ({"characters": {"Black Knight": {}}}, "characters.Black Knight.at", "not on the map"),
        (
            {"until": "birdsong", "expect": {"events": [{"type": "moved"}]}},
            "expect.events",
            "birdsong",
        ),
    ],
)
def test_an_impossible_placement_is_an_error(change, key, words):
    error = malformed(with_(**change))
    assert error.key.startswith(key)
    assert words in error.reason or words in str(error)


# --- building the situation ---------------------------------------------------------------------


def test_placed_tiles_make_the_map():
    state = state_of()
    assert [(t.tile, t.at, t.rotation) for t in state.tiles] == [
        ("DW", (0, 0), 0),
        ("BV", (0, -1), 3),
    ]


def test_a_seed_map_is_the_legal_random_map_of_that_seed():
    first = state_of(map={"seed": 4}, characters={"Black Knight": {"at": "BL1"}})
    again = state_of(map={"seed": 4}, characters={"Black Knight": {"at": "BL1"}})
    assert len(first.tiles) == 20
    assert first.tiles == again.tiles
    assert (
        state_of(map={"seed": 5}, characters={"Black Knight": {"at": "BL1"}}).tiles != first.tiles
    )


def test_day_seed_and_options_go_into_the_state():
    state = state_of(day=14, seed=9, options={"wait_for_decisions": True})
    assert state.day == 14
    assert state.dice.seed == 9
    assert state.options == {"wait_for_decisions": True}


def test_the_same_scenario_builds_the_same_state_and_the_seed_shuffles():
    assert state_of().content_hash() == state_of().content_hash()
    assert state_of(seed=2).at(Place.box("Hoard")) != state_of(seed=3).at(Place.box("Hoard"))


def test_forced_dice_are_queued_in_order_after_the_monster_roll():
    assert state_of(dice=[[2, 5], [1], 6]).dice.forced == [[2, 5], [1], [6]]
    assert state_of(monster_roll=3, dice=[[2, 5]]).dice.forced == [[3], [2, 5]]
    assert state_of(monster_roll=3).dice.forced == [[3]]
    assert state_of().dice.forced == []


def test_a_character_has_the_rulebook_starting_values_by_default():
    state = state_of()
    knight = state.characters["Black Knight"]
    assert state.place_of("Black Knight") == "at:DW1"
    assert (knight.hidden, knight.level, knight.gold, knight.fame, knight.notoriety) == (
        False,
        4,
        10,
        0,
        0,
    )
    assert len(knight.chits) == 12
    assert all(chit.status == "active" for chit in knight.chits)
    names = sorted(pieces_of(catalog())[p].name for p in state.at(Place.owner("Black Knight")))
    assert names == ["Mace", "Shield", "Suit of Armor"]
    assert all(item.active for item in knight.items.values())
    assert knight.relationships == {
        str(p): int(r) for p, r in catalog().characters["Black Knight"].relationships.items()
    }


def test_a_character_s_keys_are_used():
    state = state_of(
        characters={
            "Black Knight": {
                "at": "dw4",
                "hidden": True,
                "level": 2,
                "gold": 3,
                "fame": 5,
                "notoriety": 7,
            }
        }
    )
    knight = state.characters["Black Knight"]
    assert state.place_of("Black Knight") == "at:DW4"
    assert (knight.hidden, knight.level, knight.gold, knight.fame, knight.notoriety) == (
        True,
        2,
        3,
        5,
        7,
    )
    expected = [c.label for c in catalog().characters["Black Knight"].chits_at(2)]
    assert [c.label for c in knight.chits] == expected
    assert len(knight.chits) == 6


def test_fatigued_and_wounded_mark_the_first_active_matching_chits():
    state = state_of(
        characters={
            "Black Knight": {
                "at": "DW1",
                "fatigued": ["FIGHT M4*"],
                "wounded": ["FIGHT M4*", "MOVE H6"],
            }
        }
    )
    chits = state.characters["Black Knight"].chits
    statuses = [(c.label, c.status) for c in chits if c.label in ("FIGHT M4*", "MOVE H6")]
    assert statuses == [("MOVE H6", "wounded"), ("FIGHT M4*", "fatigued"), ("FIGHT M4*", "wounded")]


def test_belongings_are_copies_taken_from_where_the_set_up_card_put_them():
    state = state_of(
        characters={
            "Black Knight": {
                "at": "DW1",
                "belongings": ["Mace", {"name": "Suit of Armor", "active": False}],
            }
        }
    )
    owned = state.at(Place.owner("Black Knight"))
    assert owned == ["Mace 1", "Suit of Armor 1"]
    items = state.characters["Black Knight"].items
    assert items["Mace 1"].active is True
    assert items["Suit of Armor 1"].active is False
    assert "Mace 1" not in state.at(Place.box("Guard house"))
    assert "Mace 2" in state.at(Place.box("Guard house"))


def test_no_belongings_is_no_belongings():
    state = state_of(characters={"Black Knight": {"at": "DW1", "belongings": []}})
    assert state.at(Place.owner("Black Knight")) == []


def test_discoveries_are_recorded_per_tile_face():
    state = state_of(
        map={
            "tiles": [
                {"tile": "DW", "at": [0, 0], "side": "enchanted"},
                {"tile": "CS", "at": [0, 1]},
            ]
        },
        characters={
            "Black Knight": {
                "at": "DW1",
                "discoveries": [
                    "DW hidden path 3-4",
                    "CS secret passage 3-2",
                    "Hoard",
                    "POOL 6",
                    "Chest",
                ],
            }
        },
    )
    assert state.characters["Black Knight"].discoveries == [
        "DW (enchanted) hidden path 3-4",
        "CS (normal) secret passage 2-3",
        "HOARD 6",
        "POOL 6",
        "Chest",
    ]


def test_denizens_are_taken_from_their_boxes():
    state = state_of(
        denizens=[
            {"name": "Giant", "at": "DW5"},
            {"name": "Giant", "at": "DW6"},
            {"name": "Company HQ", "at": "DW2"},
            {"name": "Bashkars 1", "at": "DW3"},
            {"name": "Ghost", "at": "DW3"},
        ]
    )
    assert state.at("at:DW5") == ["Giant 1"]
    assert state.at("at:DW6") == ["Giant 2"]
    assert state.at("at:DW2") == ["Company HQ"]
    assert state.at("at:DW3") == ["Bashkars 1", "Bashkars 1 Horse", "Ghost 1"]
    assert "Company HQ" not in state.at(Place.box("Company"))
    assert "Company 1" in state.at(Place.box("Company"))


def test_what_a_scenario_does_not_place_is_where_setup_puts_it():
    state = state_of()
    assert state.place_of("Giant 1") == Place.box("Giants #1")
    assert state.place_of("Company HQ") == Place.box("Company")
    assert state.place_of("Guard HQ") == Place.box("Guard house")
    sections = [state.at(Place.section("Lost City")), state.at(Place.section("Lost Castle"))]
    assert [len(s) for s in sections] == [5, 5]
    visitors = [
        p for p, place in _places(state).items() if pieces_of(catalog())[p].kind == "visitor chit"
    ]
    assert len(visitors) == 6
    assert all(_places(state)[v].startswith("box:Visitor/Mission") for v in visitors)


def _places(state: GameState) -> dict[str, str]:
    return {piece: place for place, stack in state.stacks.items() for piece in stack}


def test_every_piece_is_in_exactly_one_place():
    state = state_of(
        dwellings={"Inn": "DW5"},
        denizens=[{"name": "Giant", "at": "DW5"}],
        chits={"DW": ["HOWL 4"]},
    )
    seen = Counter(p for stack in state.stacks.values() for p in stack)
    assert set(seen.values()) == {1}
    assert len(seen) == len(pieces_of(catalog()))


def test_characters_not_in_the_scenario_are_out_of_play():
    state = state_of()
    assert set(state.characters) == {"Black Knight"}
    assert state.place_of("Amazon") == Place.OUT
    assert state.place_of("Witch King") == Place.OUT


def test_tiles_have_only_the_chits_listed_face_down_unless_up():
    state = state_of(chits={"DW": ["BONES M", "up:HOWL 4", "up: RUINS M", "up:HOARD 6"]})
    assert state.at("tile:DW") == ["BONES M", "RUINS M"]
    assert state.at("at:DW4") == ["HOWL 4"]
    assert state.at("at:DW6") == ["HOARD 6"]
    assert sorted(state.face_up) == ["HOARD 6", "HOWL 4", "RUINS M"]
    assert not [p for p in state.stacks if p.startswith("tile:") and p != "tile:DW"]


def test_a_listed_chit_from_a_lost_section_is_replaced_there():
    plain = state_of()
    taken = plain.at(Place.section("Lost City"))[0]
    state = state_of(chits={"DW": [taken]})
    assert state.place_of(taken) == "tile:DW"
    assert len(state.at(Place.section("Lost City"))) == 5


def test_dwellings_come_with_their_garrison_and_only_when_listed():
    state = state_of(dwellings={"Guard house": "DW5", "Large Campfire": "DW2"})
    assert state.at("at:DW5")[0] == "Guard house"
    assert {"Guard HQ", "Guard 1", "Guard 2"} <= set(state.at("at:DW5"))
    assert state.at("at:DW2") == ["Large Campfire"]
    assert state.place_of("Inn") == Place.OUT
    assert state.place_of("Rogues HQ") == Place.box("Inn")
    assert state.place_of("Small Campfire") == Place.ASIDE
    assert state.place_of("Ghost 1") == Place.OUT


def test_a_character_without_at_starts_at_his_dwelling_when_it_is_listed():
    state = state_of(characters={"Black Knight": {}}, dwellings={"Inn": "DW5"})
    assert state.place_of("Black Knight") == "at:DW5"


# --- running ------------------------------------------------------------------------------------


def test_until_birdsong_only_parses_the_orders():
    parsed = scenario(until="birdsong", orders={"Black Knight": "M DW6, M DW9"})
    outcome = run(catalog(), parsed, parse=fake_parse, resolve=no_resolve)
    assert [(name, p.code) for name, p in outcome.errors] == [("Black Knight", "bad-clearing")]
    assert outcome.events == []


def test_resolve_gets_the_parsed_orders_answers_and_until():
    fake = FakeResolve([event("moved", who="Black Knight", **{"from": "DW1", "to": "DW6"})])
    parsed = scenario(
        until="evening",
        orders={"Black Knight": "M DW6, H"},
        answers={"Black Knight": ["FIGHT H5"]},
    )
    outcome = run(catalog(), parsed, parse=fake_parse, resolve=fake)
    (call,) = fake.calls
    assert call["until"] == "evening"
    assert call["answers"] == {}
    assert call["wait_for_decisions"] is True
    assert call["orders"]["Black Knight"].canonical() == "M DW6, H"
    assert [e.type for e in outcome.events] == ["moved"]
    assert outcome.pending == []
    assert "wait_for_decisions" not in outcome.state.options


def test_two_answers_of_a_character_go_to_two_successive_decisions_by_their_ids():
    first, second = "d1/Black Knight/p1/rest/Black Knight", "d1/Black Knight/p2/rest/Black Knight"
    fake = FakeResolve(
        [event("monster_roll", roll=3)], [[rest_decision(first)], [rest_decision(second)]]
    )
    parsed = scenario(
        until="daylight",
        orders={"Black Knight": "H"},
        answers={"Black Knight": ["FIGHT H5", "MOVE H4"]},
    )
    outcome = run(catalog(), parsed, parse=fake_parse, resolve=fake)
    assert [call["answers"] for call in fake.calls] == [
        {},
        {first: "FIGHT H5"},
        {first: "FIGHT H5", second: "MOVE H4"},
    ]
    assert [list(call["orders"]) for call in fake.calls] == [["Black Knight"], [], []]
    assert {call["until"] for call in fake.calls} == {"daylight"}
    assert [e.type for e in outcome.events] == ["monster_roll"] * 3
    assert outcome.pending == []


def test_a_decision_without_an_answer_takes_its_default():
    asked = "d1/Black Knight/p1/rest/Black Knight"
    fake = FakeResolve(pending=[[rest_decision(asked)]])
    outcome = run(catalog(), scenario(), parse=fake_parse, resolve=fake)
    assert [call["answers"] for call in fake.calls] == [{}, {asked: "MOVE H4"}]
    assert outcome.pending == []


def test_a_scenario_waiting_for_decisions_stops_at_one_without_an_answer():
    answered = rest_decision("d1/Black Knight/p1/rest/Black Knight")
    waiting = rest_decision("d1/Black Knight/p2/rest/Black Knight")
    fake = FakeResolve(pending=[[answered], [waiting]])
    parsed = scenario(options={"wait_for_decisions": True}, answers={"Black Knight": ["FIGHT H5"]})
    outcome = run(catalog(), parsed, parse=fake_parse, resolve=fake)
    assert [call["answers"] for call in fake.calls] == [{}, {answered.id: "FIGHT H5"}]
    assert outcome.pending == [waiting]
    assert outcome.state.options == {"wait_for_decisions": True}


def test_rejected_orders_are_not_resolved_and_are_reported():
    fake = FakeResolve()
    parsed = scenario(until="day", orders={"Black Knight": "M XX1"})
    outcome = run(catalog(), parsed, parse=fake_parse, resolve=fake)
    assert fake.calls[0]["orders"] == {}
    assert check(parsed, outcome) == [
        "errors: unexpected Black Knight: bad-clearing at 'M XX1': no clearing XX1"
    ]


# --- checking -----------------------------------------------------------------------------------


def outcome_of(parsed: Scenario, events: Sequence[Event] = (), **changes: Any) -> Outcome:
    state = build_state(catalog(), parsed)
    outcome = Outcome(catalog=catalog(), state=state, events=list(events))
    for key, value in changes.items():
        setattr(outcome, key, value)
    return outcome


EVENTS = [
    event("monster_roll", roll=3),
    event("turn_started", who="Black Knight"),
    event("phase_cancelled", who="Black Knight", phase=1, reason="hidden path"),
    event("moved", who="Black Knight", **{"from": "DW1", "to": "DW6"}),
    event("hid", audience="private", who="Black Knight", success=True),
]


def test_expected_events_are_an_ordered_subsequence():
    parsed = scenario(
        expect={
            "events": [
                {"type": "monster_roll", "roll": 3},
                {"type": "phase_cancelled", "who": "Black Knight", "phase": 1},
                {"type": "moved", "from": "DW1", "to": "DW6"},
                {"type": "hid", "success": True, "audience": "private"},
            ]
        }
    )
    assert check(parsed, outcome_of(parsed, EVENTS)) == []


def test_events_out_of_order_fail():
    parsed = scenario(
        expect={"events": [{"type": "moved", "who": "Black Knight"}, {"type": "monster_roll"}]}
    )
    assert check(parsed, outcome_of(parsed, EVENTS)) == [
        "events[1]: {type: monster_roll} did not happen after "
        "{type: moved, who: Black Knight, from: DW1, to: DW6}; "
        "monster_roll events: {type: monster_roll, roll: 3}"
    ]


@pytest.mark.parametrize(
    "entry",
    [
        {"type": "moved", "to": "DW4"},
        {"type": "moved", "who": "Amazon"},
        {"type": "phase_cancelled", "phase": "1"},
        {"type": "hid", "success": 1},
        {"type": "moved", "by": "Black Knight"},
        {"type": "hid", "audience": "public"},
        {"type": "blocked"},
    ],
)
def test_every_listed_field_must_match_exactly(entry):
    parsed = scenario(expect={"events": [entry]})
    (line,) = check(parsed, outcome_of(parsed, EVENTS))
    assert line.startswith("events[0]: ")
    assert "did not happen" in line


def test_absent_events_must_not_happen():
    parsed = scenario(
        expect={"absent_events": [{"type": "moved", "to": "DW4"}, {"type": "moved", "to": "DW6"}]}
    )
    assert check(parsed, outcome_of(parsed, EVENTS)) == [
        "absent_events: {type: moved, to: DW6} happened: "
        "{type: moved, who: Black Knight, from: DW1, to: DW6}"
    ]


def test_public_excludes_looks_only_at_what_the_public_sees():
    """The engine's public report is the public events' fields (the application's runner adds
    their sentences and its report): a secret in a private event is not in it."""
    looked = event("looked", audience="private", who="Black Knight", tile="DW", chits=["HOARD"])
    parsed = scenario(expect={"public_excludes": ["HOARD", "DW6"]})
    report = public_report([*EVENTS, looked])
    assert "HOARD" not in report
    assert check(parsed, outcome_of(parsed, [*EVENTS, looked])) == [
        "public_excludes: 'DW6' is in the public report: "
        "'{type: moved, who: Black Knight, from: DW1, to: DW6}'"
    ]


def test_expected_errors_are_compared_with_the_parse_problems():
    problem = Problem(
        code=ProblemCode.BAD_CLEARING, line=1, phase=1, text="M XX1", message=verbatim("no XX1")
    )
    parsed = scenario(
        until="birdsong",
        expect={"errors": [{"character": "Black Knight", "code": "sunlight-cave"}]},
    )
    lines = check(parsed, outcome_of(parsed, errors=[("Black Knight", problem)]))
    assert lines == [
        "errors: expected Black Knight: sunlight-cave, and the parser did not report it",
        "errors: unexpected Black Knight: bad-clearing at 'M XX1': no XX1",
    ]
    matching = scenario(
        until="birdsong",
        expect={"errors": [{"character": "Black Knight", "code": "bad-clearing"}]},
    )
    assert check(matching, outcome_of(matching, errors=[("Black Knight", problem)])) == []


def test_characters_are_compared_key_by_key():
    parsed = scenario(
        characters={"Black Knight": {"at": "DW1", "fatigued": ["MOVE H6"]}},
        expect={
            "characters": {
                "Black Knight": {
                    "at": "dw6",
                    "hidden": True,
                    "gold": 10,
                    "fatigued": [],
                    "wounded": [],
                    "belongings": ["Mace", {"name": "Shield", "active": False}, "Suit of Armor"],
                }
            }
        },
    )
    assert check(parsed, outcome_of(parsed)) == [
        "characters.Black Knight.at: expected DW6, got DW1",
        "characters.Black Knight.hidden: expected true, got false",
        "characters.Black Knight.fatigued: expected [], got [MOVE H6]",
        "characters.Black Knight.belongings: expected Shield inactive, and it is not",
    ]


def test_discoveries_are_compared_on_the_face_up():
    parsed = scenario(
        characters={"Black Knight": {"at": "DW1", "discoveries": ["DW hidden path 1-4"]}},
        expect={"characters": {"Black Knight": {"discoveries": ["DW hidden path 1-4"]}}},
    )
    assert check(parsed, outcome_of(parsed)) == []
    lacking = scenario(expect={"characters": {"Black Knight": {"discoveries": ["Hoard"]}}})
    assert check(lacking, outcome_of(lacking)) == [
        "characters.Black Knight.discoveries: expected [HOARD 6], got []"
    ]


def test_denizens_are_counted_by_catalog_name_and_clearing():
    parsed = scenario(
        denizens=[{"name": "Giant", "at": "DW5"}, {"name": "Giant", "at": "DW5"}],
        expect={
            "denizens": [
                {"name": "Giant", "at": "DW5", "count": 2},
                {"name": "Giant", "at": "DW6", "count": 0},
                {"name": "Ogre", "at": "DW5", "count": 0},
            ]
        },
    )
    assert check(parsed, outcome_of(parsed)) == []
    wrong = scenario(
        denizens=[{"name": "Giant", "at": "DW5"}],
        expect={"denizens": [{"name": "Giant", "at": "DW6"}]},
    )
    assert check(wrong, outcome_of(wrong)) == [
        "denizens: expected 1 Giant in DW6, found 0 (on the map: Giant 1 DW5)"
    ]


def test_chits_are_compared_up_or_down_in_their_tile():
    parsed = scenario(
        chits={"DW": ["BONES M", "up:HOWL 4"]},
        expect={"chits": {"DW": {"BONES M": "down", "HOWL 4": "up"}}},
    )
    assert check(parsed, outcome_of(parsed)) == []
    wrong = scenario(
        chits={"DW": ["BONES M"], "BV": ["HOWL 4"]},
        expect={"chits": {"DW": {"BONES M": "up", "HOWL 4": "down"}}},
    )
    assert check(wrong, outcome_of(wrong)) == [
        "chits.DW.BONES M: expected up, got down",
        "chits.DW.HOWL 4: expected down in DW, but it is tile:BV",
    ]


def test_a_pending_decision_is_a_difference():
    parsed = scenario()
    decision = Decision(
        id="d1/Black Knight/p1/block/Black Knight",
        character="Black Knight",
        kind="block",
        prompt=verbatim("block the Giant?"),
        options=("yes", "no"),
        default="no",
    )
    (line,) = check(parsed, outcome_of(parsed, pending=[decision]))
    assert line.startswith("pending: the run stopped for the Black Knight's decision 'block'")
