"""Weapon, armor and horse counters (rules/data/weapons.yaml, armor.yaml, horses.yaml).

Expected values are typed from the rulebook text, each test citing its lines; the pictured
values are compared with the RealmSpeak reference, every difference noted in rules/data/NOTES.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules.catalog import DATA_DIR
from rules.schema.base import CatalogError, Weight, load_entries
from rules.schema.denizens import NativeGroup
from rules.schema.equipment import Armor, Horse, Weapon
from tests.catalog.broken import load_error, replaced
from tests.catalog.reference import assert_all_noted, reference


@pytest.fixture(scope="module")
def weapons() -> dict[str, Weapon]:
    return {w.name: w for w in load_entries(DATA_DIR / "weapons.yaml", "weapons", Weapon)}


@pytest.fixture(scope="module")
def armor() -> dict[str, Armor]:
    return {a.name: a for a in load_entries(DATA_DIR / "armor.yaml", "armor", Armor)}


@pytest.fixture(scope="module")
def horses() -> dict[str, Horse]:
    return {h.name: h for h in load_entries(DATA_DIR / "horses.yaml", "horses", Horse)}


# --- weapons ------------------------------------------------------------------------------------


def test_weapon_names_are_the_list_of_weapons_l4033_4049(weapons: dict[str, Weapon]) -> None:
    """The seventeen weapon counters in list order; the Dagger and tooth/claw are not counters."""
    assert list(weapons) == [
        "Medium Bow",
        "Light Bow",
        "Crossbow",
        "Spear",
        "Staff",
        "Great Sword",
        "Bane Sword",
        "Broadsword",
        "Devil Sword",
        "Truesteel Sword",
        "Morning Star",
        "Great Axe",
        "Thrusting Sword",
        "Living Sword",
        "Short Sword",
        "Axe",
        "Mace",
    ]


def test_weapon_copies_are_those_the_set_up_card_places_l783_810(
    weapons: dict[str, Weapon],
) -> None:
    """Every weapon counter goes on the Set Up Card (3.1.1 L767); characters take theirs from the
    natives (3.3.2 L901), so these are all the weapon counters of the game."""
    placed = {
        "Living Sword": 1,  # Remains of Thief L788
        "Devil Sword": 1,  # Toadstool Circle L790
        "Bane Sword": 1,  # Crypt of the Knight L791
        "Truesteel Sword": 1,  # Enchanted Meadow L792
        "Light Bow": 2,  # Woodfolk L802
        "Medium Bow": 1,
        "Spear": 4,  # Lancers L804
        "Great Axe": 2,  # Chapel L806
        "Great Sword": 1,
        "Morning Star": 1,
        "Crossbow": 1,
        "Short Sword": 3,  # House L807
        "Thrusting Sword": 2,
        "Staff": 2,
        "Mace": 2,  # Guard house L809
        "Axe": 2,
        "Broadsword": 1,
    }
    assert {name: w.count for name, w in weapons.items()} == placed
    assert sum(w.count for w in weapons.values()) == 28


def test_ordinary_weapons_sort_into_7_light_5_medium_5_heavy_l773(
    weapons: dict[str, Weapon],
) -> None:
    """Without the gold treasure counters, the Spears and the Bows: 7 L, 5 M and 5 H (3.1.2c)."""
    groups: Counter[Weight] = Counter()
    for weapon in weapons.values():
        if not weapon.treasure and weapon.name not in ("Spear", "Light Bow", "Medium Bow"):
            groups[weapon.weight] += weapon.count
    assert groups == {Weight.LIGHT: 7, Weight.MEDIUM: 5, Weight.HEAVY: 5}


def test_weight_letters_of_the_set_up_card_l787_809(weapons: dict[str, Weapon]) -> None:
    """The weight letters printed beside each weapon in the Items and Horses table."""
    letters = {
        "Living Sword": "L",
        "Devil Sword": "H",
        "Bane Sword": "T",
        "Truesteel Sword": "M",
        "Light Bow": "L",
        "Medium Bow": "M",
        "Spear": "M",
        "Great Axe": "H",
        "Great Sword": "H",
        "Morning Star": "H",
        "Crossbow": "H",
        "Short Sword": "L",
        "Thrusting Sword": "L",
        "Staff": "L",
        "Mace": "M",
        "Axe": "M",
        "Broadsword": "M",
    }
    assert {name: str(w.weight) for name, w in weapons.items()} == letters


def test_list_of_weapons_rows_l4033_4049(weapons: dict[str, Weapon]) -> None:
    """Length, method of attack and price of every row, as printed."""
    rows = {
        "Medium Bow": (16, "missile", 8),
        "Light Bow": (14, "missile", 6),
        "Crossbow": (12, "missile", 10),
        "Spear": (10, "striking", 6),
        "Staff": (9, "striking", 1),
        "Great Sword": (8, "striking", 10),
        "Bane Sword": (8, "striking", 20),
        "Broadsword": (7, "striking", 8),
        "Devil Sword": (7, "striking", 20),
        "Truesteel Sword": (7, "striking", 25),
        "Morning Star": (6, "striking", 8),
        "Great Axe": (5, "striking", 8),
        "Thrusting Sword": (4, "striking", 6),
        "Living Sword": (4, "striking", 25),
        "Short Sword": (3, "striking", 4),
        "Axe": (2, "striking", 4),
        "Mace": (1, "striking", 6),
    }
    assert {n: (w.length, w.attack, w.price) for n, w in weapons.items()} == rows


def test_treasure_weapons_fame_and_notoriety_l4039_4046(weapons: dict[str, Weapon]) -> None:
    """ "Bane Sword 6F 3N", "Devil Sword 0F 15N", "Truesteel Sword 6F 3N", "Living Sword 3F 9N"
    (also Treasure Counters: Weapons L5450-5456); the four gold counters of 2.3.6 L439."""
    treasure = {n: (w.fame, w.notoriety) for n, w in weapons.items() if w.treasure}
    assert treasure == {
        "Bane Sword": (6, 3),
        "Devil Sword": (0, 15),
        "Truesteel Sword": (6, 3),
        "Living Sword": (3, 9),
    }


def test_morning_star_unalerted_time_6_alerted_3_errata_l753(weapons: dict[str, Weapon]) -> None:
    morning_star = weapons["Morning Star"]
    assert (morning_star.unalerted.time, morning_star.alerted.time) == (6, 3)


def test_spear_unalerted_inflicts_negligible_harm_but_weighs_medium_l423(
    weapons: dict[str, Weapon],
) -> None:
    spear = weapons["Spear"]
    assert spear.unalerted.harm is None
    assert spear.unalerted.effective_harm is Weight.NEGLIGIBLE
    assert spear.weight is Weight.MEDIUM
    assert spear.alerted.effective_harm is Weight.MEDIUM


def test_combat_examples_alerted_bow_speed_1_l2537_and_mace_speed_3_l2583(
    weapons: dict[str, Weapon],
) -> None:
    """The Elf's alerted Light Bow has speed 1 and two stars on Light harm (L2537); the Black
    Knight's alerted Mace has speed 3 (L2583)."""
    bow = weapons["Light Bow"].side(alerted=True)
    assert (bow.time, bow.harm, bow.sharpness) == (1, Weight.LIGHT, 2)
    assert weapons["Mace"].side(alerted=True).time == 3


def test_weapons_match_the_reference(weapons: dict[str, Weapon]) -> None:
    """Every pictured value and count compared with RealmSpeak's weapons.json."""
    ref = reference("weapons.json")["weapons"]
    differences: dict[str, str] = {}
    counts = Counter(w["name"] for w in ref)
    seen: set[str] = set()
    for item in ref:
        name = item["name"]
        if name in seen:
            continue
        seen.add(name)
        key = f"weapons/{name}"
        ours = weapons.get(name)
        if ours is None:
            differences[key] = "in the reference, not in weapons.yaml"
            continue
        missile = "missile" in item["flags"]
        pairs = {
            "count": (ours.count, counts[name]),
            "weight": (str(ours.weight), item["weight"]),
            "length": (ours.length, item["length"]),
            "price": (ours.price, item["base_price"]),
            "attack": (ours.attack, "missile" if missile else "striking"),
            "fame": (ours.fame, item.get("fame")),
            "notoriety": (ours.notoriety, item.get("notoriety")),
        }
        for side_name in ("unalerted", "alerted"):
            side = ours.side(side_name == "alerted")
            theirs = item["sides"][side_name]
            pairs[f"{side_name}/time"] = (side.time, theirs.get("attack_speed"))
            harm = None if side.harm is None else str(side.harm)
            pairs[f"{side_name}/harm"] = (harm, theirs.get("strength"))
            pairs[f"{side_name}/sharpness"] = (side.sharpness, theirs.get("sharpness", 0))
        for field, (mine, theirs_value) in pairs.items():
            if mine != theirs_value:
                differences[f"{key}/{field}"] = f"ours {mine!r}, reference {theirs_value!r}"
    for name in weapons.keys() - seen:
        differences[f"weapons/{name}"] = "in weapons.yaml, not in the reference"
    assert_all_noted(differences)


# --- armor --------------------------------------------------------------------------------------


def test_armor_names_are_the_armor_list_l4057_4064(armor: dict[str, Armor]) -> None:
    """RealmSpeak's character-builder Cap, Buckler and Cuirass are not in the original game."""
    assert list(armor) == [
        "Breastplate",
        "Helmet",
        "Shield",
        "Suit of Armor",
        "Silver Breastplate",
        "Gold Helmet",
        "Jade Shield",
        "Tremendous Suit of Armor",
    ]


def test_armor_copies_are_those_the_set_up_card_places_l787_809(armor: dict[str, Armor]) -> None:
    """Helmets: Company, Patrol, House 3, Guard house; breastplates: Company, Patrol, Guard house;
    shields: Company, Patrol, House 2; suits: Chapel 2; the four gold counters once each."""
    assert {n: a.count for n, a in armor.items()} == {
        "Helmet": 1 + 1 + 3 + 1,
        "Breastplate": 1 + 1 + 1,
        "Shield": 1 + 1 + 2,
        "Suit of Armor": 2,
        "Gold Helmet": 1,
        "Silver Breastplate": 1,
        "Jade Shield": 1,
        "Tremendous Suit of Armor": 1,
    }


def test_armor_prices_l4057_4064(armor: dict[str, Armor]) -> None:
    prices = {n: (a.price.intact, a.price.damaged, a.price.destroyed) for n, a in armor.items()}
    assert prices == {
        "Breastplate": (9, 6, 0),
        "Helmet": (5, 3, 0),
        "Shield": (7, 5, 0),
        "Suit of Armor": (17, 12, 0),
        "Silver Breastplate": (25, 21, 15),
        "Gold Helmet": (30, 27, 20),
        "Jade Shield": (20, 16, 10),
        "Tremendous Suit of Armor": (25, 18, 5),
    }


def test_treasure_armor_fame_and_notoriety_l4061_4064_l5431(armor: dict[str, Armor]) -> None:
    """ "Silver Breastplate 4F 4N" ... "Tremendous Suit of Armor 6F 3N"."""
    treasure = {n: (a.fame, a.notoriety) for n, a in armor.items() if a.treasure}
    assert treasure == {
        "Silver Breastplate": (4, 4),
        "Gold Helmet": (4, 4),
        "Jade Shield": (4, 4),
        "Tremendous Suit of Armor": (6, 3),
    }


# The Treasure Counters lists (2.3.6 L439), named as printed there; the catalog keeps the names
# of the List of Weapons and Armor list (L4039-4046, L4061-4064), noted in rules/data/NOTES.md.
# Armor (L5427-5448): our name, Fame, Notoriety, Gold price intact, damaged, destroyed.
TREASURE_ARMOR_L5431_5434 = {
    '"T" suit of armor': ("Tremendous Suit of Armor", 6, 3, 25, 18, 5),  # L5431
    "Gold helmet": ("Gold Helmet", 4, 4, 30, 27, 20),  # L5432
    "Silver breastplate": ("Silver Breastplate", 4, 4, 25, 21, 15),  # L5433
    "Jade shield": ("Jade Shield", 4, 4, 20, 16, 10),  # L5434
}
# Weapons (L5450-5456): our name, Fame, Notoriety, Gold price, length.
TREASURE_WEAPONS_L5453_5456 = {
    "Bane Great Sword": ("Bane Sword", 6, 3, 20, 8),  # L5453
    "Truesteel Broadsword": ("Truesteel Sword", 6, 3, 25, 7),  # L5454
    "Devil Broadsword": ("Devil Sword", 0, 15, 20, 7),  # L5455
    "Living Thrusting Sword": ("Living Sword", 3, 9, 25, 4),  # L5456
}


def test_treasure_counters_armor_l5427_5448(armor: dict[str, Armor]) -> None:
    """Every value of the Treasure Counters: Armor list: Fame and Notoriety (owned at the end,
    L5438-5440), intact and damaged prices and the Gold its owner gets when destroyed (L5444-5448).
    """
    listed = {
        name: (a.fame, a.notoriety, a.price.intact, a.price.damaged, a.price.destroyed)
        for name, a in armor.items()
        if a.treasure
    }
    assert listed == {row[0]: row[1:] for row in TREASURE_ARMOR_L5431_5434.values()}


def test_treasure_counters_weapons_l5450_5456(weapons: dict[str, Weapon]) -> None:
    """Every value of the Treasure Counters: Weapons list: Fame, Notoriety, price and length."""
    listed = {
        name: (w.fame, w.notoriety, w.price, w.length) for name, w in weapons.items() if w.treasure
    }
    assert listed == {row[0]: row[1:] for row in TREASURE_WEAPONS_L5453_5456.values()}


def test_destroyed_armor_returns_to_its_group_note_2_l4069(armor: dict[str, Armor]) -> None:
    """Helmets and shields to the Soldiers, breastplates to the Guard, suits to the Order."""
    returns = {n: a.returns_to for n, a in armor.items() if not a.treasure}
    assert returns == {
        "Helmet": "Soldiers",
        "Shield": "Soldiers",
        "Breastplate": "Guard",
        "Suit of Armor": "Order",
    }
    groups = load_entries(DATA_DIR / "natives.yaml", "native_groups", NativeGroup)
    assert set(returns.values()) <= {g.name for g in groups}


def test_tremendous_suit_of_armor_weighs_t_l439(armor: dict[str, Armor]) -> None:
    """The gold counter labelled "T" Armor (2.3.6 L439) covers all three directions."""
    suit = armor["Tremendous Suit of Armor"]
    assert suit.weight is Weight.TREMENDOUS
    assert set(suit.protects) == {"thrust", "swing", "smash"}
    assert armor["Shield"].protects == ()  # one chosen Shield oval per round, L2512


def test_armor_matches_the_reference(armor: dict[str, Armor]) -> None:
    """Compared with RealmSpeak's armor.json; its character-builder pieces are left out."""
    ref = [a for a in reference("armor.json")["armor"] if "note" not in a]
    returns = {"House": "Soldiers", "Guard": "Guard", "Chapel": "Order"}

    def our_name(item: dict[str, object]) -> str:
        if item["name"] == "Armor":
            return "Tremendous Suit of Armor" if item.get("treasure_armor") else "Suit of Armor"
        return str(item["name"])

    counts = Counter(our_name(a) for a in ref)
    differences: dict[str, str] = {}
    for item in ref:
        name = our_name(item)
        ours = armor.get(name)
        if ours is None:
            differences[f"armor/{name}"] = "in the reference, not in armor.yaml"
            continue
        prices = item["prices"]
        home = item.get("home_dwelling")
        pairs = {
            "count": (ours.count, counts[name]),
            "weight": (str(ours.weight), item["weight"]),
            "vulnerability": (str(ours.weight), item["vulnerability"]),
            "protects": (set(ours.protects), set(item["protects_against"])),
            "price/intact": (ours.price.intact, prices["intact"]),
            "price/damaged": (ours.price.damaged, prices["damaged"]),
            "price/destroyed": (ours.price.destroyed, prices.get("destroyed", 0)),
            "fame": (ours.fame, item.get("fame")),
            "notoriety": (ours.notoriety, item.get("notoriety")),
            "returns_to": (ours.returns_to, returns.get(home) if home else None),
        }
        for field, (mine, theirs) in pairs.items():
            if mine != theirs:
                differences[f"armor/{name}/{field}"] = f"ours {mine!r}, reference {theirs!r}"
    for name in armor.keys() - counts.keys():
        differences[f"armor/{name}"] = "in armor.yaml, not in the reference"
    assert_all_noted(differences)


# --- horses -------------------------------------------------------------------------------------


def test_list_of_horses_l4071_4097(horses: dict[str, Horse]) -> None:
    """Every round horse's galloping side, walking side and price, as printed (with errata
    2.7.15 L751: the H6 workhorse walks T8)."""
    table = {
        ("pony", "L2", "L4", 16),
        ("pony", "M2", "M5", 16),
        ("pony", "M3", "M4", 15),
        ("pony", "M3", "M5", 14),
        ("pony", "L3", "M4", 14),
        ("pony", "L3", "M5", 12),
        ("pony", "M4", "M5", 12),
        ("workhorse", "H6", "T8", 12),
        ("workhorse", "H6", "H7", 11),
        ("workhorse", "M5", "H7", 11),
        ("workhorse", "M5", "M6", 10),
        ("workhorse", "L5", "M6", 9),
        ("workhorse", "L4", "L5", 8),
        ("warhorse", "T3", "T5", 25),
        ("warhorse", "T5", "T7", 22),
        ("warhorse", "H4", "T7", 20),
        ("warhorse", "H4", "H6", 18),
    }
    for_sale = [h for h in horses.values() if not h.native]
    assert len(for_sale) == len(table) == 17
    assert {(h.kind, str(h.gallop), str(h.walk), h.price) for h in for_sale} == table


def test_horse_kinds_vulnerability_and_bonus_l4071_4082_4092(horses: dict[str, Horse]) -> None:
    """Pony: Medium, double movement; workhorse: Heavy, extra Move phase; warhorse: Tremendous and
    armored, no bonus (also 7.3.2b L1692-1696, 8.4.5k.3 L2542)."""
    by_kind = {(h.kind, h.vulnerability, h.armored, h.move_bonus) for h in horses.values()}
    assert by_kind == {
        ("pony", Weight.MEDIUM, False, "double"),
        ("workhorse", Weight.HEAVY, False, "extra"),
        ("warhorse", Weight.TREMENDOUS, True, None),
    }


def test_treasure_horses_are_the_l2_pony_and_t3_warhorse_l439(horses: dict[str, Horse]) -> None:
    """The pony "L2"/"L4" and the war horse "T3"/"T5" (2.3.6 L439, 3.1.2d L774)."""
    assert sorted(n for n, h in horses.items() if h.treasure) == ["Pony L2/L4", "Warhorse T3/T5"]


def test_round_horses_fill_the_set_up_card_l787_809(horses: dict[str, Horse]) -> None:
    """6 ponies with the Bashkars and the L2 pony in the Enchanted Meadow; 6 workhorses at the
    Inn; the T3 warhorse in the Crypt. The List of Horses shows 4 warhorses (L4092-4097) and
    every horse counter is placed (3.1.1 L767), so the Chapel gets the other 3, not the "2" of
    L806 (noted in rules/data/NOTES.md)."""
    kinds = Counter(h.kind for h in horses.values() if not h.native)
    assert kinds == {"pony": 6 + 1, "workhorse": 6, "warhorse": 3 + 1}


def test_native_horses_by_group(horses: dict[str, Horse]) -> None:
    """Square horses for the Bashkars and Lancers (ponies), the Patrol (workhorses) and the Order
    (warhorses): the rows with a horse in the Natives list L4136-4165."""
    native = Counter(
        (h.rider.split()[0] if h.rider else "", h.kind) for h in horses.values() if h.native
    )
    assert native == {
        ("Bashkars", "pony"): 6,
        ("Lancers", "pony"): 4,
        ("Patrol", "workhorse"): 3,
        ("Order", "warhorse"): 4,
    }
    assert len(horses) == 17 + 17


def _ref_horse_name(item: dict[str, object]) -> str:
    kind = {"pony": "Pony", "horse": "Workhorse", "warhorse": "Warhorse"}[str(item["horse_type"])]
    sides = item["sides"]
    assert isinstance(sides, dict)
    gallop, walk = sides["gallop"], sides["trot"]
    if "rider" in item:
        group = {"Bashkar": "Bashkars"}.get(str(item["native_group"]), str(item["native_group"]))
        return f"{group} {str(item['rider']).split()[-1]} Horse"
    return (
        f"{kind} {gallop['strength']}{gallop['move_speed']}/{walk['strength']}{walk['move_speed']}"
    )


def test_horses_match_the_reference(horses: dict[str, Horse]) -> None:
    """Compared with RealmSpeak's horses.json ("trot" is our walking side, its "horse" type our
    workhorse). A reference horse whose sides name none of ours is matched by kind, walking side
    and price, and its galloping side reported."""
    ref = reference("horses.json")["horses"]
    differences: dict[str, str] = {}
    matched: set[str] = set()
    for item in ref:
        name = _ref_horse_name(item)
        ours = horses.get(name)
        walk = item["sides"]["trot"]
        walk_text = f"{walk['strength']}{walk['move_speed']}"
        if ours is None:
            ours = next(
                (
                    h
                    for h in horses.values()
                    if not h.native
                    and name.startswith(h.kind.capitalize())
                    and str(h.walk) == walk_text
                    and h.price == item.get("base_price")
                    and h.name not in matched
                ),
                None,
            )
            if ours is None:
                differences[f"horses/{name}"] = "in the reference, not in horses.yaml"
                continue
        matched.add(ours.name)
        gallop = item["sides"]["gallop"]
        rider = item.get("rider")
        pairs = {
            "gallop": (str(ours.gallop), f"{gallop['strength']}{gallop['move_speed']}"),
            "walk": (str(ours.walk), walk_text),
            "price": (ours.price, item.get("base_price")),
            "vulnerability": (str(ours.vulnerability), item["vulnerability"]),
            "armored": (ours.armored, item["armored"]),
            "treasure": (ours.treasure, bool(item.get("other", {}).get("magic"))),
            "native": (ours.native, rider is not None),
        }
        for field, (mine, theirs) in pairs.items():
            if mine != theirs:
                differences[f"horses/{ours.name}/{field}"] = f"ours {mine!r}, reference {theirs!r}"
    for name in horses.keys() - matched:
        differences[f"horses/{name}"] = "in horses.yaml, not in the reference"
    assert_all_noted(differences)


# --- malformed copies ---------------------------------------------------------------------------


def test_an_unknown_harm_letter_is_reported_with_file_and_entry(tmp_path: Path) -> None:
    path = replaced(
        tmp_path, "weapons.yaml", "alerted: {time: 1, harm: M,", "alerted: {time: 1, harm: Q,"
    )
    error = load_error(path, "weapons", Weapon)
    assert error.file == "weapons.yaml"
    assert error.entry == "weapons[0] 'Medium Bow'"
    assert "alerted.harm" in error.reason


def test_a_harm_letter_that_is_not_the_weapon_weight_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "weapons.yaml", "unalerted: {harm: M}", "unalerted: {harm: H}")
    with pytest.raises(CatalogError, match=r"weapons\.yaml: weapons\[0\] 'Medium Bow': .*L423"):
        load_entries(path, "weapons", Weapon)


def test_a_treasure_weapon_without_notoriety_is_reported(tmp_path: Path) -> None:
    """Treasure weapons carry Fame and Notoriety (L4039, Treasure Counters L5450-5456)."""
    path = replaced(tmp_path, "weapons.yaml", "    notoriety: 3\n", "")
    error = load_error(path, "weapons", Weapon)
    assert error.entry == "weapons[6] 'Bane Sword'"
    assert "treasure weapons, and only they, have fame and notoriety" in error.reason


def test_armor_without_a_price_is_reported(tmp_path: Path) -> None:
    path = replaced(
        tmp_path, "armor.yaml", "    price: {intact: 5, damaged: 3, destroyed: 0}\n", ""
    )
    error = load_error(path, "armor", Armor)
    assert (error.file, error.entry) == ("armor.yaml", "armor[1] 'Helmet'")
    assert "price: Field required" in error.reason


def test_a_native_horse_named_for_another_rider_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "horses.yaml", "name: Lancers 2 Horse", "name: Lancers 3 Horse")
    error = load_error(path, "horses", Horse)
    assert error.entry == "horses[25] 'Lancers 3 Horse'"
    assert "named after its rider: 'Lancers 2 Horse'" in error.reason


def test_a_misprinted_horse_side_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "horses.yaml", "gallop: T3, walk: T5", "gallop: T3, walk: X5")
    with pytest.raises(CatalogError, match=r"horses\[13\] 'Warhorse T3/T5': walk: .*'X5'"):
        load_entries(path, "horses", Horse)
