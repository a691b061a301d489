"""Missions and campaigns (7.2.4, L1609–1640; rules/daylight/missions.py) below the scenarios:
the reward's reading, the Meeting Table's columns for a campaign's foes, the state's checks and
the orders' notation. The behaviour in play is proved by tests/scenarios/missions."""

from __future__ import annotations

import pytest

from bot.event_text import english
from rules.catalog import catalog
from rules.daylight.missions import face_of, mission_terms
from rules.dice import Dice, DiceState
from rules.meeting import drinks_cost, friendliness, meet, relationship
from rules.orders.parse import parse_orders
from rules.schema.base import Relationship
from rules.state import GameState, GameStateError, Place, Task
from rules.state_check import check_state, read_state
from scenarios.build import build_state
from scenarios.format import load_scenario

FOOD = "Warlock / Food/Ale"
RAID = "Crone / Raid"


def _state(**extra: object) -> GameState:
    """The DW tile, the Inn in DW1, the Amazon in DW4 with the Bashkars' leader."""
    document = {
        "name": "missions",
        "map": {"tiles": [{"tile": "DW", "at": [0, 0]}]},
        "dwellings": {"Inn": "DW1"},
        "characters": {"Amazon": {"at": "DW4", "fame": 20, "notoriety": 20, "gold": 20}},
        "denizens": [{"name": "Bashkars HQ", "at": "DW4"}],
        "expect": {},
        **extra,
    }
    return build_state(catalog(), load_scenario(document))


def _carry(state: GameState, chit: str, face: str) -> None:
    state.visitor_faces[chit] = face
    state.put(chit, Place.carried("Amazon"))
    state.characters["Amazon"].tasks[chit] = Task(face=face, taken=1)


def test_the_reward_counts_the_clearings_entered_not_the_start():
    """7.2.4e.1 L1619, the reading chosen: from DW4 the Inn's DW1 is one hidden path away (not
    found): one clearing entered, 2 Gold; from DW3 two (DW6, DW1), 4 Gold."""
    state = _state()
    face = face_of(catalog(), FOOD, "Food/Ale")
    assert mission_terms(catalog(), state, face, "DW4") == ("Inn", 2)
    assert mission_terms(catalog(), state, face, "DW3") == ("Inn", 4)
    assert mission_terms(catalog(), state, face, "DW1") == ("House", 30)  # e.2; not on the map


def test_a_campaigns_foes_are_read_in_the_enemy_column_and_get_no_drinks():
    """7.2.4h L1634: the Bashkars, foes of the Raid, are Enemy while she carries it and back to
    her card's Unfriendly when she does not (h.2); drinks for them cost nothing to buy because
    none may be bought, and a roll asking for them is refused."""
    state = _state()
    assert relationship(catalog(), state, "Amazon", "Bashkars") is Relationship.UNFRIENDLY
    assert drinks_cost(catalog(), state, "Bashkars", "DW4", "Amazon") == 1
    _carry(state, RAID, "Raid")
    assert friendliness(catalog(), state, "Amazon", "Bashkars") == Relationship.ENEMY
    assert relationship(catalog(), state, "Amazon", "Rogues") is Relationship.ENEMY
    assert relationship(catalog(), state, "Amazon", "Lancers") is Relationship.FRIENDLY  # card
    assert drinks_cost(catalog(), state, "Bashkars", "DW4", "Amazon") == 0
    assert drinks_cost(catalog(), state, "Bashkars", "DW4") == 1  # asked for nobody
    with pytest.raises(ValueError, match=r"7\.2\.4h"):
        meet(
            Dice(DiceState(seed=1)),
            catalog(),
            state,
            "Amazon",
            "Bashkars",
            activity="trade",
            drinks=True,
        )
    below = state.model_copy(deep=True)
    below.characters["Amazon"].relationships["Bashkars"] = -3
    assert friendliness(catalog(), below, "Amazon", "Bashkars") == -3  # worse stays worse


def test_a_carried_chit_round_trips_and_is_checked():
    """The state holds the task and its chit in ``carried:``; the check refuses a task whose chit
    is elsewhere, and a carried chit the sheet does not list."""
    state = _state()
    _carry(state, FOOD, "Food/Ale")
    again = read_state(state.to_json(), catalog())
    assert again.characters["Amazon"].tasks[FOOD].face == "Food/Ale"
    assert again.content_hash() == state.content_hash()
    moved = state.model_copy(deep=True)
    moved.put(FOOD, Place.clearing("DW4"))
    with pytest.raises(GameStateError, match="task"):
        check_state(moved, catalog())
    unlisted = state.model_copy(deep=True)
    unlisted.characters["Amazon"].tasks.clear()
    with pytest.raises(GameStateError, match="carries the"):
        check_state(unlisted, catalog())
    flipped = state.model_copy(deep=True)
    flipped.visitor_faces[FOOD] = "Warlock"
    with pytest.raises(GameStateError, match="side up"):
        check_state(flipped, catalog())


def test_take_and_abandon_are_read_and_echoed():
    """The orders' notation: ``take:`` names faces in any case (and Conquest for the Conquer),
    echoed as the chits print them; ``abandon: campaign``."""
    result = parse_orders(
        "H\ntake: food/ale, conquest\nabandon: campaign", _state(), "Amazon", catalog=catalog()
    )
    assert result.errors == ()
    assert result.orders is not None
    assert result.orders.instructions.take == ("Food/Ale", "Conquer")
    assert result.orders.instructions.abandon_campaign
    assert "take: Food/Ale, Conquer\nabandon: campaign" in result.echo


def test_take_written_as_a_phase_is_told_how_to_write_it():
    result = parse_orders("take Raid, H", _state(), "Amazon", catalog=catalog())
    assert [e.code.value for e in result.errors] == ["unknown-activity"]
    assert (
        english(result.errors[0].hint)
        == "write it on its own line with a colon: 'take: Raid' (7.2.4)"
    )


def test_the_carried_chits_are_public_and_on_his_sheet():
    """7.2.4: the chit goes with his active belongings, in view: everyone's view lists it, and
    his sheet reads the task."""
    from bot.sheets import sheet_text
    from rules.view import view_for

    state = _state()
    state.visitor_faces[FOOD] = "Food/Ale"
    state.put(FOOD, Place.carried("Amazon"))
    state.characters["Amazon"].tasks[FOOD] = Task(
        face="Food/Ale", taken=2, last_day=15, notoriety=5, destination="Inn", reward=4
    )
    public = next(c for c in view_for(catalog(), state, "public").characters)
    assert [(t.face, t.last_day, t.reward) for t in public.tasks] == [("Food/Ale", 15, 4)]
    sheet = sheet_text(catalog(), state, "Amazon", "Test")
    assert (
        "missions and campaigns: Food/Ale to the Inn for 4 gold, until Midnight of game day 15\n"
        in sheet
    )


@pytest.mark.parametrize(
    ("extra", "key", "words"),
    [
        ({"out_of_play": ["Goblinz"]}, "out_of_play[0]", "no native group, monster or piece"),
        (
            {"characters": {"Amazon": {"at": "DW4", "tasks": [{"face": "Crone"}]}}},
            "characters.Amazon.tasks[0].face",
            "a visitor, not a mission or campaign",
        ),
        (
            {"characters": {"Amazon": {"at": "DW4", "tasks": [{"face": "Raid", "reward": 3}]}}},
            "characters.Amazon.tasks[0]",
            "only a mission has a destination and a reward",
        ),
        (
            {
                "denizens": [{"name": "Crone", "at": "DW3"}],
                "characters": {"Amazon": {"at": "DW4", "tasks": [{"face": "Raid"}]}},
            },
            "characters.Amazon.tasks[0]",
            "already placed",
        ),
        (
            {"characters": {"Amazon": {"at": "DW4", "tasks": [{"face": "Fodd"}]}}},
            "characters.Amazon.tasks[0].face",
            "did you mean 'Food/Ale'",
        ),
    ],
)
def test_the_mission_keys_of_a_scenario_name_the_key_at_fault(extra, key, words):
    from scenarios.format import ScenarioError

    with pytest.raises(ScenarioError) as info:
        _state(**extra)
    assert info.value.key == key
    assert words in info.value.reason


def test_a_carried_campaign_is_set_up_paid_with_its_partners_friendlier():
    """``tasks``: the chit with him, the face up, the time limit from the day taken (f.2), and
    his partners two levels friendlier than his card (h): the Amazon's Friendly Lancers are 3."""
    state = _state(
        day=5,
        characters={"Amazon": {"at": "DW4", "tasks": [{"face": "Raid", "taken": 3}]}},
        out_of_play=["Patrol"],
    )
    amazon = state.characters["Amazon"]
    assert state.place_of(RAID) == Place.carried("Amazon")
    assert state.visitor_faces[RAID] == "Raid"
    assert amazon.tasks[RAID] == Task(face="Raid", taken=3, last_day=16, fame=8)
    assert amazon.relationships["Lancers"] == 3
    assert amazon.relationships["Woodfolk"] == 2
    assert all(state.place_of(f"Patrol {n}") == Place.OUT for n in ("HQ", "1", "2"))
    check_state(state, catalog())


def test_a_take_he_cannot_do_as_he_stands_is_warned_of_but_stands():
    """7.2.4a, c: a chit he carries, a second campaign (but when he abandons the first), or any
    chit with negative points: warnings (chit-not-taken), the orders still stand."""
    state = _state()
    _carry(state, RAID, "Raid")
    _carry(state, FOOD, "Food/Ale")
    result = parse_orders("H\ntake: Food/Ale, War", state, "Amazon", catalog=catalog())
    assert result.orders is not None
    assert [english(w.message) for w in result.warnings] == [
        "take: he already carries the Food/Ale",
        "take: War: he carries the Raid, and no more than one campaign chit at a time (7.2.4a); "
        "it is taken only once the other is done",
    ]
    assert {w.code.value for w in result.warnings} == {"chit-not-taken"}
    abandoning = parse_orders("H\ntake: War\nabandon: campaign", state, "Amazon", catalog=catalog())
    assert abandoning.warnings == ()
    state.characters["Amazon"].notoriety = -2
    negative = parse_orders("H\ntake: War\nabandon: campaign", state, "Amazon", catalog=catalog())
    assert [w.line for w in negative.warnings] == [2]
    assert "negative Fame or Notoriety" in english(negative.warnings[0].message)
