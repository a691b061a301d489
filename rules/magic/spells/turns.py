"""Day spells that change how a turn is taken (4.6.7g): each goes into effect as it is cast, on
the day after (a :class:`~rules.magic.state.SpellInEffect` until the next Sunset, 4.6.7g.2), and
does nothing then; its effect is read in Daylight.

Premonition (VII, Grey, one character; L5161): the target keeps his Attention chit at Sunrise
and chooses when he takes his turn (:func:`preempt`, as Daylight starts:
:func:`rules.daylight.turn.daylight`). Prophecy (II, Purple, one character; L4725): he chooses
each phase's activity as he does it (:func:`choose_phase`, :func:`rules.daylight.turn.take_turn`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.daylight import familiar
from rules.evening.state import CombatState
from rules.magic import questions
from rules.magic.casts import SpellCast
from rules.orders.legal import phase_activities
from rules.orders.model import Activity, ActivityKind
from rules.phrases import phrase
from rules.state import GameState

PREMONITION = "Premonition"
PROPHECY = "Prophecy"


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """A Day spell of this family takes effect: nothing happens yet — it goes into effect on
    its target (:func:`rules.magic.taking_effect.commit`) and works in the next Daylight."""
    del ctx, combat, who, cast


def seers(state: GameState, turns: Sequence[str]) -> list[str]:
    """The individuals among ``turns`` (those who take a turn today) that a Premonition in
    effect targets, in seating order (:func:`clockwise`)."""
    targets = {t for s in state.spells if s.spell == PREMONITION for t in s.targets}
    return [name for name in state.characters if name in targets and name in turns]


def preempt(ctx: Ctx) -> None:
    """Premonition (L5161) as Daylight starts, before the first turn: "He keeps his Attention
    chit instead of mixing it with the others, and each time a new chit is about to be picked
    he can either preempt and take his turn or pass and let the next chit be drawn. When no
    chits are left, he cannot pass". At Sunrise his chit was kept out of the mix and put last
    (:func:`rules.day.sunrise.sunrise`); the others' are drawn in the order of
    ``today.turn_order``, and he takes his place in it here.

    His choice is one question (:func:`rules.magic.questions.ask`, before his own turn): before
    which draw he preempts — ``1`` before the first chit is picked, up to one past the last
    (all are picked: he must go), the default ("he passes while he may"). The chits are drawn
    at Sunrise and the turns taken in their order, so those he sees picked before he preempts
    are those whose turns come before his; the question is asked once, before the first turn,
    as a standing choice (a play by e-mail cannot stop before every draw). Several who preempt
    before the same draw go "in turn, going clockwise from the last character to take a turn"
    (:func:`clockwise`). A familiar's turn still comes just before its owner's (L3926).
    Breaking the spell during Daylight (his chit then mixed with those left) does not arise: no
    spell is cast in Daylight (4.6.5b) and none built breaks a Day spell there. Nothing changes
    until every answer is in (the step runs again on resuming)."""
    state, today = ctx.state, ctx.today
    seeing = seers(state, today.turn_order)
    if not seeing:
        return
    draws = [n for n in today.turn_order if n not in seeing and n not in state.familiars]
    last = str(len(draws) + 1)
    chosen: dict[str, int] = {}
    for seer in seeing:
        options = [last, *(str(k) for k in range(1, len(draws) + 1))]
        prompt = phrase("spells.premonition", draws=len(draws), last=last)
        chosen[seer] = int(questions.ask(ctx, seer, PREMONITION, prompt, options, before=seer))
    ctx.wait_if_pending()
    order: list[str] = []
    for k in range(1, len(draws) + 2):
        ready = [seer for seer in seeing if chosen[seer] == k]
        order += clockwise(state, ready, order[-1] if order else None)
        if k <= len(draws):
            order.append(draws[k - 1])
    familiar.place_turns(state, order, today.followers)
    today.turn_order = order


def clockwise(state: GameState, names: Sequence[str], last: str | None) -> list[str]:
    """``names`` (characters) going clockwise from ``last``, the individual who took the last
    turn (a hireling or familiar stands in its employer's or owner's seat): the next after him
    first. The seating is the order the characters entered the game
    (:attr:`rules.state.GameState.characters`), the reading chosen for "clockwise" (L5161) in a
    game without a table; with no turn taken yet, the first seat starts."""
    seats = list(state.characters)
    anchor = (state.recorder(last) or last) if last is not None else None
    start = seats.index(anchor) + 1 if anchor in seats else 0
    return sorted(names, key=lambda name: (seats.index(name) - start) % len(seats))


def prophesied(state: GameState, name: str) -> bool:
    """Whether a Prophecy in effect targets ``name`` (L4725)."""
    return any(s.spell == PROPHECY and name in s.targets for s in state.spells)


def choose_phase(ctx: Ctx, turn: TurnState, recorded: Activity) -> Activity:
    """Prophecy (L4725): "The target character ignores his recorded turn and chooses what to do
    on each phase of his turn as he does the phase. He gets the same number of phases and types
    of activities he is normally allowed". Each phase is a spell question
    (:func:`rules.magic.questions.ask`): the activities he may do now, as orders write them
    (:func:`rules.orders.legal.phase_activities`: an extra phase's kinds only, unless it is
    flexible), the default first — his recorded activity if he may still do it and it is not a
    blank, else Hide, else the first offered. The reading chosen: his phases are those he
    recorded, each keeping its source (basic, Sunlight or an extra phase's), so he has as many
    as his orders, which are checked against what he is allowed; under Prophecy he records them
    as he likes (blanks, ``-``, to be chosen). An extra phase a belonging activated in his turn
    gives is added at once, as for the Timeless Jewel (:func:`rules.daylight.turn.gain_phases`);
    "only one horse per day" is the orders' check of his recorded phases. His hirelings and
    familiar still do their recorded turns. A Prophecy broken before his turn ends would block
    him; none built breaks a Day spell in Daylight."""
    name = turn.character
    number = turn.phase + 1
    offered = phase_activities(ctx.state, name, number, recorded.source, catalog=ctx.catalog)
    texts = [str(a) for a in offered]
    plain = str(Activity(kind=recorded.kind, target=recorded.target))
    hide = str(Activity(kind=ActivityKind.HIDE))
    candidates = [hide] if recorded.kind is ActivityKind.BLANK else [plain, hide]
    default = next((t for t in candidates if t in texts), texts[0])
    options = [default, *(t for t in texts if t != default)]
    prompt = phrase("spells.prophecy", phase=number)
    answer = questions.ask(ctx, name, PROPHECY, prompt, options)
    ctx.wait_if_pending()
    chosen = offered[texts.index(answer)]
    return Activity(kind=chosen.kind, target=chosen.target, source=recorded.source)
