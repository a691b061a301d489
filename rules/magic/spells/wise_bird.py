"""Talk to Wise Bird (II, Gold, one character, Instant; L4729): "The target character
immediately does a remote Peer activity. He specifies any clearing on the map and uses the Peer
table to search that clearing."

As the spell takes effect in the Evening, its target names the clearing (the ``spell`` question
about Talk to Wise Bird, :mod:`rules.magic.questions`; default his own clearing, then every
clearing of the map in order), rolls on the Peer Table with his modifications (4.1.2), and finds
what the result finds there, as the Search activity does (7.5.4,
:mod:`rules.daylight.finding`).

Readings. A spell's Peer is no Search phase: Magic Sight does not replace its table (7.5.7
speaks of Search phases) and Fog does not stop it (L4723). A Choice rolled takes the Peer
Table's usual choice, Clues and Paths (the Daylight default), reported not implemented (no
decision of the Evening chooses a search result yet); a Lost City or Lost Castle found face
down is put back unrevealed, the default of 7.5.4c (no Evening decision exchanges it yet).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.finding import CHOICE_DEFAULTS, FINDINGS
from rules.daylight.search_phase import Search
from rules.evening.state import CombatState
from rules.events.day import NotImplementedYet
from rules.events.search import Searched
from rules.magic import questions
from rules.magic.casts import SpellCast
from rules.modifiers import die_modifier, one_die
from rules.schema.characters import DieTable

TALK_TO_WISE_BIRD = "Talk to Wise Bird"
PEER = "Peer"


def talk_to_wise_bird(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """The spell works (see the module): its target Peers into the clearing he names."""
    del who
    target = cast.targets[0]
    here = ctx.where(target) or combat.clearing
    options = [here, *(c for c in ctx.board.clearings() if c != here)]
    prompt = "Talk to Wise Bird: which clearing do you Peer into?"
    clearing = questions.ask(ctx, target, TALK_TO_WISE_BIRD, prompt, options, combat=combat)
    ctx.wait_if_pending()
    catalog, board, state = ctx.catalog, ctx.board, ctx.state
    dice = one_die(catalog, board, state, target, DieTable.PEER)
    added = die_modifier(catalog, board, state, target, DieTable.PEER)
    table = f"{PEER} Table"
    rolled = ctx.dice.roll(target, table, one_die=dice, modifier=added)
    ctx.emit_roll(rolled, at=combat.clearing, round=combat.round)
    result = catalog.tables[table].result(rolled.result)
    ctx.emit(
        Searched(
            who=target,
            phase=None,
            table=PEER,
            at=clearing,
            dice=rolled.dice,
            roll=rolled.result,
            result=result.text,
        )
    )
    if result.choose_from:
        chosen = CHOICE_DEFAULTS[PEER]
        ctx.emit(
            NotImplementedYet(
                rule="L4729",
                what=f"choosing the result of a Choice in the Evening: {chosen} is taken",
                who=target,
            )
        )
        result = next(
            row
            for name in result.choose_from
            for row in catalog.tables[name].results.values()
            if row.text == chosen
        )
    current = Search(who=target, table=PEER, clearing=clearing, target=None, phase=0)
    for what in result.finds:
        FINDINGS[what](ctx, current, target)
