"""The magic of a character's sheet as its owner reads it (issue 34, "What players see"): the
Spell cards awakened in his Artifacts and Spell Books (7.5.6c.1) and the spells Enchant Artifact
adds to them (L5053), his colour chits (4.6.4), his Magic chits committed to spells in effect
(4.6.7b, g, h.1) with the spell each is committed to, and the spells in effect that bewitch him
(4.6.7; he is a target, or they name his clearing or tile) with whether each is energized and
what supplies its colour (4.6.7h). His recorded spells and his Curses are the view's
(:class:`rules.view.CharacterView`).

Everything here is his own or lies open on the table (a spell in effect is revealed as it is
cast, 8.4.3): it is for his sheet alone, which only he and the moderators see."""

from __future__ import annotations

from dataclasses import dataclass

from rules.catalog import Catalog
from rules.magic import bewitched, items
from rules.magic.lifecycle import automatic_supply, card_of
from rules.magic.state import SpellInEffect
from rules.pieces import pieces_of
from rules.schema.spells import Duration
from rules.state import GameState, Place


@dataclass(frozen=True)
class Awakened:
    """One of his Artifacts or Spell Books and the spells it holds: its awakened Spell cards,
    top first, and the spells energized Enchant Artifact spells add to it."""

    item: str
    cards: tuple[str, ...]
    added: tuple[str, ...]


@dataclass(frozen=True)
class Committed:
    """One of his Magic chits committed to a spell in effect: the chit's label, the spell's
    name and number, and its targets."""

    chit: str
    spell: str
    number: int
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Bewitching:
    """A spell in effect that bewitches him: its name, number, caster and duration; for a
    Permanent spell whether it is ``energized``, the ``color`` it needs (``any`` for Bad Luck
    and Control Bats, 4.6.7h.2), and the first automatic source that supplies it to its target
    now (4.6.7h.3) with the colour supplied (``supplied_by``: ``day``, ``tile``, the Chapel or an
    Enchanted card's name; None when none does — one energized then was energized by a colour
    chit, until Midnight)."""

    spell: str
    number: int
    caster: str
    duration: str | None
    energized: bool | None
    color: str | None
    supplied_by: str | None
    supplied: str | None


@dataclass(frozen=True)
class SpellSheet:
    """The magic of one character's sheet (see the module)."""

    awakened: tuple[Awakened, ...]
    colors: tuple[tuple[str, str], ...]
    committed: tuple[Committed, ...]
    bewitching: tuple[Bewitching, ...]

    def __bool__(self) -> bool:
        return bool(self.awakened or self.colors or self.committed or self.bewitching)


def spell_sheet(catalog: Catalog, state: GameState, character: str) -> SpellSheet:
    """The magic of ``character``'s sheet now (see the module); empty for a character with no
    sheet in ``state``."""
    if character not in state.characters:
        return SpellSheet((), (), (), ())
    sheet = state.characters[character]
    return SpellSheet(
        awakened=_awakened(catalog, state, character),
        colors=tuple((c.label, str(c.color)) for c in sheet.chits if c.color is not None),
        committed=tuple(
            Committed(s.chit, s.spell, s.number, tuple(s.targets))
            for s in state.spells
            if s.chit is not None and s.controller == character
        ),
        bewitching=tuple(
            _bewitching(catalog, state, s)
            for s in state.spells
            if bewitched.names(state, s, character)
        ),
    )


def _awakened(catalog: Catalog, state: GameState, character: str) -> tuple[Awakened, ...]:
    pieces = pieces_of(catalog)
    found: list[Awakened] = []
    for piece in state.characters[character].items:
        cards = tuple(pieces[card].name for card in reversed(state.at(Place.item(piece))))
        added = tuple(name for _, name in items.added(catalog, state, piece))
        if cards or added:
            found.append(Awakened(piece, cards, added))
    return tuple(found)


def _bewitching(catalog: Catalog, state: GameState, spell: SpellInEffect) -> Bewitching:
    card = card_of(catalog, spell)
    permanent = card is not None and card.duration is Duration.PERMANENT
    supply = automatic_supply(catalog, state, spell) if permanent else None
    return Bewitching(
        spell=spell.spell,
        number=spell.number,
        caster=spell.caster,
        duration=str(card.duration) if card is not None else None,
        energized=spell.energized if permanent else None,
        color=str(card.color) if permanent and card is not None else None,
        supplied_by=supply.source if supply is not None else None,
        supplied=str(supply.color) if supply is not None else None,
    )
