"""The Evening's part of the day's report: each clearing's combat, round by round, in the
play-by-email style — who lured and ran, where each counter went, every attack with its result,
harm, armor and kills, fatigue and wounds, with the dice and the rule numbers (rules section 8).

The secret plays of a round are in the events only from their simultaneous reveal (8.4.5e): the
report shows what the events show, to the viewer they are visible to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import Event

#: The events that belong to a clearing's combat (they carry ``at`` and ``round``).
COMBAT_EVENTS = frozenset(
    {
        "combat_started",
        "combat_ended",
        "lured",
        "assigned",
        "ran_away",
        "play_cancelled",
        "targeted",
        "played",
        "positioned",
        "attacked",
        "attack_cancelled",
        "harm",
        "armor_damaged",
        "armor_destroyed",
        "killed",
        "spoils",
        "flipped",
    }
)


@dataclass
class Combat:
    """One clearing's combat as reported: its lines before the first round and by round."""

    at: str
    opening: list[str] = field(default_factory=list)
    rounds: dict[int, list[str]] = field(default_factory=dict)
    closing: list[str] = field(default_factory=list)


def line(event: Event) -> str:
    """One event as a report line: a roll with its dice in parentheses, an attack with how it
    hit, anything else as its English line."""
    f = event.fields
    if event.type == "roll":
        dice = ", ".join(map(str, f.get("dice", [])))
        return f"{f.get('who')}: {f.get('purpose')} ({dice}) = {f.get('result')}"
    if event.type == "attacked":
        result = f"hits ({f.get('how')})" if f.get("hit") else "misses"
        return f"{f.get('attacker')} attacks {f.get('target')}: {result}"
    return event.describe()


def evening(events: list[Event]) -> list[Combat]:
    """The combats of ``events`` (already filtered for the viewer), in the order fought; the
    events of a combat are those from its ``combat_started`` to its ``combat_ended``, each in
    the round it names or, naming none (a wound, a fatigued chit), the round before it."""
    combats: list[Combat] = []
    current: Combat | None = None
    last = 0
    for event in events:
        if event.type == "combat_started":
            current, last = Combat(str(event.fields.get("at"))), 0
            current.opening.append(line(event))
            combats.append(current)
            continue
        if current is None:
            continue
        if event.type == "combat_ended":
            current.closing.append(line(event))
            current = None
            continue
        number = event.fields.get("round")
        if isinstance(number, int) and number > 0:
            last = number
        if last:
            current.rounds.setdefault(last, []).append(line(event))
        else:
            current.opening.append(line(event))
    return combats
