"""Every decision magic asks a player reaches him by DM in a form he can answer (issue 34):
combat's in a window, with a select and a typed form; a turn's as a decision DM whose options
read back exactly, commas and all, on buttons or selects within Discord's limits."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord.decisions import (
    MAX_BUTTONS,
    DecisionSelect,
    buttons,
    decision_view,
    offered_options,
    read_decision,
)
from bot.discord.plays import read_window
from bot.event_text import english
from bot.render import render
from bot.window_messages import window_message
from db.models import Campaign
from rules.decisions.kinds import COMBAT_KINDS, TURN_KINDS
from rules.evening.windows import KEY_OF, TYPED_BY_KIND
from rules.events import Decision
from rules.phrases import Phrase

#: The decision kinds magic asks (SCENARIOS part 3; rules/decisions/kinds.py).
MAGIC_COMBAT = ("spell", "red_die", "head", "color")
MAGIC_TURN = ("spell", "red_die", "enchant", "enchant_clearing", "color")

CAMPAIGN = Campaign(id=1, name="Test", day=3, created_at=datetime(2030, 1, 1, tzinfo=UTC))
DUE = datetime(2030, 1, 2, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("name", MAGIC_COMBAT)
def test_every_magic_decision_of_combat_comes_in_a_window_and_may_be_typed(name: str) -> None:
    kind = COMBAT_KINDS[name]
    assert kind.window is not None, "asked in a window, with its select"
    assert name in KEY_OF or name in TYPED_BY_KIND, "and typed in plays"


def test_magic_decisions_of_a_turn_are_kinds_of_the_turn() -> None:
    assert set(MAGIC_TURN) <= set(TURN_KINDS)


def decision_dm(options: tuple[str, ...]) -> str:
    decision = Decision(
        id="d3/Witch/p2/spell Violent Storm/Witch",
        character="Witch",
        kind="spell",
        prompt=Phrase.read("Violent Storm in BL1: which 2 of your phases 2, 3, 4 do you cancel?"),
        options=options,
        default=options[0],
    )
    return render("messages/decision.txt.j2", campaign=CAMPAIGN, decision=decision, due=DUE)


@pytest.mark.parametrize(
    "options",
    [
        ("3, 4", "2, 4", "2, 3"),
        ("6", "5", "4", "3", "2", "1"),
        tuple(f"CV{n}" for n in range(1, 26)),
        tuple(f"T{n} M{m}" for n in range(1, 11) for m in range(1, 7)),
    ],
)
def test_a_turn_decisions_options_read_back_exactly_on_buttons_or_selects(
    options: tuple[str, ...],
) -> None:
    content = decision_dm(options)
    asked = read_decision("Test", content)
    assert asked is not None and asked.options == options
    assert asked.default == options[0]
    assert buttons(asked) == (len(options) <= MAX_BUTTONS)
    view = decision_view(1, "Test", content)
    assert view is not None
    if buttons(asked):
        assert offered_options(view) == options
    else:
        selects = [c.item for c in view.children if isinstance(c, DecisionSelect)]
        shares = [[o.label for o in s.options] for s in selects]
        assert len(selects) == len(view.children) <= 5
        assert all(len(share) <= 25 for share in shares)
        assert [label for share in shares for label in share] == list(options)


def test_a_turn_decision_of_too_many_options_is_answered_typed() -> None:
    assert read_decision("Test", decision_dm(tuple(f"o{n}" for n in range(126)))) is None


def test_a_combat_spell_question_in_its_window_reads_back_with_its_typed_form() -> None:
    """(Typed in plays, end to end: tests/bot/discord/test_spell_questions.py.)"""
    decision = Decision(
        id="d3/CV5/r1/spell/Witch/Ask Demon",
        character="Witch",
        kind="spell",
        prompt=Phrase.read("Which player do you ask your question (L4953)?"),
        options=("Amazon", "Dwarf"),
        default="Amazon",
    )
    content = window_message(CAMPAIGN, "Witch", "melee", DUE, [], [decision])
    assert "e.g. `spell Ask Demon: Amazon`" in content
    window = read_window(content)
    assert window is not None
    (block,) = window[1]
    assert (block.prompt, block.options) == (english(decision.prompt), decision.options)
