"""The spells a character records (7.5.6e–g, 3.3.3): one spell a box of his sheet, as many as
it has boxes, and erasing one to make room.

"The number of spells a character can record is limited by the number of boxes he has. He can
erase old spells to make room for new spells, if he wishes, but he loses the spells he erases"
(7.5.6g, L1856). The sheet's boxes are :data:`SPELL_BOXES`: the rulebook does not print the
number (the Personal History sheet did); fourteen is the published game's, as RealmSpeak keeps
it ("Magic Realm limits you to 14 spells per character", its option ``HOUSE2_NO_SPELL_LIMIT``).
A box whose spell is in effect — a spell he cast with a Magic chit, noted in its box with its
targets — cannot be erased while the spell lasts (8.4.2c.2, L2475).

Every way of learning a spell — a Learn result of Reading Runes, a Perceive spell, a spell
bought from a visitor (7.5.6c, 7.5.7e, 7.6.7b) — records it through :func:`record`. With no box
free he is asked first (:func:`ask_room`, the decision ``erase``, before anything changes): the
spell he erases, or ``none``, the default (rules-map P18: "never erase"), and then he does not
record the new one. What he records and erases is his alone (7.5.6e): private events.
"""

from __future__ import annotations

from collections import Counter

from rules.day.context import Ctx
from rules.events import Decision
from rules.events.search import SpellLearned
from rules.events.spells import SpellErased, SpellLimit
from rules.phrases import phrase
from rules.state import CharacterState, GameState

#: The Spells boxes of a Personal History sheet (7.5.6g; see the module).
SPELL_BOXES = 14

#: The answer to ``erase`` that erases nothing (and so records nothing).
NONE = "none"


def boxes_free(sheet: CharacterState) -> int:
    """How many of his sheet's Spells boxes are empty (7.5.6g)."""
    return max(0, SPELL_BOXES - len(sheet.spells))


def erasable(state: GameState, who: str) -> list[str]:
    """The spells he may erase now, each once, in the order of his sheet: every recorded spell
    but those whose every box is tied up by a spell in effect he cast with a Magic chit
    (8.4.2c.2)."""
    sheet = state.characters[who]
    in_use = Counter(s.spell for s in state.spells if s.controller == who and s.chit is not None)
    left = Counter(sheet.spells)
    left.subtract(in_use)
    return [spell for spell in dict.fromkeys(sheet.spells) if left[spell] > 0]


def erase_options(state: GameState, who: str) -> tuple[str, ...]:
    """The options of the ``erase`` decision, the default first: ``none``, then
    :func:`erasable` (the one generator the engine, the default and the tests read)."""
    return (NONE, *erasable(state, who))


def ask_room(ctx: Ctx, who: str, spell: str) -> str:
    """Before he records ``spell``: ``record`` if a box is free, else the spell he erases to
    make room (the decision ``erase``), or ``none`` to keep his spells and not record it
    (7.5.6g). Asking changes nothing."""
    sheet = ctx.sheet(who)
    if boxes_free(sheet) > 0:
        return RECORD
    options = erase_options(ctx.state, who)
    return ctx.ask(
        Decision(
            id=ctx.decision_id("erase", who).format(),
            character=ctx.eyes(who),
            kind="erase",
            prompt=phrase("magic.boxes_full", boxes=SPELL_BOXES, spell=spell),
            options=options,
            default=NONE,
        )
    )


#: What :func:`ask_room` answers when a box is free.
RECORD = "record"


def record(ctx: Ctx, who: str, spell: str, from_: str, room: str) -> bool:
    """He records ``spell``, learned from ``from_``, in a box of his sheet (7.5.6e), privately;
    ``room`` is :func:`ask_room`'s answer: with no box free he first erases that spell (he loses
    it), or, answering ``none``, records nothing and is told so. Returns whether he recorded
    it."""
    sheet = ctx.sheet(who)
    eyes = (ctx.eyes(who),)
    if boxes_free(sheet) == 0:
        if room not in erasable(ctx.state, who):
            ctx.emit(SpellLimit(recipients=eyes, who=who, spell=spell, boxes=SPELL_BOXES))
            return False
        sheet.spells.remove(room)
        if sheet.spells.count(room) < sheet.starting_spells.count(room):
            sheet.starting_spells.remove(room)  # the box he erased held a starting spell
        ctx.emit(SpellErased(recipients=eyes, who=who, spell=room, for_=spell))
    sheet.spells.append(spell)
    ctx.emit(SpellLearned(recipients=eyes, who=who, spell=spell, from_=from_))
    return True
