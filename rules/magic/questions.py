"""The questions a spell asks as it works (SCENARIOS part 3, "Answers a spell asks"): where
Violent Storm's victim cancels his phases, which clearing a Lost individual moves to, what a
Wish or Hurricane Winds chooses, the spell Enchant Artifact adds, whether a Broomstick's caster
invokes its Fly chit.

Every such question is one decision kind, ``spell`` (:data:`KIND`), about the spell by its name
(the id's subject), asked of the one who answers it — the caster or the target — in the phase
of a turn (``d3/Amazon/p2/spell Violent Storm/Amazon``) or the round of a combat
(``d3/CV5/r1/spell/Amazon/Violent Storm``). SCENARIOS part 3 writes the turn's form as
``d3/Amazon/p2/spell/Amazon/Violent Storm``; every turn decision's id ends with who decides
(:class:`rules.decisions.ids.TurnId`), so the subject goes beside the kind as for ``sell``.

A spell that asks two questions in one round names the second by what it is ``about``: its
subject is then the spell's name and that, ``Talk to Wise Bird, Choice``
(:func:`subject`), so each has an id of its own; :func:`spell_of` reads the spell back.

Each spell's module generates its question's legal options, its default first (the default
SCENARIOS part 3 gives in brackets), and reads the answer; :func:`ask` makes the decision and
takes the answer given, or the default.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.day.context import Ctx
from rules.decisions import CombatId, TurnId
from rules.evening.state import CombatState
from rules.events import Decision
from rules.phrases import Phrase

KIND = "spell"
"""The decision kind of every question a spell asks."""

#: Between a spell's name and what its question is about, in the decision's subject.
ABOUT = ", "


def subject(spell: str, about: str | None = None) -> str:
    """The subject of a question ``spell`` asks: its name, and what the question is ``about``
    when it asks more than one in a round (``Talk to Wise Bird, Choice``)."""
    return spell if about is None else f"{spell}{ABOUT}{about}"


def spell_of(subject: str) -> str:
    """The spell whose question has this subject (:func:`subject`); no spell's name holds
    :data:`ABOUT`."""
    return subject.partition(ABOUT)[0]


def ask(
    ctx: Ctx,
    who: str,
    spell: str,
    prompt: Phrase,
    options: Sequence[str],
    *,
    combat: CombatState | None = None,
    before: str | None = None,
    about: str | None = None,
) -> str:
    """``who``'s answer to the question ``spell`` (its Spell card's name) asks him, ``prompt``
    (a phrase), among ``options`` (legal, the default first, at least one), in the round of
    ``combat`` if given, ``before`` the turn of the individual named if given (a question about
    that turn, asked before it starts: its first phase's, ``d3/Amazon/p1/spell
    Premonition/Amazon``), else in the current phase of the current turn; his employer answers
    for a hireling (:meth:`rules.day.context.Ctx.eyes`). A single option is no choice: it is
    the answer, and nothing is asked. ``about`` names a second question of the spell
    (:func:`subject`)."""
    assert options, f"{spell} asks {who} with no option"
    if len(options) == 1:
        return options[0]
    named = subject(spell, about)
    if combat is not None:
        where: TurnId | CombatId = combat.decision_id(ctx.state.game_day, KIND, who, named)
    elif before is not None:
        where = TurnId(
            day=ctx.state.game_day, turn=before, phase=1, kind=KIND, who=who, subject=named
        )
    else:
        where = ctx.decision_id(KIND, who, named)
    return ctx.ask(
        Decision(
            id=where.format(),
            character=ctx.eyes(who),
            kind=KIND,
            prompt=prompt,
            options=tuple(options),
            default=options[0],
        )
    )
