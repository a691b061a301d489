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

KIND = "spell"
"""The decision kind of every question a spell asks."""


def ask(
    ctx: Ctx,
    who: str,
    spell: str,
    prompt: str,
    options: Sequence[str],
    *,
    combat: CombatState | None = None,
    before: str | None = None,
) -> str:
    """``who``'s answer to the question ``spell`` (its Spell card's name) asks him, among
    ``options`` (legal, the default first, at least one), in the round of ``combat`` if given,
    ``before`` the turn of the individual named if given (a question about that turn, asked
    before it starts: its first phase's, ``d3/Amazon/p1/spell Premonition/Amazon``), else in
    the current phase of the current turn; his employer answers for a hireling
    (:meth:`rules.day.context.Ctx.eyes`). A single option is no choice: it is the answer, and
    nothing is asked."""
    assert options, f"{spell} asks {who} with no option"
    if len(options) == 1:
        return options[0]
    if combat is not None:
        where: TurnId | CombatId = combat.decision_id(ctx.state.game_day, KIND, who, spell)
    elif before is not None:
        where = TurnId(
            day=ctx.state.game_day, turn=before, phase=1, kind=KIND, who=who, subject=spell
        )
    else:
        where = ctx.decision_id(KIND, who, spell)
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
