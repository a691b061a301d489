"""Action chits (2.5.2 L540–547; 4.2 L1058–1080): what each does, its strength or magic type,
its time and its effort.

Action chits are written as printed, ``MOVE M4*`` or ``MAGIC III4*``: action, strength letter
or magic type, time, one asterisk per effort point. :class:`ActionChit` validates from that form
and serialises back to it, so data files and scenarios name chits the way players do.
"""

from __future__ import annotations

import enum
import re
from typing import Any

from pydantic import Field, model_serializer, model_validator

from rules.schema.base import MagicType, Record, Weight


class Action(enum.StrEnum):
    """What an action chit does (2.5.2 L540–547; Berserk L3594, Duck L3717)."""

    MOVE = "MOVE"
    FIGHT = "FIGHT"
    MAGIC = "MAGIC"
    BERSERK = "BERSERK"
    DUCK = "DUCK"


# Move, Fight, Duck and Berserk chits show a strength letter; Magic chits a type (2.5.2d–e L546).
STRENGTH_ACTIONS = frozenset({Action.MOVE, Action.FIGHT, Action.BERSERK, Action.DUCK})
CHIT_STRENGTHS = (Weight.LIGHT, Weight.MEDIUM, Weight.HEAVY, Weight.TREMENDOUS)

_LABEL = re.compile(r"(?P<action>[A-Z]+) (?P<value>[A-Z]+)(?P<time>[0-9]+)(?P<effort>\**)")


class ActionChit(Record):
    """One action chit (4.2 L1058): action, strength or magic type, time and effort asterisks.

    Validates from the printed form (``"FIGHT H5*"``) as well as from a mapping, and serialises
    back to the printed form.
    """

    action: Action
    strength: Weight | None = None
    magic_type: MagicType | None = None
    time: int = Field(ge=1, le=9)
    effort: int = Field(ge=0, le=2, description="number of effort asterisks (4.2.4 L1065)")

    @model_validator(mode="before")
    @classmethod
    def _from_label(cls, data: Any) -> Any:
        if isinstance(data, str):
            return cls._fields_of(data)
        return data

    @model_validator(mode="after")
    def _check(self) -> ActionChit:
        if self.action in STRENGTH_ACTIONS:
            if self.strength is None or self.magic_type is not None:
                raise ValueError(f"a {self.action} chit has a strength letter and no magic type")
            if self.strength not in CHIT_STRENGTHS:
                raise ValueError(f"a {self.action} chit's strength is one of L, M, H, T")
        elif self.magic_type is None or self.strength is not None:
            raise ValueError("a MAGIC chit has a magic type and no strength letter")
        return self

    @model_serializer
    def _as_label(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """The chit as printed: ``MOVE M4*``, ``MAGIC III4*``, ``BERSERK T4**``."""
        value = self.magic_type if self.action is Action.MAGIC else self.strength
        assert value is not None  # guaranteed by _check
        return f"{self.action} {value}{self.time}{'*' * self.effort}"

    def __str__(self) -> str:
        return self.label

    @classmethod
    def parse(cls, text: str) -> ActionChit:
        """The chit printed as ``text`` (``"FIGHT L4"``); raises ``ValueError`` saying why not."""
        return cls.model_validate(cls._fields_of(text))

    @staticmethod
    def _fields_of(text: str) -> dict[str, Any]:
        problem = f"{text!r} is not a printed action chit"
        example = "write e.g. 'MOVE M4*', 'FIGHT H5' or 'MAGIC III4*'"
        match = _LABEL.fullmatch(text.strip())
        if match is None:
            raise ValueError(f"{problem}; {example}")
        name, value = match["action"], match["value"]
        if name not in Action.__members__:
            actions = ", ".join(Action)
            raise ValueError(f"{problem}: action {name!r} is not one of {actions}")
        action = Action(name)
        effort = len(match["effort"])
        if effort > 2:
            raise ValueError(f"{problem}: a chit has at most two effort asterisks")
        fields: dict[str, Any] = {"action": action, "time": int(match["time"]), "effort": effort}
        if action is Action.MAGIC:
            if value not in MagicType.__members__:
                raise ValueError(f"{problem}: magic type {value!r} is not one of I..VIII")
            fields["magic_type"] = MagicType(value)
        else:
            letters = ", ".join(CHIT_STRENGTHS)
            if value not in {w.value for w in CHIT_STRENGTHS}:
                raise ValueError(f"{problem}: strength {value!r} is not one of {letters}")
            fields["strength"] = Weight(value)
        return fields
