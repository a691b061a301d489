"""Monsters a spell in effect makes a character's controlled monsters (7.7.5, 8.4.4c); the
denizens it pacifies are :mod:`rules.magic.pacification`'s.

A *controlling* spell (Guide Spider or Octopus L5173, Control Bats L5157, the Dragonfang
Necklace's L4552) makes each of its targets not already controlled a controlled monster of the
character who controls the spell — the caster, or the owner of the Artifact or Spell Book that
cast it (its holder, "When no character holds the item, the spell is nullified") — a
:class:`~rules.state.Minion` with ``controlled`` (7.7.5e: it "functions like a hired leader").
The spell is its term: when it expires at Sunset, is broken, or releases the monster, the
monster is freed (:func:`freed`), its recorded values vanishing and its belongings abandoned in
its clearing (7.7.5e.2, :func:`rules.daylight.hirelings.unhire`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight import hirelings
from rules.magic.state import SpellInEffect
from rules.phrases import phrase
from rules.state import GameState

#: The spells that make their targets controlled monsters (7.7.5e, 8.4.4c).
CONTROLLING = frozenset({"Guide Spider or Octopus", "Control Bats", "Dragonfang Necklace"})
#: Why a controlled monster is freed when its spell ends (7.7.5e.2).
SPELL_ENDED = phrase("magic.control_ended")


def control(ctx: Ctx, spell: str, employer: str, pieces: list[str]) -> list[str]:
    """The monsters of ``pieces`` not already controlled become controlled monsters of
    ``employer`` under the Day spell ``spell`` cast this Evening (8.4.4c: "it can control only
    those monsters who are not already controlled"); returns those it controls. Their term is
    the spell's: it expires at the next Sunset (4.6.7g.2), a day before the term recorded here
    would lapse at Midnight."""
    taken = [p for p in pieces if p not in ctx.state.minions]
    for piece in taken:
        ctx.emit(hirelings.hire(ctx.catalog, ctx.state, piece, employer, days=2, controlled=True))
    return taken


def freed(ctx: Ctx, spell: SpellInEffect, target: str) -> None:
    """``target`` leaves the controlling spell ``spell`` (it expired, was broken, or released
    him): if he is a monster it controls for its controller, he is freed (7.7.5e.2). Any other
    spell, or a target it does not control, changes nothing."""
    if spell.spell not in CONTROLLING:
        return
    minion = ctx.state.minions.get(target)
    if minion is None or not minion.controlled or minion.employer != spell.controller:
        return
    if _controls_still(ctx.state, spell, target):
        return
    hirelings.unhire(ctx, target, SPELL_ENDED)


def _controls_still(state: GameState, ending: SpellInEffect, target: str) -> bool:
    """Whether another controlling spell of the same controller holds ``target``."""
    return any(
        s is not ending
        and s.spell in CONTROLLING
        and s.controller == ending.controller
        and target in s.targets
        for s in state.spells
    )
