"""The Curses' effects (4.6.8a): Wither's rest (a.3)."""

from __future__ import annotations

from bot.event_text import english
from rules.catalog import catalog
from rules.chits import printed, rest, restable, wither
from rules.setup.game import new_game


def test_under_wither_a_rest_turns_wounds_to_fatigue_and_no_chit_comes_back():
    """4.6.8a.3: "He can Rest to convert wounds to fatigue, but no matter how much he rests, he
    cannot activate fatigued chits."""
    amazon = new_game(catalog(), 3, ["Amazon"]).characters["Amazon"]
    tired = wither(amazon)
    assert tired and all(printed(label).effort > 0 for label in tired)
    amazon.curses = ["Wither"]
    wound = next(c for c in amazon.chits if printed(c.label).effort == 1)
    wound.status = "wounded"
    assert wound.label in restable(amazon, [])
    steps = rest(amazon, 3, [], spells=[])
    assert [(s.chit, s.to) for s in steps] == [(wound.label, "fatigued")]
    assert not any(c.status == "active" and "*" in c.label for c in amazon.chits)


def test_under_ashes_his_recorded_gold_does_not_count():
    """4.6.8a.4: Ashes does not alter his recorded gold; it does not count, and he is considered
    to have -1: he cannot pay any gold (a trade's gold is refused, 7.2.1)."""
    from rules.chits import spendable_gold
    from rules.day.context import Ctx
    from rules.daylight.trade import _unable

    state = new_game(catalog(), 3, ["Amazon"])
    amazon = state.characters["Amazon"]
    assert spendable_gold(amazon, []) == amazon.gold == 10
    amazon.curses = ["Ashes"]
    assert spendable_gold(amazon, []) == -1 and amazon.gold == 10
    reason = _unable(Ctx.start(catalog(), state), "Amazon", [], 5)
    assert reason is not None and "Ashes" in english(reason)
    assert _unable(Ctx.start(catalog(), state), "Amazon", [], 0) is None


def test_every_curse_of_the_table_is_declared_with_its_line():
    """:data:`rules.daylight.curses.CURSES` holds each Curse of the Curses Table once, by its
    name as printed, in the table's order."""
    from rules.daylight.curses import CURSES

    table = catalog().tables["Curses Table"]
    printed_names = [result.text for result in table.results.values()]
    assert list(CURSES) == printed_names
    lines = [curse.line for curse in CURSES.values()]
    assert lines == list(range(lines[0], lines[0] + len(lines)))


def test_ashes_and_disgust_are_applied_and_not_reported_as_waiting():
    """4.6.8a.4: Ashes and Disgust are applied (spending, Fame lost by choice, the score), so
    inflicting them reports nothing as not implemented — it once said their effects were not
    applied."""
    from tests.rules.daylight.test_runes import at_site, day, deal, game, of_type

    for roll, curse in ((5, "Ashes"), (6, "Disgust")):
        state = game("Elf", [[5, 2], [roll, 1]])
        at_site(state, "Elf")
        deal(state, "Altar", ["Elven Grace"])
        result = day(state, "Elf", "S Reading Runes ALTAR 1")
        (cursed,) = of_type(result.events, "cursed")
        assert cursed.fields["curse"] == curse
        assert result.state.characters["Elf"].curses == [curse]
        assert not [e for e in of_type(result.events, "not_implemented") if "Curse" in str(e)]


def test_a_protection_on_him_nullifies_his_curses_while_it_lasts():
    """L4964: under a Pentangle "all spells and Curses that are bewitching him are temporarily
    nullified" (and so under Melt into Mist energized and Protection from Magic activated):
    :func:`rules.magic.nullifying.curses_in_force` is empty, and Ashes, Wither and Disgust do
    not act, while his sheet still records them; they act again once it ends."""
    from rules.chits import spendable_gold
    from rules.end.scoring import earned
    from rules.magic.nullifying import curses_in_force
    from rules.magic.state import SpellInEffect

    amazon = new_game(catalog(), 3, ["Amazon"]).characters["Amazon"]
    amazon.curses = ["Ashes", "Wither", "Disgust"]
    amazon.fame = 4
    fatigued = next(c for c in amazon.chits if printed(c.label).effort == 1)
    fatigued.status = "fatigued"
    pentangle = SpellInEffect(
        number=1, spell="Pentangle", caster="Amazon", controller="Amazon", chit="MAGIC V2*",
        targets=["Amazon"], cast_day=1,
    )  # fmt: skip
    protected = [pentangle]
    assert curses_in_force(protected, amazon) == []
    assert spendable_gold(amazon, protected) == 10
    assert fatigued.label in restable(amazon, protected)
    assert earned(catalog(), amazon, [], protected)["Fame"] == 4
    assert amazon.curses == ["Ashes", "Wither", "Disgust"]
    assert curses_in_force([], amazon) == ["Ashes", "Wither", "Disgust"]
    assert spendable_gold(amazon, []) == -1
    assert fatigued.label not in restable(amazon, [])
    assert earned(catalog(), amazon, [], [])["Fame"] == -1
    other = pentangle.model_copy(update={"targets": ["Black Knight"]})
    assert curses_in_force([other], amazon) == amazon.curses
