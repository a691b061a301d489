"""Harm (rules/evening/harm.py) against the rulebook: 8.4.9e–n (L2696–2778), its examples and
walkthroughs, and the Missile Table and Striking Weapon Harm Chart (L5357–5401)."""

from __future__ import annotations

import pytest

from rules.catalog import catalog
from rules.evening.harm import (
    SHIELD_OVAL_CARD,
    SUIT_OVAL_CARD,
    ArmorOutcome,
    ArmorPiece,
    Blow,
    Direction,
    Harm,
    armor_outcome,
    armor_piece,
    armor_struck,
    inflicted,
    kills,
    kills_past_armor,
    missile_levels,
    striking_bonus,
    wounds_character,
    wounds_through_armor,
)
from rules.schema.base import Weight

N, L, M, H, T, TPLUS = Harm


def weapon_blow(name: str, *, alerted: bool, fight: Weight | None = None, roll: int = 0) -> Blow:
    """A hit by a weapon counter from the catalog: missile with a Missile Table ``roll``,
    striking with a Fight chit of strength ``fight``."""
    weapon = catalog().weapons[name]
    side = weapon.side(alerted)
    if weapon.attack == "missile":
        levels = missile_levels(catalog(), roll)
        return Blow(Harm.of(side.effective_harm), side.sharpness, missile_levels=levels)
    assert fight is not None
    bonus = striking_bonus(fight, weapon.weight)
    return Blow(Harm.of(side.effective_harm), side.sharpness, striking_bonus=bonus)


def vulnerability(monster: str) -> Weight:
    """A monster's vulnerability is its counter size (2.2.3 L367)."""
    return catalog().monsters[monster].size


def unique(name: str, direction: Direction | None = None) -> ArmorPiece:
    """A one-of-a-kind armor piece (treasure armor, an armor card): its id is its name."""
    return armor_piece(catalog(), name, name, shield_direction=direction)


def amazon_armor(shield: Direction) -> list[ArmorPiece]:
    """The Amazon's armor (her level equipment, L3560-3578), the shield put in ``shield``."""
    names = catalog().characters["Amazon"].levels[-1].armor
    assert sorted(names) == ["Breastplate", "Helmet", "Shield"]
    return [
        armor_piece(catalog(), name, name, shield_direction=shield if name == "Shield" else None)
        for name in names
    ]


# Harm levels and letters


def test_harm_levels_are_the_weight_letters_and_negligible_is_the_dash():
    """8.4.9e (L2696): harm is measured in the levels of weight; ``-`` is negligible weight."""
    assert [Harm.of(w) for w in Weight] == [N, L, M, H, T]
    assert [h.letter for h in Harm] == ["N", "L", "M", "H", "T", "T+"]
    assert [Harm.parse(h.letter) for h in Harm] == list(Harm)
    assert Harm.parse("n") is N  # as the Striking chart prints it (L5399)
    with pytest.raises(ValueError, match="not a harm level"):
        Harm.parse("X")


# Sharpness and armor (8.4.9e)


def test_two_stars_make_medium_tremendous_but_heavy_on_armor():
    """8.4.9e.2 example (L2698): M with two stars is T normally, H when it hits armor."""
    assert inflicted(Blow(M, 2), on_armor=False) is T
    assert inflicted(Blow(M, 2), on_armor=True) is H


def test_armor_does_not_reduce_an_attack_without_stars():
    """8.4.9e.3 example (L2699): a Heavy counter with no stars is Heavy, armor or not."""
    assert inflicted(Blow(H), on_armor=False) is H
    assert inflicted(Blow(H), on_armor=True) is H


def test_a_blow_is_a_printed_letter_with_stars():
    with pytest.raises(ValueError):
        Blow(TPLUS)
    with pytest.raises(ValueError):
        Blow(L, -1)
    with pytest.raises(ValueError):
        Blow(L, striking_bonus=True, missile_levels=1)


# The striking bonus (8.4.9f.2-f.3)


@pytest.mark.parametrize("fight", [Weight.MEDIUM, Weight.HEAVY, Weight.TREMENDOUS])
def test_an_overstrength_fight_chit_adds_one_level_only(fight: Weight):
    """8.4.9f.2 example (L2739): an M, H or T Fight chit with a Light striking weapon raises the
    harm one level, to Medium (plus any sharpness)."""
    bonus = striking_bonus(fight, Weight.LIGHT)
    assert bonus
    assert inflicted(Blow(L, striking_bonus=bonus), on_armor=False) is M
    assert inflicted(Blow(L, 1, striking_bonus=True), on_armor=False) is H


def test_a_fight_chit_equal_to_the_weight_gives_no_bonus():
    """8.4.9f.2 (L2739): the strength must exceed the weapon's weight."""
    assert not striking_bonus(Weight.LIGHT, Weight.LIGHT)
    assert not striking_bonus(Weight.TREMENDOUS, Weight.TREMENDOUS)


@pytest.mark.parametrize("fight", [Weight.LIGHT, Weight.MEDIUM, Weight.HEAVY, Weight.TREMENDOUS])
def test_the_dagger_is_medium_off_armor_and_light_on_armor(fight: Weight):
    """8.4.5h.3 (L2509) and 8.4.9f.3 (L2740): a dagger is Negligible with one star and always
    gains a level: Medium when it misses armor, Light when it hits armor."""
    dagger = Blow(N, 1, striking_bonus=striking_bonus(fight, None))
    assert inflicted(dagger, on_armor=False) is M
    assert inflicted(dagger, on_armor=True) is L


def test_the_unalerted_spear_follows_the_rule_not_the_charts_n_row():
    """8.4.9f.2 compares the Fight chit with the weapon's weight: the unalerted Spear (no harm
    letter, L423; weight M) gains nothing from an M chit and a level from an H chit."""
    assert inflicted(weapon_blow("Spear", alerted=False, fight=Weight.MEDIUM), on_armor=False) is N
    assert inflicted(weapon_blow("Spear", alerted=False, fight=Weight.HEAVY), on_armor=False) is L


# The charts


def test_the_missile_table_from_the_catalog():
    """L5357-5365: 1 increases two levels ... 6 decreases three; a modified result beyond the
    die counts as 1 or 6 (4.1.2 L1043)."""
    assert [missile_levels(catalog(), roll) for roll in range(1, 7)] == [2, 1, 0, -1, -2, -3]
    assert missile_levels(catalog(), 0) == 2
    assert missile_levels(catalog(), 7) == -3


def test_every_harm_of_the_striking_weapon_harm_chart():
    """L5375-5401: every cell that gives a harm. Rows are the weapon's harm letter and stars
    (``n``: negligible), columns the Fight chit; the chart takes the weapon's weight to be its
    letter. A weapon with one more star that hits armor reads the same cell (L5395)."""
    chart = catalog().tables["Striking Weapon Harm Chart"]
    checked = set()
    for row in chart.rows:
        letter, stars = row.label.rstrip("★"), row.label.count("★")
        harm = Harm.parse(letter)
        weight = list(Weight)[harm]
        for column, result_id in zip(chart.columns, row.results, strict=True):
            result = chart.results[result_id]
            fight = Weight(column)
            if result.key == "cannot_use":
                assert fight.rank < weight.rank, (row.label, column)  # 8.4.5f.3 L2501
                continue
            assert result.harm is not None
            bonus = striking_bonus(fight, weight)
            expected = Harm.parse(result.harm)
            assert inflicted(Blow(harm, stars, bonus), on_armor=False) is expected, (row, column)
            assert inflicted(Blow(harm, stars + 1, bonus), on_armor=True) is expected, (row, column)
            checked.add(expected)
    assert checked == {L, M, H, T, TPLUS}


# Missile harm (8.4.9f.1, Missile Table explanation L5367)


def test_missile_harm_below_negligible_is_negligible_and_does_nothing():
    """L5367: "Negligible or less": no harm, though it still counts as a hit."""
    harm = inflicted(weapon_blow("Light Bow", alerted=False, roll=6), on_armor=False)
    assert harm is N
    assert not kills(harm, Weight.LIGHT)
    assert not wounds_character(harm)
    assert armor_outcome(harm, Weight.MEDIUM, damaged=True, card=False) is ArmorOutcome.UNHURT


def test_missile_harm_past_tremendous_kills_past_armor_but_only_when_final_on_armor():
    """8.4.9j.2 exception (L2751) and L5367: the star is lost on armor first; only a final harm
    past Tremendous hits a vital spot. A striking T+ is no missile."""
    bow = weapon_blow("Light Bow", alerted=True, roll=1)  # L** +2
    assert inflicted(bow, on_armor=False) is TPLUS
    assert inflicted(bow, on_armor=True) is T
    assert not kills_past_armor(inflicted(bow, on_armor=True), missile=True)
    crossbow = weapon_blow("Crossbow", alerted=True, roll=1)  # H* +2
    assert inflicted(crossbow, on_armor=True) is TPLUS
    assert kills_past_armor(TPLUS, missile=True)
    assert not kills_past_armor(TPLUS, missile=False)


def test_all_levels_are_counted_before_the_clamp():
    """A T+ reached by stars still loses the Missile Table's decrease from its full count."""
    assert inflicted(Blow(M, 4, missile_levels=-2), on_armor=False) is T


# The walkthroughs


def test_elf_vs_goblin_the_light_bow_rolls_five_and_does_not_harm():
    """L2521-2537: the alerted Light Bow (L**) is Heavy; Missile roll 5 decreases two levels to
    Light, below the Goblin's Medium vulnerability: unharmed."""
    assert inflicted(Blow(L, 2), on_armor=False) is H
    blow = weapon_blow("Light Bow", alerted=True, roll=5)
    assert inflicted(blow, on_armor=False) is L
    assert vulnerability("Goblin Axe") is Weight.MEDIUM
    assert not kills(inflicted(blow, on_armor=False), vulnerability("Goblin Axe"))


def test_the_elf_kills_the_giant_and_the_swordsman_kills_the_bat():
    """L2705-2737: the Elf's Light Bow (Light plus two stars) rolls 2, one level up to
    Tremendous, killing the Giant; the Swordsman's Light sword with one star and an overstrength
    Fight chit inflicts Heavy harm, killing the Bat."""
    elf = inflicted(weapon_blow("Light Bow", alerted=True, roll=2), on_armor=False)
    assert elf is T
    assert kills(elf, vulnerability("Giant"))
    sword = weapon_blow("Thrusting Sword", alerted=True, fight=Weight.MEDIUM)
    assert inflicted(sword, on_armor=False) is H
    assert kills(inflicted(sword, on_armor=False), vulnerability("Giant Bat"))


def test_the_amazons_armor():
    """L2769-2775: the Bat's arrow runs into her breastplate: Medium harm damages it and wounds
    her; the Spider's runs into her shield: Tremendous harm destroys it and wounds her; the
    helmet is not affected."""
    armor = amazon_armor(shield=Direction.SMASH)
    bat_letter = catalog().monsters["Giant Bat"].light.harm
    assert isinstance(bat_letter, Weight)
    bat = inflicted(Blow(Harm.of(bat_letter)), on_armor=True)
    for bat_direction in (Direction.THRUST, Direction.SWING):
        breastplate = armor_struck(bat_direction, armor)
        assert breastplate is not None and breastplate.piece == "Breastplate"
        assert armor_outcome(bat, breastplate.toughness, damaged=False, card=False) is (
            ArmorOutcome.DAMAGED
        )
        assert wounds_through_armor(bat)
    shield = armor_struck(Direction.SMASH, armor)
    assert shield is not None and shield.piece == "Shield"
    spider = inflicted(Blow(T), on_armor=True)
    assert armor_outcome(spider, shield.toughness, damaged=False, card=False) is (
        ArmorOutcome.DESTROYED
    )
    assert wounds_through_armor(spider)


def test_the_captains_smash_meets_his_helmet_and_then_him():
    """L2760: three Heavy Smash hits; once the horse is dead, the second destroys the helmet and
    the third, with the helmet gone (8.4.9l), kills the Captain."""
    helmet = armor_piece(catalog(), "Helmet 1", "Helmet")
    assert armor_struck(Direction.SMASH, [helmet]) == helmet
    assert armor_outcome(H, helmet.toughness, damaged=False, card=False) is ArmorOutcome.DESTROYED
    assert armor_struck(Direction.SMASH, []) is None
    assert kills(H, catalog().characters["Captain"].weight)


# Armor (8.4.9j-k)


@pytest.mark.parametrize(
    ("harm", "outcome"),
    [
        (L, ArmorOutcome.UNHURT),
        (M, ArmorOutcome.DAMAGED),
        (H, ArmorOutcome.DESTROYED),
        (T, ArmorOutcome.DESTROYED),
        (TPLUS, ArmorOutcome.DESTROYED),
    ],
)
def test_a_medium_shield_is_damaged_by_medium_and_destroyed_by_more(harm, outcome):
    """8.4.9k example (L2754)."""
    shield = armor_piece(catalog(), "Shield 1", "Shield", shield_direction=Direction.SWING)
    assert shield.toughness is Weight.MEDIUM
    assert armor_outcome(harm, shield.toughness, damaged=False, card=False) is outcome


def test_damaged_armor_damaged_again_is_destroyed():
    """8.4.9k.2 (L2756) and m's example (L2777): three Heavy hits on a Heavy suit of armor:
    each wounds, the first damages it, the second destroys it."""
    suit = armor_piece(catalog(), "Suit of Armor 1", "Suit of Armor")
    assert suit.toughness is Weight.HEAVY
    assert armor_outcome(H, suit.toughness, damaged=False, card=False) is ArmorOutcome.DAMAGED
    assert armor_outcome(H, suit.toughness, damaged=True, card=False) is ArmorOutcome.DESTROYED
    assert armor_outcome(M, suit.toughness, damaged=True, card=False) is ArmorOutcome.UNHURT
    assert wounds_through_armor(H)


@pytest.mark.parametrize(
    ("name", "toughness"),
    [
        ("Bejeweled Dwarf Vest", Weight.HEAVY),
        ("Golden Arm Band", Weight.MEDIUM),
        ("Golden Crown", Weight.MEDIUM),
        ("Ointment of Steel", Weight.TREMENDOUS),
    ],
)
def test_armor_cards_are_never_damaged_only_destroyed(name: str, toughness: Weight):
    """8.4.9k.5 (L2759) and the card texts (L2764-2765, L4441-4447): destroyed by harm equal to
    or above its toughness, untouched below."""
    piece = armor_piece(catalog(), name, name)
    assert piece.card and piece.toughness is toughness
    tough = Harm.of(toughness)
    below, at_or_above = Harm(tough - 1), [Harm(h) for h in range(tough, TPLUS + 1)]
    assert armor_outcome(below, toughness, damaged=False, card=True) is ArmorOutcome.UNHURT
    for harm in at_or_above:
        assert armor_outcome(harm, toughness, damaged=False, card=True) is ArmorOutcome.DESTROYED


def test_medium_harm_or_more_on_armor_wounds_light_does_not():
    """8.4.9j.4 (L2753)."""
    assert [wounds_through_armor(h) for h in Harm] == [False, False, True, True, True, True]


def test_an_armor_card_sits_behind_a_shield_in_its_oval():
    """8.4.5i.4 (L2514): the Vest is in the Thrust oval, the Arm Band in Swing, the Crown in
    Smash; a shield in the same oval is hit first."""
    vest = unique("Bejeweled Dwarf Vest")
    band = unique("Golden Arm Band")
    crown = unique("Golden Crown")
    assert [p.shield_direction for p in (vest, band, crown)] == list(Direction)
    assert {p.kind for p in (vest, band, crown)} == {SHIELD_OVAL_CARD}
    shield = armor_piece(catalog(), "Shield 1", "Shield", shield_direction=Direction.THRUST)
    assert armor_struck(Direction.THRUST, [vest, shield]) == shield
    assert armor_struck(Direction.THRUST, [vest]) == vest
    assert armor_struck(Direction.SWING, [vest, shield]) is None
    helmet = armor_piece(catalog(), "Helmet 1", "Helmet")
    assert armor_struck(Direction.SMASH, [helmet, crown, band]) == crown


def test_the_ointment_of_steel_is_met_before_a_suit_after_the_other_armor():
    """8.4.5i.3 (L2513): in the Suit of Armor oval, all directions, before the suit; the shield,
    breastplate and helmet come earlier along the arrow (8.4.9j.3 L2752)."""
    ointment = unique("Ointment of Steel")
    assert ointment.kind == SUIT_OVAL_CARD and ointment.shield_direction is None
    suit = armor_piece(catalog(), "Suit of Armor 1", "Suit of Armor")
    breastplate = armor_piece(catalog(), "Breastplate 1", "Breastplate")
    for direction in Direction:
        assert armor_struck(direction, [suit, ointment]) == ointment
        assert armor_struck(direction, [suit]) == suit
    assert armor_struck(Direction.SWING, [suit, ointment, breastplate]) == breastplate
    assert armor_struck(Direction.SMASH, [suit, ointment, breastplate]) == ointment


def test_breastplate_guards_thrust_and_swing_helmet_smash_suit_everything():
    """8.4.5i.1 (L2511) and the armor ovals (rules-map §1.5): the first piece met is hit."""
    helmet = unique("Gold Helmet")
    breastplate = unique("Silver Breastplate")
    suit = unique("Tremendous Suit of Armor")
    pieces = [suit, helmet, breastplate]
    struck = [armor_struck(d, pieces) for d in Direction]
    assert struck == [breastplate, breastplate, helmet]
    assert armor_struck(Direction.SMASH, [breastplate]) is None
    assert armor_struck(Direction.THRUST, [helmet, suit]) == suit


def test_armor_pieces_are_built_only_as_the_rules_place_them():
    with pytest.raises(ValueError, match="neither an armor counter nor an armor card"):
        armor_piece(catalog(), "Lucky Charm", "Lucky Charm")
    with pytest.raises(ValueError, match="only a shield"):
        armor_piece(catalog(), "Helmet 1", "Helmet", shield_direction=Direction.SMASH)
    with pytest.raises(ValueError, match="Thrust oval"):
        unique("Bejeweled Dwarf Vest", Direction.SWING)
    with pytest.raises(ValueError, match="Suit of Armor oval"):
        unique("Ointment of Steel", Direction.THRUST)
    unplaced = armor_piece(catalog(), "Shield 1", "Shield")
    with pytest.raises(ValueError, match="Shield oval"):
        armor_struck(Direction.THRUST, [unplaced])


# Killing and wounding (8.4.9h, j.1, n)


def test_harm_equal_to_or_above_vulnerability_kills_negligible_never():
    """8.4.9h (L2746), j.1, n (L2778)."""
    assert kills(M, Weight.MEDIUM) and kills(TPLUS, Weight.TREMENDOUS)
    assert not kills(H, Weight.TREMENDOUS)
    assert not kills(N, Weight.NEGLIGIBLE)


def test_a_character_is_wounded_by_more_than_negligible():
    """8.4.9n (L2778): below his vulnerability but more than Negligible, one wound."""
    assert [wounds_character(h) for h in Harm] == [False, True, True, True, True, True]
