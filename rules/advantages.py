"""The 32 Special Advantages of the List of Characters (L3560–4020): where each acts, whether the
engine does it, and the scenario that proves it.

:data:`ADVANTAGES` is the one table. An advantage that acts in Birdsong, Sunrise or Daylight is
implemented, or reported by a ``not_implemented`` event where it would act. What acts in combat,
searching, trading or magic waits for the issue that builds that part of the game; meanwhile each
is named, with its rule line, whenever it would act (:func:`waiting`): every Evening, beside the
report that combat (rule 8) is not implemented, and in each Search, Peer, Trade, Hire or Enchant
phase, beside that activity's report. A test checks the table against the catalog and that every
scenario named exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rules.catalog import Catalog
from rules.events.day import NotImplementedYet
from rules.phrases import Phrase, phrase
from rules.state import GameState

if TYPE_CHECKING:
    from rules.day.context import Ctx

Acts = Literal["Birdsong", "Sunrise", "Daylight", "combat", "search", "trade", "magic"]
Done = Literal["yes", "partly", "no"]


@dataclass(frozen=True)
class Advantage:
    """Where an advantage acts (``acts``, the first part of the day it changes), its rule line,
    whether the engine does it (``done``; ``partly`` says what is missing in ``note``), the issue
    that brings the rest, and the scenario under ``tests/scenarios`` that proves what is done —
    or, for one not built (``no``), where its report is expected."""

    acts: tuple[Acts, ...]
    rule: str
    done: Done
    issue: int | None = None
    scenario: str | None = None
    note: str = ""


#: The scenario of three characters' Reading Runes advantages (one die, or one less a die).
RUNES = "advantages/sorcerer_wizard_lore_and_witch_knowledge_on_the_reading_runes_table.yaml"

#: The scenario of the Aura of Power's extra Enchant phase.
AURA = "advantages/aura_of_power_an_extra_enchant_phase_L3823_L3957.yaml"

#: Every Special Advantage, by (character, advantage).
ADVANTAGES: dict[tuple[str, str], Advantage] = {
    ("Amazon", "Aim"): Advantage(
        ("combat",), "L3568", "yes", scenario="advantages/amazon_aim_missile_table_L3568.yaml"
    ),
    ("Amazon", "Stamina"): Advantage(
        ("Birdsong", "Daylight"),
        "L3569",
        "yes",
        scenario="advantages/amazon_stamina_while_riding_L3569.yaml",
    ),
    ("Berserker", "Robust"): Advantage(
        ("Birdsong", "Daylight"),
        "L3593",
        "yes",
        scenario="advantages/berserker_robust_extra_rest_L3593.yaml",
    ),
    ("Berserker", "Berserk"): Advantage(
        ("Daylight", "combat"),
        "L3594",
        "yes",
        scenario="advantages/berserker_berserk_in_an_alert_phase_L3598.yaml",
        note="as his Encounter action: advantages/berserker_berserk_as_his_encounter_action_"
        "L3600.yaml",
    ),
    ("Black Knight", "Aim"): Advantage(
        ("combat",),
        "L3625",
        "yes",
        scenario="advantages/black_knight_aim_missile_table_L3625.yaml",
    ),
    ("Black Knight", "Fear"): Advantage(
        ("trade", "combat"),
        "L3626",
        "yes",
        scenario="advantages/black_knight_fear_one_die_on_a_trade_L3626.yaml",
        note="one die in Trade, Hire and the Evening's battling roll (advantages/black_knight_"
        "fear_one_die_for_battling_natives_L3626.yaml)",
    ),
    ("Captain", "Aim"): Advantage(
        ("combat",), "L3652", "yes", scenario="advantages/captain_aim_missile_table_L3652.yaml"
    ),
    ("Captain", "Reputation"): Advantage(
        ("Birdsong", "Daylight"),
        "L3653",
        "yes",
        scenario="advantages/captain_reputation_only_where_a_dwelling_stands_L3653.yaml",
    ),
    ("Druid", "Concealment"): Advantage(
        ("Daylight",),
        "L3680",
        "yes",
        scenario="advantages/druid_concealment_one_die_to_hide_L3680.yaml",
    ),
    ("Druid", "Peace with Nature"): Advantage(
        ("Daylight",),
        "L3681",
        "yes",
        scenario="prowling/7.13.3_druid_peace_with_nature_summons_nothing_L3681.yaml",
    ),
    ("Dwarf", "Short Legs"): Advantage(
        ("Birdsong", "Daylight", "combat"),
        "L3711",
        "yes",
        scenario="advantages/dwarf_short_legs_no_sunlight_phases_L3711.yaml",
        note="no Sunlight phases, the extra Rest asterisk, and the Duck chit played only to "
        "Duck (advantages/dwarf_short_legs_ducks_with_his_duck_chit_L3717.yaml)",
    ),
    ("Dwarf", "Cave Knowledge"): Advantage(
        ("Daylight", "trade"),
        "L3719",
        "yes",
        scenario="advantages/dwarf_cave_knowledge_one_die_in_a_cave_L3719.yaml",
        note="one die on the Hide, Search (search/7.5.4_dwarf_cave_knowledge_one_die_on_the_"
        "locate_table_L3719.yaml) and Meeting Tables (advantages/dwarf_cave_knowledge_one_die_on_"
        "a_trade_in_a_cave_L3719.yaml) in a cave clearing",
    ),
    ("Elf", "Elusiveness"): Advantage(
        ("Birdsong", "Daylight"),
        "L3744",
        "yes",
        scenario="advantages/elf_elusiveness_extra_hide_L3744.yaml",
    ),
    ("Elf", "Archer"): Advantage(
        ("combat",), "L3745", "yes", scenario="combat/8.4-elf-goblin-walkthrough.yaml"
    ),
    ("Magician", "Magical Paraphernalia"): Advantage(
        ("Birdsong", "Daylight"),
        "L3771",
        "yes",
        scenario="birdsong/6.2.4a_magician_extra_alert_used_L1511.yaml",
    ),
    ("Magician", "Knowledge"): Advantage(
        ("search",),
        "L3772",
        "yes",
        scenario="advantages/pilgrim_learning_one_die_on_the_reading_runes_table_L3798.yaml",
    ),
    ("Pilgrim", "Heavenly Protection"): Advantage(
        ("Daylight", "combat"),
        "L3797",
        "yes",
        scenario="advantages/pilgrim_heavenly_protection_demons_do_not_block.yaml",
        note="blocking; in combat he can neither lure them nor be assigned them "
        "(advantages/pilgrim_heavenly_protection_in_combat_L3797.yaml)",
    ),
    ("Pilgrim", "Learning"): Advantage(
        ("search",),
        "L3798",
        "yes",
        scenario="advantages/pilgrim_learning_one_die_on_the_reading_runes_table_L3798.yaml",
    ),
    ("Sorcerer", "Lore"): Advantage(("search",), "L3822", "yes", scenario=RUNES),
    ("Sorcerer", "Aura of Power"): Advantage(
        ("Birdsong", "magic"),
        "L3823",
        "yes",
        scenario=AURA,
    ),
    ("Swordsman", "Barter"): Advantage(
        ("trade",),
        "L3849",
        "yes",
        scenario="advantages/swordsman_barter_one_die_on_a_trade_L3849.yaml",
    ),
    ("Swordsman", "Clever"): Advantage(
        ("Birdsong", "Sunrise", "Daylight"),
        "L3850",
        "yes",
        scenario="advantages/swordsman_clever_takes_his_turn_after_the_amazon_L3850.yaml",
    ),
    ("White Knight", "Health"): Advantage(
        ("Birdsong", "Daylight"),
        "L3897",
        "yes",
        scenario="advantages/white_knight_health_extra_rest_L3897.yaml",
    ),
    ("White Knight", "Honor"): Advantage(
        ("trade",),
        "L3898",
        "yes",
        scenario="advantages/white_knight_honor_minus_one_on_the_meeting_table_L3898.yaml",
    ),
    ("Witch", "Knowledge"): Advantage(("search",), "L3924", "yes", scenario=RUNES),
    ("Witch", "Familiar"): Advantage(
        ("Birdsong", "Daylight"),
        "L3925",
        "yes",
        scenario="familiar/witch_familiar_moves_just_before_her_turn_L3926.yaml",
        note="its Peer (familiar/witch_familiar_peers_its_own_clearing_L3926.yaml); the hidden "
        "enemies it finds seen by the Witch only in its clearing (rules.hidden.found_enemies, "
        "familiar/witch_sees_the_hidden_her_familiar_found_beside_her_L3929.yaml); the rest is "
        "in rules.daylight.familiar and tests/scenarios/familiar",
    ),
    ("Witch King", "Disembodied"): Advantage(
        ("search",),
        "L3956",
        "yes",
        scenario="search/7.5.7_witch_king_must_use_magic_sight_L3956.yaml",
        note="Magic Sight forced (rules.daylight.search.magic_sight), cancelled by an active "
        "Phantom Glass (search/7.5.7b_an_active_phantom_glass_cancels_disembodied.yaml); what "
        "Magic Sight's Counters, Treasure cards and Perceive spell do comes with looting and "
        "spells",
    ),
    ("Witch King", "Aura of Power"): Advantage(
        ("Birdsong", "magic"),
        "L3957",
        "yes",
        scenario=AURA,
    ),
    ("Wizard", "Lore"): Advantage(("search",), "L3985", "yes", scenario=RUNES),
    ("Wizard", "Experience"): Advantage(
        ("Birdsong", "Daylight"),
        "L3986",
        "yes",
        scenario="move/7.3.1a2_wizard_experience_L3986.yaml",
    ),
    ("Woods Girl", "Tracking Skills"): Advantage(
        ("Daylight", "trade"),
        "L4013",
        "yes",
        scenario="advantages/woods_girl_tracking_skills_in_the_deep_woods.yaml",
        note="one die on the Hide, Search (search/7.5.4_woods_girl_tracking_skills_one_die_on_"
        "the_peer_table_L4013.yaml) and Meeting Tables (advantages/woods_girl_tracking_skills_"
        "one_die_on_a_trade_in_the_deep_woods_L4013.yaml) in the six Woods tiles",
    ),
    ("Woods Girl", "Archer"): Advantage(
        ("combat",), "L4014", "yes", scenario="advantages/woods_girl_archer_one_die_L4014.yaml"
    ),
}


#: The parts of the game the engine does not play yet.
LATER_PARTS: tuple[Acts, ...] = ("combat", "search", "trade", "magic")
#: Each of :data:`LATER_PARTS` as a report names it (``templates/phrases/advantages.j2``).
_PARTS_SAID: dict[Acts, Phrase] = {
    "combat": phrase("advantages.combat"),
    "search": phrase("advantages.search"),
    "trade": phrase("advantages.trade"),
    "magic": phrase("advantages.magic"),
}


def waiting(
    catalog: Catalog, state: GameState, name: str, part: Acts
) -> list[tuple[str, Advantage]]:
    """The Special Advantages the character ``name`` has at his level (10.E.5.2.1) that act in
    ``part`` — one of :data:`LATER_PARTS` — and wait for it, by name; none for anyone else."""
    if name not in state.characters or part not in LATER_PARTS:
        return []
    card = catalog.characters[name]
    found = []
    for printed in card.advantages_at(state.characters[name].level):
        advantage = ADVANTAGES[(name, printed.name)]
        if part in advantage.acts and advantage.done != "yes":
            found.append((printed.name, advantage))
    return found


def waiting_for(advantage: Advantage) -> Phrase:
    """What an advantage waits for: its issue (``"issue 21"``), or, when none is filed,
    ``"magic"`` for one that acts in magic and ``"a later issue"`` for the others."""
    if advantage.issue is not None:
        return phrase("advantages.issue", number=advantage.issue)
    return _PARTS_SAID["magic"] if "magic" in advantage.acts else phrase("advantages.later_issue")


def report_waiting(ctx: Ctx, name: str, part: Acts, phase: int | None = None) -> None:
    """Name, loudly, each advantage of ``name`` that would act now in ``part`` and waits for it
    (:func:`waiting`): one ``not_implemented`` event each, with its rule line."""
    for title, advantage in waiting(ctx.catalog, ctx.state, name, part):
        ctx.emit(
            NotImplementedYet(
                rule=advantage.rule,
                what=phrase(
                    "advantages.waiting",
                    who=name,
                    advantage=title,
                    part=_PARTS_SAID.get(part, part),
                    waiting=waiting_for(advantage),
                ),
                who=name,
                phase=phase,
            )
        )
