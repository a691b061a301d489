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
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic.casts import SpellCast


def in_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """A spell whose effect is read in Daylight does nothing more as it takes effect than being
    in effect (:func:`rules.magic.taking_effect.commit`). (Blazing Light cast outside a cave
    clearing is a cast the rules forbid, :mod:`rules.magic.casting`)."""
    del ctx, combat, who, cast
