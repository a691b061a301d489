"""The questions spells ask (SCENARIOS part 3, "Answers a spell asks"): one decision kind,
``spell``, about the spell by name, asked in a turn or a round of combat
(:mod:`rules.magic.questions`), and the scenarios' ``choices.<name>.spells`` answering it in the
order asked (:mod:`scenarios.spell_answers`)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.decisions import CombatId, TurnId, kind_of
from rules.evening.state import CombatState
from rules.events import Decision
from rules.magic import questions
from rules.phrases import phrase, verbatim
from scenarios import ScenarioError, load_scenario
from scenarios.format import SpellChoice
from scenarios.spell_answers import SpellAnswers
from tests.rules.games import fresh

#: A question a spell asks (Lost's).
ASKED = phrase("spells.lost_where", number=2)


def context(answers: dict[str, str] | None = None, *, evening: bool = False) -> Ctx:
    state = fresh(7, ["Amazon", "Sorcerer"])
    state.today.stage = "evening" if evening else "daylight"
    state.today.turn = TurnState(character="Amazon", phase=1)
    state.options["wait_for_decisions"] = True
    state.options["wait_for_combat"] = True
    return Ctx(catalog=catalog(), board=None, state=state, dice=None, answers=answers or {})  # type: ignore[arg-type]


def test_a_question_in_a_turn_is_about_its_spell_and_asked_of_who_answers():
    ctx = context()
    answer = questions.ask(ctx, "Amazon", "Lost", ASKED, ["BV2", "BV5"])
    assert answer == "BV2"
    (decision,) = ctx.pending
    assert decision.id == "d1/Amazon/p2/spell Lost/Amazon"
    where = decision.where
    assert isinstance(where, TurnId)
    assert (where.kind, where.subject, where.who) == ("spell", "Lost", "Amazon")
    assert kind_of(where).subject == "spell"


def test_a_question_in_combat_names_the_clearing_and_round():
    combat = CombatState(clearing="CV5", round=2)
    ctx = context(evening=True)
    questions.ask(ctx, "Sorcerer", "Violent Storm", ASKED, ["4", "3"], combat=combat)
    (decision,) = ctx.pending
    assert decision.id == "d1/CV5/r2/spell/Sorcerer/Violent Storm"
    assert isinstance(decision.where, CombatId)


def test_a_question_before_a_turn_is_his_first_phases():
    """Premonition asks before its target's turn starts, no turn being taken."""
    ctx = context()
    ctx.state.today.turn = None
    questions.ask(ctx, "Amazon", "Premonition", ASKED, ["3", "1", "2"], before="Amazon")
    (decision,) = ctx.pending
    assert decision.id == "d1/Amazon/p1/spell Premonition/Amazon"
    assert decision.default == "3" and isinstance(decision.where, TurnId)


def test_the_answer_given_is_taken_and_one_not_among_the_options_is_the_default():
    given = context({"d1/Amazon/p2/spell Lost/Amazon": "BV5"})
    assert questions.ask(given, "Amazon", "Lost", ASKED, ["BV2", "BV5"]) == "BV5"
    stale = context({"d1/Amazon/p2/spell Lost/Amazon": "CV1"})
    assert questions.ask(stale, "Amazon", "Lost", ASKED, ["BV2", "BV5"]) == "BV2"


def test_a_single_option_is_no_question():
    ctx = context()
    assert questions.ask(ctx, "Amazon", "Lost", ASKED, ["BV2"]) == "BV2"
    assert ctx.pending == []


def spell_decision(spell: str, options: tuple[str, ...], who: str = "Amazon") -> Decision:
    return Decision(
        id=f"d1/CV5/r1/spell/{who}/{spell}",
        character=who,
        kind="spell",
        prompt=verbatim("?"),
        options=options,
        default=options[0],
    )


def test_the_entries_answer_their_spell_in_the_order_asked():
    entries = [
        SpellChoice(spell="Lost", clearing="BV5"),
        SpellChoice(spell="Violent Storm", cancel=[2, 3]),
        SpellChoice(spell="Lost", clearing="BV2"),
    ]
    answers = SpellAnswers({"Amazon": entries})
    storm = spell_decision("Violent Storm", ("3", "2, 3"))
    lost = spell_decision("Lost", ("BV2", "BV5"))
    assert answers.answer(storm) == "2, 3"
    assert answers.answer(lost) == "BV5"
    assert answers.answer(lost) == "BV2"
    assert answers.answer(lost) is None
    assert answers.answer(spell_decision("Lost", ("BV2", "BV5"), who="Sorcerer")) is None


def test_an_entry_answers_no_other_kind():
    answers = SpellAnswers({"Amazon": [SpellChoice(spell="Lost", clearing="BV5")]})
    other = Decision(
        id="d1/CV5/r1/color/Amazon",
        character="Amazon",
        kind="color",
        prompt=verbatim("?"),
        options=("none", "BV5"),
        default="none",
    )
    assert answers.answer(other) is None


def test_an_answer_not_among_the_options_is_malformed_where_it_is_written():
    answers = SpellAnswers({"Amazon": [SpellChoice(spell="Broomstick", invoke=True)]})
    with pytest.raises(ScenarioError) as info:
        answers.answer(spell_decision("Broomstick", ("no", "later")))
    assert info.value.key == "choices.Amazon.spells[0].invoke"
    assert "'yes'" in info.value.reason


def scenario(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": "spell answers",
        "map": {"tiles": [{"tile": "BV", "at": [0, 0]}]},
        "characters": {"Amazon": {"at": "BV5"}},
        "choices": {"Amazon": {"spells": [entry]}},
        "expect": {},
    }


@pytest.mark.parametrize(
    "entry",
    [
        {"spell": "Lost"},
        {"spell": "Lost", "clearing": "BV2", "tile": "BV"},
        {"spell": "Premonition", "preempt": 0},
    ],
)
def test_an_entry_with_no_answer_or_two_is_malformed(entry):
    with pytest.raises(ScenarioError) as info:
        load_scenario(scenario(entry))
    assert info.value.key.startswith("choices.Amazon.spells")


def test_answers_are_written_as_the_options_write_them():
    assert SpellChoice(spell="Broomstick", invoke=False).answer == "no"
    assert SpellChoice(spell="Control Bats", unassign=["Giant Bat 1", "Giant Bat 2"]).answer == (
        "Giant Bat 1, Giant Bat 2"
    )
    assert SpellChoice(spell="Premonition", preempt=2).answer == "2"
    assert SpellChoice(spell="Prophecy", activity="M CV2").answer == "M CV2"
    assert load_scenario(scenario({"spell": "Lost", "clearing": "BV2"})).choices
