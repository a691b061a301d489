"""The spells printed on Treasure cards (4.4.8 L1143; "Treasures with Spells" L4546–4558):
"These spells cannot be learned or recorded, they can just be used."

The Dragonfang Necklace "can be played exactly like an Artifact to cast its spell" (L4552): once
an Evening, time 0, Purple, on one Dragon or Flying Dragon, a Day spell whose controller — the
card's owner — controls the Dragon (:mod:`rules.magic.minions`). Its spell is named after its
card, ``Dragonfang Necklace``, in casts, events and the spells in effect.

:func:`card` is the one lookup of a spell's values for casting and its effects: a Spell card of
the List of Spells, or a built-in spell as a :class:`~rules.schema.spells.Spell` record made from
the treasure's ``built_in_spell`` values (:func:`built_in`). A built-in spell has no type of
magic (its card, not a Magic chit, casts it): its record's ``type`` is the Spell record's
required field only, never read for it (:func:`is_built_in` says which it is). Only the
spells whose effect is built are castable (:data:`CASTABLE`): the Eye of the Moon's needs the
optional Seasons and Weather rules (10.D.1) and the Flying Carpet's is a Fly spell; both are
reported as their cards become active (:mod:`rules.powers`).
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.schema.base import MagicType
from rules.schema.spells import Spell, SpellTarget, TargetKind

#: The built-in spells that can be cast, by their ``text_key``, with their target sort.
CASTABLE: dict[str, TargetKind] = {"control_dragon": TargetKind.MONSTER}


def built_in(catalog: Catalog, name: str) -> Spell | None:
    """The castable built-in spell of the Treasure card ``name``, as a Spell record; None for
    any other name."""
    if name not in catalog.treasures:
        return None
    treasure = catalog.treasures[name]
    spell = treasure.built_in_spell
    if spell is None or spell.text_key not in CASTABLE:
        return None
    return Spell(
        name=treasure.name,
        type=MagicType.VIII,  # never read: see the module docstring
        color=spell.color,
        duration=spell.duration,
        target=SpellTarget(kind=CASTABLE[spell.text_key], text=spell.target),
        text_key=spell.text_key,
        card=treasure.name,
        text=treasure.text,
    )


def is_built_in(catalog: Catalog, name: str) -> bool:
    """Whether ``name`` is a castable built-in spell (a Treasure card's), not a Spell card."""
    return name not in catalog.spells and built_in(catalog, name) is not None


def card(catalog: Catalog, name: str) -> Spell:
    """The values of the spell ``name``: its Spell card, or a Treasure card's built-in spell
    (:func:`built_in`). KeyError for any other name."""
    if name in catalog.spells:
        return catalog.spells[name]
    found = built_in(catalog, name)
    if found is None:
        raise KeyError(name)
    return found
