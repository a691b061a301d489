"""Piles a scenario sets up exactly and expects (SCENARIOS.md Part 2, "Setting up"): the items
of Set Up Card boxes (``treasures``), their Spell cards (``spell_cards``) and the abandoned
belongings in clearings (``piles``), each written top to bottom.

Stacks in the game state are bottom first, so a pile written ``[Mace, Lucky Charm]`` is the
stack ``[..., Lucky Charm, Mace]``. A listed box holds exactly what is listed: the items (or
Spell cards) it held before are set aside; its monsters and natives, with the natives' horses,
stay, above its items and Spell cards as setup stacks them (3.1.3). A listed clearing's pile
holds exactly what is listed; what else stands there stays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.catalog import Catalog
from rules.pieces import Kind, pieces_of
from rules.state import GameState, Place
from scenarios.format import ScenarioError
from scenarios.names import Names, is_loose_item

#: Takes a copy of the item or card called ``name`` for the key ``key`` (the builder's).
Take = Callable[[str, str], str]


def is_spell(catalog: Catalog, piece: str) -> bool:
    return pieces_of(catalog)[piece].kind is Kind.SPELL


def pile(catalog: Catalog, state: GameState, place: str, spells: bool = False) -> list[str]:
    """The names of the loose items (or, with ``spells``, the Spell cards) at ``place``, top to
    bottom."""
    pieces = pieces_of(catalog)
    wanted = is_spell if spells else is_loose_item
    return [pieces[p].name for p in reversed(state.at(place)) if wanted(catalog, p)]


def set_up(
    catalog: Catalog,
    state: GameState,
    names: Names,
    take: Take,
    *,
    treasures: Mapping[str, list[str]],
    spell_cards: Mapping[str, list[str]],
    piles: Mapping[str, list[str]],
) -> None:
    """Set the listed boxes and piles up exactly (see the module docstring). Raises
    :class:`ScenarioError` for an unknown box, clearing, item or spell, for a piece that is not
    an item (or not a Spell card), and for a piece listed twice."""
    lists: list[tuple[str, str, list[str], bool]] = []
    for part, spells, table in (
        ("treasures", False, treasures),
        ("spell_cards", True, spell_cards),
    ):
        for written, listed in table.items():
            key = f"{part}.{written}"
            lists.append((key, names.box(key, written), listed, spells))
    for written, listed in piles.items():
        key = f"piles.{written}"
        lists.append((key, Place.clearing(names.clearing(key, written)), listed, False))
    for _, place, _, spells in lists:
        kind = is_spell if spells else is_loose_item
        for piece in [p for p in state.at(place) if kind(catalog, p)]:
            state.put(piece, Place.ASIDE)
    for key, place, listed, spells in lists:
        chosen = [
            _piece(catalog, names, take, f"{key}[{index}]", name, spells)
            for index, name in enumerate(listed)
        ]
        for piece in chosen:
            state.take(piece)
        stack = state.at(place)
        if Place.split(place)[0] == "box":
            items = [p for p in stack if is_loose_item(catalog, p)]
            cards = [p for p in stack if is_spell(catalog, p)]
            others = [p for p in stack if p not in items and p not in cards]
            (cards if spells else items).extend(reversed(chosen))
            stack = items + cards + others
        else:
            stack = stack + list(reversed(chosen))
        if stack:
            state.stacks[place] = stack


def _piece(catalog: Catalog, names: Names, take: Take, key: str, name: str, spell: bool) -> str:
    if spell:
        return take(key, names.spell(key, name))
    piece = take(key, names.item(key, name))
    if not is_loose_item(catalog, piece):
        raise ScenarioError(key, f"the {name} is a native's horse: it is never in a pile")
    return piece
