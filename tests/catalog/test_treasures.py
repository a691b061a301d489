"""Treasure cards (rules/data/treasures.yaml).

Expected values are typed from the rulebook text, each test citing its lines: the Treasure Table
(L4560-4640), the Great Treasures table (L4642-4663), the List of Treasures (L4184-4558) and the
Set Up Card tables (L783-843). The pictured facts are compared with the RealmSpeak reference,
every difference noted in rules/data/NOTES.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from rules.catalog import DATA_DIR
from rules.schema.base import MagicColor, MagicType, Weight, load_entries
from rules.schema.denizens import NativeGroupName
from rules.schema.setup import Pieces, Section, SetUpBox
from rules.schema.treasures import BEHAVIOURS, Activation, DiscardTo, Size, Treasure
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference

#: The nine native groups of the Table of Natives (L4134-4182).
NATIVE_GROUPS = set(get_args(NativeGroupName))


@pytest.fixture(scope="module")
def treasures() -> dict[str, Treasure]:
    return {t.name: t for t in load_entries(DATA_DIR / "treasures.yaml", "treasures", Treasure)}


@pytest.fixture(scope="module")
def twt_boxes() -> dict[str, SetUpBox]:
    """The Treasures Within Treasures boxes of the Set Up Card, by the card each one holds."""
    boxes = load_entries(DATA_DIR / "setup_card.yaml", "boxes", SetUpBox)
    return {str(b.holds): b for b in boxes if b.section is Section.TREASURES_WITHIN_TREASURES}


def box_view(box: SetUpBox) -> tuple[object, ...]:
    """Large Treasure cards, weapons, armor and horses of a box, each kind bottom first."""
    pieces = [(p.of, p.name) for p in box.contents if isinstance(p, Pieces) for _ in range(p.count)]
    return (
        box.treasure_cards("large"),
        *(
            tuple(name for of, name in pieces if of == kind)
            for kind in ("weapon", "armor", "horse")
        ),
    )


def names(records: list[dict[str, Any]]) -> set[str]:
    return {str(r["name"]) for r in records}


# --- counts -------------------------------------------------------------------------------------


def test_74_cards_with_unique_names_l4563_4640(treasures: dict[str, Treasure]) -> None:
    """The Treasure Table lists 74 cards (76 rows minus the repeated header, L4562-4640)."""
    entries = load_entries(DATA_DIR / "treasures.yaml", "treasures", Treasure)
    assert len(entries) == 74
    assert len(treasures) == 74


def test_six_twt_23_large_45_small_l775(treasures: dict[str, Treasure]) -> None:
    """3.1.2e (L775): six TWT cards P1-P6, 23 Large Treasures, 45 Small Treasures."""
    twt = [t for t in treasures.values() if t.twt is not None]
    large = [t for t in treasures.values() if t.size is Size.LARGE and t.twt is None]
    small = [t for t in treasures.values() if t.size is Size.SMALL]
    assert sorted(t.twt for t in twt if t.twt) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert (len(twt), len(large), len(small)) == (6, 23, 45)


def test_seventeen_great_treasures_match_table_l4642_4663(treasures: dict[str, Treasure]) -> None:
    """The Great Treasures table: weight, Fame, Notoriety, Gold of each of the 17 (L4644-4663)."""
    n = Weight.NEGLIGIBLE
    expected = {
        "Bejeweled Dwarf Vest": (Weight.MEDIUM, 0, 5, 27),
        "Black Book": (Weight.LIGHT, -15, 15, 10),
        "Blasted Jewel": (Weight.HEAVY, -15, 15, 30),
        "Cloven Hoof": (n, -20, 40, 4),
        "Dragon Essence": (n, -10, 20, 3),
        "Dragonfang Necklace": (n, 0, 12, 8),
        "Enchanter's Skull": (Weight.LIGHT, -10, 10, 17),
        "Golden Crown": (Weight.HEAVY, 0, -15, 50),
        "Golden Icon": (Weight.TREMENDOUS, -10, 20, 100),
        "Hidden Ring": (n, -10, 10, 20),
        "Imperial Tabard": (Weight.MEDIUM, 0, -10, 17),
        "Magic Wand": (n, -10, 10, 17),
        "Regent of Jewels": (Weight.LIGHT, 0, 10, 67),
        "Royal Sceptre": (Weight.LIGHT, 0, -15, 8),
        "Sacred Grail": (Weight.MEDIUM, 0, -25, 12),
        "Sacred Statue": (Weight.LIGHT, 0, -5, 10),
        "Scroll of Alchemy": (Weight.LIGHT, -10, 15, 10),
    }
    great = {t.name: (t.weight, t.fame, t.notoriety, t.gold) for t in treasures.values() if t.great}
    assert great == expected


def test_eight_artifacts_and_five_spell_books_l4510_4544(treasures: dict[str, Treasure]) -> None:
    """Section 14 lists eight Artifacts (L4516-4530) and five Spell Books (L4536-4544)."""
    artifacts = {t.name for t in treasures.values() if "artifact" in t.behaviour}
    books = {t.name for t in treasures.values() if "spell_book" in t.behaviour}
    assert artifacts == {
        "Beast Pipes",
        "Blasted Jewel",
        "Enchanter's Skull",
        "Eye of the Idol",
        "Glimmering Ring",
        "Glowing Gem",
        "Hidden Ring",
        "Sacred Statue",
    }
    assert books == {
        "Black Book",
        "Book of Lore",
        "Good Book",
        "Scroll of Alchemy",
        "Scroll of Nature",
    }


# --- spot checks of the Treasure Table ----------------------------------------------------------


def test_7_league_boots_row_l4563(treasures: dict[str, Treasure]) -> None:
    """Section 2, chit Move T5, negligible weight, Notoriety 2, Gold 5; extra Move (L4288)."""
    t = treasures["7-League Boots"]
    assert (t.section, t.size, t.great, t.weight) == (2, Size.SMALL, False, Weight.NEGLIGIBLE)
    assert t.chit is not None
    assert (t.chit.kind, t.chit.strength, t.chit.time) == ("move", Weight.TREMENDOUS, 5)
    assert (t.fame, t.notoriety, t.gold) == (0, 2, 5)
    assert {"boots", "extra_phase:move"} <= set(t.behaviour)


def test_bejeweled_dwarf_vest_row_l4569_and_armor_l4441(treasures: dict[str, Treasure]) -> None:
    """Great and Large, weight M, Fame reward 10 (Soldiers), Notoriety 5, Gold 27; intercepts
    Thrust, destroyed by Heavy harm, 23 Gold when destroyed (L4441)."""
    t = treasures["Bejeweled Dwarf Vest"]
    assert (t.section, t.great, t.size, t.weight) == (10, True, Size.LARGE, Weight.MEDIUM)
    assert t.fame_reward is not None
    assert (t.fame_reward.group, t.fame_reward.fame) == ("Soldiers", 10)
    assert (t.fame, t.notoriety, t.gold) == (0, 5, 27)
    assert t.armor is not None
    assert (t.armor.protects, t.armor.toughness, t.armor.destroyed_gold) == (
        "thrust",
        Weight.HEAVY,
        23,
    )


def test_black_book_row_l4571(treasures: dict[str, Treasure]) -> None:
    """Section 14, Great, Magic V, spells 2 V and 2 VIII, weight L, Fame -15, Notoriety 15."""
    t = treasures["Black Book"]
    assert t.chit is not None and t.chit.type is MagicType.V
    assert [(s.type, s.count) for s in t.spells] == [(MagicType.V, 2), (MagicType.VIII, 2)]
    assert (t.great, t.size, t.weight, t.fame, t.notoriety, t.gold) == (
        True,
        Size.SMALL,
        Weight.LIGHT,
        -15,
        15,
        10,
    )
    assert t.spell_count == 4


def test_golden_crown_negative_notoriety_l4597_l2764(treasures: dict[str, Treasure]) -> None:
    """Notoriety -15 in the table (L4597) and on the card ("N:-15", L2764)."""
    t = treasures["Golden Crown"]
    assert t.fame_reward is not None
    assert (t.fame_reward.group, t.fame_reward.fame, t.notoriety, t.gold) == ("Guard", 20, -15, 50)


def test_vial_of_healing_goes_to_the_order_errata_l747(treasures: dict[str, Treasure]) -> None:
    """The table prints "Chapel" (L4639); errata 2.7.13 (L747) says the Order."""
    t = treasures["Vial of Healing"]
    assert t.discard_to is DiscardTo.ORDER
    assert "wounds_to_fatigue" in t.behaviour


def test_book_of_lore_typo_l4573(treasures: dict[str, Treasure]) -> None:
    """ "Booki of Lore" (L4573) is the Book of Lore of L4538: 4 IV spells, Magic IV."""
    assert "Booki of Lore" not in treasures
    t = treasures["Book of Lore"]
    assert [(s.type, s.count) for s in t.spells] == [(MagicType.IV, 4)]


def test_girtle_of_energy_keeps_the_card_spelling_l4474_l4592(
    treasures: dict[str, Treasure],
) -> None:
    t = treasures["Girtle of Energy"]
    assert t.behaviour == ("effort_limit:3",)


def test_imperial_tabard_has_no_section_or_effect_l4186_l4607(
    treasures: dict[str, Treasure],
) -> None:
    t = treasures["Imperial Tabard"]
    assert (t.section, t.behaviour, t.great) == (None, (), True)


def test_boots_and_gloves_l4398_l4415(treasures: dict[str, Treasure]) -> None:
    """The card texts of the Boots (L4398) and Gloves (L4415) cards: strength and time."""
    chits = {
        t.name: (t.chit.kind, t.chit.strength, t.chit.time)
        for t in treasures.values()
        if t.chit is not None and t.chit.kind in ("move", "fight")
    }
    w = Weight
    assert chits == {
        "Elven Slippers": ("move", w.LIGHT, 2),
        "Power Boots": ("move", w.HEAVY, 4),
        "Quick Boots": ("move", w.MEDIUM, 3),
        "7-League Boots": ("move", w.TREMENDOUS, 5),
        "Shoes of Stealth": ("move", w.LIGHT, 3),
        "Deft Gloves": ("fight", w.LIGHT, 2),
        "Gloves of Strength": ("fight", w.TREMENDOUS, 5),
        "Handy Gloves": ("fight", w.MEDIUM, 3),
        "Power Gauntlets": ("fight", w.HEAVY, 4),
    }


def test_colour_sources_l4490_4508(treasures: dict[str, Treasure]) -> None:
    """Section 13: six cards supply one colour each to their clearing."""
    sources = {
        t.name: key.split(":")[1]
        for t in treasures.values()
        for key in t.behaviour
        if key.startswith("color_source:")
    }
    assert sources == {
        "Cloven Hoof": "black",
        "Dragon Essence": "purple",
        "Flowers of Rest": "gold",
        "Golden Icon": "gray",
        "Sacred Grail": "white",
        "Toadstool Circle": "black",
    }
    for name in sources:
        assert treasures[name].enchanted
        assert treasures[name].active_by_default  # 4.4.2 (L1119): cannot be deactivated


def test_discard_to_visitors_l4564_4640(treasures: dict[str, Treasure]) -> None:
    """The "Discard to" column: four cards return to each of the Crone, Shaman and Warlock."""
    by_visitor: dict[str, set[str]] = {}
    for t in treasures.values():
        if t.discard_to is not None:
            by_visitor.setdefault(t.discard_to.value, set()).add(t.name)
    assert by_visitor == {
        "Crone": {"Oil of Poison", "Ointment of Bite", "Penetrating Grease", "Reflecting Grease"},
        "Shaman": {"Amulet", "Ointment of Steel", "Poultice of Health", "Withered Claw"},
        "Warlock": {"Alchemist's Mixture", "Draught of Speed", "Gripping Dust", "Potion of Energy"},
        "Order": {"Vial of Healing"},
        "out of play": {"Mouldy Skeleton", "Remains of Thief"},
    }


def test_extra_phase_cards_l4270_4294(treasures: dict[str, Treasure]) -> None:
    """Section 2: the Birdsong cards and the phase each adds."""
    extra = {
        t.name: key.split(":", 1)[1]
        for t in treasures.values()
        for key in t.behaviour
        if key.startswith("extra_phase:")
    }
    assert extra == {
        "Ancient Telescope": "mountain_peer",
        "Cloak of Mist": "hide",
        "Magic Spectacles": "search",
        "Regent of Jewels": "trade",
        "Royal Sceptre": "hire",
        "7-League Boots": "move",
        "Shielded Lantern": "cave",
        "Toadstool Ring": "enchant",
    }
    assert treasures["Toadstool Circle"].behaviour.count("clearing_extra_phase:enchant") == 1
    assert {"enhanced_peer", "remote_enchant"} <= set(treasures["Crystal Ball"].behaviour)


def test_built_in_spells_l4552_4558(treasures: dict[str, Treasure]) -> None:
    """Section 15: Dragonfang Necklace (Purple, Day), Eye of the Moon (Grey, Instant, needs
    Seasons/Weather), Flying Carpet (unbreakable Permanent, Purple, Fly chit M2)."""
    spells = {t.name: t.built_in_spell for t in treasures.values() if t.built_in_spell is not None}
    assert set(spells) == {"Dragonfang Necklace", "Eye of the Moon", "Flying Carpet"}
    necklace, moon, carpet = (
        spells["Dragonfang Necklace"],
        spells["Eye of the Moon"],
        spells["Flying Carpet"],
    )
    assert necklace is not None and moon is not None and carpet is not None
    assert (necklace.color, necklace.duration.value) == (MagicColor.PURPLE, "day")
    assert (moon.color, moon.duration.value, moon.requires) == (
        MagicColor.GRAY,
        "instant",
        "Seasons/Weather",
    )
    assert (carpet.color, carpet.duration.value, carpet.breakable) == (
        MagicColor.PURPLE,
        "permanent",
        False,
    )
    assert carpet.fly is not None
    assert (carpet.fly.strength, carpet.fly.time) == (Weight.MEDIUM, 2)


def test_spell_holdings_match_the_set_up_card_l821_833(treasures: dict[str, Treasure]) -> None:
    """The Spell Cards table's Spell Books and Artifacts rows (L821-833)."""
    holdings = {
        t.name: {s.type.value: s.count for s in t.spells} for t in treasures.values() if t.spells
    }
    assert holdings == {
        "Good Book": {"I": 2, "VII": 2},
        "Scroll of Nature": {"II": 2, "III": 2},
        "Book of Lore": {"IV": 4},
        "Black Book": {"V": 2, "VIII": 2},
        "Scroll of Alchemy": {"VI": 4},
        "Sacred Statue": {"I": 1},
        "Eye of the Idol": {"II": 1},
        "Glimmering Ring": {"III": 1},
        "Enchanter's Skull": {"IV": 1},
        "Blasted Jewel": {"V": 1},
        "Hidden Ring": {"VI": 1},
        "Glowing Gem": {"VII": 1},
        "Beast Pipes": {"VIII": 1},
    }


# --- Treasures Within Treasures -----------------------------------------------------------------


def test_every_twt_card_l787_792_l4190_4268(
    treasures: dict[str, Treasure], twt_boxes: dict[str, SetUpBox]
) -> None:
    """Slot (Treasure Table L4574-4637), box contents (L787-792, the Set Up Card box that holds
    the card), gold on opening (L4198, L4202) and how each card is handled (L4196-4206)."""
    expected = {
        "Chest": ("P1", 2, (), (), (), 50, Activation.NEEDS_ACTIVATION),
        "Mouldy Skeleton": (
            "P2",
            0,
            (),
            ("Gold Helmet", "Silver Breastplate", "Jade Shield"),
            (),
            0,
            Activation.ON_DRAW,
        ),
        "Remains of Thief": ("P3", 1, ("Living Sword",), (), (), 20, Activation.ON_DRAW),
        "Toadstool Circle": ("P4", 1, ("Devil Sword",), (), (), 0, Activation.SITE),
        "Crypt of the Knight": (
            "P5",
            1,
            ("Bane Sword",),
            ("Tremendous Suit of Armor",),
            ("Warhorse T3/T5",),
            0,
            Activation.SITE,
        ),
        "Enchanted Meadow": (
            "P6",
            0,
            ("Truesteel Sword",),
            (),
            ("Pony L2/L4",),
            0,
            Activation.SITE,
        ),
    }
    got = {}
    for t in treasures.values():
        if t.twt is None:
            continue
        got[t.name] = (t.twt, *box_view(twt_boxes[t.name]), t.gold_inside, t.activation)
    assert got == expected
    assert "exchange:open" in treasures["Chest"].behaviour  # needs the Lost Keys (L4198)
    assert treasures["Chest"].weight is Weight.TREMENDOUS  # L4574
    for name in ("Mouldy Skeleton", "Remains of Thief"):
        assert "curse_on_draw" in treasures[name].behaviour  # L4200, L4202
    assert "exchange:site_box" in treasures["Mouldy Skeleton"].behaviour
    assert "exchange:keep" in treasures["Remains of Thief"].behaviour


def test_site_card_tables_l4210_4268(treasures: dict[str, Treasure]) -> None:
    """Each Site card's table: one row per high die roll, spot checks typed from the text."""
    circle = treasures["Toadstool Circle"].site_table
    crypt = treasures["Crypt of the Knight"].site_table
    meadow = treasures["Enchanted Meadow"].site_table
    assert [(r.result, r.item) for r in circle] == [  # L4213-4218
        ("take_item", "Devil Sword"),
        ("take_treasure", None),
        ("teleport_cave", None),
        ("remote_peer_enchant", None),
        ("power_of_the_pit", None),
        ("curse", None),
    ]
    assert [(r.result, r.item) for r in crypt] == [  # L4253-4258
        ("take_item", "Warhorse T3/T5"),
        ("take_item", "Tremendous Suit of Armor"),
        ("take_item", "Bane Sword"),
        ("take_treasure", None),
        ("gold", None),
        ("curse", None),
    ]
    assert [(r.result, r.item) for r in meadow] == [  # L4263-4268
        ("take_item", "Pony L2/L4"),
        ("take_item", "Truesteel Sword"),
        ("wish", None),
        ("rest_all", None),
        ("curse", None),
        ("nothing", None),
    ]
    assert "breaks the Wither curse" in meadow[3].text  # L4266
    assert "loot_needs_tremendous" in treasures["Crypt of the Knight"].behaviour  # L4348


def test_every_twt_card_has_exactly_one_set_up_box_l787_792(treasures: dict[str, Treasure]) -> None:
    """Each TWT card has one box in the Treasures Within Treasures section of the Set Up Card
    (L787-792, L4192), the single home of what it holds, and each such box holds a TWT card."""
    boxes = load_entries(DATA_DIR / "setup_card.yaml", "boxes", SetUpBox)
    twt = [b for b in boxes if b.section is Section.TREASURES_WITHIN_TREASURES]
    held = Counter(b.holds for b in twt)
    cards = {t.name for t in treasures.values() if t.twt is not None}
    assert held == Counter(cards)
    assert all(count == 1 for count in held.values())
    assert not [b.name for b in boxes if b.holds in cards and b not in twt]
    assert all(b.name == b.holds for b in twt)  # the box is named after its card (L787-792)


# --- integrity ----------------------------------------------------------------------------------


def test_every_behaviour_key_is_used(treasures: dict[str, Treasure]) -> None:
    """The vocabulary has no dead keys, and every card but the Imperial Tabard does something."""
    used = Counter(key for t in treasures.values() for key in t.behaviour)
    assert set(used) == set(BEHAVIOURS)
    assert [t.name for t in treasures.values() if not t.behaviour] == ["Imperial Tabard"]


def test_fame_reward_groups_are_native_groups(treasures: dict[str, Treasure]) -> None:
    groups = {t.fame_reward.group for t in treasures.values() if t.fame_reward is not None}
    assert groups <= NATIVE_GROUPS


@pytest.mark.parametrize(
    ("file", "key", "kind"),
    [
        ("weapons.yaml", "weapons", "weapon"),
        ("armor.yaml", "armor", "armor"),
        ("horses.yaml", "horses", "horse"),
    ],
)
def test_twt_box_pieces_name_catalog_pieces(
    twt_boxes: dict[str, SetUpBox], file: str, key: str, kind: str
) -> None:
    """TWT box pieces are named as in the weapon, armor and horse catalogs."""
    known = names(yaml.safe_load((DATA_DIR / file).read_text(encoding="utf-8"))[key])
    for card, box in twt_boxes.items():
        assert {p.name for p in box.pieces(kind)} <= known, card


def test_site_tables_take_only_their_box_pieces(
    treasures: dict[str, Treasure], twt_boxes: dict[str, SetUpBox]
) -> None:
    """A Site-card roll takes a piece from the card's own Set Up Card box (L4213-4264)."""
    for t in treasures.values():
        taken = {row.item for row in t.site_table if row.item is not None}
        if taken:
            box = twt_boxes[t.name]
            assert taken <= {p.name for p in box.contents if isinstance(p, Pieces)}, t.name


def test_potions_l1124_1129(treasures: dict[str, Treasure]) -> None:
    """4.4.3: reusable (Alchemist's Mixture L4435, Vial L4390), applied to a weapon (section 11),
    consumed by the character (the rest: "used up by"/"uses all of the Potion on himself")."""
    kinds = {t.name: t.potion.value for t in treasures.values() if t.potion is not None}
    assert kinds == {
        "Alchemist's Mixture": "reusable",
        "Vial of Healing": "reusable",
        "Gripping Dust": "applied_to_weapon",
        "Oil of Poison": "applied_to_weapon",
        "Ointment of Bite": "applied_to_weapon",
        "Penetrating Grease": "applied_to_weapon",
        "Draught of Speed": "consumed",
        "Poultice of Health": "consumed",
        "Ointment of Steel": "consumed",
        "Reflecting Grease": "consumed",
        "Potion of Energy": "consumed",
    }


# --- reference ----------------------------------------------------------------------------------

RS_NAMES = {"Seven League Boots": "7-League Boots"}
RS_PIECES = {
    "Warhorse": "Warhorse T3/T5",
    "Pony": "Pony L2/L4",
    "Armor": "Tremendous Suit of Armor",
}
RS_EXTRA = {
    "M": "extra_phase:move",
    "H": "extra_phase:hide",
    "S": "extra_phase:search",
    "T": "extra_phase:trade",
    "HR": "extra_phase:hire",
    "SP": "extra_phase:enchant",
    "P": "extra_phase:mountain_peer",
}
RS_DIEMOD = {
    "1d:loot:all": "one_die:loot",
    "1d:hide:all": "one_die:hide",
    "1d:all:all": "one_die:all",
    "-1:locate:lost city#bn#": "locate_minus_one:lost_city",
    "-1:locate:lost castle#bn#": "locate_minus_one:lost_castle",
    "-1:locate:%ruins%": "locate_minus_one:ruins",
}
RS_ARMOR_BOX = {1: "thrust", 2: "swing", 3: "smash"}


def reference_view(rs: dict[str, Any]) -> dict[str, Any]:
    """The reference card in our terms (name mappings applied; absent values as ours)."""
    attrs: dict[str, Any] = rs.get("attributes", {})
    twt = rs.get("treasure_within_treasure")
    view: dict[str, Any] = {
        "size": rs["size"],
        "great": rs["great"],
        "weight": rs.get("weight", None if twt and twt != 1 else "-"),
        "fame": rs.get("fame", 0),
        "notoriety": rs.get("notoriety", 0),
        "gold": rs.get("base_price", 0),
        "group": rs.get("native_group"),
        "twt": f"P{twt}" if twt else None,
        "pieces": sorted(RS_PIECES.get(p, p) for p in rs.get("contents_at_start", [])),
        "contents_gold": attrs.get("gold_reward", 0),
        "discard_to": attrs.get("discard"),
        "potion": bool(attrs.get("potion")),
        "magic_type": rs.get("spell_type") if rs.get("artifact_or_book") else None,
        "kind": {"artifact": "artifact", "book": "spell_book"}.get(
            rs.get("artifact_or_book") or ""
        ),
    }
    effects = {RS_EXTRA[a] for a in attrs.get("extra_actions", [])}
    effects |= {RS_DIEMOD[d] for d in attrs.get("diemod", [])}
    if "color_source" in attrs:
        effects.add(f"color_source:{attrs['color_source']}")
    if attrs.get("plus_one"):
        effects.add("clearing_die_mod:+1")
    if attrs.get("extra_actions_clearing") == "SP":
        effects.add("clearing_extra_phase:enchant")
    if attrs.get("extra_cave_phase"):
        effects.add("extra_phase:cave")
    view["effects"] = sorted(effects)
    if attrs.get("boots") or attrs.get("gloves"):
        time = attrs.get("move_speed", attrs.get("attack_speed"))
        view["chit"] = ("move" if attrs.get("boots") else "fight", attrs["strength"], time)
    if attrs.get("armor") == "special":
        box: int = attrs.get("armor_box", 0)
        view["armor"] = (RS_ARMOR_BOX.get(box, "all"), attrs["vulnerability"])
    if attrs.get("attack"):
        view["weapon"] = (attrs["length"], attrs["strength"], attrs["sharpness"])
    return view


def our_view(t: Treasure, box: SetUpBox | None) -> dict[str, Any]:
    """Our card in the reference's terms; ``box`` is the Set Up Card box of a TWT card."""
    reward = t.fame_reward
    pieces = [p.name for p in box.contents if isinstance(p, Pieces)] if box is not None else []
    compared_effects = (
        set(RS_EXTRA.values())
        | set(RS_DIEMOD.values())
        | {
            "clearing_die_mod:+1",
            "clearing_extra_phase:enchant",
            "extra_phase:cave",
            *(k for k in BEHAVIOURS if k.startswith("color_source:")),
        }
    )
    view: dict[str, Any] = {
        "size": t.size.value,
        "great": t.great,
        "weight": t.weight.value if t.weight is not None else None,
        "fame": reward.fame if reward is not None else t.fame,
        "notoriety": t.notoriety,
        "gold": t.gold or 0,
        "group": reward.group if reward is not None else None,
        "twt": t.twt,
        "pieces": sorted(pieces),
        "contents_gold": t.gold_inside,
        "discard_to": t.discard_to.value.lower()
        if t.discard_to not in (None, DiscardTo.OUT_OF_PLAY)
        else None,
        "potion": t.potion is not None,
        "magic_type": t.chit.type.value if t.chit is not None and t.chit.type else None,
        "kind": next((k for k in t.behaviour if k in ("artifact", "spell_book")), None),
        "effects": sorted(set(t.behaviour) & compared_effects),
    }
    if t.chit is not None and t.chit.kind in ("move", "fight"):
        assert t.chit.strength is not None
        view["chit"] = (t.chit.kind, t.chit.strength.value, t.chit.time)
    if t.armor is not None:
        view["armor"] = (t.armor.protects, t.armor.toughness.value)
    if t.weapon is not None:
        view["weapon"] = (t.weapon.length, t.weapon.harm.value, t.weapon.sharpness)
    return view


def test_compare_with_reference(
    treasures: dict[str, Treasure], twt_boxes: dict[str, SetUpBox]
) -> None:
    ref = reference("treasures.json")["treasures"]
    theirs = {RS_NAMES.get(r["name"], r["name"]): r for r in ref}
    differences: dict[str, str] = {}
    for name in sorted(set(theirs) ^ set(treasures)):
        differences[f"treasures/{name}"] = "only in one source"
    for name in sorted(set(theirs) & set(treasures)):
        ours = our_view(treasures[name], twt_boxes.get(name))
        rs = reference_view(theirs[name])
        for field in sorted(set(ours) | set(rs)):
            if ours.get(field) != rs.get(field):
                differences[f"treasures/{name}/{field}"] = (
                    f"ours {ours.get(field)!r}, reference {rs.get(field)!r}"
                )
    assert_all_noted(differences)


# --- malformed data -----------------------------------------------------------------------------


def test_broken_behaviour_key(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        entries[0]["behaviour"] = ["extra_phase:fly"]

    error = load_error(
        edited(tmp_path, "treasures.yaml", change, "treasures"), "treasures", Treasure
    )
    message = str(error)
    assert "treasures.yaml" in message
    assert "treasures[0] '7-League Boots'" in message
    assert "unknown behaviour 'extra_phase:fly'" in message


def test_broken_missing_weight(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        del entries[1]["weight"]

    error = load_error(
        edited(tmp_path, "treasures.yaml", change, "treasures"), "treasures", Treasure
    )
    assert 'treasures[1] "Alchemist\'s Mixture"' in str(error)
    assert "weight: Field required" in str(error)


def test_broken_artifact_without_its_spell(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        pipes = next(e for e in entries if e["name"] == "Beast Pipes")
        pipes["spells"] = [{"type": "VII", "count": 1}]

    error = load_error(
        edited(tmp_path, "treasures.yaml", change, "treasures"), "treasures", Treasure
    )
    assert "'Beast Pipes'" in str(error)
    assert "first of its own type VIII" in str(error)


def test_broken_gold_inside_a_card_that_is_no_twt(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        entries[0]["gold_inside"] = 10

    error = load_error(
        edited(tmp_path, "treasures.yaml", change, "treasures"), "treasures", Treasure
    )
    assert "treasures[0] '7-League Boots'" in str(error)
    assert "only TWT cards (P1-P6) have gold inside" in str(error)
