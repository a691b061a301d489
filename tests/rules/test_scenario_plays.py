"""Rule scenarios, SCENARIOS.md Part 2 "Combat plays": the answers plays give to combat
decisions (hand-made decisions and scenes, no engine), and the names they use. Their form and
their run are in ``test_scenario_run_combat.py``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rules.catalog import catalog
from rules.decisions import CombatId
from rules.events import Decision
from rules.phrases import verbatim
from rules.state import Place
from scenarios import ScenarioError
from scenarios.combat import Scene, answer, read_id, round_of
from scenarios.names import is_copy, part_id, road_place
from scenarios.plays import Play

SCENE = Scene(
    pieces=(
        "Black Knight",
        "Giant 1",
        "Giant's Club 1",
        "Giant 2",
        "Giant's Club 2",
        "Giant Bat 1",
    ),
    belongings={"Black Knight": ("Mace 1", "Suit of Armor 1", "Shield 1", "Deft Gloves")},
    weapons={"Black Knight": "Mace 1"},
    chits={"Black Knight": ("MOVE H6", "FIGHT H5*", "FIGHT M4*", "FIGHT M4*", "MOVE M4*")},
)


def decision(
    kind: str,
    options: Sequence[str] = ("none",),
    default: str = "none",
    subject: str | None = None,
    round_: int = 1,
) -> Decision:
    tail = f"/{subject}" if subject else ""
    return Decision(
        id=f"d3/DW5/r{round_}/{kind}/Black Knight{tail}",
        character="Black Knight",
        kind=kind,
        prompt=verbatim("?"),
        options=tuple(options),
        default=default,
    )


def plays(**keys: Any) -> dict[str, list[Play]]:
    """The Black Knight's play for round 1."""
    return {"Black Knight": [Play.model_validate({"round": 1, **keys})]}


def answered(asked: Decision, given: Any = None, **keys: Any) -> str:
    return answer(asked, plays(**keys), SCENE, given or {})


# --- reading decision ids -----------------------------------------------------------------------


def test_a_combat_decision_id_is_read():
    assert read_id("d3/DW5/r2/lure/Black Knight/Giant 1") == CombatId(
        day=3, clearing="DW5", round=2, kind="lure", who="Black Knight", subject="Giant 1"
    )
    assert read_id("d29/CV5/r1/maneuver/Amazon") == CombatId(
        day=29, clearing="CV5", round=1, kind="maneuver", who="Amazon"
    )
    assert round_of(decision("target", round_=4)) == 4


@pytest.mark.parametrize(
    "text",
    ["d1/Black Knight/p1/rest/Black Knight", "d1/DW5/r1/positions/Black Knight", "x/y", ""],
)
def test_other_ids_are_not_combat_decisions(text):
    assert read_id(text) is None


# --- what no play covers ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("lure", "no"),
        ("action", "none"),
        ("target", "none"),
        ("attack", "none"),
        ("maneuver", "none"),
        ("shield", "swing"),
        ("place", "swing"),
        ("fatigue", "swing"),
        ("wound", "swing"),
    ],
)
def test_what_no_play_covers_is_not_done_but_defaulted_kinds(kind, expected):
    asked = decision(kind, options=("none", "swing", "no"), default="swing", subject="Giant 1")
    assert answer(asked, {}, SCENE, {}) == expected
    assert answer(asked, plays(), SCENE, {}) == expected
    other_round = {"Black Knight": [Play(round=2, shield="smash", lure=["Giant"])]}
    assert answer(asked, other_round, SCENE, {}) == expected


# --- lures --------------------------------------------------------------------------------------


def lures(lure: list[str], subjects: Sequence[str]) -> list[str]:
    """The answers to lure decisions about ``subjects``, asked in order."""
    given: dict[str, str] = {}
    for subject in subjects:
        asked = decision("lure", ("no", "yes"), "no", subject)
        given[asked.id] = answered(asked, given, lure=lure)
    return list(given.values())


@pytest.mark.parametrize(
    ("lure", "subjects", "expected"),
    [
        (["Giant"], ["Giant 1", "Giant 2"], ["yes", "no"]),
        (["Giant", "Giant"], ["Giant 1", "Giant 2"], ["yes", "yes"]),
        (["Giant 2"], ["Giant 1", "Giant 2"], ["no", "yes"]),
        (["Giant", "Giant 1"], ["Giant 1", "Giant 2"], ["yes", "yes"]),
        (["Giant"], ["Giant Bat 1"], ["no"]),
        (["Giant Bat"], ["Giant 1", "Giant Bat 1"], ["no", "yes"]),
        ([], ["Giant 1"], ["no"]),
    ],
)
def test_a_lure_names_each_denizen_it_lures_once(lure, subjects, expected):
    assert lures(lure, subjects) == expected


def test_a_lure_of_a_denizen_not_in_the_clearing_is_malformed():
    with pytest.raises(ScenarioError) as info:
        lures(["Giant", "Ogre"], ["Giant 1"])
    assert info.value.key == "plays.Black Knight[0].lure[1]"
    assert "there is no Ogre in DW5" in info.value.reason


# --- actions, targets, attacks, maneuvers -------------------------------------------------------

ACTIONS = (
    "none",
    "alert FIGHT H5*",
    "run MOVE H6 to DW4",
    "run horse walk to DW4",
    "deactivate Shield 1",
    "abandon Mace 1",
)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"alert": "FIGHT H5*"}, "alert FIGHT H5*"),
        ({"run": {"chit": "MOVE H6", "to": "dw4"}}, "run MOVE H6 to DW4"),
        ({"run": {"horse": "walk", "to": "DW4"}}, "run horse walk to DW4"),
        ({"deactivate": "Shield"}, "deactivate Shield 1"),
        ({"abandon": ["Mace"]}, "abandon Mace 1"),
        # not among the options (the engine judges): the text, with his pieces' ids
        ({"alert": "FIGHT M4*"}, "alert FIGHT M4*"),
        ({"unalert": "FIGHT H5*"}, "unalert FIGHT H5*"),
        ({"run": {"chit": "MOVE M4*", "to": "DW2"}}, "run MOVE M4* to DW2"),
        ({"run": {"horse": "gallop", "to": "DW4"}}, "run horse gallop to DW4"),
        ({"activate": "Suit of Armor"}, "activate Suit of Armor 1"),
        (
            {"activate": "Shield", "deactivate": "Suit of Armor"},
            "activate Shield 1, deactivate Suit of Armor 1",
        ),
        ({"alert": "Deft Gloves"}, "alert Deft Gloves"),
    ],
)
def test_an_action_is_the_option_it_names_or_its_text(action, expected):
    assert answered(decision("action", ACTIONS), action=action) == expected


@pytest.mark.parametrize(
    ("action", "key", "words"),
    [
        ({"alert": "FIGHT L2"}, "plays.Black Knight[0].action", "no chit or card 'FIGHT L2'"),
        ({"activate": "Helmet"}, "plays.Black Knight[0].action", "no item 'Helmet'"),
        ({"abandon": ["Lucky Charm"]}, "plays.Black Knight[0].action", "no item 'Lucky Charm'"),
    ],
)
def test_an_action_with_what_he_does_not_own_is_malformed(action, key, words):
    with pytest.raises(ScenarioError) as info:
        answered(decision("action", ACTIONS), action=action)
    assert info.value.key == key
    assert words in info.value.reason


def test_a_target_is_the_option_naming_it():
    asked = decision("target", ("none", "Giant 2", "Giant 1"))
    assert answered(asked, target="Giant") == "Giant 2"
    assert answered(asked, target="Giant 1") == "Giant 1"
    assert answered(asked, target=["Giant 1"]) == "Giant 1"
    assert answered(decision("target", ("none",)), target="Giant Bat") == "Giant Bat 1"
    with pytest.raises(ScenarioError, match="there is no Ogre in DW5"):
        answered(asked, target="Ogre")


ATTACKS = ("none", "FIGHT H5* thrust", "FIGHT H5* smash", "FIGHT M4* swing")


@pytest.mark.parametrize(
    ("attack", "expected"),
    [
        ({"chit": "FIGHT H5*", "direction": "smash"}, "FIGHT H5* smash"),
        ({"chit": "FIGHT M4*", "direction": "swing", "weapon": "Mace"}, "FIGHT M4* swing"),
        ({"chit": "FIGHT M4*", "direction": "smash"}, "FIGHT M4* smash"),
        ({"chit": "FIGHT H5*", "flip": "alerted"}, "FIGHT H5* flip alerted"),
        ({"chit": "Deft Gloves", "direction": "thrust"}, "Deft Gloves thrust"),
    ],
)
def test_an_attack_is_its_chit_and_direction(attack, expected):
    assert answered(decision("attack", ATTACKS), attack=attack) == expected


def test_an_attack_with_another_weapon_or_chit_is_malformed():
    with pytest.raises(ScenarioError, match="Great Sword is not his active weapon"):
        answered(
            decision("attack", ATTACKS),
            attack={"chit": "FIGHT H5*", "direction": "smash", "weapon": "Great Sword"},
        )
    with pytest.raises(ScenarioError, match="no chit or card 'FIGHT T3'"):
        answered(decision("attack", ATTACKS), attack={"chit": "FIGHT T3", "direction": "smash"})


def test_a_maneuver_is_its_chit_or_horse_and_direction():
    asked = decision("maneuver", ("none", "MOVE H6 duck"))
    assert answered(asked, maneuver={"chit": "MOVE H6", "direction": "duck"}) == "MOVE H6 duck"
    assert answered(asked, maneuver={"chit": "MOVE M4*", "direction": "dodge"}) == (
        "MOVE M4* dodge"
    )
    horse = {"horse": "gallop", "direction": "charge"}
    assert answered(asked, maneuver=horse) == "horse gallop charge"


def test_the_shield_goes_where_the_play_says_else_by_default():
    asked = decision("shield", ("thrust", "swing", "smash"), "thrust")
    assert answered(asked, shield="smash") == "smash"
    assert answered(asked, attack={"chit": "FIGHT H5*", "direction": "smash"}) == "thrust"


# --- placement, fatigue and wounds --------------------------------------------------------------

PLACE = decision(
    "place",
    ("Giant 1:1, Giant's Club 1:2", "Giant 1:2, Giant's Club 1:3"),
    "Giant 1:1, Giant's Club 1:2",
)


def test_place_puts_the_counters_named_and_leaves_the_others_where_the_default_does():
    assert answered(PLACE, place={"Giant": 2, "Giant's Club": 3}) == "Giant 1:2, Giant's Club 1:3"
    assert answered(PLACE, place={"Giant's Club 1": 3}) == "Giant 1:1, Giant's Club 1:3"
    with pytest.raises(ScenarioError) as info:
        answered(PLACE, place={"Giant Bat": 3})
    assert info.value.key == "plays.Black Knight[0].place.Giant Bat"
    assert "no Giant Bat on the Black Knight's sheet" in info.value.reason


@pytest.mark.parametrize("kind", ["fatigue", "wound"])
def test_fatigue_and_wounds_are_the_chits_named_in_any_order(kind):
    asked = decision(kind, ("FIGHT M4*, MOVE H6", "MOVE M4*"), "MOVE M4*")
    assert answered(asked, **{kind: ["MOVE H6", "FIGHT M4*"]}) == "FIGHT M4*, MOVE H6"
    assert answered(asked, **{kind: ["FIGHT H5*"]}) == "FIGHT H5*"
    assert answered(asked, **{kind: []}) == "none"
    assert answered(asked) == "MOVE M4*"
    with pytest.raises(ScenarioError, match="no chit or card 'MOVE L2'"):
        answered(asked, **{kind: ["MOVE L2"]})


# --- names --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "piece", "expected"),
    [
        ("Giant", "Giant 1", True),
        ("Giant", "Giant", True),
        ("Giant", "Giant Bat 1", False),
        ("Giant 1", "Giant 1", True),
        ("Giant 1", "Giant 2", False),
        ("Giant's Club", "Giant's Club 1", True),
        ("Shield", "Shield 2", True),
        ("Giant", "Giants", False),
    ],
)
def test_a_name_without_its_number_names_every_copy(written, piece, expected):
    assert is_copy(written, piece) is expected


def test_heads_and_clubs_are_named_after_their_monster_s_counter():
    assert part_id(catalog(), "Giant 1", "Giant's Club") == "Giant's Club 1"
    assert part_id(catalog(), "Tremendous Dragon 2", "Dragon Head") == "Dragon Head 2"
    assert part_id(catalog(), "Tremendous Flying Dragon", "Flying Dragon Head") == (
        "Flying Dragon Head"
    )
    with pytest.raises(ValueError, match="no head or club"):
        part_id(catalog(), "Giant 1", "Dragon Head")


def test_a_roadway_is_one_place_either_way_round():
    assert road_place("DW5", "DW4") == road_place("DW4", "DW5") == "road:DW4|DW5"
    engine_road = getattr(Place, "road", None)
    if engine_road is not None:
        assert engine_road("DW5", "DW4") == road_place("DW5", "DW4")
