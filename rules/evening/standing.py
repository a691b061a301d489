"""Standing combat instructions in the day's orders (pbem-combat §3) as the defaults of the
Evening's decisions: a player's answer first, then his standing instruction for that step if one
applies, then the engine's safe default (§4)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rules.chits import Alteration, current
from rules.day.context import Ctx
from rules.decisions.kinds import FATIGUE_STEP
from rules.evening import kit
from rules.evening.answers import NONE
from rules.evening.counters import is_monster, red_side_up
from rules.evening.state import CombatState
from rules.events import Decision
from rules.magic import energizing
from rules.orders.conditions import Situation, standing_answer
from rules.schema.action_chits import ActionChit


def situation(ctx: Ctx, combat: CombatState, who: str, *, effort: int = 0) -> Situation:
    """The public facts his clauses are checked against now (``effort``: asterisks planned in
    his other plays of the round, besides those already played), and what his magic clauses
    need: his cast this round, the monsters on his sheet, where the fight is, and the colour
    plays that would energize something (:func:`rules.magic.energizing.worth_playing`)."""
    character = ctx.sheet(who)
    on_sheet = tuple(combat.sheets.get(who, []))
    weapon = kit.weapon(ctx.catalog, ctx.state, character)
    labels = tuple(dict.fromkeys(c.label for c in character.chits))
    cast = combat.casts.get(who)
    worth = (
        energizing.worth_playing(ctx.catalog, ctx.state, who, combat.clearing, ctx.today.carpets)
        if energizing.color_chits(character)
        else []
    )
    return Situation(
        round=combat.round,
        on_sheet=on_sheet,
        red_tremendous=any(
            red_side_up(ctx.catalog, ctx.state, combat.dark_parts, d) for d in on_sheet
        ),
        wounds=sum(1 for c in character.chits if c.status == "wounded"),
        weapon_alerted=None if weapon is None else character.items[weapon].alerted,
        came_from=ctx.today.entered_from.get(who),
        effort=kit.effort(kit.used(combat, who)) + effort,
        carried=kit.heaviest(ctx.catalog, ctx.state, character).rank,
        faces=_faces(labels, kit.altered(ctx.catalog, ctx.state, character)),
        cast=None if cast is None else cast.spell,
        monsters=tuple(p for p in on_sheet if is_monster(ctx.catalog, p)),
        clearing=combat.clearing,
        tile=ctx.board.tile_of(combat.clearing).tile,
        energize=tuple(worth),
    )


@lru_cache(maxsize=1024)
def _faces(labels: tuple[str, ...], altered: Alteration) -> tuple[tuple[str, ActionChit], ...]:
    """The current face of each of the chits ``labels`` under ``altered`` (L4364–4378,
    :func:`rules.chits.current`): a character's chits are action chits, never cards."""
    return tuple((label, current(label, altered)) for label in labels)


def ask(
    ctx: Ctx,
    combat: CombatState,
    decision: Decision,
    *,
    effort: int = 0,
    fallback: str | None = None,
) -> str:
    """The answer to ``decision``: the player's (one he chose: a default taken when nobody
    answered is none), else his standing combat instruction's, else
    ``fallback`` (another standing instruction's answer, when it is one of the options) — a
    decision so answered is never asked: a window opens only for the choices his standing
    orders do not answer (issue 14) — else the decision's own default (asked, when combat
    waits for players)."""
    orders = ctx.today.orders.get(decision.character)
    chosen = decision.id in ctx.answers and decision.id not in ctx.defaulted
    if chosen or orders is None:
        return ctx.ask(decision)
    if decision.kind in AHEAD_OF_CAST and _casting_ahead(ctx, combat, decision):
        return NONE
    if orders.instructions.combat.clauses_for(decision.kind, combat.round):
        found = standing_answer(
            orders.instructions.combat, decision, _situation(ctx, combat, decision, effort)
        )
        if found is not None:
            return found
    if fallback is not None and fallback in decision.options:
        return fallback
    return ctx.ask(decision)


#: The decisions of the Melee Step whose options his cast changes (8.4.2d, 8.4.5 i).
AHEAD_OF_CAST = ("target", "attack")


def _casting_ahead(ctx: Ctx, combat: CombatState, decision: Decision) -> bool:
    """Whether his ``target`` or ``attack`` decision is asked ahead, with the Encounter's and
    before his cast is known (:func:`rules.evening.melee.ask_ahead`), of one whose standing
    ``cast:`` instruction, holding now, names his spell's targets: it is not asked then — his
    cast names them at the Melee Step, where his attack (``attack: spell smash``) is asked
    again with his Attack spell's circles; if he makes no cast both are asked there."""
    if combat.step in ("targets", "effects", "plays") or decision.character in combat.casts:
        return False
    orders = ctx.today.orders[decision.character].instructions.combat
    casts = [c for c in orders.clauses_for("action", combat.round) if c.key == "cast"]
    if not any(len(c.plays) > 1 for c in casts):
        return False
    facts = _situation(ctx, combat, decision, 0)
    return any(len(c.plays) > 1 and c.holds(facts) for c in casts)


def _situation(ctx: Ctx, combat: CombatState, decision: Decision, effort: int) -> Situation:
    """:func:`situation`, made once for all the decisions a step asks of him before it waits
    (nothing changes in between), each ``effort`` planned added to it; the Fatigue Step's once
    per kind, as fatigue is paid before wounds are asked."""
    kind = decision.kind if decision.kind in FATIGUE_STEP else ""
    day, round_ = str(ctx.state.game_day), str(combat.round)
    key = ("situation", day, combat.clearing, round_, combat.step, decision.character, kind)
    found = ctx.memo.get(key)
    if not isinstance(found, Situation):
        found = ctx.memo[key] = situation(ctx, combat, decision.character)
    return replace(found, effort=found.effort + effort) if effort else found
