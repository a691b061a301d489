"""Prowling and summoning at the end of a turn (7.13, L2139-2237): what the scenarios cannot
count — the Lost City's five chits, the campfire exchange, the Ghosts prowling every day."""

from __future__ import annotations

from typing import Any

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight import prowling
from rules.pieces import Kind, pieces_of
from rules.state import GameState, Place
from scenarios import build_state, load_scenario


def state_of(roll: int, tile: str, chits: list[str], **extra: Any) -> GameState:
    scenario = load_scenario(
        {
            "name": "prowling",
            "map": {"tiles": [{"tile": tile, "at": [0, 0]}]},
            "chits": {tile: chits},
            "expect": {},
            **extra,
        }
    )
    state = build_state(catalog(), scenario)
    state.today.monster_roll = roll
    return state


def end_turn(state: GameState, clearing: str) -> list[str]:
    ctx = Ctx.start(catalog(), state)
    prowling.end_turn(ctx, clearing)
    return [f"{e.type} {e.fields}" for e in ctx.events]


def test_lost_city_brings_its_five_chits_face_up_into_the_tile_7_13_2b() -> None:
    state = state_of(2, "CV", ["LOST CITY"])
    five = list(state.at(Place.section("Lost City")))
    assert len(five) == 5
    end_turn(state, "CV1")
    assert not state.at(Place.section("Lost City"))
    assert "LOST CITY" in state.face_up and all(chit in state.face_up for chit in five)
    for chit in five:
        kind, where = Place.split(state.place_of(chit))
        assert (kind, where[:2]) in (("at", "CV"), ("tile", "CV"))


def test_chits_face_up_already_summon_nothing_7_13_3b2() -> None:
    state = state_of(4, "DW", ["BONES M"])
    first = end_turn(state, "DW6")
    assert any(line.startswith("summoned") for line in first)
    second = end_turn(state, "DW1")
    assert not any(line.startswith(("summoned", "chit_revealed")) for line in second)
    assert any(line.startswith("denizen_moved") for line in second)
    assert list(state.homes.values()) == ["box:Giants #1"]


def test_druid_peace_with_nature_leaves_sounds_for_the_next_individual_l3681() -> None:
    state = state_of(1, "DW", ["LAIR 3", "SLITHER 6"])
    ctx = Ctx.start(catalog(), state)
    prowling.end_turn(ctx, "DW6", peaceful=True)
    summoned = [e.fields for e in ctx.events if e.type == "summoned"]
    assert summoned and all(fields["by"] == "LAIR 3" for fields in summoned)
    assert "LAIR 3" in state.face_up and "SLITHER 6" not in state.face_up
    after = end_turn(state, "DW1")
    assert any(line.startswith("summoned") and "SLITHER 6" in line for line in after)
    assert "SLITHER 6" in state.face_up


def test_smoke_w_is_exchanged_for_the_small_campfire_7_13_2c() -> None:
    state = state_of(3, "LW", ["SMOKE W"])
    lines = end_turn(state, "LW2")
    assert any(line.startswith("exchanged") for line in lines)
    assert state.place_of("SMOKE W") == Place.OUT
    assert state.place_of("Small Campfire") == Place.clearing("LW5")  # no Borderland: first choice


def test_ghosts_prowl_every_day_7_13_1a() -> None:
    state = state_of(1, "DW", [], denizens=[{"name": "Ghost", "at": "DW5"}])
    end_turn(state, "DW6")
    assert [p for p in state.at(Place.clearing("DW6")) if p.startswith("Ghost")]


def test_natives_appear_at_their_dwelling_without_their_goods_7_13_4() -> None:
    state = state_of(2, "DW", [], dwellings={"House": "DW5"})
    end_turn(state, "DW5")
    here = state.at(Place.clearing("DW5"))
    kinds = {pieces_of(catalog())[p].kind for p in here}
    assert "Woodfolk HQ" in here and kinds <= {Kind.NATIVE, Kind.HORSE, Kind.DWELLING}
    assert "Woodfolk HQ" not in state.at(Place.clearing("DW6"))


def test_at_the_end_of_the_week_the_prowling_row_goes_home():
    """6.3.4 (L1542): on day 7 the prowling row's monsters return to their boxes, the Ghosts to
    their clearing; garrisons with their colour's row (d); visitor chits turn on row 6 (b)."""
    from rules.daylight.prowling import regenerate
    from rules.setup.game import new_game
    from rules.state import Place

    state = new_game(catalog(), 7, ["Amazon"])
    ghost_home = state.place_of("Ghost 1")
    rogues_home = state.place_of("Rogues 1")
    state.put("Ghost 1", Place.clearing("BL1"))
    state.put("Rogues 1", Place.clearing("BL1"))
    state.put("Giant 1", Place.clearing("BL1"))
    state.homes["Giant 1"] = Place.box("Giants #1")
    state.day = 7
    state.today.monster_roll = 5
    ctx = Ctx.start(catalog(), state)
    regenerate(ctx)
    events = ctx.events
    assert state.place_of("Ghost 1") == ghost_home, "the Ghosts every week"
    assert state.place_of("Rogues 1") == rogues_home, "the Rogues prowl with row 5 (6.3.4d)"
    assert state.place_of("Giant 1") == Place.clearing("BL1"), "the Giants prowl on row 4"
    assert {e.fields["piece"] for e in events} == {"Ghost 1", "Rogues 1"}
    state.today.monster_roll = 6
    faces = dict(state.visitor_faces)
    regenerate(Ctx.start(catalog(), state))
    assert all(state.visitor_faces[c] != f for c, f in faces.items()), "row 6 turns them over"
    state.day = 8
    ctx = Ctx.start(catalog(), state)
    regenerate(ctx)
    assert ctx.events == [], "only on the seventh days"


def test_visitors_appear_with_their_leader_on_row_6_7_13_5() -> None:
    """7.13.5 (L2190): on a monster roll of 6 the visitor/mission chit whose native leader is in
    the clearing where a turn ends comes out of its box to that clearing."""
    state = state_of(6, "DW", [], denizens=[{"name": "Woodfolk HQ", "at": "DW5"}])
    assert state.place_of("Shaman / Escort Party") == Place.box("Visitor/Mission #2")
    end_turn(state, "DW5")
    assert state.place_of("Shaman / Escort Party") == Place.clearing("DW5")
    quiet = state_of(5, "DW", [], denizens=[{"name": "Woodfolk HQ", "at": "DW5"}])
    end_turn(quiet, "DW5")
    assert quiet.place_of("Shaman / Escort Party") == Place.box("Visitor/Mission #2")
