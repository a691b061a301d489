"""Talk to Wise Bird (II, Gold, one character, Instant; L4729): "The target character
immediately does a remote Peer activity. He specifies any clearing on the map and uses the Peer
table to search that clearing."

As the spell takes effect in the Evening, its target names the clearing (the ``spell`` question
about Talk to Wise Bird, :mod:`rules.magic.questions`; default his own clearing, then every
clearing of the map in order), rolls on the Peer Table with his modifications (4.1.2), and finds
what the result finds there, as the Search activity does (7.5.4,
:mod:`rules.daylight.finding`).

Readings. A spell's Peer is no Search phase: Magic Sight does not replace its table (7.5.7
speaks of Search phases) and Fog does not stop it (L4723). A Choice rolled (L5577) is his to
choose among the Peer and Locate Tables' results as a Search's Choice is in Daylight
(:func:`rules.daylight.finding.choice`): a second ``spell`` question of the spell, about the
Choice (``{spell: Talk to Wise Bird, result: Discover chits}``; default Clues and Paths, the
Peer Table's usual choice, :data:`rules.daylight.finding.CHOICE_DEFAULTS`), asked once the roll
is made — the step runs again with the answer, the roll drawn again from the same dice. A Lost
City or Lost Castle found face down is put back unrevealed, the default of 7.5.4c (no Evening
decision exchanges it yet).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.finding import CHOICE_DEFAULTS, FINDINGS, choice_options, choice_result
from rules.daylight.search_phase import Search, roll
from rules.evening.state import CombatState
from rules.events.search import SearchChoice
from rules.magic import questions
from rules.magic.casts import SpellCast
from rules.phrases import phrase
from rules.schema.tables import Result

TALK_TO_WISE_BIRD = "Talk to Wise Bird"
PEER = "Peer"


def talk_to_wise_bird(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """The spell works (see the module): its target Peers into the clearing he names."""
    del who
    target = cast.targets[0]
    here = ctx.where(target) or combat.clearing
    options = [here, *(c for c in ctx.board.clearings() if c != here)]
    prompt = phrase("spells.wise_bird_clearing")
    clearing = questions.ask(ctx, target, TALK_TO_WISE_BIRD, prompt, options, combat=combat)
    ctx.wait_if_pending()
    current = Search(who=target, table=PEER, clearing=clearing, target=None, phase=0)
    if cast.rolled is None:
        cast.rolled = roll(ctx, current, combat=combat)
    result = ctx.catalog.tables[f"{PEER} Table"].result(cast.rolled)
    if result.choose_from:
        result = _choice(ctx, combat, target, clearing, result)
    for what in result.finds:
        FINDINGS[what](ctx, current, target)


#: What the second question of the spell is about (:func:`rules.magic.questions.subject`).
CHOICE = "Choice"


def _choice(ctx: Ctx, combat: CombatState, target: str, clearing: str, result: Result) -> Result:
    """The Choice (L5577) his Peer rolled: he chooses any one result of the Peer or Locate
    Table (:func:`rules.daylight.finding.choice_options`), the Peer Table's usual choice by
    default; his choice is told to him alone, as in Daylight (``search_choice``)."""
    default = CHOICE_DEFAULTS[PEER]
    options = [default, *(o for o in choice_options(ctx, result) if o != default)]
    prompt = phrase("spells.wise_bird_choice", clearing=clearing)
    chosen = questions.ask(
        ctx, target, TALK_TO_WISE_BIRD, prompt, options, combat=combat, about=CHOICE
    )
    ctx.wait_if_pending()
    ctx.emit(SearchChoice(recipients=(ctx.eyes(target),), who=target, result=chosen))
    return choice_result(ctx, result, chosen)
