"""Absorb Essence (V/Black, one monster, Permanent; L4942–4950): "This spell transmorphizes the
spellcaster into the monster he named as target." The monster is taken out of play into the
spell (:func:`absorb_essence`); the caster's form is the monster's while the spell is energized
(:func:`rules.magic.forms.form`, Absorb Essence on its controller). If he is killed it is
killed with him; broken otherwise, it appears in his clearing (rules 1.1–1.2,
:mod:`rules.magic.lifecycle`). Transform, the other transmorphizing spell cast on a monster, is
:mod:`rules.magic.spells.permanent`'s.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.evening import Flipped
from rules.magic import lifecycle
from rules.magic.casts import SpellCast
from rules.magic.forms import creature
from rules.phrases import phrase
from rules.pieces import pieces_of
from rules.state import Place


def absorb_essence(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Absorb Essence takes effect (L4942, rule 1, L4944): "the absorbed monster simply ceases
    to exist – it is removed from play and is put in the spell's spell box": out of play
    (:data:`rules.state.Place.OUT`), the spell's ``becomes`` the monster. "Any denizens and
    Attention chits assigned to it become unassigned, and it is released from any spells
    bewitching it" — its own sheet and its place on others' go, and whoever targets it has no
    target. Reading: a hired or controlled monster stays its employer's minion, out of play.
    While energized the caster fights with the monster's values through the one path a
    transmorphized character's dummies take (:func:`rules.magic.forms.creature`, rule 2): its
    face-up side's harm, sharpness, length and times, red side up killing, a Demon's or the
    Imp's spell (2.2), and its Magic type to record spells (2.2); a Tremendous monster turns red
    side up on a hit and down when his target dies or he changes targets
    (:func:`red_side_down`); his killer takes both bounties (1.1,
    :mod:`rules.evening.spoils`); with duplicate spells the latest energized holds him (3).
    He turns a Medium or Heavy monster over, or a red-side-up Tremendous one down, as he plays a
    chit (2, :func:`rules.evening.dummies.may_turn`), and plays its head or club as a second
    attack, either side up (2.1, :func:`rules.evening.dummies.head_options`). Cast by an
    Artifact or Spell Book, the character holding it as it is energized is the monster, or the
    item itself when no character holds it (4, :mod:`rules.magic.item_monster`)."""
    monster = cast.targets[0]
    cast.becomes = pieces_of(ctx.catalog)[monster].name
    for spell in list(ctx.state.spells):
        if monster in spell.targets:
            lifecycle.release(ctx, spell, monster, reason=phrase("spells.absorbed"))
    combat.sheets.pop(monster, None)
    for sheet in combat.sheets.values():
        if monster in sheet:
            sheet.remove(monster)
    for attacker, target in list(combat.targets.items()):
        if monster in (attacker, target):
            del combat.targets[attacker]
    ctx.state.put(monster, Place.OUT)


def red_side_down(ctx: Ctx, combat: CombatState, who: str) -> None:
    """Absorb Essence, rule 2 (L4947): the Tremendous monster ``who`` absorbed "automatically
    turns red side down when he changes targets, or when his target is killed" — and a hit it
    got this round no longer turns it red side up (as a Tremendous monster's, 8.4.7c)."""
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    if shape is None or shape.absorbed is None:
        return
    piece = shape.absorbed
    combat.hit = [p for p in combat.hit if p != piece]
    if shape.red:
        ctx.state.dark_side_up.remove(piece)
        ctx.emit(Flipped(denizen=piece, side="light", at=combat.clearing, round=combat.round))


def changed_targets(ctx: Ctx, combat: CombatState, before: dict[str, str]) -> None:
    """Rule 2 (L4947) as the Melee Step's targets are named: each character whose target is not
    the one he had (``before``: the targets of the round before) turns his absorbed
    Tremendous monster red side down (:func:`red_side_down`). Reading: naming no target is
    changing targets."""
    for who in ctx.state.characters:
        if who in before and combat.targets.get(who) != before[who]:
            red_side_down(ctx, combat, who)
