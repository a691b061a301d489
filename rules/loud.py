"""The rules the engine reports as not implemented where they would act (DESIGN, principle 4: "a
rule that is not implemented yet says so loudly; it is never silently skipped").

Each report is a public ``not_implemented`` event naming the rule (``rule``) and what is missing
(``what``). :data:`LOUD` declares every such report made in the engine's own steps, by the rule
its event names: where the rule is printed in the rulebook (its line, and a few words of it as
printed there), what is missing, the module that reports it, and the scenario under
``tests/scenarios`` whose ``expect`` holds the report. The Special Advantages and the Treasure
powers not built yet are reported from their own tables (:data:`rules.advantages.ADVANTAGES`,
:data:`rules.powers.POWERS`), and so are the optional rules
(:data:`rules.optional_rules.OPTIONAL_RULES`) and the Curses (:data:`rules.daylight.curses.CURSES`)
where they refer here. ``realmbot audit`` makes the project's honesty map (``docs/audit.md``) of
these tables; a test checks each entry's line against the rulebook and that its scenario expects
its report and passes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Loud:
    """One rule reported as not implemented: ``rule`` as its event names it (``"8.3.9"``,
    ``"L4336"``); ``line``, the rulebook line that states it, and ``quote``, a few words of that
    line as printed; ``missing``, what is not built; ``where``, the module that reports it; and
    ``scenario``, a path under ``tests/scenarios`` whose ``expect.events`` holds the report."""

    rule: str
    line: int
    quote: str
    missing: str
    where: str
    scenario: str


def _table(*entries: Loud) -> dict[str, Loud]:
    table = {entry.rule: entry for entry in entries}
    assert len(table) == len(entries), "a rule is declared twice"
    return table


#: Every rule the engine's steps report as not implemented, by the rule its event names.
LOUD: dict[str, Loud] = _table(
    Loud(
        "7.3.3", 1710, "7.3.3 Flying",
        "flying: a Fly phase does nothing",
        "rules.daylight.turn",
        "turn/7.3.3_fly_phase_not_implemented.yaml",
    ),
    Loud(
        "7.10.4d.2", 2048, "he is put in the forest",
        "a character on a roadway that vanishes or turns hidden from him when its tile is "
        "enchanted: he is left on it, not put in the forest",
        "rules.daylight.enchant",
        "magic/enchant/7.10.4c_pieces_and_roadways_after_the_tile_turns_L2045.yaml",
    ),
    Loud(
        "10.A.4", 3033, "4. Caching",
        "the Cache activity of the optional Caching rule: a C phase does nothing",
        "rules.daylight.turn",
        "turn/10.A.4_cache_phase_not_implemented.yaml",
    ),
    Loud(
        "L4217", 4217, "He must roll on the Power of the Pit table",
        "the Toadstool Circle's 5: the Power of the Pit",
        "rules.daylight.sites",
        "search/L4217_the_toadstool_circle_5_power_of_the_pit_is_reported.yaml",
    ),
    Loud(
        "L4265", 4265, "He must roll for a Wish",
        "the Enchanted Meadow's 3: the Wish",
        "rules.daylight.sites",
        "search/L4265_the_enchanted_meadow_3_wish_is_reported.yaml",
    ),
    Loud(
        "L4336", 4336, "Withered Claw",
        "the Withered Claw's Wish (its Curse is rolled)",
        "rules.daylight.one_use",
        "treasures/L4336_the_withered_claw_rolls_its_curse.yaml",
    ),
    Loud(
        "L4352", 4352, "Magic Wand",
        "choosing the red die with the Magic Wand on the Curses Table: both dice are rolled",
        "rules.daylight.runes",
        "treasures/L4352_the_magic_wand_on_the_curses_table_is_reported.yaml",
    ),
    Loud(
        "10.D.2", 3305, "2. Commerce",
        "the optional Commerce rule's selling and buying: a Trade phase trades by the basic "
        "rules",
        "rules.daylight.trading",
        "trade/10.D.2_commerce_on_is_named_as_not_implemented.yaml",
    ),
    Loud(
        "10.B.6", 3129, "6. Grudges and Gratitude",
        "the optional Grudges and Gratitude rule for Fame rewards: a Trade phase trades by the "
        "basic rules",
        "rules.daylight.trading",
        "trade/10.B.6_grudges_and_gratitude_on_is_named_as_not_implemented.yaml",
    ),
    Loud(
        "8.3.9", 2390, "8.3.9 Activating and Casting Spells",
        "the spells whose effects are not built yet (all but those of rules.magic.spells.BUILT: "
        "Fiery Blast, Lightning Bolt, Stones Fly, Roof Collapses, Make Whole, Poison, Elven Grace, "
        "Peace, Pentangle, Witch's Brew, Faerie Lights, Elemental Spirit, Unleash Power, "
        "Transform, Melt into Mist, Protection from Magic, Exorcise): a cast of one is reported "
        "by name and not made",
        "rules.magic.casting",
        "magic/casting/8.3.9_a_spell_not_built_yet_is_reported_not_cast.yaml",
    ),
    Loud(
        "4.6.9d", 1308, "uses the creature's attack values, move values",
        "a Transform's creature: its attack and move values (8.4.5p) and the limits on a "
        "transmorphized individual (4.6.9b-c, e); only its vulnerability is built",
        "rules.magic.spells.permanent",
        "magic/spells_transform/L5071_transform_rolls_once_and_its_target_becomes_the_creature.yaml",
    ),
    Loud(
        "L5060", 5060, "he can do only the Move, Hide and Follow activities",
        "Melt into Mist: the T4 Move chit he runs away with, moving along undiscovered hidden "
        "paths, not blocking or being blocked, his belongings transmorphized with him (4.6.9b-c)",
        "rules.magic.spells.permanent",
        "magic/spells_chits/L5058_melt_into_mist_takes_its_target_out_of_combat.yaml",
    ),
    Loud(
        "L4682", 4682, "Every spell and Curse that is in effect in the clearing",
        "Exorcise breaking the Curses of the characters in its clearing: they stay",
        "rules.magic.spells.instant",
        "magic/spells_transform/L4682_exorcise_breaks_the_spells_in_its_clearing.yaml",
    ),
    Loud(
        "8.4.7b", 2608, "Demon, Winged Demon, and Imp",
        "the Demons' and the Imp's spell attacks (the Power of the Pit, a Curse): they do not "
        "attack",
        "rules.evening.resolving",
        "combat/8.4.7b-demon-spell-attack-not-implemented.yaml",
    ),
    Loud(
        "8.4.7d.4", 2625, "Use of the Elusive Cloak can cause an \"infinite loop\"",
        "the Elusive Cloak's infinite loop with a red-side-up Tremendous monster: the maneuver "
        "is shifted as asked",
        "rules.evening.resolving",
        "treasures/8.4.7d4_the_elusive_cloaks_infinite_loop_is_reported.yaml",
    ),
)  # fmt: skip
