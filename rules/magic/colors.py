"""Colour magic (4.6.2–4.6.4): every source, and which colours supply whom, where, now.

One question is asked of colour by enchanting (7.10.4), casting (8.3.9b) and energizing
(4.6.7h) alike: which colours are supplied, and by what. The answer is a tuple of
:class:`Supply`, each a colour and its source, in this order:

- the seventh day's colours, everywhere (6.1.2 L1491; 10.E.2.3 L3457 in a longer game:
  :func:`seventh_day_colors`);
- the Chapel's White in its clearing (4.6.2c L1198), the Toadstool Circle's Black in its clearing
  once discovered (face up, 4.6.2c), and each face-up Enchanted card's colour in its clearing,
  carried or lying in the pile, or on the roadway it is on (4.6.2b, b.1–b.2): the catalog marks
  these cards ``color_source:<colour>``; none of them reaches the roadways around its clearing
  (4.6.2e.2 note);
- an enchanted tile's colours for each of its clearings, in that clearing and on every roadway
  into it (4.6.2e.1–e.2; the colours are the tile data's, per clearing of the enchanted face);
- a character's own colour chits, for himself alone (4.6.2f, 4.6.4g–h): each supplies once,
  then fatigues (its user does that).

The automatic sources (all but the colour chits) are :func:`at_place` and, for a hex tile as a
target, :func:`on_tile` (4.6.7h.7); :func:`for_individual` adds a character's colour chits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from rules import forest
from rules.board import clearing_id, parse_clearing_id
from rules.catalog import Catalog
from rules.chits import printed
from rules.end.length import MONTH_DAYS, last_day
from rules.magic.altering import magic_type
from rules.modifiers import site_card_clearing
from rules.pieces import Kind, pieces_of
from rules.schema.base import MagicColor, MagicType
from rules.state import GameState, Place

#: The colour magic days 14, 21 and 28 supply (6.1.2, L1491); Day 7 supplies White and Black.
SEVENTH_DAY_COLORS = {14: (MagicColor.GRAY,), 21: (MagicColor.PURPLE,), 28: (MagicColor.GOLD,)}

#: The colour a Magic chit of each type becomes when enchanted, and the colour it needs to
#: enchant a tile (4.6.4a–f, 7.10.3, 7.10.4a); Types VI–VIII cannot be enchanted.
CHIT_COLORS = {
    MagicType.I: MagicColor.WHITE,
    MagicType.II: MagicColor.GRAY,
    MagicType.III: MagicColor.GOLD,
    MagicType.IV: MagicColor.PURPLE,
    MagicType.V: MagicColor.BLACK,
}

#: The source of the seventh day's colours, as events name it.
DAY = "day"
#: The source of an enchanted tile's colours, as events name it.
TILE = "tile"
#: The dwelling that supplies White magic in its clearing (4.6.2c).
CHAPEL = "Chapel"


@dataclass(frozen=True)
class Supply:
    """A colour of magic supplied, and its ``source``: ``day``, ``tile``, the Chapel or a
    Treasure card by name, or one of his colour chits by its label (``chit`` True)."""

    color: MagicColor
    source: str
    chit: bool = False


def seventh_day_colors(state: GameState) -> tuple[MagicColor, ...]:
    """6.1.2 (L1491): Day 7 supplies White and Black, 14 Grey, 21 Purple, 28 Gold, everywhere.
    In a game longer than one month (:mod:`rules.end.length`) day 7 supplies White in odd
    months and Black in even ones instead (10.E.2 2.3, L3457)."""
    if state.day == 7:
        if last_day(state) > MONTH_DAYS:
            return (MagicColor.WHITE,) if state.month % 2 else (MagicColor.BLACK,)
        return (MagicColor.WHITE, MagicColor.BLACK)
    return SEVENTH_DAY_COLORS.get(state.day, ())


def chit_color(label: str) -> MagicColor | None:
    """The colour a Magic chit of this label becomes when enchanted, and needs to enchant a
    tile (4.6.4a–f); None for Types VI–VIII and for any other chit."""
    magic = printed(label).magic_type
    return CHIT_COLORS.get(magic) if magic is not None else None


def chit_color_now(state: GameState, owner: str, label: str) -> MagicColor | None:
    """:func:`chit_color` of ``owner``'s Magic chit ``label`` by the type it has now: a spell
    in effect may have transformed it (4.6.10c, :func:`rules.magic.altering.magic_type`)."""
    magic = magic_type(state.spells, owner, label)
    return CHIT_COLORS.get(magic) if magic is not None else None


def at_place(catalog: Catalog, state: GameState, place: str) -> tuple[Supply, ...]:
    """The colours the automatic sources supply at ``place`` (a clearing ``at:CV5`` or a
    roadway ``road:CV4|CV5``; in the forest, :mod:`rules.forest`, those of its whole tile, as
    8.3.8f L2386 says, :func:`on_tile`; elsewhere only the day's), in the module's order."""
    tile = forest.tile_of(place)
    if tile is not None:
        return on_tile(catalog, state, tile)
    kind, where = Place.split(place)
    supplies = [Supply(color, DAY) for color in seventh_day_colors(state)]
    if kind == "at":
        supplies += _radiating(catalog, state, place)
        supplies += _tile_colors(catalog, state, [where])
    elif kind == "road":
        supplies += _radiating(catalog, state, place)
        supplies += _tile_colors(catalog, state, where.split("|"))
    return tuple(supplies)


def for_individual(catalog: Catalog, state: GameState, who: str) -> tuple[Supply, ...]:
    """The colours that supply ``who`` now: the automatic sources where he is
    (:func:`at_place`), then, for a character, his own colour chits (4.6.2f), each once."""
    supplies = list(at_place(catalog, state, state.place_of(who)))
    if who in state.characters:
        supplies += [
            Supply(chit.color, chit.label, chit=True)
            for chit in state.characters[who].chits
            if chit.color is not None and chit.status == "active"
        ]
    return tuple(supplies)


def on_tile(catalog: Catalog, state: GameState, tile: str) -> tuple[Supply, ...]:
    """The colours the automatic sources supply anywhere on ``tile`` (4.6.7h.7: a hex tile
    target of a Permanent spell is energized from anywhere on it, roadways and woods included):
    the day's, and those of each of its clearings and of the roadways between them."""
    supplies = [Supply(color, DAY) for color in seventh_day_colors(state)]
    for place in _places_on(catalog, state, tile):
        supplies += [s for s in at_place(catalog, state, place) if s.source != DAY]
    return tuple(dict.fromkeys(supplies))


@dataclass(frozen=True)
class Present:
    """An automatic source of colour present on the map now (for the map's legend): its
    ``color``, its ``source`` (as :class:`Supply` names it), ``where`` it supplies (a clearing
    ``CV5``, a roadway ``CV4|CV5``; None everywhere: the day's) and, for a Site card (the
    Toadstool Circle), the ``site`` chit whose clearing it supplies — known only to those who
    know the site (4.6.2c)."""

    color: MagicColor
    source: str
    where: str | None = None
    site: str | None = None


def present(catalog: Catalog, state: GameState) -> tuple[Present, ...]:
    """Every automatic source supplying colour somewhere now, in the module's order: the seventh
    day's colours everywhere, the Chapel's White, each face-up card's colour where it is (lying
    in a clearing or on a roadway, carried by someone there, a Site card at its site), and each
    enchanted tile's colours by clearing. Where a card lies off the map (in a box, aside) it
    supplies nowhere and is left out."""
    found = [Present(color, DAY) for color in seventh_day_colors(state)]
    pieces = pieces_of(catalog)
    kind, where = Place.split(_place(state, CHAPEL))
    if kind == "at":
        found.append(Present(MagicColor.WHITE, CHAPEL, where))
    sources = _color_cards(catalog)
    for card in state.face_up:
        if card not in sources:
            continue
        place = _place(state, card)
        kind, holder = Place.split(place)
        if kind == "with":
            place = _place(state, holder)
        kind, where = Place.split(place)
        if kind in ("at", "road"):
            found.append(Present(sources[card], pieces[card].name, where))
        elif kind == "box":
            clearing = site_card_clearing(catalog, state, card)
            holds = catalog.setup_card[where].holds if where in catalog.setup_card else None
            if clearing is not None and holds is not None:
                chit = pieces.named(holds)[0]
                found.append(Present(sources[card], pieces[card].name, clearing, chit))
    for placed in state.tiles:
        if not placed.enchanted:
            continue
        for spot in catalog.tiles[placed.tile].side(True).clearings:
            found += [Present(c, TILE, clearing_id(placed.tile, spot.number)) for c in spot.magic]
    return tuple(found)


def _place(state: GameState, piece: str) -> str:
    """Where ``piece`` is; out of play when in no stack (a game set up without it)."""
    try:
        return state.place_of(piece)
    except KeyError:
        return Place.OUT


def supplies(found: Iterable[Supply], color: MagicColor | str) -> list[Supply]:
    """Those of ``found`` that supply ``color`` (``any``: every one, for Bad Luck and Control
    Bats, 4.6.7h.2), automatic sources first."""
    chosen = [s for s in found if color == "any" or s.color == color]
    return sorted(chosen, key=lambda s: s.chit)


def _radiating(catalog: Catalog, state: GameState, place: str) -> list[Supply]:
    """The Chapel, and the face-up Treasure cards marked ``color_source``, at ``place``: lying
    there, carried by someone there, or (a Site card, the Toadstool Circle) at its site
    (4.6.2b–c). Only the cards reach a roadway (4.6.2b.2)."""
    found: list[Supply] = []
    pieces = pieces_of(catalog)
    if place.startswith("at:") and CHAPEL in pieces and state.place_of(CHAPEL) == place:
        found.append(Supply(MagicColor.WHITE, CHAPEL))
    sources = _color_cards(catalog)
    cards = [p for p in state.at(place) if p in sources]
    for holder in state.at(place):
        if holder in state.characters or holder in state.minions:
            cards += [p for p in state.at(Place.owner(holder)) if p in sources]
    if place.startswith("at:"):
        cards += [
            card
            for card in state.face_up
            if card in sources
            and pieces[card].kind is Kind.TREASURE
            and site_card_clearing(catalog, state, card) == place.removeprefix("at:")
        ]
    for card in dict.fromkeys(cards):
        if card in state.face_up:
            found.append(Supply(sources[card], pieces[card].name))
    return found


def _tile_colors(catalog: Catalog, state: GameState, clearings: Iterable[str]) -> list[Supply]:
    """The colours each of ``clearings`` is supplied by its tile, if enchanted side up
    (4.6.2e.1–e.2)."""
    found: list[Supply] = []
    enchanted = {t.tile: t for t in state.tiles if t.enchanted}
    for clearing in clearings:
        code, number = parse_clearing_id(clearing)
        if code not in enchanted:
            continue
        side = catalog.tiles[code].side(True)
        found += [Supply(color, TILE) for color in side.clearing(number).magic]
    return list(dict.fromkeys(found))


def _places_on(catalog: Catalog, state: GameState, tile: str) -> list[str]:
    """Every clearing of ``tile`` (on its side up) and every roadway holding pieces there."""
    placed = next(t for t in state.tiles if t.tile == tile)
    side = catalog.tiles[tile].side(placed.enchanted)
    places = [Place.clearing(clearing_id(tile, c.number)) for c in side.clearings]
    for place in state.stacks:
        kind, ends = Place.split(place)
        if kind == "road" and any(parse_clearing_id(end)[0] == tile for end in ends.split("|")):
            places.append(place)
    return places


@cache
def _color_cards(catalog: Catalog) -> dict[str, MagicColor]:
    """The pieces of the Treasure cards that radiate colour magic (the Enchanted cards and the
    Toadstool Circle: ``color_source:<colour>``), and their colour."""
    found: dict[str, MagicColor] = {}
    for piece in pieces_of(catalog).of_kind(Kind.TREASURE):
        for key in catalog.treasures[piece.name].behaviour:
            if key.startswith("color_source:"):
                found[piece.id] = MagicColor(key.partition(":")[2])
    return found
