"""A spell being cast in a round of combat (8.3.9b–8.4.4): what the caster played, and how far
it has come — cast in the Encounter Step, its targets named in the Melee Step (8.4.2d), then
cancelled or taken effect in order of completion time (8.4.3).

Kept per caster in :attr:`rules.evening.state.CombatState.casts` for the round; a spell that
lasts beyond it is then a :class:`rules.magic.state.SpellInEffect` in the game state.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

#: How far a cast has come this round: played as the Encounter action, ``cancelled`` before it
#: worked (8.4.3b, 8.4.2d), ``taking`` effect (told, and waiting for the answer to a question it
#: asks, :mod:`rules.magic.questions`), or ``working`` (it took effect, 8.4.3), until it
#: ``expired``.
CastStatus = Literal["cast", "cancelled", "taking", "working", "expired"]


class SpellCast(BaseModel):
    """One character's cast this round: the Spell card's name, the Magic chit played, its
    completion time (0 for an alerted chit, 8.3.9b.4), the colour that supplied it and its
    source (a source of :mod:`rules.magic.colors`, or the colour chit's label), the targets
    in the order announced (the first bears his Attention chit, 8.4.2d), its status, and what a
    Transform's roll made of its target (``becomes``, L5071), the phases Violent Storm's roll
    cancels (``phases_lost``, L4924) and the spell Enchant Artifact adds to its target
    (``adds``). ``item``: ``chit`` is the Artifact or Spell Book he played (8.3.9c), the
    spell's caster. ``rolled``: the roll a spell taking effect made before a question it waits
    on (Talk to Wise Bird's Peer, then its Choice; Small Blessing's Wish,
    :func:`rules.magic.wishes.wish`), kept so that it resumes with the same roll."""

    model_config = ConfigDict(extra="forbid")

    spell: str
    chit: str
    time: int = Field(ge=0)
    color: str
    source: str
    targets: list[str] = Field(default_factory=list)
    status: CastStatus = "cast"
    item: bool = False
    becomes: str | None = None
    phases_lost: int | None = None
    adds: str | None = None
    rolled: int | None = None

    @model_serializer(mode="wrap")
    def _without_no_roll(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No roll kept is left out of the saved state, so a cast that keeps none saves exactly
        the bytes it did before rolls were kept."""
        data = handler(self)
        if isinstance(data, dict) and data.get("rolled") is None:
            data.pop("rolled", None)
        return data
