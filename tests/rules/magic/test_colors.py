"""Every source of colour magic (4.6.2–4.6.4, rules.magic.colors): the seventh days, the Chapel,
the Enchanted cards face up (carried, lying, on a roadway), the Toadstool Circle, enchanted
tiles with their roadways and their forest, and a character's own colour chits."""

from __future__ import annotations

import pytest

from rules.catalog import catalog
from rules.magic import colors
from rules.magic.colors import Supply, at_place, for_individual, on_tile, supplies
from rules.modifiers import site_card_clearing
from rules.schema.base import MagicColor
from rules.setup.game import new_game
from rules.state import GameState, Place

W, G, Au, P, B = (
    MagicColor.WHITE,
    MagicColor.GRAY,
    MagicColor.GOLD,
    MagicColor.PURPLE,
    MagicColor.BLACK,
)


def game(day: int = 1) -> GameState:
    state = new_game(catalog(), 3, ["Amazon", "Witch"])
    state.day = day
    return state


def enchant(state: GameState, tile: str) -> None:
    index = next(i for i, t in enumerate(state.tiles) if t.tile == tile)
    state.tiles[index] = state.tiles[index].model_copy(update={"enchanted": True})


@pytest.mark.parametrize(
    ("day", "expected"), [(1, ()), (7, (W, B)), (14, (G,)), (21, (P,)), (28, (Au,))]
)
def test_the_seventh_days_supply_their_colours_everywhere(day: int, expected: tuple[str]) -> None:
    state = game(day)
    for place in ("at:BL1", "at:M2", Place.road("BL1", "BL2")):
        assert tuple(s.color for s in at_place(catalog(), state, place)) == expected
    assert all(s.source == colors.DAY for s in at_place(catalog(), state, "at:BL1"))


def test_day_7_alternates_white_and_black_by_month_in_a_longer_game() -> None:
    state = game(7)
    state.options["weeks"] = 8
    assert colors.seventh_day_colors(state) == (W,)
    state.month = 2
    assert colors.seventh_day_colors(state) == (B,)


def test_the_chapel_supplies_white_in_its_clearing_only() -> None:
    state = game()
    chapel = state.place_of("Chapel")
    assert list(at_place(catalog(), state, chapel)) == [Supply(W, "Chapel")]
    clearing = chapel.removeprefix("at:")
    assert at_place(catalog(), state, Place.road(clearing, "XX1")) == ()


def test_an_enchanted_card_supplies_its_clearing_once_face_up_carried_or_lying() -> None:
    state = game()
    state.put("Dragon Essence", "at:CV2")
    assert at_place(catalog(), state, "at:CV2") == (), "face down: no colour (4.6.2b.1)"
    state.face_up.append("Dragon Essence")
    assert at_place(catalog(), state, "at:CV2") == (Supply(P, "Dragon Essence"),)
    state.put("Amazon", "at:CV2")
    state.put("Dragon Essence", Place.owner("Amazon"))
    assert at_place(catalog(), state, "at:CV2") == (Supply(P, "Dragon Essence"),), "carried"
    assert for_individual(catalog(), state, "Amazon") == (Supply(P, "Dragon Essence"),)


def test_an_enchanted_card_on_a_roadway_supplies_the_roadway_not_its_clearings() -> None:
    state = game()
    road = Place.road("CV2", "CV5")
    state.put("Sacred Grail", road)
    state.face_up.append("Sacred Grail")
    assert at_place(catalog(), state, road) == (Supply(W, "Sacred Grail"),)
    assert at_place(catalog(), state, "at:CV2") == ()


def test_an_enchanted_tile_supplies_each_clearing_s_colours_and_the_roadways_into_it() -> None:
    state = game()
    assert at_place(catalog(), state, "at:BL6") == ()
    enchant(state, "BL")
    assert at_place(catalog(), state, "at:BL6") == (Supply(G, "tile"), Supply(P, "tile"))
    assert at_place(catalog(), state, "at:BL2") == (Supply(Au, "tile"),)
    road = Place.road("BL1", "BL2")
    assert {s.color for s in at_place(catalog(), state, road)} == {G, Au}, "both ends (e.2)"
    assert {s.color for s in on_tile(catalog(), state, "BL")} == {G, Au, P}, "anywhere (h.7)"


def test_in_the_forest_the_whole_tile_supplies_him() -> None:
    """7.10.4d.2 puts him in the forest; there the whole tile supplies him (8.3.8f, L2386)."""
    state = game()
    forest = Place.forest("BL1", "BL2")
    assert at_place(catalog(), state, forest) == ()
    enchant(state, "BL")
    assert {s.color for s in at_place(catalog(), state, forest)} == {G, Au, P}
    state.day = 28
    assert Supply(Au, "day") in at_place(catalog(), state, forest)


def test_the_toadstool_circle_once_discovered_supplies_black_at_its_site() -> None:
    card = "Toadstool Circle"
    state, clearing = next(
        (state, found)
        for state in (new_game(catalog(), seed, ["Amazon"]) for seed in range(1, 40))
        if (found := site_card_clearing(catalog(), state, card)) is not None
    )
    place = Place.clearing(clearing)
    assert Supply(B, card) not in at_place(catalog(), state, place), "not before it is found"
    state.face_up.append(card)
    assert Supply(B, card) in at_place(catalog(), state, place)


def test_his_colour_chits_supply_him_alone_automatic_sources_first() -> None:
    state = game(21)
    witch = state.characters["Witch"]
    chit = next(c for c in witch.chits if c.label.startswith("MAGIC II"))
    chit.color = G
    mine = for_individual(catalog(), state, "Witch")
    assert Supply(G, chit.label, chit=True) in mine
    others = for_individual(catalog(), state, "Amazon")
    assert all(not s.chit for s in others)
    assert supplies(mine, G) == [Supply(G, chit.label, chit=True)]
    assert supplies(mine, "any")[0] == Supply(P, "day"), "the day's before his chit"
    chit.status = "fatigued"
    assert supplies(for_individual(catalog(), state, "Witch"), G) == []


def test_a_chit_s_type_is_its_colour_and_types_vi_to_viii_have_none() -> None:
    assert colors.chit_color("MAGIC I3*") == W
    assert colors.chit_color("MAGIC V4*") == B
    assert colors.chit_color("MAGIC VI2*") is None
    assert colors.chit_color("MOVE M4*") is None
