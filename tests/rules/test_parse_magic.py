"""The magic orders of Birdsong (issue 34): EM, E CHIT, E tile CHIT, RE CLEARING CHIT (7.10),
FL TILE (7.3.3), A CHIT (7.9.3) and an extra phase named by the spell that gives it (6.2.4d,
L4721, L4854, L5165, L4858) — read, checked with every problem at once, echoed canonically.

The map of seed 7 (see test_parse.py): everyone starts at the Inn in AV5.
"""

from __future__ import annotations

from bot.event_text import english
from rules.magic.state import SpellInEffect
from rules.orders.parse import ParseResult, noted
from rules.state import GameState
from tests.rules.test_parse import accepted, codes, game, give, parse, warnings


def bewitched(who: str, *spells: str) -> GameState:
    """The seed-7 game with ``spells`` in effect on ``who``, cast by the Sorcerer."""
    state = game()
    state.spells = [
        SpellInEffect(
            number=n,
            spell=name,
            caster="Sorcerer",
            controller="Sorcerer",
            chit="MAGIC III3*",
            targets=[who],
            cast_day=1,
        )
        for n, name in enumerate(spells, 1)
    ]
    return state


def problems(result: ParseResult) -> list[tuple[str, int | None]]:
    return [(p.code, p.phase) for p in (*result.errors, *result.warnings)]


def test_the_enchant_orders_are_echoed_in_the_rulebooks_notation():
    """7.10.1-7.10.2: EM, then E and the Magic chit, or E tile and the chit; case, spaces and
    a chit named by its type and time alone are written back as printed."""
    result = accepted("em, enchant iv3*, e TILE magic  ii3*", who="Magician")
    assert result.echo == "EM, E MAGIC IV3*, *E tile MAGIC II3*"
    assert warnings(result) == []


def test_a_first_enchant_phase_recorded_e_is_warned_of_as_the_meditation():
    """7.10.1: the day's first Enchant phase is the meditation whatever he recorded: an E with
    a chit there enchants nothing, which he is told; the orders stand as written."""
    result = accepted("E MAGIC IV3*, E MAGIC II3*", who="Magician")
    assert warnings(result) == ["meditation"]
    (warning,) = result.warnings
    assert warning.phase == 1 and "MAGIC IV3*" in english(warning.message)
    assert english(warning.hint) == "record EM before it, then 'E MAGIC IV3*'"
    assert result.echo.startswith("E MAGIC IV3*, E MAGIC II3*")
    assert warnings(accepted("EM, E MAGIC IV3*, E MAGIC II3*", who="Magician")) == []


def test_every_problem_with_magic_orders_is_reported_at_once():
    """A bare E names the chits he could use (Types I-V); a chit of Type VI-VIII cannot
    enchant; a chit he lacks is named back with his own; RE needs a source and an EM before
    it; FL a tile on the map and something that flies him; an Alert a chit of his."""
    text = "E, E MAGIC VI4*, E MAGIC I1*, RE AV2 MAGIC II3*, FL ZZ, A FIGHT M4"
    result = parse(text, who="Magician")
    assert sorted(problems(result), key=lambda p: (p[1], p[0])) == [
        ("missing-target", 1),
        ("bad-target", 2),
        ("bad-target", 3),
        ("not-enhanced", 4),
        ("bad-tile", 5),
        ("not-enhanced", 5),
        ("bad-target", 6),
    ]
    bare, sixth, missing, _, tile, _, alert = result.errors
    usable = "MAGIC II3*, MAGIC III3*, MAGIC IV3*, MAGIC V4**"
    assert english(bare.hint) == f"e.g. 'E MAGIC II3*'; yours: {usable}"
    assert "Types I-V" in english(sixth.message) and english(sixth.hint) == f"yours: {usable}"
    assert english(missing.message) == "'MAGIC I1*' is not one of your MAGIC chits"
    assert english(missing.hint) == f"yours: {usable}", "only the chits that can enchant"
    assert english(tile.message) == "'ZZ' is not a tile on this map"
    assert english(alert.hint).startswith("'A weapon' or 'A unalert', or one of yours: MAGIC II3*")
    assert result.orders is None and result.echo == ""


def test_a_remote_enchant_needs_its_meditation_and_its_source():
    state = give(game(), "Magician", "Crystal Ball")
    result = accepted("EM, re av2 tile magic iv3*", state, "Magician")
    assert result.echo.startswith("EM, RE AV2 tile MAGIC IV3*")
    assert codes(parse("RE AV2 MAGIC IV3*", state, "Magician")) == ["no-meditation"]
    assert codes(parse("EM, RE AV2", state, "Magician")) == ["missing-target"]


def test_alerting_a_magic_chit_names_one_of_his():
    """7.9.3: he may alert a Magic chit instead of his weapon (any type: it gets time 0); the
    Amazon, with none, is told what she may alert."""
    assert accepted("A magic viii4*, A weapon", who="Magician").echo.startswith(
        "A MAGIC VIII4*, A weapon"
    )
    (error,) = parse("A MAGIC III4*").errors
    assert english(error.message) == "'MAGIC III4*' is not one of your MAGIC chits"
    assert english(error.hint) == "'A weapon' or 'A unalert'"


def test_a_fly_needs_a_fly_chit_and_a_tile_he_may_fly_to():
    """7.3.3a.1, 4.6.7e: a Broomstick on him lets him record FL (naming it or not, the echo's
    note says what gives it); without a Fly chit or the Carpet FL is refused (6.2.1a)."""
    state = bewitched("Magician", "Broomstick")
    named = accepted("FL MW (broom), fly dw", state, "Magician")
    first, *notes = noted(named, english).splitlines()
    assert first == "FL MW, FL DW"
    assert sorted(notes) == [
        "note: phase 1: Fly by your Broomstick (6.2.4d)",
        "note: phase 2: Fly by your Broomstick (6.2.4d)",
    ]
    assert codes(parse("FL MW", who="Magician")) == ["not-enhanced"]
    assert codes(parse("FL NW", state, "Magician")) == ["bad-tile"]  # not next to his tile


def test_an_extra_phase_is_named_by_the_spell_that_gives_it():
    """6.2.4d: "He must note each extra phase ... and the ... spell ... that caused it":
    Blend Into Background's extra Hide (L4721), Sense Danger's extra Alert (L5165), written
    after the phase in parentheses and echoed with the spell's full name; used for another
    activity, or named by one it is not on, it is refused."""
    state = bewitched("Magician", "Blend Into Background", "Sense Danger")
    result = accepted(
        "H (blend into background), A MAGIC II3* (sense), R, R, R, R", state, "Magician"
    )
    assert result.orders is not None
    assert result.orders.canonical() == (
        "H (Blend Into Background), A MAGIC II3* (Sense Danger), R, R, *R, *R"
    )
    assert codes(parse("M AV2 (Sense Danger)", state, "Magician")) == ["source-activity"]
    (error,) = parse("H (Blend Into Background)", state, "Amazon").errors
    assert error.code == "source-inactive"
    assert "Blend Into Background" in english(error.message)
