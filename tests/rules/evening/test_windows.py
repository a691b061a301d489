"""Combat by DM asks each round's decisions in at most two windows — lure, then the encounter's
with the melee's asked ahead (issue 32) — and never stops for fatigue or wounds unless asked to
(issue 14, pbem-combat §2)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from bot.event_text import english
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.decisions import COMBAT_KINDS, CombatId
from rules.evening.windows import brief, read_plays
from rules.events import Decision
from rules.orders.parse import parse_orders
from rules.state import GameState, Place
from tests.rules.games import fresh

#: The windows of a round, by the kinds of decision each may hold.
WINDOWS = {
    "natives": frozenset({"drinks"}),
    "pay": frozenset({"insult", "challenge"}),
    "lure": frozenset({"lure", "hireling_lure"}),
    # after random assignment, the Encounter's choices and the Melee Step's asked ahead (issue 32)
    "encounter": frozenset(
        {"assign", "deploy", "charge", "action"}
        | {"target", "hireling_target", "attack", "maneuver", "shield", "place"}
    ),
    "melee": frozenset({"target", "hireling_target", "attack", "maneuver", "shield", "place"}),
    "fatigue": frozenset({"fatigue", "wound"}),
}


#: Standing combat orders that answer every decision of this fight (pbem-combat §3).
STANDING = """R
lure: none
charge: none
encounter: none
target: any attacker on my sheet; none
attack: none
maneuver: fastest; none
shield: toward most attackers
place: spread"""


def fight(options: dict[str, bool], text: str = "R") -> tuple[GameState, dict[str, object]]:
    """The Amazon and the Black Knight, unhidden, with a Giant in their clearing, each with
    the orders ``text``."""
    state = fresh(7, ["Amazon", "Black Knight"])
    here = state.place_of("Amazon")
    for piece in list(state.at(here)):
        if piece not in ("Amazon",):
            state.put(piece, Place.OUT)
    state.put("Black Knight", here)
    state.put("Giant 1", here)
    for name in ("Amazon", "Black Knight"):
        state.characters[name].hidden = False
    state.options.update(options)
    orders: dict[str, object] = {}
    for name in ("Amazon", "Black Knight"):
        result = parse_orders(text, state, name)
        assert result.orders is not None, result.errors
        orders[name] = result.orders
    return state, orders


def stops(
    options: dict[str, bool], text: str = "R", *, silent: bool = False
) -> tuple[list[tuple[int, frozenset[str]]], list[str]]:
    """Resolve the day, answering every stop with the defaults — or, ``silent``, letting each
    run out, its defaults marked so —: the (round, kinds) of each stop, and the day's events
    as text."""
    state, orders = fight(options, text)
    answers: dict[str, str] = {}
    seen: list[tuple[int, frozenset[str]]] = []
    while True:
        defaulted = frozenset(answers) if silent else frozenset()
        resolution = resolve(state, orders, answers, defaulted=defaulted)  # type: ignore[arg-type]
        if not resolution.pending:
            return seen, [str(e.stored()) for e in resolution.events]
        where = [d.where for d in resolution.pending]
        assert all(isinstance(w, CombatId) for w in where), "only combat stops"
        rounds = {w.round for w in where if isinstance(w, CombatId)}
        assert len(rounds) == 1, "one stop belongs to one round"
        seen.append((rounds.pop(), frozenset(d.kind for d in resolution.pending)))
        answers.update({d.id: d.default for d in resolution.pending})


def test_a_round_asks_at_most_two_windows_and_never_fatigue():
    """Issue 32: a round asks a player at most twice — his lures, then everything else once
    random assignment is done."""
    seen, _ = stops({"wait_for_decisions": True, "wait_for_combat": True})
    assert seen, "the fight asks something"
    per_round: dict[int, list[frozenset[str]]] = defaultdict(list)
    for number, kinds in seen:
        assert kinds <= {name for name, kind in COMBAT_KINDS.items() if kind.window is not None}
        window = [w for w, allowed in WINDOWS.items() if kinds <= allowed]
        assert window and window[0] != "fatigue", f"round {number} stopped for {sorted(kinds)}"
        per_round[number].append(kinds)
    for number, windows in per_round.items():
        if number > 0:
            assert len(windows) <= 2, f"round {number}: {windows}"
    assert any("attack" in k and "target" in k and "action" in k for _, k in seen), (
        "the encounter's window asks the action, the target and the plays"
    )


def test_the_fatigue_step_waits_only_when_asked_to():
    seen, _ = stops({"wait_for_decisions": True, "wait_for_combat": True, "wait_for_fatigue": True})
    assert any(kinds <= WINDOWS["fatigue"] for _, kinds in seen)


def test_answering_every_window_with_its_defaults_changes_nothing():
    """Same day, same dice: a fight asked window by window and answered with the defaults is
    the fight the engine resolves without asking."""
    _, waited = stops({"wait_for_decisions": True, "wait_for_combat": True})
    _, straight = stops({})
    assert waited == straight


def test_windows_left_to_run_out_are_the_fight_resolved_without_asking():
    """Nobody answers: each decision, asked ahead or not, takes its default of the moment its
    step takes it; the plays are revealed marked "(default)"."""
    _, silent = stops({"wait_for_decisions": True, "wait_for_combat": True}, silent=True)
    _, straight = stops({})
    marked = re.compile(r", 'defaults': \[[^]]*\]")
    assert any(marked.search(line) for line in silent)
    assert [marked.sub("", line) for line in silent] == straight


def test_a_fight_answered_by_standing_orders_opens_no_window():
    """A window opens only for a choice the standing orders do not answer; answered by them,
    the fight is the one resolved without waiting."""
    seen, waited = stops({"wait_for_decisions": True, "wait_for_combat": True}, STANDING)
    assert seen == []
    _, straight = stops({}, STANDING)
    assert waited == straight
    assert any("combat_ended" in line for line in waited)


def melee_stop() -> tuple[GameState, list[Decision]]:
    """The state and the open decisions where the fight first waits for its melee window."""
    state, orders = fight({"wait_for_decisions": True, "wait_for_combat": True})
    answers: dict[str, str] = {}
    while True:
        resolution = resolve(state, orders, answers)  # type: ignore[arg-type]
        if any(d.kind == "attack" for d in resolution.pending):
            return resolution.state, list(resolution.pending)
        assert resolution.pending, "the fight reaches a melee window"
        answers.update({d.id: d.default for d in resolution.pending})


def test_typed_plays_answer_the_open_decisions_they_name():
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    typed = read_plays(
        catalog(),
        state,
        "Amazon",
        "target: Giant\nattack: FIGHT M4* smash\nmaneuver: MOVE M3* dodge",
        mine,
    )
    assert typed.problems == ()
    by_kind = {d.kind: typed.answers.get(d.id) for d in mine}
    assert by_kind["target"] == "Giant 1"
    assert by_kind["attack"] == "FIGHT M4* smash"
    assert by_kind["maneuver"] == "MOVE M3* dodge"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("attack: FIGHT Z9 smash", "not one of your"),
        ("deploy Company 1: Giant", "answers none of your open decisions"),
        ("colour: red", "not"),
    ],
)
def test_typed_plays_that_answer_nothing_are_refused_whole(text, words):
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    typed = read_plays(catalog(), state, "Amazon", "target: Giant\n" + text, mine)
    assert typed.answers == {}
    assert typed.problems and any(words in english(p.message) for p in typed.problems), (
        typed.problems
    )
    assert all(english(p.hint) for p in typed.problems)


def test_the_brief_shows_what_is_on_his_sheet_and_what_he_may_play():
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    lines = brief(catalog(), state, "Amazon", None, mine)
    text = "\n".join(map(english, lines))
    assert "round" in text and "Your chits in play:" in text and "Asterisks" in text


def test_the_asterisks_left_are_shown_only_in_a_window_that_plays_chits():
    state, pending = melee_stop()
    target = [d for d in pending if d.character == "Amazon" and d.kind == "target"]
    text = "\n".join(map(english, brief(catalog(), state, "Amazon", None, target)))
    assert "Your chits in play:" in text and "Asterisks" not in text


def test_a_line_that_answers_nothing_open_is_said_back_and_the_others_taken():
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    typed = read_plays(catalog(), state, "Amazon", "target: Giant\nlure: Giant", mine)
    assert typed.problems == () and typed.unused == ("lure",)
    assert "Giant 1" in typed.answers.values()
    alone = read_plays(catalog(), state, "Amazon", "lure: Giant", mine)
    assert alone.answers == {} and "answers none" in english(alone.problems[0].message)


def test_a_play_not_among_the_options_says_so_and_what_he_may_choose():
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    typed = read_plays(catalog(), state, "Amazon", "target: Wolf 1\nshield: smash", mine)
    assert typed.answers == {}
    (problem,) = typed.problems
    assert english(problem.message) == "target: Wolf 1 is not one of your choices now"
    target = next(d for d in mine if d.kind == "target")
    assert english(problem.hint) == f"you may target: {', '.join(target.options)}"
    assert "Giant 1" in english(problem.hint)


def test_a_conditional_play_not_meant_now_is_no_problem():
    state, pending = melee_stop()
    mine = [d for d in pending if d.character == "Amazon"]
    typed = read_plays(catalog(), state, "Amazon", "target: Wolf 1 if round 5\nshield: smash", mine)
    assert typed.problems == () and typed.unused == ("target",)
