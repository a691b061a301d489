"""A new game set up as section 3 says (rules 3.1–3.6)."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from bot.event_text import english
from rules.board import Board
from rules.catalog import catalog
from rules.layout import PlacedTile
from rules.pieces import Kind, pieces_of
from rules.schema.base import MagicType
from rules.schema.chits import ChitKind
from rules.schema.setup import Section
from rules.schema.tiles import TileType
from rules.setup import CharacterSetup, SetupError, new_game
from rules.setup.legal_map import LayoutError, check_layout
from rules.state import GameState, Place

ALL = list(catalog().characters)


@cache
def game(seed: int = 7, characters: tuple[str, ...] = ("Amazon", "Dwarf", "Black Knight")):
    return new_game(catalog(), seed, list(characters))


def kinds_in(state: GameState, place: str) -> Counter[str]:
    pieces = pieces_of(catalog())
    return Counter(str(pieces[p].kind) for p in state.at(place))


def boxes(section: Section) -> list[str]:
    return [Place.box(b.name) for b in catalog().setup_card.values() if b.section is section]


# --- 3.1 the Set Up Card ---------------------------------------------------------------------


def test_every_piece_is_in_exactly_one_place():
    state = game()
    seen = Counter(p for stack in state.stacks.values() for p in stack)
    assert set(seen.values()) == {1}
    assert len(seen) == len(pieces_of(catalog()))


def test_treasure_and_spell_cards_are_all_dealt():
    """rules-map §1.1 invariants: 45 Small, 24 Large-or-TWT at the sites, 41 spells in, 6 out."""
    state, data = game(), catalog()
    small = {t.name for t in data.treasures.values() if t.size == "small"}
    in_boxes = [
        p for place, stack in state.stacks.items() if place.startswith("box:") for p in stack
    ]
    assert small <= set(in_boxes)
    at_sites = [p for place in boxes(Section.TREASURE_LOCATIONS) for p in state.at(place)]
    assert sum(data.treasures[p].size == "large" for p in at_sites if p in data.treasures) == 24
    twt_boxes = [p for place in boxes(Section.TREASURES_WITHIN_TREASURES) for p in state.at(place)]
    assert sum(p in data.treasures for p in twt_boxes) == 5
    assert all(data.treasures[p].twt is None for p in twt_boxes if p in data.treasures)
    spells = [p for p in in_boxes if p in data.spells]
    assert len(spells) == 41
    assert len([p for p in state.at(Place.OUT) if p in data.spells]) == 6


def test_treasure_locations_are_stacked_small_large_spells_monster():
    """3.1.3c (L813): Small at the bottom, Large above, spells on top, then the monster."""
    state, data = game(), catalog()
    statue = state.at(Place.box("Statue"))
    kinds = [
        "small"
        if p in data.treasures and data.treasures[p].size == "small"
        else "large"
        if p in data.treasures
        else "spell"
        if p in data.spells
        else "monster"
        for p in statue
    ]
    assert kinds == ["small", "small", "large", "spell", "spell", "spell", "monster"]
    spell_types = [data.spells[p].type for p in statue if p in data.spells]
    assert spell_types == [MagicType.VII, MagicType.VII, MagicType.VIII], "g.4: lower types lower"
    assert statue[-1] == "Imp"


def test_the_second_row_snakes_follow_the_setup_example():
    """3.1.3b example (L812): Vipers, then the two Serpents, then the Tremendous serpent."""
    state = game()
    assert state.at(Place.box("Vipers")) == ["Viper 1", "Viper 2"]
    assert state.at(Place.box("Serpents #1")) == ["Heavy Serpent 1", "Heavy Serpent 2"]
    assert state.at(Place.box("Serpents #2")) == ["Tremendous Serpent"]


def test_eight_site_monsters_are_left_for_the_treasure_locations():
    """3.1.3b-c (L812-813): eight monsters are left over, one in each Treasure Location."""
    state, pieces = game(), pieces_of(catalog())
    for place in boxes(Section.TREASURE_LOCATIONS):
        assert [pieces[p].kind for p in state.at(place)].count(Kind.MONSTER) == 1, place


def test_natives_keep_their_horses_and_monsters_start_light_side_up():
    """3.1.2a-b (L771-772): each native with his horse; monsters lighter side (or red side down)."""
    state = game()
    lancers = state.at(Place.box("Lancers"))
    assert lancers.index("Lancers 1 Horse") == lancers.index("Lancers 1") + 1
    assert state.dark_side_up == []


def test_the_same_seed_sets_up_the_same_game_and_another_seed_another():
    one = new_game(catalog(), 11, ["Amazon", "Elf"])
    two = new_game(catalog(), 11, ["Amazon", "Elf"])
    assert one.to_json() == two.to_json()
    assert new_game(catalog(), 12, ["Amazon", "Elf"]).content_hash() != one.content_hash()


# --- 3.2 the map -------------------------------------------------------------------------------


def test_the_random_map_is_legal():
    check_layout(catalog(), game().tiles)


def test_a_fixed_layout_is_used_and_an_illegal_one_refused():
    layout = game(seed=3).tiles
    state = new_game(catalog(), 99, ["Amazon"], layout=layout)
    assert state.tiles == layout
    broken = [*layout[:-1], PlacedTile(tile=layout[-1].tile, at=layout[0].at)]
    with pytest.raises(LayoutError) as info:
        new_game(catalog(), 99, ["Amazon"], layout=broken)
    assert info.value.tile == layout[-1].tile


# --- 3.3 characters -----------------------------------------------------------------------------


def test_the_black_knight_takes_his_equipment_from_the_natives():
    """3.3.2 example (L901): a Mace from the Guard, a suit of armor from the Order, and his shield
    from the Company, Patrol or Soldiers."""
    state = new_game(catalog(), 5, ["Black Knight"])
    owned = state.at(Place.owner("Black Knight"))
    names = sorted(pieces_of(catalog())[p].name for p in owned)
    assert names == ["Mace", "Shield", "Suit of Armor"]
    guard = [pieces_of(catalog())[p].name for p in state.at(Place.box("Guard house"))]
    chapel = [pieces_of(catalog())[p].name for p in state.at(Place.box("Chapel"))]
    assert guard.count("Mace") == 1 and chapel.count("Suit of Armor") == 1
    company = [pieces_of(catalog())[p].name for p in state.at(Place.box("Company"))]
    assert "Shield" not in company, "the first group holding a shield gives it by default"

    chosen = CharacterSetup(name="Black Knight", equipment_from={"Shield": "Soldiers"})
    state = new_game(catalog(), 5, [chosen])
    house = [pieces_of(catalog())[p].name for p in state.at(Place.box("House"))]
    assert house.count("Shield") == 1, "the Soldiers had two shields"

    with pytest.raises(SetupError) as refused:
        new_game(
            catalog(), 5, [CharacterSetup(name="Black Knight", equipment_from={"Shield": "Guard"})]
        )
    assert re.search(
        "cannot take the Shield from the Guard; only Company", english(refused.value.phrase)
    )


def test_a_character_starts_with_ten_gold_unalerted_weapons_and_intact_armor():
    """3.3.2a-b (L903-904)."""
    character = game().characters["Amazon"]
    assert character.gold == 10
    assert character.items and all(
        i.active and not i.alerted and not i.damaged for i in character.items.values()
    )
    assert len(character.chits) == 12 and all(c.status == "active" for c in character.chits)
    assert character.relationships == {
        "Lancers": 1,
        "Patrol": 1,
        "Shaman": 1,
        "Company": -1,
        "Bashkars": -1,
    }


def test_all_sixteen_characters_can_play_at_once():
    state = new_game(catalog(), 1, ALL)
    assert len(state.characters) == 16
    for character in state.characters.values():
        assert state.place_of(character.name).startswith("at:")
        assert character.hidden, "3.6.4: all characters start hidden"


def test_starting_spells_must_be_of_the_listed_number_and_types():
    """3.3.3 (L906-912)."""
    wizard = catalog().characters["Wizard"].starting_level
    state = new_game(catalog(), 1, ["Wizard"])
    spells = state.characters["Wizard"].spells
    assert len(spells) == wizard.spells
    assert all(catalog().spells[s].type in wizard.spell_types for s in spells)
    wrong_type = next(s.name for s in catalog().spells.values() if s.type not in wizard.spell_types)
    with pytest.raises(SetupError) as refused:
        new_game(
            catalog(), 1, [CharacterSetup(name="Wizard", spells=(wrong_type,) * wizard.spells)]
        )
    assert re.search("may only choose spells of type", english(refused.value.phrase))
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 1, [CharacterSetup(name="Wizard", spells=())])
    assert re.search("records 2 starting spells", english(refused.value.phrase))


def test_duplicate_starting_spells_are_allowed_and_each_counts():
    """3.3.3b (L912): the same spell may be recorded more than once."""
    spell = next(s.name for s in catalog().spells.values() if s.type is MagicType.II)
    state = new_game(catalog(), 1, [CharacterSetup(name="Elf", spells=None)])
    elf = catalog().characters["Elf"].starting_level
    if MagicType.II in elf.spell_types:
        twice = CharacterSetup(name="Elf", spells=(spell,) * elf.spells)
        assert new_game(catalog(), 1, [twice]).characters["Elf"].spells == [spell] * elf.spells
    assert state.characters["Elf"].starting_spells == state.characters["Elf"].spells


@pytest.mark.parametrize(
    ("victory", "message"),
    [
        ({"Fame": 4}, "must total 5 points"),
        ({"Fame": 6, "Gold": -1}, "points must be 0 to 5"),
        ({"Fame": 3, "Glory": 2}, "'Glory' is not a Victory Requirement category"),
    ],
)
def test_victory_requirements_must_add_up(victory, message):
    """3.3.6a (L920): 0-5 per category, five in all."""
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 1, [CharacterSetup(name="Amazon", victory=victory)])
    assert re.search(message, english(refused.value.phrase))


def test_victory_requirements_are_recorded_for_every_category():
    state = new_game(catalog(), 1, [CharacterSetup(name="Amazon", victory={"Gold": 5})])
    assert state.characters["Amazon"].victory == {
        "Great Treasures": 0,
        "Spells": 0,
        "Fame": 0,
        "Notoriety": 0,
        "Gold": 5,
    }


def test_the_start_must_be_a_dwelling_listed_for_the_character():
    """3.3.5 (L916): never a campfire; only his listed dwellings."""
    state = new_game(catalog(), 1, [CharacterSetup(name="Dwarf", start="Guardhouse")])
    assert state.place_of("Dwarf") == state.place_of("Guard house")
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 1, [CharacterSetup(name="Dwarf", start="Chapel")])
    assert re.search(
        "cannot start at 'Chapel'; he may start at Inn, Guard", english(refused.value.phrase)
    )


def test_the_witch_king_may_start_with_the_ghosts():
    state = new_game(catalog(), 1, [CharacterSetup(name="Witch King", start="Ghosts")])
    assert state.place_of("Witch King") == state.place_of("Ghost 1")


def test_magic_chits_of_type_one_to_five_may_be_enchanted_at_the_start():
    """3.3.4 (L914): an enchantable chit becomes a colour chit of its type's colour (4.6.4)."""
    magic = next(
        c.label for c in catalog().characters["Wizard"].chits if c.magic_type is MagicType.III
    )
    state = new_game(catalog(), 1, [CharacterSetup(name="Wizard", enchant=(magic,))])
    chit = next(c for c in state.characters["Wizard"].chits if c.label == magic)
    assert chit.color == "gold"
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 1, [CharacterSetup(name="Wizard", enchant=("MOVE M4",))])
    assert re.search("no unenchanted Magic chit 'MOVE M4'", english(refused.value.phrase))


@pytest.mark.parametrize(
    ("characters", "message"),
    [
        (["Amazon", "Amazone"], "unknown character 'Amazone'; did you mean 'Amazon'"),
        (["Amazon", "Amazon"], "the Amazon is chosen twice"),
        ([], "at least one character"),
    ],
)
def test_bad_character_lists_are_refused(characters, message):
    with pytest.raises(SetupError) as refused:
        new_game(catalog(), 1, characters)
    assert re.search(message, english(refused.value.phrase))


# --- 3.4 visitor/mission chits ---------------------------------------------------------------


def test_six_visitor_chits_go_one_per_box_either_side_up():
    """3.4.2-3.4.3 (L965-966): all six used, either side up, one per box among seven."""
    state = game()
    placed = [state.at(place) for place in boxes(Section.VISITOR_CHITS)]
    assert sorted(len(p) for p in placed) == [0, 1, 1, 1, 1, 1, 1]
    for chit, face in state.visitor_faces.items():
        assert face in [f.name for f in catalog().visitors[chit].faces]


# --- 3.5 map chits -------------------------------------------------------------------------------


def test_map_chits_are_hidden_by_tile_type():
    """3.5.6 (L996-1002)."""
    state, data = game(), catalog()
    for section in ("Lost City", "Lost Castle"):
        chits = state.at(Place.section(section))
        assert len(chits) == 5
        assert {data.map_chits[c].kind for c in chits} <= {ChitKind.SITE, ChitKind.SOUND}
    for tile in data.tiles.values():
        chits = [data.map_chits[c] for c in state.at(Place.tile(tile.code))]
        warnings = [c for c in chits if c.kind is ChitKind.WARNING]
        if tile.type in (TileType.CAVES, TileType.MOUNTAIN):
            assert len(chits) == 2 and len(warnings) == 1
            assert warnings[0].tile_type is tile.type
            other = next(c for c in chits if c.kind is not ChitKind.WARNING)
            special = ChitKind.LOST_CITY if tile.type is TileType.CAVES else ChitKind.LOST_CASTLE
            assert other.kind in (ChitKind.SITE, ChitKind.SOUND, special)
        elif tile.type is TileType.WOODS:
            assert [c.tile_type for c in chits] == [TileType.WOODS]
        else:
            assert chits == [], "3.6.2: the Valley chits are exchanged"
    assert state.face_up == [], "3.6.1a: every other chit stays face down"


# --- 3.6 dwellings -------------------------------------------------------------------------------


def test_valley_chits_become_dwellings_and_ghosts_in_clearing_5_or_4():
    """3.6.2 (L1016-1018) and the Dwelling Exchange table (L1026-1036)."""
    state, data = game(), catalog()
    board = Board(data, state.tiles)
    for name in ("Chapel", "Guard house", "House", "Inn", "Ghost 1", "Ghost 2"):
        clearing = Place.split(state.place_of(name))[1]
        tile = board.tile_of(clearing).tile
        assert data.tiles[tile].type is TileType.VALLEY
        assert clearing == f"{tile}5" or not board.connected_to_borderland(f"{tile}5")
        assert board.connected_to_borderland(clearing)
    valley_chits = [c.name for c in data.map_chits.values() if c.tile_type is TileType.VALLEY]
    assert sorted(c for c in state.at(Place.OUT) if c in data.map_chits) == sorted(valley_chits)
    assert state.place_of("Small Campfire") == Place.ASIDE, "3.6.2b: campfires wait"


def test_garrisons_stand_at_their_dwellings_and_their_items_stay_in_their_boxes():
    """3.6.3 (L1022): the garrison natives are put on the map with their dwelling."""
    state = game()
    inn = state.place_of("Inn")
    assert {f"Rogues {n}" for n in range(1, 8)} | {"Rogues HQ"} <= set(state.at(inn))
    assert state.place_of("Order HQ Horse") == state.place_of("Chapel")
    assert all(pieces_of(catalog())[p].kind is not Kind.NATIVE for p in state.at(Place.box("Inn")))


def test_characters_start_hidden_at_their_dwelling():
    """3.6.4 (L1024)."""
    state = new_game(catalog(), 4, [CharacterSetup(name="Captain", start="House")])
    assert state.place_of("Captain") == state.place_of("House")
    assert state.characters["Captain"].hidden


def test_setup_choices_read_from_lines():
    from rules.setup import setup_choices

    text = (
        "start: Guard house\nVictory: fame 2,  great  treasures 3\nspells: Peace, Absorb Essence\n"
    )
    assert setup_choices(text) == {
        "start": "Guard house",
        "victory": {"Fame": 2, "Great Treasures": 3},
        "spells": ["Peace", "Absorb Essence"],
    }


@pytest.mark.parametrize(
    "text",
    ["victory: fame ²", "victory: fame 2, gold ٣", "victory: glory 5", "colour: red", "start"],
)
def test_setup_choices_that_are_not_the_form_are_one_clear_error(text):
    """Issue 11: 'fame ²' passed str.isdigit and then crashed int(): now it is refused."""
    from rules.setup import SetupError, setup_choices

    with pytest.raises(SetupError) as refused:
        setup_choices(text)
    assert "\n" not in english(refused.value.phrase) and (
        "victory:" in english(refused.value.phrase) or "write" in english(refused.value.phrase)
    )
