"""Rule scenarios, SCENARIOS.md Part 2 "Combat plays", run: the form of plays and positions,
the fixed positions, and plays answering a (fake) engine's decisions, with ``rounds``."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.scenarios import run_file
from rules.catalog import catalog
from rules.events import Decision
from rules.phrases import verbatim
from scenarios import ScenarioError, build_state, check, load_scenario, run
from scenarios.combat import fixed_positions
from tests.rules.asking import AskingResolve

BASE: dict[str, Any] = {
    "name": "a combat scenario",
    "start": "sunset",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "characters": {"Black Knight": {"at": "DW5"}},
    "denizens": [{"name": "Giant", "at": "DW5"}, {"name": "Giant", "at": "DW5"}],
    "until": "evening",
    "expect": {},
}


def with_(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def malformed(data: Mapping[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        build_state(catalog(), load_scenario(data))
    return info.value


# --- the form of plays and positions ------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "key", "words"),
    [
        ({"round": 1, "action": {}}, "plays.Black Knight[0].action", "given: none"),
        (
            {"round": 1, "action": {"alert": "FIGHT H5*", "activate": "Shield"}},
            "plays.Black Knight[0].action",
            "exactly one",
        ),
        (
            {"round": 1, "action": {"run": {"to": "DW4"}}},
            "plays.Black Knight[0].action.run",
            "a chit or a horse",
        ),
        (
            {"round": 1, "attack": {"chit": "FIGHT H5*"}},
            "plays.Black Knight[0].attack",
            "needs a direction",
        ),
        (
            {"round": 1, "attack": {"chit": "FIGHT H5*", "direction": "poke"}},
            "plays.Black Knight[0].attack.direction",
            "'thrust', 'swing' or 'smash'",
        ),
        (
            {"round": 1, "maneuver": {"chit": "MOVE H6", "horse": "walk", "direction": "duck"}},
            "plays.Black Knight[0].maneuver",
            "one of them",
        ),
        ({"round": 1, "place": {"Giant": 4}}, "plays.Black Knight[0].place.Giant", "1, 2 or 3"),
        ({"round": 0}, "plays.Black Knight[0].round", "1"),
        ({"round": 1, "swing": 1}, "plays.Black Knight[0].swing", "unknown key"),
        (
            {"round": 1, "action": {"fly": {"chit": "MOVE H6", "tile": "CV"}}},
            "plays.Black Knight[0].action.fly.tile",
            "tile CV is not on the scenario's map",
        ),
        (
            {"round": 1, "action": {"cast": {"spell": "Fiery Blast", "chit": "MAGIC IV3*"}}},
            "plays.Black Knight[0].action.cast.chit",
            "no chit 'MAGIC IV3*'",
        ),
        (
            {"round": 1, "action": {"cast": {"spell": "Fiery Blats", "chit": "FIGHT H5*"}}},
            "plays.Black Knight[0].action.cast.spell",
            "'Fiery Blast'",
        ),
        (
            {"round": 1, "action": {"abandon": ["Mace", "Shield"]}},
            "plays.Black Knight[0].action.abandon",
            "not supported yet: plays.action.abandon",
        ),
        (
            {"round": 1, "attack": {"chit": "FIGHT H5", "direction": "smash"}},
            "plays.Black Knight[0].attack.chit",
            "no chit 'FIGHT H5' (at level 4), nor is it a card; did you mean 'FIGHT H5*'",
        ),
        ({"round": 1, "lure": ["Gaint"]}, "plays.Black Knight[0].lure[0]", "'Giant'"),
        ({"round": 1, "lure": ["Giant 3"]}, "plays.Black Knight[0].lure[0]", "'Giant'"),
        (
            {"round": 1, "action": {"activate": "Sheild"}},
            "plays.Black Knight[0].action.activate",
            "'Shield'",
        ),
        (
            {"round": 1, "action": {"run": {"chit": "MOVE H6", "to": "DW9"}}},
            "plays.Black Knight[0].action.run.to",
            "no clearing DW9",
        ),
        ({"round": 1, "fatigue": ["MOVE Z9"]}, "plays.Black Knight[0].fatigue[0]", "no chit"),
    ],
)
def test_a_malformed_play_names_the_key_and_the_reason(play, key, words):
    error = malformed(with_(plays={"Black Knight": [play]}))
    assert error.key == key
    assert words in error.reason


def test_plays_of_a_stranger_or_a_round_twice_are_malformed():
    error = malformed(with_(plays={"Amazon": [{"round": 1}]}))
    assert (error.key, "not one of the scenario's characters" in error.reason) == (
        "plays.Amazon",
        True,
    )
    error = malformed(with_(plays={"Black Knight": [{"round": 1}, {"round": 1}]}))
    assert (error.key, error.reason) == ("plays.Black Knight[1].round", "this round is given twice")


def test_every_supported_play_is_accepted():
    play = {
        "round": 1,
        "lure": ["Giant", "Giant 2"],
        "action": {"alert": "FIGHT H5*"},
        "target": "Giant",
        "attack": {"chit": "FIGHT H5*", "direction": "thrust", "weapon": "Mace"},
        "maneuver": {"chit": "MOVE H6", "direction": "duck"},
        "shield": "smash",
        "place": {"Giant": 1, "Giant's Club": 2},
        "fatigue": ["FIGHT H5*"],
        "wound": ["MOVE H6"],
    }
    state = build_state(catalog(), load_scenario(with_(plays={"Black Knight": [play]}, rounds=1)))
    assert state.today.stage == "sunset"


# --- positions ----------------------------------------------------------------------------------


def positions_of(*positions: dict[str, Any], **changes: Any) -> dict[str, str]:
    scenario = load_scenario(with_(positions=list(positions), **changes))
    state = build_state(catalog(), scenario)
    return fixed_positions(catalog(), state, scenario.positions)


def test_a_position_is_an_answer_under_its_own_id():
    assert positions_of(
        {
            "round": 2,
            "sheet": "Black Knight",
            "boxes": {"Giant 1": 2, "Giant's Club 1": 3},
            "sides": {"Giant 1": "dark"},
        },
        day=3,
    ) == {"d3/DW5/r2/positions/Black Knight": "Giant 1:2 dark, Giant's Club 1:3"}


def test_a_position_resolves_names_in_the_sheet_s_clearing():
    fixed = positions_of(
        {"round": 1, "sheet": "Giant 1", "boxes": {"Giant": 1, "Giant's Club": 2}},
        denizens=[{"name": "Giant", "at": "DW5"}, {"name": "Giant", "at": "DW6"}],
        characters={"Black Knight": {"at": "DW6"}},
        dice=[[1]],
    )
    assert fixed == {"d1/DW5/r1/positions/Giant 1": "Giant 1:1, Giant's Club 1:2"}


@pytest.mark.parametrize(
    ("position", "key", "words"),
    [
        (
            {"round": 1, "sheet": "Black Knight", "boxes": {"Giant": 1}},
            "positions[0].boxes.Giant",
            "Giant could be Giant 1 or Giant 2 in DW5: write its number",
        ),
        (
            {"round": 1, "sheet": "Black Knight", "boxes": {"Ogre": 1}},
            "positions[0].boxes.Ogre",
            "there is no Ogre in DW5",
        ),
        (
            {"round": 1, "sheet": "Giant", "boxes": {"Giant 1": 1}},
            "positions[0].sheet",
            "Giant could be Giant 1 or Giant 2 on the map",
        ),
        (
            {"round": 1, "sheet": "Giant 3", "boxes": {"Giant 1": 1}},
            "positions[0].sheet",
            "there is no Giant 3 on the map",
        ),
        (
            {"round": 1, "sheet": "Black Knight", "boxes": {"Giant 1": 1}, "sides": {"X": "dark"}},
            "positions[0]",
            "sides names X, which boxes does not place",
        ),
        (
            {
                "round": 1,
                "sheet": "Black Knight",
                "boxes": {"Giant 1": 1},
                "sides": {"Giant 1": "red"},
            },
            "positions[0].sides.Giant 1",
            "'light' or 'dark'",
        ),
    ],
)
def test_a_malformed_position_names_the_key_and_the_reason(position, key, words):
    error = malformed(with_(positions=[position]))
    assert error.key == key
    assert words in error.reason


# --- running: plays answer combat decisions, positions go first, rounds stop ---------------------


def combat(kind: str, round_: int, options: Sequence[str] = ("none",), **keys: Any) -> Decision:
    return Decision(
        id=f"d1/DW5/r{round_}/{kind}/Black Knight" + (f"/{keys['subject']}" if keys else ""),
        character="Black Knight",
        kind=kind,
        prompt=verbatim("?"),
        options=tuple(options),
        default=options[0],
    )


def test_combat_decisions_are_answered_from_the_plays_and_positions_given_first():
    scenario = load_scenario(
        with_(
            plays={"Black Knight": [{"round": 1, "lure": ["Giant"], "target": "Giant"}]},
            positions=[{"round": 1, "sheet": "Black Knight", "boxes": {"Giant 1": 3}}],
            answers={"Black Knight": ["FIGHT H5*"]},
        )
    )
    first = [
        combat("lure", 1, ("no", "yes"), subject="Giant 1"),
        combat("lure", 1, ("no", "yes"), subject="Giant 2"),
    ]
    second = [combat("target", 1, ("none", "Giant 1")), combat("attack", 1, ("none",))]
    fake = AskingResolve([first, second])
    outcome = run(catalog(), scenario, resolve=fake)
    fixed = {"d1/DW5/r1/positions/Black Knight": "Giant 1:3"}
    assert fake.answers[0] == fixed
    assert fake.answers[1] == fixed | {
        "d1/DW5/r1/lure/Black Knight/Giant 1": "yes",
        "d1/DW5/r1/lure/Black Knight/Giant 2": "no",
    }
    assert fake.answers[2] == fake.answers[1] | {
        "d1/DW5/r1/target/Black Knight": "Giant 1",
        "d1/DW5/r1/attack/Black Knight": "none",
    }
    assert len(fake.answers) == 3
    assert outcome.pending == [] and outcome.next_round == []


def test_rounds_stops_at_the_first_decisions_of_a_later_round():
    scenario = load_scenario(with_(rounds=1))
    later = [combat("action", 2)]
    fake = AskingResolve([[combat("action", 1)], later])
    outcome = run(catalog(), scenario, resolve=fake)
    assert len(fake.answers) == 2
    assert "d1/DW5/r2/action/Black Knight" not in fake.answers[-1]
    assert outcome.next_round == later
    assert outcome.pending == []
    assert check(scenario, outcome) == []


def test_without_rounds_the_combat_is_played_out():
    fake = AskingResolve([[combat("action", 1)], [combat("action", 2)]])
    outcome = run(catalog(), load_scenario(with_()), resolve=fake)
    assert len(fake.answers) == 3
    assert fake.answers[-1]["d1/DW5/r2/action/Black Knight"] == "none"
    assert outcome.next_round == []


def test_a_play_naming_what_he_does_not_own_fails_the_file_naming_the_key(tmp_path):
    path = tmp_path / "abandon.yaml"
    path.write_text(
        "name: Abandoning a Lucky Charm he does not have\n"
        "start: sunset\n"
        "map: {tiles: [{tile: DW, at: [0, 0]}]}\n"
        "characters: {Black Knight: {at: DW5}}\n"
        "plays: {Black Knight: [{round: 1, action: {abandon: [Lucky Charm]}}]}\n"
        "until: evening\n"
        "expect: {}\n",
        encoding="utf-8",
    )
    fake = AskingResolve([[combat("action", 1, ("none", "abandon Mace 1"))]])
    result = run_file(path, catalog(), resolve=fake)
    assert result.lines == [
        f"{path}: plays.Black Knight[0].action: the Black Knight has no item 'Lucky Charm'"
    ]
