"""What spells in effect make of the values an individual fights and moves with, and of his
Magic chits, read where the values are read (pure functions of the game state).

Elven Grace (III, Gold, one character, monster or native, Combat; L4838–4841): a character's
Move chits take the time their printed strength defines (:data:`GRACE_TIMES`), and a monster's
or native's move time on both sides of its counter is its size's (:func:`graced`; applied by
:func:`rules.chits.current` for chits, :func:`rules.evening.counters.move_time` for denizens).

Witch's Brew (II, Grey; L4731), Faerie Lights (III, Gold; L4843) and Elemental Spirit (IV,
Purple; L4869) — Day spells whose targets are the caster's own Magic chits, written
``chit:<owner>/<label>`` (:func:`chit_target`) — transform each targeted chit's Magic type while
the spell is in effect (4.6.10c, L1327: "each altered chit uses only its altered values"):
:func:`magic_type` is the type a Magic chit has now, which casting
(:func:`rules.magic.casting.castable`), enchanting and the colour of a colour chit
(:func:`rules.magic.colors.chit_color_now`) read. When the spell ends the chits are what they
were printed (nothing is stored).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.magic.nullifying import affects
from rules.magic.state import SpellInEffect
from rules.schema.action_chits import Action, ActionChit
from rules.schema.base import MagicType, Weight
from rules.state import GameState

ELVEN_GRACE = "Elven Grace"

#: Elven Grace's time numbers by strength or size (L4838): "each Light chit has a time of 1,
#: each Medium chit has a time of 2, each Heavy chit has a time of 3, and each Tremendous chit
#: has a time of 4"; a monster or native of that size has that move time.
GRACE_TIMES: dict[Weight, int] = {
    Weight.LIGHT: 1,
    Weight.MEDIUM: 2,
    Weight.HEAVY: 3,
    Weight.TREMENDOUS: 4,
}


def graced(state: GameState, who: str) -> bool:
    """Whether Elven Grace is on ``who`` now (L4838): a Combat spell, it lasts until Midnight
    (4.6.7f), unless nullified on him (4.6.10d.1)."""
    return bool(state.spells) and affects(state.spells, ELVEN_GRACE, who)


#: What each spell that transforms Magic chits makes of each type it targets (L4731, L4843,
#: L4869).
TRANSFORMING: dict[str, dict[MagicType, MagicType]] = {
    "Witch's Brew": {MagicType.II: MagicType.IV, MagicType.VIII: MagicType.III},
    "Faerie Lights": {MagicType.III: MagicType.II, MagicType.VII: MagicType.VI},
    "Elemental Spirit": {MagicType.IV: MagicType.VIII, MagicType.VI: MagicType.V},
}


def chit_target(owner: str, label: str) -> str:
    """How a spell names ``owner``'s Magic chit ``label`` among its targets
    (:mod:`rules.magic.state`)."""
    return f"chit:{owner}/{label}"


def magic_type(spells: Iterable[SpellInEffect], owner: str, label: str) -> MagicType | None:
    """The Magic type ``owner``'s chit ``label`` has now: the one a spell in effect on it
    transforms it into, else its printed type; None for a chit that is no Magic chit, or one
    Unleash Power makes a Move/Fight chit (:func:`unleashed`).
    Reading (4.6.10c, L1327): a chit is named by its label, so naming one of two chits with
    one label (the Witch's two MAGIC II3*) alters both that are not enchanted or committed —
    a colour chit keeps the colour it was enchanted to."""
    printed_type = ActionChit.parse(label).magic_type
    if printed_type is None:
        return None
    target = chit_target(owner, label)
    spells = list(spells)
    if any(s.spell == UNLEASH_POWER and target in s.targets for s in spells):
        return None  # a Move/Fight chit meanwhile (L5076)
    for spell in spells:
        change = TRANSFORMING.get(spell.spell)
        if change is not None and target in spell.targets:
            return change.get(printed_type, printed_type)
    return printed_type


UNLEASH_POWER = "Unleash Power"


def unleashed(spells: Iterable[SpellInEffect], owner: str) -> frozenset[str]:
    """Unleash Power (VI, Purple, any of the caster's Magic chits, Day; L5076): the labels of
    ``owner``'s Magic chits it makes "Move/Fight" chits while it is in effect — each used as a
    Move chit or a Fight chit, once a round, and no Magic chit meanwhile (:func:`magic_type`)."""
    prefix = chit_target(owner, "")
    return frozenset(
        target.removeprefix(prefix)
        for s in spells
        if s.spell == UNLEASH_POWER
        for target in s.targets
        if target.startswith(prefix)
    )


def unleashed_face(label: str) -> ActionChit:
    """The Move/Fight chit Unleash Power makes of the Magic chit ``label`` (L5076): "the effort
    asterisks and time number printed on it", its strength by its time — 2 or 3 Light, 4
    Medium, 5 Heavy, 6 or more Tremendous. Shown as a Move chit; played as a Fight chit it
    attacks with the same strength and time. Elven Grace, which "does not affect Move/Fight
    chits" (L4838), and the treasures that alter chits leave it as it is."""
    magic = ActionChit.parse(label)
    strength = (
        Weight.LIGHT
        if magic.time <= 3
        else Weight.MEDIUM
        if magic.time == 4
        else Weight.HEAVY
        if magic.time == 5
        else Weight.TREMENDOUS
    )
    return ActionChit(action=Action.MOVE, strength=strength, time=magic.time, effort=magic.effort)
