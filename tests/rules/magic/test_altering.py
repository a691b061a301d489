"""What spells make of a character's chits (rules.magic.altering): Elven Grace's times
(L4838–4841, :func:`rules.chits.current` under an alteration that is graced) and the Magic
types the chit-transforming spells give (4.6.10c)."""

from __future__ import annotations

from rules.chits import Alteration, current
from rules.magic.altering import magic_type, unleashed, unleashed_face
from rules.magic.state import SpellInEffect
from rules.schema.base import MagicType


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


def _on_chits(name: str, *labels: str) -> SpellInEffect:
    return SpellInEffect(
        number=1,
        spell=name,
        caster="Witch",
        controller="Witch",
        chit="MAGIC II2*",
        targets=[f"chit:Witch/{label}" for label in labels],
        cast_day=1,
    )


def test_each_spell_transforms_the_types_it_targets_while_in_effect():
    """L4731, L4843, L4869: II to IV and VIII to III; III to II and VII to VI; IV to VIII and
    VI to V — only the chits targeted, only the owner's, printed again once it ends."""
    brew = _on_chits("Witch's Brew", "MAGIC II3*", "MAGIC VIII2*")
    assert magic_type([brew], "Witch", "MAGIC II3*") is MagicType.IV
    assert magic_type([brew], "Witch", "MAGIC VIII2*") is MagicType.III
    assert magic_type([brew], "Witch", "MAGIC II2*") is MagicType.II
    assert magic_type([brew], "Amazon", "MAGIC II3*") is MagicType.II
    assert magic_type([], "Witch", "MAGIC II3*") is MagicType.II
    lights = _on_chits("Faerie Lights", "MAGIC III4*", "MAGIC VII3*")
    assert magic_type([lights], "Witch", "MAGIC III4*") is MagicType.II
    assert magic_type([lights], "Witch", "MAGIC VII3*") is MagicType.VI
    spirit = _on_chits("Elemental Spirit", "MAGIC IV3*", "MAGIC VI2*")
    assert magic_type([spirit], "Witch", "MAGIC IV3*") is MagicType.VIII
    assert magic_type([spirit], "Witch", "MAGIC VI2*") is MagicType.V
    assert magic_type([spirit], "Witch", "MOVE M4") is None


def test_unleash_power_makes_move_fight_chits_of_the_strength_their_time_gives():
    """L5076: 2 or 3 L, 4 M, 5 H, 6 or more T, with the printed time and asterisks; no Magic
    chit while the spell lasts."""
    faces = [unleashed_face(f"MAGIC IV{t}*") for t in (2, 3, 4, 5, 6, 7)]
    assert [f.strength for f in faces] == ["L", "L", "M", "H", "T", "T"]
    assert [(f.time, f.effort) for f in faces] == [(t, 1) for t in (2, 3, 4, 5, 6, 7)]
    power = _on_chits("Unleash Power", "MAGIC IV4*")
    assert magic_type([power], "Witch", "MAGIC IV4*") is None
    assert unleashed([power], "Witch") == {"MAGIC IV4*"} and not unleashed([power], "Amazon")
