"""The day's report as a person reads it: the Daylight history in the play-by-email format.

The format follows the BIMR5 history pages (moderation-anchors §1): the Monster Roll, who follows
whom, then each turn in order as one line of phases, ``M AV2 / H (5, 4: hidden) / *R``, with
what came of each phase in parentheses. :func:`day_report` renders only the events the viewer
may see (:func:`rules.events.visible_to`), so the public report holds what observers could see
and a player's report adds his own results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.evening_report import evening
from bot.render import render
from rules import Event, visible_to

#: Events shown as lines under the turn they happen in: followers left or stopping, and what
#: the end of a turn brings (7.13).
_NOTES = frozenset(
    {
        "follower_left",
        "follower_stopped",
        "chit_revealed",
        "exchanged",
        "summoned",
        "denizen_moved",
        "blocked",
        "turn_lost",
    }
)


@dataclass
class _Turn:
    who: str
    phases: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def annotate(self, text: str) -> None:
        if self.phases:
            self.phases[-1] += f" ({text})"
        else:
            self.notes.append(text)


def _outcome(event: Event) -> str | None:
    """What a phase's result event adds to that phase, in the report's short form."""
    f = event.fields
    match event.type:
        case "moved":
            return None
        case "climbing":
            return "climbing"
        case "phase_cancelled":
            return f"cancelled: {f.get('reason')}"
        case "hid":
            if f.get("roll") is None:
                return "stays hidden"
            return "hidden" if f.get("success") else "not hidden"
        case "roll":
            return None
        case "rested":
            return f"{f['chit']} {f['to']}" if f.get("chit") else "nothing to rest"
        case "alerted":
            return f"{'alerts' if f.get('alerted') else 'unalerts'} {f.get('item')}"
        case "abandoned":
            return f"abandons {f.get('item')}"
        case "abandoned_card":
            return "abandons a Treasure card"
        case "abandoned_card_named":
            return f"it is the {f.get('item')}"
        case "card_activation_refused":
            return f"cannot activate the {f.get('item')}: {f.get('reason')}"
        case "deactivated" | "activated":
            return f"{event.type} {f.get('item')}"
        case "not_implemented":
            return f"not implemented yet: rule {f.get('rule')}"
    return None


def day_report(events: list[Event], viewer: str) -> str:
    """The report of one day's events as ``viewer`` (public, moderator or a character) sees it."""
    seen = visible_to(events, viewer)
    context: dict[str, object] = {"day": "?", "month": "?", "colors": [], "monster_roll": None}
    sunrise: list[str] = []
    later: list[str] = []
    turns: list[_Turn] = []
    current: _Turn | None = None
    rolls: dict[str, str] = {}
    combats = evening(seen)
    in_combat = False
    for event in seen:
        f = event.fields
        if event.type == "combat_started":
            in_combat, current = True, None
        if in_combat:
            in_combat = event.type != "combat_ended"
            continue
        if event.type == "day_started":
            context.update(day=f["day"], month=f["month"], colors=f.get("colors", []))
        elif event.type == "monster_roll":
            context["monster_roll"] = f["roll"]
        elif event.type == "prowling":
            natives = f"; natives: {', '.join(f['natives'])}" if f["natives"] else ""
            visitors = "; the visitors and missions" if f.get("visitors") else ""
            sunrise.append(
                f"Prowling (row {f['row']}): {', '.join(f['monsters'])}{natives}{visitors}"
            )
        elif event.type in ("regenerated", "visitor_flipped"):
            sunrise.append(event.describe())
        elif event.type == "follows":
            sunrise.append(f"{f['who']} follows {f['guide']}")
        elif event.type == "turn_started":
            current = _Turn(f["who"])
            turns.append(current)
        elif event.type == "phase_started" and current is not None:
            if f["who"] == current.who:
                current.phases.append(str(f["activity"]))
        elif event.type == "roll":
            rolls[f["who"]] = ", ".join(map(str, f["dice"]))
        elif event.type == "hid" and current is not None and f.get("roll") is not None:
            dice = rolls.pop(f["who"], str(f["roll"]))
            current.annotate(f"{dice}: {'hidden' if f.get('success') else 'not hidden'}")
        elif event.type in _NOTES and current is not None:
            current.notes.append(event.describe())
        elif event.type == "turn_ended" or event.type == "unhidden":
            continue
        elif event.type in ("not_implemented", "midnight", "day_ended") and current is None:
            (sunrise if not turns else later).append(event.describe())
        elif event.type == "not_implemented" and event.fields.get("who") is None:
            later.append(event.describe())
        elif current is not None and event.fields.get("who") == current.who:
            outcome = _outcome(event)
            if outcome is not None:
                current.annotate(outcome)
        elif current is not None and event.type == "moved":
            current.notes.append(f"{f['who']} moves with him to {f['to']}")
        elif event.type in ("midnight", "day_ended", "not_implemented", "unhired"):
            later.append(event.describe())
    return render(
        "reports/day.txt.j2",
        turns=turns,
        sunrise=sunrise,
        combats=combats,
        later=later,
        **context,
    )
