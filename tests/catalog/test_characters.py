"""The 16 characters (List of Characters, rulebook L3554–4029) in rules/data/characters.yaml.

Expected values in the spot checks are typed from the rulebook text, with the line they come
from; equipment is checked against the value of starting gold and equipment (L930–948).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.catalog import DATA_DIR
from rules.schema.action_chits import Action, ActionChit
from rules.schema.base import MagicType, Relationship, Weight, load_entries
from rules.schema.characters import (
    ABILITY_RULES,
    SEARCH_TABLES,
    Ability,
    AbilityKey,
    Character,
    DieModifier,
    DieTable,
    ExtraPhase,
    OneDie,
    RaiseVulnerability,
    StartLocation,
    TradingPartner,
)
from rules.schema.equipment import Armor, Weapon
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference, reference_dir

DATA = DATA_DIR / "characters.yaml"

NAMES = [
    "Amazon",
    "Berserker",
    "Black Knight",
    "Captain",
    "Druid",
    "Dwarf",
    "Elf",
    "Magician",
    "Pilgrim",
    "Sorcerer",
    "Swordsman",
    "White Knight",
    "Witch",
    "Witch King",
    "Wizard",
    "Woods Girl",
]

# Prices from the Weapons and Armor lists (intact armor).
PRICES = {
    "Medium Bow": 8,  # L4033
    "Light Bow": 6,  # L4034
    "Crossbow": 10,  # L4035
    "Spear": 6,  # L4036
    "Staff": 1,  # L4037
    "Great Sword": 10,  # L4038
    "Broadsword": 8,  # L4040
    "Morning Star": 8,  # L4043
    "Great Axe": 8,  # L4044
    "Thrusting Sword": 6,  # L4045
    "Short Sword": 4,  # L4047
    "Axe": 4,  # L4048
    "Mace": 6,  # L4049
    "Breastplate": 9,  # L4057
    "Helmet": 5,  # L4058
    "Shield": 7,  # L4059
    "Suit of Armor": 17,  # L4060
}
ARMOR = {"Breastplate", "Helmet", "Shield", "Suit of Armor"}

# Value of Gold and Starting Equipment, levels 1-4 (L931–948); starting gold is 10 (3.3.2b L904).
VALUE_TABLE = {
    "Amazon": (16, 37, 37, 35),  # L933
    "Berserker": (19, 26, 35, 23),  # L934
    "Black Knight": (30, 34, 37, 40),  # L935
    "Captain": (23, 35, 35, 35),  # L936
    "Druid": (10, 10, 10, 10),  # L937
    "Dwarf": (19, 19, 23, 23),  # L938
    "Elf": (10, 10, 16, 16),  # L939
    "Magician": (10, 10, 10, 10),  # L940
    "Pilgrim": (10, 11, 11, 11),  # L941
    "Sorcerer": (10, 10, 10, 10),  # L942
    "Swordsman": (10, 10, 16, 16),  # L943
    "White Knight": (39, 42, 42, 37),  # L944
    "Witch": (10, 10, 10, 10),  # L945
    "Witch King": (10, 10, 10, 10),  # L946
    "Wizard": (10, 10, 11, 11),  # L947
    "Woods Girl": (10, 10, 16, 16),  # L948
}
STARTING_GOLD = 10


@pytest.fixture(scope="module")
def characters() -> dict[str, Character]:
    return {c.name: c for c in load_entries(DATA, "characters", Character)}


def chits(character: Character, level: int) -> list[str]:
    return [chit.label for chit in character.level(level).chits]


# --- counts and integrity -------------------------------------------------------------------


def test_sixteen_characters_in_list_order(characters: dict[str, Character]) -> None:
    """The List of Characters has 16 entries, L3560 (Amazon) to L4005 (Woods Girl)."""
    assert list(characters) == NAMES


def test_each_character_has_four_levels_of_three_chits(characters: dict[str, Character]) -> None:
    """3.3.1 L899: each character has 12 action chits, 3 per development level (10.E.5.1)."""
    for character in characters.values():
        assert [level.number for level in character.levels] == [1, 2, 3, 4]
        assert all(len(level.chits) == 3 for level in character.levels)
        assert len(character.chits) == 12
    assert sum(len(c.chits) for c in characters.values()) == 16 * 12


def test_fourth_level_title_is_the_character(characters: dict[str, Character]) -> None:
    """The last development stage carries the character's own name (e.g. L3581 'Amazon:')."""
    for name, character in characters.items():
        assert character.starting_level.title == name


def test_two_advantages_each_with_effects(characters: dict[str, Character]) -> None:
    """Every character has two Special Advantages (numbered 1 and 2, 10.E.5.2.1 L3486)."""
    for character in characters.values():
        assert len(character.advantages) == 2, character.name
        assert all(advantage.effects for advantage in character.advantages)


def test_every_ability_key_is_documented_and_used(characters: dict[str, Character]) -> None:
    used = {
        effect.key
        for character in characters.values()
        for effect in character.effects()
        if isinstance(effect, Ability)
    }
    assert used == set(AbilityKey) == set(ABILITY_RULES)


def test_equipment_names_are_price_list_items(characters: dict[str, Character]) -> None:
    """Weapons and armor are named as in the Weapons / Armor lists (L4030–4069)."""
    for character in characters.values():
        for level in character.levels:
            assert set(level.weapons) <= set(PRICES) - ARMOR, (character.name, level.title)
            assert set(level.armor) <= ARMOR, (character.name, level.title)
            assert len(level.weapons) <= 1


def test_starting_spell_types_match_magic_chits(characters: dict[str, Character]) -> None:
    """3.3.3a L909: starting spells are of the types on the card, which at the 4th level are
    exactly the types of the character's Magic chits; no Magic chits means no spells."""
    for character in characters.values():
        magic = {c.magic_type for c in character.chits if c.action is Action.MAGIC}
        assert set(character.starting_level.spell_types) == magic, character.name
        assert (character.starting_level.spells > 0) == bool(magic), character.name


def test_advantage_lines_point_at_the_rulebook_definition(
    characters: dict[str, Character],
) -> None:
    """Each advantage's ``line`` is the rulebook line that starts with its name."""
    rulebook = reference_dir().parents[1] / "rules" / "magic-realm-3.1-rulebook.en.txt"
    if not rulebook.is_file():
        pytest.skip(f"rulebook not available ({rulebook})")
    lines = rulebook.read_text(encoding="utf-8").splitlines()
    for character in characters.values():
        for advantage in character.advantages:
            text = re.sub(r"[*\-\d. ]+", " ", lines[advantage.line - 1]).strip()
            assert text.casefold().startswith(advantage.name.casefold()), (
                character.name,
                advantage.name,
                lines[advantage.line - 1][:60],
            )


# --- equipment against the value table ------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_equipment_value_matches_table_l930_948(
    characters: dict[str, Character], name: str
) -> None:
    """10 gold + weapons + armor of each level = Value of Gold and Starting Equipment (L930–948),
    e.g. White Knight 4th: 10 + Great Sword 10 + Suit of Armor 17 = 37 (L944)."""
    character = characters[name]
    values = tuple(
        STARTING_GOLD + sum(PRICES[item] for item in (*level.weapons, *level.armor))
        for level in character.levels
    )
    assert values == VALUE_TABLE[name]


def test_value_table_follows_from_the_catalog_prices_l930_948(
    characters: dict[str, Character],
) -> None:
    """The Value of Gold and Starting Equipment (L930–948) is not stored: 10 gold plus the prices
    in weapons.yaml and armor.yaml (intact) of each level's equipment give every value."""
    weapons = {w.name: w.price for w in load_entries(DATA_DIR / "weapons.yaml", "weapons", Weapon)}
    armor = {a.name: a.price.intact for a in load_entries(DATA_DIR / "armor.yaml", "armor", Armor)}
    for name, character in characters.items():
        values = tuple(
            STARTING_GOLD
            + sum(weapons[item] for item in level.weapons)
            + sum(armor[item] for item in level.armor)
            for level in character.levels
        )
        assert values == VALUE_TABLE[name], name


# --- spot checks against the rulebook text --------------------------------------------------


def test_amazon_chits_l3578_3581(characters: dict[str, Character]) -> None:
    amazon = characters["Amazon"]
    assert amazon.level(1).title == "Scout"
    assert chits(amazon, 1) == ["MOVE M4", "MOVE M3*", "FIGHT L4"]  # L3578
    assert chits(amazon, 2) == ["MOVE M4", "FIGHT M5", "FIGHT M4*"]  # L3579
    assert chits(amazon, 3) == ["MOVE M3*", "FIGHT M3**", "FIGHT H4**"]  # L3580
    assert chits(amazon, 4) == ["FIGHT M4*", "FIGHT M3**", "MOVE M3*"]  # L3581
    assert amazon.weight is Weight.MEDIUM  # L3564
    assert amazon.starting_locations == (StartLocation.INN,)  # L3571


def test_berserker_berserk_chit_l3613(characters: dict[str, Character]) -> None:
    berserker = characters["Berserker"]
    assert chits(berserker, 1) == ["MOVE H6", "MOVE H5*", "FIGHT H4*"]  # L3610
    assert chits(berserker, 4) == ["BERSERK T4**", "FIGHT T5*", "FIGHT T4**"]  # L3613
    berserk = berserker.level(4).chits[0]
    assert (berserk.action, berserk.strength, berserk.time, berserk.effort) == (
        Action.BERSERK,
        Weight.TREMENDOUS,
        4,
        2,
    )
    # L3594: playing it raises his vulnerability to Tremendous until Midnight.
    effects = berserker.advantages[1].effects
    assert RaiseVulnerability(chit=Action.BERSERK, to=Weight.TREMENDOUS) in effects
    assert Ability(key=AbilityKey.BERSERK_CHIT) in effects


def test_black_knight_html_rows_l3637_3640(characters: dict[str, Character]) -> None:
    knight = characters["Black Knight"]
    assert [level.title for level in knight.levels] == [
        "Spearman",
        "Mercenary",
        "Heavy Footman",
        "Black Knight",
    ]
    assert chits(knight, 1) == ["MOVE M5", "MOVE H5*", "FIGHT H5*"]  # L3637
    assert chits(knight, 2) == ["MOVE H6", "MOVE M4*", "FIGHT H6"]  # L3638
    assert chits(knight, 3) == ["FIGHT M4*", "FIGHT M4*", "FIGHT M5"]  # L3639
    assert chits(knight, 4) == ["MOVE H4**", "FIGHT H4**", "FIGHT M3**"]  # L3640
    # L3640 remnants "M / 3 *" (Mace) and "ARMOR H" + "M" (suit of armor, shield);
    # 3.3.2 L901 names the Mace, suit of armor and shield.
    assert knight.starting_level.weapons == ("Mace",)
    assert set(knight.starting_level.armor) == {"Suit of Armor", "Shield"}


def test_swordsman_table_rows_l3863_3883(characters: dict[str, Character]) -> None:
    swordsman = characters["Swordsman"]
    assert chits(swordsman, 1) == ["MOVE L4", "MOVE L3*", "FIGHT L3*"]  # L3865
    assert chits(swordsman, 2) == ["MOVE L3*", "FIGHT L2**", "MOVE L2**"]  # L3870
    assert chits(swordsman, 3) == ["MOVE M4*", "FIGHT M4*", "FIGHT M3**"]  # L3875
    assert chits(swordsman, 4) == ["FIGHT L4", "FIGHT M5", "FIGHT L2**"]  # L3882
    assert [level.title for level in swordsman.levels] == [
        "Wanderer",
        "Thief",
        "Adventurer",
        "Swordsman",
    ]


def test_white_knight_equipment_remnants_l3909_3912(characters: dict[str, Character]) -> None:
    """L3909 'M★ * M M M', L3910 'M★ * ARMOR H M', L3911 '... Spell', L3912 'H★ * ARMOR H Spell'."""
    knight = characters["White Knight"]
    assert chits(knight, 3) == ["FIGHT H4**", "FIGHT H5*", "MAGIC I5**"]  # L3911
    assert chits(knight, 4) == ["MOVE T6*", "FIGHT T4**", "FIGHT T5*"]  # L3912
    assert len(knight.level(1).armor) == 3  # three grey "M" circles
    assert knight.level(2).armor == ("Suit of Armor", "Shield")
    assert knight.level(3).spells == 1
    assert knight.starting_level.weapons == ("Great Sword",)
    assert knight.starting_level.armor == ("Suit of Armor",)
    assert knight.starting_level.spells == 1


def test_dwarf_duck_chit_and_short_legs_l3711_3732(characters: dict[str, Character]) -> None:
    dwarf = characters["Dwarf"]
    assert chits(dwarf, 1) == ["DUCK T3*", "MOVE H6", "FIGHT H5*"]  # L3729
    assert chits(dwarf, 4) == ["MOVE T5**", "FIGHT T5**", "FIGHT T5**"]  # L3732
    assert dwarf.starting_locations == (StartLocation.INN, StartLocation.GUARD_HOUSE)  # L3721
    keys = {e.key for e in dwarf.advantages[0].effects if isinstance(e, Ability)}
    assert keys == {
        AbilityKey.NO_SUNLIGHT_PHASES,  # 1.1 L3713
        AbilityKey.EXTRA_REST_ASTERISK,  # 1.2 L3715
        AbilityKey.DUCK_CHIT,  # 1.3 L3717
    }
    # L3719: one die for Hide, Meeting and any Search table in a cave clearing.
    (cave,) = dwarf.advantages[1].effects
    assert isinstance(cave, OneDie)
    assert set(cave.tables) == {DieTable.HIDE, DieTable.MEETING, *SEARCH_TABLES}
    assert cave.where == "cave_clearing"


def test_magician_vii_chit_errata_l722(characters: dict[str, Character]) -> None:
    """L3784 prints MAGIC VII4*; errata 2.7.7 (L722) makes it VII4**."""
    assert chits(characters["Magician"], 3) == ["MAGIC III3*", "MAGIC VII4**", "MAGIC VIII4*"]
    assert chits(characters["Magician"], 4) == ["MAGIC IV3*", "MAGIC V4**", "MAGIC VI4*"]


def test_spell_counts_from_spell_entries(characters: dict[str, Character]) -> None:
    """The number of 'Spell' entries per level row, e.g. Witch King L3968–3971: 1, 2, 3, 4."""
    counts = {name: [lv.spells for lv in c.levels] for name, c in characters.items()}
    assert counts["Witch King"] == [1, 2, 3, 4]  # L3968–3971
    assert counts["Druid"] == [0, 0, 1, 2]  # L3694–3697
    assert counts["Elf"] == [1, 2, 2, 2]  # L3756–3759
    assert counts["Wizard"] == [0, 0, 1, 2]  # L3998–4001
    assert counts["Pilgrim"] == [0, 0, 1, 1]  # L3807–3810
    assert counts["Woods Girl"] == [0, 1, 1, 1]  # L4025–4028
    assert counts["Amazon"] == [0, 0, 0, 0]  # L3578–3581


def test_advantage_names_in_rule_order(characters: dict[str, Character]) -> None:
    """Advantage names as in the List of Characters, in the order of 2.7.8 (L723–735)."""
    expected = {
        "Amazon": ["Aim", "Stamina"],  # L3568–3569
        "Berserker": ["Robust", "Berserk"],  # L3593–3594
        "Black Knight": ["Aim", "Fear"],  # L3625–3626
        "Captain": ["Aim", "Reputation"],  # L3652–3653
        "Druid": ["Concealment", "Peace with Nature"],  # L3680–3681
        "Dwarf": ["Short Legs", "Cave Knowledge"],  # L3711, L3719
        "Elf": ["Elusiveness", "Archer"],  # L3744–3745
        "Magician": ["Magical Paraphernalia", "Knowledge"],  # L3771–3772
        "Pilgrim": ["Heavenly Protection", "Learning"],  # L3797–3798
        "Sorcerer": ["Lore", "Aura of Power"],  # L3822–3823
        "Swordsman": ["Barter", "Clever"],  # L3849–3850
        "White Knight": ["Health", "Honor"],  # L3897–3898
        "Witch": ["Knowledge", "Familiar"],  # L3924–3925
        "Witch King": ["Disembodied", "Aura of Power"],  # L3956–3957
        "Wizard": ["Lore", "Experience"],  # L3985–3986 (unnumbered)
        "Woods Girl": ["Tracking Skills", "Archer"],  # L4013–4014 (unnumbered)
    }
    assert {n: [a.name for a in c.advantages] for n, c in characters.items()} == expected


def test_advantage_effects_spot_checks(characters: dict[str, Character]) -> None:
    def effects(name: str, index: int) -> tuple[Any, ...]:
        return characters[name].advantages[index].effects

    # L3568 Aim: -1 on each Missile Table die with a missile weapon.
    aim = DieModifier(tables=(DieTable.MISSILE,), modifier=-1, weapon="missile_weapon")
    assert effects("Amazon", 0) == effects("Black Knight", 0) == effects("Captain", 0) == (aim,)
    assert effects("Amazon", 1) == (ExtraPhase(activity="move"),)  # L3569 Stamina
    assert effects("Captain", 1) == (ExtraPhase(activity="any", where="dwelling"),)  # L3653
    assert effects("Black Knight", 1) == (OneDie(tables=(DieTable.MEETING,)),)  # L3626 Fear
    assert effects("White Knight", 1) == (  # L3898 Honor
        DieModifier(tables=(DieTable.MEETING,), modifier=-1),
    )
    assert effects("Swordsman", 0) == (  # L3849 Barter: Trade activity only
        OneDie(tables=(DieTable.MEETING,), activity="trade"),
    )
    archer = OneDie(tables=(DieTable.MISSILE,), weapon="bow_or_crossbow")
    assert effects("Elf", 1) == effects("Woods Girl", 1) == (archer,)  # L3745, L4014
    assert effects("Druid", 0) == (OneDie(tables=(DieTable.HIDE,)),)  # L3680 Concealment
    (tracking,) = effects("Woods Girl", 0)  # L4013 Tracking Skills: the six Woods tiles
    assert isinstance(tracking, OneDie)
    assert tracking.where == "woods_tile"
    assert set(tracking.tables) == {DieTable.HIDE, DieTable.MEETING, *SEARCH_TABLES}
    runes = OneDie(tables=(DieTable.READING_RUNES,))
    assert effects("Pilgrim", 1) == effects("Sorcerer", 0) == effects("Wizard", 0) == (runes,)
    knowledge = DieModifier(tables=(DieTable.READING_RUNES,), modifier=-1)
    assert effects("Magician", 1) == effects("Witch", 0) == (knowledge,)  # L3772, L3924
    phases: list[tuple[str, int, Literal["rest", "hide", "alert", "enchant"]]] = [
        ("Berserker", 0, "rest"),  # L3593
        ("White Knight", 0, "rest"),  # L3897
        ("Elf", 0, "hide"),  # L3744
        ("Magician", 0, "alert"),  # L3771
        ("Sorcerer", 1, "enchant"),  # L3823
        ("Witch King", 1, "enchant"),  # L3957
    ]
    for name, index, activity in phases:
        assert effects(name, index) == (ExtraPhase(activity=activity),), name
    assert effects("Witch King", 0) == (Ability(key=AbilityKey.DISEMBODIED),)  # L3956
    assert effects("Witch", 1) == (Ability(key=AbilityKey.FAMILIAR),)  # L3925
    assert effects("Swordsman", 1) == (Ability(key=AbilityKey.CLEVER),)  # L3850
    assert effects("Pilgrim", 0) == (Ability(key=AbilityKey.HEAVENLY_PROTECTION),)  # L3797
    assert effects("Druid", 1) == (Ability(key=AbilityKey.PEACE_WITH_NATURE),)  # L3681
    assert effects("Wizard", 1) == (Ability(key=AbilityKey.EXPERIENCE),)  # L3986


def test_starting_locations(characters: dict[str, Character]) -> None:
    starts = {n: [str(s) for s in c.starting_locations] for n, c in characters.items()}
    assert starts["Captain"] == ["Inn", "House", "Guard house"]  # L3655 "Guardhouse"
    assert starts["Wizard"] == ["Inn", "House", "Guard house"]  # L3988
    assert starts["Pilgrim"] == starts["White Knight"] == ["Inn", "Chapel"]  # L3800, L3900
    assert starts["Woods Girl"] == ["Inn", "House"]  # L4016
    assert starts["Witch King"] == ["Inn", "Ghosts"]  # L3959 "in the clearing with the Ghosts"
    assert not StartLocation.GHOSTS.is_dwelling
    only_inn = {n for n, s in starts.items() if s == ["Inn"]}
    assert only_inn == {
        "Amazon",  # L3571
        "Berserker",  # L3602
        "Black Knight",  # L3628
        "Druid",  # L3685
        "Elf",  # L3747
        "Magician",  # L3774
        "Sorcerer",  # L3825
        "Swordsman",  # L3855
        "Witch",  # L3931
    }


def test_relationship_spot_checks(characters: dict[str, Character]) -> None:
    knight = characters["Black Knight"]  # L3630–3633
    assert knight.relationship("Company") is Relationship.ALLY
    assert knight.relationship("Soldiers") is Relationship.FRIENDLY
    assert knight.relationship("Crone") is Relationship.FRIENDLY
    assert knight.relationship("Lancers") is Relationship.UNFRIENDLY
    assert knight.relationship("Guard") is Relationship.ENEMY
    # 7.6.5a L1897: the Black Knight uses the Neutral column with the Bashkars.
    assert knight.relationship("Bashkars") is Relationship.NEUTRAL
    assert characters["Swordsman"].relationships == {  # L3857–3859
        TradingPartner.ROGUES: Relationship.FRIENDLY,
        TradingPartner.COMPANY: Relationship.FRIENDLY,
        TradingPartner.WARLOCK: Relationship.FRIENDLY,
        TradingPartner.PATROL: Relationship.ENEMY,
    }
    wizard = characters["Wizard"]  # L3990–3994
    assert len(wizard.relationships) == 8
    assert wizard.relationship("Lancers") is Relationship.ENEMY
    assert characters["Dwarf"].relationship("Scholar") is Relationship.FRIENDLY  # L3723
    assert TradingPartner.SCHOLAR.is_visitor and not TradingPartner.GUARD.is_visitor


def test_development_helpers(characters: dict[str, Character]) -> None:
    """10.E.5.2 L3485–3487: chits of this and earlier levels; advantage 1 from 2nd level, both at
    4th; trading relationships from 3rd level."""
    dwarf = characters["Dwarf"]
    assert [c.label for c in dwarf.chits_at(2)] == [
        "DUCK T3*",
        "MOVE H6",
        "FIGHT H5*",
        "MOVE T6*",
        "FIGHT H6",
        "FIGHT H4**",
    ]
    assert dwarf.advantages_at(1) == ()
    assert [a.name for a in dwarf.advantages_at(3)] == ["Short Legs"]
    assert len(dwarf.advantages_at(4)) == 2
    assert dwarf.relationships_at(2) == {}
    assert dwarf.relationships_at(3) == dwarf.relationships
    with pytest.raises(ValueError, match=re.escape("1..4")):
        dwarf.level(5)


# --- action chit printed form ---------------------------------------------------------------


def test_parse_printed_chits() -> None:
    """4.2 L1058 / 2.5.2 L540–547: 'MAGIC III4*' is a type III Magic chit, time 4, one asterisk."""
    magic = ActionChit.parse("MAGIC III4*")
    assert (magic.action, magic.magic_type, magic.strength) == (Action.MAGIC, MagicType.III, None)
    assert (magic.time, magic.effort) == (4, 1)
    fight = ActionChit.parse("FIGHT L4")
    assert (fight.strength, fight.time, fight.effort) == (Weight.LIGHT, 4, 0)
    assert ActionChit.parse("DUCK T3*").action is Action.DUCK
    assert ActionChit.model_validate("MOVE M4*") == ActionChit.parse("MOVE M4*")
    assert str(ActionChit.parse("MAGIC VIII2**")) == "MAGIC VIII2**"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("FIGHT X4", "strength 'X' is not one of L, M, H, T"),
        ("MAGIC IX3*", "magic type 'IX' is not one of I..VIII"),
        ("MAGIC M4", "magic type 'M'"),
        ("FIGHT III4", "strength 'III'"),
        ("RUN M4", "action 'RUN'"),
        ("MOVE M4***", "at most two effort asterisks"),
        ("move m4", "write e.g."),
        ("MOVE M0", "greater than or equal to 1"),
    ],
)
def test_parse_rejects_misprints(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        ActionChit.parse(text)


@given(
    action=st.sampled_from(list(Action)),
    strength=st.sampled_from(["L", "M", "H", "T"]),
    magic_type=st.sampled_from(list(MagicType)),
    time=st.integers(min_value=1, max_value=9),
    effort=st.integers(min_value=0, max_value=2),
)
def test_label_round_trip(
    action: Action, strength: str, magic_type: MagicType, time: int, effort: int
) -> None:
    if action is Action.MAGIC:
        chit = ActionChit(action=action, magic_type=magic_type, time=time, effort=effort)
    else:
        chit = ActionChit(action=action, strength=Weight(strength), time=time, effort=effort)
    assert ActionChit.parse(chit.label) == chit
    assert ActionChit.model_validate(chit.model_dump()) == chit


def test_character_round_trips_through_dump(characters: dict[str, Character]) -> None:
    for character in characters.values():
        assert Character.model_validate(character.model_dump()) == character
        assert Character.model_validate_json(character.model_dump_json()) == character
    assert len(set(characters.values())) == 16  # hashable despite the relationships mapping


# --- broken copies --------------------------------------------------------------------------


def test_broken_chit_names_file_entry_and_reason(tmp_path: Path) -> None:
    def edit(entries: list[dict[str, Any]]) -> None:
        entries[0]["levels"][0]["chits"][2] = "FIGHT X4"

    error = load_error(
        edited(tmp_path, "characters.yaml", edit, "characters"), "characters", Character
    )
    assert error.file == "characters.yaml"
    assert error.entry == "characters[0] 'Amazon'"
    assert "levels.0.chits.2" in error.reason
    assert "'FIGHT X4' is not a printed action chit: strength 'X'" in error.reason
    assert str(error).startswith("characters.yaml: characters[0] 'Amazon': levels.0.chits.2: ")


def test_broken_fifth_level(tmp_path: Path) -> None:
    def edit(entries: list[dict[str, Any]]) -> None:
        extra = dict(entries[1]["levels"][3], number=5, title="Legend")
        entries[1]["levels"].append(extra)

    error = load_error(
        edited(tmp_path, "characters.yaml", edit, "characters"), "characters", Character
    )
    assert error.entry == "characters[1] 'Berserker'"
    assert "levels.4.number" in error.reason
    assert "less than or equal to 4" in error.reason


def test_broken_levels_out_of_order(tmp_path: Path) -> None:
    def edit(entries: list[dict[str, Any]]) -> None:
        levels = entries[2]["levels"]
        levels[0], levels[1] = levels[1], levels[0]

    error = load_error(
        edited(tmp_path, "characters.yaml", edit, "characters"), "characters", Character
    )
    assert error.entry == "characters[2] 'Black Knight'"
    assert "levels must be numbered 1 to 4 in order, got [2, 1, 3, 4]" in error.reason


def test_broken_four_chits_and_bad_relationship(tmp_path: Path) -> None:
    def edit(entries: list[dict[str, Any]]) -> None:
        entries[3]["levels"][1]["chits"].append("MOVE M4")
        entries[4]["relationships"]["Order"] = "hostile"

    error = load_error(
        edited(tmp_path, "characters.yaml", edit, "characters"), "characters", Character
    )
    assert error.entry == "characters[3] 'Captain'"
    assert "levels.1.chits: a level adds exactly 3 action chits (10.E.5.1), got 4" in error.reason

    def only_relationship(entries: list[dict[str, Any]]) -> None:
        entries[4]["relationships"]["Order"] = "hostile"

    error = load_error(
        edited(tmp_path, "characters.yaml", only_relationship, "characters"),
        "characters",
        Character,
    )
    assert error.entry == "characters[4] 'Druid'"
    assert "Order: relationship 'hostile' is not one of" in error.reason


def test_broken_effect_and_partner(tmp_path: Path) -> None:
    def unknown_kind(entries: list[dict[str, Any]]) -> None:
        entries[5]["advantages"][0]["effects"][0] = {"kind": "teleport"}

    error = load_error(
        edited(tmp_path, "characters.yaml", unknown_kind, "characters"), "characters", Character
    )
    assert error.entry == "characters[5] 'Dwarf'"
    assert "advantages.0.effects.0" in error.reason and "teleport" in error.reason

    def unknown_partner(entries: list[dict[str, Any]]) -> None:
        entries[6]["relationships"]["Goblins"] = "enemy"

    error = load_error(
        edited(tmp_path, "characters.yaml", unknown_partner, "characters"), "characters", Character
    )
    assert error.entry == "characters[6] 'Elf'"
    assert "relationships.Goblins" in error.reason


# --- comparison with the RealmSpeak reference -----------------------------------------------

RS_NAMES = {"Sorceror": "Sorcerer"}
RS_TITLES = {"Conjuror": "Conjurer", "Sorceror": "Sorcerer"}  # L3836, L3837
RS_STARTS = {"Guard": "Guard house", "Ghost": "Ghosts"}
RS_ARMOR = {"Armor": "Suit of Armor"}  # L4060
RS_EXTRA = {"M": "move", "R": "rest", "H": "hide", "A": "alert", "SP": "enchant"}
RS_TABLES = {
    "hide": "hide",
    "meeting": "meeting",
    "trade": "meeting",
    "hire": "meeting",
    "missile": "missile",
    "peer": "peer",
    "locate": "locate",
    "loot": "loot",
    "readrunes": "reading_runes",
    "magicsight": "magic_sight",
}
RS_WHERE = {"all": "anywhere", ">caves": "cave_clearing"}


def rs_label(chit: dict[str, Any]) -> str:
    value = chit["magic_type"] if chit["action"] == "magic" else chit["strength"]
    return f"{chit['action'].upper()} {value}{chit['speed']}{'*' * chit['effort']}"


def rs_where(where: str) -> str:
    # '% woods', '% forest', 'grove': RealmSpeak's tile-name patterns for the Woods tiles.
    return RS_WHERE.get(where, "woods_tile")


def rs_roll_effects(diemods: list[str]) -> set[tuple[str, str, str, str]]:
    """RealmSpeak's '<mod>:<tables>:<where>' as (kind, table, where, activity); 'commerce' is
    derived from Trade rolls (10.D.2 2.2.1 L3327) and 'thrown' has no rulebook counterpart."""
    found = set()
    for diemod in diemods:
        mod, tables, where = diemod.split(":")
        kind = "one_die" if mod == "1d" else f"die_modifier{mod}"
        names = tables.split(",")
        trade_only = "trade" in names and "meeting" not in names
        for table in names:
            if table in RS_TABLES:
                activity = "trade" if trade_only else "any"
                found.add((kind, RS_TABLES[table], rs_where(where), activity))
    return found


def our_roll_effects(character: Character) -> set[tuple[str, str, str, str]]:
    found: set[tuple[str, str, str, str]] = set()
    for effect in character.effects():
        if isinstance(effect, OneDie | DieModifier):
            kind = "one_die" if isinstance(effect, OneDie) else f"die_modifier{effect.modifier}"
            for table in effect.tables:
                if table is not DieTable.SITE_CARD:  # no RealmSpeak counterpart
                    found.add((kind, str(table), effect.where, effect.activity))
    return found


def test_compare_with_reference(characters: dict[str, Character]) -> None:
    data = reference("characters.json")
    differences: dict[str, str] = {}

    def differ(key: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            differences[f"characters/{key}"] = f"ours {ours!r}, RealmSpeak {theirs!r}"

    theirs_by_name = {RS_NAMES.get(c["name"], c["name"]): c for c in data["characters"]}
    assert set(theirs_by_name) == set(characters)
    for name, ours in characters.items():
        rs = theirs_by_name[name]
        differ(f"{name}/weight", str(ours.weight), rs["weight"])
        differ(f"{name}/vulnerability", str(ours.weight), rs["vulnerability"])
        differ(
            f"{name}/start_locations",
            [str(s) for s in ours.starting_locations],
            [RS_STARTS.get(s, s) for s in rs["start_locations"]],
        )
        rs_relations = {k.capitalize(): v for k, v in rs["relationships"].items()}
        for partner in sorted(set(rs_relations) | {str(p) for p in ours.relationships}):
            differ(
                f"{name}/relationships/{partner}",
                int(ours.relationship(partner)),
                rs_relations.get(partner, 0),
            )
        differ(
            f"{name}/advantages",
            [a.name.casefold() for a in ours.advantages],
            [a.split(":")[0].casefold() for a in rs["advantages_at_level_4"]],
        )
        differ(
            f"{name}/extra_phases",
            sorted(
                e.activity
                for e in ours.effects()
                if isinstance(e, ExtraPhase) and e.activity != "any"  # Reputation: see notes
            ),
            sorted(RS_EXTRA[x] for x in rs["extra_actions_at_level_4"]),
        )
        differ(
            f"{name}/die_rolls",
            sorted(our_roll_effects(ours)),
            sorted(rs_roll_effects(rs["diemods_at_level_4"])),
        )
        for level, rs_level in zip(ours.levels, rs["levels"], strict=True):
            key = f"{name}/level-{level.number}"
            differ(f"{key}/title", level.title, RS_TITLES.get(rs_level["title"], rs_level["title"]))
            # Order within a level is not a game fact: the player picks which chit comes next.
            differ(
                f"{key}/chits",
                sorted(c.label for c in level.chits),
                sorted(rs_label(c) for c in rs["chits"] if c["level"] == level.number),
            )
            differ(f"{key}/weapons", list(level.weapons), rs_level.get("weapons", []))
            differ(
                f"{key}/armor",
                sorted(level.armor),
                sorted(RS_ARMOR.get(a, a) for a in rs_level.get("armor", [])),
            )
            differ(f"{key}/spells", level.spells, rs_level.get("spellcount", 0))
            differ(
                f"{key}/spell_types",
                [str(t) for t in level.spell_types],
                rs_level.get("spelltypes", []),
            )
    assert_all_noted(differences)


def test_chit_kinds_per_character_match_reference_checks(
    characters: dict[str, Character],
) -> None:
    """CHECKS.txt counts per character, e.g. Dwarf {'duck': 1, 'move': 4, 'fight': 7}."""
    data = reference("characters.json")
    for rs in data["characters"]:
        ours = characters[RS_NAMES.get(rs["name"], rs["name"])]
        assert Counter(str(c.action).lower() for c in ours.chits) == Counter(
            c["action"] for c in rs["chits"]
        ), ours.name
