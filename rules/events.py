"""What happened, and who may know it: the events a resolution produces (DESIGN: Events).

Every :class:`Event` has a ``type`` (the vocabulary is :data:`EVENT_TYPES`), flat ``fields``
(``who``, ``from``, ``to``, ``phase``, ``roll`` ...) and an audience: the public, certain
characters, or the moderator only. :func:`visible_to` is the only filter between events and a
person. A :class:`Decision` is a choice the engine needs from a player that his orders do not
answer; :class:`Resolution` is what :func:`rules.day.engine.resolve` returns.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

PUBLIC = "public"
MODERATOR = "moderator"

#: Every event type, with what it says (the vocabulary the scenarios and reports use).
EVENT_TYPES: dict[str, str] = {
    "day_started": "a new day: {day}, and the colour magic of a seventh day {colors}",
    "follows": "{who} follows {guide} for the day (6.3.2)",
    "monster_roll": "the monster roll at Sunrise: {roll} (6.3.3)",
    "prowling": "row {row} prowls today: monsters {monsters}, natives {natives} (6.3.3, 7.13.1)",
    "turn_started": "{who}'s Attention chit is drawn: his turn begins (7.1)",
    "unhidden": "{who} becomes unhidden ({reason})",
    "phase_started": "{who} starts phase {phase}: {activity}",
    "phase_cancelled": "{who}'s phase {phase} is cancelled: {reason} (6.2.4f)",
    "moved": "{who} moves from {from} to {to}",
    "climbing": "{who} starts climbing into {to} (7.3.1c)",
    "left_map": "{who} leaves the map from {from}",
    "abandoned": "{who} abandons {item} in {at}",
    "deactivated": "{who} deactivates {item} ({reason})",
    "activated": "{who} activates {item}",
    "activation_refused": "{who} cannot activate {item}: {reason}",
    "hid": "{who} hides: {success}",
    "rested": "{who} rests: {chit} {change}",
    "alerted": "{who} alerts {item}",
    "fatigued": "{who} fatigues {chit}",
    "wounded": "{who} is wounded: {chit}",
    "follower_stopped": "{who} stops following {guide}",
    "follower_left": "{who} cannot follow {guide} and stays in {at}",
    "turn_ended": "{who}'s turn ends in {at}",
    "blocked": "{by} blocks {who} in {at}, and is blocked by him (7.12)",
    "turn_lost": "{who} loses his turn: {reason}",
    "discovered": "{who} discovers the {what}, {how}",
    "traded": "{who} trades with {partner} (7.2.1)",
    "traded_detail": "{who} trades with {partner}: {gave}",
    "trade_failed": "the trade of {who} with {partner} fails: {reason}",
    "trade_not_made": "{who}'s trade with {partner} was not made today ({offer})",
    "roll": "{who} rolls {dice} on the {purpose}: {result}",
    "denizen_moved": "the prowling {name} moves from {from} to {to} (7.13.2a)",
    "chit_revealed": "the map chit {chit} turns face up in {tile} (7.13.2b)",
    "exchanged": "{chit} is exchanged for the {piece}, in {at} (7.13.2c)",
    "summoned": "{by} summons the {name} from {box} to {at} (7.13.3)",
    "regenerated": "the {name} returns to {to} at the end of the week (6.3.4)",
    "visitor_flipped": "the visitor/mission chit {chit} turns to {face} (6.3.4b)",
    "hired": "the {piece} is hired by the {by} until game day {until} (7.7.1c)",
    "unhired": "the {piece} is no longer hired by the {employer}: {reason}",
    "not_implemented": "not implemented yet: rule {rule} ({what})",
    "midnight": "Midnight: {what}",
    "day_ended": "day {day} is over",
}

Audience = Literal["public", "private", "moderator"]


class Event(BaseModel):
    """One thing that happened. ``to`` names the characters a private event is for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    fields: dict[str, Any] = Field(default_factory=dict)
    audience: Audience = "public"
    to: tuple[str, ...] = ()

    def visible_to(self, viewer: str) -> bool:
        """Whether ``viewer`` (``public``, ``moderator`` or a character's name) may see this."""
        if viewer == MODERATOR or self.audience == "public":
            return True
        return self.audience == "private" and viewer in self.to

    def describe(self) -> str:
        """The event as one English line, from :data:`EVENT_TYPES`."""
        template = EVENT_TYPES.get(self.type, self.type + " {fields}")
        values = {key: _word(value) for key, value in self.fields.items()}
        try:
            return template.format_map(_Missing(values))
        except (KeyError, ValueError):
            return f"{self.type}: {self.fields}"


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def visible_to(events: list[Event] | tuple[Event, ...], viewer: str) -> list[Event]:
    """The events ``viewer`` may see, in order."""
    return [event for event in events if event.visible_to(viewer)]


class Decision(BaseModel):
    """A choice the engine needs from ``character``: the legal options and the default.

    ``id`` is stable and says where the choice arises, so that answers are matched to decisions
    by it, never by position: ``d3/Amazon/p2/rest/Woods Girl`` is the Woods Girl's choice of the
    chit she rests first, in phase 2 of the Amazon's turn on game day 3. Asking again from the
    same state gives the same id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    character: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    default: str


class Resolution(BaseModel):
    """What resolving returns: the new state, the events, and the decisions now awaited."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]
    pending: list[Decision] = Field(default_factory=list)

    @property
    def done(self) -> bool:
        """True when nothing is pending (the day, or the part asked for, is resolved)."""
        return not self.pending
