"""A new game, set up exactly as section 3 of the rulebook says (rules 3.1–3.6).

:func:`new_game` takes the characters' setup choices and a seed and returns the
:class:`~rules.state.GameState` at the start of the first day, after the six steps of setup:

1. the Treasure Set Up Card is filled, box by box, in the book's order (3.1);
2. the map is built — a legal random map from the seed, or a given layout (3.2);
3. the characters take their 4th-level equipment from the natives, their spells, their gold and
   their secret choices (3.3);
4. the visitor/mission chits go into the row-6 boxes (3.4);
5. the map chits are hidden in the tiles and the Lost City and Lost Castle sections (3.5);
6. the Valley chits are revealed: dwellings, garrisons and Ghosts go on the map, and the characters
   are put, hidden, at their starting dwellings (3.6) — the Witch with her familiar (L3931).

Every random choice draws from the game's dice, so the same seed and choices give the same game.
The choices each player makes in secret (starting dwelling, spells, enchanted chits, Victory
Requirements, which group gives him an item) come in a
:class:`~rules.setup.characters.CharacterSetup`, and step 3 is :mod:`rules.setup.characters`;
the map of step 2 is :mod:`rules.setup.legal_map` (a given layout) and :mod:`rules.setup.mapgen`
(a random one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.board import board_for
from rules.catalog import Catalog
from rules.daylight import familiar
from rules.dice import Dice, DiceState
from rules.end.length import DEFAULT_WEEKS, GameLengthError, victory_points
from rules.layout import PlacedTile
from rules.pieces import Kind, Pieces, copies, pieces_of
from rules.schema.base import MagicType
from rules.schema.chits import ChitKind
from rules.schema.setup import Pieces as BoxPieces
from rules.schema.setup import Section, SpellCards, TreasureCards
from rules.schema.tiles import TileType
from rules.setup.characters import CharacterSetup, SetupError, check_characters, seat_character
from rules.setup.legal_map import check_layout
from rules.setup.mapgen import random_map
from rules.state import GameState, Place


def new_game(
    catalog: Catalog,
    seed: int,
    characters: Sequence[CharacterSetup | str],
    *,
    layout: Sequence[PlacedTile] | None = None,
    forced_dice: Sequence[Sequence[int]] = (),
    weeks: int = DEFAULT_WEEKS,
) -> GameState:
    """Set up a new game (section 3) and return its state at the start of day 1.

    ``characters`` are setups or bare names (all defaults). ``layout`` gives a fixed map, checked
    against 3.2 (a :class:`~rules.board.LayoutError` names the tile and the rule it breaks);
    without it a legal random map is built from the seed. ``forced_dice`` are queued for the
    first rolls of the game (tests and scenarios). ``weeks`` is the game's length (10.E.2,
    :mod:`rules.end.length`): each character's Victory Requirements total one point a week plus
    one, and the option ``weeks`` records a length other than the standard month.

    Raises :class:`SetupError` for an unknown or duplicate character and for any choice the rules
    forbid, naming the character and the choice.
    """
    setups = [c if isinstance(c, CharacterSetup) else CharacterSetup(name=c) for c in characters]
    check_characters(catalog, setups)
    dice = Dice(DiceState(seed=seed))
    pieces = pieces_of(catalog)
    try:
        points = victory_points(weeks)
    except GameLengthError as error:
        raise SetupError(str(error)) from None
    state = GameState(dice=dice.state, tiles=[])
    if weeks != DEFAULT_WEEKS:
        state.options["weeks"] = weeks
    state.stacks[Place.ASIDE] = [p.id for p in pieces]

    fill_set_up_card(catalog, pieces, state, dice)  # step 1
    if layout is None:  # step 2
        state.tiles = random_map(catalog, dice)
    else:
        check_layout(catalog, layout)
        state.tiles = list(layout)
    for setup in setups:  # step 3
        character = seat_character(catalog, pieces, state, setup, victory_points=points)
        state.characters[character.name] = character
    for piece in pieces.of_kind(Kind.CHARACTER):
        if piece.id not in state.characters:
            state.put(piece.id, Place.OUT)
    place_visitor_chits(catalog, state, dice)  # step 4
    place_map_chits(catalog, state, dice)  # step 5
    reveal_dwellings(catalog, state)  # step 6
    _check_every_piece_placed(pieces, state)
    dice.state.forced = [list(roll) for roll in forced_dice]
    return state


# --- step 1: the Set Up Card (3.1) ------------------------------------------------------------


def fill_set_up_card(catalog: Catalog, pieces: Pieces, state: GameState, dice: Dice) -> None:
    """Fill every box of the Set Up Card in the book's order (3.1.3a–g).

    The Treasures Within Treasures boxes come first; then the remaining 18 Large Treasures are
    shuffled with the six TWT cards (3.1.3a). Monster boxes, Treasure Locations (Small below
    Large, spells on top, then the site's monster), Dwellings, Garrisons and the Scholar follow;
    spells go last, the Artifacts after the other boxes (3.1.3g hint), and the six spells left
    over go out of play (3.1.3g.2). Piece order in each box is bottom first.
    """
    treasures = list(catalog.treasures.values())
    small = [t.name for t in treasures if t.size == "small"]
    large = [t.name for t in treasures if t.size == "large" and t.twt is None]
    twt = [t.name for t in treasures if t.twt is not None]
    dice.shuffle(small)
    dice.shuffle(large)
    spell_piles: dict[MagicType, list[str]] = {t: [] for t in MagicType}
    for spell in catalog.spells.values():
        spell_piles[spell.type].append(spell.name)
    for pile in spell_piles.values():
        dice.shuffle(pile)
    piles = {"small": small, "large": large}

    taken: set[str] = set()

    def take_pieces(content: BoxPieces) -> list[str]:
        if content.of == "horse kind":
            candidates = [
                h.name
                for h in catalog.horses.values()
                if str(h.kind) == content.name and h.rider is None and h.name not in taken
            ]
        else:
            candidates = [i for i in pieces.named(content.name) if i not in taken]
        if len(candidates) < content.count:
            raise SetupError(f"the Set Up Card needs {content.count} {content.name}, too few left")
        chosen = candidates[: content.count]
        taken.update(chosen)
        return chosen

    def natives_with_horses(group: str) -> list[str]:
        found: list[str] = []
        for native in catalog.natives[group].counters:
            found.append(native.name)
            if native.horse is not None:
                found.append(native.horse)
        return found

    order = [
        Section.TREASURES_WITHIN_TREASURES,
        Section.LOST_CASTLE,
        Section.LOST_CITY,
        Section.TREASURE_LOCATIONS,
        Section.DWELLINGS,
        Section.GARRISONS,
        Section.VISITORS,
        Section.SPELL_BOOKS,
        Section.ARTIFACTS,
    ]
    boxes = sorted(catalog.setup_card.values(), key=lambda b: _section_rank(order, b.section))
    spells_after: list[tuple[str, SpellCards]] = []
    for box in boxes:
        place = Place.box(box.name)
        for content in box.contents:
            if isinstance(content, TreasureCards):
                pile = piles[content.pile]
                if len(pile) < content.count:
                    raise SetupError(f"too few {content.pile} treasures for the {box.name}")
                for _ in range(content.count):
                    state.put(pile.pop(), place)
            elif isinstance(content, SpellCards):
                if box.section is Section.TREASURE_LOCATIONS:
                    _deal_spells(spell_piles, content, place, state)
                else:
                    spells_after.append((place, content))
            else:
                for piece in take_pieces(content):
                    state.put(piece, place)
        if box.natives is not None:
            for piece in natives_with_horses(box.natives):
                state.put(piece, place)
        if box.section is Section.TREASURES_WITHIN_TREASURES and box.name == _last_twt(catalog):
            large.extend(twt)
            dice.shuffle(large)
    for place, content in spells_after:
        _deal_spells(spell_piles, content, place, state)
    for pile in spell_piles.values():
        for unused in pile:
            state.put(unused, Place.OUT)
    if small or large:
        raise SetupError(f"{len(small)} Small and {len(large)} Large treasures were not dealt")


def _section_rank(order: list[Section], section: Section) -> int:
    return order.index(section) if section in order else len(order)


def _last_twt(catalog: Catalog) -> str:
    return [
        b.name
        for b in catalog.setup_card.values()
        if b.section is Section.TREASURES_WITHIN_TREASURES
    ][-1]


def _deal_spells(
    piles: Mapping[MagicType, list[str]], content: SpellCards, place: str, state: GameState
) -> None:
    pile = piles[content.type]
    if len(pile) < content.count:
        raise SetupError(f"too few type {content.type} spells for {place}")
    for _ in range(content.count):
        state.put(pile.pop(), place)


# --- step 4: visitor/mission chits (3.4) ------------------------------------------------------


def place_visitor_chits(catalog: Catalog, state: GameState, dice: Dice) -> None:
    """Put the six visitor/mission chits, either side up, in six of the seven small row-6 boxes,
    one per box (3.4.1–3.4.3); the players' choices are modelled as random."""
    boxes = [b.name for b in catalog.setup_card.values() if b.section is Section.VISITOR_CHITS]
    dice.shuffle(boxes)
    for chit, box in zip(catalog.visitors.values(), boxes, strict=False):
        state.put(chit.name, Place.box(box))
        state.visitor_faces[chit.name] = chit.faces[dice.randbelow(2)].name


# --- step 5: map chits (3.5) ------------------------------------------------------------------


def place_map_chits(catalog: Catalog, state: GameState, dice: Dice) -> None:
    """Hide the map chits (3.5.3–3.5.6): 5 Site/Sound chits to each of the Lost City and Lost
    Castle sections; in each Cave and Mountain tile one Warning chit of its letter and one of the
    remaining Site/Sound chits or the Lost City / Lost Castle; in each Valley and Woods tile one
    Warning chit of its letter. All face down, in the tiles' forests."""
    chits = list(catalog.map_chits.values())
    sites_and_sounds = [c.name for c in chits if c.kind in (ChitKind.SITE, ChitKind.SOUND)]
    dice.shuffle(sites_and_sounds)
    for section in ("Lost City", "Lost Castle"):
        for _ in range(5):
            state.put(sites_and_sounds.pop(), Place.section(section))
    specials = {
        TileType.CAVES: next(c.name for c in chits if c.kind is ChitKind.LOST_CITY),
        TileType.MOUNTAIN: next(c.name for c in chits if c.kind is ChitKind.LOST_CASTLE),
    }
    for tile_type in (TileType.CAVES, TileType.MOUNTAIN, TileType.VALLEY, TileType.WOODS):
        tiles = [t.code for t in catalog.tiles.values() if t.type is tile_type]
        warnings = [
            c.name for c in chits if c.kind is ChitKind.WARNING and c.tile_type is tile_type
        ]
        dice.shuffle(warnings)
        for code, warning in zip(tiles, warnings, strict=True):
            state.put(warning, Place.tile(code))
        if tile_type in specials:
            second = [sites_and_sounds.pop() for _ in range(len(tiles) - 1)]
            second.append(specials[tile_type])
            dice.shuffle(second)
            for code, chit in zip(tiles, second, strict=True):
                state.put(chit, Place.tile(code))


# --- step 6: dwellings (3.6) ------------------------------------------------------------------


def reveal_dwellings(catalog: Catalog, state: GameState) -> None:
    """Reveal the Valley chits (3.6.1–3.6.4): each is removed from play and exchanged for its
    dwelling (with its garrison) or the two Ghosts, in clearing 5 — or 4 if 5 has no road route
    to the Borderland; then every character is put at his recorded start, hidden, and a
    familiar with its owner (L3931)."""
    board = board_for(catalog, state.tiles)
    garrison_boxes = {
        b.natives: Place.box(b.name)
        for b in catalog.setup_card.values()
        if b.section is Section.GARRISONS and b.natives is not None
    }
    for tile in catalog.tiles.values():
        if tile.type is not TileType.VALLEY:
            continue
        for chit_id in list(state.at(Place.tile(tile.code))):
            chit = catalog.map_chits[chit_id]
            if chit.exchange is None:
                continue
            clearing = board.dwelling_clearing(tile.code, chit.exchange.clearings)
            if clearing is None:
                raise SetupError(f"no clearing of {tile.code} connects to the Borderland (3.6.2)")
            state.put(chit_id, Place.OUT)
            where = Place.clearing(clearing)
            exchanged = list(chit.exchange.pieces)
            for name in dict.fromkeys(exchanged):
                ids = copies(name, exchanged.count(name)) if name in catalog.monsters else [name]
                for piece in ids:
                    state.put(piece, where)
                    if name in catalog.monsters:
                        state.homes[piece] = where
                if name in catalog.dwellings:
                    group = catalog.dwellings[name].garrison
                    if group is not None:
                        natives = [
                            p
                            for p in state.at(garrison_boxes[group])
                            if _is_native_or_horse(catalog, p, group)
                        ]
                        for native in natives:
                            state.put(native, where)
                            state.homes[native] = where
    for character in state.characters.values():
        start = "Ghost 1" if character.start == "Ghosts" else character.start
        state.put(character.name, state.place_of(start))
        character.hidden = True
        familiar.bring(catalog, state, character.name)
    for piece in pieces_of(catalog).familiars:
        if piece not in state.familiars:
            state.put(piece, Place.OUT)


def _is_native_or_horse(catalog: Catalog, piece: str, group: str) -> bool:
    counters = {n.name for n in catalog.natives[group].counters}
    horses = {n.horse for n in catalog.natives[group].counters if n.horse}
    return piece in counters or piece in horses


def _check_every_piece_placed(pieces: Pieces, state: GameState) -> None:
    """Every piece is in exactly one stack; only campfires remain set aside (3.6.2b)."""
    seen: dict[str, str] = {}
    for place, stack in state.stacks.items():
        for piece in stack:
            if piece in seen:
                raise AssertionError(f"{piece} is both at {seen[piece]} and {place}")
            seen[piece] = place
    missing = [p.id for p in pieces if p.id not in seen]
    if missing:
        raise AssertionError(f"pieces in no stack: {missing}")
    aside = [p for p in state.at(Place.ASIDE) if pieces[p].kind is not Kind.DWELLING]
    if aside:
        raise AssertionError(f"pieces left aside after setup: {aside}")
