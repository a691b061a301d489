"""The Curses' effects (4.6.8a): Wither's rest (a.3)."""

from __future__ import annotations

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
    assert wound.label in restable(amazon)
    steps = rest(amazon, 3, [])
    assert [(s.chit, s.to) for s in steps] == [(wound.label, "fatigued")]
    assert not any(c.status == "active" and "*" in c.label for c in amazon.chits)
