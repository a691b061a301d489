"""The Set Up Card (3.1.3, L783-843) and the Appearance Chart (7.13, L2192-2237).

Expected values are typed from the rulebook tables, with their lines.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.catalog import DATA_DIR
from rules.schema.base import CatalogError, MagicType, load_entries
from rules.schema.setup import AppearanceRow, Pieces, Section, SetUpBox
from tests.catalog.broken import load_error, replaced


@pytest.fixture(scope="module")
def boxes() -> dict[str, SetUpBox]:
    return {b.name: b for b in load_entries(DATA_DIR / "setup_card.yaml", "boxes", SetUpBox)}


@pytest.fixture(scope="module")
def rows() -> dict[int, AppearanceRow]:
    loaded = load_entries(DATA_DIR / "appearance_chart.yaml", "rows", AppearanceRow)
    return {row.number: row for row in loaded}


def monsters_in(box: SetUpBox) -> Counter[str]:
    return Counter({p.name: p.count for p in box.pieces("monster")})


# --- Set Up Card -------------------------------------------------------------------------------


def test_every_small_treasure_and_large_or_twt_card_is_dealt_exactly_once(boxes):
    """3.1.2e (L775): 45 Small Treasures; 23 Large + 6 TWT cards = 29 Large-pile cards."""
    assert sum(b.treasure_cards("small") for b in boxes.values()) == 45
    assert sum(b.treasure_cards("large") for b in boxes.values()) == 29
    twt = [b for b in boxes.values() if b.section is Section.TREASURES_WITHIN_TREASURES]
    assert sum(b.treasure_cards("large") for b in twt) == 5, "3.1.3a: five Large Treasures"
    locations = [b for b in boxes.values() if b.section is Section.TREASURE_LOCATIONS]
    assert sum(b.treasure_cards("large") for b in locations) == 24


@pytest.mark.parametrize(
    ("box", "small", "large"),
    [  # the Items and Horses table, L785-799
        ("Chest", 0, 2),
        ("Remains of Thief", 0, 1),
        ("Toadstool Circle", 0, 1),
        ("Crypt of the Knight", 0, 1),
        ("Hoard", 4, 5),
        ("Lair", 4, 3),
        ("Altar", 0, 4),
        ("Shrine", 2, 2),
        ("Pool", 6, 3),
        ("Vault", 0, 5),
        ("Cairns", 6, 1),
        ("Statue", 2, 1),
        ("Company", 2, 0),
        ("Bashkars", 2, 0),
        ("Chapel", 2, 0),
        ("Guard house", 2, 0),
        ("Scholar", 3, 0),
    ],
)
def test_treasure_cards_per_box_follow_the_items_table(boxes, box, small, large):
    assert boxes[box].treasure_cards("small") == small
    assert boxes[box].treasure_cards("large") == large


def test_the_chapel_garrison_holds_the_order_and_its_heavy_weapons(boxes):
    """L806: Chapel (Order): 2 Great Axes, 1 Great Sword, 1 Morning Star, 1 Crossbow, 2 suits."""
    chapel = boxes["Chapel"]
    assert chapel.natives == "Order"
    weapons = {p.name: p.count for p in chapel.pieces("weapon")}
    assert weapons == {"Great Axe": 2, "Great Sword": 1, "Morning Star": 1, "Crossbow": 1}
    assert {p.name: p.count for p in chapel.pieces("armor")} == {"Suit of Armor": 2}


def test_weapons_split_seven_light_five_medium_five_heavy_plus_spears_and_bows(boxes):
    """3.1.2c (L773): 7 L (House), 5 M (Guard house), 5 H (Chapel); spears and bows apart."""

    def count(box: str) -> int:
        return sum(p.count for p in boxes[box].pieces("weapon"))

    assert (count("House"), count("Guard house"), count("Chapel")) == (7, 5, 5)
    assert {p.name: p.count for p in boxes["Lancers"].pieces("weapon")} == {"Spear": 4}
    assert {p.name: p.count for p in boxes["Woodfolk"].pieces("weapon")} == {
        "Light Bow": 2,
        "Medium Bow": 1,
    }


def test_the_pieces_set_aside_in_3_1_2_go_to_the_treasures_within_treasures(boxes):
    """3.1.2c-d (L773-775): 8 gold-coloured counters, the L2 pony and the T3 warhorse."""
    twt = [b for b in boxes.values() if b.section is Section.TREASURES_WITHIN_TREASURES]
    gold = [p for b in twt for p in b.contents if isinstance(p, Pieces) and p.of != "horse"]
    assert sum(p.count for p in gold) == 8
    horses = sorted(p.name for b in twt for p in b.pieces("horse"))
    assert horses == ["Pony L2/L4", "Warhorse T3/T5"]


def test_spell_cards_in_play_per_type_match_the_spell_cards_table(boxes):
    """L840: 'Total Spell Cards in play' 4 5 5 6 5 6 5 5 = 41 (six more are out of play)."""
    totals: Counter[MagicType] = Counter()
    for box in boxes.values():
        totals.update(box.spell_cards())
    assert [totals[t] for t in MagicType] == [4, 5, 5, 6, 5, 6, 5, 5]
    assert sum(totals.values()) == 41


def test_spells_sit_on_top_of_the_treasures_and_below_the_site_monster(boxes):
    """3.1.3c (L813): Small first, Large above, spells on top, then the monster; g.4 types rise."""
    statue = boxes["Statue"].contents
    kinds = [c.kind for c in statue]
    assert kinds == ["treasure cards", "treasure cards", "spell cards", "spell cards", "pieces"]
    assert [c.pile for c in statue[:2]] == ["small", "large"]
    assert [c.type for c in statue[2:4]] == [MagicType.VII, MagicType.VIII]


def test_the_second_row_snakes_follow_the_setup_example(boxes):
    """3.1.3b example (L812): two Vipers, then the two Serpents, then the Tremendous serpent."""
    assert monsters_in(boxes["Vipers"]) == {"Viper": 2}
    assert monsters_in(boxes["Serpents #1"]) == {"Heavy Serpent": 2}
    assert monsters_in(boxes["Serpents #2"]) == {"Tremendous Serpent": 1}


def test_eight_monsters_are_left_over_for_the_treasure_locations(boxes):
    """3.1.3b-c (L812-813): eight site monsters, all Tremendous except the Imp in the Statue."""
    locations = [b for b in boxes.values() if b.section is Section.TREASURE_LOCATIONS]
    site_monsters = sorted(p.name for b in locations for p in b.pieces("monster"))
    assert len(site_monsters) == 8
    assert boxes["Statue"].pieces("monster")[0].name == "Imp"


def test_seven_small_visitor_boxes(boxes):
    """2.4.1d (L474): seven small boxes hold the visitor/mission chits."""
    assert sum(b.section is Section.VISITOR_CHITS for b in boxes.values()) == 7


# --- Appearance Chart --------------------------------------------------------------------------

SUMMARY = {  # Summary of Denizen Appearance, L2198-2207: (chit word, letter) -> {roll: monsters}
    ("BONES", "M"): {4: "Giants", 6: "Giant Bats"},
    ("BONES", "C"): {4: "Trolls"},
    ("DANK", "M"): {5: "Spiders"},
    ("DANK", "C"): {2: "Serpents"},
    ("RUINS", "M"): {6: "Giant Bats"},
    ("RUINS", "C"): {3: "Goblins"},
    ("SMOKE", "M"): {1: "Flying Dragons"},
    ("SMOKE", "C"): {1: "Dragons"},
    ("STINK", "M"): {4: "Giants", 5: "Spiders"},
    ("STINK", "C"): {4: "Trolls"},
    ("FLUTTER", "M"): {1: "Flying Dragons", 6: "Giant Bats"},
    ("FLUTTER", "C"): {1: "Flying Dragons", 6: "Giant Bats"},
    ("HOWL", "M"): {6: "Giant Bats"},
    ("HOWL", "C"): {3: "Goblins"},
    ("PATTER", "M"): {5: "Spiders"},
    ("PATTER", "C"): {3: "Goblins"},
    ("ROAR", "M"): {4: "Giants"},
    ("ROAR", "C"): {1: "Dragons", 4: "Trolls"},
    ("SLITHER", "M"): {1: "Dragons", 2: "Serpents"},
    ("SLITHER", "C"): {1: "Dragons", 2: "Serpents"},
    ("BONES", "W"): {3: "Ogres"},  # Woods Monsters, L2223-2225
    ("DANK", "W"): {2: "Vipers"},
    ("RUINS", "W"): {3: "Wolves"},
}

GROUP_OF = {  # the Summary's monster groups by the counters they name
    "Giants": {"Giant"},
    "Giant Bats": {"Giant Bat"},
    "Trolls": {"Heavy Troll", "Tremendous Troll"},
    "Spiders": {"Heavy Spider"},
    "Serpents": {"Heavy Serpent", "Tremendous Serpent"},
    "Goblins": {"Goblin Axe", "Goblin Spear", "Goblin Great Sword"},
    "Flying Dragons": {"Heavy Flying Dragon"},
    "Dragons": {"Heavy Dragon", "Tremendous Dragon"},
    "Ogres": {"Ogre"},
    "Vipers": {"Viper"},
    "Wolves": {"Wolf"},
}

WARNING_WORDS = {"BONES", "DANK", "RUINS", "SMOKE", "STINK"}


def summoned(row: AppearanceRow, word: str, letter: str) -> tuple[str, ...]:
    """Boxes a chit calls on ``row``: a warning chit by its own letter, a sound chit either by
    its word alone or by the letter of its tile's warning chit (7.13.3)."""
    if word in WARNING_WORDS:
        return row.boxes_summoned_by(f"{word} {letter}")
    return row.boxes_summoned_by(word) + row.boxes_summoned_by(f"{word} {letter}")


def test_the_chart_summons_exactly_what_the_summary_of_denizen_appearance_lists(boxes, rows):
    for (word, letter), expected in SUMMARY.items():
        for number, row in rows.items():
            called = summoned(row, word, letter)
            names = {m for box in called for m in monsters_in(boxes[box])}
            if number in expected:
                assert names == GROUP_OF[expected[number]], (word, letter, number)
            else:
                assert not called, f"{word} {letter} summons {called} on row {number}"


def test_flutter_takes_the_bat_boxes_leftmost_first(boxes, rows):
    """7.13.3b.1 example (L2175): one Bat, then two, then three."""
    bats = rows[6].boxes_summoned_by("FLUTTER")
    assert [sum(monsters_in(boxes[b]).values()) for b in bats] == [1, 2, 3]


def test_day_one_of_the_prowling_example_calls_the_first_giant(boxes, rows):
    """Day 1 (L2157): roll 4, Bones M summons the Giant in the first box; Howl is not listed."""
    assert monsters_in(boxes[rows[4].boxes_summoned_by("BONES M")[0]]) == {"Giant": 1}
    assert summoned(rows[4], "HOWL", "M") == ()
    assert summoned(rows[3], "HOWL", "M") == (), "Day 2 (L2161): Howl (M) cannot call Goblins"


def test_site_chits_summon_their_own_monsters(boxes, rows):
    """Site Chits table (L2230-2237)."""
    expected = {
        "ALTAR 1": (2, "Demon"),
        "CAIRNS 5": (5, "Tremendous Spider"),
        "HOARD 6": (1, "Tremendous Flying Dragon"),
        "LAIR 3": (1, "Tremendous Dragon"),
        "POOL 6": (3, "Octopus"),
        "SHRINE 4": (2, "Winged Demon"),
        "STATUE 2": (5, "Imp"),
        "VAULT 3": (4, "Tremendous Troll"),
    }
    found = {
        site.site: (row.number, next(iter(monsters_in(boxes[site.box]))))
        for row in rows.values()
        for site in row.sites
    }
    assert found == expected


def test_dwellings_summon_the_natives_the_substitute_chits_table_lists(rows):
    """Substitute Chits table (L2212-2218): dwelling -> monster rolls -> natives appearing."""
    expected = {
        "Chapel": {3: "Patrol", 4: "Lancers"},
        "Guard house": {3: "Patrol"},
        "Small Campfire": {2: "Woodfolk", 4: "Lancers", 5: "Bashkars"},
        "House": {2: "Woodfolk", 3: "Patrol"},
        "Large Campfire": {1: "Company", 4: "Lancers", 5: "Bashkars"},
        "Inn": {1: "Company", 3: "Patrol"},
    }
    found: dict[str, dict[int, str]] = {}
    for row in rows.values():
        for native in row.natives:
            for dwelling in native.dwellings:
                found.setdefault(dwelling, {})[row.number] = native.group
    assert found == expected


def test_a_monster_roll_of_four_lets_only_giants_trolls_and_lancers_appear(boxes, rows):
    """7.13.1b example (L2144): roll 4 -> Giants, Trolls, Lancers (and the Ghosts, every day)."""
    prowling = {m for box in rows[4].boxes() for m in monsters_in(boxes[box])}
    assert prowling == {"Giant", "Heavy Troll", "Tremendous Troll"}
    assert [n.group for n in rows[4].natives] == ["Lancers"]


def test_row_six_lists_five_native_leaders_then_two_pairs_of_sites(rows):
    """7.13.5 (L2190): the first five boxes list native groups, the last two sites."""
    visitors = rows[6].visitors
    assert len(visitors) == 7
    assert all(v.summoned_by[0].endswith(" HQ") for v in visitors[:5])
    assert [v.summoned_by for v in visitors[5:]] == [
        ("ALTAR 1", "Enchanted Meadow"),
        ("SHRINE 4", "Toadstool Circle"),
    ]


def test_every_chart_box_is_a_set_up_card_box_on_the_same_row(boxes, rows):
    for row in rows.values():
        for name in row.boxes():
            assert name in boxes, name
            assert boxes[name].row == row.number, name


# --- malformed data ----------------------------------------------------------------------------


def test_a_box_with_an_unknown_content_kind_names_file_entry_and_reason(tmp_path):
    path = replaced(tmp_path, "setup_card.yaml", "{kind: treasure cards, pile: large", "{kind: x")
    error = load_error(path, "boxes", SetUpBox)
    message = str(error)
    assert message.startswith("setup_card.yaml: boxes[0] 'Chest': contents.0")
    assert "'x'" in message


def test_a_row_with_a_badly_written_chit_is_refused(tmp_path):
    path = replaced(tmp_path, "appearance_chart.yaml", "[FLUTTER, SMOKE M]", "[FLUTTER, Smoke]")
    with pytest.raises(CatalogError, match=r"appearance_chart.yaml: rows\[0\] 'Row 1': .*'Smoke'"):
        load_entries(path, "rows", AppearanceRow)


def test_a_row_listing_a_box_twice_is_refused(tmp_path):
    path = replaced(tmp_path, "appearance_chart.yaml", "boxes: [Vipers]", 'boxes: ["Serpents #1"]')
    with pytest.raises(CatalogError, match=r"'Row 2': .*'Serpents #1' is listed twice"):
        load_entries(path, "rows", AppearanceRow)
