"""Permanent spells (4.6.7h): in effect until broken, affecting their targets only while
energized. Each is energized as it is cast (h.2) and committed as a
:class:`~rules.magic.state.SpellInEffect` (:func:`rules.magic.taking_effect.commit`); what it
does is read where it acts, while it is energized.

Transform (VI, Purple, one character, monster or native; L5071): the caster rolls once on the
Transform Table as the spell takes effect (SCENARIOS part 3, forced dice step 3); the creature
rolled is the spell's ``becomes``, the target's form whenever the spell is energized
(:func:`rules.magic.forms.form`) — "each time he energizes the spell, he is transformed into the
same creature; he does not roll again". :func:`rules.magic.forms.creature` gives the values the
transmorphized individual fights with (4.6.9d, 8.4.5p).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.casting import SpellTable
from rules.events.day import NotImplementedYet
from rules.magic import wand
from rules.magic.casts import SpellCast
from rules.magic.forms import TRANSFORM_TABLE


def transform(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Transform takes effect: the caster ``who`` rolls on the Transform Table for its target,
    and the creature rolled is what the spell makes of him (``cast.becomes``). A denizen fights
    with the creature's values (:func:`rules.evening.counters.showing`), a character with
    dummies at its values (8.4.5p: :mod:`rules.evening.melee`, :mod:`rules.evening.reveal`),
    and a transmorphized individual cancels the activities he cannot do
    (:mod:`rules.magic.limits`); his belongings move with him, weighing nothing
    (:func:`rules.magic.forms.belongings_frozen`), and a beast walks the woods (7.3.4,
    :func:`rules.daylight.move.walks_the_woods`). What he gains while transformed (4.6.9b.4)
    and running into the forest (8.3.8f) are reported not implemented
    (:data:`rules.loud.LOUD`); a Dragon is a beast, never red side up (the reading at
    :func:`rules.magic.forms.attack`)."""
    table = ctx.catalog.tables[TRANSFORM_TABLE]
    red = wand.red_die(ctx, who, TRANSFORM_TABLE, combat)  # L4352: asked before the roll
    roll = ctx.dice.roll(who, TRANSFORM_TABLE, red=red)
    ctx.emit_roll(roll, at=combat.clearing, round=combat.round)
    result = table.result(roll.result)
    cast.becomes = result.text
    target = cast.targets[0] if cast.targets else None
    ctx.emit(
        SpellTable(
            who=who, table=TRANSFORM_TABLE, roll=roll.result, result=result.text, target=target
        )
    )
    ctx.emit(
        NotImplementedYet(
            rule="4.6.9d",
            what=(
                f"{target} as a {result.text}: the belongings he gains while transformed, "
                "carried with the creature's strength (4.6.9b.4), and a beast running away "
                "into the forest (8.3.8f) are not built"
            ),
            who=target,
        )
    )


def melt_into_mist(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Melt into Mist (VI, Purple, one character, native or monster; L5058) takes effect: its
    target is mist whenever the spell is energized (:func:`rules.magic.forms.form`). What that
    does is read where it acts: he takes no part in combat (:func:`rules.magic.forms.misted`,
    rule 3), spells do not affect him (:mod:`rules.magic.nullifying`, rule 2), and in Daylight
    he only Moves, Hides and Follows (:func:`rules.magic.forms.mist_forbids`, rule 1). The
    rest — his T4 Move chit to run away, the hidden paths he may take, not blocking or being
    blocked, his belongings transmorphized with him — is reported not implemented."""
    del who
    target = cast.targets[0] if cast.targets else None
    ctx.emit(
        NotImplementedYet(
            rule="L5060",
            what=(
                f"{target} in mist: the T4 Move chit to run away with, moving along hidden "
                "paths and secret passages, not blocking or being blocked, and his belongings "
                "transmorphized with him (4.6.9b-c)"
            ),
            who=target,
        )
    )
    del combat
