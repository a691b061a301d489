"""The Hire activity (7.7.1 L1924–1949): hiring natives through the Meeting Table
(:mod:`rules.meeting`); what hired natives then are and do is :mod:`rules.daylight.hirelings`.

An HR phase names one native group (``HR Company``). As he does it (6.2.4f), the group must have
unhired members in his clearing, its leader there or not (a L1926): the Rogues and the Order one
at a time, the highest ID first and the HQ last (a.1 L1927), any other group all its unhired
members in the clearing at once (a.2 L1928). He may instead rehire his own there (d L1944): all
of his in the clearing, or of the Rogues and Order the one he chooses (the decision ``rehire``).
The decision ``hire`` says which: ``hire``, ``rehire`` or ``cancel`` the phase before the roll
(the note to 7.7.1); the default is to hire, or to rehire when no one unhired is there. With
neither, the phase is cancelled with the reason.

Before the roll he may buy drinks for every member of the group in the clearing, hired and
unhired (b L1929, 7.6.5b L1898): the decision ``drinks``, asked only when they would make the
group friendlier (not an Ally, :func:`rules.meeting.drinks_help`) and only once ``hire``
is answered, with ``rehire`` (which depends on it too). Then the Meeting roll in the column of
his (his employer's) relationship (7.6.5a L1897), made public, and its final result (L5482–5505):

- Price x N: N times the total wages of those hired (b.1 L1930), in recorded gold only; the
  decision ``accept`` (yes by default). He cannot pay what would take his gold below zero
  (7.6.5c), so without the gold he hires no one and nothing is asked.
- Boon (x 1): the decision ``boon``: ``boon`` (hired free, the group one level less friendly,
  7.6.5e L1904), ``price`` (treated as Price x 1, the default when he can pay it, L5493) or
  ``decline`` (the default when he cannot).
- No Deal: no one is hired (L5495).
- Block/Battle: no one is hired, and the group blocks him (L5497, 7.6.5d L1902).
- Insult, Challenge: the decision ``insult`` or ``challenge``: ``pay`` 5 Notoriety or 5 Fame (even
  below zero) and it is No Deal, or ``refuse`` (the default) and it is Block/Battle (L5499–5501).
  Under the Disgust curse he cannot pay the Fame (L5499) and is not asked.

Each native hired is his employer's for 14 days counting today (c L1943); a rehire adds 14 days
to the term (d). A hired leader hires for his employer, with his employer's relationships and
his own recorded gold; the Fame and Notoriety he pays are his employer's (7.7.2b L1957). He
cannot rehire himself (7.7.2b note).

The roll is kept in the turn (``TurnState.hired``) from the moment the phase starts asking, so
that a decision awaited before or after it resumes the same phase with the same roll.

A boon taken is owed to the group at the natives' total wages (b.1, 7.6.5e): the employer may buy
the level back in a Trade phase with the group's unhired leader (the note to b.1).

A pacifying spell's monsters (7.7.5a–b L1980–1981): an HR phase that names a Persuade or Deal
with Goblins of his (his employer's) in effect hires the monsters among its targets in his
clearing, all together (:func:`rules.magic.pacification.hireable`), or rehires his own — "only
when the spell is in effect". He meets them in the spell's column, may buy them drinks (one gold
each there, hired or not), and each one's wage is its Notoriety bounty (b); a Boon is Price x 1
("They cannot be hired free, as a boon"). Hired, they are his underlings for 14 days and stay
his after the spell ends (a, f); each is released from the pacifying spells of other
characters (c L1982). The Persuade spell's column for natives (b.3) is the Meeting Table's
(:func:`rules.meeting.level`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.advantages import report_waiting
from rules.chits import spendable_gold
from rules.day.context import Ctx
from rules.daylight import buying, hirelings, trade_orders
from rules.decisions.kinds import DRINKS, PENALTY
from rules.events.daylight import Blocked, PhaseCancelled
from rules.events.trade import Drinks, HirePaid, MeetingRolled, NotHired, PaidOff, Rehired
from rules.magic import lifecycle
from rules.magic.pacification import PACIFYING, hireable
from rules.meeting import (
    PENALTIES,
    TABLE,
    Meeting,
    MeetingResult,
    ResultKind,
    column,
    drinks_cost,
    drinks_help,
    may_pay_penalty,
    meet,
    pay_penalty,
    penalty_prompt,
)
from rules.orders.model import Activity
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of
from rules.schema.base import Relationship
from rules.state import Place

HIRE, REHIRE, CANCEL = "hire", "rehire", "cancel"

#: The groups hired one native at a time (7.7.1a.1 L1927).
ONE_AT_A_TIME = frozenset({"Rogues", "Order"})


@dataclass(frozen=True)
class Hire:
    """One Hire phase being done: who does it, for which employer, the group, the clearing, the
    natives he would hire (or rehire) and the phase."""

    who: str
    employer: str
    group: str
    clearing: str
    natives: tuple[str, ...]
    rehire: bool
    phase: int
    spell: str | None = None
    """The pacifying spell whose monsters he hires (7.7.5a); else None."""

    @property
    def column(self) -> Relationship | None:
        """The Meeting column the pacifying spell sets (7.7.5a); None for natives."""
        return None if self.spell is None else PACIFYING[self.spell]

    @property
    def named(self) -> str | Phrase:
        """Whom he hires from, as events and questions name them: the native group, or the
        monsters of his pacifying spell (7.7.5a)."""
        if self.spell is None:
            return self.group
        return phrase("hire.pacified_monsters", spell=self.spell)


def hire(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.7.1: one Hire phase. A phase resumed after a decision goes on with its kept roll."""
    turn = ctx.today.turn
    kept = turn.hired if turn is not None else None
    resumed = kept is not None and kept.get("phase") == number
    if not resumed:
        report_waiting(ctx, name, "trade", number)
    if turn is not None and not resumed:
        turn.hired = {"phase": number}
        kept = turn.hired
    current = _start(ctx, name, number, activity)
    if current is None:
        _forget(ctx)
        return
    if kept is not None and "roll" in kept:
        result = MeetingResult.of(
            ctx.catalog.tables[TABLE].for_relationship(kept["roll"], Relationship(kept["column"]))
        )
    else:
        meeting = _roll(ctx, current)
        result = meeting.result
        if turn is not None:
            turn.hired = {
                "phase": number,
                "column": int(meeting.final_column),
                "roll": meeting.steps[-1].roll.result,
            }
    _result(ctx, current, result)
    _forget(ctx)


def _forget(ctx: Ctx) -> None:
    turn = ctx.today.turn
    if turn is not None:
        turn.hired = None


def _cancel(ctx: Ctx, name: str, number: int, reason: Phrase) -> None:
    ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))


def _start(ctx: Ctx, name: str, number: int, activity: Activity) -> Hire | None:
    """The hire he does; None, the phase cancelled with the reason (6.2.4f), if he cannot."""
    here = ctx.where(name)
    group = activity.target
    if here is None:
        _cancel(ctx, name, number, phrase("hire.not_in_clearing"))
        return None
    employer = ctx.eyes(name)
    by_spell = group if group in PACIFYING else None
    named: str | Phrase | None = group
    if by_spell is not None:
        present = hireable(ctx.catalog, ctx.state, name, by_spell, here)
        if not present:
            reason = phrase("hire.no_pacified_monster", spell=by_spell, clearing=here)
            _cancel(ctx, name, number, reason)
            return None
        group, named = by_spell, phrase("hire.pacified_monsters", spell=by_spell)
    elif group is None or group not in ctx.catalog.natives:
        _cancel(ctx, name, number, phrase("hire.not_a_group", group=repr(group)))
        return None
    else:
        present = members(ctx, group, here)
    unhired = [p for p in present if p not in ctx.state.minions]
    mine = [
        p
        for p in present
        if p != name and p in ctx.state.minions and ctx.state.minions[p].employer == employer
    ]
    if unhired or mine:
        options = (*((HIRE,) if unhired else ()), *((REHIRE,) if mine else ()), CANCEL)
        decision = buying.decision(
            ctx,
            "hire",
            name,
            phrase("hire.hire_prompt", group=named),
            options,
            options[0],
        )
        answer = trade_orders.ask(ctx, decision, trade_orders.hire(ctx, name))
        ctx.wait_if_pending()
        if answer == CANCEL:
            _cancel(ctx, name, number, phrase("hire.cancels"))
            return None
        if answer == HIRE:
            chosen = [order(ctx, unhired)[0]] if group in ONE_AT_A_TIME else unhired
            return Hire(name, employer, group, here, tuple(chosen), False, number, by_spell)
        chosen = [_which(ctx, name, mine)] if group in ONE_AT_A_TIME else mine
        return Hire(name, employer, group, here, tuple(chosen), True, number, by_spell)
    if present:
        reason = phrase("hire.all_hired", group=named, clearing=here)
        if name in present and len(present) == 1:
            reason = phrase("hire.cannot_rehire_himself")
    else:
        reason = phrase("hire.none_here", group=named, clearing=here)
    _cancel(ctx, name, number, reason)
    return None


def members(ctx: Ctx, group: str, clearing: str) -> list[str]:
    """The members of ``group`` in ``clearing``, hired or not, as they stand there."""
    natives = ctx.catalog.native_counters
    return [
        piece
        for piece in ctx.state.at(Place.clearing(clearing))
        if piece in natives and ctx.catalog.group_of(piece).name == group
    ]


def order(ctx: Ctx, natives: list[str]) -> list[str]:
    """The Rogues' or Order's natives in the order they are hired: the highest ID code number
    first, the HQ last of all (7.7.1a.1 L1927)."""
    counters = ctx.catalog.native_counters

    def rank(piece: str) -> int:
        code = counters[piece].id
        return -1 if code == "HQ" else int(code)

    return sorted(natives, key=rank, reverse=True)


def _which(ctx: Ctx, name: str, mine: list[str]) -> str:
    """7.7.1d: which of his own Rogues or Order he rehires, his choice; by default the one whose
    term ends first (then the highest ID)."""
    minions = ctx.state.minions
    ranked = sorted(order(ctx, mine), key=lambda p: minions[p].last_day)
    if len(ranked) == 1:
        return ranked[0]
    decision = buying.decision(
        ctx,
        "rehire",
        name,
        phrase("hire.rehire_prompt", name=name, who=name),
        tuple(ranked),
        ranked[0],
    )
    return ctx.ask(decision)


def wages(ctx: Ctx, natives: tuple[str, ...]) -> int:
    """The total basic wages of ``natives`` (7.7.1b.1 L1930; the same with or without a horse,
    b.2); a monster's is its Notoriety bounty (7.7.5b L1981)."""
    counters, pieces = ctx.catalog.native_counters, pieces_of(ctx.catalog)
    return sum(
        counters[p].wage if p in counters else ctx.catalog.monsters[pieces[p].name].notoriety
        for p in natives
    )


def _roll(ctx: Ctx, current: Hire) -> Meeting:
    """Drinks asked (and paid), then the Meeting roll, made public."""
    name, group = current.who, current.group
    if current.column is None:
        cost = drinks_cost(ctx.catalog, ctx.state, group, current.clearing, name)
        helps = drinks_help(ctx.catalog, ctx.state, name, group)
    else:  # 7.7.5a: drinks for every monster of the spell there, hired or not
        cost = len(hireable(ctx.catalog, ctx.state, name, current.spell or "", current.clearing))
        helps = column(current.column, drinks=True) != current.column
    drinks = False
    if 0 < cost <= spendable_gold(ctx.sheet(name), ctx.state.spells) and helps:
        decision = buying.decision(
            ctx,
            "drinks",
            name,
            phrase("hire.drinks_prompt", group=current.named, gold=cost),
            DRINKS,
            DRINKS[0],
        )
        drinks = trade_orders.ask(ctx, decision, trade_orders.drinks(ctx, name)) == "yes"
    ctx.wait_if_pending()
    if drinks:
        ctx.sheet(name).gold -= cost
        ctx.emit(Drinks(who=name, group=current.named, gold=cost, at=current.clearing))
    start = None if current.column is None else int(current.column)
    meeting = meet(
        ctx.dice, ctx.catalog, ctx.state, name, group, activity="hire", drinks=drinks, start=start
    )
    for step in meeting.steps:
        ctx.emit_roll(step.roll, at=current.clearing, phase=current.phase)
    ctx.emit(
        MeetingRolled(
            who=name,
            group=current.named,
            column=meeting.final_column.name.lower(),
            result=meeting.result.text,
            at=current.clearing,
            phase=current.phase,
        )
    )
    return meeting


def _result(ctx: Ctx, current: Hire, result: MeetingResult) -> None:
    """What the final result does in a Hire phase (L5482–5505)."""
    kind = result.kind
    if kind is ResultKind.PRICE:
        _price(ctx, current, result.multiplier or 1, result.text)
    elif kind is ResultKind.BOON and current.column is not None:
        _price(ctx, current, 1, phrase("hire.boon_as_price_monsters"))  # none hired free
    elif kind is ResultKind.BOON:
        _boon(ctx, current, result)
    elif kind is ResultKind.NO_DEAL:
        _declined(ctx, current, phrase("hire.no_deal"))
    elif kind is ResultKind.BLOCK_BATTLE:
        _block(ctx, current, phrase("hire.block_battle"))
    elif kind in (ResultKind.INSULT, ResultKind.CHALLENGE):
        _penalty(ctx, current, result)
    else:  # Trouble and Opportunity are rolled again by the Meeting Table itself
        raise RuntimeError(f"the Meeting Table ended on {result.text!r}")


def _price(
    ctx: Ctx, current: Hire, multiplier: int, text: str | Phrase, *, accepted: bool = False
) -> None:
    """A Price result: the multiplier times the total wages, in recorded gold only (7.7.1b.1),
    paid if he can and will (``accepted``: he has already said so)."""
    price = multiplier * wages(ctx, current.natives)
    name = current.who
    if spendable_gold(ctx.sheet(name), ctx.state.spells) < price:
        _declined(ctx, current, phrase("hire.cannot_pay", result=text, gold=price))
        return
    if not accepted:
        _accept(ctx, current, price, text)
    else:
        _pay(ctx, current, price, text)


def _accept(ctx: Ctx, current: Hire, price: int, text: str | Phrase) -> None:
    name = current.who
    decision = buying.decision(
        ctx,
        "accept",
        name,
        phrase("hire.accept_prompt", result=text, gold=price, natives=current.natives),
        ("yes", "no"),
        "yes",
    )
    answer = ctx.ask(decision)
    ctx.wait_if_pending()
    if answer != "yes":
        _declined(ctx, current, phrase("hire.will_not_pay", result=text, gold=price))
        return
    _pay(ctx, current, price, text)


def _pay(ctx: Ctx, current: Hire, price: int, text: str | Phrase) -> None:
    name = current.who
    ctx.sheet(name).gold -= price
    ctx.emit(HirePaid(who=name, group=current.named, gold=price, result=text))
    _engage(ctx, current)


def _boon(ctx: Ctx, current: Hire, result: MeetingResult) -> None:
    """L5493, 7.7.1b.1: free as a boon, the group one level less friendly (7.6.5e), or as Price
    x 1, or not at all."""
    name = current.who
    price = wages(ctx, current.natives)
    affordable = spendable_gold(ctx.sheet(name), ctx.state.spells) >= price
    options = ("price", "boon", "decline") if affordable else ("boon", "decline")
    decision = buying.decision(
        ctx,
        "boon",
        name,
        phrase("hire.boon_prompt", natives=current.natives, group=current.group, gold=price),
        options,
        "price" if affordable else "decline",
    )
    standing = {"take": "boon"}.get(str(trade_orders.orders(ctx, name).boons))
    answer = trade_orders.ask(ctx, decision, standing or trade_orders.orders(ctx, name).boons)
    ctx.wait_if_pending()
    if answer == "price":
        _price(ctx, current, 1, phrase("hire.boon_as_price"), accepted=True)
        return
    if answer != "boon":
        _declined(ctx, current, phrase("hire.declines_boon"))
        return
    buying.owe(ctx, name, current.group, price, phrase("hire.boon_taken"))
    _engage(ctx, current)


def _penalty(ctx: Ctx, current: Hire, result: MeetingResult) -> None:
    """L5499–5501: pay 5 Notoriety (Insult) or 5 Fame (Challenge) for No Deal, or be blocked."""
    name = current.who
    what = PENALTIES[result.kind]
    employer = ctx.state.characters[current.employer]
    answer = "refuse"
    if may_pay_penalty(ctx.state, employer, what):
        decision = buying.decision(
            ctx,
            what.lower(),
            name,
            penalty_prompt(ctx.catalog, current.named, what, "blocked"),
            PENALTY,
            PENALTY[0],
        )
        answer = trade_orders.ask(ctx, decision, trade_orders.penalty(ctx, name, what))
        ctx.wait_if_pending()
    if answer != "pay":
        _block(ctx, current, phrase("hire.unpaid", penalty=what))
        return
    pay_penalty(ctx.catalog, employer, what)
    ctx.emit(PaidOff(who=name, group=current.named, result=what, at=current.clearing))
    _declined(ctx, current, phrase("hire.paid_off", penalty=what))


def _declined(ctx: Ctx, current: Hire, reason: Phrase) -> None:
    ctx.emit(NotHired(who=current.who, group=current.named, reason=reason))


def _block(ctx: Ctx, current: Hire, reason: Phrase) -> None:
    """The group refuses and blocks him (L5497, 7.6.5d L1902): his turn's later phases are
    cancelled (7.12.4)."""
    _declined(ctx, current, reason)
    if current.who not in ctx.today.blocked:
        ctx.today.blocked.append(current.who)
    ctx.emit(Blocked(who=current.who, by=current.named, at=current.clearing))


def _engage(ctx: Ctx, current: Hire) -> None:
    """Each native is hired for 14 days counting today (7.7.1c), or rehired for 14 more (d)."""
    state = ctx.state
    for piece in current.natives:
        if current.rehire:
            minion = state.minions[piece]
            minion.last_day += hirelings.TERM
            ctx.emit(Rehired(piece=piece, by=current.employer, until=minion.last_day))
        else:
            ctx.events.append(hirelings.hire(ctx.catalog, state, piece, current.employer))
            _released(ctx, piece, current.employer)


def _released(ctx: Ctx, piece: str, employer: str) -> None:
    """7.7.5c (L1982): "When a character or hired leader hires a denizen, the denizen is
    released from all pacification spells cast by other characters"."""
    for spell in list(ctx.state.spells):
        if spell.spell in PACIFYING and spell.controller != employer and piece in spell.targets:
            lifecycle.release(ctx, spell, piece, reason=phrase("hire.hired_by_another"))
