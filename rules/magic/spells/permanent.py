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
from rules.magic import wand
from rules.magic.casts import SpellCast
from rules.magic.forms import TRANSFORM_TABLE


def transform(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Transform takes effect: the caster ``who`` rolls on the Transform Table for its target,
    and the creature rolled is what the spell makes of him (``cast.becomes``). A denizen fights
    with the creature's values (:func:`rules.evening.counters.showing`), a character with
    dummies at its values (8.4.5p: :mod:`rules.evening.melee`, :mod:`rules.evening.reveal`),
    and a transmorphized individual cancels the activities he cannot do
    (:mod:`rules.magic.limits`); the belongings he has as it is energized move with him,
    weighing nothing (:func:`rules.magic.forms.belongings_frozen`), those he gains after are
    carried with the creature's strength (4.6.9b.4, :func:`rules.magic.forms.untransmorphized`),
    none activated; and a beast walks the woods (7.3.4,
    :func:`rules.daylight.move.walks_the_woods`) and may run into the forest (8.3.8f,
    :func:`rules.evening.encounter.action_options`, :mod:`rules.forest`); a Dragon is a beast,
    never red side up (the reading at :func:`rules.magic.forms.attack`)."""
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


def melt_into_mist(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Melt into Mist (VI, Purple, one character, native or monster; L5058) takes effect: its
    target is mist whenever the spell is energized (:func:`rules.magic.forms.form`); nothing
    is done as it takes effect. What mist does is read where it acts:

    - rule 1 (L5060): in Daylight he only Moves, Hides and Follows
      (:func:`rules.magic.forms.mist_forbids`; he cannot Search, 4.6.9c.2), moves along hidden
      paths and secret passages he has not discovered without discovering them, and cannot be
      followed (:func:`rules.daylight.move.move`, :func:`rules.daylight.moving.usable`);
    - rule 2 (L5061): spells do not affect him (:mod:`rules.magic.nullifying`);
    - rule 3 (L5062): he cannot block or be blocked (:mod:`rules.daylight.blocking`), takes no
      part in combat (:func:`rules.magic.forms.misted`) and, a character, runs away only with
      his T4 Move chit (:data:`rules.magic.forms.MIST_MOVE_CHIT`,
      :func:`rules.evening.encounter.action_options`);
    - his horses and items are transmorphized with him (L5058, 4.6.9b.1–b.2): frozen, of
      Negligible weight, moving with him (:func:`rules.magic.forms.belongings_frozen`). He
      "cannot carry untransmorphized items" and has no way to gain any: he cannot Trade,
      Search or take part in combat."""
    del ctx, combat, who, cast
