"""A roll on one of the Spell Tables (L5234–5282: the Power of the Pit, the Wishes and the Curses
Tables; 4.6.8), whoever makes it: a spell's caster or target, the victim of a Demon's or the
Imp's attack (8.4.7b), or a Treasure card's or a site's user.

The effects of each table are applied elsewhere: the Curses by
:func:`rules.daylight.runes.afflict`, the Power of the Pit by :mod:`rules.magic.pit`; this
module rolls and says the result (``spell_table``, SCENARIOS part 3).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.dice import Roll
from rules.evening.state import CombatState
from rules.events.casting import SpellTable
from rules.magic import wand
from rules.magic.bewitched import spell_modifier
from rules.modifiers import treasure_modifier
from rules.pieces import Kind, pieces_of
from rules.schema.tables import Result

CURSES_TABLE = "Curses Table"
PIT_TABLE = "Power of the Pit Table"
WISHES_TABLE = "Wishes Table"


def roll(
    ctx: Ctx, who: str, table: str, *, combat: CombatState | None = None
) -> tuple[Roll, Result]:
    """``who`` rolls on ``table`` and the result it gives. A character rolls two dice, one fewer
    per active Treasure card giving "one die on every table" (the Lucky Charm, L4350), plus
    what the Treasure cards add (the Cloven Hoof, L4344) and the spells on him (Bad Luck,
    :func:`rules.magic.bewitched.spell_modifier`); with the Magic Wand active he first chooses
    what the red die rolls (L4352, :func:`rules.magic.wand.red_die`: in the spells' step of a
    round of ``combat`` the choice waits for him). A denizen rolls two dice with no modifier
    (L4340: a character's modifications do not apply to his hirelings)."""
    if who not in ctx.state.characters:
        rolled = ctx.dice.roll(who, table)
        return rolled, ctx.catalog.tables[table].result(rolled.result)
    red = wand.red_die(ctx, who, table, combat)  # asked, and awaited, before anything is rolled
    treasures = active_treasures(ctx, who)
    dice = sum("one_die:all" in ctx.catalog.treasures[t].behaviour for t in treasures)
    added = treasure_modifier(ctx.catalog, ctx.board, ctx.state, who, None)  # L4344
    added += spell_modifier(ctx.catalog, ctx.state, who, None)  # Bad Luck, L5169
    rolled = ctx.dice.roll(who, table, one_die=dice, modifier=added, red=red)
    return rolled, ctx.catalog.tables[table].result(rolled.result)


def told(
    ctx: Ctx,
    who: str,
    table: str,
    target: str | None,
    *,
    at: str | None = None,
    round: int | None = None,
    combat: CombatState | None = None,
) -> tuple[Roll, Result]:
    """``who`` rolls on ``table`` for ``target`` (:func:`roll`, in the round of ``combat`` if
    given), said to all: the ``roll`` event, then ``spell_table`` (:func:`said`); returns the
    roll and its result."""
    rolled, result = roll(ctx, who, table, combat=combat)
    ctx.emit_roll(rolled, at=at, round=round)
    said(ctx, who, table, rolled, result, target)
    return rolled, result


def said(ctx: Ctx, who: str, table: str, rolled: Roll, result: Result, target: str | None) -> None:
    """The ``spell_table`` event: ``who`` rolled ``rolled`` on ``table`` for ``target``, with
    the result as printed."""
    ctx.emit(
        SpellTable(who=who, table=table, roll=rolled.result, result=result.text, target=target)
    )


def active_treasures(ctx: Ctx, who: str) -> list[str]:
    """The Treasure cards the character ``who`` owns and has active, by catalog name, in the
    order of his sheet."""
    pieces = pieces_of(ctx.catalog)
    return [
        pieces[item].name
        for item, held in ctx.sheet(who).items.items()
        if held.active and pieces[item].kind is Kind.TREASURE
    ]
