"""Trading keeps its secrets (7.6.5, 7.6.5f, 7.6.7b): what he looks at in a seller's box, the
spell he learns from a visitor and his changed relationships reach him alone; the public learns
the roll, the result, and what is bought or sold."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.orders.parse import parse_orders
from rules.pieces import Kind, pieces_of
from rules.state import Place
from rules.view import PUBLIC
from tests.rules.test_view import CHARACTERS, fresh_game, words

PARTNERS = ("Company", "Bashkars", "Crone", "Scholar")
LEVELS = {"enemy": -2, "unfriendly": -1, "neutral": 0, "friendly": 1, "ally": 2}


def _place_partner(state, partner: str, here: str) -> None:
    """The native group's leader, or the visitor's chit with his face up, in ``here``."""
    if partner in ("Crone", "Scholar"):
        chit = catalog().visitors[partner].name
        state.put(chit, here)
        state.visitor_faces[chit] = partner
    else:
        state.put(f"{partner} HQ", here)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    character=st.sampled_from(CHARACTERS),
    partner=st.sampled_from(PARTNERS),
    level=st.sampled_from(sorted(LEVELS)),
    gold=st.integers(min_value=0, max_value=60),
    extra=st.sampled_from(["", "drinks: yes", "boons: take", "insults: pay", "buy: Shield"]),
)
def test_a_trade_tells_the_public_nothing_secret(seed, character, partner, level, gold, extra):
    state = fresh_game(seed, (character,)).model_copy(deep=True)
    sheet = state.characters[character]
    sheet.gold = gold
    sheet.relationships[partner] = LEVELS[level]
    here = state.place_of(character)
    _place_partner(state, partner, here)
    pieces = pieces_of(catalog())
    box_place = next(
        Place.box(b.name)
        for b in catalog().setup_card.values()
        if b.natives == partner or (b.holds == partner and b.section == "visitors")
    )
    box = list(state.at(box_place))
    text = f"T {partner}, T {partner}\n{extra}".strip()
    result = parse_orders(text, state, character)
    assert result.orders is not None, result.errors
    resolution = resolve(state, {character: result.orders})
    events = resolution.events
    public = [e for e in events if e.visible_to(PUBLIC)]
    shown = {
        str(value)
        for e in public
        if e.type in ("bought", "sold", "enchanted_revealed")
        for value in e.fields.values()
    }
    secret = {
        p for p in box if pieces[p].kind in (Kind.TREASURE, Kind.SPELL) and p not in state.face_up
    } - shown
    learned = {e.fields["spell"] for e in events if e.type == "spell_learned"}
    told = {word for e in public for value in e.fields.values() for word in words(value)}
    assert not (secret | learned) & told, sorted((secret | learned) & told)[:5]
    assert all(
        e.audience == "private" and e.recipients == (character,)
        for e in events
        if e.type in ("trade_looked", "spell_learned", "relationship", "boon_lost")
    )
