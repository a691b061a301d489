"""The Rest activity (7.8), and the one decision it asks: which chit to rest first (7.8.2);
and the Treasure cards that rest chits in Daylight (List of Treasures sections 3 and 7,
L4302–4313, L4380–4390): the Poultice of Health's double Rest, the Vial of Healing's wounds
turned to fatigue, the Flowers of Rest's sleep.

:func:`options` is the single generator of that decision's legal options and default, used by
the day, its default, the bot's buttons and the tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from rules.catalog import Catalog
from rules.chits import WITHER, heal_wounds, restable
from rules.chits import rest as rest_chits
from rules.day.context import Ctx
from rules.events import Decision
from rules.events.daylight import Fatigued, FellAsleep, FollowerLeft, Rested, Woke
from rules.events.search import ChitsRestored
from rules.magic.nullifying import curses_in_force
from rules.magic.state import SpellInEffect, committed
from rules.modifiers import cards_in_clearing, has
from rules.orders.model import DEFAULT_REST, Instructions
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey
from rules.state import CharacterState

#: The Poultice of Health's key: each Rest rests two asterisks instead of one (L4313).
REST_DOUBLE = "rest_double"
#: The Vial of Healing's key: his wounds become fatigue while it is active (L4390).
WOUNDS_TO_FATIGUE = "wounds_to_fatigue"
#: The Flowers of Rest's key: in Daylight, fatigued chits in its clearing activate and their
#: owners sleep (L4302).
SLEEP = "sleep"
#: The decision's kind, in its id (``d3/Amazon/p2/rest/Woods Girl``).
KIND = "rest"
PROMPT = phrase("daylight.rest_first")


class Options(NamedTuple):
    """The chits he may rest first, and the one his Rest would take by itself."""

    options: tuple[str, ...]
    default: str


def options(
    character: CharacterState, instructions: Instructions, spells: Iterable[SpellInEffect]
) -> Options | None:
    """The choice of the chit he rests first, when there is one his instructions do not settle
    (7.8.2; rules-map P32): None when he has fewer than two chits to choose from or his ``rest``
    instruction orders them. The default is what resting by :data:`DEFAULT_REST` takes first.
    ``spells``: those in effect (a Wither Curse nullified does not act)."""
    choices = restable(character, spells)
    if len(choices) < 2 or instructions.rest is not None:
        return None
    best = rest_chits(character.model_copy(deep=True), 1, DEFAULT_REST, spells=spells)
    return Options(tuple(choices), best[0].chit if best else choices[0])


def choices(ctx: Ctx, name: str) -> dict[str, str | None]:
    """Before a Rest changes anything, ask each resting character — he and the characters
    following him, who "can do the activity or not, as he chooses" (7.11.6f: not with
    ``rest: none``) — which chit he rests first, when he has a choice (:func:`options`); stops
    resolution if any answer is awaited. Hirelings record Rest only for their followers'
    benefit (6.2.5): they rest nothing."""
    prefers: dict[str, str | None] = {}
    for who in (name, *ctx.followers_of(name)):
        if not ctx.is_character(who) or (who != name and ctx.instructions(who).rest == ()):
            continue
        prefers[who] = None
        sheet = ctx.sheet(who)
        if WOUNDS_TO_FATIGUE in active_keys(ctx, who):
            # Asked as his chits will stand when he rests: his wounds already fatigue (L4390).
            sheet = sheet.model_copy(deep=True)
            heal_wounds(sheet)
        legal = options(sheet, ctx.instructions(who), ctx.state.spells)
        if legal is not None:
            prefers[who] = ctx.ask(
                Decision(
                    id=ctx.decision_id(KIND, who).format(),
                    character=who,
                    kind=KIND,
                    prompt=PROMPT,
                    options=legal.options,
                    default=legal.default,
                )
            )
    ctx.wait_if_pending()
    return prefers


def rest(ctx: Ctx, prefers: dict[str, str | None]) -> None:
    """7.8: one Rest for each resting character, of :func:`asterisks` effort asterisks, with
    the chit he chose first (``prefers``, from :func:`choices`) and then by his ``rest`` order;
    an active Vial of Healing first turns his wounds to fatigue (:func:`vial_of_healing`)."""
    for who, prefer in prefers.items():
        character = ctx.sheet(who)
        vial_of_healing(ctx, who)
        priority = ctx.instructions(who).rest or DEFAULT_REST
        tied = committed(ctx.state.spells, who)
        spells = ctx.state.spells
        steps = rest_chits(character, asterisks(ctx, who), priority, prefer, tied, spells=spells)
        if not steps:
            ctx.emit(Rested(who=who, chit=None, to=None, option="nothing to rest"))
        for step in steps:
            ctx.emit(
                Rested(who=who, chit=step.chit, to=step.to, option=step.option, change=step.change)
            )


def active_keys(ctx: Ctx, who: str) -> set[str]:
    """The behaviour keys of the Treasure cards he has active (a hireling activates none,
    7.7.2a.2)."""
    if not ctx.is_character(who):
        return set()
    pieces = pieces_of(ctx.catalog)
    keys: set[str] = set()
    for item, held in ctx.sheet(who).items.items():
        piece = pieces[item]
        if held.active and piece.kind is Kind.TREASURE:
            keys.update(ctx.catalog.treasures[piece.name].behaviour)
    return keys


def asterisks(ctx: Ctx, who: str) -> int:
    """The effort asterisks one Rest activity rests for him (7.8.2): one; two with the Poultice
    of Health active, "he rests two effort asterisks instead of one" (L4313); and one more for
    the Dwarf, who "can rest an extra effort asterisk each time he does a Rest activity"
    (L3715) — three with both."""
    base = 2 if REST_DOUBLE in active_keys(ctx, who) else 1
    return base + int(has(ctx.catalog, ctx.state, who, AbilityKey.EXTRA_REST_ASTERISK))


def vial_of_healing(ctx: Ctx, who: str) -> list[str]:
    """The Vial of Healing (L4380–4390): while he has it active, "all of his wounded action
    chits are instantly converted into fatigued chits", at no cost; his fatigued chits are not
    affected. Done as soon as it is activated — rearranged (:func:`rules.daylight.turn.rearrange`),
    looted and activated, or activated in combat (8.3.7d) —, at his Rest, and after each round's
    wounds, "any new wounds he receives are also converted to fatigued chits"
    (:func:`rules.evening.fatigue.fatigue_step`). Returns the chits converted, each reported as
    fatigued."""
    if WOUNDS_TO_FATIGUE not in active_keys(ctx, who):
        return []
    healed = heal_wounds(ctx.sheet(who))
    for label in healed:
        ctx.emit(Fatigued(who=who, chit=label, reason=phrase("daylight.vial_of_healing")))
    return healed


def flowers_of_rest(ctx: Ctx, name: str) -> bool:
    """The Flowers of Rest (L4302–4311) on ``name``: during Daylight, a character in the
    clearing of the card (:func:`rules.modifiers.cards_in_clearing`: carried there by anyone,
    or lying there) who has one or more fatigued action chits has them all activated at once,
    and falls asleep until Sunset (``today.asleep``): "He skips his turn (if he has not already
    taken it) and he cannot block or be blocked or summon monsters" (L4302). A follower asleep
    can follow no more: he stays in the clearing (7.11). Nothing happens on a roadway (note 1),
    without fatigued chits, or under the Wither curse (note 2). Returns whether it activated his
    chits now. What sleeping keeps him from doing is the callers': his turn
    (:func:`rules.daylight.turn.daylight`, :func:`rules.daylight.turn.take_turn`), summoning
    (:func:`rules.daylight.prowling.prowl`), blocking (:mod:`rules.daylight.blocking`); he
    wakes at Sunset (:func:`wake`)."""
    if ctx.today.stage != "daylight" or not ctx.is_character(name):
        return False
    where = ctx.where(name)
    if where is None:
        return False
    sheet = ctx.sheet(name)
    fatigued = [chit for chit in sheet.chits if chit.status == "fatigued"]
    if not fatigued or WITHER in curses_in_force(ctx.state.spells, sheet) or sheet.dead:
        return False
    pieces = pieces_of(ctx.catalog)
    flowers = [
        card
        for card in cards_in_clearing(ctx.catalog, ctx.state, where)
        if SLEEP in ctx.catalog.treasures[pieces[card].name].behaviour
    ]
    if not flowers:
        return False
    for chit in fatigued:
        chit.status = "active"
    card = pieces[flowers[0]].name
    ctx.emit(
        ChitsRestored(
            who=name,
            chits=tuple(chit.label for chit in fatigued),
            by=card,
            reason=phrase("daylight.asleep_until_sunset"),
        )
    )
    if name not in ctx.today.asleep:
        ctx.today.asleep.append(name)
        ctx.emit(FellAsleep(who=name, at=where, by=card))
        guide = ctx.today.followers.pop(name, None)
        if guide is not None:
            ctx.emit(FollowerLeft(who=name, guide=guide, at=where))
    return True


def fall_asleep(ctx: Ctx) -> list[str]:
    """L4302: "During Daylight, this card instantly activates all fatigued chits in its
    clearing" — :func:`flowers_of_rest` for every character, whenever Daylight looks: before
    each turn, at the start of each phase once his belongings are rearranged, and at the end of
    each phase before blocking. Returns those whose chits it activated now."""
    if not _sleep_in_play(ctx):
        return []
    return [name for name in ctx.state.characters if flowers_of_rest(ctx, name)]


def _sleep_in_play(ctx: Ctx) -> bool:
    """Whether a card that puts its clearing to sleep lies where
    :func:`rules.modifiers.cards_in_clearing` finds cards — in a clearing, with someone, or
    face up —; if not, no one can fall asleep and no one need be looked at."""
    return any(
        card in ctx.state.face_up or (ctx.place_of(card) or "").startswith(("at:", "with:"))
        for card in _sleep_cards(ctx.catalog)
    )


@cache
def _sleep_cards(catalog: Catalog) -> tuple[str, ...]:
    """The pieces of the Treasure cards that put their clearing to sleep (the Flowers of Rest)."""
    return tuple(
        piece.id
        for piece in pieces_of(catalog).of_kind(Kind.TREASURE)
        if SLEEP in catalog.treasures[piece.name].behaviour
    )


def wake(ctx: Ctx) -> None:
    """L4302 and 8.1.1 (L2247): at Sunset the sleepers "return to normal, and all of [their]
    fatigued action chits are rested at no cost (wounded chits are not affected)" — not under
    the Wither curse, whose chits cannot be rested (L4311). Each is reported awake."""
    for name in ctx.today.asleep:
        sheet = ctx.sheet(name)
        fatigued = [chit for chit in sheet.chits if chit.status == "fatigued"]
        if fatigued and WITHER not in curses_in_force(ctx.state.spells, sheet) and not sheet.dead:
            for chit in fatigued:
                chit.status = "active"
            ctx.emit(
                ChitsRestored(
                    who=name,
                    chits=tuple(chit.label for chit in fatigued),
                    by="Flowers of Rest",
                    reason=phrase("daylight.wakes_rested"),
                )
            )
        ctx.emit(Woke(who=name))
    ctx.today.asleep = []
