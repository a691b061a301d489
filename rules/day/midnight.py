"""Sunset (5.1 step 5) and Midnight (8.9): the day's end."""

from __future__ import annotations

from rules.catalog import Catalog
from rules.chits import midnight as fatigue_alerted
from rules.day import leaving
from rules.day.context import Ctx
from rules.day.state import DayState
from rules.daylight import hirelings, missions, rest, trade
from rules.end.final import end_game
from rules.end.length import MONTH_DAYS, is_last_day
from rules.events import Event
from rules.events.day import CurseLifted, DayEnded, Midnight
from rules.events.daylight import Fatigued
from rules.magic import lifecycle, phantasm
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.treasures import DiscardTo
from rules.state import GameState, Place


def sunset(ctx: Ctx) -> None:
    """5.1 step 5: Day spells cast the day before expire, their chits fatiguing, before combat
    (8.1.1 L2247, :func:`rules.magic.lifecycle.sunset`), and the Permanent spells an automatic
    source supplies are energized (4.6.7h.3); "Characters put to sleep by the Flowers of Rest
    wake up" (L1412), "with all their fatigued chits activated" (8.1.1, L2247; L4302:
    :func:`rules.daylight.rest.wake`)."""
    lifecycle.sunset(ctx)
    lifecycle.energize_automatically(ctx)
    rest.wake(ctx)
    ctx.today.stage = "evening"


def chapel_cures(ctx: Ctx) -> None:
    """4.6.8a.5: "At Midnight of each game day, the Chapel automatically removes all Curses in its
    clearing": every Curse of each character there."""
    chapel = ctx.where("Chapel") if "Chapel" in pieces_of(ctx.catalog) else None
    if chapel is None:
        return
    for character in ctx.state.characters.values():
        if character.curses and ctx.where(character.name) == chapel:
            cured, character.curses = list(character.curses), []
            for curse in cured:
                ctx.emit(CurseLifted(who=character.name, curse=curse))


def midnight(ctx: Ctx) -> None:
    """8.9: trades not made are reported (7.2.1); weapons unalert, alerted Magic chits fatigue,
    face-up map chits (but the Lost City and Lost Castle) turn face down — Site and Sound chits
    stay in their clearings (7.13.2b) — hidden enemies lapse, terms of hire end (7.7.4a) and
    hired natives out of caves ride again (7.3.2e.2); the next day begins (day 1 of the next
    month after day 28), or after the game's last day (:mod:`rules.end.length`, 10.E.2) the game
    is over and scored (9.3, :func:`rules.end.final.end_game`). Active Potions expire and go back
    to their boxes (4.4.3, :func:`potions`), and the Chapel removes the Curses in its clearing
    (4.6.8a.5, :func:`chapel_cures`); Permanent spells fall inert unless an automatic source
    supplies them, and Combat spells expire (8.9.2d–e, :func:`rules.magic.lifecycle.midnight`);
    all spells end with the game (4.6.10h.1). Mission and campaign chits whose time runs out —
    every one still carried when the game ends — cost their cost again and go back to the map
    (7.2.4d, :func:`rules.daylight.missions.midnight`)."""
    state = ctx.state
    trade.unmade(ctx)
    potions(ctx)
    chapel_cures(ctx)
    for character in state.characters.values():
        for item in character.items.values():
            item.alerted = False
        for label in fatigue_alerted(character):
            ctx.emit(Fatigued(who=character.name, chit=label))
    lifecycle.midnight(ctx)  # 8.9.2d-e: Permanent spells fall inert, Combat spells expire
    specials = {
        c.name
        for c in ctx.catalog.map_chits.values()
        if c.kind in (ChitKind.LOST_CITY, ChitKind.LOST_CASTLE)
    }
    pieces = pieces_of(ctx.catalog)
    state.face_up = [
        p for p in state.face_up if p in specials or pieces[p].kind is not Kind.MAP_CHIT
    ]
    hirelings.expire_terms(ctx)
    leaving.suicides(ctx)  # 8.9.4, 9.2.2a
    leaving.pick_order(ctx)  # 9.1.2b: the day's dead, in the order they pick fresh starts
    over = is_last_day(state)
    missions.midnight(ctx, game_over=over)  # 7.2.4d: time limits, the game's end
    hirelings.remount(ctx.catalog, ctx.board, state)
    ctx.emit(Midnight(what=phrase("day.midnight_resets")))
    ctx.emit(DayEnded(day=state.day, month=state.month))
    if over:
        lifecycle.game_ends(ctx)  # 4.6.10h.1: no spell is in effect when scores are reckoned
        end_game(ctx)
        game_over(state, "month")
        return
    if state.day == MONTH_DAYS:
        state.month += 1
        state.day = 1
    else:
        state.day += 1
    state.today = DayState()
    phantasm.birdsong(ctx)  # L5066: the next day's Birdsong puts each phantasm in play


def game_over(state: GameState, reason: str) -> None:
    """The game is over (9.3.1): at Midnight of its last day (``month``), or when the players
    all quit together (9.2.1, ``agreed``). The one way the game's stage becomes ``over``; what
    the end scores is :func:`rules.end.final.end_game`."""
    state.today = DayState(stage="over")
    state.ended = reason


def quit_together(catalog: Catalog, state: GameState) -> list[Event]:
    """9.2.1 (L2904): "If they all quit together, the game ends as if it were the end of the
    month": at Birdsong, the mission and campaign chits still carried cost their cost again
    (7.2.4d, as at the last Midnight), the game is scored (:func:`rules.end.final.end_game`) and
    over. Returns the events, public as the end of a month's are."""
    ctx = Ctx.start(catalog, state)
    missions.midnight(ctx, game_over=True)
    lifecycle.game_ends(ctx)
    end_game(ctx)
    game_over(state, "agreed")
    return ctx.events


def potions(ctx: Ctx) -> None:
    """4.4.3 (L1124): "When a Potion is activated it remains active until the end of the day.
    At Midnight the Potion and its special effect stops, and the card is put on the Set Up
    Card, face down, in the box named on the card" — every active Potion, its owner a
    character or a hired leader, goes to the top of its ``discard_to`` box (the Order's is the
    Chapel, L747), face down; an inactive one stays with its owner. Its effects, read from the
    active card (:mod:`rules.evening.kit`), end with it."""
    state, catalog = ctx.state, ctx.catalog
    pieces = pieces_of(catalog)
    owners = [*state.characters, *sorted(state.minions)]
    for owner in owners:
        sheet = state.sheet(owner)
        for item in list(state.at(Place.owner(owner))):
            piece = pieces[item]
            if piece.kind is not Kind.TREASURE or item not in sheet.items:
                continue
            card = catalog.treasures[piece.name]
            if card.potion is None or card.discard_to is None or not sheet.items[item].active:
                continue
            box = discard_box(catalog, card.discard_to)
            del sheet.items[item]
            state.put(item, box)
            state.face_up = [p for p in state.face_up if p != item]
            where = Place.split(box)[1]
            what = (
                phrase("day.potion_expires", owner=owner, item=piece.name, to=where)
                if where
                else phrase("day.potion_expires_out", owner=owner, item=piece.name)
            )
            ctx.emit(
                Midnight(
                    what=what,
                    who=owner,
                    item=item,
                    to=box,
                )
            )


def discard_box(catalog: Catalog, discard_to: DiscardTo) -> str:
    """The place a used card goes back to (Treasure Table "Discard to"): the Set Up Card box of
    that visitor (Crone, Shaman, Warlock) or native group (the Order's box is the Chapel);
    out of play for the table's bare "Discard"."""
    if discard_to is DiscardTo.OUT_OF_PLAY:
        return Place.OUT
    for box in catalog.setup_card.values():
        if box.name == discard_to.value or box.natives == discard_to.value:
            return Place.box(box.name)
    raise ValueError(f"no Set Up Card box for {discard_to.value!r}")
