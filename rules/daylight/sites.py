"""The Treasures Within Treasures (List of Treasures 1, L4190–4268; 7.5.5g): the three Site cards
looted with their own tables (the cards exchanged for their boxes — the Remains of Thief and the
Mouldy Skeleton when drawn, the Chest when opened with the Lost Keys — are
:mod:`rules.daylight.exchanges`).

Each card's treasures are its box of the Set Up Card (the box that ``holds`` the card). A Site
card, once drawn, lies in the box it came from but stands in that box's chit's clearing (L4206):
one who has discovered it loots it there with its table, two dice and the high roll, Loot-roll
modifiers applying (7.5.5g.3); Magic Sight never replaces those tables (7.5.7a).

The Toadstool Circle's 4 lets him Peer into any clearing for the rest of the day, and do his
Enchant activity in any clearing as if he were there (L4216, :mod:`rules.daylight.enchant`). The
Enchanted Meadow's 3 grants him a Wish (L4265, :mod:`rules.magic.wishes`); the Toadstool
Circle's 5 makes him roll on the Power of the Pit Table with himself as the target (L4217,
:mod:`rules.magic.pit`), in Daylight: its kills are no one's.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight import looting, runes
from rules.daylight.exchanges import site_box
from rules.daylight.search_phase import Search
from rules.events import Decision
from rules.events.day import NotImplementedYet
from rules.events.daylight import FollowerLeft
from rules.events.search import (
    ChitsRestored,
    GoldFound,
    LootedNothing,
    PeersAnywhere,
    Searched,
    Teleported,
)
from rules.magic import pit, wishes
from rules.modifiers import die_modifier, one_die
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.characters import DieTable
from rules.schema.tiles import ClearingType
from rules.schema.treasures import Activation, SiteResult, Treasure
from rules.state import Place

#: The lines of the Site-card results the engine does not apply yet (declared in
#: :data:`rules.loud.LOUD`), with what each misses: none now.
WAITING: dict[str, tuple[str, Phrase]] = {}


def is_site_card(ctx: Ctx, name: str | None) -> bool:
    """Whether ``name`` is a Treasures Within Treasures Site card (L4206)."""
    return (
        name is not None
        and name in ctx.catalog.treasures
        and ctx.catalog.treasures[name].activation is Activation.SITE
    )


def roll(ctx: Ctx, current: Search) -> int:
    """The roll on a Site card's table (7.5.5g.3): two dice, the high roll, with the modifiers
    of Loot rolls (the one-die treasures and advantages that name the Site-card tables);
    made public with the result as printed."""
    card = ctx.catalog.treasures[current.table]
    catalog, board, state = ctx.catalog, ctx.board, ctx.state
    dice = one_die(catalog, board, state, current.who, DieTable.SITE_CARD)
    modifier = die_modifier(catalog, board, state, current.who, DieTable.SITE_CARD)
    purpose = phrase("search.card_table", card=card.name)
    rolled = ctx.dice.roll(current.who, purpose, one_die=dice, modifier=modifier)
    ctx.emit(
        Searched(
            who=current.who,
            phase=current.phase,
            table=card.name,
            at=current.clearing,
            dice=rolled.dice,
            roll=rolled.result,
            result=row(card, rolled.result).text,
        )
    )
    return rolled.result


def row(card: Treasure, rolled: int) -> SiteResult:
    return next(r for r in card.site_table if r.roll == rolled)


def loot(ctx: Ctx, current: Search, rolled: int) -> None:
    """What the Site card's table gives him (L4210–4268): the named piece or the card from its
    box (nothing if it is gone), one Gold, a Curse, a teleport to a cave clearing, all his
    chits back in play; the Crypt asks the Lost Keys or Tremendous strength at every roll
    (L4348, 7.5.5d.2)."""
    card = ctx.catalog.treasures[current.table]
    result = row(card, rolled)
    who = current.who
    if result.result in ("take_item", "take_treasure"):
        item = _in_box(ctx, card.name, result)
        choice = looting.ask_item(ctx, who, item) if item is not None else looting.KEEP
        ctx.wait_if_pending()
        if "loot_needs_tremendous" in card.behaviour:
            looting.pay_each_roll(ctx, who, card.name)
        if item is None:
            ctx.emit(LootedNothing(who=who, from_=card.name))
            return
        looting.take(ctx, who, item, card.name, choice)
        return
    if result.result == "teleport_cave":
        _teleport(ctx, current)
        return
    if "loot_needs_tremendous" in card.behaviour:
        looting.pay_each_roll(ctx, who, card.name)
    if result.result == "gold":
        ctx.sheet(who).gold += 1
        ctx.emit(GoldFound(recipients=(ctx.eyes(who),), who=who, gold=1, from_=card.name))
    elif result.result == "curse":
        runes.inflict_curse(ctx, who)
    elif result.result == "rest_all":
        _rest_all(ctx, who)
    elif result.result == "remote_peer_enchant":
        if who not in ctx.today.peer_anywhere:
            ctx.today.peer_anywhere.append(who)
        ctx.emit(PeersAnywhere(who=who))
    elif result.result == "wish":
        wishes.wish(ctx, who, card.name)
    elif result.result == "power_of_the_pit":
        pit.power_of_the_pit(ctx, pit.in_daylight(ctx, current.clearing), who, who, card.name)
    elif result.result in WAITING:
        line, what = WAITING[result.result]
        said = phrase("waiting.site_power", card=card.name, power=what)
        ctx.emit(NotImplementedYet(rule=line, what=said, who=who))


def _in_box(ctx: Ctx, card: str, result: SiteResult) -> str | None:
    """The piece the result takes from the card's box: the one named, or its Treasure card."""
    pieces = pieces_of(ctx.catalog)
    for item in looting.loose_items(ctx, site_box(ctx, card)):
        record = pieces[item]
        if result.item is not None and record.name == result.item:
            return item
        if result.item is None and record.kind is Kind.TREASURE:
            return item
    return None


def _teleport(ctx: Ctx, current: Search) -> None:
    """Toadstool Circle, 3 (L4224): he teleports to the cave clearing he chooses (he may stay
    in his, if it is a cave), hidden if he was, his followers left behind; his turn goes on
    from there. The default is his own cave, else the first cave clearing of the map."""
    board = ctx.board
    caves = sorted(c for c in board.clearings() if board.clearing_type(c) is ClearingType.CAVE)
    here = current.clearing
    default = here if here in caves else caves[0]
    where = ctx.ask(
        Decision(
            id=ctx.decision_id("teleport", current.who).format(),
            character=ctx.eyes(current.who),
            kind="teleport",
            prompt=phrase("search.teleport_prompt"),
            options=tuple(caves),
            default=default,
        )
    )
    ctx.wait_if_pending()
    if where == here:
        return
    for follower in ctx.followers_of(current.who):
        ctx.today.followers.pop(follower, None)
        ctx.emit(FollowerLeft(who=follower, guide=current.who, at=here))
    ctx.state.put(current.who, Place.clearing(where))
    ctx.emit(Teleported(who=current.who, from_=here, to=where))


def _rest_all(ctx: Ctx, who: str) -> None:
    """Enchanted Meadow, 4 (L4261): all his fatigued and wounded action chits return to play,
    rested; this breaks the Wither curse."""
    sheet = ctx.sheet(who)
    rested = [c.label for c in sheet.chits if c.status != "active"]
    for chit in sheet.chits:
        chit.status = "active"
    if "Wither" in getattr(sheet, "curses", []):
        sheet.curses.remove("Wither")
    ctx.emit(ChitsRestored(who=who, chits=tuple(rested)))
