"""The standing magic instructions (issue 34, :mod:`rules.orders.magic_plays`): ``cast:`` sets
the Encounter action and the caster's spell targets, ``color:`` answers the colour decisions —
read, checked with clear messages, echoed canonically, and answering only with legal options
(the scenarios in tests/scenarios/magic/standing show them applied in a day)."""

from __future__ import annotations

import pytest

from bot.event_text import english
from rules.events import Decision
from rules.orders.conditions import CombatOrders, Situation, daylight_color, standing_answer
from rules.orders.parse import ParseResult, parse_orders
from rules.phrases import verbatim
from tests.rules.games import fresh

CAST = ("Amazon", "Wizard", "Sorcerer")


def parse(text: str, who: str = "Wizard") -> ParseResult:
    return parse_orders(f"H\n{text}", fresh(7, CAST), who)


def orders(text: str, who: str = "Wizard") -> CombatOrders:
    result = parse(text, who)
    assert result.errors == (), result.errors
    assert result.orders is not None
    return result.orders.instructions.combat


def decision(kind: str, *options: str, who: str = "Wizard") -> Decision:
    return Decision(
        id=f"d3/CV5/r1/{kind}/{who}",
        character=who,
        kind=kind,
        prompt=verbatim("?"),
        options=("none", *options),
        default="none",
    )


def test_cast_and_color_lines_are_echoed_in_canonical_form():
    text = (
        "CAST: elven grace  with magic iii3*, colour MAGIC IV3* at the first monster attacking "
        "me, giant, ME if an attacker is on me\n"
        "color: energize transform on amazon when possible; none\n"
        "round 2: cast: Blend Into Background with MAGIC II4* at this tile"
    )
    result = parse(text)
    assert result.errors == ()
    assert result.echo.splitlines()[1:] == [
        "cast: Elven Grace with MAGIC III3*, color MAGIC IV3* at the first monster that attacks "
        "me, Giant, me if an attacker is on me",
        "color: energize Transform on Amazon; none",
        "round 2: cast: Blend Into Background with MAGIC II4* at this tile",
    ]
    again = parse("\n".join(result.echo.splitlines()[1:]))
    assert again.echo == result.echo, "the echo reads back as the same orders"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("cast: Fiery Blast with MAGIC IV3*", "cast 'Fiery Blast': not a spell you have"),
        ("cast: Elven Grace with MAGIC V4*", "'MAGIC V4*' is not one of your MAGIC chits"),
        ("cast: Elven Grace with FIGHT L4", "'FIGHT L4' is not one of your MAGIC chits"),
        (
            "cast: Elven Grace with MAGIC II4*",
            "cast Elven Grace with MAGIC II4*: Elven Grace is a Type III spell and MAGIC II4* a "
            "Type II chit (8.3.9b.3)",
        ),
        (
            "cast: Elven Grace with MAGIC III3* at the second goblin",
            "cast: target 'the second goblin' is not understood",
        ),
        ("color: energize Frog on Amazon", "'Frog on Amazon' is not a Permanent spell"),
        ("color: energize Transform on Zorro", "color: 'Zorro' is not a target a spell may be on"),
        (
            "color: energize Transform on Amazon with MAGIC II4*",
            "color: MAGIC II4* supplies gray magic, Transform needs purple (4.6.7h.5)",
        ),
        ("color: burn it all", "color: 'burn it all' energizes nothing"),
    ],
)
def test_a_magic_instruction_that_cannot_be_read_is_refused_saying_why(line, message):
    (error,) = parse(line).errors
    assert (error.code, english(error.message)) in (
        ("bad-target", message),
        ("bad-instruction", message),
    )
    assert english(error.hint), "it says how to write it"


def test_every_problem_of_the_magic_lines_is_reported_at_once():
    result = parse(
        "cast: Frog with MAGIC II4*\ncolor: energize Frog\nround 1: cast: Elven Grace at me"
    )
    assert [(p.line, p.code) for p in result.errors] == [
        (2, "bad-target"),
        (3, "bad-target"),
        (4, "bad-instruction"),
    ]
    assert result.orders is None


def test_the_encounter_cast_is_the_same_action_as_the_cast_key():
    """``encounter: cast ...`` (the autopilot's) stays valid and answers as ``cast:`` does."""
    play = "cast Elven Grace with MAGIC III3*, color MAGIC IV3*"
    action = decision("action", "alert FIGHT L4", play)
    facts = Situation(round=1)
    for line in (f"encounter: {play}", "cast: Elven Grace with MAGIC III3*, color MAGIC IV3*"):
        assert standing_answer(orders(line), action, facts) == play


def test_a_cast_clause_names_its_spells_targets_once_the_cast_is_known():
    """8.4.2d: the first phrase naming an option wins; before the cast (or for another spell)
    the clause names nothing, so the target decision keeps its default."""
    clauses = orders(
        "cast: Elven Grace with MAGIC III3* at the first monster that attacks me, Amazon, me"
    )
    target = decision("target", "Amazon", "Wolf 1", "Goblin Axe 1", "Wizard")
    casting = Situation(round=1, cast="Elven Grace", on_sheet=("Wolf 1",), monsters=("Wolf 1",))
    assert standing_answer(clauses, target, casting) == "Wolf 1"
    assert standing_answer(clauses, target, Situation(round=1, cast="Elven Grace")) == "Amazon"
    alone = decision("target", "Wizard")
    assert standing_answer(clauses, alone, Situation(round=1, cast="Elven Grace")) == "Wizard"
    assert standing_answer(clauses, target, Situation(round=1)) is None
    assert standing_answer(clauses, target, Situation(round=1, cast="Fiery Blast")) is None


def test_a_cast_clause_names_the_clearing_the_tile_and_a_set_it_names_all_of():
    here = Situation(round=1, cast="Elven Grace", clearing="CV5", tile="CV")
    assert (
        standing_answer(
            orders("cast: Elven Grace with MAGIC III3* at my clearing"),
            decision("target", "CV5", "Wizard"),
            here,
        )
        == "CV5"
    )
    assert (
        standing_answer(
            orders("cast: Elven Grace with MAGIC III3* at this tile"),
            decision("target", "CV", "Wizard"),
            here,
        )
        == "CV"
    )
    bats = decision("target", "Giant Bat 1, Giant Bat 2", "Wizard")
    found = standing_answer(orders("cast: Elven Grace with MAGIC III3* at Giant Bat"), bats, here)
    assert found == "Giant Bat 1, Giant Bat 2"


def test_a_cast_not_among_the_options_leaves_the_default():
    """A clause whose answer is not legal now does not answer (the default, or his window)."""
    clauses = orders("cast: Elven Grace with MAGIC III3*, color MAGIC IV3*")
    action = decision("action", "cast Elven Grace with MAGIC III3*")
    assert standing_answer(clauses, action, Situation(round=1)) is None


COLOR = ("MAGIC IV3*", "MAGIC IV3* energizes Transform on Amazon", "MAGIC II4*")


def test_a_color_clause_energizes_an_inert_spell_and_only_then():
    """It plays the option energizing the spell while it is inert and the chit's colour fits
    (:attr:`Situation.energize`); energized already, it plays nothing (the default)."""
    clauses = orders("color: energize Transform on Amazon")
    color = decision("color", *COLOR)
    worth = Situation(round=1, energize=("MAGIC IV3* energizes Transform on Amazon",))
    assert standing_answer(clauses, color, worth) == "MAGIC IV3* energizes Transform on Amazon"
    assert standing_answer(clauses, color, Situation(round=1)) is None
    assert standing_answer(orders("color: none"), color, worth) == "none"
    named = orders("color: energize Transform with MAGIC IV4*")
    assert standing_answer(named, color, worth) is None, "not the chit he named"


def test_in_daylight_only_color_clauses_without_round_or_condition_answer():
    """4.6.7h.6: no window in Daylight; a round or a condition speaks of combat."""
    color = decision("color", *COLOR)
    worth = ("MAGIC IV3* energizes Transform on Amazon",)
    assert daylight_color(orders("color: energize Transform on me"), color, worth) is None
    assert (
        daylight_color(orders("color: energize Transform"), color, worth)
        == "MAGIC IV3* energizes Transform on Amazon"
    )
    for line in (
        "round 1: color: energize Transform",
        "color: energize Transform if an attacker is on me",
    ):
        assert daylight_color(orders(line), color, worth) is None
