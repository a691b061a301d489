"""What happened, and who may know it: the events a resolution produces (DESIGN: Events).

Every :class:`Event` has a ``type`` (the vocabulary is :data:`EVENT_TYPES`), flat ``fields``
(``who``, ``from``, ``to``, ``phase``, ``roll`` ...) and an audience: the public, certain
characters, or the moderator only. :func:`visible_to` is the only filter between events and a
person. A :class:`Decision` is a choice the engine needs from a player that his orders do not
answer; :class:`Resolution` is what :func:`rules.day.engine.resolve` returns.

The rolls a resolution drew are not kept in the state (:mod:`rules.dice`): :func:`dice_log`
makes of them one event for the moderator alone, kept with the day's events
(:meth:`Resolution.events_with_rolls`), and :func:`logged_rolls` reads them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.decisions.ids import CombatId, DecisionId, TurnId
from rules.dice import Roll

PUBLIC: Literal["public"] = "public"
MODERATOR: Literal["moderator"] = "moderator"

Audience = Literal["public", "private", "moderator"]


@dataclass(frozen=True)
class EventType:
    """What an event of one type says (a template over its fields) and its audience: ``public``
    (everyone), ``private`` (only the characters named in the event's ``to``) or ``moderator``."""

    text: str
    audience: Audience


PRIVATE: Literal["private"] = "private"


#: Every event type: what it says (the vocabulary the scenarios and reports use) and who may
#: see it. A private type is for the characters the event names in ``to``; a secret cannot leak
#: because someone forgot to say so.
EVENT_TYPES: dict[str, EventType] = {
    "day_started": EventType(
        "a new day: {day}, and the colour magic of a seventh day {colors}", PUBLIC
    ),
    "follows": EventType("{who} follows {guide} for the day (6.3.2)", PUBLIC),
    "monster_roll": EventType("the monster roll at Sunrise: {roll} (6.3.3)", PUBLIC),
    "prowling": EventType(
        "row {row} prowls today: monsters {monsters}, natives {natives} (6.3.3, 7.13.1)", PUBLIC
    ),
    "turn_started": EventType("{who}'s Attention chit is drawn: his turn begins (7.1)", PUBLIC),
    "unhidden": EventType("{who} becomes unhidden ({reason})", PUBLIC),
    "phase_started": EventType("{who} starts phase {phase}: {activity}", PUBLIC),
    "phase_cancelled": EventType("{who}'s phase {phase} is cancelled: {reason} (6.2.4f)", PUBLIC),
    "moved": EventType("{who} moves from {from} to {to}", PUBLIC),
    "climbing": EventType("{who} starts climbing into {to} (7.3.1c)", PUBLIC),
    "left_map": EventType("{who} leaves the map from {from}", PUBLIC),
    "familiar_left": EventType(
        "the {owner}'s {who} leaves play from {from} with its owner (L3926)", PUBLIC
    ),
    "abandoned": EventType("{who} abandons {item} in {at}", PUBLIC),
    "abandoned_card": EventType("{who} abandons a Treasure card in {at} (4.4.1c)", PUBLIC),
    "abandoned_card_named": EventType("{who} abandons the {item} in {at}", PRIVATE),
    "deactivated": EventType("{who} deactivates {item} ({reason})", PUBLIC),
    "activated": EventType("{who} activates {item}", PUBLIC),
    "activation_refused": EventType("{who} cannot activate {item}: {reason}", PUBLIC),
    "card_activation_refused": EventType("{who} cannot activate the {item}: {reason}", PRIVATE),
    "hid": EventType("{who} hides: {success}", PUBLIC),
    "rested": EventType("{who} rests: {chit} {change}", PUBLIC),
    "alerted": EventType("{who} alerts {item}", PUBLIC),
    "went_berserk": EventType(
        "{who} plays {chit}: only Tremendous harm kills him until Midnight (L3594)", PUBLIC
    ),
    "fatigued": EventType("{who} fatigues {chit}", PUBLIC),
    "made_change": EventType(
        "{who} makes change for {paid}: {chit} comes back into play (4.2.4a)", PUBLIC
    ),
    "wounded": EventType("{who} is wounded: {chit}", PUBLIC),
    "follower_stopped": EventType("{who} stops following {guide}", PUBLIC),
    "follower_left": EventType("{who} cannot follow {guide} and stays in {at}", PUBLIC),
    "turn_ended": EventType("{who}'s turn ends in {at}", PUBLIC),
    "blocked": EventType("{by} blocks {who} in {at} (7.12)", PUBLIC),
    "turn_lost": EventType("{who} loses his turn: {reason}", PUBLIC),
    # Hire (7.7.1)
    "hire_paid": EventType("{who} pays {gold} gold to hire from the {group} ({result})", PUBLIC),
    "not_hired": EventType("{who} hires no one from the {group}: {reason}", PUBLIC),
    "relationship": EventType(
        "{who}'s trading relationship with the {group} is now {level}: {reason}", PRIVATE
    ),
    "boon_repaid": EventType("{who} buys back a boon from the {group} for {gold} gold", PUBLIC),
    "boon_lost": EventType(
        "{who} has missed his one chance to buy back the boon of the {group} (7.6.5e.1)", PRIVATE
    ),
    "rehired": EventType(
        "the {piece} is rehired by the {by} until game day {until} (7.7.1d)", PUBLIC
    ),
    "discovered": EventType("{who} discovers the {what}, {how}", PRIVATE),
    "searched": EventType("{who} searches on the {table} Table in {at}: {roll}, {result}", PUBLIC),
    "search_choice": EventType("{who} chooses {result} (7.5.4, Choice)", PRIVATE),
    "looked": EventType("{who} looks secretly at the map chits of {tile}: {chits}", PRIVATE),
    "substitute_exchanged": EventType(
        "{who} exchanges a map chit of {tile} for {count} chits (7.5.4c)", PUBLIC
    ),
    "found_enemies": EventType("{who} finds hidden enemies for the rest of the day", PRIVATE),
    "found_by_sight": EventType(
        "{who} sees by Magic Sight the hidden enemies of a kind ({kind}) for the day", PRIVATE
    ),
    "looted": EventType("{who} takes the {item} from {from}", PRIVATE),
    "looted_shown": EventType("{who} takes the {item} from {from}, openly (7.5.5e)", PUBLIC),
    "looted_card": EventType("{who} takes a Treasure card from {from}", PUBLIC),
    "site_opened": EventType("{who} opens the {site} with {by} (7.5.5d.2)", PUBLIC),
    "phase_gained": EventType(
        "{who} gains the extra phase of the {item} at once (the Timeless Jewel, L4315)", PUBLIC
    ),
    "jewel_blocked": EventType(
        "{who} inactivates the {item} during his turn and is blocked (L4315.2)", PUBLIC
    ),
    "card_used": EventType("{who} uses the {item}, which goes back to its box (L4322)", PUBLIC),
    "curse_cured": EventType("{by}'s Amulet cures {who} of {curse} (L4325)", PUBLIC),
    "curse_lifted": EventType("the Chapel lifts {who}'s {curse} at Midnight (4.6.8a.5)", PUBLIC),
    "shifted": EventType(
        "{who} uses the {item} to move his {play} from {from} to {to} (L4480)", PUBLIC
    ),
    "gold_found": EventType("{who} adds {gold} Gold to his recorded Gold, from {from}", PRIVATE),
    "teleported": EventType("{who} teleports from {from} to {to}", PUBLIC),
    "peers_anywhere": EventType(
        "{who} may Peer into any clearing for the rest of the day (L4226)", PUBLIC
    ),
    "chits_restored": EventType("{who}'s action chits return to play: {chits}", PUBLIC),
    "fell_asleep": EventType(
        "{who} falls asleep in {at} under the {by} until Sunset: he skips the rest of his turn"
        " and cannot block or be blocked or summon monsters (L4302)",
        PUBLIC,
    ),
    "woke": EventType("{who} wakes at Sunset (L4302)", PUBLIC),
    "exchanged_card": EventType("{who} exchanges the {card} for its treasures", PUBLIC),
    "exchanged_into": EventType(
        "{who} takes the {card}'s treasures: {items}, and {gold} Gold", PRIVATE
    ),
    "looted_nothing": EventType("{who} finds nothing to take in {from}", PUBLIC),
    "chit_shown": EventType("the site chit {chit} is shown to all in {at} (7.5.5b.2)", PUBLIC),
    "spell_learned": EventType("{who} learns the spell {spell} from {from}", PRIVATE),
    "spell_awakened": EventType("{who} awakens the spell {spell} in {from}", PRIVATE),
    "spell_not_learned": EventType("{who} cannot record the spell {spell}: {reason}", PRIVATE),
    "spells_seen": EventType("{who} looks at the Spell cards of {from}: {spells}", PRIVATE),
    "cursed": EventType("{who} is cursed: {curse}", PUBLIC),
    "traded": EventType("{who} trades with {partner} (7.2.1)", PUBLIC),
    "traded_detail": EventType("{who} trades with {partner}: {gave}", PRIVATE),
    "trade_failed": EventType("the trade of {who} with {partner} fails: {reason}", PRIVATE),
    "trade_not_made": EventType(
        "{who}'s trade with {partner} was not made today ({offer})", PRIVATE
    ),
    # Trade (7.6)
    "trade_looked": EventType("{who} looks at the belongings of the {group}: {items}", PRIVATE),
    "enchanted_revealed": EventType(
        "the Enchanted card {item} of the {group} turns face up (7.6.5)", PUBLIC
    ),
    "bought": EventType("{who} buys {item} from the {from} for {price} gold (7.6.5)", PUBLIC),
    "sold": EventType("{who} sells {items} to the {to} for {gold} gold (7.6.4)", PUBLIC),
    "paid_in_kind": EventType(
        "{who} pays the {to} with {items}, worth {worth} gold, towards the price (7.6.5c)", PUBLIC
    ),
    "spell_bought": EventType(
        "{who} buys a spell from the {from} for {price} gold (7.6.7; which one is secret)", PUBLIC
    ),
    "fame_reward": EventType("{who}'s Fame changes by {fame} for the {item} (7.6.6)", PUBLIC),
    "trade_refused": EventType("the {group} will not sell to {who}: {result} (7.6.5d)", PUBLIC),
    "trade_declined": EventType("{who} buys nothing from the {group}: {reason}", PUBLIC),
    "roll": EventType("{who} rolls {dice} on the {purpose}: {result}", PUBLIC),
    "dice_log": EventType("the dice rolled: {rolls} (4.1)", MODERATOR),
    "denizen_moved": EventType("the prowling {name} moves from {from} to {to} (7.13.2a)", PUBLIC),
    "chit_revealed": EventType("the map chit {chit} turns face up in {tile} (7.13.2b)", PUBLIC),
    "exchanged": EventType("{chit} is exchanged for the {piece}, in {at} (7.13.2c)", PUBLIC),
    "summoned": EventType("{by} summons the {name} from {box} to {at} (7.13.3)", PUBLIC),
    "regenerated": EventType("the {name} returns to {to} at the end of the week (6.3.4)", PUBLIC),
    "visitor_flipped": EventType(
        "the visitor/mission chit {chit} turns to {face} (6.3.4b)", PUBLIC
    ),
    # Missions and campaigns (7.2.4)
    "chit_taken": EventType(
        "{who} takes the {chit} chit in {at}, paying {cost} (7.2.4c): {task}", PUBLIC
    ),
    "chit_not_taken": EventType("{who} cannot take the {chit} chit in {at}: {reason}", PUBLIC),
    "mission_completed": EventType(
        "{who} delivers the {chit} to the {to}: {gold} Gold, and he regains {regained} (7.2.4e.4)",
        PUBLIC,
    ),
    "campaign_completed": EventType(
        "{who}'s {chit} campaign is complete, all its foes are dead: he regains {regained} "
        "(7.2.4i)",
        PUBLIC,
    ),
    "mission_failed": EventType(
        "{who} fails the {chit} mission ({reason}): he pays {penalty} again and the chit is put "
        "in {at} (7.2.4d)",
        PUBLIC,
    ),
    "campaign_failed": EventType(
        "{who} fails the {chit} campaign ({reason}): he pays {penalty} again and the chit is put "
        "in {at} (7.2.4d)",
        PUBLIC,
    ),
    "campaign_abandoned": EventType(
        "{who} abandons the {chit} campaign in {at}: none of its foes is on the map (7.2.4j)",
        PUBLIC,
    ),
    "campaign_not_abandoned": EventType(
        "{who} cannot abandon the {chit} campaign: {reason}", PUBLIC
    ),
    "chit_dropped": EventType("{who} is killed: the {chit} chit is put in {at} (7.2.4b)", PUBLIC),
    "hired": EventType("the {piece} is hired by the {by} until game day {until} (7.7.1c)", PUBLIC),
    "rebelled": EventType(
        "the {piece} rebels against the {employer}, who gains {fame} Fame (8.4.2g)", PUBLIC
    ),
    "unhired": EventType("the {piece} is no longer hired by the {employer}: {reason}", PUBLIC),
    "combat_started": EventType("combat begins in {at}: {who} (8.1.3)", PUBLIC),
    "combat_ended": EventType("combat in {at} ends after {rounds} round(s) (8.8)", PUBLIC),
    "meeting": EventType(
        "{who} rolls on the Meeting Table for the {group} ({column}): {result}", PUBLIC
    ),
    "drinks": EventType("{who} buys drinks for the {group}: {gold} gold (7.6.5b)", PUBLIC),
    "drinks_unpaid": EventType(
        "{who} cannot pay for the drinks for the {group}: his gold is spent (2.6.2d.2)", PRIVATE
    ),
    "paid_off": EventType("{who} pays off the {group}'s {result} (L5499-5501)", PUBLIC),
    "battling": EventType("the {group} battle {who}: {reason} (8.2)", PUBLIC),
    "lured": EventType("{who} lures the {denizen} onto his sheet (8.3.4)", PUBLIC),
    "deployed": EventType("the {hireling} is sent against {target} (8.3.6a)", PUBLIC),
    "charged": EventType("{who} charges {target} with {chit} (8.3.6b)", PUBLIC),
    "assigned": EventType("the {denizen} is assigned to {to} (8.3.5)", PUBLIC),
    "unalerted": EventType("{who} unalerts {item} with {chit}", PUBLIC),
    "ran_away": EventType("{who} runs away from {from} toward {to} with {chit} (8.3.8)", PUBLIC),
    "play_cancelled": EventType("{who}'s play of {chit} is cancelled: {reason}", PUBLIC),
    "targeted": EventType("{who} targets {target} (8.4.2)", PUBLIC),
    "played": EventType(
        "{who} reveals: attack {attack}, maneuver {maneuver}, shield {shield} (8.4.5e)", PUBLIC
    ),
    "positioned": EventType(
        "on {sheet}'s sheet the {denizen} is in box {box}, {side} (8.4.6)", PUBLIC
    ),
    "attacked": EventType("{attacker} attacks {target}: hit {hit} ({how}) (8.4.8)", PUBLIC),
    "attack_cancelled": EventType("{attacker}'s attack on {target} is cancelled: {reason}", PUBLIC),
    "harm": EventType("{attacker} inflicts {level} harm on {on} (8.4.9)", PUBLIC),
    "armor_damaged": EventType("{who}'s {armor} is damaged (8.4.9k)", PUBLIC),
    "armor_destroyed": EventType("{who}'s {armor} is destroyed (8.4.9k); gold {gold}", PUBLIC),
    "killed": EventType("{who} is killed by {by}", PUBLIC),
    "taken": EventType("the {by} take the {who}'s {item} to their box, {to} (8.7.5)", PUBLIC),
    "taken_card": EventType(
        "the {by} take a Treasure card of the {who}'s to their box, {to} (8.7.5)", PUBLIC
    ),
    "taken_card_named": EventType("the {by} take the {who}'s {item} to {to}", PRIVATE),
    "spoils": EventType(
        "{who} gains {fame} Fame, {notoriety} Notoriety and {gold} gold for the {victim} (8.7)",
        PUBLIC,
    ),
    "held": EventType(
        "the red-side-up {monster} stays on the {hireling}, defending on its own sheet (8.6.2)",
        PUBLIC,
    ),
    "position_refused": EventType(
        "the position fixed for {sheet}'s sheet ({position}) is one the dice cannot give: "
        "they are rolled (8.4.6)",
        PUBLIC,
    ),
    "turned": EventType("the {piece} is turned {side} side up ({rule})", PUBLIC),
    "flipped": EventType("the {denizen} turns {side} side up (8.4.7c)", PUBLIC),
    "suicided": EventType("{who} suicides at Midnight in {at} (9.2.2a)", PUBLIC),
    "death_told": EventType(
        "{who} is dead ({cause}): his recorded Fame, Notoriety, Gold, spells and discoveries are "
        "lost (9.1.1d); his player may start again, as any character not in use, at the Inn from "
        "game day {restart} (9.1.2)",
        PRIVATE,
    ),
    "departure_told": EventType(
        "{who} has left the map: he takes no more part in the game, and his score is reckoned "
        "as his sheet and belongings stand now (9.2.2b, 9.3.1a)",
        PRIVATE,
    ),
    "departure_scored": EventType(
        "{who}'s score as he leaves the map: {total}; won: {won} (9.2.2b, 9.3.1a)", PRIVATE
    ),
    "restart_roll": EventType(
        "{who} rolls {roll} for the order of fresh starts, killed at the same moment as "
        "{with} (9.1.2b)",
        PUBLIC,
    ),
    "restarted": EventType(
        "the player of the {old} starts again as the {who}, at the Inn in {at} (9.1.2a)", PUBLIC
    ),
    "restart_order": EventType(
        "the order in which today's dead pick their fresh starts: {order} (9.1.2b)", PUBLIC
    ),
    "not_implemented": EventType("not implemented yet: rule {rule} ({what})", PUBLIC),
    "midnight": EventType("Midnight: {what}", PUBLIC),
    "day_ended": EventType("day {day} is over", PUBLIC),
    # The end of the game (9.3, rules.end.final): public only now.
    "victory_revealed": EventType(
        "{who}'s Victory Requirements: Great Treasures {great_treasures}, Spells {spells}, "
        "Fame {fame}, Notoriety {notoriety}, Gold {gold} (3.3.6)",
        PUBLIC,
    ),
    "discarded_at_end": EventType("{who} cannot carry and discards {items} (9.3.1)", PUBLIC),
    "scored": EventType(
        "{who} scores: Great Treasures {great_treasures}, Spells {spells}, Fame {fame}, "
        "Notoriety {notoriety}, Gold {gold}; basic {basic}, bonus {bonus}, total {total}; "
        "won: {won} (9.3.2)",
        PUBLIC,
    ),
    "victor": EventType(
        "the victor: {who}, with {total}; the winners: {winners} (9.3.2i-j)", PUBLIC
    ),
}


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
        known = EVENT_TYPES.get(self.type)
        template = known.text if known is not None else self.type + " {fields}"
        values = {key: _word(value) for key, value in self.fields.items()}
        try:
            return template.format_map(_Missing(values))
        except (KeyError, ValueError):
            return f"{self.type}: {self.fields}"


class AudienceError(ValueError):
    """An event made against its type's declared audience: a bug in the engine, never a
    player's doing."""


def event(type_: str, *, private_to: Sequence[str] = (), **fields: Any) -> Event:
    """The one way the engine makes an event: of a type in :data:`EVENT_TYPES`, with the audience
    that type declares. A private type needs its recipients in ``private_to``; a public or
    moderator type takes none. Raises :class:`AudienceError` otherwise, so that a secret never
    goes out because its recipients were forgotten."""
    kind = EVENT_TYPES.get(type_)
    if kind is None:
        raise AudienceError(f"event type {type_!r} is not in the vocabulary (EVENT_TYPES)")
    if kind.audience == "private" and not private_to:
        raise AudienceError(f"{type_!r} is private: name the characters it is for")
    if kind.audience != "private" and private_to:
        raise AudienceError(f"{type_!r} is {kind.audience}: it has no recipients")
    return Event(type=type_, fields=dict(fields), audience=kind.audience, to=tuple(private_to))


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
    same state gives the same id. It is kept as the text answers are stored under (in a
    campaign's database, a scenario's ``answers``); :attr:`where` is the same id typed
    (:class:`~rules.decisions.ids.DecisionId`), and a decision whose id is none, or names
    another kind, cannot be made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    character: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    default: str

    @model_validator(mode="after")
    def _id_names_the_kind(self) -> Decision:
        if self.where.kind != self.kind:
            raise ValueError(f"the decision {self.id!r} is of the kind {self.kind!r}")
        return self

    @property
    def where(self) -> TurnId | CombatId:
        """Where the decision arises: its :attr:`id`, typed."""
        return DecisionId.parse(self.id)


def dice_log(rolls: Sequence[Roll]) -> Event:
    """The moderator-only record of ``rolls``, in order: one ``dice_log`` event whose ``rolls``
    are each roll's fields, those at their defaults left out."""
    return event(
        "dice_log", rolls=[roll.model_dump(mode="json", exclude_defaults=True) for roll in rolls]
    )


def logged_rolls(events: Sequence[Event]) -> list[Roll]:
    """Every roll the ``dice_log`` events among ``events`` record, in order."""
    return [
        Roll.model_validate(fields)
        for found in events
        if found.type == "dice_log"
        for fields in found.fields.get("rolls", [])
    ]


class Resolution(BaseModel):
    """What resolving returns: the new state, the events, the decisions now awaited, and the
    rolls drawn."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event]
    pending: list[Decision] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    """Every roll this resolution drew, in order (4.1): the state keeps none of them."""

    def events_with_rolls(self) -> list[Event]:
        """What the application keeps of this resolution for its day: the :attr:`events`, then
        the :func:`dice_log` of its :attr:`rolls` if it drew any."""
        return [*self.events, dice_log(self.rolls)] if self.rolls else list(self.events)

    @property
    def done(self) -> bool:
        """True when nothing is pending (the day, or the part asked for, is resolved)."""
        return not self.pending
