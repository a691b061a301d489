"""Where the Evening stands (section 8): plain data kept in the day's state, so that combat can
stop for a player's decision and resume exactly where it stopped.

:class:`EveningState` is the Evening: the clearings whose Attention chits were drawn at Sunset,
in the order drawn (8.1.2–8.1.3), and the combat being fought in the current one.
:class:`CombatState` is one clearing's combat: its round, the step of the round it stands at, who
attacks whom, and what the round has produced so far. Counters on the Melee Sections are named
by piece id (``Giant 1``) or, for heads and clubs, by :func:`rules.evening.counters.part_id`
(``Giant's Club 1``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from rules.decisions.ids import CombatId
from rules.magic.casts import SpellCast
from rules.phrases import Phrase

Step = Literal[
    "start",
    "meeting",
    "pay",
    "lure",
    "assign",
    "deploy",
    "actions",
    "targets",
    "effects",
    "plays",
    "resolve",
    "fatigue",
    "end",
]
"""The steps of a round, in order (8.3–8.6): luring (8.3.4), random assignment (8.3.5),
deployment and charging (8.3.6), the Encounter actions (8.3.7–8.3.9), targets (8.4.2), the
spells cast coming to life (8.4.3, a step of its own so that a spell's question resumes it), the
secret plays and their reveal (8.4.5–8.4.6), resolving attacks and harm (8.4.8–8.4.9), the
Fatigue Step (8.5) and the end of the round (8.6, 8.8); ``start`` is the start of combat
(8.1.4), ``meeting`` and ``pay`` the Meeting Table rolls for battling natives and paying off
what they demand (8.2.2)."""


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Attack(_Data):
    """A character's attack as revealed (8.4.5e.1): the Fight chit or Gloves played, the weapon
    (None for a dagger, 8.4.5h.3), the circle (1 thrust, 2 swing, 3 smash), its attack time and
    weapon length, and why the play was cancelled (8.4.5g), if it was. A Fight chit played
    without a target (8.4.5h.2) has no circle and ``flip``: the side his weapon turns to at the
    end of the round."""

    chit: str
    weapon: str | None = None
    direction: int | None = Field(default=None, ge=1, le=3)
    time: int = 0
    length: int = 0
    flip: Literal["alerted", "unalerted"] | None = None
    cancelled: Phrase | None = None
    spell: str | None = None


class Maneuver(_Data):
    """A character's maneuver as revealed (8.4.5e.2): a Move chit or Boots card (``chit``), or
    his horse (``horse`` with ``galloping``), the square (1 charge, 2 dodge, 3 duck), the
    maneuver time, and whether the play was cancelled (8.4.5g)."""

    chit: str | None = None
    horse: str | None = None
    galloping: bool = False
    direction: int = Field(ge=1, le=3)
    time: int
    cancelled: Phrase | None = None


class Plays(_Data):
    """One character's secret plays of a round, once revealed (8.4.5e). ``head``: the second
    attack of one transmorphized into a monster with a head or club (Absorb Essence, rule 2.1,
    L4948), its ``chit`` the part and the side it is played (``Dragon Head dark``)."""

    attack: Attack | None = None
    maneuver: Maneuver | None = None
    shield: int | None = Field(default=None, ge=1, le=3)
    head: Attack | None = None

    @model_serializer(mode="wrap")
    def _without_no_head(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No head or club played is left out of the saved state, so a round without one
        saves exactly the bytes it did before heads and clubs were played."""
        data = handler(self)
        if isinstance(data, dict) and data.get("head") is None:
            data.pop("head", None)
        return data


class CombatState(_Data):
    """One clearing's combat.

    ``sheets`` maps each character taking part to the denizens attacking him, in the order they
    were put on his Melee Section (8.3.4–8.3.5); a denizen on no sheet is unassigned.
    ``boxes`` holds, per sheet, the red box (1–3) of each counter after placement and
    repositioning (8.4.5m, 8.4.6). ``used`` are the action chits each character has played this
    round (the Used This Round box, 8.4.5f.1), with the horse he galloped (8.4.5k.2).
    ``quiet`` counts the consecutive rounds in which nothing happened (8.8.2); ``eventful`` says
    whether something has happened in this one. ``wounds`` are the wounds each character takes
    at the Fatigue Step (8.5.3); ``killed`` the characters whose wounds kill them there.
    ``hit`` are the Tremendous monsters that hit this round and turn red side up at its end
    (8.4.7c). ``dark_parts`` are the heads and clubs dark side up (8.4.7e.2). ``battling`` maps
    each native group to the characters it battles (8.2.1c); ``owed`` the Insults and
    Challenges rolled at the start of combat and not yet paid or refused, by
    ``character|group`` (8.2.2b). ``charges`` maps each character who charged this round to
    the one he charged, ``charge_times`` to his Move chit's time (8.3.6b). ``held`` maps each
    red-side-up Tremendous monster that ended a round assigned to a hireling to that hireling,
    its target on the monster's own sheet from then on (8.6.2). ``rebels`` are the natives who
    rebelled against their employer this combat (8.4.2g). ``won`` maps each denizen won at random
    assignment by a character who must name which of his hirelings takes it to him, until he
    has (8.3.5a.3). ``casts`` are the spells cast this round, by caster (8.3.9b, 8.4.3).
    ``cloaked`` are the characters held by a red-side-up Tremendous monster whose maneuver the
    Elusive Cloak moved this round, ``threatened`` the individuals an attack this round could
    have killed (8.4.7d.4, :func:`rules.evening.shifting.cloak_loop`)."""

    clearing: str
    round: int = 1
    step: Step = "start"
    participants: list[str] = Field(default_factory=list)
    battling: dict[str, list[str]] = Field(default_factory=dict)
    sheets: dict[str, list[str]] = Field(default_factory=dict)
    boxes: dict[str, dict[str, int]] = Field(default_factory=dict)
    left: list[str] = Field(default_factory=list)
    acted: list[str] = Field(default_factory=list)
    used: dict[str, list[str]] = Field(default_factory=dict)
    galloped: list[str] = Field(default_factory=list)
    targets: dict[str, str] = Field(default_factory=dict)
    plays: dict[str, Plays] = Field(default_factory=dict)
    wounds: dict[str, int] = Field(default_factory=dict)
    killed: list[str] = Field(default_factory=list)
    hit: list[str] = Field(default_factory=list)
    dark_parts: list[str] = Field(default_factory=list)
    owed: dict[str, str] = Field(default_factory=dict)
    charges: dict[str, str] = Field(default_factory=dict)
    charge_times: dict[str, int] = Field(default_factory=dict)
    held: dict[str, str] = Field(default_factory=dict)
    won: dict[str, str] = Field(default_factory=dict)
    rebels: list[str] = Field(default_factory=list)
    casts: dict[str, SpellCast] = Field(default_factory=dict)
    quiet: int = 0
    eventful: bool = False
    cloaked: list[str] = Field(default_factory=list)
    threatened: list[str] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _without_no_loop(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No one cloaked or threatened is left out of the saved state, so a round without the
        Elusive Cloak's loop saves exactly the bytes it did before 8.4.7d.4 was built."""
        data = handler(self)
        for name in ("cloaked", "threatened"):
            if isinstance(data, dict) and not data.get(name):
                data.pop(name, None)
        return data

    def decision_id(
        self, day: int, kind: str, who: str, subject: str | None = None, *, round: int | None = None
    ) -> CombatId:
        """The id of a decision of ``kind`` for ``who`` (about ``subject`` if given) in this
        clearing on game day ``day``, in the round being fought (or ``round``: 0 is the start of
        combat)."""
        return CombatId(
            day=day,
            clearing=self.clearing,
            round=self.round if round is None else round,
            kind=kind,
            who=who,
            subject=subject,
        )


class EveningState(_Data):
    """The Evening (8.1.3): the clearings in the order their Attention chits were drawn,
    the index of the one fighting now, and its combat — or, when every clearing fights at once
    (8.1.3b), the ``fights`` still going on, in that order."""

    order: list[str] = Field(default_factory=list)
    index: int = 0
    combat: CombatState | None = None
    fights: list[CombatState] = Field(default_factory=list)

    def in_progress(self) -> list[CombatState]:
        """The combats being fought: this clearing's, or every clearing's still fighting."""
        return [self.combat] if self.combat is not None else list(self.fights)

    def fight_at(self, clearing: str) -> CombatState | None:
        """The combat being fought in ``clearing``, if any."""
        return next((c for c in self.in_progress() if c.clearing == clearing), None)
