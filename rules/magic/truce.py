"""The Wish for peace (the Wishes Table's 4, L5259, its notes 3–4, L5267–5268; 4.6.8b): "Combat
ends for the day in your clearing. All spells that have not yet gone into effect are cancelled
and all characters and denizens are prohibited from specifying targets or attacking for the
rest of the day"; "Rounds of combat continue for two rounds to allow characters to do actions.
This 'peace' cannot be broken before it expires."

The peace is kept for the day in :attr:`rules.day.state.DayState.peace`, the clearing with the round
it was made in (0 in Daylight: the Enchanted Meadow's and the Withered Claw's Wishes). In a
clearing at peace a round of combat has no luring, assigning or charging and no targets, spells
or attacks: its Encounter Step (actions without casting, which names targets) and its Fatigue
Step only (:data:`HALTED`); the combat ends at the end of the second round after the Wish
(:func:`over`), or sooner if nobody is left (8.8.4).

Readings: "two rounds" are the two after the round of the Wish — whose melee, after the spells'
step it is granted in, is no longer fought: its plays are not revealed, so nothing they would
have cost fatigues — and a peace made in Daylight gives that night's combat in the clearing its
first two rounds only; "cannot be broken" keeps the combat going for those two rounds even if
two rounds pass with nothing happening (8.8.2 would end it as soon). Note 3: the spells of the
same completion time as the Small Blessing that grants it are simultaneous with the Wish and
take effect; the slower casts are cancelled (``spell_cancelled``, reason ``wish``). An Attack
spell that took effect before the Wish does not attack (no one attacks) and expires unused at
the end of the Melee Step (8.4.4a).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState, Step
from rules.magic.cancelling import cancel

#: The steps of a round a peace does away with, each with the step the round goes on to.
HALTED: dict[Step, Step] = {
    "lure": "actions",
    "assign": "actions",
    "deploy": "actions",
    "targets": "fatigue",
    "effects": "fatigue",
    "plays": "resolve",
}
#: How many rounds of combat continue after the Wish (note 4).
ROUNDS = 2
#: The reason a cast is cancelled by the Wish (SCENARIOS part 3's ``spell_cancelled``).
WISH = "wish"


def make(ctx: Ctx, who: str, combat: CombatState | None) -> None:
    """``who``'s Wish for peace: his clearing is at peace for the rest of the day; in a round
    of combat the casts slower than the Wish's are cancelled (note 3). A second Wish there
    changes nothing: the first peace has not expired."""
    at = combat.clearing if combat is not None else ctx.where(who)
    if at is None or at in ctx.today.peace:
        return
    ctx.today.peace[at] = combat.round if combat is not None else 0
    if combat is None:
        return
    taking = [c.time for c in combat.casts.values() if c.status == "taking"]
    now = min(taking, default=0)
    for caster, cast in list(combat.casts.items()):
        if cast.status == "cast" and cast.time > now:
            cancel(ctx, combat, caster, WISH, by=who)


def reigns(ctx: Ctx, clearing: str) -> bool:
    """Whether ``clearing`` is at peace today."""
    return clearing in ctx.today.peace


def step(ctx: Ctx, combat: CombatState) -> Step | None:
    """The step the combat goes on to instead of the one it stands at, which a peace does away
    with; None when it is fought. The targets of last round are forgotten with the targets
    step: no one has one."""
    if combat.step not in HALTED or not reigns(ctx, combat.clearing):
        return None
    if combat.step == "targets":
        combat.targets = {}
    return HALTED[combat.step]


def over(ctx: Ctx, combat: CombatState) -> bool | None:
    """At the end of a round: whether the peace ends the combat (the second round after the
    Wish is over); None when the clearing is not at peace, and the rules of 8.8.2 decide."""
    made = ctx.today.peace.get(combat.clearing)
    if made is None:
        return None
    return combat.round >= made + ROUNDS
