"""The registry of the spells whose effects are built (:data:`BUILT`), apart from the package
of their modules so that importing one spell's module (Peace's ``pacified``, a hireling's rules
read) does not import every spell's.

:data:`BUILT` maps each built spell's ``text_key`` (:class:`rules.schema.spells.Spell`) to what
it does when it takes effect (8.4.3), called with the caster's :class:`~rules.magic.casts.
SpellCast` once its targets are of the right sort. Every spell of the List of Spells and every
Treasure card's spell that can be cast is in it (a test checks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast
from rules.magic.spells import (
    absorb,
    artifact,
    ask_demon,
    attack,
    breaking,
    chits,
    combat,
    control,
    daylight,
    fly,
    instant,
    peace,
    permanent,
    protection,
    tables,
    turns,
    whistle,
    wise_bird,
)

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
        "blend_into_background": daylight.in_effect,
        "see_hidden_signs": daylight.in_effect,
        "sense_danger": daylight.in_effect,
        "blazing_light": daylight.in_effect,
        "fog": daylight.in_effect,
        "illusion": daylight.in_effect,
        "bad_luck": daylight.in_effect,
        "peace_with_nature": daylight.in_effect,
        "violent_storm": daylight.violent_storm,
        "lost": daylight.in_effect,
        "world_fades": daylight.in_effect,
        "talk_to_wise_bird": wise_bird.talk_to_wise_bird,
        "guide_spider_or_octopus": control.controls,
        "control_bats": control.controls,
        "persuade": control.pacifies,
        "deal_with_goblins": control.pacifies,
        "control_dragon": control.controls,
        "whistle_for_monsters": whistle.takes_effect,
        "ask_demon": ask_demon.takes_effect,
        "broomstick": fly.takes_effect,
        "hurricane_winds": fly.takes_effect,
        "enchant_artifact": artifact.takes_effect,
        "absorb_essence": absorb.absorb_essence,
        "curse": tables.curse,
        "power_of_the_pit": tables.power_of_the_pit,
        "small_blessing": tables.small_blessing,
        "remedy": breaking.breaks,
        "dissolve_spell": breaking.breaks,
        "premonition": turns.takes_effect,
        "prophecy": turns.takes_effect,
        "melt_into_mist": permanent.melt_into_mist,
        "protection_from_magic": protection.takes_effect,
        "phantasm": daylight.in_effect,
    }
)
"""The spells built, by ``text_key``: what each does as it takes effect."""
