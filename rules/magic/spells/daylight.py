"""The spells that act in Daylight (the List of Spells; Day spells 4.6.7g, Permanent 4.6.7h):
as they take effect in the Evening they do nothing beyond going into effect (committed by
:func:`rules.magic.taking_effect.commit`); what they do is read in Daylight, where it acts,
through :mod:`rules.magic.bewitched`:

- Blend Into Background (II, Grey, Day; L4721), See Hidden Signs (III, Gold, Day; L4854),
  Sense Danger (VII, Purple, Permanent; L5165) and Blazing Light (IV, Purple, a cave clearing,
  Day; L4858): an extra phase, a source of phases named after the spell
  (:data:`rules.magic.bewitched.SPELL_PHASES`, :mod:`rules.orders.entitlement`).
- Fog (II, Grey, the spellcaster's hex tile, Day; L4723): no Peer table in a Search activity
  in the tile or into it (:func:`rules.magic.bewitched.fog`, :mod:`rules.daylight.search`).
- Illusion (III, Gold, one character or the spellcaster's hex tile, Permanent; L4845) and Bad
  Luck (VIII, any colour, one character, Permanent; L5169): one added to every Search table,
  to every table (:func:`rules.magic.bewitched.spell_modifier`, :mod:`rules.modifiers`).
- Peace with Nature (VII, Gold, one character, hired leader or controlled monster, Permanent;
  L5159): as the Druid's advantage, his turn's end makes no Warning or Sound chit summon
  (:func:`rules.daylight.prowling.prowl`).
- Violent Storm (IV, Purple, the spellcaster's hex tile, Day; L4924): the caster rolls the
  Violent Storm Table as it takes effect (:func:`violent_storm`); in Daylight whoever ends a
  phase in an affected clearing of the tile cancels that many of his remaining phases, once
  (:func:`storm_strikes`, :func:`spell_cancels`).
- Lost (III, Gold, one character or the spellcaster's hex tile, Permanent; L4847): a Move
  activity leaving a clearing goes where the Lost Table says (:mod:`rules.magic.spells.lost`).
- World Fades (VI, Black, one character, Permanent; L5081): a cause of Magic Sight, and a Hide
  roll at the end of a round of combat (:mod:`rules.magic.spells.world_fades`).
"""

from __future__ import annotations

from itertools import combinations

from rules.day.context import Ctx
from rules.day.state import TurnState
from rules.evening.state import CombatState
from rules.events.casting import SpellTable
from rules.magic import questions, wand
from rules.magic.bewitched import spell_modifier
from rules.magic.casts import SpellCast
from rules.magic.state import SpellInEffect
from rules.modifiers import treasure_modifier
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.tiles import ClearingType
from rules.state import GameState, Place

VIOLENT_STORM = "Violent Storm"
STORM_TABLE = "Violent Storm Table"
#: The dwellings that shelter their clearing from Violent Storm (L4924); campfires do not.
SHELTERS = frozenset({"Inn", "House", "Chapel", "Guard house"})


def in_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """A spell whose effect is read in Daylight does nothing more as it takes effect than being
    in effect (:func:`rules.magic.taking_effect.commit`). (Blazing Light cast outside a cave
    clearing is a cast the rules forbid, :mod:`rules.magic.casting`.)"""
    del ctx, combat, who, cast


def violent_storm(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Violent Storm takes effect: "The spellcaster rolls the dice and consults the Violent Storm
    Table" (L4924); the phases it cancels are the spell's ``phases_lost``. His modifications of
    every table apply (the Cloven Hoof L4344, Bad Luck L5169)."""
    table = ctx.catalog.tables[STORM_TABLE]
    state = ctx.state
    added = treasure_modifier(ctx.catalog, ctx.board, state, who, None)
    added += spell_modifier(ctx.catalog, state, who, None)
    red = wand.red_die(ctx, who, STORM_TABLE, combat)  # L4352: asked before the roll
    roll = ctx.dice.roll(who, STORM_TABLE, modifier=added, red=red)
    ctx.emit_roll(roll, at=combat.clearing, round=combat.round)
    result = table.result(roll.result)
    cast.phases_lost = result.phases
    target = cast.targets[0] if cast.targets else None
    ctx.emit(
        SpellTable(who=who, table=STORM_TABLE, roll=roll.result, result=result.text, target=target)
    )


def _stormy(ctx: Ctx, spell: SpellInEffect, clearing: str) -> bool:
    """Whether Violent Storm ``spell`` affects ``clearing``: a woods or mountain clearing of its
    tile with no Inn, House, Chapel or Guardhouse (L4924: "campfires are affected"; caves are
    not)."""
    if ctx.board.tile_of(clearing).tile not in spell.targets:
        return False
    if ctx.board.clearing_type(clearing) not in (ClearingType.WOODS, ClearingType.MOUNTAIN):
        return False
    pieces = pieces_of(ctx.catalog)
    return not any(
        pieces[p].kind is Kind.DWELLING and pieces[p].name in SHELTERS
        for p in ctx.state.at(Place.clearing(clearing))
    )


def storm_strikes(ctx: Ctx, turn: TurnState, count: int) -> None:
    """L4924: as phase ``turn.phase + 1`` of his ``count`` phases is about to start, he has ended
    the phase before it where he stands: in a clearing a Violent Storm affects, it strikes him
    once this turn — he cancels ``phases_lost`` of his remaining phases (this one and those
    after it that are not cancelled yet), choosing which (the decision ``spell`` about
    Violent Storm, its default the last ones left); with no more left than that, all of them
    ("the excess losses are ignored"). He is not affected between clearings (nor flying).

    Readings: "he ends a phase" is read where the next phase starts, where he still stands, so
    that a decision waiting for him resumes with nothing done; the Violent Storm Table's "Upon
    first entering the tile" (L5299) gives way to the spell's text (magic-readings). A follower
    has no phases of his own to cancel and is not struck."""
    name = turn.character
    where = ctx.where(name)
    if where is None or _begun(turn, turn.phase + 1):
        return
    for spell in ctx.state.spells:
        if spell.spell != VIOLENT_STORM or spell.phases_lost is None or name in spell.cancels:
            continue
        if not _stormy(ctx, spell, where):
            continue
        left = [
            n for n in range(turn.phase + 1, count + 1) if spell_cancels(ctx.state, name, n) is None
        ]
        lost = min(spell.phases_lost, len(left))
        options = [", ".join(map(str, c)) for c in combinations(left, lost)]
        options.reverse()  # the last ones left first: the default
        prompt = phrase("spells.storm_phases", where=where, lost=lost, left=tuple(left))
        answer = questions.ask(ctx, name, VIOLENT_STORM, prompt, options)
        ctx.wait_if_pending()
        spell.cancels[name] = [int(n) for n in answer.split(",") if n.strip()]


def _begun(turn: TurnState, number: int) -> bool:
    """Whether phase ``number`` began before a decision waited for him, and resumes now (the
    phase's own record of its roll, :func:`rules.daylight.turn.phase`): the storm struck, or
    spared, him before it began."""
    return (
        (turn.searched is not None and turn.searched.phase == number)
        or (turn.traded is not None and turn.traded.phase == number)
        or (turn.hired is not None and turn.hired.get("phase") == number)
    )


def spell_cancels(state: GameState, name: str, number: int) -> Phrase | None:
    """Why a spell in effect cancels his phase ``number`` this turn — a Violent Storm's choice
    (L4924), the Move that climbs the mountain he was Lost into (L5322,
    :mod:`rules.magic.spells.lost`) — or None."""
    for spell in state.spells:
        if number in spell.cancels.get(name, ()):
            if spell.spell == VIOLENT_STORM:
                return phrase("spells.storm_cancels", lost=spell.phases_lost)
            return phrase("spells.second_move_into_mountain")
    return None
