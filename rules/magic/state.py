"""What the game state records of magic (4.6.5–4.6.10): the spells in effect.

A Magic chit enchanted into a colour chit, or alerted, is marked on the chit itself
(:class:`rules.state.ChitState` ``color``, ``alerted``); a tile's side up is its
:class:`rules.layout.PlacedTile` ``enchanted``. What is left is each spell that has been cast
and not yet expired or broken (4.6.7): a :class:`SpellInEffect`, kept in casting order in
:attr:`rules.state.GameState.spells`. Its chit is *committed* to it (4.6.7b, g, h.1): a chit
named by a spell in effect is neither active nor fatigued for its owner until the spell ends
(:func:`committed`).

Targets are written as plain strings, one form for each sort of target (8.4.2, SCENARIOS part 3
"a target is ..."): an individual's or an item's piece id (``Amazon``, ``Giant 1``, ``Mace``), a
clearing (``CV5``) or a tile (``CV``) by its code, and for the rarer sorts a prefix:
``chit:<owner>/<label>`` (one of his Magic chits), ``spell:<number>`` (a spell in effect),
``curse:<owner>/<curse>``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer


class SpellInEffect(BaseModel):
    """One spell cast and in effect (4.6.7): its ``number`` in the game (casting order, never
    reused), the Spell card's name, who cast it (a character, or the Artifact or Spell Book
    whose spell it is: 4.6.6, 8.3.9c) and the character who controls it (the caster, or the
    item's owner when it was cast), the Magic chit committed to it (None for an item's spell),
    its targets in the order announced, the game day it was cast (a Day spell expires at Sunset
    of the next day, 4.6.7g.2), and, for a Permanent spell, whether it is energized now
    (4.6.7h). ``becomes`` is what Transform or Absorb Essence made of the target;
    ``phases_lost`` what Violent Storm's roll made each phase-ending in its tile cost (L4924),
    and ``cancels`` the individuals it has struck, each with the phases of his turn it cancels
    (once per turn, and a Day spell lasts one Daylight). ``flying``: a Fly spell's Fly chit is
    in use, its target flying with it until he lands (7.3.3d.1). ``adds``: the spell Enchant
    Artifact adds to its target, with its Magic type. ``kept``: the belongings transmorphized
    with a Transform's or Melt into Mist's target when it was last energized (4.6.9b.1,
    :func:`rules.magic.forms.transmorphize_belongings`); None when not recorded, every
    belonging he has then counting as transmorphized."""

    model_config = ConfigDict(extra="forbid")

    number: int = Field(ge=1)
    spell: str
    caster: str
    controller: str
    chit: str | None = None
    targets: list[str] = Field(default_factory=list)
    cast_day: int = Field(ge=1)
    energized: bool = False
    becomes: str | None = None
    phases_lost: int | None = Field(default=None, ge=1)
    cancels: dict[str, list[int]] = Field(default_factory=dict)
    flying: bool = False
    adds: str | None = None
    kept: list[str] | None = None

    @model_serializer(mode="wrap")
    def _without_none_kept(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No ``kept`` recorded is left out of the saved state, so a spell that records none
        saves exactly the bytes it did before belongings were recorded."""
        data = handler(self)
        if isinstance(data, dict) and data.get("kept") is None:
            data.pop("kept", None)
        return data


def next_number(spells: Iterable[SpellInEffect]) -> int:
    """The number the next spell cast takes: one more than any in effect (numbers are never
    reused while a spell holds one; one ended may leave its number unused)."""
    return max((spell.number for spell in spells), default=0) + 1


def committed(spells: Iterable[SpellInEffect], character: str) -> list[str]:
    """The labels of ``character``'s Magic chits committed to spells in effect (4.6.7b, g,
    h.1), in casting order."""
    return [s.chit for s in spells if s.chit is not None and s.controller == character]
