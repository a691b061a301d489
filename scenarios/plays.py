"""The form of a scenario's combat plays (SCENARIOS.md Part 2, "Combat plays"): ``plays``, each
character's plays per round, and ``positions``, the fixed result of the repositioning and
change-tactics rolls of one sheet in one round (8.4.6).

Only the form is checked here (pydantic models, unknown keys refused). Whether a chit, item or
denizen a play names exists is checked when the situation is built
(:mod:`scenarios.validate`); whether he owns it or it is in his clearing, when the play
answers a decision (:mod:`scenarios.combat`). Keys of the form that the engine cannot play
yet are refused when the scenario is loaded, with ``not supported yet``
(:func:`unsupported`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import model_validator as _model_validator

Direction = Literal["thrust", "swing", "smash"]
ManeuverDirection = Literal["charge", "dodge", "duck"]
Gait = Literal["walk", "gallop"]
Side = Literal["light", "dark"]
Box = Literal[1, 2, 3]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _one_of(model: BaseModel, *names: str) -> list[str]:
    """The keys among ``names`` that ``model`` gives (not None)."""
    return [name for name in names if getattr(model, name) is not None]


class Run(_Model):
    """``run``: a Move chit or his horse (``walk`` or ``gallop``), and the clearing at the far
    end of the roadway (8.3.8), or ``forest`` for a beast running into the forest (8.3.8f)."""

    chit: str | None = None
    horse: Gait | None = None
    to: str

    @_model_validator(mode="after")
    def _chit_or_horse(self) -> Run:
        if len(_one_of(self, "chit", "horse")) != 1:
            raise ValueError("run with a chit or a horse (walk or gallop), one of them")
        return self


class Fly(_Model):
    """``fly``: the Fly chit he flies away with — the Magic chit that is it (4.6.7e) — and the
    tile next to his he flies to (8.3.8e)."""

    chit: str
    tile: str


class Cast(_Model):
    """``cast``: a spell, the Magic chit that casts it, and an enchanted colour chit when no
    automatic source supplies the colour (8.3.7, 8.4.3); ``magic_type``, with an Artifact or
    Spell Book as the chit, the Magic type he plays it as — the spell's, which Enchant
    Artifact may have added to the item (L5053: "He must specify which Magic type and spell he
    is using")."""

    spell: str
    chit: str
    color_chit: str | None = None
    magic_type: str | None = None


class Action(_Model):
    """``action``: his one Encounter action (8.3.7), exactly one of alert, unalert, run, fly,
    cast, activate and/or deactivate, abandon; and ``berserk: CHIT``, the Berserker playing his
    Berserk chit (L3600; this project's addition to the format)."""

    alert: str | None = None
    unalert: str | None = None
    berserk: str | None = None
    run: Run | None = None
    fly: Fly | None = None
    cast: Cast | None = None
    activate: str | None = None
    deactivate: str | None = None
    abandon: list[str] | None = Field(default=None, min_length=1)

    @_model_validator(mode="after")
    def _exactly_one(self) -> Action:
        given = _one_of(self, "alert", "unalert", "berserk", "run", "fly", "cast", "abandon")
        if self.activate is not None or self.deactivate is not None:
            given.append("activate/deactivate")
        if len(given) != 1:
            raise ValueError(
                "an action is exactly one of alert, unalert, berserk, run, fly, cast, activate "
                f"and/or deactivate, abandon; given: {', '.join(given) or 'none'}"
            )
        return self


class Attack(_Model):
    """``attack``: a Fight chit (or Gloves card) and the direction (8.4.5h); or a Fight chit
    played without a target to turn his weapon (``flip``, 8.4.5h.2); or, after an Attack spell,
    the direction only. ``weapon`` must name his active weapon."""

    chit: str | None = None
    direction: Direction | None = None
    weapon: str | None = None
    flip: Literal["alerted", "unalerted"] | None = None

    @_model_validator(mode="after")
    def _form(self) -> Attack:
        if self.flip is not None:
            if self.chit is None or self.direction is not None:
                raise ValueError("a flip is {chit, flip}: a Fight chit and no direction")
        elif self.direction is None:
            raise ValueError("an attack needs a direction: thrust, swing or smash")
        return self


class Maneuver(_Model):
    """``maneuver``: a Move chit (or Boots card) or his horse, and the direction (8.4.5j-k)."""

    chit: str | None = None
    horse: Gait | None = None
    direction: ManeuverDirection

    @_model_validator(mode="after")
    def _chit_or_horse(self) -> Maneuver:
        if len(_one_of(self, "chit", "horse")) != 1:
            raise ValueError("maneuver with a chit or a horse (walk or gallop), one of them")
        return self


class Deployment(_Model):
    """One hireling's deployment (8.3.6a): its target and, optionally, the side it shows."""

    target: str
    side: Side | None = None


class Charge(_Model):
    """``charge``: the character he charges and the Move chit he charges with (8.3.6b)."""

    target: str
    chit: str


class Energize(_Model):
    """A colour chit's ``energize``: the Permanent spell in effect, by its target (8.3.9a.1)."""

    spell: str
    target: str


class ColorChit(_Model):
    """A colour chit played beside the action, energizing a spell or, without ``energize``,
    only fatiguing (8.3.9a.1–a.3)."""

    chit: str
    energize: Energize | None = None


class Play(_Model):
    """One character's plays in one round (SCENARIOS.md "Combat plays"). What is not given is
    not done: every decision no play covers is answered ``none`` (``no`` for a lure), but the
    shield, the placement, the fatigue and the wounds, which take the engine's default."""

    round: int = Field(ge=1)
    lure: list[str] = Field(default_factory=list)
    hireling_lure: dict[str, str] | None = None
    deploy: dict[str, Deployment] | None = None
    charge: Charge | None = None
    action: Action | None = None
    color_chits: list[str | ColorChit] | None = None
    target: str | list[str] | dict[str, str] | None = None
    """Whom or what he targets; a spell's target may be a spell in effect ``{spell, target[,
    caster]}`` or a Curse ``{curse, target}`` (SCENARIOS.md part 3)."""
    hireling_targets: dict[str, str] | None = None
    attack: Attack | None = None
    maneuver: Maneuver | None = None
    shield: Direction | None = None
    place: dict[str, Box] | None = None
    fatigue: list[str] | None = None
    wound: list[str] | None = None


class Position(_Model):
    """A fixed position (8.4.6): for the Melee Section of ``sheet`` (a character, or a defending
    denizen) in ``round``, the box of each counter after repositioning and the sides after
    change tactics (default: unchanged)."""

    round: int = Field(ge=1)
    sheet: str
    boxes: dict[str, Box] = Field(min_length=1)
    sides: dict[str, Side] = Field(default_factory=dict)

    @_model_validator(mode="after")
    def _sides_of_boxes(self) -> Position:
        odd = [name for name in self.sides if name not in self.boxes]
        if odd:
            raise ValueError(f"sides names {', '.join(odd)}, which boxes does not place")
        return self


def unsupported(plays: dict[str, list[Play]]) -> Iterator[tuple[str, str]]:
    """The keys of ``plays`` the engine cannot play yet, as (key path, reason): abandoning more
    than one item."""
    for who, rounds in plays.items():
        for index, play in enumerate(rounds):
            key = f"plays.{who}[{index}]"
            action = play.action
            if action is not None and action.abandon is not None and len(action.abandon) > 1:
                yield (
                    f"{key}.action.abandon",
                    "not supported yet: plays.action.abandon of more than one item",
                )


def rounds_twice(plays: dict[str, list[Play]], positions: list[Position]) -> Iterator[str]:
    """The key of each play or position that repeats a round already given for the same
    character or sheet."""
    for who, rounds in plays.items():
        seen: set[int] = set()
        for index, play in enumerate(rounds):
            if play.round in seen:
                yield f"plays.{who}[{index}].round"
            seen.add(play.round)
    fixed: set[tuple[int, str]] = set()
    for index, position in enumerate(positions):
        if (position.round, position.sheet) in fixed:
            yield f"positions[{index}]"
        fixed.add((position.round, position.sheet))


def target_of(play: Play) -> str | None:
    """The one target a play names (a list of one is that one; a spell or Curse is no
    individual: None)."""
    if isinstance(play.target, list):
        return play.target[0] if play.target else None
    return None if isinstance(play.target, dict) else play.target
