"""The spells whose effects are built, one module per family, behind one registry.

:data:`BUILT` maps each built spell's ``text_key`` (:class:`rules.schema.spells.Spell`) to what
it does when it takes effect (8.4.3), called with the caster's :class:`~rules.magic.casts.
SpellCast` once its targets are of the right sort. What a spell does later is read where it acts
(an Attack spell's attack, :mod:`rules.magic.spells.attack`; Poison's sharpness star,
:mod:`rules.magic.spells.combat`; Elven Grace's move times, :mod:`rules.magic.altering`). A
spell not in :data:`BUILT` is reported ``not implemented yet: rule 8.3.9`` by name when cast
(:func:`rules.magic.casting.cast`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast
from rules.magic.spells import attack, chits, combat, instant, peace, permanent, protection

Effect = Callable[[Ctx, CombatState, str, SpellCast], None]

BUILT: Mapping[str, Effect] = MappingProxyType(
    {
        "fiery_blast": attack.takes_effect,
        "lightning_bolt": attack.takes_effect,
        "stones_fly": attack.takes_effect,
        "roof_collapses": attack.takes_effect,
        "make_whole": instant.make_whole,
        "exorcise": instant.exorcise,
        "poison": combat.takes_effect,
        "elven_grace": combat.takes_effect,
        "peace": peace.takes_effect,
        "pentangle": combat.takes_effect,
        "witchs_brew": chits.takes_effect,
        "faerie_lights": chits.takes_effect,
        "elemental_spirit": chits.takes_effect,
        "unleash_power": chits.takes_effect,
        "transform": permanent.transform,
        "melt_into_mist": permanent.melt_into_mist,
        "protection_from_magic": protection.takes_effect,
    }
)
"""The spells built, by ``text_key``: what each does as it takes effect."""
