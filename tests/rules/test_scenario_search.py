"""Rule scenarios, SCENARIOS.md Part 2 "Choices": ``choices.<searcher>.search``, its form, its
names, and its entries answering a (fake, then the real) engine's search decisions, the k-th S or
P phase of his orders by his k-th entry."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules.catalog import catalog
from rules.decisions import DecisionId, TurnId
from rules.events import Decision
from rules.phrases import verbatim
from scenarios import ScenarioError, build_state, check, load_scenario, run
from scenarios.search import choice_results
from tests.rules.asking import AskingResolve

BASE: dict[str, Any] = {
    "name": "a search scenario",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "BV", "at": [0, -1], "rotation": 3}]},
    "monster_roll": 2,
    "characters": {"Black Knight": {"at": "DW1"}},
    "orders": {"Black Knight": "S Peer, M DW4, S Locate"},
    "until": "daylight",
    "expect": {},
}

PEER_AND_LOCATE = [
    "Clues and Paths",
    "Hidden enemies and Paths",
    "Hidden enemies",
    "Clues",
    "Passages and Clues",
    "Passages",
    "Discover chits",
]


def with_(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def searching(
    *entries: dict[str, Any], who: str = "Black Knight", **changes: Any
) -> dict[str, Any]:
    return with_(choices={who: {"search": list(entries)}}, **changes)


def malformed(data: Mapping[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        scenario = load_scenario(data)
        build_state(catalog(), scenario)
        run(catalog(), scenario, resolve=AskingResolve([]))
    return info.value


# --- the form and the names ---------------------------------------------------------------------


def test_a_choice_is_a_peer_or_locate_result_as_printed():
    assert choice_results(catalog()) == PEER_AND_LOCATE


def test_search_trade_and_hire_choices_are_supported():
    scenario = load_scenario(searching({"choice": "Clues"}, {}))
    assert scenario.choices["Black Knight"].search[0].choice == "Clues"
    assert scenario.choices["Black Knight"].search[1].item is None
    hiring = load_scenario(with_(choices={"Black Knight": {"hire": [{"boon": "take"}]}}))
    assert hiring.choices["Black Knight"].hire[0].boon == "take"


@pytest.mark.parametrize(
    ("entry", "key", "words"),
    [
        ({"choice": "Counters"}, "choices.Black Knight.search[0].choice", "not a Peer or Locate"),
        (
            {"choice": "Clues and paths"},
            "choices.Black Knight.search[0].choice",
            "'Clues and Paths'",
        ),
        (
            {"item": "sell"},
            "choices.Black Knight.search[0].item",
            "'keep', 'activate' or 'abandon'",
        ),
        ({"loot": "HOARD 6"}, "choices.Black Knight.search[0].loot", "unknown key"),
        ({"take_from": "HORDE 6"}, "choices.Black Knight.search[0].take_from", "'HOARD 6'"),
        ({"take_from": "DW9"}, "choices.Black Knight.search[0].take_from", "nor a clearing"),
        ({"perceive_from": "Book"}, "choices.Black Knight.search[0].perceive_from", "nor an item"),
        ({"learn": "Illusoin"}, "choices.Black Knight.search[0].learn", "'Illusion'"),
    ],
)
def test_a_malformed_search_entry_names_the_key_and_the_reason(entry, key, words):
    error = malformed(searching(entry))
    assert error.key == key
    assert words in error.reason


def test_entries_naming_what_the_game_has_are_accepted():
    build_state(
        catalog(),
        load_scenario(
            searching(
                {"choice": "Passages and Clues", "take_from": "HOARD 6", "item": "activate"},
                {"take_from": "DW5", "perceive_from": "Good Book", "learn": "Illusion"},
            )
        ),
    )
    build_state(catalog(), load_scenario(searching({"take_from": "none", "learn": "none"})))


def test_search_entries_of_a_stranger_are_malformed():
    error = malformed(searching({}, who="Amazon"))
    assert error.key == "choices.Amazon"
    assert "not one of the scenario's characters" in error.reason


@pytest.mark.parametrize(
    ("changes", "key", "words"),
    [
        (
            {"orders": {"Black Knight": "S Peer, M DW4"}},
            "choices.Black Knight.search",
            "2 entries, but Black Knight's orders have 1 S or P phase",
        ),
        ({"orders": {}}, "choices.Black Knight.search", "has no orders"),
        (
            {
                "characters": {"Black Knight": {"at": "DW1"}, "Amazon": {"at": "DW1"}},
                "orders": {"Black Knight": "S Peer, S", "Amazon": "F Black Knight"},
                "choices": {"Amazon": {"search": [{}]}},
            },
            "choices.Amazon.search",
            "a follower makes no search decisions",
        ),
    ],
)
def test_entries_that_his_orders_cannot_use_are_malformed(changes, key, words):
    data = searching({}, {})
    data.update(changes)
    error = malformed(data)
    assert error.key == key
    assert words in error.reason


def test_a_hireling_s_entries_go_under_its_piece_id_and_give_no_battle():
    denizens = [{"name": "Company HQ", "at": "DW1", "hired_by": "Black Knight"}]
    data = with_(
        denizens=denizens,
        orders={"Company HQ": "S Peer"},
        choices={"Company HQ": {"search": [{"choice": "Clues"}]}},
    )
    build_state(catalog(), load_scenario(data))
    data["choices"] = {"Company HQ": {"battle": [{"group": "Company"}]}}
    error = malformed(data)
    assert (error.key, "only its search is given" in error.reason) == (
        "choices.Company HQ.battle",
        True,
    )


# --- answering a fake engine's decisions --------------------------------------------------------


def asked(kind: str, phase: int, options: Sequence[str], who: str = "Black Knight") -> Decision:
    return Decision(
        id=f"d1/{who}/p{phase}/{kind}/{who}",
        character="Black Knight",
        kind=kind,
        prompt=verbatim("?"),
        options=tuple(options),
        default=options[0],
    )


def test_the_id_of_a_turn_s_decision_is_read():
    where = DecisionId.parse("d3/Company HQ/p2/search_choice/Company HQ")
    assert isinstance(where, TurnId)
    assert (where.day, where.turn, where.phase, where.kind) == (3, "Company HQ", 2, "search_choice")
    assert not isinstance(DecisionId.parse("d1/DW5/r1/lure/Black Knight/Giant 1"), TurnId)
    assert not isinstance(DecisionId.parse("d1/DW5/r1/target/Black Knight"), TurnId)


def test_the_kth_search_phase_takes_the_kth_entry():
    scenario = load_scenario(
        searching(
            {"choice": "Hidden enemies"},
            {"choice": "Passages", "item": "abandon"},
        )
    )
    first = [asked("search_choice", 1, PEER_AND_LOCATE)]
    second = [
        asked("search_choice", 3, PEER_AND_LOCATE),
        asked("item", 3, ("keep", "activate", "abandon")),
    ]
    fake = AskingResolve([first, second])
    outcome = run(catalog(), scenario, resolve=fake)
    assert fake.answers[1] == {"d1/Black Knight/p1/search_choice/Black Knight": "Hidden enemies"}
    assert fake.answers[2] == fake.answers[1] | {
        "d1/Black Knight/p3/search_choice/Black Knight": "Passages",
        "d1/Black Knight/p3/item/Black Knight": "abandon",
    }
    assert outcome.pending == []


def test_what_his_entry_does_not_give_goes_to_answers_then_the_default():
    scenario = load_scenario(searching({"choice": "Clues"}, answers={"Black Knight": ["activate"]}))
    ask = [
        asked("item", 1, ("keep", "activate", "abandon")),
        asked("search_choice", 3, PEER_AND_LOCATE),
    ]
    fake = AskingResolve([ask])
    run(catalog(), scenario, resolve=fake)
    assert fake.answers[1] == {
        "d1/Black Knight/p1/item/Black Knight": "activate",
        "d1/Black Knight/p3/search_choice/Black Knight": "Clues and Paths",
    }


def test_a_decision_of_another_phase_is_not_a_search_s():
    scenario = load_scenario(searching({"item": "abandon"}))
    fake = AskingResolve([[asked("item", 2, ("keep", "activate", "abandon"))]])
    run(catalog(), scenario, resolve=fake)
    assert fake.answers[1] == {"d1/Black Knight/p2/item/Black Knight": "keep"}


def test_with_wait_for_decisions_an_unanswered_search_decision_stays_pending():
    scenario = load_scenario(searching({"item": "keep"}, options={"wait_for_decisions": True}))
    pending = asked("search_choice", 1, PEER_AND_LOCATE)
    fake = AskingResolve([[pending], [pending]])
    outcome = run(catalog(), scenario, resolve=fake)
    assert outcome.pending == [pending]
    (line,) = [line for line in check(scenario, outcome) if line.startswith("pending")]
    assert "choices.<searcher>.search[k].choice" in line


def test_an_answer_that_is_no_option_is_malformed():
    scenario = load_scenario(searching({"take_from": "HOARD 6"}))
    fake = AskingResolve([[asked("take_from", 1, ("none", "DW1"))]])
    with pytest.raises(ScenarioError) as info:
        run(catalog(), scenario, resolve=fake)
    assert info.value.key == "choices.Black Knight.search[0].take_from"
    assert "'HOARD 6' is not among the options" in info.value.reason


def test_a_hired_leader_s_decisions_take_his_own_entries():
    scenario = load_scenario(
        with_(
            denizens=[{"name": "Company HQ", "at": "DW1", "hired_by": "Black Knight"}],
            orders={"Black Knight": "S Peer", "Company HQ": "M DW4, S Peer"},
            choices={
                "Black Knight": {"search": [{"choice": "Clues"}]},
                "Company HQ": {"search": [{"choice": "Passages"}]},
            },
        )
    )
    fake = AskingResolve(
        [
            [
                asked("search_choice", 2, PEER_AND_LOCATE, who="Company HQ"),
                asked("search_choice", 1, PEER_AND_LOCATE),
            ]
        ]
    )
    run(catalog(), scenario, resolve=fake)
    assert fake.answers[1] == {
        "d1/Company HQ/p2/search_choice/Company HQ": "Passages",
        "d1/Black Knight/p1/search_choice/Black Knight": "Clues",
    }


# --- the real engine ----------------------------------------------------------------------------


def test_magic_sight_s_choice_offers_only_the_peer_and_locate_results():
    """7.5.7f (L1872): "he can only choose results from the Peer or Locate tables"."""
    scenario = load_scenario(
        with_(
            characters={"Witch King": {"at": "DW1"}},
            orders={"Witch King": "S"},
            dice=[[1, 1]],
            options={"wait_for_decisions": True},
        )
    )
    outcome = run(catalog(), scenario)
    (decision,) = outcome.pending
    assert decision.kind == "search_choice"
    assert decision.id == "d1/Witch King/p1/search_choice/Witch King"
    assert list(decision.options) == PEER_AND_LOCATE
    assert decision.default == "Discover chits"
    searched = [e for e in outcome.events if e.type == "searched"]
    assert searched[-1].fields["table"] == "Magic Sight"


def test_the_real_engine_s_choice_is_answered_by_the_entry_of_its_phase():
    scenario = load_scenario(
        searching(
            {"choice": "Clues"},
            {"choice": "Passages"},
            dice=[[1, 1], [1, 1]],
            orders={"Black Knight": "S Peer, S Locate"},
        )
    )
    outcome = run(catalog(), scenario)
    chosen = [
        (e.fields["who"], e.fields["result"]) for e in outcome.events if e.type == "search_choice"
    ]
    assert chosen == [("Black Knight", "Clues"), ("Black Knight", "Passages")]
