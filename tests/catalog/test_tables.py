"""The charts and tables (rules/data/tables.yaml) against the rulebook text.

Every expected value here is typed from the rulebook (lines cited in the test names and
docstrings), never taken from the code. "L5478" means line 5478 of
``shared/rules/magic-realm-3.1-rulebook.en.txt``.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from rules.catalog import DATA_DIR
from rules.schema.base import Relationship, Weight, load_entries
from rules.schema.tables import DaylightActivity, Finding, Result, Roll, Table, VictoryCategory
from tests.catalog.broken import edited, load_error

TABLES_FILE = DATA_DIR / "tables.yaml"

TABLE_NAMES = {
    # Daylight charts L5507-5591
    "Hide Table",
    "Peer Table",
    "Locate Table",
    "Loot Table",
    "Reading Runes Table",
    "Magic Sight Table",
    # Trading charts L5478-5505
    "Meeting Table",
    # Combat charts L5328-5423
    "Encounter Step Actions",
    "Missile Table",
    "Striking Weapon Harm Chart",
    "Repositioning Denizens Table",
    "Change Tactics Table",
    # Spell tables L5234-5326
    "Power of the Pit Table",
    "Wishes Table",
    "Curses Table",
    "Transform Table",
    "Violent Storm Table",
    "Lost Table",
    # Sunrise L1546-1554
    "Regeneration Table",
    # Optional rules L3285-3427
    "Weather Table",
    "Commerce Table",
    "Optional Missile Table",
    "Fumble Table",
    "Stumble Table",
}


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return {table.name: table for table in load_entries(TABLES_FILE, "tables", Table)}


def keys(table: Table, rolls: range = range(1, 7), column: str | None = None) -> list[str]:
    """The dispatch keys for each die result in ``rolls``."""
    return [table.result(roll, column).key for roll in rolls]


def texts(table: Table, rolls: range = range(1, 7), column: str | None = None) -> list[str]:
    """The printed result for each die result in ``rolls``."""
    return [table.result(roll, column).text for roll in rolls]


# --------------------------------------------------------------------------- completeness


def test_every_table_of_the_rules_is_present(tables: dict[str, Table]) -> None:
    assert set(tables) == TABLE_NAMES
    assert len(load_entries(TABLES_FILE, "tables", Table)) == len(TABLE_NAMES)


def test_every_plain_roll_table_covers_1_to_6_once_in_every_column(
    tables: dict[str, Table],
) -> None:
    """4.1.1-4.1.2 (L1042-1043): results are 1-6 after clamping, so every table needs each."""
    plain = [
        t for t in tables.values() if t.roll in (Roll.TWO_DICE, Roll.ONE_DIE, Roll.DIE_AND_CHIT)
    ]
    assert len(plain) == 19  # all but the 2 lookup charts and the 3 adjusted optional tables
    for table in plain:
        for roll in range(1, 7):
            assert sum(row.covers(roll) for row in table.rows) == 1, (table.name, roll)
        for row in table.rows:
            assert len(row.results) == max(1, len(table.columns)), (table.name, row.label)


def test_adjusted_tables_cover_their_whole_range(tables: dict[str, Table]) -> None:
    """L3410: Fumble and Stumble run 1-10 (clamped); the optional Missile Table is open-ended."""
    for name in ("Optional Missile Table", "Fumble Table", "Stumble Table"):
        table = tables[name]
        for roll in range(-20, 21):
            table.result(roll)  # every adjusted result finds a row
    assert tables["Fumble Table"].clamp == (1, 10)
    assert tables["Stumble Table"].clamp == (1, 10)
    assert tables["Optional Missile Table"].clamp is None


def test_every_result_is_used_and_every_reference_resolves(tables: dict[str, Table]) -> None:
    """Cross-table references: "Curse!" rolls on the Curses Table (L5585); Choice (L5577)."""
    for table in tables.values():
        used = {result_id for row in table.rows for result_id in row.results}
        assert used == set(table.results), table.name
        for result in table.results.values():
            assert result.text.strip()
            if result.roll_on is not None:
                assert result.roll_on in tables, (table.name, result.roll_on)
            for name in result.choose_from:
                assert name in tables, (table.name, name)


def test_sources_and_rules_are_given(tables: dict[str, Table]) -> None:
    for table in tables.values():
        assert table.source.startswith("L"), table.name
        assert table.rule, table.name
    optional = {name for name, table in tables.items() if table.optional}
    assert optional == {
        "Weather Table",
        "Commerce Table",
        "Optional Missile Table",
        "Fumble Table",
        "Stumble Table",
    }


def test_modifiers_apply_only_where_the_rules_allow(tables: dict[str, Table]) -> None:
    """4.1.3 (L1044), 8.4.6a/c-d (L2591-2595), 10.D.1.6 (L3293): game rolls are unmodified."""
    unmodified = {name for name, table in tables.items() if not table.modified}
    assert unmodified == {
        "Encounter Step Actions",
        "Striking Weapon Harm Chart",
        "Repositioning Denizens Table",
        "Change Tactics Table",
        "Regeneration Table",
        "Weather Table",
    }


# --------------------------------------------------------------------------- Daylight


def test_hide_table_1_to_5_hide_6_no_effect_l5536_5537(tables: dict[str, Table]) -> None:
    assert keys(tables["Hide Table"]) == ["hide"] * 5 + ["no_effect"]
    assert tables["Hide Table"].result(6).text == "No effect"
    assert tables["Hide Table"].roll is Roll.TWO_DICE


def test_peer_table_l5545_5550(tables: dict[str, Table]) -> None:
    peer = tables["Peer Table"]
    assert texts(peer) == [
        "Choice",
        "Clues and Paths",
        "Hidden enemies and Paths",
        "Hidden enemies",
        "Clues",
        "Nothing",
    ]
    assert peer.result(2).finds == (Finding.CLUES, Finding.PATHS)
    assert peer.result(3).finds == (Finding.HIDDEN_ENEMIES, Finding.PATHS)
    assert peer.result(1).choose_from == ("Peer Table", "Locate Table")  # L5577


def test_locate_table_l5545_5550(tables: dict[str, Table]) -> None:
    locate = tables["Locate Table"]
    assert texts(locate) == [
        "Choice",
        "Passages and Clues",
        "Passages",
        "Discover chits",
        "Nothing",
        "Nothing",
    ]
    assert locate.result(2).finds == (Finding.PASSAGES, Finding.CLUES)
    assert locate.result(4).finds == (Finding.DISCOVER_CHITS,)


def test_loot_table_takes_the_nth_treasure_l5545_5550(tables: dict[str, Table]) -> None:
    loot = tables["Loot Table"]
    assert [loot.result(n).position for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert loot.result(1).text == "Take top treasure in pile"
    assert loot.result(4).text == "Take 4th treasure in pile"


def test_reading_runes_table_l5554_5559(tables: dict[str, Table]) -> None:
    runes = tables["Reading Runes Table"]
    assert keys(runes) == ["learn_and_awaken"] * 3 + ["awaken", "curse", "nothing"]
    assert runes.result(5).text == "Curse!"
    assert runes.result(5).roll_on == "Curses Table"  # L5585


def test_magic_sight_table_l5554_5559(tables: dict[str, Table]) -> None:
    sight = tables["Magic Sight Table"]
    assert texts(sight) == [
        "Choice",
        "Counters",
        "Treasure cards",
        "Perceive spell",
        "Discover chits",
        "Nothing",
    ]
    assert sight.result(1).choose_from == ("Peer Table", "Locate Table")  # 7.5.7f L1872


def test_daylight_activities_l5512_5525() -> None:
    activities = {a.name: a for a in load_entries(TABLES_FILE, "activities", DaylightActivity)}
    assert list(activities) == [
        "H", "M", "S", "T", "R", "A", "HR", "F", "EM", "E", "P", "FL", "RE", "C",
    ]  # fmt: skip
    # L5523 prints "Fly ... F (tile)"; 7.3.3a.1 (L1713) records "FL": FL is used.
    assert activities["FL"].activity == "Fly" and activities["FL"].target == "tile"
    assert activities["F"].activity == "Follow" and activities["F"].target == "individual"
    assert activities["M"].target == "clearing"
    # Note 3 (L5531): only Trade and Hire can be cancelled.
    assert {a.name for a in activities.values() if a.cancellable} == {"T", "HR"}
    # Note 1 (L5529): Peer, Fly and Remote Enchant need an enabling advantage, card or spell.
    assert {a.name for a in activities.values() if a.enhanced} == {"P", "FL", "RE"}
    assert {a.name for a in activities.values() if a.optional} == {"C"}  # note 2
    assert activities["EM"].result == "Nothing (first Enchant phase of the day)"


# --------------------------------------------------------------------------- Trading


MEETING_L5482_5487 = {
    "Enemy": ["Insult", "Challenge"] + ["Block/Battle"] * 4,
    "Unfriendly": ["Price x 4", "No Deal", "No Deal", "Insult", "Challenge", "Block/Battle"],
    "Neutral": ["Opportunity", "Price x 3", "Price x 4", "No Deal", "No Deal", "Trouble"],
    "Friendly": ["Opportunity", "Price x 2", "Price x 2", "Price x 3", "Price x 4", "No Deal"],
    "Ally": ["Boon (x 1)", "Price x 1", "Price x 2", "Price x 3", "Price x 4", "Price x 4"],
}


def test_meeting_table_every_column_l5482_5487(tables: dict[str, Table]) -> None:
    meeting = tables["Meeting Table"]
    assert meeting.columns == ("Enemy", "Unfriendly", "Neutral", "Friendly", "Ally")
    for column, printed in MEETING_L5482_5487.items():
        assert texts(meeting, column=column) == printed, column


def test_meeting_table_enemy_column_never_deals_l5482_5487(tables: dict[str, Table]) -> None:
    meeting = tables["Meeting Table"]
    assert keys(meeting, column="Enemy") == ["insult", "challenge"] + ["block_battle"] * 4


def test_meeting_table_results_carry_their_parameters_l5490_5505(
    tables: dict[str, Table],
) -> None:
    meeting = tables["Meeting Table"]
    assert meeting.result(5, "Friendly").multiplier == 4
    assert meeting.result(1, "Ally").key == "boon" and meeting.result(1, "Ally").multiplier == 1
    assert meeting.result(2, "Enemy").fame == -5  # Challenge: lose 5 Fame, L5499
    assert meeting.result(1, "Enemy").notoriety == -5  # Insult: lose 5 Notoriety, L5501
    assert meeting.result(6, "Neutral").reroll_in == "Unfriendly"  # Trouble, L5503
    assert meeting.result(1, "Neutral").reroll_shift == 1  # Opportunity, L5505
    assert meeting.for_relationship(6, Relationship.ALLY).text == "Price x 4"
    assert meeting.for_relationship(6, Relationship.ENEMY).text == "Block/Battle"


# --------------------------------------------------------------------------- Combat


def test_encounter_step_actions_l5333_5343(tables: dict[str, Table]) -> None:
    actions = tables["Encounter Step Actions"]
    assert actions.roll is Roll.LOOKUP
    assert len(actions.rows) == 11
    assert actions.lookup("Run out of clearing").key == "move_chit"
    assert actions.lookup("Turn over weapon counter").key == "fight_chit"
    assert actions.lookup("Cast Spell").key == "magic_chit"
    assert actions.lookup("Fly out of clearing").key == "fly_chit"
    assert actions.lookup("Activate Phase spell").key == "no_chit"
    assert actions.lookup("Pick up dropped belonging elsewhere in clearing").text == "Move or Fly"
    # Note 5 (L5353): a spell's chit may equal the attackers' move times ("lower than or equal").
    assert "lower than or equal" in (actions.lookup("Cast Spell").explanation or "")
    with pytest.raises(TypeError):
        actions.result(3)


def test_missile_table_row_1_increases_two_levels_l5360(tables: dict[str, Table]) -> None:
    missile = tables["Missile Table"]
    assert missile.result(1).text == "Increase two levels"
    assert [missile.result(n).levels for n in range(1, 7)] == [2, 1, 0, -1, -2, -3]  # L5360-5365
    # The Elf's example (L2537): a "5" decreases the harm two levels.
    assert missile.result(5).levels == -2


STRIKING_L5380_5389 = {
    "n": ["L", "L", "L", "L"],
    "n★": ["M", "M", "M", "M"],
    "L": ["L", "M", "M", "M"],
    "L★": ["M", "H", "H", "H"],
    "M": ["–", "M", "H", "H"],
    "M★": ["–", "H", "T", "T"],
    "H": ["–", "–", "H", "T"],
    "H★": ["–", "–", "T", "T+"],
    "T": ["–", "–", "–", "T"],
    "T★": ["–", "–", "–", "T+"],
}


def test_striking_weapon_harm_chart_l5380_5389(tables: dict[str, Table]) -> None:
    chart = tables["Striking Weapon Harm Chart"]
    assert chart.columns == ("L", "M", "H", "T")
    assert [row.label for row in chart.rows] == list(STRIKING_L5380_5389)
    for label, printed in STRIKING_L5380_5389.items():
        assert [chart.lookup(label, column).text for column in chart.columns] == printed, label
    assert chart.lookup("H★", "T").harm == "T+"
    assert chart.lookup("M", "L").key == "cannot_use"  # the example at L5397


def test_repositioning_matches_the_examples_l2536_l2819(tables: dict[str, Table]) -> None:
    """Roll 5: "Box 1 move to Box 2" (L2536); roll 4: O3 stays (L2819). Table is a picture."""
    table = tables["Repositioning Denizens Table"]
    assert table.roll is Roll.ONE_DIE and not table.modified  # 8.4.6a, L2591
    assert table.result(5, "Box 1").box == 2
    assert [table.result(4, f"Box {n}").box for n in (1, 2, 3)] == [1, 2, 3]
    assert "picture" in table.source


def test_every_repositioning_row_is_a_different_shuffle_of_the_boxes(
    tables: dict[str, Table],
) -> None:
    """Each roll sends the three boxes to three different boxes, and no two rolls agree."""
    table = tables["Repositioning Denizens Table"]
    moves = [
        tuple(table.result(roll, column).box or 0 for column in table.columns)
        for roll in range(1, 7)
    ]
    assert all(sorted(move) == [1, 2, 3] for move in moves)
    assert sorted(moves) == sorted(itertools.permutations((1, 2, 3)))


def test_change_tactics_flips_only_on_a_6_l2594(tables: dict[str, Table]) -> None:
    """8.4.6c (L2594): "if either die rolls a 6" they turn over; the printed rows are garbled."""
    table = tables["Change Tactics Table"]
    assert keys(table) == ["no_effect"] * 5 + ["change_tactics"]
    assert table.result(5).key == "no_effect"  # the Elf's (5,3), L2536
    assert table.roll is Roll.TWO_DICE and not table.modified


# --------------------------------------------------------------------------- Spell tables


def test_power_of_the_pit_table_l5239_5244(tables: dict[str, Table]) -> None:
    assert texts(tables["Power of the Pit Table"]) == [
        "Fiery Chasm Opens",
        "Carried Away",
        "Terror",
        "Blight",
        "Forget",
        "Rust",
    ]
    rust = tables["Power of the Pit Table"].result(6)
    assert "does not affect denizens or horses" in (rust.explanation or "")  # note 2, L5251


def test_wishes_table_l5256_5261(tables: dict[str, Table]) -> None:
    assert texts(tables["Wishes Table"]) == [
        "I wish I were elsewhere",
        "I wish you were elsewhere",
        "I wish for a vision",
        "I wish for peace",
        "I wish for health",
        "I wish for strength",
    ]
    assert keys(tables["Wishes Table"])[5] == "strength"


def test_curses_table_l5275_5280(tables: dict[str, Table]) -> None:
    assert keys(tables["Curses Table"]) == [
        "eyemist",
        "squeak",
        "wither",
        "ill_health",
        "ashes",
        "disgust",
    ]


def test_transform_table_l5288_5293(tables: dict[str, Table]) -> None:
    transform = tables["Transform Table"]
    names = [transform.result(n).creature for n in range(1, 7)]
    assert [c.name if c else None for c in names] == [
        "Dragon",
        "Lion",
        "Eagle",
        "Bird",
        "Squirrel",
        "Frog",
    ]
    dragon = transform.result(1).creature
    assert dragon is not None
    assert (dragon.harm, dragon.attack_time, dragon.strength, dragon.move_time) == (
        Weight.TREMENDOUS,
        4,
        Weight.TREMENDOUS,
        4,
    )
    assert dragon.flying and dragon.armored and dragon.special_movement == "must fly"
    lion = transform.result(2).creature
    assert lion is not None and (lion.harm, lion.attack_time, lion.flying) == (
        Weight.HEAVY,
        3,
        False,
    )
    # "The Sorcerer rolls 5 (5,3) on the Transform Table ... transformed into a Squirrel" (L2817).
    squirrel = transform.result(5).creature
    assert squirrel is not None and squirrel.name == "Squirrel" and squirrel.harm is None
    assert squirrel.move_time == 2 and squirrel.special_movement == "walks woods"


def test_violent_storm_table_l5300_5305(tables: dict[str, Table]) -> None:
    storm = tables["Violent Storm Table"]
    assert [storm.result(n).phases for n in range(1, 7)] == [4, 3, 3, 2, 2, 1]
    assert storm.result(6).text == "Cancel 1 phase"


def test_lost_table_moves_to_the_clearing_rolled_l5310_5315(tables: dict[str, Table]) -> None:
    lost = tables["Lost Table"]
    assert [lost.result(n).clearing for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert lost.result(3).text == 'to Clearing "3"'


# --------------------------------------------------------------------------- Sunrise, scoring


def test_regeneration_table_l1549_1554(tables: dict[str, Table]) -> None:
    table = tables["Regeneration Table"]
    assert table.roll is Roll.ONE_DIE and not table.modified  # the Monster Roll, 4.1.3
    assert table.result(3).denizens == (
        "Ghosts",
        "Wolves",
        "Ogres",
        "Goblins",
        "Octopus",
        "Patrol",
        "Soldiers",
    )
    assert table.result(1).denizens == ("Ghosts", "Dragons", "Company")
    assert all("Ghosts" in table.result(n).denizens for n in range(1, 7))  # 6.3.4a
    assert table.result(6).key == "regenerate_and_flip_visitors"
    assert table.result(6).denizens == ("Ghosts", "Bats", "Guard", "Order")


def test_victory_point_factors_l922_926() -> None:
    factors = {
        c.name: c.factor for c in load_entries(TABLES_FILE, "victory_categories", VictoryCategory)
    }
    assert factors == {"Great Treasures": 1, "Spells": 2, "Fame": 10, "Notoriety": 20, "Gold": 30}


DIE_PROBABILITIES_L1051_1056 = {
    # roll: (2 dice, 2 dice -1, 1 die) exact, in percent as printed; None for "—"
    1: (2.8, 11.1, 16.7),
    2: (8.3, 13.9, 16.7),
    3: (13.9, 19.4, 16.7),
    4: (19.4, 25.0, 16.7),
    5: (25.0, 30.6, 16.7),
    6: (30.6, None, 16.7),
}


def test_high_die_rule_reproduces_the_die_roll_probabilities_l1047_1056(
    tables: dict[str, Table],
) -> None:
    """4.1.1-4.1.2: the high die counts; a -1 modifier applies to it and clamps at 1."""
    pairs = list(itertools.product(range(1, 7), repeat=2))
    for roll, (two, two_minus_one, one) in DIE_PROBABILITIES_L1051_1056.items():
        high = sum(max(a, b) == roll for a, b in pairs) / 36
        minus = sum(max(1, max(a, b) - 1) == roll for a, b in pairs) / 36
        assert round(100 * high, 1) == two
        assert round(100 * minus, 1) == (two_minus_one or 0.0)
        assert round(100 / 6, 1) == one
    # Hide (1-5 hide) therefore succeeds 69.4% of the time on two dice (L1055, "5 or less").
    hide = tables["Hide Table"]
    assert sum(hide.result(max(a, b)).key == "hide" for a, b in pairs) / 36 == pytest.approx(
        0.694, abs=1e-3
    )


# --------------------------------------------------------------------------- Optional tables


def test_weather_table_l3288_3291(tables: dict[str, Table]) -> None:
    weather = tables["Weather Table"]
    assert texts(weather) == ["Special"] * 3 + ["Storm", "Showers", "Clear"]
    assert weather.roll is Roll.DIE_AND_CHIT and weather.optional


COMMERCE_L3335_3340 = {
    "Enemy": [
        "Demand Gold –10",
        "Demand Gold –15",
        "Demand Gold –20",
        "Demand Gold –30",
        "Block/Battle",
        "Block/Battle",
    ],
    "Unfriendly": [
        "Offer Gold –5",
        "Offer Gold –10",
        "Offer Gold –10",
        "Demand Gold –5",
        "Demand Gold –10",
        "Demand Gold –20",
    ],
    "Neutral": [
        "Opportunity",
        "Offer Gold",
        "Offer Gold –5",
        "Offer Gold –10",
        "Offer Gold –15",
        "Trouble",
    ],
    "Friendly": [
        "Opportunity",
        "Offer Gold +5",
        "Offer Gold",
        "Offer Gold",
        "Offer Gold –5",
        "Offer Gold –10",
    ],
    "Ally": [
        "Offer Gold +10",
        "Offer Gold +5",
        "Offer Gold +5",
        "Offer Gold",
        "Offer Gold",
        "Offer Gold –5",
    ],
}


def test_commerce_table_l3335_3340(tables: dict[str, Table]) -> None:
    commerce = tables["Commerce Table"]
    for column, printed in COMMERCE_L3335_3340.items():
        assert texts(commerce, column=column) == printed, column
    assert commerce.result(4, "Enemy").gold == -30
    assert commerce.result(1, "Ally").gold == 10
    assert commerce.result(2, "Neutral").gold == 0


def test_optional_missile_table_l3388_3394(tables: dict[str, Table]) -> None:
    table = tables["Optional Missile Table"]
    printed = {-5: 3, -2: 3, -1: 2, 0: 1, 1: 1, 2: 0, 4: 0, 5: -1, 6: -1, 7: -2, 8: -3, 12: -3}
    assert {roll: table.result(roll).levels for roll in printed} == printed
    # 10.D.3.4.1 example (L3372): a "6" adjusted +3 becomes "9": three levels down.
    assert table.result(9).levels == -3


def test_fumble_table_l3398_3403(tables: dict[str, Table]) -> None:
    table = tables["Fumble Table"]
    printed = {1: 2, 2: 1, 3: 1, 4: 0, 6: 0, 7: -1, 8: -1, 9: -2}
    assert {roll: table.result(roll).levels for roll in printed} == printed
    assert table.result(10).key == "negligible"
    assert table.result(14).key == "negligible"  # above 10 converts to 10 (L3410)
    assert table.result(-3).levels == 2  # below 1 converts to 1


def test_stumble_table_l3407_3408(tables: dict[str, Table]) -> None:
    """10.D.3.1.2 (L3362): 6 or less completes the action, 7 or more cancels it."""
    table = tables["Stumble Table"]
    assert [table.result(n).key for n in (-2, 1, 6, 7, 10, 13)] == [
        "completed",
        "completed",
        "completed",
        "cancelled",
        "cancelled",
        "cancelled",
    ]


# --------------------------------------------------------------------------- malformed data


def entry(document: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in document["tables"] if t["name"] == name)
    return found


def test_a_table_missing_die_result_4_is_reported(tmp_path: Path) -> None:
    def drop_4(document: dict[str, Any]) -> None:
        entry(document, "Loot Table")["rows"].pop(4)

    error = load_error(edited(tmp_path, "tables.yaml", drop_4), "tables", Table)
    assert error.file == "tables.yaml"
    assert "'Loot Table'" in error.entry
    assert "die result 4 is in no row" in error.reason


def test_a_row_missing_a_column_is_reported(tmp_path: Path) -> None:
    def drop_ally(document: dict[str, Any]) -> None:
        entry(document, "Meeting Table")["rows"][4].pop("Ally")

    error = load_error(edited(tmp_path, "tables.yaml", drop_ally), "tables", Table)
    assert "tables.yaml" in str(error)
    assert "'Meeting Table'" in error.entry
    assert "row '4'" in error.reason and "missing Ally" in error.reason


def test_a_die_result_in_two_rows_is_reported(tmp_path: Path) -> None:
    def overlap(document: dict[str, Any]) -> None:
        entry(document, "Hide Table")["rows"]["5-6"] = "no_effect"

    error = load_error(edited(tmp_path, "tables.yaml", overlap), "tables", Table)
    assert "'Hide Table'" in error.entry
    assert "die result 5 is in more than one row" in error.reason


def test_an_undefined_result_id_is_reported(tmp_path: Path) -> None:
    def typo(document: dict[str, Any]) -> None:
        entry(document, "Curses Table")["rows"][3] = "withr"

    error = load_error(edited(tmp_path, "tables.yaml", typo), "tables", Table)
    assert "'Curses Table'" in error.entry
    assert "result 'withr' is not defined" in error.reason


def test_a_reroll_into_an_unknown_column_is_reported(tmp_path: Path) -> None:
    def bad_column(document: dict[str, Any]) -> None:
        entry(document, "Meeting Table")["results"]["trouble"]["reroll_in"] = "Hostile"

    error = load_error(edited(tmp_path, "tables.yaml", bad_column), "tables", Table)
    assert "reroll_in 'Hostile' is no column" in error.reason


def test_result_lookup_errors_name_the_table(tables: dict[str, Table]) -> None:
    with pytest.raises(KeyError, match="Meeting Table needs a column"):
        tables["Meeting Table"].result(3)
    with pytest.raises(KeyError, match="no column 'Hostile'"):
        tables["Meeting Table"].result(3, "Hostile")
    assert isinstance(tables["Hide Table"].result(9), Result)  # 4.1.2: above 6 counts as 6
