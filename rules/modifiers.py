"""What changes a character's rolls and abilities: his Special Advantages by level, and the
treasures that modify tables (4.1.2, 10.E.5.2.1; the List of Characters; Treasures L4338–4362).

These are the single home of "does this advantage or modifier apply to him here": the day's steps
and the order checks ask them, never the catalog directly.
"""

from __future__ import annotations

from rules.board import Board
from rules.catalog import Catalog
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey, DieModifier, DieTable, OneDie, RollWhere
from rules.schema.tiles import ClearingType
from rules.state import CharacterState, GameState


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


def one_die(catalog: Catalog, board: Board, state: GameState, name: str, table: DieTable) -> int:
    """How many "one die" modifications apply to his roll on ``table`` (4.1.2): his advantages
    where they apply, and his active treasures' one-die keys (L4338–4362). A hireling has
    neither: he activates no treasures (7.7.2a.2) and the character's modifiers are not his
    (7.7.1f.1)."""
    if name not in state.characters:
        return 0
    character = state.characters[name]
    where = state.clearing_of(name)
    count = 0
    for effect in catalog.characters[name].effects(character.level):
        if (
            isinstance(effect, OneDie)
            and table in effect.tables
            and applies(board, effect.where, where)
        ):
            count += 1
    pieces = pieces_of(catalog)
    for item, item_state in character.items.items():
        piece = pieces[item]
        if piece.kind is Kind.TREASURE and item_state.active:
            keys = catalog.treasures[piece.name].behaviour
            if f"one_die:{table.value}" in keys or "one_die:all" in keys:
                count += 1
    return count


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
    catalog: Catalog, board: Board, state: GameState, name: str, table: DieTable
) -> int:
    """What his advantages add to each die he rolls on ``table`` where he stands (4.1.2 L1043):
    Aim's -1 on the Missile Table (L3568, L3625, L3652), Honor's -1 on the Meeting Table
    (L3898). A hireling has none (7.7.1f.1)."""
    if name not in state.characters:
        return 0
    where = state.clearing_of(name)
    return sum(
        effect.modifier
        for effect in catalog.characters[name].effects(state.characters[name].level)
        if isinstance(effect, DieModifier)
        and table in effect.tables
        and applies(board, effect.where, where)
    )
