"""The Instant spells that roll on a Spell Table (4.6.8; L5234–5282) as they take effect: Curse
(the caster rolls on the Curses Table for his target, L4962) and Power of the Pit (the caster
rolls on the Power of the Pit Table for his target, L4966) and Small Blessing (the target rolls
on the Wishes Table, L4717).

Each roll is a ``roll`` event, then ``spell_table`` (who rolled, the table, the roll, the result
as printed, the target), then what the result does (SCENARIOS part 3, forced dice step 3: the
caster rolls for Curse and Power of the Pit, the target for Small Blessing).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.runes import afflict
from rules.evening.state import CombatState
from rules.magic import pit, spell_tables, wishes
from rules.magic.casts import SpellCast
from rules.magic.spell_tables import CURSES_TABLE


def curse(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Curse (V, Grey as printed, one character, Instant; L4962): "The spellcaster rolls on the
    Curses Table and applies the Curse to the target" — ``who`` rolls (with his own
    modifications, :func:`rules.magic.spell_tables.roll`) and the target is cursed
    (4.6.8a: a Curse he already has has no further effect)."""
    target = cast.targets[0]
    at, round = combat.clearing, combat.round
    rolled, result = spell_tables.told(
        ctx, who, CURSES_TABLE, target, at=at, round=round, combat=combat
    )
    afflict(ctx, target, result, rolled)


def power_of_the_pit(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Power of the Pit (V, Black, one character, native or monster, Instant; L4966): "The
    spellcaster rolls on the Power of the Pit Table and applies the result to the target"
    (:func:`rules.magic.pit.power_of_the_pit`); its kills are his (note 1, 8.7.2c)."""
    pit.power_of_the_pit(ctx, combat, who, cast.targets[0], who)


def small_blessing(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Small Blessing (I, White, one character, Instant; L4717): "The target character
    immediately rolls the dice and consults the Wishes table" — he is granted the Wish he rolls
    (:func:`rules.magic.wishes.wish`), answering its questions himself; the roll is kept on
    the cast while a question waits."""
    del who
    wishes.wish(ctx, cast.targets[0], cast.spell, combat=combat, cast=cast)
