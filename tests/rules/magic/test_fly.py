"""Flying after Hurricane Winds (L4891, 7.3.3b): a character blown away lands in his turn, a
denizen that takes none as Daylight begins, and his orders may fly on from the tile."""

from __future__ import annotations

from rules.board import Board
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.magic.state import SpellInEffect
from rules.orders.legal import legal_activities
from rules.orders.model import Activity, ActivityKind, Orders
from rules.pieces import Kind, pieces_of
from rules.state import GameState, Place
from tests.rules.games import fresh


def blown(state: GameState, target: str) -> str:
    """``target`` blown by the Sorcerer's Hurricane Winds over the Amazon's tile: that tile."""
    tile = Board(catalog(), state.tiles).tile_of(state.clearing_of("Amazon") or "").tile
    state.put(target, Place.tile(tile))
    state.spells.append(
        SpellInEffect(
            number=1,
            spell="Hurricane Winds",
            caster="Sorcerer",
            controller="Sorcerer",
            chit="MAGIC IV3*",
            targets=[target],
            cast_day=1,
            flying=True,
        )
    )
    return tile


def hide(name: str) -> dict[str, Orders]:
    return {name: Orders(character=name, phases=(Activity(kind=ActivityKind.HIDE),))}


def test_a_character_blown_away_lands_before_his_first_other_activity():
    """7.3.3b (L1718): "He must land before doing any other activity"; b.1: in the tile he flew
    to, the clearing a die names; the Fly chit then expires (4.6.7e.1)."""
    state = fresh(7, ("Amazon", "Sorcerer"))
    tile = blown(state, "Amazon")
    result = resolve(state, hide("Amazon"), until="daylight")
    types = [e.type for e in result.events if e.fields.get("who") == "Amazon"]
    assert types.index("landed") < types.index("hid")
    landed = next(e for e in result.events if e.type == "landed")
    assert str(landed.fields["at"]).startswith(tile)
    assert result.state.clearing_of("Amazon") == landed.fields["at"]
    assert not result.state.spells, "the Fly chit expires as he lands"


def test_a_monster_blown_away_lands_as_daylight_begins():
    """L4891: "If the target is a denizen that does not record turns, it lands at the beginning
    of Daylight, just before the first attention chit is chosen"."""
    state = fresh(7, ("Amazon", "Sorcerer"))
    monster = pieces_of(catalog()).of_kind(Kind.MONSTER)[0].id
    tile = blown(state, monster)
    result = resolve(state, hide("Amazon"), until="daylight")
    types = [e.type for e in result.events]
    assert types.index("landed") < types.index("turn_started")
    assert (result.state.clearing_of(monster) or "").startswith(tile)
    assert not result.state.spells


def test_orders_may_fly_on_from_the_tile_he_was_blown_to():
    """7.3.3a.2: from the tile he flew to, he may fly to it or a tile next to it."""
    state = fresh(7, ("Amazon", "Sorcerer"))
    tile = blown(state, "Amazon")
    flights = [
        a.target
        for a in legal_activities(state, "Amazon", 1, catalog=catalog())
        if a.kind is ActivityKind.FLY
    ]
    assert tile in flights
