"""Searching keeps its secrets (7.5.4c–d, 7.5.5e, 4.5): over days of searching — Locates, Peers,
Loots of discovered sites and of piles — the public never learns a card taken secretly, a map
chit nobody turned up or showed, a site or path someone discovered, nor what a look showed; and
each private event reaches only the searcher (or his employer)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rules.autopilot import autopilot_all
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.discoveries import RoadDiscovery
from rules.events import PUBLIC, Event
from rules.orders.parse import parse_orders
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.state import GameState, Place
from rules.view import view_for
from tests.rules.test_view import dumped, face_down_secrets, fresh_game, told, words

CHARACTERS = list(catalog().characters)
SEARCHES = ("S Locate", "S Peer", "S Loot", "S Locate", "S Loot")


def at_a_site(state: GameState, name: str, index: int) -> bool:
    """Put ``name`` in the clearing of the ``index``-th Site chit still face down in a tile,
    with the site already discovered (so that he loots it); False, nothing done, when every
    Site chit lies in the Lost City's and the Lost Castle's sections (seed 2006's game)."""
    pieces = pieces_of(catalog())
    chits = sorted(
        p
        for place, stack in state.stacks.items()
        if place.startswith("tile:")
        for p in stack
        if pieces[p].kind is Kind.MAP_CHIT
        and catalog().map_chits[pieces[p].name].kind is ChitKind.SITE
    )
    if not chits:
        return False
    chit = chits[index % len(chits)]
    code = state.place_of(chit).partition(":")[2]
    number = catalog().map_chits[pieces[chit].name].clearing
    state.put(name, Place.clearing(f"{code}{number}"))
    state.characters[name].discoveries.append(pieces[chit].name)
    return True


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=10_000),
    st.lists(st.sampled_from(CHARACTERS), min_size=2, max_size=4, unique=True).map(tuple),
    st.integers(min_value=0, max_value=20),
)
@example(2006, ("Amazon", "Berserker"), 0)  # no Site chit in a tile: nothing to check
def test_searching_tells_the_public_nothing_secret(seed, characters, site):
    state = fresh_game(seed, characters).model_copy(deep=True)
    assume(at_a_site(state, characters[0], site))
    public: list[Event] = []
    private: list[Event] = []
    for day in range(3):
        texts = autopilot_all(state, state.characters)
        searcher = state.characters[characters[0]]
        if searcher.dead or not any(c.status == "active" for c in searcher.chits):
            break  # dead, or he may only Rest (9.1.1c): the searches so far are what is checked
        texts[characters[0]] = ", ".join(SEARCHES[day : day + 2])
        orders = {}
        for name, text in texts.items():
            result = parse_orders(text, state, name)
            assert result.orders is not None, (name, text, result.errors)
            orders[name] = result.orders
        resolution = resolve(state, orders)
        public += [e for e in resolution.events if e.visible_to(PUBLIC)]
        private += [e for e in resolution.events if e.audience == "private"]
        state = resolution.state
    searched = [e for e in public if e.type == "searched"]
    assert searched, "the searches were made"
    shown = {e.fields["chit"] for e in public if e.type in ("chit_revealed", "chit_shown")}
    pieces = pieces_of(catalog())
    cards = {
        item
        for name in state.characters
        for item in state.at(Place.owner(name))
        if pieces[item].kind is Kind.TREASURE and item not in state.face_up
    }
    roads = {
        found
        for sheet in state.characters.values()
        for found in sheet.discoveries
        if RoadDiscovery.parse(found) is not None
    }
    secret = (face_down_secrets(state) - shown - set(state.face_up)) | cards | roads
    said = told(public)
    assert not secret & said, f"secrets in public events: {sorted(secret & said)[:5]}"
    strings = set(words(dumped(view_for(catalog(), state, PUBLIC))))
    assert not cards & strings, f"cards in the public view: {sorted(cards & strings)[:5]}"
    for e in private:
        assert len(e.recipients) == 1 and e.recipients[0] in state.characters, (
            e.type,
            e.recipients,
        )
        who = e.fields.get("who")
        if who in state.characters:
            assert e.recipients == (who,), (e.type, e.recipients, who)
