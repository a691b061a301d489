"""The form of the scenario keys of spells in effect (SCENARIOS.md Part 3, "Setting up" and
"Expectations"): ``spells_in_effect`` and ``expect.spells_in_effect``, as pydantic models. Only
the form is checked here; the names are checked, and the spells put in the game state and
compared, by :mod:`scenarios.in_effect`.

A target is written as a cast's targets are (Part 3, "a target is ..."): a character or denizen
(``Amazon``, ``Giant``, ``Giant 1``), a clearing (``CV5``) or a tile (``CV``), an item (``Mace``,
or ``{item: Mace, owner: Black Knight}``), one of the caster's Magic chits by its label, a spell
in effect given before it (``{spell: Transform, target: Amazon}``, with ``caster`` if two
match), a Curse (``{curse: Ashes, target: Amazon}``) or a Sound chit (``HOWL 4``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

#: A target as written: a name, or a mapping for an item with its owner, a spell or a Curse.
Target = str | dict[str, str]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SpellSpec(_Model):
    """One entry of ``spells_in_effect``: a spell cast before the scenario starts, in casting
    order — its ``caster`` (a character, or the Artifact or Spell Book that cast it), the
    ``chit`` committed to it (none for an item), its ``targets``, whether a Permanent spell is
    ``energized`` (only with ``start: sunset``), and what Transform or Absorb Essence made of
    its target (``becomes``), the phases Violent Storm's roll cancels (``phases_lost``, 1 to
    4, given with it), the spell Enchant Artifact adds (``adds``, one of its caster's recorded
    spells)."""

    spell: str
    caster: str
    chit: str | None = None
    targets: list[Target] = Field(default_factory=list)
    energized: bool = False
    becomes: str | None = None
    phases_lost: int | None = Field(default=None, ge=1, le=4)
    adds: Any = None


class ExpectedSpell(_Model):
    """One entry of ``expect.spells_in_effect``: a spell that must be in effect, in casting
    order; only the keys given are compared."""

    spell: str
    caster: str | None = None
    chit: str | None = None
    targets: list[Target] | None = None
    energized: bool | None = None
    becomes: str | None = None
    phases_lost: int | None = None
    adds: str | None = None
