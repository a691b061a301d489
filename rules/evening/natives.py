"""Battling natives (8.2): which unhired native groups fight which characters in a clearing.

At the start of combat each character taking part rolls on the Meeting Table for each unhired
group there (8.2.2), in the Evening order and, for each character, the groups in the order their
first counter stands in the clearing (SCENARIOS.md part 2, "Forced dice during the Evening").
Before the rolls he may buy drinks (8.2.2a), a decision asked only when it is a real choice
(:func:`rules.meeting_odds.drinks_matter`: drinks that cannot change whether the group battles
him or what he owes are not bought); after them he may pay off an Insult with 5 Notoriety or a
Challenge with 5 Fame (L5499–5501), another decision. His standing combat line ``natives:``
answers either, else his Trade and Hire ``drinks:``, ``insults:`` and ``challenges:``
(:mod:`rules.orders.meetings`); a decision they answer is not asked (issue 32). Block/Battle, or an
Insult or Challenge not paid, sets the group battling him and his hirelings for the rest of the
combat (8.2.2b); so do luring one of its natives, naming one as a target, or deploying against
one (8.2.3a, 8.3.4e). Battling natives fight like monsters, but only those they battle (8.2.3c).

Readings: Price, Boon, Opportunity's and Trouble's final results and No Deal do nothing in the
Evening (L5491, L5493, 8.2.2b "the result has no other effect"). A character pays off an
Insult or Challenge even when it takes his recorded Notoriety or Fame below zero: the penalty is
in points (L5499–5501), and recorded points may be negative (8.7.2b).
"""

from __future__ import annotations

from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.daylight import trade_orders
from rules.decisions.ids import CombatId
from rules.decisions.kinds import DRINKS, PENALTY
from rules.evening import standing
from rules.evening.counters import is_native
from rules.evening.state import CombatState
from rules.events import Decision
from rules.events.evening import Battling
from rules.events.trade import Drinks, DrinksUnpaid, MeetingRolled, PaidOff
from rules.meeting import (
    PENALTIES,
    ResultKind,
    drinks_cost,
    friendliness,
    may_pay_penalty,
    meet,
    modifiers,
    pay_penalty,
    penalty_prompt,
)
from rules.meeting_odds import drinks_matter
from rules.phrases import Phrase, phrase

#: The Meeting Table results that must be paid off or start a battle (L5499–5501).


def group_of(ctx: Ctx, native: str) -> str:
    return ctx.catalog.group_of(native).name


def groups_here(ctx: Ctx, combat: CombatState, pieces: list[str]) -> list[str]:
    """The groups of the unhired natives among ``pieces`` (the clearing's, in order), each once,
    in the order their first counter stands."""
    found: list[str] = []
    for piece in pieces:
        if is_native(ctx.catalog, piece):
            group = group_of(ctx, piece)
            if group not in found:
                found.append(group)
    return found


def _id(ctx: Ctx, combat: CombatState, kind: str, who: str, group: str) -> CombatId:
    """The id of a choice about meeting ``group`` at the start of combat (round 0)."""
    return combat.decision_id(ctx.state.game_day, kind, who, group, round=0)


def battles(combat: CombatState, native_group: str, who: str) -> bool:
    return who in combat.battling.get(native_group, [])


def start_battling(ctx: Ctx, combat: CombatState, group: str, who: str, reason: Phrase) -> None:
    """8.2.1d, 8.2.3: ``group`` battles ``who`` (and his hirelings) until the combat ends."""
    if battles(combat, group, who):
        return
    combat.battling.setdefault(group, []).append(who)
    number = 0 if combat.step in ("meeting", "pay") else combat.round
    ctx.emit(Battling(group=group, who=who, reason=reason, at=combat.clearing, round=number))


def meetings(ctx: Ctx, combat: CombatState, pieces: list[str], characters: list[str]) -> None:
    """8.2.2: drinks are asked, then every roll is made; Insults and Challenges are left owed in
    ``combat.owed`` for :func:`pay_off`. Drinks are paid for as each group's roll comes, only
    with the gold left (2.6.2d.2): wanted for two groups, the second's may be unaffordable."""
    groups = groups_here(ctx, combat, pieces)
    asked: list[tuple[str, str, bool]] = []
    for who in characters:
        for group in groups:
            cost = drinks_cost(ctx.catalog, ctx.state, group, combat.clearing, who)
            drinks = False
            if _drinks_offered(ctx, combat, who, group, cost):
                decision = Decision(
                    id=_id(ctx, combat, "drinks", who, group).format(),
                    character=who,
                    kind="drinks",
                    prompt=phrase("evening.drinks_prompt", group=group, cost=cost),
                    options=DRINKS,
                    default=DRINKS[0],
                )
                standing_drinks = trade_orders.drinks(ctx, who)
                drinks = standing.ask(ctx, combat, decision, fallback=standing_drinks) == "yes"
            asked.append((who, group, drinks))
    ctx.wait_if_pending()
    for who, group, drinks in asked:
        cost = drinks_cost(ctx.catalog, ctx.state, group, combat.clearing)
        if drinks and cost > spendable_gold(ctx.sheet(who), ctx.state.spells):
            # 2.6.2d.2 (L696): recorded gold never falls below zero, and the drinks bought for
            # another group here may have spent what he had when he was asked.
            drinks = False
            ctx.emit(DrinksUnpaid(recipients=(ctx.eyes(who),), who=who, group=group))
        if drinks:
            ctx.sheet(who).gold -= cost
            ctx.emit(Drinks(who=who, group=group, gold=cost, at=combat.clearing, round=0))
        meeting = meet(
            ctx.dice, ctx.catalog, ctx.state, who, group, activity="battling", drinks=drinks
        )
        for step in meeting.steps:
            ctx.emit_roll(step.roll, at=combat.clearing, round=0)
        result = meeting.result
        ctx.emit(
            MeetingRolled(
                who=who,
                group=group,
                column=meeting.final_column.name.lower(),
                result=result.text,
                at=combat.clearing,
                round=0,
            )
        )
        if result.kind is ResultKind.BLOCK_BATTLE:
            start_battling(ctx, combat, group, who, phrase("evening.block_battle"))
        elif result.kind in PENALTIES:
            combat.owed[f"{who}|{group}"] = PENALTIES[result.kind]


def _drinks_offered(ctx: Ctx, combat: CombatState, who: str, group: str, cost: int) -> bool:
    """Whether he is asked to buy drinks for ``group`` (8.2.2a): he is in the clearing ("If he
    is in the clearing"; one who rolls for his hirelings there alone cannot), he can pay the
    ``cost`` (none for a foe, 7.2.4h), and they are a real choice
    (:func:`rules.meeting_odds.drinks_matter`): they make the column friendlier and change the
    chance that the group battles him or that he owes a penalty."""
    if ctx.where(who) != combat.clearing or not 0 < cost <= spendable_gold(
        ctx.sheet(who), ctx.state.spells
    ):
        return False
    level = friendliness(ctx.catalog, ctx.state, who, group)
    one, added = modifiers(ctx.catalog, ctx.state, who, "battling")
    return drinks_matter(ctx.catalog, level, one_die=one, added=added)


def pay_off(ctx: Ctx, combat: CombatState) -> None:
    """8.2.2b, L5499–5501: each Insult or Challenge rolled is paid with 5 Notoriety or 5 Fame,
    or refused — then the group battles him. Refusing is the default (pbem-combat §4); under
    the Disgust curse he cannot pay a Challenge and is not asked (L5499 note)."""
    asked: list[tuple[str, str, str, str]] = []
    for key, what in sorted(combat.owed.items()):
        who, _, group = key.partition("|")
        if not may_pay_penalty(ctx.state, ctx.sheet(who), what):
            asked.append((who, group, what, "refuse"))
            continue
        decision = Decision(
            id=_id(ctx, combat, what.lower(), who, group).format(),
            character=who,
            kind=what.lower(),
            prompt=penalty_prompt(ctx.catalog, group, what, "battled"),
            options=PENALTY,
            default=PENALTY[0],
        )
        answer = standing.ask(ctx, combat, decision, fallback=trade_orders.penalty(ctx, who, what))
        asked.append((who, group, what, answer))
    ctx.wait_if_pending()
    for who, group, what, answer in asked:
        if answer == "pay":
            pay_penalty(ctx.catalog, ctx.sheet(who), what)
            ctx.emit(PaidOff(who=who, group=group, result=what, at=combat.clearing, round=0))
        else:
            start_battling(ctx, combat, group, who, phrase("evening.unpaid_penalty", what=what))
    combat.owed = {}
    combat.step = "lure"
