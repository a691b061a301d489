"""The Magic Wand (L4352): "This card affects only the Spell tables (Wish, Curse, Power of the Pit,
Transform, Lost and Violent Storm). It also affects the Missile Table when it is used to resolve
an Attack spell. If a character has this card active when he uses one of these tables, he
chooses what the red die rolls instead of rolling it. If he must roll two dice he must still roll
the white die, after choosing what the red die rolls, and the higher number is his result. If he
must roll only one die (as a result of the Lucky Charm, for example), he can use the red die and
choose his result."

His choice is a decision of its own, ``red_die`` (:data:`KIND`), about the table (its id's
subject), with the options 1–6 (:func:`options`); the roll is then made with the red die as he
chose (:meth:`rules.dice.Dice.roll`, ``red``), his modifiers added as to any roll.

Where it is asked: in the spells' step of a round of combat (8.4.3), as a spell that rolls
takes effect — Small Blessing's Wish, Curse, Power of the Pit, Transform, Violent Storm — the
choice waits for him, the step stopping before anything of the spell's has changed and resuming
the spell (status ``taking``) with his answer. Anywhere else — in the middle of a step that has
already changed the game: a Treasure card's or a site's roll in Daylight, a Lost Move, a
Demon's or the Imp's hit (8.4.7b) or an Attack spell's missile hit in the Melee Step — the roll
cannot wait: the choice is his answer given ahead (by the decision's id), else the default.

Reading (the default): on a Spell table the highest number, 6 — the table's last line, what the
brief of the Wand names "the highest"; the Wand says nothing of which result is better, and
each table orders its results differently. On the Missile Table, where a lower roll harms more
(8.4.9f.1), the default is 1, what helps the Attack spell's caster most.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.decisions import CombatId, TurnId
from rules.evening.state import CombatState
from rules.events import Decision
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of

KIND = "red_die"
"""The decision kind of the Magic Wand's choice."""
#: The behaviour of the Treasure cards that let their owner choose the red die (L4352).
CHOOSE_RED_DIE = "choose_red_die"
#: The tables whose default is the lowest number: a lower roll is better (8.4.9f.1).
LOW_IS_BETTER = ("Missile Table",)
#: Its options, the highest first.
NUMBERS = ("6", "5", "4", "3", "2", "1")


def options(table: str) -> tuple[str, ...]:
    """The numbers he may choose on ``table``, its default first (see the module's reading)."""
    return tuple(reversed(NUMBERS)) if table in LOW_IS_BETTER else NUMBERS


def wields(ctx: Ctx, who: str) -> bool:
    """Whether the character ``who`` has a Magic Wand (or any card that lets him choose the
    red die) active."""
    if who not in ctx.state.characters:
        return False
    pieces = pieces_of(ctx.catalog)
    return any(
        held.active
        and pieces[item].kind is Kind.TREASURE
        and CHOOSE_RED_DIE in ctx.catalog.treasures[pieces[item].name].behaviour
        for item, held in ctx.sheet(who).items.items()
    )


def red_die(ctx: Ctx, who: str, table: str, combat: CombatState | None = None) -> int | None:
    """What the red die shows when ``who`` rolls on ``table``: None when he has no Magic Wand
    active (both dice are rolled); else his choice, asked and awaited in the spells' step of
    ``combat`` (a round of combat), else his answer given ahead or the default (see the
    module)."""
    if not wields(ctx, who):
        return None
    choices = options(table)
    where: TurnId | CombatId | None = None
    if combat is not None and combat.round > 0:
        where = combat.decision_id(ctx.state.game_day, KIND, who, table)
    elif ctx.today.turn is not None:
        where = ctx.decision_id(KIND, who, table)
    if where is None:
        return int(choices[0])
    decision = Decision(
        id=where.format(),
        character=ctx.eyes(who),
        kind=KIND,
        prompt=phrase("magic.red_die", table=table),
        options=choices,
        default=choices[0],
    )
    if combat is not None and combat.step == "effects":
        answer = ctx.ask(decision)
        ctx.wait_if_pending()
        return int(answer)
    given = ctx.answers.get(decision.id)
    return int(given) if given in choices else int(choices[0])
