"""The whole catalog: what it holds, and that every name one file uses for another resolves."""

from __future__ import annotations

import pytest

from rules.catalog import DATA_DIR, UnknownNameError, catalog, load_catalog
from rules.schema.base import CatalogError
from tests.catalog.broken import data_copy, replaced


def test_the_catalog_holds_the_whole_original_game():
    """The counts issue 2 names: tiles and roads, characters and chits, cards and counters."""
    stats = catalog().stats()
    assert stats["tiles"] == {
        "tiles": 20,
        "clearings per side": 95,
        "roads on normal sides": 163,
        "roads on enchanted sides": 165,
    }
    assert stats["characters"]["characters"] == 16
    assert stats["characters"]["action chits"] == 16 * 12
    assert stats["treasures"]["cards"] == 74
    assert stats["spells"]["cards"] == 47
    assert stats["monsters"]["counters"] == 59
    assert stats["natives"] == {"groups": 9, "counters": 42}
    assert stats["map_chits"] == {
        "sound": 10,
        "site": 8,
        "warning": 20,
        "lost city": 1,
        "lost castle": 1,
    }


def test_the_catalog_is_loaded_once_and_shared():
    assert catalog() is catalog()


def test_every_kind_is_looked_up_by_its_rulebook_names():
    data = catalog()
    assert data.tiles["CV"] is data.tiles["Curst Valley"]
    assert data.characters["Black Knight"].weight == "M"
    assert data.native_counters["Company HQ"].title == "Short Swordsman"
    assert data.dwellings["Guardhouse"] is data.dwellings["Guard house"]
    assert data.visitors["Crone"] is data.visitors["Raid"]
    assert data.tables["Hide"] is data.tables["Hide Table"]
    assert data.characters["Sorceror"] is data.characters["Sorcerer"]


def test_an_unknown_name_fails_with_the_closest_names():
    with pytest.raises(UnknownNameError, match=r"unknown monster 'Gaint'; did you mean 'Giant'"):
        catalog().monsters["Gaint"]


def test_find_searches_every_kind():
    kinds = [kind for kind, _ in catalog().find("Company")]
    assert kinds == ["natives", "setup_card"]


# --- broken copies of the data -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "setup_card.yaml",
            "name: Tremendous Flying Dragon}",
            "name: Tremendous Flying Dragoon}",
            "setup_card.yaml: boxes[6] 'Hoard': contents: unknown monster "
            "'Tremendous Flying Dragoon'; did you mean 'Tremendous Flying Dragon'",
        ),
        (
            "setup_card.yaml",
            "natives: Lancers",
            "natives: Lancer",
            "setup_card.yaml: boxes[38] 'Lancers': natives: unknown native group 'Lancer'",
        ),
        (
            "appearance_chart.yaml",
            'boxes: ["Giants #1", "Giants #2"]',
            'boxes: ["Giants #1", "Giant #2"]',
            "appearance_chart.yaml: rows[3] 'Row 4': boxes: unknown Set Up Card box 'Giant #2'",
        ),
        (
            "appearance_chart.yaml",
            "dwellings: [Inn, Large Campfire]",
            "dwellings: [Inn, Big Campfire]",
            "appearance_chart.yaml: rows[0] 'Row 1': natives: unknown dwelling 'Big Campfire'",
        ),
        (
            "characters.yaml",
            "weapons: [Great Axe], armor: [Helmet]}",
            "weapons: [Great Ax], armor: [Helmet]}",
            "characters.yaml: characters[1] 'Berserker': level 4: unknown weapon 'Great Ax'; "
            "did you mean 'Great Axe'",
        ),
        (
            "dwellings.yaml",
            "garrison: Order",
            "garrison: Orders",
            "dwellings.yaml: dwellings[0] 'Chapel': garrison: unknown native group 'Orders'",
        ),
        (
            "natives.yaml",
            "garrison_of: Chapel",
            "garrison_of: Chapell",
            "natives.yaml: native_groups[4] 'Order': garrison_of: unknown dwelling 'Chapell'",
        ),
        (
            "visitors.yaml",
            "partners: [Bashkars]",
            "partners: [Bashkar]",
            "visitors.yaml: visitor_chits[0] 'Scholar / Pillage': Pillage: unknown native group "
            "'Bashkar'; did you mean 'Bashkars'",
        ),
        (
            "treasures.yaml",
            "fame_reward: {group: Soldiers, fame: 10}",
            "fame_reward: {group: Soldier, fame: 10}",
            "treasures.yaml: treasures[6] 'Bejeweled Dwarf Vest': fame_reward: unknown native "
            "group 'Soldier'; did you mean 'Soldiers'",
        ),
        (
            "horses.yaml",
            "rider: Order 1",
            "rider: Order 7",
            "horses.yaml: horses[",
        ),
        (
            "map_chits.yaml",
            "pieces: [Ghost, Ghost]",
            "pieces: [Ghost, Goast]",
            "map_chits.yaml: map_chits[18] 'BONES V': exchange: 'Goast' is no dwelling or monster",
        ),
    ],
)
def test_a_name_that_resolves_nowhere_names_file_entry_and_reason(
    tmp_path, file, old, new, expected
):
    data = data_copy(tmp_path)
    replaced(data, file, old, new)
    with pytest.raises(CatalogError) as info:
        load_catalog(data)
    assert str(info.value).startswith(expected)


def test_a_missing_data_file_is_named(tmp_path):
    data = data_copy(tmp_path)
    (data / "spells.yaml").unlink()
    with pytest.raises(CatalogError, match=r"^spells.yaml: \(file\): cannot be read"):
        load_catalog(data)


def test_a_file_that_is_not_yaml_is_named(tmp_path):
    data = data_copy(tmp_path)
    replaced(data, "monsters.yaml", "monsters:", "monsters: [")
    with pytest.raises(CatalogError, match=r"^monsters.yaml: \(file\): is not valid YAML"):
        load_catalog(data)


def test_a_name_listed_twice_is_refused(tmp_path):
    data = data_copy(tmp_path)
    replaced(data, "spells.yaml", "name: Ask Demon", "name: Absorb Essence")
    with pytest.raises(CatalogError, match="'Absorb Essence' is listed twice"):
        load_catalog(data)


def test_a_monster_whose_row_disagrees_with_its_box_is_refused(tmp_path):
    """The Giants prowl on row 4 (L2198), where their two boxes are."""
    text = (DATA_DIR / "monsters.yaml").read_text(encoding="utf-8")
    giant = text.index("  - name: Giant\n")
    row = text.index("appearance_row: 4", giant)
    data = data_copy(tmp_path)
    broken = text[:row] + "appearance_row: 5" + text[row + len("appearance_row: 4") :]
    (data / "monsters.yaml").write_text(broken, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(data)
    assert str(info.value) == (
        "monsters.yaml: monsters[15] 'Giant': appearance_row is 5, but its Set Up Card box is on "
        "row 4"
    )


def test_any_in_an_index_is_any_name_or_alias_of_it() -> None:
    dwellings = catalog().dwellings
    name = next(iter(dwellings))
    assert dwellings.any_in(["Giant 1", name]) and not dwellings.any_in(["Giant 1", "Amazon"])
    assert not dwellings.any_in([])
