"""What a transmorphized individual cannot do in Daylight (4.6.9c L1305–1307, 7.3.3e L1728).

"A transmorphized character, hired leader, or controlled monster still records activities
normally, but he must cancel certain activities if he is transmorphized when he tries to do
them" (4.6.9c): :func:`forbidden` says why a phase's activity is cancelled, read as the phase
starts (:func:`rules.daylight.turn.phase`), from his form then
(:func:`rules.magic.forms.form`) — a spell energized or fallen inert since Birdsong counts as
it is when he does the phase.
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.magic.forms import MIST, OWN, creature, form, must_fly
from rules.magic.state import SpellInEffect
from rules.orders.model import ActivityKind
from rules.phrases import Phrase, phrase

#: 4.6.9c.1: "A transmorphized individual can never do the Trade, Hire, Rest, Alert, or Spell
#: activities" — the Spell activities are the Enchant phases (EM, E, RE: 7.10).
NEVER = frozenset(
    {
        ActivityKind.TRADE,
        ActivityKind.HIRE,
        ActivityKind.REST,
        ActivityKind.ALERT,
        ActivityKind.ENCHANT_FIRST,
        ActivityKind.ENCHANT,
        ActivityKind.REMOTE_ENCHANT,
    }
)

#: 4.6.9c.2: "If he is transmorphized into mist, he cannot Search" (Peer is a Search activity,
#: 7.5.1).
NOT_AS_MIST = frozenset({ActivityKind.SEARCH, ActivityKind.PEER})


def forbidden(
    catalog: Catalog, spells: list[SpellInEffect], who: str, kind: ActivityKind
) -> Phrase | None:
    """Why ``who``, transmorphized now, cannot do an activity of ``kind`` (the engine's text for
    the cancelled phase), or None when he can or is his own self. A creature that "must fly"
    (the Transform Table, L5286) cannot Move: "he must use the Fly activity instead of the Move
    activity" (7.3.3e L1728); he still Follows (4.6.9c.1)."""
    shape = form(spells, who)
    if shape == OWN:
        return None
    if kind in NEVER:
        return phrase("magic.transmorphized", shape=shape)
    if shape == MIST and kind in NOT_AS_MIST:
        return phrase("magic.mist_cannot_search")
    found = creature(catalog, spells, who)
    if kind is ActivityKind.MOVE and found is not None and must_fly(found):
        return phrase("magic.must_fly", shape=shape)
    return None
