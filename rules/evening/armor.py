"""Armor damaged and destroyed (8.4.9k): by a hit (:mod:`rules.evening.inflict`) or by the Power
of the Pit's Rust (L5250, :mod:`rules.magic.pit`)."""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.evening import ArmorDamaged, ArmorDestroyed
from rules.pieces import pieces_of
from rules.state import Place


def damage(ctx: Ctx, combat: CombatState, owner: str, piece: str, *, destroyed: bool) -> None:
    """8.4.9k: ``owner``'s armor ``piece`` is damaged, or ``destroyed``: a destroyed armor
    counter goes back to its box on the Set Up Card, intact (k.3), a treasure one or an armor
    card (never damaged, k.5) leaves play and pays its owner its destroyed value in gold
    (k.4)."""
    combat.eventful = True
    character = ctx.sheet(owner)
    name = pieces_of(ctx.catalog)[piece].name
    record = ctx.catalog.armor.named(name)
    if not destroyed:
        character.items[piece].damaged = True
        ctx.emit(ArmorDamaged(who=owner, armor=piece, at=combat.clearing, round=combat.round))
        return
    character.items.pop(piece)
    if record is None:  # an armor card (k.4–k.5)
        card = ctx.catalog.treasures[name].armor
        assert card is not None
        gold, home = card.destroyed_gold, Place.OUT
    else:
        gold = record.price.destroyed if record.treasure else 0
        home = _returns_to(ctx, record.returns_to)
    character.gold += gold
    ctx.state.put(piece, home)
    ctx.emit(
        ArmorDestroyed(who=owner, armor=piece, gold=gold, at=combat.clearing, round=combat.round)
    )


def _returns_to(ctx: Ctx, group: str | None) -> str:
    """The Set Up Card box of the native group a destroyed armor counter goes back to (8.4.9k.3);
    out of play for treasure armor (k.4)."""
    box = next((b for b in ctx.catalog.setup_card.values() if group and b.natives == group), None)
    return Place.box(box.name) if box is not None else Place.OUT
