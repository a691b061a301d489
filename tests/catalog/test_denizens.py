"""Monsters and native groups (rules/data/monsters.yaml, natives.yaml).

Expected values are typed from the rulebook text, each test citing its lines; the pictured
values are compared with the RealmSpeak reference, every difference noted in rules/data/NOTES.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules.catalog import DATA_DIR, UnknownNameError, catalog
from rules.schema.base import CatalogError, MagicType, Weight, load_entries
from rules.schema.denizens import Monster, MonsterSide, NativeCounter, NativeGroup, NativeSide
from rules.schema.equipment import Horse
from tests.catalog.broken import load_error, replaced
from tests.catalog.reference import assert_all_noted, reference


@pytest.fixture(scope="module")
def monsters() -> dict[str, Monster]:
    return {m.name: m for m in load_entries(DATA_DIR / "monsters.yaml", "monsters", Monster)}


@pytest.fixture(scope="module")
def groups() -> dict[str, NativeGroup]:
    records = load_entries(DATA_DIR / "natives.yaml", "native_groups", NativeGroup)
    return {g.name: g for g in records}


@pytest.fixture(scope="module")
def natives(groups: dict[str, NativeGroup]) -> dict[str, NativeCounter]:
    return {c.name: c for g in groups.values() for c in g.counters}


# --- monsters -----------------------------------------------------------------------------------

# The List of Monsters L4102-4132: name -> (armored, flying, fame, notoriety, weapon length).
MONSTER_LIST = {
    "Ghost": (False, False, 0, 2, 0),  # L4102
    "Goblin Axe": (False, False, 1, 1, 2),
    "Goblin Great Sword": (False, False, 1, 1, 8),
    "Goblin Spear": (False, False, 1, 1, 10),
    "Imp": (False, False, 2, 1, 17),
    "Ogre": (False, False, 0, 2, 0),
    "Viper": (True, False, 1, 2, 0),
    "Wolf": (False, False, 0, 1, 0),  # L4109 and L4110
    "Giant Bat": (False, True, 3, 3, 0),  # L4113
    "Heavy Dragon": (True, False, 5, 5, 0),
    "Heavy Flying Dragon": (True, True, 5, 5, 0),
    "Heavy Serpent": (True, False, 4, 4, 0),
    "Heavy Spider": (False, False, 3, 3, 0),
    "Heavy Troll": (True, False, 5, 5, 0),  # L4118
    "Demon": (False, False, 8, 8, 17),  # L4121
    "Giant": (False, False, 8, 8, 0),
    "Octopus": (False, False, 8, 8, 0),
    "Tremendous Dragon": (True, False, 10, 10, 0),
    "Tremendous Flying Dragon": (True, True, 12, 12, 0),  # L4127
    "Tremendous Serpent": (True, False, 7, 7, 0),
    "Tremendous Spider": (False, False, 6, 6, 0),
    "Tremendous Troll": (True, False, 8, 8, 0),
    "Winged Demon": (False, True, 8, 8, 17),  # L4132
}


def test_monster_names_are_the_list_of_monsters_l4102_4132(monsters: dict[str, Monster]) -> None:
    assert list(monsters) == list(MONSTER_LIST)


def test_list_of_monsters_rows_l4102_4132(monsters: dict[str, Monster]) -> None:
    """Armor ●, Fly ●, Fame, Notoriety and Weapon Length of every row, as printed."""
    rows = {n: (m.armored, m.flying, m.fame, m.notoriety, m.length) for n, m in monsters.items()}
    assert rows == MONSTER_LIST


def test_heavy_troll_is_armored_l4118_and_t_flying_dragon_fame_12_l4127(
    monsters: dict[str, Monster],
) -> None:
    assert monsters["Heavy Troll"].armored
    assert monsters["Tremendous Flying Dragon"].fame == 12


def test_monster_sizes_are_the_three_sections_of_the_list_l4101_4120(
    monsters: dict[str, Monster],
) -> None:
    sizes = list(monsters.values())
    assert [m.size for m in sizes[:8]] == [Weight.MEDIUM] * 8
    assert [m.size for m in sizes[8:14]] == [Weight.HEAVY] * 6
    assert [m.size for m in sizes[14:]] == [Weight.TREMENDOUS] * 9


def test_monster_counters_number_59(monsters: dict[str, Monster]) -> None:
    """How many counters of each type (pictured on the Set Up Card; RealmSpeak CHECKS.txt: 59)."""
    assert {n: m.count for n, m in monsters.items()} == {
        "Ghost": 2,
        "Goblin Axe": 6,
        "Goblin Great Sword": 6,
        "Goblin Spear": 6,
        "Imp": 1,
        "Ogre": 2,
        "Viper": 2,
        "Wolf": 6,
        "Giant Bat": 6,
        "Heavy Dragon": 1,
        "Heavy Flying Dragon": 2,
        "Heavy Serpent": 2,
        "Heavy Spider": 3,
        "Heavy Troll": 2,
        "Demon": 1,
        "Giant": 2,
        "Octopus": 1,
        "Tremendous Dragon": 2,
        "Tremendous Flying Dragon": 1,
        "Tremendous Serpent": 1,
        "Tremendous Spider": 1,
        "Tremendous Troll": 2,
        "Winged Demon": 1,
    }
    assert sum(m.count for m in monsters.values()) == 59


def test_twelve_tremendous_counters_have_a_red_side_l374(monsters: dict[str, Monster]) -> None:
    red = [m for m in monsters.values() if m.dark.pins]
    assert sum(m.count for m in red) == 12
    assert all(m.size is Weight.TREMENDOUS for m in red)
    assert all(m.dark.harm == "RED" and m.dark.attack is not None for m in red)


def test_five_monsters_have_a_head_or_club_l376(monsters: dict[str, Monster]) -> None:
    """Each Giant has a club and each Tremendous Dragon its head: five extra counters."""
    with_parts = {n: m.count * len(m.parts) for n, m in monsters.items() if m.parts}
    assert with_parts == {"Giant": 2, "Tremendous Dragon": 2, "Tremendous Flying Dragon": 1}
    assert sum(with_parts.values()) == 5


def test_heads_and_club_lengths_l4123_l4126_l4128_and_fire_l3106(
    monsters: dict[str, Monster],
) -> None:
    parts = {p.name: (p.kind, p.length, p.fire_length) for m in monsters.values() for p in m.parts}
    assert parts == {
        "Giant's Club": ("club", 8, None),
        "Dragon Head": ("head", 9, 15),
        "Flying Dragon Head": ("head", 7, 13),
    }


def test_armored_monsters_are_dragons_trolls_serpents_and_vipers_l375(
    monsters: dict[str, Monster],
) -> None:
    armored = {n for n, m in monsters.items() if m.armored}
    assert armored == {
        n for n in monsters if any(k in n for k in ("Dragon", "Troll", "Serpent", "Viper"))
    }


def test_octopus_red_side_moves_in_3_errata_l714(monsters: dict[str, Monster]) -> None:
    assert monsters["Octopus"].dark.move == 3


def test_spellcasters_l2608_2618_and_imp_type_v_errata_l718(monsters: dict[str, Monster]) -> None:
    """Demons hit with Power of the Pit (V, L2612), the Imp with a Curse (Type V by errata
    L718); on their other side they use tooth/claw, length 0 (L2618)."""
    casters = {n: (m.light.magic, m.light.spell) for n, m in monsters.items() if m.light.magic}
    assert casters == {
        "Imp": (MagicType.V, "Curse"),
        "Demon": (MagicType.V, "Power of the Pit"),
        "Winged Demon": (MagicType.V, "Power of the Pit"),
    }
    for name in casters:
        monster = monsters[name]
        assert monster.length_on(monster.light) == 17  # L2662
        assert monster.length_on(monster.dark) == 0


def test_spear_goblins_do_not_attack_light_side_up_l2604(monsters: dict[str, Monster]) -> None:
    spear = monsters["Goblin Spear"]
    assert spear.light.attack is None and spear.light.harm is None
    assert spear.dark.attack is not None


def test_wolves_have_two_printings_l4109_4110(monsters: dict[str, Monster]) -> None:
    """The list shows "Wolf" twice: six counters, three of them with other combat values."""
    wolf = monsters["Wolf"]
    assert wolf.variant is not None and wolf.variant.count == 3
    first = [wolf.sides(copy) for copy in (1, 2, 3)]
    last = [wolf.sides(copy) for copy in (4, 5, 6)]
    assert first == [(wolf.light, wolf.dark)] * 3
    assert last == [(wolf.variant.light, wolf.variant.dark)] * 3
    assert wolf.light != wolf.variant.light
    with pytest.raises(ValueError, match="counters 1 to 6"):
        wolf.sides(7)


def test_monster_appearance_rows_regeneration_table_l1549_1554(
    monsters: dict[str, Monster],
) -> None:
    """Row 1 Dragons; 2 Serpents, Demons; 3 Wolves, Ogres, Goblins, Octopus; 4 Giants, Trolls;
    5 Spiders, Imp; 6 Bats. The Ghosts prowl every day (L2143) and have no row."""
    rows: dict[int | None, set[str]] = {}
    for name, monster in monsters.items():
        rows.setdefault(monster.appearance_row, set()).add(name)
    assert rows == {
        None: {"Ghost"},
        1: {"Heavy Dragon", "Heavy Flying Dragon", "Tremendous Dragon", "Tremendous Flying Dragon"},
        2: {"Viper", "Heavy Serpent", "Tremendous Serpent", "Demon", "Winged Demon"},
        3: {"Wolf", "Ogre", "Goblin Axe", "Goblin Great Sword", "Goblin Spear", "Octopus"},
        4: {"Giant", "Heavy Troll", "Tremendous Troll"},
        5: {"Heavy Spider", "Tremendous Spider", "Imp"},
        6: {"Giant Bat"},
    }


MONSTER_NAMES = {
    "T Flying Dragon": "Tremendous Flying Dragon",
    "T Dragon": "Tremendous Dragon",
    "T Troll": "Tremendous Troll",
    "T Serpent": "Tremendous Serpent",
    "T Spider": "Tremendous Spider",
    "H Flying Dragon": "Heavy Flying Dragon",
    "H Dragon": "Heavy Dragon",
    "H Troll": "Heavy Troll",
    "H Serpent": "Heavy Serpent",
    "H Spider": "Heavy Spider",
    "Spear Goblin": "Goblin Spear",
    "Sword Goblin": "Goblin Great Sword",
    "Axe Goblin": "Goblin Axe",
}
"""RealmSpeak's monster names -> the List of Monsters' names (L4102-4132)."""

PART_NAMES = {"Giant Club": "Giant's Club"}


def _side_values(side: MonsterSide | NativeSide) -> dict[str, Any]:
    values: dict[str, Any] = {
        "move": side.move,
        "attack": side.attack,
        "harm": None if side.harm is None else str(side.harm),
        "sharpness": side.sharpness,
    }
    if isinstance(side, MonsterSide):
        values["magic"] = None if side.magic is None else str(side.magic)
    return values


def _ref_side_values(side: dict[str, Any], magic: bool) -> dict[str, Any]:
    values = {
        "move": side.get("move_speed"),
        "attack": side.get("attack_speed"),
        "harm": side.get("strength"),
        "sharpness": side.get("sharpness", 0),
    }
    if magic:
        values["magic"] = side.get("magic_type")
    return values


def _compare(differences: dict[str, str], key: str, ours: Any, theirs: Any) -> None:
    if ours != theirs:
        differences[key] = f"ours {ours!r}, reference {theirs!r}"


def test_monsters_match_the_reference(monsters: dict[str, Monster]) -> None:
    """Every counter of monsters.json compared with the values our data gives that counter."""
    ref = reference("monsters.json")["monsters"]
    differences: dict[str, str] = {}
    copies: Counter[str] = Counter()
    printings: dict[str, set[str]] = {}
    for item in ref:
        name = MONSTER_NAMES.get(item["name"], item["name"])
        monster = monsters.get(name)
        if monster is None:
            differences[f"monsters/{name}"] = "in the reference, not in monsters.yaml"
            continue
        copies[name] += 1
        key = f"monsters/{name}"
        row = item["monster_die"] if item["monster_die"] != 99 else None
        _compare(differences, f"{key}/size", str(monster.size), item["vulnerability"])
        _compare(differences, f"{key}/armored", monster.armored, item["armored"])
        _compare(differences, f"{key}/flying", monster.flying, item["flying"])
        _compare(differences, f"{key}/fame", monster.fame, item["fame"])
        _compare(differences, f"{key}/notoriety", monster.notoriety, item["notoriety"])
        _compare(differences, f"{key}/appearance_row", monster.appearance_row, row)
        # which printing of the type this counter is: the one whose values it matches
        ref_light = _ref_side_values(item["sides"]["light"], True)
        printing = 1
        if monster.variant is not None and _side_values(monster.variant.light) == ref_light:
            printing = monster.count
        light, dark = monster.sides(printing)
        printings.setdefault(name, set()).add("variant" if printing > 1 else "main")
        for side_name, ours, theirs in (
            ("light", light, item["sides"]["light"]),
            ("dark", dark, item["sides"]["dark"]),
        ):
            for field, value in _side_values(ours).items():
                expected = _ref_side_values(theirs, True)[field]
                _compare(differences, f"{key}/{side_name}/{field}", value, expected)
            if ours.attack is not None:
                length = theirs.get("length", 0)
                _compare(differences, f"{key}/{side_name}/length", monster.length_on(ours), length)
            spell = {"powerofthepit": "Power of the Pit", "curse": "Curse"}.get(
                theirs.get("attack_spell", "")
            )
            _compare(differences, f"{key}/{side_name}/spell", ours.spell, spell)
        ref_parts = {PART_NAMES.get(p["name"], p["name"]): p for p in item.get("parts", [])}
        _compare(differences, f"{key}/parts", {p.name for p in monster.parts}, set(ref_parts))
        for part in monster.parts:
            theirs_part = ref_parts.get(part.name)
            if theirs_part is None:
                continue
            for side_name in ("light", "dark"):
                mine = getattr(part, side_name)
                other = theirs_part["sides"][side_name]
                pkey = f"{key}/{part.name}/{side_name}"
                _compare(differences, f"{pkey}/attack", mine.attack, other.get("attack_speed"))
                _compare(differences, f"{pkey}/harm", str(mine.harm), other.get("strength"))
                _compare(
                    differences, f"{pkey}/sharpness", mine.sharpness, other.get("sharpness", 0)
                )
                _compare(differences, f"{pkey}/length", part.length, other.get("length"))
                _compare(
                    differences, f"{pkey}/fire_length", part.fire_length, other.get("dragon_length")
                )
    for name, monster in monsters.items():
        _compare(differences, f"monsters/{name}/count", monster.count, copies[name])
        if monster.variant is not None:
            _compare(
                differences, f"monsters/{name}/variant", printings.get(name), {"main", "variant"}
            )
    assert_all_noted(differences)


# --- natives ------------------------------------------------------------------------------------

# The Natives list L4137-4182, read from the Name column: per group, its hire price and one tuple
# per row: (title, rides a horse, armored, vulnerability, weight, wage, notoriety, gold, length).
# The Horse column is blank (a picture) for riders and "—" for the others.
Row = tuple[str, bool, bool, str, str, int, int, int, int]
NATIVES_LIST: dict[str, tuple[int | str, list[Row]]] = {
    "Bashkars": (12, [("Raider", True, False, "L", "L", 2, 4, 2, 3)] * 6),  # L4137-4142
    "Company": (  # L4143-4149
        16,
        [("Short Swordsman", False, True, "M", "M", 2, 3, 2, 3)] * 2
        + [("Pikeman", False, True, "M", "M", 2, 3, 2, 10)] * 3
        + [("Great Swordsman", False, True, "H", "H", 4, 6, 4, 8)]
        + [("Crossbowman", False, True, "M", "M", 2, 4, 2, 12)],
    ),
    "Guard": (12, [("Great Swordsman", False, True, "H", "H", 4, 6, 4, 8)] * 3),  # L4152-4154
    "Lancers": (8, [("Lancer", True, False, "L", "L", 2, 4, 2, 10)] * 4),  # L4155-4158
    "Order": ("individually", [("Knight", True, True, "T", "H", 8, 12, 8, 7)] * 4),  # L4159-4162
    "Patrol": (6, [("Short Swordsman", True, True, "M", "M", 2, 3, 2, 3)] * 3),  # L4163-4165
    "Rogues": (  # L4168-4175
        "individually",
        [
            ("Assassin", False, False, "M", "M", 1, 2, 1, 3),
            ("Great Axeman", False, False, "H", "H", 4, 6, 4, 5),
            ("Great Axeman", False, False, "H", "H", 4, 6, 4, 5),
            ("Short Swordsman", False, True, "M", "M", 2, 3, 2, 3),
            ("Archer", False, False, "M", "M", 2, 4, 2, 14),
            ("Assassin", False, False, "M", "M", 1, 2, 1, 3),
            ("Swordsman", False, False, "M", "M", 1, 2, 1, 4),
            ("Swordsman", False, False, "M", "M", 1, 2, 1, 4),
        ],
    ),
    "Soldiers": (  # L4176-4179
        10,
        [("Great Swordsman", False, True, "H", "H", 4, 6, 4, 8)]
        + [("Pikeman", False, True, "M", "M", 2, 3, 2, 10)] * 2
        + [("Crossbowman", False, True, "M", "M", 2, 4, 2, 12)],
    ),
    "Woodfolk": (  # L4180-4182
        6,
        [("Archer", False, False, "M", "M", 2, 4, 2, 16)]
        + [("Archer", False, False, "M", "M", 2, 4, 2, 14)] * 2,
    ),
}


def test_nine_native_groups_of_42_natives_l392(groups: dict[str, NativeGroup]) -> None:
    assert list(groups) == list(NATIVES_LIST)
    assert {n: len(g.counters) for n, g in groups.items()} == {
        "Bashkars": 6,
        "Company": 7,
        "Guard": 3,
        "Lancers": 4,
        "Order": 4,
        "Patrol": 3,
        "Rogues": 8,
        "Soldiers": 4,
        "Woodfolk": 3,
    }
    assert sum(len(g.counters) for g in groups.values()) == 42


def test_natives_list_rows_l4137_4182(groups: dict[str, NativeGroup]) -> None:
    """Each group's hire price and rows, compared as a multiset (the list's row order is not the
    ID order)."""
    for name, (hire, rows) in NATIVES_LIST.items():
        group = groups[name]
        assert group.hire == hire, name
        ours = Counter(
            (
                c.title,
                c.horse is not None,
                c.armored,
                str(c.vulnerability),
                str(c.weight),
                c.wage,
                c.bounty.notoriety,
                c.bounty.gold,
                c.length,
            )
            for c in group.counters
        )
        assert ours == Counter(rows), name


def test_bashkars_12_gold_to_hire_and_order_individually_l4137_l4159(
    groups: dict[str, NativeGroup],
) -> None:
    assert groups["Bashkars"].hire == 12
    assert groups["Order"].hire == "individually"
    assert groups["Rogues"].hire == "individually"


def test_every_group_has_one_hq_and_numbered_members_l393(groups: dict[str, NativeGroup]) -> None:
    """The leader has the HQ code, his underlings numbers; the Order are O1-O3 and OHQ (the
    "O3" knight is hired first, L1927)."""
    for group in groups.values():
        ids = [c.id for c in group.counters]
        assert ids == ["HQ", *[str(n) for n in range(1, len(ids))]], group.name
        assert group.leader.name == f"{group.name} HQ"
    assert [c.code for c in groups["Order"].counters] == ["OHQ", "O1", "O2", "O3"]


def test_id_letters_l392(groups: dict[str, NativeGroup]) -> None:
    assert {g.letter for g in groups.values()} == set("CBRGOLWPS")


def test_knights_are_heavy_but_tremendous_l390(natives: dict[str, NativeCounter]) -> None:
    """Except for the Knights, move strength and vulnerability equal weight."""
    for counter in natives.values():
        if counter.title == "Knight":
            assert (counter.weight, counter.vulnerability) == (Weight.HEAVY, Weight.TREMENDOUS)
        else:
            assert counter.weight == counter.vulnerability, counter.name


def test_bowmen_attack_by_missile_and_archers_light_side_has_no_attack_l2743_2745(
    natives: dict[str, NativeCounter],
) -> None:
    bowmen = {n for n, c in natives.items() if c.attack == "missile"}
    assert bowmen == {n for n, c in natives.items() if c.title in ("Archer", "Crossbowman")}
    for counter in natives.values():
        if counter.title == "Archer":
            assert counter.light.attack is None and counter.light.harm is None


def test_garrisons_live_at_their_dwellings_l806_809(groups: dict[str, NativeGroup]) -> None:
    garrisons = {n: g.garrison_of for n, g in groups.items() if g.garrison_of}
    assert garrisons == {
        "Order": "Chapel",
        "Soldiers": "House",
        "Rogues": "Inn",
        "Guard": "Guard house",
    }


def test_native_appearance_rows_l1549_1554_and_l1558(groups: dict[str, NativeGroup]) -> None:
    """Company 1, Woodfolk 2, Patrol and Soldiers 3, Lancers 4, Bashkars and Rogues 5, Guard and
    Order 6 (the Garrisons return on their colour's row, 6.3.4d L1558)."""
    assert {n: g.appearance_row for n, g in groups.items()} == {
        "Bashkars": 5,
        "Company": 1,
        "Guard": 6,
        "Lancers": 4,
        "Order": 6,
        "Patrol": 3,
        "Rogues": 5,
        "Soldiers": 3,
        "Woodfolk": 2,
    }


def test_every_native_horse_resolves_and_rides_back_l412(
    natives: dict[str, NativeCounter],
) -> None:
    """Each native's horse is a square horse in horses.yaml whose rider is that native."""
    horses = {h.name: h for h in load_entries(DATA_DIR / "horses.yaml", "horses", Horse)}
    ridden = {c.horse: c.name for c in natives.values() if c.horse is not None}
    native_horses = {h.name: h.rider for h in horses.values() if h.native}
    assert ridden == native_horses
    assert len(ridden) == 17


NATIVE_GROUPS = {"Bashkar": "Bashkars", "Lancer": "Lancers", "Rogue": "Rogues"}
NATIVE_GROUPS |= {"Soldier": "Soldiers", "Woodsfolk": "Woodfolk"}
"""RealmSpeak's singular native names -> our group names."""


def test_natives_match_the_reference(groups: dict[str, NativeGroup]) -> None:
    ref = reference("natives.json")["natives"]
    garrisons = {"Chapel": "Chapel", "Guard": "Guard house", "House": "House", "Inn": "Inn"}
    differences: dict[str, str] = {}
    seen: set[str] = set()
    for item in ref:
        prefix, number = item["name"].rsplit(" ", 1)
        name = f"{NATIVE_GROUPS.get(prefix, prefix)} {number}"
        group = groups.get(item["group"])
        if group is None or name not in {c.name for c in group.counters}:
            differences[f"natives/{name}"] = "in the reference, not in natives.yaml"
            continue
        seen.add(name)
        counter = group.counter(name)
        key = f"natives/{name}"
        lengths = {s["length"] for s in item["sides"].values() if "length" in s}
        pairs = {
            "id": (counter.id, str(item["rank"])),
            "vulnerability": (str(counter.vulnerability), item["vulnerability"]),
            "armored": (counter.armored, item["armored"]),
            "notoriety": (counter.bounty.notoriety, item["notoriety"]),
            "wage": (counter.wage, item["base_price"]),
            "length": ({counter.length}, lengths),
            "attack": (counter.attack, "missile" if item.get("missile") else "striking"),
            "horse": (counter.horse is not None, "horse" in item),
            "appearance_row": (group.appearance_row, item["monster_die"]),
            "garrison_of": (group.garrison_of, garrisons.get(item["setup_start"])),
            "hire": (group.hire == "individually", item["hire_type"] == "single"),
        }
        for field, (mine, theirs) in pairs.items():
            _compare(differences, f"{key}/{field}", mine, theirs)
        for side_name in ("light", "dark"):
            ours = getattr(counter, side_name)
            theirs = _ref_side_values(item["sides"][side_name], False)
            for field, value in _side_values(ours).items():
                _compare(differences, f"{key}/{side_name}/{field}", value, theirs[field])
    for name in {c.name for g in groups.values() for c in g.counters} - seen:
        differences[f"natives/{name}"] = "in natives.yaml, not in the reference"
    assert_all_noted(differences)


# --- malformed copies ---------------------------------------------------------------------------


def test_a_group_with_two_hq_leaders_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "natives.yaml", 'id: "1", name: Guard 1', "id: HQ, name: Guard HQ")
    error = load_error(path, "native_groups", NativeGroup)
    assert (error.file, error.entry) == ("natives.yaml", "native_groups[2] 'Guard'")
    assert "id 'HQ' is listed twice" in error.reason


def test_a_counter_not_named_group_and_id_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "natives.yaml", "name: Rogues 7,", "name: Rogue 7,")
    error = load_error(path, "native_groups", NativeGroup)
    assert error.entry == "native_groups[6] 'Rogues'"
    assert "'Rogue 7' must be 'Rogues 7'" in error.reason


def test_an_unknown_monster_harm_letter_is_reported(tmp_path: Path) -> None:
    path = replaced(
        tmp_path,
        "monsters.yaml",
        "light: {move: 4, attack: 4, harm: M}\n    dark: {move: 4, attack: 5",
        "light: {move: 4, attack: 4, harm: X}\n    dark: {move: 4, attack: 5",
    )
    error = load_error(path, "monsters", Monster)
    assert error.file == "monsters.yaml"
    assert error.entry == "monsters[13] 'Heavy Troll'"
    assert "light.harm" in error.reason


def test_a_heavy_monster_with_a_red_side_is_reported(tmp_path: Path) -> None:
    path = replaced(
        tmp_path,
        "monsters.yaml",
        "dark: {move: 4, attack: 5, harm: H}\n  - name: Demon",
        "dark: {move: 4, attack: 5, harm: RED}\n  - name: Demon",
    )
    with pytest.raises(CatalogError, match=r"monsters\[13\] 'Heavy Troll': .*Tremendous monsters"):
        load_entries(path, "monsters", Monster)


def test_a_native_riding_another_natives_horse_is_reported(tmp_path: Path) -> None:
    path = replaced(tmp_path, "natives.yaml", "horse: Order 2 Horse", "horse: Order 3 Horse")
    error = load_error(path, "native_groups", NativeGroup)
    assert error.entry == "native_groups[4] 'Order'"
    assert "horse must be 'Order 2 Horse'" in error.reason


def test_every_native_counter_finds_his_group():
    data = catalog()
    for group in data.natives.values():
        for counter in group.counters:
            assert data.group_of(counter.name) is group
    with pytest.raises(UnknownNameError):
        data.group_of("Giant")
