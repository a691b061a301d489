"""What each viewer may see (4.4–4.5, 2.6): secrets never reach the wrong person."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.catalog import catalog
from rules.daylight.hirelings import hire
from rules.events import Event
from rules.pieces import Kind, pieces_of
from rules.setup import CharacterSetup, new_game
from rules.state import GameState, ItemState, Place
from rules.view import MODERATOR, PUBLIC, UnknownViewerError, View, view_for

CHARACTERS = list(catalog().characters)


@cache
def fresh_game(seed: int, characters: tuple[str, ...]) -> GameState:
    setups = [
        CharacterSetup(name=name, victory={"Gold": 5} if i % 2 else {"Notoriety": 5})
        for i, name in enumerate(characters)
    ]
    return new_game(catalog(), seed, setups)


def words(value: Any, *, skip_box_names: bool = True) -> Iterator[str]:
    """Every string in a dumped view, except the names of Set Up Card boxes (printed on the card,
    so public even when a treasure card shares the name)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not (skip_box_names and key == "name" and isinstance(item, str)):
                yield from words(item)
            yield str(key)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from words(item)
    elif isinstance(value, str):
        yield value


def told(events: Iterable[Event]) -> set[str]:
    """Every word the ``events`` tell, but the names of Set Up Card boxes (``box``, ``name``:
    printed on the card, so public even when a treasure card shares the name)."""
    return {
        word
        for e in events
        for key, value in e.fields.items()
        if key not in ("box", "name")
        for word in words(value)
    }


def dumped(view: View) -> dict[str, Any]:
    return view.model_dump(mode="json")


def face_down_secrets(state: GameState) -> set[str]:
    """Identities no one may see in a fresh game: every map chit still face down, every treasure
    and spell card on the Set Up Card or out of play."""
    pieces = pieces_of(catalog())
    secret = set()
    for place, stack in state.stacks.items():
        kind, _ = Place.split(place)
        for piece in stack:
            if pieces[piece].kind is Kind.MAP_CHIT and piece not in state.face_up:
                secret.add(piece)
            if pieces[piece].kind in (Kind.TREASURE, Kind.SPELL) and kind in ("box", "out"):
                secret.add(piece)
    return secret


seeds = st.integers(min_value=0, max_value=10_000)
parties = st.lists(st.sampled_from(CHARACTERS), min_size=1, max_size=4, unique=True).map(tuple)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, parties)
def test_the_public_view_of_a_fresh_game_keeps_every_secret(seed, characters):
    state = fresh_game(seed, characters)
    view = view_for(catalog(), state, PUBLIC)
    strings = set(words(dumped(view)))
    leaked = face_down_secrets(state) & strings
    assert not leaked, f"face-down identities in the public view: {sorted(leaked)[:5]}"
    for character in view.characters:
        assert character.gold is None and character.victory is None
        assert character.spells is None and character.discoveries is None
    text = view.model_dump_json()
    assert '"gold":' not in text.replace('"gold":null', "")
    assert '"victory":{' not in text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, parties.filter(lambda c: len(c) >= 2), st.data())
def test_a_character_sees_his_own_secrets_and_no_one_elses(seed, characters, data):
    state = fresh_game(seed, characters)
    me = data.draw(st.sampled_from(characters))
    view = view_for(catalog(), state, me)
    for character in view.characters:
        mine = character.name == me
        assert (character.gold is not None) == mine
        assert (character.victory is not None) == mine
        assert (character.spells is not None) == mine
    own = next(c for c in view.characters if c.name == me)
    assert own.victory == state.characters[me].victory
    # His recorded spells name spells, not cards: a copy of the card may lie face down anywhere.
    unspelled = tuple(
        c.model_copy(update={"spells": None, "starting_spells": None}) for c in view.characters
    )
    shown = dumped(view.model_copy(update={"characters": unspelled}))
    assert not face_down_secrets(state) & set(words(shown))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, parties)
def test_the_moderator_sees_every_piece(seed, characters):
    state = fresh_game(seed, characters)
    view = view_for(catalog(), state, MODERATOR)
    strings = set(words(dumped(view), skip_box_names=False))
    assert {p.id for p in pieces_of(catalog())} <= strings
    assert all(c.gold == 10 for c in view.characters)


def test_every_counter_on_the_map_is_seen_where_it_stands_hidden_or_not():
    """2.5.3: a hidden character's counter is on the map green side up; anyone sees it there."""
    state = fresh_game(3, ("Amazon", "Witch"))
    view = view_for(catalog(), state, PUBLIC)
    where = Place.split(state.place_of("Amazon"))[1]
    amazon = next(p for p in view.clearings[where].pieces if p.id == "Amazon")
    assert amazon.hidden is True
    inn = Place.split(state.place_of("Inn"))[1]
    assert "Rogues HQ" in {p.id for p in view.clearings[inn].pieces}


def test_set_up_card_boxes_show_their_counters_and_count_their_cards():
    """4.4.1a (L1114): box counts are public, faces secret."""
    state = fresh_game(5, ("Amazon",))
    view = view_for(catalog(), state, PUBLIC)
    hoard = next(b for b in view.set_up_card if b.name == "Hoard")
    assert [p.id for p in hoard.contents.pieces] == ["Tremendous Flying Dragon"]
    assert hoard.contents.face_down == 9
    lost_city = next(s for s in view.sections if s.name == "Lost City")
    assert (lost_city.contents.pieces, lost_city.contents.face_down) == ((), 5)


def test_a_character_sees_what_he_knows():
    state = fresh_game(5, ("Amazon", "Elf")).model_copy(deep=True)
    secret = state.at(Place.box("Hoard"))[0]
    state.characters["Elf"].known.append(secret)
    elf = view_for(catalog(), state, "Elf")
    amazon = view_for(catalog(), state, "Amazon")
    hoard = next(b for b in elf.set_up_card if b.name == "Hoard")
    assert secret in [p.id for p in hoard.contents.pieces]
    assert secret not in set(words(dumped(amazon)))


def test_a_hired_leaders_sheet_is_his_employers_secret():
    """7.7.2a: the gold and discoveries a hired leader holds are his employer's; who hired him,
    until when, and whether he is hidden are seen by all (7.7.1c, 7.7.1g)."""
    state = fresh_game(5, ("Amazon", "Elf")).model_copy(deep=True)
    state.put("Company HQ", state.place_of("Amazon"))
    hire(catalog(), state, "Company HQ", "Amazon")
    sheet = state.minions["Company HQ"].sheet
    sheet.gold, sheet.hidden = 17, True
    sheet.discoveries.append("HOARD 6")
    views = {v: view_for(catalog(), state, v) for v in (PUBLIC, "Elf", "Amazon", MODERATOR)}
    for viewer, view in views.items():
        (minion,) = view.minions
        assert (minion.employer, minion.sheet.name, minion.sheet.hidden) == (
            "Amazon",
            "Company HQ",
            True,
        )
        assert minion.last_day == 14
        owns = viewer in ("Amazon", MODERATOR)
        assert minion.sheet.gold == (17 if owns else None)
        assert minion.sheet.discoveries == (("HOARD 6",) if owns else None)
        pile = view.clearings[Place.split(state.place_of("Company HQ"))[1]]
        (piece,) = [p for p in pile.pieces if p.id == "Company HQ"]
        assert piece.hidden is True


def test_an_unknown_viewer_is_refused_naming_the_viewers():
    state = fresh_game(5, ("Amazon",))
    with pytest.raises(UnknownViewerError, match="unknown viewer 'Elf'; the viewers are public, "):
        view_for(catalog(), state, "Elf")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, parties)
@example(1769, ("Amazon", "Magician", "Berserker"))  # the Rogues show their Dragon Essence
@example(10, ("Pilgrim", "Magician", "Druid"))  # the Company, its employer killed, hired anew
def test_prowling_days_reveal_only_the_chits_turned_up_in_public(seed, characters):
    """Issue 6: after days of prowling, summoning and blocking (7.12, 7.13) neither the public
    events nor the public view name a map chit that was never turned up, nor a treasure or spell
    still on the Set Up Card. The first character's hired leader takes turns too (6.2.5).

    Issue 11: the first character also holds a Treasure card taken from the Set Up Card, and
    abandons it by standing instruction on the first day (4.4.1c): it stays a secret too, told
    to him alone."""
    from rules.autopilot import autopilot_all
    from rules.day.engine import resolve
    from rules.orders.parse import parse_orders

    state = fresh_game(seed, characters).model_copy(deep=True)
    state.put("Company HQ", state.place_of(characters[0]))
    hire(catalog(), state, "Company HQ", characters[0])
    pieces = pieces_of(catalog())
    card = next(
        p
        for place, stack in sorted(state.stacks.items())
        if place.startswith("box:")
        for p in stack
        if pieces[p].kind is Kind.TREASURE
        and catalog().treasures[pieces[p].name].activation == "needs_activation"
    )
    state.put(card, Place.owner(characters[0]))
    state.characters[characters[0]].items[card] = ItemState(active=False)
    public_events = []
    about_card: list[Event] = []
    for day in range(3):
        orders = {}
        texts = autopilot_all(state, state.characters)
        company = state.minions.get("Company HQ")  # unhired if his employer is killed (8.4.9p)
        if company is not None and company.employer == characters[0]:  # not hired by another
            own = texts[characters[0]].splitlines()  # his turn, not the autopilot's Follow
            texts[characters[0]] = "\n".join(
                [*(line for line in own if not line.startswith("Company HQ:")), "Company HQ: H, H"]
            )
        if day == 0:
            texts[characters[0]] = f"before 1: abandon {card}\n" + texts[characters[0]]
        for name, text in texts.items():
            result = parse_orders(text, state, name)
            assert result.orders is not None, (name, text, result.errors)
            orders[name] = result.orders
        resolution = resolve(state, orders)
        public_events += [e for e in resolution.events if e.visible_to(PUBLIC)]
        about_card += [e for e in resolution.events if e.fields.get("item") == card]
        state = resolution.state
    assert (about_card[0].type, about_card[0].recipients) == (
        "abandoned_card_named",
        (characters[0],),
    )
    assert all(e.audience == "private" for e in about_card), "told only to those who hold it"
    # abandoned, or looted since, or taken to a native group's box by natives who killed the
    # one who held it (8.7.5)
    assert state.place_of(card).startswith(("at:", "with:", "box:"))
    revealed = {e.fields["chit"] for e in public_events if e.type == "chit_revealed"}
    # Treasures that natives buy or sell, and Enchanted cards seen in trading, are shown to all
    # (4.4.1c L1117, 4.4.2a L1121).
    revealed |= {e.fields["item"] for e in public_events if e.type == "enchanted_revealed"}
    for event in public_events:
        if event.type in ("sold", "bought", "paid_in_kind"):
            named = event.fields.get("items", event.fields.get("item"))
            revealed |= set(named) if isinstance(named, list) else {str(named)}
    secret = (face_down_secrets(state) | {card}) - revealed
    said = told(public_events)
    assert not secret & said, f"secrets in public events: {sorted(secret & said)[:5]}"
    strings = set(words(dumped(view_for(catalog(), state, PUBLIC))))
    assert not secret & strings, f"secrets in the public view: {sorted(secret & strings)[:5]}"
