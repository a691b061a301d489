"""What changes a character's rolls and abilities: his Special Advantages by level, and the
treasures that modify tables (4.1.2, 10.E.5.2.1; the List of Characters; Treasures L4338–4362).

These are the single home of "does this advantage or modifier apply to him here": the day's steps
and the order checks ask them, never the catalog directly. The Treasure cards that act on
everyone in their clearing (the Cloven Hoof, Dragon Essence, Flowers of Rest, Toadstool Circle)
are found by :func:`cards_in_clearing`.
"""

from __future__ import annotations

from functools import cache

from rules.board import Board, clearing_id, parse_clearing_id
from rules.catalog import Catalog
from rules.magic.bewitched import spell_modifier
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey, DieModifier, DieTable, OneDie, RollWeapon, RollWhere
from rules.schema.chits import ChitKind
from rules.schema.tiles import ClearingType
from rules.schema.treasures import Activation
from rules.state import CharacterState, GameState, Place

#: The Cloven Hoof's key: everyone in its clearing adds this to every table roll (L4344).
CLEARING_DIE_MOD = "clearing_die_mod:"
#: The Maps' keys: -1 on Locate rolls in the tile the key names (L4354–4358).
LOCATE_MINUS_ONE = "locate_minus_one:"
#: The map chit each Map card's tile is found by (L4354, L4356).
_MAP_CHITS = {"lost_castle": ChitKind.LOST_CASTLE, "lost_city": ChitKind.LOST_CITY}


def has(catalog: Catalog, state: GameState, name: str, key: AbilityKey) -> bool:
    """Whether the character ``name`` has the ability ``key`` at his level (10.E.5.2.1); a
    character's Special Advantages never apply to his hirelings (7.7.1f.1), so a minion has
    none."""
    return name in state.characters and sheet_has(catalog, state.characters[name], key)


def sheet_has(catalog: Catalog, sheet: CharacterState, key: AbilityKey) -> bool:
    """:func:`has`, for the one whose sheet this is (a minion's sheet has no advantages)."""
    return sheet.name in catalog.characters and catalog.characters[sheet.name].has_ability(
        key, sheet.level
    )


def one_die(
    catalog: Catalog,
    board: Board,
    state: GameState,
    name: str,
    table: DieTable,
    *,
    weapon: RollWeapon | None = None,
) -> int:
    """How many "one die" modifications apply to his roll on ``table`` (4.1.2): his advantages
    where they apply — on the Missile Table, those that name a weapon only with it (``weapon``:
    what the attack is made with, :func:`weapon_fits`) — and his active treasures' one-die keys
    (L4338–4362). A hireling has neither: he activates no treasures (7.7.2a.2) and the
    character's modifiers are not his (7.7.1f.1)."""
    if name not in state.characters:
        return 0
    character = state.characters[name]
    where = state.clearing_of(name)
    count = 0
    for effect in catalog.characters[name].effects(character.level):
        if isinstance(effect, OneDie) and _rolls_with(effect, board, where, table, weapon):
            count += 1
    pieces = pieces_of(catalog)
    for item, item_state in character.items.items():
        piece = pieces[item]
        if piece.kind is Kind.TREASURE and item_state.active:
            keys = catalog.treasures[piece.name].behaviour
            if any(key in keys for key in _one_die_keys(table)):
                count += 1
    return count


def _one_die_keys(table: DieTable) -> tuple[str, ...]:
    """The treasure keys that take a die off a roll on ``table`` (L4346, L4350, L4362): the
    table's own, the Lucky Charm's ``one_die:all``, and the Deft Gloves' ``one_die:loot`` on
    the special tables of the Site cards too ("the Loot Table and the three special tables used
    to loot the Site cards", L4346)."""
    keys = (f"one_die:{table.value}", "one_die:all")
    return (*keys, "one_die:loot") if table is DieTable.SITE_CARD else keys


def applies(board: Board, scope: RollWhere | str, where: str | None) -> bool:
    """Whether a roll effect limited to ``scope`` applies in the clearing ``where``: anywhere,
    in a cave clearing, or in "one of the six tiles labeled 'Woods' (specifically, the Deep
    Woods, Linden Woods, Maple Woods, Nut Woods, Oak Woods and Pine Woods)" (L4013) — by their
    names: the Deep Woods is a mountain tile (3.5.4), and woods clearings elsewhere do not
    count."""
    if scope == "anywhere":
        return True
    if where is None:
        return False
    if scope == "cave_clearing":
        return board.clearing_type(where) is ClearingType.CAVE
    if scope == "woods_tile":
        return board.tile(board.tile_of(where).tile).name.endswith(" Woods")
    return False


def die_modifier(
    catalog: Catalog,
    board: Board,
    state: GameState,
    name: str,
    table: DieTable,
    *,
    weapon: RollWeapon | None = None,
) -> int:
    """What his advantages add to each die he rolls on ``table`` where he stands (4.1.2 L1043):
    Aim's -1 on the Missile Table with a missile weapon (L3568, L3625, L3652; ``weapon`` as
    :func:`one_die` takes it), Honor's -1 on the Meeting Table (L3898); and what the Treasure
    cards add to his result (:func:`treasure_modifier`: the Cloven Hoof, the Maps). A hireling
    has none (7.7.1f.1). The spells in effect on him add theirs, a hireling's too
    (:func:`rules.magic.bewitched.spell_modifier`: Illusion, Bad Luck)."""
    spells = spell_modifier(catalog, state, name, table)
    if name not in state.characters:
        return spells
    where = state.clearing_of(name)
    return (
        sum(
            effect.modifier
            for effect in catalog.characters[name].effects(state.characters[name].level)
            if isinstance(effect, DieModifier) and _rolls_with(effect, board, where, table, weapon)
        )
        + treasure_modifier(catalog, board, state, name, table)
        + spells
    )


def _rolls_with(
    effect: OneDie | DieModifier,
    board: Board,
    where: str | None,
    table: DieTable,
    weapon: RollWeapon | None,
) -> bool:
    """Whether a roll effect of his applies to his roll on ``table`` in the clearing ``where``,
    made with ``weapon`` (:func:`applies`, :func:`weapon_fits`)."""
    return (
        table in effect.tables
        and applies(board, effect.where, where)
        and weapon_fits(effect.weapon, weapon)
    )


def weapon_fits(restriction: RollWeapon, used: RollWeapon | None) -> bool:
    """Whether an effect limited to ``restriction`` applies to a Missile Table roll made with
    ``used``: ``bow_or_crossbow`` for a weapon counter that attacks as a missile (the Light and
    Medium Bows, the Crossbow), ``missile_weapon`` for another missile weapon (the Alchemist's
    Mixture, thrown), None for an attack with no weapon (a spell that attacks like a missile,
    L2546). The Archer advantage is "to make an attack with a bow or crossbow" (L3745, L4014);
    Aim names missile weapons (L3568)."""
    if restriction == "any":
        return True
    if restriction == "missile_weapon":
        return used in ("missile_weapon", "bow_or_crossbow")
    return used == restriction


def treasure_modifier(
    catalog: Catalog, board: Board, state: GameState, name: str, table: DieTable | None
) -> int:
    """What the Treasure cards add to a character's result on a table (section 5, L4338–4362;
    their effects are cumulative, L4340): the Cloven Hoof's +1 on every table while he is in its
    clearing (L4344), whoever has it; each of his active Maps' -1 on the Locate Table in its
    tile (:func:`locate_modifier`, L4354–4358). ``table`` is None for a table no advantage
    names (the Curses Table). A hireling rolls with none of them: "A character's die roll
    modifications also do not apply to his hirelings" (L4340), and the Hoof is for "a
    character" (L4344). Combat and game rolls are no character's rolls (L4340): their callers
    do not ask."""
    if name not in state.characters:
        return 0
    where = state.clearing_of(name)
    if where is None:
        return 0
    added = sum(
        int(key.removeprefix(CLEARING_DIE_MOD))
        for card in cards_in_clearing(catalog, state, where)
        for key in catalog.treasures[pieces_of(catalog)[card].name].behaviour
        if key.startswith(CLEARING_DIE_MOD)
    )
    if table is DieTable.LOCATE:
        added += locate_modifier(catalog, board, state, name)
    return added


def locate_modifier(catalog: Catalog, board: Board, state: GameState, name: str) -> int:
    """His Maps' -1 each on the Locate Table (L4354–4358), for each active Map whose tile he
    stands in: the Map of Lost Castle in "the tile that contains the Lost Castle chit" (L4354)
    and the Map of Lost City in the Lost City's (L4356) — the tile the chit is in, face up or
    down, as the card says; the Map of Ruins in "the Ruins tile or in any tile that contains a
    yellow Ruins Warning chit" (L4358), only one even when both hold (its Note)."""
    where = state.clearing_of(name)
    if name not in state.characters or where is None:
        return 0
    tile = board.tile_of(where).tile
    pieces = pieces_of(catalog)
    total = 0
    for item, held in state.characters[name].items.items():
        piece = pieces[item]
        if piece.kind is not Kind.TREASURE or not held.active:
            continue
        for key in catalog.treasures[piece.name].behaviour:
            if key.startswith(LOCATE_MINUS_ONE) and tile in _map_tiles(
                catalog, board, state, key.removeprefix(LOCATE_MINUS_ONE)
            ):
                total -= 1
    return total


def _map_tiles(catalog: Catalog, board: Board, state: GameState, which: str) -> set[str]:
    """The tiles a Map card's -1 applies in (L4354–4358): that of the Lost Castle or Lost City
    chit, or the Ruins tile and those holding a Ruins Warning chit."""
    if which in _MAP_CHITS:
        kinds = {_MAP_CHITS[which]}
        chits = [c for c in catalog.map_chits.values() if c.kind in kinds]
        found: set[str] = set()
    else:
        chits = [
            c
            for c in catalog.map_chits.values()
            if c.kind is ChitKind.WARNING and c.word == "RUINS"
        ]
        found = {placed.tile for placed in board.tiles if board.tile(placed.tile).name == "Ruins"}
    for chit in chits:
        for piece in pieces_of(catalog).named(chit.name):
            tile = _tile_of_chit(state, piece)
            if tile is not None:
                found.add(tile)
    return found


def _tile_of_chit(state: GameState, piece: str) -> str | None:
    """The tile a map chit is in: face down in its tile, or standing in one of its clearings;
    None off the map (in a section of the Appearance Chart, out of play)."""
    kind, where = Place.split(state.place_of(piece))
    if kind == "tile":
        return where
    if kind == "at":
        return parse_clearing_id(where)[0]
    return None


def cards_in_clearing(catalog: Catalog, state: GameState, clearing: str) -> list[str]:
    """The Treasure cards in play in ``clearing``, for those that act on everyone in their
    clearing (L4300, L4302, L4292, L4344; section 13 L4490): each active card carried by someone
    standing there — an Enchanted card is active once found (4.4.2) —, each Enchanted card
    lying in the clearing's pile, and each Site card drawn (face up) whose box's Site chit is
    there: "it is assumed to be in the same clearing with that box's chit" (L4206). Someone on
    a roadway is in no clearing."""
    pieces = pieces_of(catalog)
    found: list[str] = []
    for piece in state.at(Place.clearing(clearing)):
        record = pieces[piece]
        if record.kind is Kind.TREASURE:
            if catalog.treasures[record.name].active_by_default:
                found.append(piece)
            continue
        if piece not in state.characters and piece not in state.minions:
            continue
        sheet = state.sheet(piece)
        found += [
            item
            for item in state.at(Place.owner(piece))
            if pieces[item].kind is Kind.TREASURE
            and item in sheet.items
            and sheet.items[item].active
        ]
    sites = _site_cards(catalog)
    for card in state.face_up:
        if card in sites and site_card_clearing(catalog, state, card) == clearing:
            found.append(card)
    return found


@cache
def _site_cards(catalog: Catalog) -> frozenset[str]:
    """The pieces of the Site cards (L4206): the Treasure cards activated by their site."""
    return frozenset(
        piece.id
        for piece in pieces_of(catalog).of_kind(Kind.TREASURE)
        if catalog.treasures[piece.name].activation is Activation.SITE
    )


def site_card_clearing(catalog: Catalog, state: GameState, card: str) -> str | None:
    """The clearing of a Site card in its box: that of the Site chit the box belongs to (L4206),
    standing in its clearing or face down in its tile; None when the chit is off the map."""
    kind, box = Place.split(state.place_of(card))
    if kind != "box" or box not in catalog.setup_card:
        return None
    holds = catalog.setup_card[box].holds
    if holds is None or holds not in catalog.map_chits:
        return None
    chit = catalog.map_chits[holds]
    where_kind, where = Place.split(state.place_of(pieces_of(catalog).named(holds)[0]))
    if where_kind == "at":
        return where
    if where_kind == "tile" and chit.clearing is not None:
        return clearing_id(where, chit.clearing)
    return None
