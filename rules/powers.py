"""The powers of the Treasure cards as the engine applies them (List of Treasures L4184–4558):
one entry for each behaviour key of the catalog (:data:`rules.schema.treasures.BEHAVIOURS`) —
its line, whether it is built, where, and the scenario or test that proves it.

A power not built yet is never silent: when a card that has one becomes active — looted and
activated, rearranged active, or an Enchanted card found — :func:`report_waiting` names its line
in a ``not_implemented`` event, and the combat powers are named again at the start of every
Evening the card is active (:func:`rules.evening.kit.waiting_powers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.day.context import Ctx
from rules.events.day import NotImplementedYet
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of

Done = Literal["yes", "partly", "no"]

_SEARCH = "tests/scenarios/search/"
T = "tests/scenarios/treasures/"
#: The proofs of the Enchanted cards' colours (4.6.2b): each source's test, and a cast it supplies.
_COLORS = "tests/rules/magic/test_colors.py"
_CARRIED = (
    "tests/scenarios/magic/casting/4.6.2b_an_enchanted_card_he_carries_supplies_his_cast.yaml"
)
#: The proof of the Dragonfang Necklace's spell (L4552).
_NECKLACE = (
    "tests/scenarios/magic/spells_control/L4552_the_dragonfang_necklace_controls_a_dragon.yaml"
)


@dataclass(frozen=True)
class Power:
    """One behaviour key: its line in the List of Treasures, whether it is built (``partly``
    says what is missing in ``note``), where, and its proof (a path under the repository) — for
    a power not built (``no``), the scenario that expects its report. ``said`` is the note as
    the report of a power not wholly built says it to the players (``templates/phrases/
    powers.j2``); ``note`` is the audit's."""

    line: str
    done: Done
    where: str
    proof: str | None = None
    note: str = ""
    said: Phrase | None = None


POWERS: dict[str, Power] = {
    # 1. Treasures Within Treasures (L4190-4268)
    "exchange:keep": Power(
        "L4202", "yes", "rules.daylight.exchanges.exchange_on_draw",
        _SEARCH + "L4202_the_remains_of_thief_are_exchanged_and_curse_the_finder_loot.yaml",
    ),
    "exchange:site_box": Power(
        "L4200", "yes", "rules.daylight.exchanges.exchange_on_draw",
        _SEARCH + "L4200_the_mouldy_skeleton_puts_its_armor_on_top_of_the_box_loot.yaml",
    ),
    "exchange:open": Power(
        "L4198", "yes", "rules.daylight.exchanges.open_chest",
        _SEARCH + "L4198_the_chest_opens_to_the_lost_keys_loot.yaml",
    ),
    "curse_on_draw": Power(
        "L4200", "yes", "rules.daylight.exchanges.exchange_on_draw",
        _SEARCH + "L4202_the_remains_of_thief_are_exchanged_and_curse_the_finder_loot.yaml",
    ),
    "site_card": Power(
        "L4206", "yes", "rules.daylight.sites.loot",
        _SEARCH + "7.5.5g3_loot_the_toadstool_circle_with_its_own_table_L4220.yaml",
    ),
    "loot_needs_tremendous": Power(
        "L4348", "yes", "rules.daylight.looting.condition_problem",
        _SEARCH + "7.5.5g3_the_crypt_of_the_knight_gives_gold_to_the_lost_keys_L4240.yaml",
    ),
    # 2. Birdsong cards (L4270-4294)
    "enhanced_peer": Power(
        "L4274", "yes", "rules.orders.entitlement",
        _SEARCH + "7.5.4i_enhanced_peer_with_the_crystal_ball.yaml",
    ),
    "remote_enchant": Power(
        "L4274", "yes", "rules.orders.entitlement, rules.daylight.enchant",
        "tests/scenarios/magic/enchant/7.10.5_remote_enchant_with_the_crystal_ball_L2050.yaml",
    ),
    "extra_phase:hide": Power(
        "L4280", "yes", "rules.orders.entitlement",
        T + "L4282_cloak_of_mist_extra_hide_phase.yaml",
    ),
    "extra_phase:search": Power(
        "L4282", "yes", "rules.orders.entitlement",
        T + "L4284_magic_spectacles_extra_search_phase.yaml",
    ),
    "extra_phase:trade": Power(
        "L4284", "yes", "rules.orders.entitlement",
        T + "L4286_regent_of_jewels_extra_trade_phase.yaml",
    ),
    "extra_phase:hire": Power(
        "L4286", "yes", "rules.orders.entitlement",
        T + "L4288_royal_sceptre_extra_hire_phase.yaml",
    ),
    "extra_phase:move": Power(
        "L4288", "yes", "rules.orders.entitlement",
        T + "L4290_seven_league_boots_extra_move_phase.yaml",
    ),
    "extra_phase:enchant": Power(
        "L4294", "yes", "rules.orders.entitlement, rules.daylight.enchant",
        T + "L4294_toadstool_ring_extra_enchant_phase.yaml",
    ),
    "extra_phase:mountain_peer": Power(
        "L4278", "yes", "rules.orders.entitlement",
        T + "L4280_ancient_telescope_extra_mountain_peer_phase.yaml",
    ),
    "extra_phase:cave": Power(
        "L4290", "yes", "rules.orders.entitlement",
        "tests/scenarios/birdsong/6.2.4b_shielded_lantern_move_in_cave_L1514.yaml",
    ),
    "clearing_extra_phase:enchant": Power(
        "L4292", "yes", "rules.orders.entitlement, rules.daylight.turn",
        "tests/rules/test_treasure_powers_daylight.py",
        "recorded and done in its clearing (rules.daylight.enchant)",
    ),
    # 3. Daylight cards (L4296-4318)
    "summons:smoke": Power(
        "L4300", "yes", "rules.daylight.prowling",
        T + "L4300_dragon_essence_summons_as_smoke_m_in_a_mountain_tile.yaml",
    ),
    "sleep": Power(
        "L4302", "yes", "rules.daylight.rest.flowers_of_rest",
        T + "L4302_flowers_of_rest_he_falls_asleep_and_summons_nothing.yaml",
    ),
    "rest_double": Power(
        "L4313", "yes", "rules.daylight.rest.asterisks",
        T + "L4313_poultice_of_health_rests_two_asterisks.yaml",
    ),
    "timeless": Power(
        "L4315", "yes", "rules.daylight.turn.timeless_choice, rules.daylight.turn.gain_phases",
        T + "L4315_timeless_jewel_chooses_each_phase_as_it_is_done.yaml",
    ),
    # 4. One-use cards (L4320-4336)
    "one_use": Power(
        "L4322", "yes", "rules.daylight.one_use, rules.daylight.exchanges.open_chest",
        T + "L4325_the_amulet_cures_a_curse.yaml",
    ),
    "cure_or_break": Power(
        "L4325", "yes", "rules.daylight.one_use",
        T + "L4325_the_amulet_breaks_a_spell_in_its_clearing.yaml",
    ),
    "wish_and_curse": Power(
        "L4336", "yes", "rules.daylight.one_use, rules.magic.wishes",
        T + "L4336_the_withered_claw_rolls_once_for_a_wish_and_a_curse.yaml",
    ),
    # 5. Using tables (L4338-4362)
    "clearing_die_mod:+1": Power(
        "L4344", "yes", "rules.modifiers.treasure_modifier",
        T + "L4344_cloven_hoof_adds_one_to_the_hide_roll.yaml",
    ),
    "one_die:loot": Power(
        "L4346", "yes", "rules.modifiers.one_die",
        T + "L4346_deft_gloves_one_die_on_the_loot_table.yaml",
    ),
    "one_die:all": Power(
        "L4350", "yes", "rules.modifiers.one_die",
        T + "L4350_lucky_charm_one_die_on_every_table.yaml",
    ),
    "one_die:hide": Power(
        "L4362", "yes", "rules.modifiers.one_die",
        T + "L4362_shoes_of_stealth_one_die_on_the_hide_table.yaml",
    ),
    "choose_red_die": Power(
        "L4352", "yes", "rules.magic.wand.red_die",
        "tests/scenarios/magic/spells_tables/L4352_the_magic_wand_chooses_the_red_die_for_a_wish.yaml",
    ),
    "locate_minus_one:lost_castle": Power(
        "L4354", "yes", "rules.modifiers.locate_modifier",
        T + "L4354_map_of_lost_castle_subtracts_one_in_its_tile.yaml",
    ),
    "locate_minus_one:lost_city": Power(
        "L4356", "yes", "rules.modifiers.locate_modifier",
        T + "L4340_maps_of_lost_city_and_ruins_subtract_two.yaml",
    ),
    "locate_minus_one:ruins": Power(
        "L4358", "yes", "rules.modifiers.locate_modifier",
        T + "L4358_map_of_ruins_subtracts_one_only_in_the_ruins_tile.yaml",
    ),
    "keys": Power(
        "L4348", "yes", "rules.daylight.looting, rules.daylight.exchanges.open_chest",
        _SEARCH + "7.5.5d2_the_vault_opens_once_to_the_lost_keys.yaml",
    ),
    "magic_sight": Power(
        "L4360", "yes", "rules.daylight.search.magic_sight",
        _SEARCH + "7.5.7b_phantom_glass_alone_forces_magic_sight.yaml",
    ),
    # 6-7. Altering action chits, instant rest (L4364-4390)
    "alter_chits:strength_by_stars": Power(
        "L4370", "yes", "rules.chits.alteration, rules.chits.current",
        T + "L4370_belt_of_strength_opens_the_vault.yaml",
    ),
    "alter_chits:time_4_3_2": Power(
        "L4374", "yes", "rules.chits.alteration, rules.evening.kit.face",
        T + "L4374_draught_of_speed_makes_his_run_faster.yaml",
    ),
    "alter_chits:time_5_4_3": Power(
        "L4378", "yes", "rules.chits.alteration, rules.evening.kit.face",
        T + "L4378_garb_of_speed_makes_his_run_faster.yaml",
    ),
    "wounds_to_fatigue": Power(
        "L4390", "yes", "rules.daylight.rest.vial_of_healing, rules.evening.fatigue",
        T + "L4390_vial_of_healing_in_combat_activated_and_new_wounds.yaml",
    ),
    # 8-10. Boots, Gloves, weapon and armor cards (L4392-4447)
    "boots": Power(
        "L4401", "yes", "rules.evening.kit, rules.daylight.moving",
        T + "L4403_power_boots_and_power_gauntlets.yaml",
    ),
    "gloves": Power(
        "L4418", "yes", "rules.evening.kit",
        T + "L4403_power_boots_and_power_gauntlets.yaml",
    ),
    "weapon": Power(
        "L4430", "yes", "rules.evening.kit.weapon",
        T + "L4430_alchemists_mixture_missile_weapon_card.yaml",
    ),
    "armor": Power(
        "L4441", "yes", "rules.evening.kit",
        T + "L4441_bejeweled_dwarf_vest_in_the_thrust_oval.yaml",
    ),
    # 11. Alter weapons (L4449-4463)
    "weapon_potion:stays_alerted": Power(
        "L4455", "yes", "rules.evening.kit.alerted",
        T + "L4455_gripping_dust_keeps_the_weapon_alerted.yaml",
    ),
    "weapon_potion:add_sharpness": Power(
        "L4457", "yes", "rules.evening.resolving.strikes",
        T + "L4457_oil_of_poison_adds_a_sharpness_star.yaml",
    ),
    "weapon_potion:hit_on_tie": Power(
        "L4459", "yes", "rules.evening.resolving.judge",
        T + "L4459_ointment_of_bite_hits_on_a_tie.yaml",
    ),
    "weapon_potion:ignore_armor": Power(
        "L4461", "yes", "rules.evening.inflict",
        T + "L4461_penetrating_grease_ignores_a_characters_armor.yaml",
    ),
    # 12. Combat (L4465-4488)
    "no_wounds_through_armor": Power(
        "L4469", "yes", "rules.evening.inflict",
        T + "L4469_reflecting_grease_no_wound_through_armor.yaml",
    ),
    "effort_limit:3": Power(
        "L4474", "yes", "rules.evening.kit.effort_limit",
        T + "L4474_girtle_of_energy_three_asterisks.yaml",
    ),
    "effort_limit:unlimited": Power(
        "L4477", "yes", "rules.evening.kit.effort_limit",
        T + "L4477_potion_of_energy_any_number_of_asterisks.yaml",
    ),
    "shift_attack": Power(
        "L4482", "yes", "rules.evening.shifting.shift",
        T + "L4482_battle_bracelets_shift_the_attack.yaml",
    ),
    "shift_maneuver": Power(
        "L4486", "yes", "rules.evening.shifting.shift",
        T + "L4486_elusive_cloak_shift_the_maneuver.yaml",
        "its infinite loop with a red-side-up Tremendous monster (8.4.7d.4) is reported there",
    ),
    # 13-15. Magic: sources of colour, Artifacts and Books, built-in spells (L4490-4558)
    "color_source:white": Power("L4506", "yes", "rules.magic.colors", _COLORS),
    "color_source:gray": Power("L4504", "yes", "rules.magic.colors", _CARRIED),
    "color_source:gold": Power("L4302", "yes", "rules.magic.colors", _COLORS),
    "color_source:purple": Power("L4300", "yes", "rules.magic.colors", _COLORS),
    "color_source:black": Power("L4344", "yes", "rules.magic.colors", _COLORS),
    "artifact": Power(
        "L4516", "yes", "rules.magic.items",
        "tests/scenarios/magic/books/8.3.9c_an_artifact_casts_its_awakened_spell_with_time_0.yaml",
    ),
    "spell_book": Power(
        "L4536", "yes", "rules.magic.items",
        "tests/scenarios/magic/books/8.3.9c_a_spell_book_casts_only_its_spells_of_its_type.yaml",
    ),
    "built_in_spell": Power(
        "L4552", "partly", "rules.magic.builtin", _NECKLACE,
        "the Eye of the Moon's spell (L4554) needs the optional Seasons and Weather rules "
        "(10.D.1), not built",
        phrase("powers.eye_of_the_moon_needs_weather"),
    ),
}  # fmt: skip

#: The Treasure cards' built-in spells (4.4.8, L4546-4558), by the ``text_key`` of their
#: ``built_in_spell``: the card's ``built_in_spell`` power is each one's.
BUILT_IN_SPELLS: dict[str, Power] = {
    "control_dragon": Power("L4552", "yes", "rules.magic.builtin", _NECKLACE),
    "see_change_weather": Power(
        "L4554", "no", "magic (its spell)", T + "L4554_the_eye_of_the_moon_is_reported.yaml",
        "its spell can be cast only with the optional Seasons and Weather rules (10.D.1), "
        "not built",
        phrase("powers.spell_needs_weather"),
    ),
    "flying_carpet": Power(
        "L4558", "yes", "rules.daylight.fly, rules.evening.flying, rules.magic.energizing",
        "tests/scenarios/magic/spells_fly/L4558_dissolve_spell_makes_the_flying_carpet_fall_"
        "inert.yaml",
    ),
}  # fmt: skip


def waiting(behaviour: tuple[str, ...], built_in: str | None = None) -> list[tuple[str, Power]]:
    """The keys of ``behaviour`` whose power is not wholly built, with their entries; the
    ``built_in_spell`` key is its card's spell's (``built_in``: its ``text_key``,
    :data:`BUILT_IN_SPELLS`)."""
    found = []
    for key in behaviour:
        power = POWERS[key]
        if key == "built_in_spell" and built_in is not None:
            power = BUILT_IN_SPELLS[built_in]
        if power.done != "yes":
            found.append((key, power))
    return found


def report_waiting(ctx: Ctx, who: str, item: str) -> None:
    """Name, loudly, each power of the card ``item`` not wholly built, as it becomes active:
    one ``not_implemented`` event each, with its line (a card's name is public once active)."""
    record = pieces_of(ctx.catalog)[item]
    if record.kind is not Kind.TREASURE:
        return
    card = ctx.catalog.treasures[record.name]
    spell = card.built_in_spell.text_key if card.built_in_spell is not None else None
    for key, power in waiting(card.behaviour, spell):
        what = (
            phrase("powers.waiting", card=card.name, power=key)
            if power.said is None
            else phrase("powers.waiting_for", card=card.name, power=key, missing=power.said)
        )
        ctx.emit(NotImplementedYet(rule=power.line, what=what, who=who))
