"""Fresh starts (9.1.2, 9.2.2a; rules/setup/restart.py) after deaths the engine resolved."""

from __future__ import annotations

import re

import pytest

from bot.event_text import english
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.end.scoring import score_game
from rules.orders.parse import parse_orders
from rules.pieces import pieces_of
from rules.setup.characters import CharacterSetup, SetupError
from rules.setup.restart import restart
from rules.state import GameState, Place
from rules.state_check import check_state
from tests.rules.games import fresh

CAST = ("Amazon", "Berserker")


def suicide_on_day_one() -> GameState:
    """Day 1 of a game where the Amazon suicides at Midnight and the Berserker hides."""
    state = fresh(3, CAST, Amazon="BL1", Berserker="CN1")
    amazon = parse_orders("-\nsuicide: at midnight", state, "Amazon").orders
    berserker = parse_orders("H", state, "Berserker").orders
    assert amazon is not None and berserker is not None
    resolved: GameState = resolve(state, {"Amazon": amazon, "Berserker": berserker}).state
    return resolved


def test_a_suicide_sits_out_a_full_day_then_starts_again_at_the_inn_as_another() -> None:
    state = suicide_on_day_one()
    amazon = state.characters["Amazon"]
    assert amazon.dead and amazon.departed is not None
    assert (amazon.departed.how, amazon.departed.restart_day, amazon.departed.pick) == (
        "suicide",
        3,
        1,
    )
    with pytest.raises(SetupError) as refused:
        restart(catalog(), state, "Amazon", CharacterSetup(name="Elf"))
    assert english(refused.value.phrase) == (
        "the Amazon died on game day 1: a player who suicides sits out a full day (9.2.2a), so "
        "from game day 3, not 2"
    )
    state = resolve(state, {}).state  # day 2, sat out
    before = state.to_json()
    for setup, message in (
        (CharacterSetup(name="Berserker"), "the Berserker is in use; pick a character nobody"),
        (CharacterSetup(name="Elf", start="Elven Castle"), "a fresh start is at the Inn (9.1.2a)"),
        (CharacterSetup(name="Elff"), "unknown character 'Elff'; did you mean 'Elf'?"),
        (CharacterSetup(name="Elf", victory={"Fame": 6}), "Fame points must be 0 to 5"),
    ):
        with pytest.raises(SetupError) as refused:
            restart(catalog(), state, "Amazon", setup)
        assert message in english(refused.value.phrase)
    assert state.to_json() == before, "a refused fresh start changes nothing"

    victory = {"Fame": 2, "Gold": 3}
    sheet, notes = restart(
        catalog(), state, "Amazon", CharacterSetup(name="Elf", player="alice", victory=victory)
    )
    assert sheet.name == "Elf" and sheet.player == "alice" and sheet.start == "Inn"
    assert sheet.victory["Fame"] == 2 and sheet.victory["Gold"] == 3
    assert state.characters["Elf"] is sheet and sheet.hidden and not sheet.dead
    assert state.clearing_of("Elf") == state.clearing_of("Inn")
    assert [english(note) for note in notes] == ["Light Bow from the natives"]
    assert state.characters["Amazon"].departed is not None
    assert state.characters["Amazon"].departed.restarted_as == "Elf"
    check_state(state, catalog())
    with pytest.raises(SetupError) as refused:
        restart(catalog(), state, "Amazon", CharacterSetup(name="Amazon"))
    assert re.search("has already started again, as the Elf", english(refused.value.phrase))


def test_the_same_character_again_takes_missing_gear_from_the_map_or_its_price() -> None:
    state = resolve(suicide_on_day_one(), {}).state
    pieces = pieces_of(catalog())
    for piece in pieces:
        where = state.place_of(piece.id)
        if piece.name == "Short Sword" and not where.startswith("with:"):
            state.put(piece.id, Place.OUT)  # no Short Sword to be had: its price instead
        if piece.name == "Helmet" and where.startswith("box:"):
            state.put(piece.id, Place.OUT)  # the natives have none: hers, abandoned, is taken
    [helmet] = [p for p in state.at(Place.clearing("BL1")) if pieces[p].name == "Helmet"]
    sheet, notes = restart(catalog(), state, "Amazon", CharacterSetup(name="Amazon"))
    price = catalog().weapons["Short Sword"].price
    assert sheet.gold == 10 + price and not sheet.dead and sheet.departed is None
    said = [english(note) for note in notes]
    assert f"no Short Sword to be had: its price, {price} Gold, instead" in said
    assert "Helmet from the abandoned items on the map" in said
    assert state.place_of(helmet) == Place.owner("Amazon")
    check_state(state, catalog())


def test_the_order_of_picks_holds_on_the_first_day_only() -> None:
    state = fresh(3, CAST, Amazon="BL1", Berserker="CN1")
    orders = {name: parse_orders("-\nsuicide: at midnight", state, name).orders for name in CAST}
    state = resolve(state, {k: v for k, v in orders.items() if v is not None}).state
    picks = {n: state.characters[n].departed.pick for n in CAST}  # type: ignore[union-attr]
    assert sorted(picks.values()) == [1, 2]
    second = next(n for n, p in picks.items() if p == 2)
    first = next(n for n, p in picks.items() if p == 1)
    state = resolve(state, {}).state  # game day 3: both may start again, in order
    with pytest.raises(SetupError) as refused:
        restart(catalog(), state, second, CharacterSetup(name="Elf"))
    assert english(refused.value.phrase) == (
        f"the player of the {first} picks a new character first, having lost his first "
        "(9.1.2b); try again once he has, or from tomorrow"
    )
    restart(catalog(), state, first, CharacterSetup(name="Elf"))
    restart(catalog(), state, second, CharacterSetup(name="Dwarf"))
    check_state(state, catalog())


def test_on_a_later_day_the_order_of_picks_no_longer_holds() -> None:
    state = fresh(3, CAST, Amazon="BL1", Berserker="CN1")
    orders = {name: parse_orders("-\nsuicide: at midnight", state, name).orders for name in CAST}
    state = resolve(state, {k: v for k, v in orders.items() if v is not None}).state
    second = next(n for n in CAST if state.characters[n].departed.pick == 2)  # type: ignore[union-attr]
    state = resolve(resolve(state, {}).state, {}).state  # game day 4
    sheet, _ = restart(catalog(), state, second, CharacterSetup(name="Elf"))
    assert state.clearing_of("Elf") == state.clearing_of("Inn") and sheet.hidden


def test_only_the_new_character_is_scored_after_a_fresh_start_as_another() -> None:
    """9.3.1a: "If the player rejoins the game, he uses only his new character to define his
    score at the end of the game; his previous characters do not count and are ignored"; one
    killed who did not restart scores -100."""
    state = resolve(suicide_on_day_one(), {}).state
    scores = {s.name: s.total for s in score_game(catalog(), state).scores}
    assert scores["Amazon"] == -100
    restart(catalog(), state, "Amazon", CharacterSetup(name="Elf"))
    names = [s.name for s in score_game(catalog(), state).scores]
    assert sorted(names) == ["Berserker", "Elf"]
