"""Elven Grace on a character's chits (L4838–4841): :func:`rules.chits.current` under an
alteration that is graced."""

from __future__ import annotations

from rules.chits import Alteration, current


def test_a_move_chit_takes_its_printed_strengths_time_and_nothing_else_changes() -> None:
    """L4838: L 1, M 2, H 3, T 4 for Move chits only — not Fight or Duck chits."""
    graced = Alteration(graced=True)
    assert [current(c, graced).time for c in ("MOVE L3*", "MOVE M4", "MOVE H5", "MOVE T6")] == [
        1,
        2,
        3,
        4,
    ]
    assert current("FIGHT M4", graced).time == 4
    assert current("DUCK T3*", graced).time == 3


def test_the_belt_of_strength_does_not_change_the_time_grace_gives() -> None:
    """L4840, rule 1: the printed strength defines the time, though the Belt makes the chit
    stronger."""
    chit = current("MOVE M4**", Alteration(strength=True, graced=True))
    assert (chit.strength, chit.time) == ("T", 2)


def test_the_draught_or_garb_of_speed_nullifies_grace() -> None:
    """L4841, rule 2: the card defines the time numbers and Elven Grace is ignored."""
    assert current("MOVE M4", Alteration(times=(5, 4, 3), graced=True)).time == 5
