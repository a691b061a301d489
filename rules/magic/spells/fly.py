"""Fly spells (4.6.7e, 7.3.3d): each creates a Fly chit its target may play like a Move chit,
with the flying strength and time number the spell gives (``fly`` in the catalog); the chit stays
unused until played and expires when he lands (4.6.7e.1). A Fly spell in effect is that unused
chit; playing it in a Fly phase is :mod:`rules.daylight.fly`'s.

Broomstick (V/Black, one Light character, Fly; L4955–4960): a Light Fly chit, time 1, whose use
"the spellcaster controls" — unless he cast it on himself, when he plays it directly. Built: the
chit created (:func:`takes_effect`), its target of Light weight (:func:`fits`), and rule 2, the
caster invoking it as the target starts a Fly phase (:func:`invoked`). Not built, and reported
as a Fly spell takes effect (4.6.7e): a Fly chit played in combat — to charge, fly away or
maneuver (8.3.6b.4, 8.3.7, 8.4.5q) — and Broomstick's rules 1, 3 and 4, the caster invoking it on
the target's Move chits.
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.day import NotImplementedYet
from rules.events.spells import FlyChitCreated
from rules.magic import questions
from rules.magic.casts import SpellCast
from rules.magic.state import SpellInEffect
from rules.schema.base import Weight

BROOMSTICK = "broomstick"
"""Broomstick's ``text_key``."""

#: The answers to Broomstick's question, the default first (SCENARIOS part 3: ``invoke: false``).
NO, YES = "no", "yes"


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """4.6.7e (L1247): "When a Fly spell comes to life it has no immediate effect ... The spell
    creates a special 'Fly' chit with the flying strength and time number defined by the spell,
    with no effort asterisks", put with his active chits: his target has it (``fly_chit``). The
    spell goes into effect, its Magic chit committed (:func:`rules.magic.taking_effect.commit`).
    Playing the chit in combat is reported not implemented (see the module)."""
    chit = ctx.catalog.spells[cast.spell].fly
    assert chit is not None, f"{cast.spell} is no Fly spell"
    target = cast.targets[0]
    ctx.emit(
        FlyChitCreated(who=target, spell=cast.spell, strength=chit.strength.value, time=chit.time)
    )
    ctx.emit(
        NotImplementedYet(
            rule="4.6.7e",
            what=(
                f"{target}'s Fly chit of {cast.spell} in combat (to charge, fly away or "
                "maneuver), and Broomstick's rules 1, 3 and 4 (its caster invoking it on his "
                "Move chits); it flies him only in a Fly phase"
            ),
            who=target,
        )
    )


def fits(catalog: Catalog, spell: str, target: str) -> bool:
    """Whether ``target`` is of the kind ``spell`` requires beyond its sort (8.4.2d): Broomstick
    "can be cast only on a target with Light weight" — a Light character (L4955)."""
    if catalog.spells[spell].text_key != BROOMSTICK:
        return True
    return target in catalog.characters and catalog.characters[target].weight is Weight.LIGHT


def invoked(ctx: Ctx, spell: SpellInEffect, target: str) -> bool:
    """Whether ``target`` may fly with the Fly chit of ``spell`` as he starts a Fly phase. A Fly
    chit is his to play like a Move chit (4.6.7e, 7.3.3d.1); but Broomstick's caster "controls
    when this chit is used": "When the target starts to do a Fly phase, the spellcaster can
    invoke the Fly chit and allow him to fly. If he does not invoke the Fly chit, the activity
    is cancelled" (rule 2, L4958). Its controller is asked (``{spell: Broomstick, invoke:
    true}``; default no) — unless he is the target: "If the spellcaster plays this spell on
    himself, he can play the Fly chit directly" (L4955). Read: the owner of the Artifact or
    Spell Book that cast it on him is that spellcaster too (he controls it, 8.3.9c.5)."""
    if spell.controller == target or ctx.catalog.spells[spell.spell].text_key != BROOMSTICK:
        return True
    answer = questions.ask(
        ctx,
        spell.controller,
        spell.spell,
        f"The {target} starts a Fly phase: do you invoke your {spell.spell}'s Fly chit and let "
        "him fly (L4958)?",
        [NO, YES],
    )
    ctx.wait_if_pending()
    return answer == YES
