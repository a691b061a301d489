"""What native leaders and visitors trade (7.6.1–7.6.2, 7.6.4): whose box holds a partner's
belongings, what each belonging costs, and where sold belongings go in a box.

A native group's belongings are the Set Up Card box beside its Dwellings or Garrisons row
(7.6.1); a visitor's are the box of the Visitors section that holds it (2.4.5). Prices are the
basic Gold prices (7.6.2), or the Visitor Prices when a visitor buys or sells a card (7.6.2a).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.meeting import partner as trading_partner
from rules.pieces import Kind, pieces_of
from rules.schema.setup import Section
from rules.schema.visitors import ChitFace
from rules.state import Place

#: Where each kind of item goes in a box, bottom first: by counter size (7.6.4 example).
SIZE_ORDER = {Kind.TREASURE: 0, Kind.HORSE: 1, Kind.ARMOR: 2, Kind.WEAPON: 3}


def partner_box(ctx: Ctx, group: str) -> str:
    """The place of the Set Up Card box holding the belongings of the native ``group`` or the
    visitor ``group`` (7.6.1)."""
    visitor = trading_partner(group).is_visitor
    for box in ctx.catalog.setup_card.values():
        if visitor and box.section is Section.VISITORS and box.holds == group:
            return Place.box(box.name)
        if box.natives == group and box.section in (Section.DWELLINGS, Section.GARRISONS):
            return Place.box(box.name)
    raise ValueError(f"no Set Up Card box holds the {group}")


def visitor_face(ctx: Ctx, visitor: str) -> ChitFace:
    """The catalog face of the visitor called ``visitor`` (the Crone, the Scholar...)."""
    chit = ctx.catalog.visitors[visitor]
    return next(face for face in chit.faces if face.name == visitor)


def price(
    ctx: Ctx, item: str, owner: str | None = None, *, partner: str | None = None
) -> int | None:
    """The basic Gold price of ``item`` (7.6.2): its list's or its card's; damaged armor at its
    damaged price when ``owner`` sells it (7.6.2b); when the trading ``partner`` is a visitor, a
    card on his Visitor Prices list at that price (7.6.2a). None for what has no price (a
    native's horse, a card without a price)."""
    visitor = partner if partner is not None and trading_partner(partner).is_visitor else None
    pieces = pieces_of(ctx.catalog)
    if item not in pieces:
        return None
    piece = pieces[item]
    if piece.kind is Kind.WEAPON:
        return int(ctx.catalog.weapons[piece.name].price)
    if piece.kind is Kind.ARMOR:
        prices = ctx.catalog.armor[piece.name].price
        held = ctx.sheet(owner).items.get(item) if owner is not None else None
        return int(prices.damaged if held is not None and held.damaged else prices.intact)
    if piece.kind is Kind.HORSE:
        cost = ctx.catalog.horses[piece.name].price
        return None if cost is None else int(cost)
    if piece.kind is Kind.TREASURE:
        if visitor is not None:
            special = [p.gold for p in visitor_face(ctx, visitor).buys if p.item == piece.name]
            if special:
                return special[0]
        gold = ctx.catalog.treasures[piece.name].gold
        return None if gold is None else int(gold)
    return None


def saleable(ctx: Ctx, name: str, group: str) -> list[str]:
    """His belongings that have a price, in the order of his sheet (7.6.2, 7.6.4)."""
    return [
        item for item in ctx.sheet(name).items if price(ctx, item, name, partner=group) is not None
    ]


def into_box(ctx: Ctx, box: str, item: str) -> None:
    """7.6.4: ``item`` goes into the box under the items of its kind, the kinds by counter size
    (treasures at the bottom, weapons on top)."""
    pieces = pieces_of(ctx.catalog)
    ctx.state.take(item)
    stack = ctx.state.stacks.setdefault(box, [])
    rank = SIZE_ORDER[pieces[item].kind]
    at = next(
        (
            index
            for index, other in enumerate(stack)
            if pieces[other].kind in SIZE_ORDER and SIZE_ORDER[pieces[other].kind] >= rank
        ),
        len(stack),
    )
    stack.insert(at, item)
