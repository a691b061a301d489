"""Colour chits played to energize Permanent spells, or to fatigue (4.6.4h–i, 4.6.7h.4–h.6,
8.3.9a.1–a.3).

A character may play any of his colour chits at the moments 4.6.7h.6 gives: in Daylight as a
phase of anyone's turn starts in his clearing (the ``color`` decision
``d3/Amazon/p1/color/Sorcerer``), in the Evening beside his Encounter action (the ``color``
decision ``d3/CV5/r1/color/Sorcerer``, :mod:`rules.magic.casting`). Each chit played either
energizes one Permanent spell in effect whose target is in his clearing (h.5; a tile target
from anywhere on the tile, h.7), or his own Flying Carpet for the whole day (Purple, 7.3.3h,
kept in :attr:`rules.day.state.DayState.carpets`), or, energizing nothing, just fatigues (4.6.4i).
Either way it fatigues and reverts to a Magic chit (4.6.4h).

One generator, :func:`options`, gives the answers of both decisions, for the engine, the
default (``none``), the bot and the tests: every set of his colour chits, each chit bare or
energizing each Permanent spell with a target in his clearing. As with a cast, whether the
chit's colour is the one the spell needs (h.5: a spell of colour ``any`` takes any colour) is
judged when it is played (:func:`refusal`): a chit refused is a ``play_cancelled`` and does
not fatigue.

An answer lists the chits played, ``MAGIC IV4* energizes Transform on Amazon, MAGIC IV3*``, or
``none``. Two spells of one name on one target: the earliest cast is energized.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

from rules.board import parse_clearing_id
from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.decisions.ids import TurnId
from rules.evening.answers import NONE
from rules.events import Decision
from rules.events.daylight import Fatigued
from rules.events.evening import PlayCancelled
from rules.events.magic import ColorSupplied
from rules.magic import lifecycle
from rules.magic.state import SpellInEffect
from rules.orders.conditions import daylight_color
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.spells import Duration
from rules.state import CharacterState, GameState, Place

#: The word between a colour chit and the spell it energizes in an answer.
ENERGIZES, ON = " energizes ", " on "
#: The colour of a spell any colour casts (and so energizes, 4.6.7h.2).
ANY = "any"


def color_chits(sheet: CharacterState) -> list[str]:
    """His active colour chits, in the order of his sheet."""
    return [c.label for c in sheet.chits if c.color is not None and c.status == "active"]


def color_of(sheet: CharacterState, label: str) -> str:
    """The colour his active colour chit ``label`` supplies: the one it was enchanted to
    (7.10.3), which a spell altering the chit's type then gave it (4.6.10c)."""
    return next(
        str(c.color) for c in sheet.chits if c.label == label and c.color and c.status == "active"
    )


def in_clearing(state: GameState, target: str, clearing: str) -> bool:
    """Whether the spell's ``target`` is in ``clearing`` (4.6.7h.5): the clearing itself, its
    tile (h.7), or a piece standing there (an item where its owner stands)."""
    tile, _ = parse_clearing_id(clearing)
    if target in (clearing, tile):
        return True
    piece = target
    for _ in range(3):
        try:
            place = state.place_of(piece)
        except KeyError:
            return False
        kind, where = Place.split(place)
        if kind != "with":
            return kind == "at" and where == clearing
        piece = where
    return False


def energizable(catalog: Catalog, state: GameState, clearing: str) -> list[tuple[str, str]]:
    """The Permanent spells in effect with a target in ``clearing``, as (spell, target), in
    casting order and each target's order, once each."""
    found: list[tuple[str, str]] = []
    for spell in state.spells:
        if lifecycle.duration(catalog, spell) is not Duration.PERMANENT:
            continue
        for target in spell.targets:
            if in_clearing(state, target, clearing):
                found.append((spell.spell, target))
    return list(dict.fromkeys(found))


def carpets(catalog: Catalog, sheet: CharacterState) -> list[str]:
    """His active Treasure cards with a built-in flying spell — the Flying Carpet (7.3.3h; its
    card L4558) — in the order of his sheet."""
    pieces = pieces_of(catalog)
    return [
        item
        for item, held in sheet.items.items()
        if held.active
        and pieces[item].kind is Kind.TREASURE
        and (spell := catalog.treasures[pieces[item].name].built_in_spell) is not None
        and spell.fly is not None
    ]


def _own_carpets(catalog: Catalog, state: GameState, who: str) -> list[tuple[str, str]]:
    """His Flying Carpets as (spell, target) of an answer: the card's spell on the card
    (``MAGIC IV3* energizes Flying Carpet on Flying Carpet``, 7.3.3h L1736: "If he uses a
    Purple Magic chit to energize the Flying Carpet, it remains energized for the whole
    day")."""
    pieces = pieces_of(catalog)
    return [(pieces[c].name, c) for c in carpets(catalog, state.characters[who])]


def options(catalog: Catalog, state: GameState, who: str, clearing: str) -> list[str]:
    """The ``color`` decision's options (see the module), ``none`` first, then each set of his
    colour chits by size, each chit bare or energizing each spell of :func:`energizable` or
    his own Flying Carpet (:func:`carpets`)."""
    chits = color_chits(state.characters[who])
    spells = energizable(catalog, state, clearing) + _own_carpets(catalog, state, who)
    found = [NONE]
    for size in range(1, len(chits) + 1):
        for combo in combinations(chits, size):
            ways = [[c, *(f"{c}{ENERGIZES}{s}{ON}{t}" for s, t in spells)] for c in combo]
            found += [", ".join(choice) for choice in product(*ways)]
    return list(dict.fromkeys(found))


def parts(answer: str) -> list[str]:
    """An answer's chits played, each as written (``none``: no part)."""
    if answer == NONE:
        return []
    return [p.strip() for p in answer.split(",") if p.strip()]


def chit_of(part: str) -> str:
    """The colour chit a part of an answer plays."""
    return part.partition(ENERGIZES)[0]


def read(answer: str) -> list[tuple[str, tuple[str, str] | None]]:
    """An answer's chits, each with the (spell, target) it energizes or None."""
    found: list[tuple[str, tuple[str, str] | None]] = []
    for part in parts(answer):
        chit, _, rest = part.partition(ENERGIZES)
        spell, _, target = rest.rpartition(ON)
        found.append((chit, (spell, target) if rest else None))
    return found


def spell_for(ctx: Ctx, spell: str, target: str) -> SpellInEffect | None:
    """The earliest cast Permanent spell ``spell`` in effect on ``target``."""
    return next((s for s in ctx.state.spells if s.spell == spell and target in s.targets), None)


def refusal(
    catalog: Catalog,
    state: GameState,
    who: str,
    clearing: str,
    chit: str,
    energize: tuple[str, str] | None,
) -> Phrase | None:
    """Why ``chit`` cannot be played so now, or None: it must be an active colour chit of his;
    a spell it energizes must be a Permanent spell in effect with that target in his clearing
    (4.6.7h.5), and need its colour (or ``any``)."""
    if chit not in color_chits(state.characters[who]):
        return phrase("magic.not_a_colour_chit", chit=chit)
    if energize is None:
        return None
    name, target = energize
    if energize in _own_carpets(catalog, state, who):  # 7.3.3h: Purple magic energizes it
        color = color_of(state.characters[who], chit)
        if color == "purple":
            return None
        return phrase("magic.carpet_needs_purple", chit=chit, color=color, spell=name)
    if energize not in energizable(catalog, state, clearing):
        return phrase("magic.no_spell_here", spell=name, target=target)
    card = catalog.spells[name]
    color = color_of(state.characters[who], chit)
    if str(card.color) != ANY and str(card.color) != str(color):
        return phrase(
            "magic.wrong_colour", chit=chit, color=color, spell=name, needs=str(card.color)
        )
    return None


def worth_playing(
    catalog: Catalog, state: GameState, who: str, clearing: str, carpets_today: list[str]
) -> list[str]:
    """The plays of one colour chit of his that would energize something now to some purpose
    (a standing ``color`` instruction's choices, :func:`rules.orders.conditions.color_answer`):
    a Permanent spell with a target in ``clearing`` that is inert, or his Flying Carpet not
    energized yet today (``carpets_today``), the chit's colour the one it needs
    (:func:`refusal`); as options write them, ``MAGIC IV3* energizes Transform on Amazon``."""
    wanted = [
        (name, target)
        for name, target in energizable(catalog, state, clearing)
        if not any(s.spell == name and target in s.targets and s.energized for s in state.spells)
    ]
    wanted += [c for c in _own_carpets(catalog, state, who) if c[1] not in carpets_today]
    return [
        f"{chit}{ENERGIZES}{name}{ON}{target}"
        for chit in color_chits(state.characters[who])
        for name, target in wanted
        if refusal(catalog, state, who, clearing, chit, (name, target)) is None
    ]


#: What refuses a play (``play_cancelled``) and fatigues a chit, given by the caller with the
#: place and round it tells them at.
Refuse = Callable[[str, Phrase], None]
Spend = Callable[[str, Phrase], None]


def play(ctx: Ctx, who: str, clearing: str, answer: str, *, refuse: Refuse, spend: Spend) -> None:
    """4.6.7h.4–h.5, 4.6.4h–i: each chit of ``answer`` energizes its spell (``color_supplied``
    with use ``energize``, then :func:`rules.magic.lifecycle.energize`) and is spent, or only
    is spent; one the rules forbid is refused (``refuse(chit, why)``) and stays."""
    for chit, energize in read(answer):
        why = refusal(ctx.catalog, ctx.state, who, clearing, chit, energize)
        if why is not None:
            refuse(chit, why)
            continue
        if energize is None:
            spend(chit, phrase("magic.fatigued_unused"))
            continue
        color = color_of(ctx.sheet(who), chit)
        if energize in _own_carpets(ctx.catalog, ctx.state, who):  # 7.3.3h, for the day
            ctx.emit(ColorSupplied(who=who, color=color, source=chit, use="energize"))
            if energize[1] not in ctx.today.carpets:
                ctx.today.carpets.append(energize[1])
            spend(chit, phrase("magic.energizes_carpet"))
            continue
        spell = spell_for(ctx, *energize)
        assert spell is not None  # refusal found it
        ctx.emit(ColorSupplied(who=who, color=color, source=chit, use="energize"))
        lifecycle.energize(ctx, spell, who)
        spend(chit, phrase("magic.energizes_permanent"))


# --- 4.6.7h.6 in Daylight: as anyone's phase starts in his clearing ------------------------

#: The ``color`` decision's prompt.
PROMPT = phrase("magic.colour_as_phase_starts")


def phase_starts(ctx: Ctx, turn: str, number: int) -> None:
    """4.6.7h.6 (L1265), 4.6.4i: as phase ``number`` of ``turn``'s turn starts, each character
    in that clearing with colour chits, in the order of the game's characters, may play them
    (the ``color`` decision ``d3/Amazon/p1/color/Sorcerer``, :func:`options`). There is no
    window in Daylight: the decision is answered only by an answer given ahead, or else by his
    standing ``color:`` instruction (:func:`_standing`), else ``none``, and never waits."""
    where = ctx.state.clearing_of(turn)
    if where is None:
        return
    for who, sheet in ctx.state.characters.items():
        if sheet.dead or not color_chits(sheet) or ctx.state.clearing_of(who) != where:
            continue
        found = options(ctx.catalog, ctx.state, who, where)
        decision = Decision(
            id=TurnId(
                day=ctx.state.game_day, turn=turn, phase=number, kind="color", who=who
            ).format(),
            character=who,
            kind="color",
            prompt=PROMPT,
            options=tuple(found),
            default=NONE,
        )
        answer = ctx.answers.get(decision.id)
        if answer is None:
            answer = _standing(ctx, who, where, decision)
        if answer is None or answer not in decision.options:
            continue
        _daylight_play(ctx, who, where, answer)


def _standing(ctx: Ctx, who: str, where: str, decision: Decision) -> str | None:
    """His standing ``color:`` instruction's answer to a Daylight ``color`` decision
    (:func:`rules.orders.conditions.daylight_color`), or None."""
    orders = ctx.today.orders.get(who)
    if orders is None or not any(c.key == "color" for c in orders.instructions.combat.clauses):
        return None
    plays = worth_playing(ctx.catalog, ctx.state, who, where, ctx.today.carpets)
    return daylight_color(orders.instructions.combat, decision, plays)


def _daylight_play(ctx: Ctx, who: str, where: str, answer: str) -> None:
    """His Daylight ``answer`` played in ``where``: one refused is a ``play_cancelled`` without
    a round."""

    def refuse(chit: str, why: Phrase) -> None:
        ctx.emit(PlayCancelled(who=who, chit=chit, reason=why, at=where))

    play(ctx, who, where, answer, refuse=refuse, spend=lambda c, why: _fatigue(ctx, who, c, why))


def _fatigue(ctx: Ctx, who: str, label: str, reason: Phrase) -> None:
    """A colour chit used or fatigued at will in Daylight: it reverts to a Magic chit (4.6.4h)."""
    chit = next(c for c in ctx.sheet(who).chits if c.label == label and c.color is not None)
    chit.color = None
    chit.status = "fatigued"
    ctx.emit(Fatigued(who=who, chit=label, reason=reason))
