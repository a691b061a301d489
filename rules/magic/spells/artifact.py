"""Enchant Artifact (VI/Purple, one Artifact or Spell Book the spellcaster has active, Permanent;
L5051): "When the spellcaster names his target, he must also name one of his recorded spells.
This spell and its Magic type are added to the target."

The spell he names is asked as he names his target (:func:`name_added`, the spell question
``{spell: Enchant Artifact, adds: Premonition}``, default his first recorded spell) and kept as
the spell's ``adds`` (:class:`rules.magic.state.SpellInEffect`). While the spell is energized the
item holds that Magic type and that spell beside its own (rule 1, :func:`added`): its holder may
play it as a Magic chit of that type to cast the spell, automatically awakened, or its own Spell
cards of that type (rule 2); each of its Magic types casts once a day, and one committed to a
spell in effect leaves the others free (rule 3) — :mod:`rules.magic.items` reads them. Its holder
reads the added spell's runes to learn it (rule 1, :mod:`rules.daylight.runes`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic import builtin, questions
from rules.magic.casts import SpellCast
from rules.magic.items import ENCHANT_ARTIFACT
from rules.phrases import phrase


def name_added(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """As he names the target of his Enchant Artifact, he names one of his recorded spells
    (L5051): asked of him (default his first recorded spell), kept as ``cast.adds``. Any other
    spell asks nothing."""
    if builtin.card(ctx.catalog, cast.spell).text_key != ENCHANT_ARTIFACT or cast.item:
        return
    recorded = list(dict.fromkeys(ctx.sheet(who).spells))
    if not recorded:
        return
    cast.adds = questions.ask(
        ctx,
        who,
        cast.spell,
        phrase("spells.enchant_artifact"),
        recorded,
        combat=combat,
    )
    ctx.wait_if_pending()


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Enchant Artifact takes effect: nothing happens at once. The spell goes into effect,
    energized as it is cast (4.6.7h.2), with the spell it adds (``cast.adds``), read where the
    item is played and its runes read (see the module)."""
