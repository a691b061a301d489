"""Visitor/mission chits (rules/data/visitors.yaml).

Expected values are typed from 2.2.5 (L399), 7.2.4 (L1609-1640) and the Visitor Prices chart
(L5458-5476), each test citing its lines. Which faces share a counter was a picture (L397): it is
compared with the RealmSpeak reference, every difference noted in rules/data/NOTES.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from rules.catalog import DATA_DIR
from rules.schema.base import load_entries
from rules.schema.denizens import NativeGroupName
from rules.schema.treasures import Treasure
from rules.schema.visitors import ChitFace, FaceKind, VisitorChit
from tests.catalog.broken import edited, load_error
from tests.catalog.reference import assert_all_noted, reference

#: The nine native groups of the Table of Natives (L4134-4182).
NATIVE_GROUPS = set(get_args(NativeGroupName))


@pytest.fixture(scope="module")
def chits() -> dict[str, VisitorChit]:
    entries = load_entries(DATA_DIR / "visitors.yaml", "visitor_chits", VisitorChit)
    return {c.name: c for c in entries}


@pytest.fixture(scope="module")
def faces(chits: dict[str, VisitorChit]) -> dict[str, ChitFace]:
    return {f.name: f for c in chits.values() for f in c.faces}


def test_six_chits_twelve_faces_l399_l965(
    chits: dict[str, VisitorChit], faces: dict[str, ChitFace]
) -> None:
    """3.4.2 (L965): all six chits are used; 2.2.5 (L399): 4 visitors, 2 missions, 6 campaigns."""
    assert len(chits) == 6
    assert len(faces) == 12
    kinds = {kind: {f.name for f in faces.values() if f.kind is kind} for kind in FaceKind}
    assert kinds == {
        FaceKind.VISITOR: {"Crone", "Scholar", "Shaman", "Warlock"},
        FaceKind.MISSION: {"Escort Party", "Food/Ale"},
        FaceKind.CAMPAIGN: {"Conquer", "Pillage", "Quest", "Raid", "Revolt", "War"},
    }


def test_pairings(chits: dict[str, VisitorChit]) -> None:
    """The counters (a picture at L397; RealmSpeak reference): one visitor per mission."""
    assert list(chits) == [
        "Scholar / Pillage",
        "Shaman / Escort Party",
        "Warlock / Food/Ale",
        "Crone / Raid",
        "Conquer / War",
        "Revolt / Quest",
    ]


def test_every_face_name_is_an_alias_and_conquest_too_l399_l1632(
    chits: dict[str, VisitorChit],
) -> None:
    """Face names find their counter; "Conquest" (L399) is the "Conquer" chit (L1632)."""
    index: dict[str, str] = {}
    for chit in chits.values():
        for alias in (chit.name, *chit.aliases):
            assert alias not in index, alias
            index[alias] = chit.name
    assert index["Crone"] == "Crone / Raid"
    assert index["Conquest"] == index["Conquer"] == "Conquer / War"
    assert chits["Crone / Raid"].face("Raid").kind is FaceKind.CAMPAIGN


def test_costs_l1619_l1627_1632(faces: dict[str, ChitFace]) -> None:
    costs = {
        name: (f.cost.fame, f.cost.notoriety) for name, f in faces.items() if f.cost is not None
    }
    assert costs == {
        "Escort Party": (0, 5),  # L1619
        "Food/Ale": (0, 5),  # L1619
        "Quest": (0, 20),  # L1627
        "Pillage": (0, 10),  # L1628
        "Raid": (8, 0),  # L1629
        "Revolt": (0, 35),  # L1630
        "War": (10, 15),  # L1631
        "Conquer": (0, 40),  # L1632
    }


def test_time_limits_l1619_l1624_1626(faces: dict[str, ChitFace]) -> None:
    """Missions 14 days (L1619); Pillage and Raid 14 days (L1626); the rest the end of the game
    (L1624)."""
    limits = {f.name: f.time_limit_days for f in faces.values() if f.kind is not FaceKind.VISITOR}
    assert limits == {
        "Escort Party": 14,
        "Food/Ale": 14,
        "Pillage": 14,
        "Raid": 14,
        "Conquer": None,
        "War": None,
        "Revolt": None,
        "Quest": None,
    }


def test_partners_and_foes_l1627_1632(faces: dict[str, ChitFace]) -> None:
    sides = {
        f.name: (set(f.partners), set(f.foes))
        for f in faces.values()
        if f.kind is FaceKind.CAMPAIGN
    }
    assert sides == {
        "Quest": ({"Order"}, set()),  # L1627
        "Pillage": ({"Bashkars"}, {"Patrol", "Soldiers"}),  # L1628
        "Raid": ({"Lancers", "Woodfolk"}, {"Bashkars", "Rogues"}),  # L1629
        "Revolt": (  # L1630
            {"Lancers", "Woodfolk", "Bashkars", "Rogues"},
            {"Soldiers", "Guard", "Patrol", "Company"},
        ),
        "War": ({"Soldiers", "Guard", "Patrol"}, {"Company", "Bashkars", "Rogues"}),  # L1631
        "Conquer": (  # L1632
            {"Soldiers", "Guard", "Patrol", "Company"},
            {"Woodfolk", "Lancers", "Bashkars", "Rogues"},
        ),
    }
    assert set(faces["Quest"].foe_monsters) == {  # L1627: "Dragons and Flying Dragons"
        "Heavy Dragon",
        "Tremendous Dragon",
        "Heavy Flying Dragon",
        "Tremendous Flying Dragon",
    }
    groups = {g for f in faces.values() for g in f.partners + f.foes}
    assert groups <= NATIVE_GROUPS


def test_mission_destinations_and_reward_l1619_1621(faces: dict[str, ChitFace]) -> None:
    food, escort = faces["Food/Ale"], faces["Escort Party"]
    assert food.destination is not None and escort.destination is not None
    assert (food.destination.to, food.destination.else_to) == ("Inn", "House")  # L1620
    assert (escort.destination.to, escort.destination.else_to) == ("Chapel", "Guard house")
    for mission in (food, escort):
        assert mission.reward is not None
        assert (mission.reward.gold_per_clearing, mission.reward.gold_if_no_route) == (2, 30)


# The Visitor Prices chart (L5458-5476), row by row: what each visitor pays (and asks); a visitor
# left out of a row prints "—", the normal price. "one spell" is only the base price of a spell
# bought from him (L5476).
VISITOR_PRICES_L5461_5474 = {
    "Good Book": {"Scholar": 50},  # L5461
    "Scroll of Nature": {"Scholar": 50, "Shaman": 50},  # L5462, printed "Scoll of Nature"
    "Book of Lore": {"Scholar": 50, "Warlock": 50},  # L5463
    "Black Book": {"Scholar": 50, "Crone": 50},  # L5464
    "Scroll of Alchemy": {"Scholar": 50, "Warlock": 50},  # L5465
    "Sacred Statue": {"Scholar": 20},  # L5466
    "Eye of the Idol": {"Scholar": 20},  # L5467
    "Glimmering Ring": {"Scholar": 20, "Shaman": 20},  # L5468
    "Enchanter's Skull": {"Scholar": 20, "Warlock": 20},  # L5469
    "Blasted Jewel": {"Scholar": 20},  # L5470
    "Hidden Ring": {"Scholar": 20},  # L5471
    "Glowing Gem": {"Scholar": 20},  # L5472
    "Beast Pipes": {"Scholar": 20, "Crone": 20},  # L5473
    "one spell": {"Crone": 10, "Shaman": 10, "Warlock": 10},  # L5474
}


def test_visitor_prices_every_price_l5458_5476(faces: dict[str, ChitFace]) -> None:
    """Every price of the Visitor Prices chart is a visitor's ``buys`` entry or, for "one spell",
    his ``spell_price`` (visitors never buy spells, L5476); no visitor pays for anything else."""
    visitors = ("Scholar", "Crone", "Shaman", "Warlock")
    chart: dict[str, dict[str, int]] = {}
    for name in visitors:
        face = faces[name]
        for price in face.buys:
            chart.setdefault(price.item, {})[name] = price.gold
        if face.spell_price is not None:
            chart.setdefault("one spell", {})[name] = face.spell_price
    assert chart == VISITOR_PRICES_L5461_5474
    assert len(chart) == 14
    scholar = {p.item: p.gold for p in faces["Scholar"].buys}
    assert len(scholar) == 13  # every Artifact and Spell Book (L5461-5473)
    assert sum(1 for gold in scholar.values() if gold == 20) == 8
    assert faces["Scholar"].spell_price is None  # "—" in the "one spell" row, L5474


def test_priced_items_are_treasures(faces: dict[str, ChitFace]) -> None:
    """Every Visitor Prices item names a treasure card ("Scoll of Nature", L5462, is a typo)."""
    treasures = {t.name for t in load_entries(DATA_DIR / "treasures.yaml", "treasures", Treasure)}
    items = {p.item for f in faces.values() for p in f.buys}
    assert items <= treasures


def test_destinations_and_foe_monsters_resolve(faces: dict[str, ChitFace]) -> None:
    """Dwelling and monster names are those of dwellings.yaml and monsters.yaml."""
    for file, key, used in (
        ("dwellings.yaml", "dwellings", {"Inn", "House", "Chapel", "Guard house"}),
        ("monsters.yaml", "monsters", set(faces["Quest"].foe_monsters)),
    ):
        path = DATA_DIR / file
        if not path.is_file():
            pytest.skip(f"{file} not written yet")
        known = {e["name"] for e in yaml.safe_load(path.read_text(encoding="utf-8"))[key]}
        assert used <= known, file


# --- reference ----------------------------------------------------------------------------------

RS_NAMES = {"Food Ale": "Food/Ale"}
RS_VISITORS = {"scholar": "Scholar", "crone": "Crone", "shaman": "Shaman", "warlock": "Warlock"}
RS_MONSTERS = {
    "dragon": {"Heavy Dragon", "Tremendous Dragon"},
    "dragon_flying": {"Heavy Flying Dragon", "Tremendous Flying Dragon"},
}


def reference_face(rs: dict[str, Any]) -> dict[str, Any]:
    def groups(field: str) -> list[str]:
        return sorted(g.capitalize() for g in rs.get(field, "").split(",") if g)

    view: dict[str, Any] = {"kind": rs["kind"]}
    if rs["kind"] != "visitor":
        view["cost"] = (rs.get("fame_cost", 0), rs.get("notoriety_cost", 0))
        # the reference's 28 days is the rules' "end of the game" in a one-month game (L1624)
        view["time_limit_days"] = None if rs["time_limit"] == 28 else rs["time_limit"]
    if rs["kind"] == "campaign":
        if rs.get("foe_monsters"):
            foes = rs["foe"].split(",")
            view["foe_monsters"] = sorted(m for f in foes for m in RS_MONSTERS.get(f, {f}))
            view["foes"] = []
        else:
            view["foes"] = groups("foe")
            view["foe_monsters"] = []
        view["partners"] = groups("partner")
    return view


def our_face(face: ChitFace) -> dict[str, Any]:
    view: dict[str, Any] = {"kind": face.kind.value}
    if face.cost is not None:
        view["cost"] = (face.cost.fame, face.cost.notoriety)
        view["time_limit_days"] = face.time_limit_days
    if face.kind is FaceKind.CAMPAIGN:
        view["foes"] = sorted(face.foes)
        view["foe_monsters"] = sorted(face.foe_monsters)
        view["partners"] = sorted(face.partners)
    return view


def test_compare_with_reference(chits: dict[str, VisitorChit], faces: dict[str, ChitFace]) -> None:
    ref = reference("visitors_missions_seasons.json")["gold_specials"]
    theirs = {RS_NAMES.get(r["name"], r["name"]): r for r in ref}
    differences: dict[str, str] = {}
    for name in sorted(set(theirs) ^ set(faces)):
        differences[f"visitors/{name}"] = "only in one source"
    pairs: dict[str, set[str]] = {}
    for name, r in theirs.items():
        pairs.setdefault(r["pair"], set()).add(name)
    ours_pairs = {frozenset(f.name for f in c.faces) for c in chits.values()}
    if ours_pairs != {frozenset(p) for p in pairs.values()}:
        differences["visitors/pairs"] = f"ours {ours_pairs}, reference {pairs}"
    for name in sorted(set(theirs) & set(faces)):
        ours, rs = our_face(faces[name]), reference_face(theirs[name])
        for field in sorted(set(ours) | set(rs)):
            if ours.get(field) != rs.get(field):
                differences[f"visitors/{name}/{field}"] = (
                    f"ours {ours.get(field)!r}, reference {rs.get(field)!r}"
                )
    # what visitors pay: the reference keeps it on the treasures (<visitor>_price)
    for card in reference("treasures.json")["treasures"]:
        for key, visitor in RS_VISITORS.items():
            price = card.get("attributes", {}).get(f"{key}_price")
            ours_price = {p.item: p.gold for p in faces[visitor].buys}.get(card["name"])
            if price != ours_price:
                differences[f"visitors/{visitor}/buys/{card['name']}"] = (
                    f"ours {ours_price!r}, reference {price!r}"
                )
    assert_all_noted(differences)


# --- malformed data -----------------------------------------------------------------------------


def test_broken_chit_name(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        entries[3]["name"] = "Crone / Pillage"

    error = load_error(
        edited(tmp_path, "visitors.yaml", change, "visitor_chits"), "visitor_chits", VisitorChit
    )
    message = str(error)
    assert "visitors.yaml" in message and "visitor_chits[3] 'Crone / Pillage'" in message
    assert "a chit is named after its faces: 'Crone / Raid'" in message


def test_broken_campaign_without_cost(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        del entries[5]["faces"][1]["cost"]

    error = load_error(
        edited(tmp_path, "visitors.yaml", change, "visitor_chits"), "visitor_chits", VisitorChit
    )
    assert "visitor_chits[5] 'Revolt / Quest'" in str(error)
    assert "missions and campaigns, and only they, have a cost" in str(error)


def test_broken_three_faces(tmp_path: Path) -> None:
    def change(entries: list[dict[str, Any]]) -> None:
        entries[0]["faces"].append(entries[1]["faces"][0])

    error = load_error(
        edited(tmp_path, "visitors.yaml", change, "visitor_chits"), "visitor_chits", VisitorChit
    )
    assert "visitor_chits[0] 'Scholar / Pillage'" in str(error)
    assert "faces" in str(error)
