"""Standing combat instructions in the day's orders (pbem-combat §3): each key read with its
``round N:`` prefix and conditions, every problem at once, the canonical echo, and combat
decisions answered from the clauses (``standing_answer``).

The seed-7 game of test_parse.py: the Amazon is at the Inn in AV5, whose roads lead to AV2 and
MW5. Her chits: MOVE M4 (two), MOVE M3* (three), FIGHT L4, FIGHT M5, FIGHT M4* (two), FIGHT
M3** (two), FIGHT H4**; her items Short Sword 1, Helmet 1, Breastplate 1, Shield 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.event_text import english
from rules.catalog import catalog
from rules.chits import Alteration, current
from rules.daylight.hirelings import hire
from rules.events import Decision
from rules.orders.combat import COMBAT_KEYS, MAX_CLAUSES, standing_answer
from rules.orders.conditions import (
    ATTACKER,
    Clause,
    CombatOrders,
    Condition,
    Fact,
    Situation,
    names,
)
from rules.orders.instructions import INSTRUCTION_KEYS
from rules.orders.model import Instructions
from rules.orders.parse import ParseResult, parse_orders
from rules.orders.problems import MAX_CHARS, MAX_LINES
from rules.phrases import verbatim
from rules.schema.action_chits import ActionChit
from rules.schema.base import Weight
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh
from tests.rules.test_parse_limits import Worker

CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")


def game() -> GameState:
    return fresh(7, CAST)


def with_pony(state: GameState | None = None) -> GameState:
    state = state or game()
    state.put("Pony M3/M4", Place.owner("Amazon"))
    state.characters["Amazon"].items["Pony M3/M4"] = ItemState()
    return state


def parse(lines: str, state: GameState | None = None, who: str = "Amazon") -> ParseResult:
    """Her orders: a Hide, then ``lines`` (so that the first of them is line 2)."""
    return parse_orders(f"H\n{lines}", state or game(), who)


def combat(lines: str, state: GameState | None = None, who: str = "Amazon") -> CombatOrders:
    result = parse(lines, state, who)
    assert result.errors == (), result.errors
    assert result.orders is not None
    return result.orders.instructions.combat


def problems(lines: str, state: GameState | None = None) -> list[tuple[str, int]]:
    result = parse(lines, state)
    assert result.orders is None
    assert all(english(p.hint) for p in result.errors)
    return [(p.code.value, p.line) for p in result.errors]


# --- the keys ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "key", "plays"),
    [
        ("natives: No  Drinks", "natives", ("no drinks",)),
        ("natives: pay insult", "natives", ("pay insult",)),
        ("lure: goblin axe, WOLF", "lure", ("Goblin Axe", "Wolf")),
        ("charge: none", "charge", ("none",)),
        ("charge: black knight with M3*", "charge", ("Black Knight with MOVE M3*",)),
        ("lure: Giant 2", "lure", ("Giant 2",)),
        ("lure: None", "lure", ("none",)),
        ("run: M4 to av2", "run", ("MOVE M4 to AV2",)),
        ("run: MOVE M3*", "run", ("MOVE M3*",)),
        ("run: move m3* to the road I came by", "run", ("MOVE M3* to the road I came by",)),
        ("encounter: alert fight l4", "encounter", ("alert FIGHT L4",)),
        ("encounter: unalert L4", "encounter", ("unalert FIGHT L4",)),
        ("encounter: run MOVE M4 to Oak Woods 2", "encounter", ("run MOVE M4 to OW2",)),
        ("encounter: abandon shield 1", "encounter", ("abandon Shield 1",)),
        ("encounter: deactivate Helmet 1", "encounter", ("deactivate Helmet 1",)),
        ("encounter: none", "encounter", ("none",)),
        (
            "target: giant, black knight, any attacker",
            "target",
            ("Giant", "Black Knight", ATTACKER),
        ),
        ("target: Company, attacker on me", "target", ("Company", ATTACKER)),
        ("target: none", "target", ("none",)),
        ("attack: FIGHT H4** Smash", "attack", ("FIGHT H4** smash",)),
        ("attack: m5 flip alerted", "attack", ("FIGHT M5 flip alerted",)),
        ("attack: none", "attack", ("none",)),
        ("maneuver: move m3* duck", "maneuver", ("MOVE M3* duck",)),
        ("maneuver: fastest", "maneuver", ("fastest",)),
        ("maneuver: Fastest Dodge", "maneuver", ("fastest dodge",)),
        ("maneuver: none", "maneuver", ("none",)),
        ("shield: Toward  most attackers", "shield", ("toward most attackers",)),
        ("shield: smash", "shield", ("smash",)),
        ("place: spread", "place", ("spread",)),
        ("fatigue: move m3*, FIGHT M4*", "fatigue", ("MOVE M3*", "FIGHT M4*")),
        ("wound: FIGHT L4, MOVE M4", "wound", ("FIGHT L4", "MOVE M4")),
    ],
)
def test_each_key_is_read_into_a_clause(line, key, plays):
    (clause,) = combat(line).clauses
    assert clause == Clause(key=key, plays=plays)


def test_every_combat_key_is_a_standing_instruction():
    assert set(COMBAT_KEYS) <= set(INSTRUCTION_KEYS)
    assert Instructions().combat == CombatOrders()
    hint = english(parse("colour: red").errors[0].hint)
    assert all(key in hint for key in ("lure", "encounter", "maneuver", "round N"))


def test_the_horse_runs_and_maneuvers_only_for_one_who_has_one():
    orders = combat("run: horse gallop\nmaneuver: horse walk duck", with_pony())
    assert [c.plays for c in orders.clauses] == [("horse gallop",), ("horse walk duck",)]
    assert problems("run: horse gallop\nmaneuver: horse walk duck") == [
        ("bad-target", 2),
        ("bad-target", 3),
    ]


def test_the_dwarfs_duck_chit_ducks_only():
    """L3717: the Duck chit is played only in the Duck square."""
    (clause,) = combat("maneuver: DUCK T3* duck", who="Dwarf").clauses
    assert clause.plays == ("DUCK T3* duck",)
    result = parse("maneuver: DUCK T3* charge", who="Dwarf")
    assert [(p.code, p.line) for p in result.errors] == [("bad-instruction", 2)]


def test_the_berserker_may_go_berserk_as_his_encounter_action():
    """L3600: his Berserk chit is his Encounter action; no one else has one to play."""
    state = fresh(7, [*CAST, "Berserker"])
    (clause,) = combat("encounter: berserk BERSERK T4**", state, who="Berserker").clauses
    assert clause.plays == ("berserk BERSERK T4**",)
    result = parse("encounter: berserk BERSERK T4**", state, who="Amazon")
    assert [p.code for p in result.errors] == ["bad-target"]


def test_a_spellcaster_may_cast_as_his_encounter_action():
    """8.3.9b: a recorded spell with one of his Magic chits, its colour from one of his chits
    of Types I-V or, unnamed, an automatic source; the canonical cast answer, whatever the
    case and spacing typed."""
    (clause,) = combat(
        "encounter: CAST elven grace  WITH magic iii3*, colour MAGIC IV3* if an attacker is on me",
        who="Wizard",
    ).clauses
    assert clause.plays == ("cast Elven Grace with MAGIC III3*, color MAGIC IV3*",)
    assert clause.condition is not None
    (bare,) = combat("encounter: cast Blend Into Background with MAGIC II4*", who="Wizard").clauses
    assert bare.plays == ("cast Blend Into Background with MAGIC II4*",)


@pytest.mark.parametrize(
    "line",
    [
        "encounter: cast Fiery Blast with MAGIC IV4*",  # a spell he has not recorded
        "encounter: cast Elven Grace with FIGHT L4",  # not a Magic chit
        "encounter: cast Elven Grace with MAGIC V4*",  # not one of his chits
        "encounter: cast Elven Grace with MAGIC III3*, color MAGIC VI4*",  # no colour type
        "encounter: cast Elven Grace",  # no chit
        "encounter: cast Elven Grace with MAGIC III3*, color MAGIC II3*, color MAGIC IV3*",
    ],
)
def test_a_cast_he_cannot_name_is_refused_with_what_he_has(line):
    result = parse(line, who="Wizard")
    assert [p.line for p in result.errors] == [2]
    assert result.errors[0].code in ("bad-target", "bad-instruction")


def test_a_standing_cast_answers_the_action_decision_when_offered():
    orders = combat("encounter: cast Elven Grace with MAGIC III3*", who="Wizard")
    offered = ("none", "cast Elven Grace with MAGIC III3*", "alert FIGHT L4")
    decision = Decision(
        id="d1/CV5/r1/action/Wizard",
        character="Wizard",
        kind="action",
        prompt=verbatim("?"),
        options=offered,
        default="none",
    )
    situation = Situation(round=1)
    assert standing_answer(orders, decision, situation) == "cast Elven Grace with MAGIC III3*"
    elsewhere = decision.model_copy(update={"options": ("none", "alert FIGHT L4")})
    assert standing_answer(orders, elsewhere, situation) is None


def test_a_round_prefix_scripts_one_round():
    orders = combat("round 1: attack: FIGHT H4** smash\nattack: FIGHT L4 thrust")
    assert [(c.round, c.plays) for c in orders.clauses] == [
        (1, ("FIGHT H4** smash",)),
        (None, ("FIGHT L4 thrust",)),
    ]
    assert [c.round for c in combat("ROUND 3 : lure: Wolf").clauses] == [3]


def test_the_same_key_may_be_given_once_per_round():
    orders = combat("attack: none\nround 1: attack: FIGHT L4 thrust\nround 2: attack: none")
    assert [c.round for c in orders.clauses] == [None, 1, 2]
    assert problems("attack: none\nattack: FIGHT L4 thrust") == [("duplicate-instruction", 3)]
    assert problems("round 2: attack: none\nround 2: attack: none") == [
        ("duplicate-instruction", 3)
    ]


def test_clauses_are_separated_by_semicolons_and_kept_in_order():
    (first, second, third) = combat("target: Giant if round 1; Wolf; none").clauses
    assert first.plays == ("Giant",) and first.condition is not None
    assert (second.plays, second.condition, third.plays) == (("Wolf",), None, ("none",))


# --- conditions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        (
            "if a red-side T is on me or I have 3 wounds",
            Condition(word="if", facts=(Fact(what="red"), Fact(what="wounds", number=3))),
        ),
        (", IF a red-side t is on my sheet", Condition(facts=(Fact(what="red"),))),
        (
            "while my weapon is unalerted",
            Condition(word="while", facts=(Fact(what="weapon", alerted=False),)),
        ),
        ("if my weapon is alerted", Condition(facts=(Fact(what="weapon", alerted=True),))),
        (
            "unless giant is on my sheet and round >= 2",
            Condition(
                word="unless",
                join="and",
                facts=(
                    Fact(what="on me", name="Giant"),
                    Fact(what="round", number=2, at_least=True),
                ),
            ),
        ),
        ("if Heavy Troll 2 is on me", Condition(facts=(Fact(what="on me", name="Heavy Troll 2"),))),
        ("if round 1", Condition(facts=(Fact(what="round", number=1),))),
        ("if round>=3", Condition(facts=(Fact(what="round", number=3, at_least=True),))),
        ("if I have 1 wound", Condition(facts=(Fact(what="wounds", number=1),))),
    ],
)
def test_conditions(text, condition):
    (clause,) = combat(f"run: MOVE M4 to AV2 {text}").clauses
    assert clause.plays == ("MOVE M4 to AV2",)
    assert clause.condition == condition


@pytest.mark.parametrize(
    "condition",
    [
        "if the Giant looks hungry",
        "if a red-side T is near me",
        "if I have many wounds",
        "if my sword is alerted",
        "if round 0",
        "if round last",
        "if round 1 and round 2 or round 3",
        "if",
        "if round 1 or",
    ],
)
def test_unknown_conditions_are_bad_instructions(condition):
    assert problems(f"attack: FIGHT L4 thrust {condition}") == [("bad-instruction", 2)]


def test_a_name_in_a_condition_must_be_a_monster_or_native():
    assert problems("attack: none if Goblin Ax is on me") == [("bad-target", 2)]
    assert problems("attack: none if Dwarf is on me") == [("bad-target", 2)]
    assert problems("attack: none if Giant, Wolf is on me") == [("bad-instruction", 2)]


# --- problems -----------------------------------------------------------------------------------


def test_every_problem_is_reported_at_once_with_its_line():
    text = "\n".join(
        [
            "attack: FIGHT H5* smash",  # not one of her chits
            "target: Giant, Gaint",  # unknown name
            "run: MOVE M4 if the moon is full",  # unknown condition
            "round 0: attack: none",  # rounds count from 1
            "round 2: block: all",  # not a combat key
            "maneuver: MOVE M4 jump",  # no square
            "shield: toward the door",
            "place: in a row",
            "fatigue: MOVE M3*, MOVE M9",
            "encounter: sing",
            "lure: Wolf, Amazon",  # a character is not lured
            "round 3: run: MOVE M4 to ZZ9",
            "attack: best",  # duplicate of line 2
        ]
    )
    assert problems(text) == [
        ("bad-target", 2),
        ("bad-target", 3),
        ("bad-instruction", 4),
        ("bad-instruction", 5),
        ("bad-instruction", 6),
        ("bad-instruction", 7),
        ("bad-instruction", 8),
        ("bad-instruction", 9),
        ("bad-target", 10),
        ("bad-instruction", 11),
        ("bad-target", 12),
        ("bad-clearing", 13),
        ("duplicate-instruction", 14),
    ]


def test_a_clauses_play_and_condition_are_both_checked():
    assert problems("attack: FIGHT H5* smash if the moon is full") == [
        ("bad-target", 2),
        ("bad-instruction", 2),
    ]
    assert problems("target: Gaint; Wolf if round 0") == [
        ("bad-target", 2),
        ("bad-instruction", 2),
    ]


def test_problems_say_what_is_wrong_and_how_to_fix_it():
    (chit,) = parse("attack: FIGHT H5* smash").errors
    assert "'FIGHT H5*'" in english(chit.message) and "FIGHT H4**" in english(chit.hint)
    (name,) = parse("target: Gaint").errors
    assert "Giant" in english(name.hint)
    (best,) = parse("attack: best").errors
    assert "FIGHT H5* smash" in english(best.hint)
    (condition,) = parse("run: MOVE M4 if the moon is full").errors
    assert "a red-side T is on me" in english(condition.hint) and "round >= 2" in english(
        condition.hint
    )


def test_alert_stays_what_a_bare_a_does():
    """7.9: ``alert:`` is the Daylight key; the Encounter alert is ``encounter:``."""
    result = parse("alert: FIGHT L4 while my weapon is unalerted")
    (problem,) = result.errors
    assert problem.code == "bad-instruction" and "encounter: alert" in english(problem.hint)
    assert parse("alert: unalert").orders is not None


def test_only_a_character_records_combat_plays():
    state = game()
    state.put("Company HQ", state.place_of("Amazon"))
    hire(catalog(), state, "Company HQ", "Amazon")
    result = parse_orders("H\ntarget: Giant", state, "Company HQ")
    assert [(p.code, p.line) for p in result.errors] == [("bad-instruction", 2)]


def test_a_line_of_too_many_clauses_is_refused_whole():
    line = "attack: " + "; ".join(["FIGHT L4 thrust"] * (MAX_CLAUSES + 1))
    assert problems(line) == [("bad-instruction", 2)]


# --- the echo ---------------------------------------------------------------------------------


def test_the_echo_is_canonical_and_reads_back_the_same():
    text = "\n".join(
        [
            "lure: goblin axe,  wolf unless I have 2 wounds",
            "run: m4 to the road I came by, IF a red-side T is on my sheet OR i have 3 wounds",
            "encounter: alert l4 while my weapon is unalerted",
            "target: giant, heavy troll, attacker",
            "round 1: attack: fight h4** SMASH",
            "attack: m5 thrust; none",
            "maneuver: move m3* duck if round 1; fastest",
            "shield: toward most attackers",
            "place: Spread",
            "fatigue: move m3*, fight m4*",
            "wound: fight l4, move m4",
        ]
    )
    result = parse(text)
    assert result.orders is not None
    assert result.echo.splitlines()[1:] == [
        "lure: Goblin Axe, Wolf unless I have 2 wounds",
        "run: MOVE M4 to the road I came by if a red-side T is on me or I have 3 wounds",
        "encounter: alert FIGHT L4 while my weapon is unalerted",
        "target: Giant, Heavy Troll, any attacker on my sheet",
        "round 1: attack: FIGHT H4** smash",
        "attack: FIGHT M5 thrust; none",
        "maneuver: MOVE M3* duck if round 1; fastest",
        "shield: toward most attackers",
        "place: spread",
        "fatigue: MOVE M3*, FIGHT M4*",
        "wound: FIGHT L4, MOVE M4",
    ]
    again = parse_orders(result.echo, game(), "Amazon")
    assert again.orders == result.orders


LINES = [
    "lure: Giant, Goblin Axe 2 if round 1",
    "lure: none",
    "run: MOVE M3* to MW5 unless I have 1 wound",
    "run: horse walk",
    "encounter: unalert FIGHT M5 if my weapon is alerted; none",
    "target: Black Knight, Company; none",
    "attack: FIGHT M3** flip unalerted",
    "maneuver: horse gallop charge; fastest duck if Wolf is on me and round >= 2",
    "shield: swing",
    "fatigue: FIGHT M3**",
    "wound: MOVE M3*, MOVE M3*",
]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from([None, 1, 2])), max_size=8),
)
def test_any_echo_reads_back_the_same(chosen):
    seen: set[tuple[str, int | None]] = set()
    lines = []
    for line, round_ in chosen:
        key = line.split(":")[0]
        if (key, round_) not in seen:
            seen.add((key, round_))
            lines.append(line if round_ is None else f"round {round_}: {line}")
    state = with_pony()
    result = parse_orders("\n".join(["H", *lines]), state, "Amazon")
    assert result.orders is not None, result.errors
    assert len(result.orders.instructions.combat.lines()) == len(lines)
    assert parse_orders(result.echo, state, "Amazon").orders == result.orders


# --- answering ----------------------------------------------------------------------------------


def decision(
    kind: str, options: tuple[str, ...], default: str = "none", subject: str = ""
) -> Decision:
    """A combat decision of the Amazon's in AV5, round 1 (the round is the situation's)."""
    tail = f"/{subject}" if subject else ""
    return Decision(
        id=f"d3/AV5/r1/{kind}/Amazon{tail}",
        character="Amazon",
        kind=kind,
        prompt=verbatim("?"),
        options=options,
        default=default,
    )


def at(round_: int = 1, **facts: Any) -> Situation:
    return Situation(round=round_, **facts)


def test_names_name_their_pieces_and_no_others():
    assert names("Giant", "Giant 1") and names("Giant", "Giant 2") and names("Giant", "Giant")
    assert not names("Giant", "Giant Bat 1") and not names("Giant", "Giant's Club 1")
    assert names("Company", "Company HQ") and names("Company", "Company 2")
    assert names("Heavy Troll 2", "Heavy Troll 2") and not names("Heavy Troll 2", "Heavy Troll 1")


def test_lure_answers_yes_for_a_named_denizen_whose_condition_holds():
    orders = combat("lure: Giant, Wolf unless I have 2 wounds")
    giant = decision("lure", ("no", "yes"), "no", "Giant 1")
    bat = decision("lure", ("no", "yes"), "no", "Giant Bat 1")
    assert standing_answer(orders, giant, at()) == "yes"
    assert standing_answer(orders, giant, at(wounds=2)) is None
    assert standing_answer(orders, bat, at()) is None
    fallback = combat("lure: Wolf; none")
    assert standing_answer(fallback, giant, at()) == "no"
    assert standing_answer(fallback, decision("lure", ("no", "yes"), "no", "Wolf 3"), at()) == "yes"


ACTIONS = (
    "none",
    "alert FIGHT L4",
    "alert FIGHT M5",
    "run MOVE M4 to AV2",
    "run MOVE M4 to MW5",
    "run MOVE M3* to AV2",
    "run MOVE M3* to MW5",
    "deactivate Helmet 1",
    "abandon Helmet 1",
)


def test_run_by_the_road_he_came_by_when_the_condition_holds():
    orders = combat(
        "run: MOVE M4 to the road I came by, if a red-side T is on me or I have 3 wounds"
    )
    action = decision("action", ACTIONS)
    assert standing_answer(orders, action, at(red_tremendous=True, came_from="MW5")) == (
        "run MOVE M4 to MW5"
    )
    assert standing_answer(orders, action, at(wounds=3, came_from="AV2")) == "run MOVE M4 to AV2"
    assert standing_answer(orders, action, at(came_from="MW5")) is None
    assert standing_answer(orders, action, at(red_tremendous=True)) is None  # came by no road


def test_run_without_a_road_takes_the_one_he_came_by_else_the_first():
    """8.3.8b: he may run only by the road he came in by today, any road if he did not."""
    orders = combat("run: MOVE M3*")
    action = decision("action", ACTIONS)
    assert standing_answer(orders, action, at(came_from="MW5")) == "run MOVE M3* to MW5"
    assert standing_answer(orders, action, at()) == "run MOVE M3* to AV2"


def test_an_action_not_offered_falls_through_to_the_next_clause():
    """With the Short Sword alerted, the engine offers 'unalert', not 'alert'."""
    orders = combat("encounter: alert FIGHT L4 while my weapon is unalerted; deactivate Helmet 1")
    assert standing_answer(orders, decision("action", ACTIONS), at(weapon_alerted=False)) == (
        "alert FIGHT L4"
    )
    assert standing_answer(orders, decision("action", ACTIONS), at(weapon_alerted=True)) == (
        "deactivate Helmet 1"
    )
    alerted = tuple(o.replace("alert", "unalert") for o in ACTIONS if o != "deactivate Helmet 1")
    assert standing_answer(orders, decision("action", alerted), at(weapon_alerted=False)) is None


def test_encounter_and_run_clauses_are_tried_in_the_order_written():
    orders = combat("run: MOVE M4 to AV2 if I have 2 wounds\nencounter: alert FIGHT M5")
    action = decision("action", ACTIONS)
    assert standing_answer(orders, action, at(wounds=2)) == "run MOVE M4 to AV2"
    assert standing_answer(orders, action, at(wounds=1)) == "alert FIGHT M5"


TARGETS = ("none", "Giant Bat 1", "Giant 2", "Wolf 1", "Black Knight")


def test_the_first_target_present_wins():
    orders = combat("target: Giant, any attacker on my sheet")
    target = decision("target", TARGETS)
    assert standing_answer(orders, target, at()) == "Giant 2"
    no_giant = decision("target", tuple(t for t in TARGETS if t != "Giant 2"))
    assert standing_answer(orders, no_giant, at(on_sheet=("Wolf 1",))) == "Wolf 1"
    assert standing_answer(orders, no_giant, at()) is None, "no attacker on his sheet"
    assert standing_answer(combat("target: Black Knight"), target, at()) == "Black Knight"
    assert standing_answer(combat("target: Heavy Troll; none"), target, at()) == "none"


def test_natives_answers_the_drinks_insult_and_challenge_it_names():
    """8.2.2: each ``natives`` clause answers the decision its play names, for every group."""
    orders = combat("natives: no drinks; pay insult; refuse challenge")
    assert orders.lines() == ["natives: no drinks; pay insult; refuse challenge"]
    drinks = decision("drinks", ("no", "yes"), "no", "Company")
    insult = decision("insult", ("pay", "refuse"), "refuse", "Company")
    challenge = decision("challenge", ("pay", "refuse"), "refuse", "Bashkars")
    assert standing_answer(orders, drinks, at()) == "no"
    assert standing_answer(orders, insult, at()) == "pay"
    assert standing_answer(orders, challenge, at()) == "refuse"
    assert standing_answer(combat("natives: drinks"), drinks, at()) == "yes"
    assert standing_answer(combat("natives: drinks"), insult, at()) is None


def test_a_standing_charge_answers_the_charge_decision():
    options = ("none", "Black Knight MOVE M3*", "Black Knight MOVE M4")
    charge = decision("charge", options)
    assert standing_answer(combat("charge: Black Knight with M3*"), charge, at()) == options[1]
    assert standing_answer(combat("charge: none"), charge, at()) == "none"
    assert problems("charge: the Dragon") == [("bad-instruction", 2)]


def test_a_natives_play_that_is_not_one_is_refused():
    assert problems("natives: buy the drinks") == [("bad-instruction", 2)]


def test_a_standing_target_never_names_his_own_hireling():
    """8.4.2g: naming one's own hired native is treachery; only an answer given in the round
    may do it, never a standing instruction."""
    target = decision("target", ("none", "Company 1 (treachery)", "Company 2"))
    assert standing_answer(combat("target: Company"), target, at()) == "Company 2"
    alone = decision("target", ("none", "Company 1 (treachery)"))
    assert standing_answer(combat("target: Company 1"), alone, at()) is None


def test_round_clauses_come_before_the_general_ones():
    orders = combat("attack: FIGHT L4 thrust\nround 1: attack: FIGHT H4** smash")
    attacks = ("none", "FIGHT L4 thrust", "FIGHT L4 swing", "FIGHT H4** smash")
    attack = decision("attack", attacks)
    assert standing_answer(orders, attack, at(1)) == "FIGHT H4** smash"
    assert standing_answer(orders, attack, at(2)) == "FIGHT L4 thrust"
    played = decision("attack", attacks[:3])  # the H4** is already used this round
    assert standing_answer(orders, played, at(1)) == "FIGHT L4 thrust"


MANEUVERS = (
    "none",
    *(
        f"{chit} {square}"
        for chit in ("MOVE M4", "MOVE M3*")
        for square in ("charge", "dodge", "duck")
    ),
)


def test_a_named_maneuver_and_the_fastest():
    default = "MOVE M4 dodge"
    maneuver = decision("maneuver", MANEUVERS, default)
    assert standing_answer(combat("maneuver: MOVE M4 duck"), maneuver, at()) == "MOVE M4 duck"
    fastest = combat("maneuver: fastest")
    assert standing_answer(fastest, maneuver, at()) == "MOVE M3* dodge", "the default's square"
    assert standing_answer(fastest, maneuver, at(effort=2)) == "MOVE M4 dodge", "two asterisks"
    assert standing_answer(combat("maneuver: fastest duck"), maneuver, at()) == "MOVE M3* duck"
    horse = combat("maneuver: horse walk duck", with_pony())
    assert standing_answer(horse, maneuver, at()) is None, "no horse offered"
    assert standing_answer(horse, decision("maneuver", ("horse walk duck",)), at()) == (
        "horse walk duck"
    )


def test_the_fastest_is_judged_by_the_altered_faces():
    """L4374 and L4370 (:attr:`Situation.faces`): under the Draught of Speed a two-asterisk
    chit has time 2 and is the fastest; under the Belt of Strength a one-asterisk Move chit is
    Heavy and may carry what a Medium one may not (8.4.5f.3)."""
    fastest = combat("maneuver: fastest dodge")
    labels = ("MOVE M3*", "MOVE M4**")
    maneuver = decision("maneuver", ("none", *(f"{c} dodge" for c in labels)), "none")

    def faces(altered: Alteration) -> tuple[tuple[str, ActionChit], ...]:
        """The chits' current faces under ``altered`` (L4364–4378), as ``Situation.faces``."""
        return tuple((label, current(label, altered)) for label in labels)

    assert standing_answer(fastest, maneuver, at()) == "MOVE M3* dodge"
    draught = at(faces=faces(Alteration(times=(4, 3, 2))))
    assert standing_answer(fastest, maneuver, draught) == "MOVE M4** dodge"
    one = decision("maneuver", ("none", "MOVE M3* dodge"), "none")
    heavy = Weight.HEAVY.rank
    assert standing_answer(fastest, one, at(carried=heavy)) is None
    belt = at(carried=heavy, faces=faces(Alteration(strength=True)))
    assert standing_answer(fastest, one, belt) == "MOVE M3* dodge"


def test_a_maneuver_not_offered_falls_through_then_to_the_default():
    orders = combat("maneuver: MOVE M4 duck unless round >= 3; MOVE M3* charge if round 3")
    maneuver = decision("maneuver", MANEUVERS, "MOVE M4 dodge")
    assert standing_answer(orders, maneuver, at(3)) == "MOVE M3* charge"
    assert standing_answer(orders, maneuver, at(4)) is None


def test_shield_and_place():
    shield = decision("shield", ("thrust", "swing", "smash"), "swing")
    assert standing_answer(combat("shield: smash"), shield, at()) == "smash"
    assert standing_answer(combat("shield: toward most attackers"), shield, at()) == "swing"
    place = decision("place", ("Giant 1:1", "Giant 1:2", "Giant 1:3"), "Giant 1:2")
    assert standing_answer(combat("place: spread"), place, at()) == "Giant 1:2"


def test_fatigue_follows_the_order_of_preference():
    orders = combat("fatigue: MOVE M3*, FIGHT M4*")
    fatigue = decision("fatigue", ("FIGHT M4*", "MOVE M3*"), "FIGHT M4*")
    assert standing_answer(orders, fatigue, at()) == "MOVE M3*"
    others = decision("fatigue", ("FIGHT M3**",), "FIGHT M3**")
    assert standing_answer(orders, others, at()) is None


def test_wounds_fall_on_the_chits_preferred():
    orders = combat("wound: FIGHT L4, MOVE M4")
    one = decision("wound", ("MOVE M3*", "FIGHT L4", "MOVE M4"), "MOVE M3*")
    assert standing_answer(orders, one, at()) == "FIGHT L4"
    two = decision(
        "wound",
        ("MOVE M3*, FIGHT M5", "FIGHT M5, MOVE M4", "FIGHT L4, FIGHT M5", "FIGHT L4, MOVE M4"),
        "MOVE M3*, FIGHT M5",
    )
    assert standing_answer(orders, two, at()) == "FIGHT L4, MOVE M4"
    partial = decision("wound", two.options[:3], "MOVE M3*, FIGHT M5")
    assert standing_answer(orders, partial, at()) == "FIGHT L4, FIGHT M5"
    neither = decision("wound", ("MOVE M3*, FIGHT M5",), "MOVE M3*, FIGHT M5")
    assert standing_answer(orders, neither, at()) is None


def test_nothing_applies_so_the_engine_decides():
    attack = decision("attack", ("none", "FIGHT L4 thrust"))
    assert standing_answer(CombatOrders(), attack, at()) is None
    assert standing_answer(combat("target: Giant"), attack, at()) is None
    assert standing_answer(combat("attack: FIGHT M5 smash"), attack, at()) is None


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(LINES),
    st.sampled_from(["lure", "action", "target", "attack", "maneuver", "shield", "fatigue"]),
    st.lists(st.sampled_from([*ACTIONS, *TARGETS, *MANEUVERS, "yes", "no", "swing"]), max_size=6),
    st.integers(1, 4),
    st.booleans(),
)
def test_an_answer_is_always_one_of_the_options(line, kind, options, round_, red):
    orders = combat(line, with_pony())
    asked = decision(kind, tuple(options), subject="Giant 1" if kind == "lure" else "")
    answer = standing_answer(orders, asked, at(round_, red_tremendous=red, came_from="MW5"))
    assert answer is None or answer in options


# --- hostile lines ------------------------------------------------------------------------------

N = MAX_CHARS

#: Combat lines at the message limits, parsed by the hang-guarded worker of test_parse_limits.
HOSTILE: dict[str, str] = {
    "a target list of one name again and again": ("target: " + "Giant, " * N)[:N],
    "a target list of unknown names": ("target: " + "Gaint, " * N)[:N],
    "clauses again and again": ("attack: " + "FIGHT L4 thrust; " * N)[:N],
    "semicolons": "lure: " + ";" * (N - 6),
    "facts again and again": ("run: MOVE M4 if " + "round 1 or " * N)[:N],
    "a condition of 'if'": ("target: Giant if " + "if " * N)[:N],
    "a name of one long word": "lure: " + "a" * (N - 6),
    "a round of 3,990 digits": "round " + "9" * (N - 30) + ": attack: none",
    "chits again and again": ("fatigue: " + "MOVE M9, " * N)[:N],
    "runs to to to": ("encounter: run MOVE M4 " + "to " * N)[:N],
    "a maneuver of spaces": "maneuver: MOVE M4" + " " * (N - 22) + "duck",
    "a clearing of spaces": "run: MOVE M4 to a" + " " * (N - 20) + "1",
    "sixty scripted rounds": "\n".join(
        f"round {n}: attack: FIGHT L4 thrust if a red-side T is on me" for n in range(1, 61)
    ),
    "sixty keys, every condition": "\n".join(
        f"round {n}: target: Giant, Wolf, any attacker if I have 3 wounds and round >= 2 and "
        "my weapon is alerted"
        for n in range(1, MAX_LINES + 1)
    )[:N],
}


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    running = Worker()
    yield running
    running.stop()


def test_the_hostile_lines_are_within_the_limits():
    assert all(len(text) <= MAX_CHARS for text in HOSTILE.values())


@pytest.mark.parametrize("label", list(HOSTILE))
def test_no_combat_line_hangs_the_parser(worker: Worker, label: str):
    result = worker.parse(HOSTILE[label], repr(label))
    assert result["accepted"] != bool(result["errors"])


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("a target list of unknown names", "bad-target"),
        ("clauses again and again", "bad-instruction"),
        ("facts again and again", "bad-instruction"),
        ("a round of 3,990 digits", "bad-instruction"),
        ("chits again and again", "bad-target"),
        ("a clearing of spaces", "bad-clearing"),
    ],
)
def test_hostile_combat_lines_get_their_problem(worker: Worker, label: str, code: str):
    result = worker.parse(HOSTILE[label], repr(label))
    assert code in result["errors"]


def test_an_attacker_on_me_holds_for_any_denizen_on_his_sheet():
    """'if an attacker is on me': anything at all on his Melee Section (the autopilot's
    maneuver clause)."""
    orders = combat("maneuver: fastest if an attacker is on me; none")
    first, second = orders.clauses_for("maneuver", 1)
    assert first.holds(Situation(round=1, on_sheet=("Wolf 1",)))
    assert not first.holds(Situation(round=1))
    assert second.holds(Situation(round=1))
    assert (
        "maneuver: fastest if an attacker is on me; none"
        in parse("maneuver: fastest if an attacker is on me; none").echo
    )


def test_the_readme_example_is_accepted_and_echoed_as_written():
    """The Evening section of the README shows these orders: they must stay true."""
    text = (
        "H\n"
        "target: Giant, any attacker on my sheet\n"
        "attack: FIGHT H5* smash\n"
        "maneuver: fastest if an attacker is on me; none\n"
        "run: MOVE H5* to the road I came by if I have 3 wounds\n"
        "round 1: encounter: alert FIGHT H6 while my weapon is unalerted"
    )
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert text in readme
    result = parse_orders(text, fresh(3, ("Black Knight",)), "Black Knight")
    assert result.errors == ()
    assert result.echo == text
