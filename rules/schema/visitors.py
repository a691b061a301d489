"""The six visitor/mission chits and their twelve faces (2.2.5 L399, 3.4 L962–967, 7.2.4
L1609–1640, 7.6.7, Visitor Prices L5458–5476).

A :class:`VisitorChit` is one physical counter; it has two :class:`ChitFace` sides, one of them up
at a time (either side up at setup, 3.4.2; they flip when Row 6 prowls, 6.3.3b). Which faces share
a counter was a picture (L397); the pairings come from the RealmSpeak reference. A chit is named
``"<face> / <face>"`` and every face name is an alias, so ``catalog.visitors["Crone"]`` finds the
Crone / Raid counter. What a visitor owns at the start is its Set Up Card box (setup_card.yaml).
"""

from __future__ import annotations

import enum

from pydantic import Field, model_validator

from rules.schema.base import Record, unique


class FaceKind(enum.StrEnum):
    """What a face up chit represents (2.2.5)."""

    VISITOR = "visitor"
    MISSION = "mission"
    CAMPAIGN = "campaign"


class Cost(Record):
    """Recorded Fame and Notoriety paid to take a mission or campaign chit (7.2.4b–d)."""

    fame: int = Field(default=0, ge=0)
    notoriety: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _not_free(self) -> Cost:
        if self.fame == 0 and self.notoriety == 0:
            raise ValueError("a cost is some Fame and/or Notoriety")
        return self


class Destination(Record):
    """Where a mission goes: ``to``, or ``else_to`` when it is picked up at ``to`` (7.2.4e.2–3)."""

    to: str = Field(min_length=1)
    else_to: str = Field(min_length=1)


class MissionReward(Record):
    """A mission's reward: Gold per clearing of the shortest route at pickup, or a flat amount
    when there is no route or no such Dwelling yet (7.2.4e.1)."""

    gold_per_clearing: int = Field(ge=1)
    gold_if_no_route: int = Field(ge=1)


class VisitorPrice(Record):
    """A Visitor Prices entry: what the visitor pays (and asks) for a treasure card (7.6.2a)."""

    item: str = Field(min_length=1)
    gold: int = Field(ge=0)


class ChitFace(Record):
    """One side of a visitor/mission chit.

    Visitors: ``buys`` (the Visitor Prices column) and ``spell_price`` (the basic price of each
    spell he sells, 7.6.7). Missions and campaigns: ``cost`` and ``time_limit_days`` (None: the
    end of the game, or 28 days in a game longer than a month, 7.2.4f.1). Missions:
    ``destination`` and ``reward``. Campaigns: ``partners`` and ``foes`` (native groups) and
    ``foe_monsters`` (the Quest's Dragons, L1627).
    """

    name: str = Field(min_length=1)
    kind: FaceKind
    cost: Cost | None = None
    time_limit_days: int | None = Field(default=None, ge=1)
    destination: Destination | None = None
    reward: MissionReward | None = None
    partners: tuple[str, ...] = ()
    foes: tuple[str, ...] = ()
    foe_monsters: tuple[str, ...] = ()
    buys: tuple[VisitorPrice, ...] = ()
    spell_price: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _fields_match_kind(self) -> ChitFace:
        is_visitor = self.kind is FaceKind.VISITOR
        if is_visitor == (self.cost is not None):
            raise ValueError("missions and campaigns, and only they, have a cost")
        if not is_visitor and (self.buys or self.spell_price is not None):
            raise ValueError("only visitors buy and sell")
        is_mission = self.kind is FaceKind.MISSION
        if is_mission != (self.destination is not None) or is_mission != (self.reward is not None):
            raise ValueError("missions, and only they, have a destination and a reward")
        if is_mission and self.time_limit_days is None:
            raise ValueError("a mission has a time limit in days (7.2.4e.1)")
        if self.kind is FaceKind.CAMPAIGN:
            if not self.partners or not (self.foes or self.foe_monsters):
                raise ValueError("a campaign has partners and foes (7.2.4f)")
        elif self.partners or self.foes or self.foe_monsters:
            raise ValueError("only campaigns have partners and foes")
        unique(self.partners + self.foes, "native group")
        unique([price.item for price in self.buys], "item")
        return self


class VisitorChit(Record):
    """One visitor/mission counter: its two faces, named ``"<face> / <face>"``.

    ``aliases`` are the face names (and other spellings the rulebook uses, e.g. "Conquest").
    """

    name: str = Field(min_length=1)
    faces: tuple[ChitFace, ChitFace]
    aliases: tuple[str, ...] = ()

    def face(self, name: str) -> ChitFace:
        """The face called ``name`` (KeyError if this chit has none)."""
        for face in self.faces:
            if face.name == name:
                return face
        raise KeyError(name)

    @model_validator(mode="after")
    def _named_by_faces(self) -> VisitorChit:
        expected = " / ".join(face.name for face in self.faces)
        if self.name != expected:
            raise ValueError(f"a chit is named after its faces: {expected!r}")
        unique(self.aliases, "alias")
        missing = [face.name for face in self.faces if face.name not in self.aliases]
        if missing:
            raise ValueError(f"every face name is an alias; missing {missing}")
        return self
