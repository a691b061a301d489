"""The Treasures Within Treasures exchanged for their boxes (L4198–4202): the Remains of Thief and
the Mouldy Skeleton when drawn, the Chest when opened with the Lost Keys; and the Set Up Card box
that holds a site or such a card (:func:`site_box`), where looting takes from and what an
exchanged card gives. Looting (:mod:`rules.daylight.looting`) calls them as he takes or activates
a card; the Site cards' own tables are :mod:`rules.daylight.sites`.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.runes import inflict_curse
from rules.events.search import ExchangedCard, ExchangedInto
from rules.pieces import pieces_of
from rules.state import ItemState, Place


def site_box(ctx: Ctx, site: str) -> str:
    """The Set Up Card box of a site: the box that ``holds`` its Site chit or Site card."""
    box = next(b for b in ctx.catalog.setup_card.values() if b.holds == site)
    return Place.box(box.name)


def exchange_on_draw(ctx: Ctx, who: str, item: str, where: str) -> None:
    """The Remains of Thief and the Mouldy Skeleton, drawn (L4200–4202): revealed (by the
    looting), he rolls for a Curse, and the card is exchanged and leaves play. He keeps the
    Remains of Thief's treasures, and 20 Gold; the Mouldy Skeleton's go on top of the box he
    was searching, the Gold Helmet on top, the Silver Breastplate next, the Jade Shield third."""
    pieces = pieces_of(ctx.catalog)
    card = ctx.catalog.treasures[pieces[item].name]
    inflict_curse(ctx, who)
    inside = list(reversed(ctx.state.at(site_box(ctx, card.name))))
    _discard(ctx, who, item)
    if "exchange:site_box" in card.behaviour:
        target = site_box(ctx, where) if where in ctx.catalog.map_chits else None
        order = ("Gold Helmet", "Silver Breastplate", "Jade Shield")
        ranked = sorted(inside, key=lambda p: _rank(order, pieces[p].name))
        for piece in reversed(ranked):
            ctx.state.put(piece, target or Place.clearing(ctx.where(who) or ""))
        ctx.emit(ExchangedCard(who=who, card=card.name))
        return
    ctx.emit(ExchangedCard(who=who, card=card.name))
    _give(ctx, who, inside, card.name)
    ctx.sheet(who).gold += card.gold_inside or 0


def open_chest(ctx: Ctx, who: str) -> None:
    """The Chest (L4198): with the Lost Keys and the Chest both active, he opens it at once: it
    is exchanged for its treasures, which he keeps, and 50 Gold, and leaves play."""
    sheet = ctx.sheet(who)
    pieces = pieces_of(ctx.catalog)
    active = {pieces[i].name: i for i, held in sheet.items.items() if held.active}
    chest = active.get("Chest")
    treasures = ctx.catalog.treasures
    keys = any("keys" in treasures[n].behaviour for n in active if n in treasures)
    if chest is None or not keys:
        return
    card = ctx.catalog.treasures["Chest"]
    inside = list(reversed(ctx.state.at(site_box(ctx, card.name))))
    _discard(ctx, who, chest)
    ctx.emit(ExchangedCard(who=who, card=card.name))
    _give(ctx, who, inside, card.name)
    sheet.gold += card.gold_inside or 0


def _rank(order: tuple[str, ...], name: str) -> int:
    return order.index(name) if name in order else len(order)


def _discard(ctx: Ctx, who: str, item: str) -> None:
    ctx.sheet(who).items.pop(item, None)
    ctx.state.put(item, Place.OUT)


def _give(ctx: Ctx, who: str, items: list[str], card: str) -> None:
    """The card's treasures are his, inactive, as belongings looted are (P10); what they are,
    and the Gold, he alone is told (a card among them stays secret, 7.5.5e)."""
    sheet = ctx.sheet(who)
    pieces = pieces_of(ctx.catalog)
    for piece in items:
        ctx.state.put(piece, Place.owner(who))
        sheet.items[piece] = ItemState(active=False)
    gold = ctx.catalog.treasures[card].gold_inside or 0
    names = [pieces[p].name for p in items]
    eyes = (ctx.eyes(who),)
    ctx.emit(ExchangedInto(recipients=eyes, who=who, card=card, items=tuple(names), gold=gold))
