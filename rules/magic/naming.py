"""A caster's ``target`` decision by DM (8.4.2d; issue 34): naming his spell's targets, in the
order announced, when the Melee Step's choices are asked ahead in the encounter window (issue
32), before his cast is made and while his spell is secret.

One decision id answers both his attack target and his spell's targets
(``d1/AV5/r1/target/Wizard``): asked ahead (:func:`ahead`), it offers after the attack targets
the targets of every spell his Encounter action may cast (:func:`rules.magic.targets.ahead`);
once the casts are made, a caster's target decision offers his spell's targets
(:func:`decision`), and his answer given ahead is taken if it is among them. One whose answer
would break his spell — a target of the wrong sort, or none — is asked again, alone, in a window
of his own (:func:`again`), when combat waits for its players and the answer ahead was his own.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.answers import NONE
from rules.evening.encounter import action_decisions, combat_id
from rules.evening.state import CombatState
from rules.events import Decision
from rules.magic import casting, targets
from rules.phrases import phrase

#: The subject of the target decision a caster is asked again, alone (:func:`again`).
AGAIN = "spell"


def casts(ctx: Ctx, combat: CombatState, who: str) -> list[tuple[str, str]]:
    """The (spell, chit) of each cast his Encounter action offers this round, once each."""
    found: list[tuple[str, str]] = []
    for asked in action_decisions(ctx, combat):
        if asked.character == who:
            for option in asked.options:
                if option.startswith(casting.CAST):
                    spell, chit, _ = casting.read(option)
                    found.append((spell, chit))
    return list(dict.fromkeys(found))


def ahead(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """The targets of the spells he may cast this round, offered ahead beside his attack
    targets: none first, each once."""
    return targets.ahead(ctx, combat, who, casts(ctx, combat, who))


def decision(ctx: Ctx, combat: CombatState, who: str) -> Decision:
    """The target decision of a character who cast a spell this round: his spell's targets
    (:func:`rules.magic.targets.target_options`), none by default."""
    return Decision(
        id=combat_id(ctx, combat, "target", who).format(),
        character=who,
        kind="target",
        prompt=phrase("magic.targets", spell=combat.casts[who].spell),
        options=tuple(targets.target_options(ctx, combat, who)),
        default=NONE,
    )


def again(ctx: Ctx, combat: CombatState, who: str, answer: str) -> str:
    """His spell's targets, once the casts are revealed: ``answer``, the one he gave ahead, if
    it names targets of the sort his spell requires (:func:`rules.magic.targets.
    of_right_sort`); else — when combat waits for its players and the answer ahead was his
    own, not a default — he is asked them again, alone (``d1/AV5/r1/target/Wizard/spell``),
    none by default (SCENARIOS part 3). An answer there is final, even one that breaks his
    spell (8.4.2d)."""
    key = combat_id(ctx, combat, "target", who).format()
    given = ctx.answers.get(key)
    if not ctx.combat_waits() or given is None or key in ctx.defaulted:
        return answer
    if given == answer and targets.of_right_sort(ctx, combat, who, targets.named(answer)):
        return answer
    spell = combat.casts[who].spell
    return ctx.ask(
        Decision(
            id=combat_id(ctx, combat, "target", who, AGAIN).format(),
            character=who,
            kind="target",
            prompt=phrase("magic.targets_again", spell=spell, given=given),
            options=tuple(targets.target_options(ctx, combat, who)),
            default=NONE,
        )
    )
