"""Spell cards (rules/data/spells.yaml).

Expected values are typed from the List of Spells (L4665-5232), the Spell cards printed among its
paragraphs and the Spell Cards table of the Set Up Card (L817-843), each test citing its lines.
The reference comparison covers type, colour and duration; differences are in rules/data/NOTES.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.catalog import DATA_DIR
from rules.schema.base import MagicColor, MagicType, Weight, load_entries
from rules.schema.spells import Duration, Spell, TargetKind
from rules.schema.treasures import Treasure
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference


@pytest.fixture(scope="module")
def spells() -> dict[str, Spell]:
    return {s.name: s for s in load_entries(DATA_DIR / "spells.yaml", "spells", Spell)}


def test_47_spell_cards_unique_names_and_keys(spells: dict[str, Spell]) -> None:
    """41 in play plus 6 out of play (3.1.3g.2, L847): 47 Spell cards, none duplicated."""
    entries = load_entries(DATA_DIR / "spells.yaml", "spells", Spell)
    assert len(entries) == len(spells) == 47
    assert len({s.text_key for s in entries}) == 47


def test_counts_per_type_match_the_set_up_card_l840_842(spells: dict[str, Spell]) -> None:
    """Total Spell cards per type, and in play + out of play, from the Spell Cards table."""
    in_play = dict(zip(MagicType, [4, 5, 5, 6, 5, 6, 5, 5], strict=True))  # L840
    out_of_play = dict(zip(MagicType, [0, 1, 1, 1, 1, 1, 0, 1], strict=True))  # L841
    totals = dict(zip(MagicType, [4, 6, 6, 7, 6, 7, 5, 6], strict=True))  # L842
    counts = Counter(s.type for s in spells.values())
    assert counts == totals
    assert all(in_play[t] + out_of_play[t] == totals[t] for t in MagicType)
    assert (sum(in_play.values()), sum(out_of_play.values())) == (41, 6)


def test_listed_under_their_type_headings_l4680_5167(spells: dict[str, Spell]) -> None:
    """The file keeps the List of Spells order, so types never decrease."""
    order = list(MagicType)
    types = [order.index(s.type) for s in spells.values()]
    assert types == sorted(types)


def test_exorcise_l4682(spells: dict[str, Spell]) -> None:
    s = spells["Exorcise"]
    assert (s.type, s.color, s.duration, s.target.kind) == (
        MagicType.I,
        MagicColor.WHITE,
        Duration.INSTANT,
        TargetKind.CLEARING,
    )
    assert s.target.text == "the spellcaster's clearing"


def test_peace_keeps_its_displaced_clauses_l4703_l4713_4715(spells: dict[str, Spell]) -> None:
    s = spells["Peace"]
    assert (s.duration, s.target.kind) == (Duration.COMBAT, TargetKind.INDIVIDUAL)
    assert "it is instantly unassigned" in s.text  # L4713
    assert "instantly broken when the bewitched target is named" in s.text  # L4715
    assert "consults the Wishes table" not in s.text  # Small Blessing, L4717


def test_stones_fly_l4727(spells: dict[str, Spell]) -> None:
    """Missile, length 15, Light harm with one sharpness star; any number of targets."""
    s = spells["Stones Fly"]
    assert (s.type, s.color, s.duration, s.target.kind) == (
        MagicType.II,
        MagicColor.GRAY,
        Duration.ATTACK,
        TargetKind.MULTIPLE,
    )
    assert s.attack is not None
    assert (s.attack.method, s.attack.length, s.attack.harm, s.attack.sharpness) == (
        "missile",
        15,
        Weight.LIGHT,
        1,
    )


def test_attack_spells_l4880_4913(spells: dict[str, Spell]) -> None:
    """Fiery Blast L*** length 13 (L4880), Lightning Bolt M*** 18 in mountains (L4902), Roof
    Collapses striking H, 18, Smash, time 4, in caves (L4913)."""
    attacks = {
        s.name: (s.attack.method, s.attack.length, s.attack.harm, s.attack.sharpness, s.cast_in)
        for s in spells.values()
        if s.attack is not None
    }
    assert attacks == {
        "Stones Fly": ("missile", 15, Weight.LIGHT, 1, None),
        "Fiery Blast": ("missile", 13, Weight.LIGHT, 3, None),
        "Lightning Bolt": ("missile", 18, Weight.MEDIUM, 3, "mountain clearing"),
        "Roof Collapses": ("striking", 18, Weight.HEAVY, 0, "cave clearing"),
    }
    roof = spells["Roof Collapses"].attack
    assert roof is not None and (roof.direction, roof.time) == ("smash", 4)


def test_fly_spells_l4891_l4955(spells: dict[str, Spell]) -> None:
    """Hurricane Winds: Fly chit T1, mountain only; Broomstick: Fly chit L1. Their cards say
    "Move Spell" (L4893, L4977): the rules' Fly duration (4.6.7e, L1247)."""
    fly = {
        s.name: (s.fly.strength, s.fly.time)
        for s in spells.values()
        if s.duration is Duration.FLY and s.fly is not None
    }
    assert fly == {"Hurricane Winds": (Weight.TREMENDOUS, 1), "Broomstick": (Weight.LIGHT, 1)}
    assert spells["Hurricane Winds"].cast_in == "mountain clearing"


def test_protection_from_magic_is_the_only_phase_spell_l1252(spells: dict[str, Spell]) -> None:
    """4.6.7f: "The only Phase spell is Protection from Magic" (L5163)."""
    phase = [s.name for s in spells.values() if s.duration is Duration.PHASE]
    assert phase == ["Protection from Magic"]


def test_any_colour_spells_l5157_l5169(spells: dict[str, Spell]) -> None:
    """Control Bats (VII/any) and Bad Luck (VIII/any)."""
    assert {s.name for s in spells.values() if s.color == "any"} == {"Control Bats", "Bad Luck"}


def test_poison_is_a_combat_spell_as_its_card_says_l5208(spells: dict[str, Spell]) -> None:
    """The card (L5208) says Combat Spell; the List (L5175) says Day: see rules/data/NOTES.md."""
    s = spells["Poison"]
    assert (s.type, s.color, s.duration, s.target.kind) == (
        MagicType.VIII,
        MagicColor.GRAY,
        Duration.COMBAT,
        TargetKind.WEAPON,
    )


def test_spell_tables_l5234_5326(spells: dict[str, Spell]) -> None:
    tables = {s.name: s.table for s in spells.values() if s.table is not None}
    assert tables == {
        "Small Blessing": "Wishes Table",
        "Lost": "Lost Table",
        "Violent Storm": "Violent Storm Table",
        "Curse": "Curses Table",
        "Power of the Pit": "Power of the Pit Table",
        "Transform": "Transform Table",
    }


def test_spell_tables_are_in_the_tables_catalog(spells: dict[str, Spell]) -> None:
    path = DATA_DIR / "tables.yaml"
    if not path.is_file():
        pytest.skip("tables.yaml not written yet")
    known = {t["name"] for t in yaml.safe_load(path.read_text(encoding="utf-8"))["tables"]}
    assert {s.table for s in spells.values() if s.table} <= known


def test_where_spells_can_be_cast(spells: dict[str, Spell]) -> None:
    """Blazing Light: cave (L4858); Whistle for Monsters: a six-clearing tile (L5179)."""
    cast_in = {s.name: s.cast_in for s in spells.values() if s.cast_in}
    assert cast_in == {
        "Blazing Light": "cave clearing",
        "Hurricane Winds": "mountain clearing",
        "Lightning Bolt": "mountain clearing",
        "Roof Collapses": "cave clearing",
        "Whistle for Monsters": "six-clearing tile",
    }


def test_spelling_from_the_list_not_the_cards_l4838_l5058(spells: dict[str, Spell]) -> None:
    """The card says "ELVIN GRACE" (L4787); the List (L4838) and index (L5918) Elven Grace."""
    assert "Elven Grace" in spells and "Elvin Grace" not in spells
    assert "Melt into Mist" in spells


def test_treasure_spells_are_not_spell_cards(spells: dict[str, Spell]) -> None:
    """4.4.8 (L1143): the three treasure spells cannot be learned; they live with the cards."""
    treasures = load_entries(DATA_DIR / "treasures.yaml", "treasures", Treasure)
    built_in = {t.built_in_spell.text_key for t in treasures if t.built_in_spell is not None}
    assert built_in == {"control_dragon", "see_change_weather", "flying_carpet"}
    assert not built_in & {s.text_key for s in spells.values()}


# --- reference ----------------------------------------------------------------------------------

RS_NAMES = {"Melt Into Mist": "Melt into Mist"}
RS_DURATION = {"move": "fly"}


def test_compare_with_reference(spells: dict[str, Spell]) -> None:
    ref = [s for s in reference("spells.json")["spells"] if s["learnable"]]
    theirs = {RS_NAMES.get(s["name"], s["name"]): s for s in ref}
    differences: dict[str, str] = {}
    for name in sorted(set(theirs) ^ set(spells)):
        differences[f"spells/{name}"] = "only in one source"
    for name in sorted(set(theirs) & set(spells)):
        ours, rs = spells[name], theirs[name]
        pairs = {
            "type": (ours.type.value, rs["spell_type"]),
            "color": (str(ours.color), rs["magic_color"]),
            "duration": (ours.duration.value, RS_DURATION.get(rs["duration"], rs["duration"])),
        }
        for field, (a, b) in pairs.items():
            if a != b:
                differences[f"spells/{name}/{field}"] = f"ours {a!r}, reference {b!r}"
    assert_all_noted(differences)


# --- malformed data -----------------------------------------------------------------------------


def test_broken_duration(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        entries[0]["duration"] = "forever"

    error = load_error(edited(tmp_path, "spells.yaml", change, "spells"), "spells", Spell)
    message = str(error)
    assert "spells.yaml" in message and "spells[0] 'Exorcise'" in message
    assert "duration: Input should be" in message


def test_broken_attack_values_on_a_day_spell(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        fog = next(e for e in entries if e["name"] == "Fog")
        fog["attack"] = {"method": "missile", "length": 10, "harm": "L"}

    error = load_error(edited(tmp_path, "spells.yaml", change, "spells"), "spells", Spell)
    assert "'Fog'" in str(error)
    assert "attack values are given exactly for Attack spells" in str(error)


def test_broken_missing_target(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        del entries[1]["target"]

    error = load_error(edited(tmp_path, "spells.yaml", change, "spells"), "spells", Spell)
    assert "spells[1] 'Make Whole'" in str(error)
    assert "target: Field required" in str(error)
