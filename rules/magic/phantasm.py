"""Phantasm (VI/Purple, one character, Day; L5064–5069): "This spell creates an ethereal being
(or 'phantasm') that the target controls."

"1. During Birdsong of the next day he puts an unused piece with himself to represent the
phantasm, and he records a separate turn for the phantasm. The phantasm gets the same number of
Basic and Sunlight phases as other characters. It can do only the Move, Peer and Enchant
activities." (L5066) It "takes its turn just before the target character, when the target
character's Attention chit is picked", peers and enchants in its own clearing, "uses the target
character's Magic chits to do the Enchant activity, and it shares his discoveries list" (L5068);
it "cannot carry belongings or recorded Gold, it cannot follow or be followed, it cannot spy or
be spied on, it cannot block nor be blocked, it cannot take part in combat, and it does not
summon denizens or cause monsters to move" (L5069).

The phantasm is a piece of the same sort as the Witch's familiar and goes through its machinery
(:mod:`rules.daylight.familiar`): its piece, ``Phantasm (<target>)`` (:func:`rules.pieces.
phantasm`), is listed in ``GameState.familiars`` with its target, who records its turn in his
orders (a ``Phantasm:`` section, :mod:`rules.orders.sections`); its turn comes just before his
(:func:`rules.daylight.familiar.place_turns`); it shares his Discoveries list
(:meth:`rules.state.GameState.sheet`), and the hidden enemies it finds he sees while he stands
with it (:func:`rules.hidden.found_enemies`); it does not block, is not blocked, summons nothing
and takes no part in combat, being no individual (:func:`rules.daylight.hirelings.individuals`).
What this module adds is when it is in play: it appears at Birdsong of the day after the cast
(:func:`appear`), and leaves play — its piece unused again, the orders recorded for it lapsing —
as soon as no Phantasm spell names its target any more: when the spell expires at that day's
Sunset (8.1.1, 4.6.7g.2), or is broken, or its target released (:func:`vanish`).

Readings where the text leaves a gap:

- Each character has one unused piece for a phantasm: a second Phantasm on a target who has one
  in play gives him no second phantasm (both spells stay in effect until they end).
- A Phantasm nullified on its target at Birdsong (Melt into Mist, 4.6.10d.1) puts no piece in
  play; a target not on the map (dead, or gone) gets none either.
- Where the phantasm stands is public, as the familiar's is: it is a piece on the board; what
  it is ordered to do and what it discovers are its controller's alone.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight import familiar
from rules.events.spells import PhantasmAppeared, PhantasmLeft
from rules.magic.nullifying import nullified
from rules.pieces import is_phantasm, phantasm
from rules.state import GameState, Place

#: The spell's name on its card (L5064).
PHANTASM = "Phantasm"


def appear(state: GameState) -> list[str]:
    """Birdsong (L5066): each target of a Phantasm cast the Evening before puts his unused
    phantasm piece with himself, in his clearing, and records its turn from now on. Returns the
    pieces put in play, in casting order (a target already with a phantasm in play, off the map
    or under a nullifying spell gets none: see the module)."""
    placed: list[str] = []
    for spell in state.spells:
        if spell.spell != PHANTASM or spell.cast_day >= state.game_day:
            continue
        for target in spell.targets:
            piece = phantasm(target)
            sheet = state.characters.get(target)
            if sheet is None or sheet.dead or piece in state.familiars:
                continue
            where = state.clearing_of(target)
            if where is None or nullified(state.spells, spell, target):
                continue
            state.put(piece, Place.clearing(where))
            state.familiars[piece] = target
            placed.append(piece)
    return placed


def birdsong(ctx: Ctx) -> None:
    """The phantasms appear as the day's Birdsong begins (:func:`appear`), each told to all."""
    for piece in appear(ctx.state):
        owner = ctx.state.familiars[piece]
        ctx.emit(PhantasmAppeared(who=piece, owner=owner, at=ctx.state.clearing_of(piece) or ""))


def vanish(ctx: Ctx) -> None:
    """Each phantasm in play whose target no Phantasm spell in effect names any more leaves
    play (its spell expired at Sunset, was broken, or released him): its piece goes back
    unused, in no stack, and the orders recorded for it lapse."""
    named = {t for s in ctx.state.spells if s.spell == PHANTASM for t in s.targets}
    for piece, owner in sorted(ctx.state.familiars.items()):
        if not is_phantasm(piece) or owner in named:
            continue
        was = ctx.state.clearing_of(piece) or ""  # a phantasm in play stands on the map
        ctx.state.take(piece)
        familiar.lapse(ctx.state, piece)
        ctx.emit(PhantasmLeft(who=piece, owner=owner, from_=was))
