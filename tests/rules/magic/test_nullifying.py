"""Nullification (4.6.10d.1, rules.magic.nullifying): computed from the spells protecting a
target — a Pentangle on him, an energized Melt into Mist — on that target only."""

from __future__ import annotations

from rules.magic.forms import OWN, form
from rules.magic.nullifying import affects, nullified, protector, shielded
from rules.magic.state import SpellInEffect


def spell(number: int, name: str, *targets: str, energized: bool = False,
          becomes: str | None = None) -> SpellInEffect:  # fmt: skip
    return SpellInEffect(
        number=number,
        spell=name,
        caster="Witch",
        controller="Witch",
        chit=f"MAGIC V{number}*",
        targets=list(targets),
        cast_day=1,
        energized=energized,
        becomes=becomes,
    )


def test_a_pentangle_nullifies_the_spells_on_its_target_only():
    """L4964: the spells bewitching him; a spell's effect on its other targets stays
    (4.6.10d.1)."""
    grace = spell(1, "Elven Grace", "Amazon", "Giant 1")
    pentangle = spell(2, "Pentangle", "Amazon")
    spells = [grace, pentangle]
    assert nullified(spells, grace, "Amazon") and not nullified(spells, grace, "Giant 1")
    assert not affects(spells, "Elven Grace", "Amazon") and affects(
        spells, "Elven Grace", "Giant 1"
    )
    assert shielded(spells, "Amazon") and not shielded(spells, "Giant 1")
    assert not nullified([grace], grace, "Amazon")


def test_a_protecting_spell_is_never_nullified():
    """Reading (L5061): the protecting spells keep their own effects, side by side."""
    pentangle = spell(1, "Pentangle", "Amazon")
    mist = spell(2, "Melt into Mist", "Amazon", energized=True)
    assert not nullified([pentangle, mist], pentangle, "Amazon")
    assert not nullified([pentangle, mist], mist, "Amazon")
    assert protector([pentangle, mist], "Amazon") == pentangle


def test_melt_into_mist_protects_only_while_energized():
    """4.6.10f.4: an inert Permanent spell does not affect its target."""
    grace = spell(1, "Elven Grace", "Amazon")
    mist = spell(2, "Melt into Mist", "Amazon")
    assert not nullified([grace, mist], grace, "Amazon")
    assert nullified([grace, mist.model_copy(update={"energized": True})], grace, "Amazon")


def test_a_nullified_transform_gives_no_form():
    """A Transform's creature is its effect: nullified, he has his own form again."""
    frog = spell(1, "Transform", "Amazon", energized=True, becomes="Frog")
    assert form([frog], "Amazon") == "Frog"
    assert form([frog, spell(2, "Pentangle", "Amazon")], "Amazon") == OWN
