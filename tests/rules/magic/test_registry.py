"""Every spell's effect is built (issue 33): the registry :data:`rules.magic.spells.registry.
BUILT` holds every Spell card of the List of Spells and every Treasure card's spell that can be
cast, so a cast never meets a spell it cannot resolve (the 8.3.9 report of a spell not built is
gone with the last of them, Phantasm)."""

from __future__ import annotations

from rules.catalog import catalog
from rules.magic.builtin import CASTABLE
from rules.magic.spells.registry import BUILT


def test_every_spell_card_is_built():
    missing = [s.name for s in catalog().spells.values() if s.text_key not in BUILT]
    assert missing == []


def test_every_castable_treasure_spell_is_built():
    assert set(CASTABLE) <= set(BUILT)


def test_the_registry_names_no_spell_that_is_not_in_the_game():
    keys = {s.text_key for s in catalog().spells.values()} | set(CASTABLE)
    assert set(BUILT) <= keys
