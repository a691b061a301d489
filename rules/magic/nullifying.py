"""Nullification (4.6.10d.1, L1334): a spell whose effect on a target is nullified stays
committed to him but does not affect him at all, and resumes its effects when the nullification
ends, if it still exists. Nothing is stored: whether a spell is nullified on a target now is
computed from the spells in effect that protect him (:func:`protector`), so every reader of a
spell's effect asks :func:`nullified` (Transform's form, :func:`rules.magic.forms.form`; Elven
Grace, :func:`rules.magic.altering.graced`; Peace, :func:`rules.magic.spells.peace.pacified`).

The protecting spells, each nullifying every other spell and Curse "bewitching him" — those
aimed at him, not those aimed at other targets (L4964, L5061, L5163):

- Pentangle (V, Black, Combat; L4964), while in effect;
- Melt into Mist (VI, Purple, Permanent; L5061 rule 2), while energized (4.6.10f.4: an inert
  spell does not affect its target);
- Protection from Magic (VII, Gold, Phase; L5163), once activated, to the end of the round.

Reading (L5061 "The Melt into Mist spell itself is not immune to spells"; 4.6.10f): a
protecting spell does not nullify another protecting spell — each keeps its own effect — and
never itself. No new spell goes into effect against a protected target
(:func:`shielded`): the cast naming only protected individuals is cancelled
(:func:`rules.magic.taking_effect.take_effect`), and one naming others too goes on without them.

As a protection begins, each spell it nullifies is a ``spell_nullified`` (:func:`announce`);
as it ends, each still in existence and no longer nullified is a ``spell_resumed``
(:func:`resume`). A Curse on a protected character is nullified too (:func:`curses_nullified`):
"all spells and Curses that are bewitching him are temporarily nullified" (L4964). Every rule
where a Curse acts reads :func:`curses_in_force`; the sheet's ``curses`` stay the record (what
is inflicted, removed, broken or shown), so a Curse nullified acts again when the protection
ends, without being told (no event is said of a Curse nullified or resumed, as its Spell card
has none).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.day.context import Ctx
from rules.events.spells import SpellNullified, SpellResumed
from rules.magic.state import SpellInEffect
from rules.state import CharacterState

PENTANGLE = "Pentangle"
MELT_INTO_MIST = "Melt into Mist"
PROTECTION_FROM_MAGIC = "Protection from Magic"
#: The spells that nullify the spells bewitching their target.
PROTECTING = (PENTANGLE, MELT_INTO_MIST, PROTECTION_FROM_MAGIC)


def protects(spell: SpellInEffect, who: str) -> bool:
    """Whether ``spell`` in effect protects ``who`` now: a Pentangle on him, a Melt into Mist
    energized on him, a Protection from Magic he has activated
    (:mod:`rules.magic.spells.protection`)."""
    if who not in spell.targets:
        return False
    if spell.spell == PENTANGLE:
        return True
    return spell.spell in (MELT_INTO_MIST, PROTECTION_FROM_MAGIC) and spell.energized


def protector(spells: Iterable[SpellInEffect], who: str) -> SpellInEffect | None:
    """The first spell in effect (in casting order) that protects ``who`` now, if any."""
    return next((s for s in spells if protects(s, who)), None)


def nullified(spells: Iterable[SpellInEffect], spell: SpellInEffect, target: str) -> bool:
    """4.6.10d.1: whether ``spell`` in effect is nullified on ``target`` now — he is one of its
    targets, and a spell protecting him is in effect (never a protecting spell itself)."""
    if spell.spell in PROTECTING or target not in spell.targets:
        return False
    return protector(spells, target) is not None


def affects(spells: Iterable[SpellInEffect], name: str, who: str) -> bool:
    """Whether a spell named ``name`` in effect affects ``who`` now: it has him as a target
    and is not nullified on him."""
    found = list(spells)
    return any(s.spell == name and who in s.targets and not nullified(found, s, who) for s in found)


def shielded(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether a new spell cannot go into effect against ``who`` (L4964, L5061, L5163)."""
    return protector(spells, who) is not None


def curses_nullified(spells: Iterable[SpellInEffect], who: str) -> bool:
    """Whether the Curses on character ``who`` are nullified now (L4964, L5061, L5163)."""
    return protector(spells, who) is not None


def curses_in_force(spells: Iterable[SpellInEffect], character: CharacterState) -> list[str]:
    """The Curses in force on ``character`` now, given the ``spells`` in effect: those his sheet
    records, none while a Pentangle, an energized Melt into Mist or an activated Protection from
    Magic protects him (:func:`curses_nullified`)."""
    if not character.curses or curses_nullified(spells, character.name):
        return []
    return list(character.curses)


def announce(ctx: Ctx, protecting: SpellInEffect) -> None:
    """``protecting`` has begun to protect its targets: each other spell in effect on one of
    them, now nullified, is a ``spell_nullified`` by it. Any other spell announces nothing."""
    if not any(protects(protecting, t) for t in protecting.targets):
        return
    for target in protecting.targets:
        for spell in ctx.state.spells:
            if spell is not protecting and nullified(ctx.state.spells, spell, target):
                ctx.emit(
                    SpellNullified(
                        spell=spell.spell, caster=spell.caster, target=target, by=protecting.spell
                    )
                )


def resume(ctx: Ctx, ended: SpellInEffect) -> None:
    """``ended`` no longer protects its targets (it ended, or fell inert): each spell still in
    effect on one of them and no longer nullified is a ``spell_resumed``."""
    still = ended in ctx.state.spells and any(protects(ended, t) for t in ended.targets)
    if ended.spell not in PROTECTING or still:
        return
    for target in ended.targets:
        for spell in ctx.state.spells:
            if spell is ended or spell.spell in PROTECTING or target not in spell.targets:
                continue
            if not nullified(ctx.state.spells, spell, target):
                ctx.emit(
                    SpellResumed(
                        spell=spell.spell, caster=spell.caster, target=target, by=ended.spell
                    )
                )
