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
from rules.events.day import NotImplementedYet
from rules.magic import lifecycle
from rules.magic.casts import SpellCast
from rules.pieces import pieces_of
from rules.state import Place


def absorb_essence(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Absorb Essence takes effect (L4942, rule 1, L4944): "the absorbed monster simply ceases
    to exist – it is removed from play and is put in the spell's spell box": out of play
    (:data:`rules.state.Place.OUT`), the spell's ``becomes`` the monster. "Any denizens and
    Attention chits assigned to it become unassigned, and it is released from any spells
    bewitching it" — its own sheet and its place on others' go, and whoever targets it has no
    target. Reading: a hired or controlled monster stays its employer's minion, out of play.
    Not built, and reported: the monster's combat values for the caster while the spell is
    energized, its head or club, a Demon's spell, recording with its Magic type (rule 2), the
    killer's points and kills when the caster dies (1.1), duplicate spells (3)."""
    monster = cast.targets[0]
    cast.becomes = pieces_of(ctx.catalog)[monster].name
    for spell in list(ctx.state.spells):
        if monster in spell.targets:
            lifecycle.release(ctx, spell, monster, reason="absorbed")
    combat.sheets.pop(monster, None)
    for sheet in combat.sheets.values():
        if monster in sheet:
            sheet.remove(monster)
    for attacker, target in list(combat.targets.items()):
        if monster in (attacker, target):
            del combat.targets[attacker]
    ctx.state.put(monster, Place.OUT)
    ctx.emit(
        NotImplementedYet(
            rule="L4947",
            what=(
                f"the {cast.becomes}'s combat values for {who} while Absorb Essence is "
                "energized (its head or club, a Demon's spell, recording with its Magic type), "
                "the killer's points and kills when he dies, duplicate Absorb Essence spells"
            ),
            who=who,
        )
    )
