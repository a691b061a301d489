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
        "chit_shown",
        "fell_asleep",
        "woke",
    }
)

#: How mission and campaign tasks end away from the phase of a turn (7.2.4b, d, i): at Midnight
#: (Combat's are in its block).
_TASKS_ENDED = frozenset(
    {"mission_failed", "campaign_failed", "campaign_completed", "chit_dropped"}
)

#: Mission and campaign events of a phase (7.2.4): under the phase of the one whose turn it is,
#: as a note for a follower.
_TASKS = frozenset(
    {
        "chit_taken",
        "chit_not_taken",
        "mission_completed",
        "campaign_abandoned",
        "campaign_not_abandoned",
    }
)

#: What everyone sees him take, said once to the one who took it (who also knows what).
_SEEN_TAKING = frozenset({"looted_shown", "looted_card"})

#: Leaving play outside combat (9.1.1c, 9.2.2) and the order of fresh starts (9.1.2b): after the
#: turns, with what the one who left abandons; his own news (``death_told``) only to him.
_LEFT_PLAY = frozenset(
    {"suicided", "killed", "death_told", "departure_told", "restart_roll", "restart_order"}
)
_ABANDONED = frozenset({"abandoned", "abandoned_card", "abandoned_card_named"})


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
    return _task_outcome(event) or _search_outcome(event) or _trade_outcome(event)


def _task_outcome(event: Event) -> str | None:
    """What taking a mission or campaign chit, or ending its task, adds to a phase (7.2.4)."""
    f = event.fields
    match event.type:
        case "chit_taken":
            return f"takes the {f.get('chit')} for {f.get('cost')}: {f.get('task')}"
        case "chit_not_taken":
            return f"cannot take the {f.get('chit')}: {f.get('reason')}"
        case "mission_completed":
            return (
                f"delivers the {f.get('chit')} to the {f.get('to')}: {f.get('gold')} Gold, "
                f"{f.get('regained')} back"
            )
        case "campaign_abandoned":
            return f"abandons the {f.get('chit')} campaign"
        case "campaign_not_abandoned":
            return f"cannot abandon the {f.get('chit')}: {f.get('reason')}"
    return None


def _search_outcome(event: Event) -> str | None:
    """What a Search phase's events add to it (7.5): the roll and result, then what he alone
    learns or takes, and what everyone sees him take."""
    f = event.fields
    match event.type:
        case "searched":
            return f"{', '.join(map(str, f.get('dice', [])))}: {f.get('result')}"
        case "search_choice":
            return f"chooses {f.get('result')}"
        case "looked":
            chits = ", ".join(f.get("chits") or []) or "no map chits"
            return f"sees {chits} in {f.get('tile')}"
        case "discovered":
            return f"discovers {f.get('what')}"
        case "found_enemies":
            return "finds hidden enemies"
        case "looted" | "looted_shown":
            return f"takes the {f.get('item')}"
        case "looted_card":
            return "takes a Treasure card"
        case "looted_nothing":
            return f"nothing to take in {f.get('from')}"
        case "site_opened":
            return f"opens the {f.get('site')} with {f.get('by')}"
        case "fatigued":
            return f"fatigues {f.get('chit')}"
        case "spell_learned":
            return f"learns {f.get('spell')}"
        case "spell_awakened":
            return f"awakens {f.get('spell')}"
        case "spell_not_learned":
            return f"cannot record {f.get('spell')}: {f.get('reason')}"
        case "spells_seen":
            return f"sees the spells {', '.join(f.get('spells') or [])}"
        case "cursed":
            return f"cursed: {f.get('curse')}"
        case "gold_found":
            return f"{f.get('gold')} Gold"
        case "teleported":
            return f"teleports to {f.get('to')}"
        case "chits_restored":
            return "all his chits return to play"
        case "exchanged_card":
            return f"exchanges the {f.get('card')}"
        case "exchanged_into":
            return f"gets {', '.join(f.get('items') or [])} and {f.get('gold')} Gold"
        case "substitute_exchanged":
            return f"exchanges a map chit for {f.get('count')}"
    return None


def _trade_outcome(event: Event) -> str | None:
    """What a Trade or Hire phase's events add to it (7.6, 7.7.1): drinks, the look, what
    changes hands and at what price, a refusal, a boon bought back or lost, a Fame reward."""
    f = event.fields
    match event.type:
        case "drinks":
            return f"drinks for {f.get('gold')} gold"
        case "trade_looked":
            return f"sees {', '.join(f.get('items') or []) or 'nothing'}"
        case "bought":
            return f"buys {f.get('item')} for {f.get('price')} gold"
        case "sold":
            return f"sells {', '.join(f.get('items') or [])} for {f.get('gold')} gold"
        case "paid_in_kind":
            return f"gives {', '.join(f.get('items') or [])} towards the price"
        case "spell_bought":
            return f"buys a spell for {f.get('price')} gold"
        case "trade_declined":
            return f"buys nothing: {f.get('reason')}"
        case "trade_refused":
            return f"refused: {f.get('result')}"
        case "paid_off":
            return f"pays off the {f.get('result')}"
        case "relationship":
            return f"the {f.get('group')} are now {f.get('level')}"
        case "boon_repaid":
            return f"buys back the boon for {f.get('gold')} gold"
        case "boon_lost":
            return "his one chance to buy back the boon is gone"
        case "fame_reward":
            return f"{f.get('fame'):+} Fame for the {f.get('item')}"
        case "hire_paid":
            return f"pays {f.get('gold')} gold"
        case "not_hired":
            return f"hires no one: {f.get('reason')}"
    return None


#: The end of the game's events (9.3, rules.end.final): after the last Midnight.
_GAME_END = frozenset({"victory_revealed", "discarded_at_end", "scored", "victor"})


def day_report(events: list[Event], viewer: str) -> str:
    """The report of one day's events as ``viewer`` (public, moderator or a character) sees it."""
    seen = visible_to(events, viewer)
    context: dict[str, object] = {"day": "?", "month": "?", "colors": [], "monster_roll": None}
    sunrise: list[str] = []
    later: list[str] = []
    turns: list[_Turn] = []
    current: _Turn | None = None
    rolls: dict[str, str] = {}
    meetings: dict[str, list[str]] = {}
    taken: object = None
    gone: set[str] = set()
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
        elif event.type == "roll" and f.get("purpose") == "Meeting Table":
            meetings.setdefault(f["who"], []).append(", ".join(map(str, f["dice"])))
        elif event.type == "roll":
            rolls[f["who"]] = ", ".join(map(str, f["dice"]))
        elif event.type == "meeting" and current is not None:
            dice = " then ".join(meetings.pop(f["who"], ["?"]))
            current.annotate(f"{dice}: {f.get('result')} ({f.get('column')})")
        elif event.type in ("hired", "rehired") and current is not None:
            verb = "hires" if event.type == "hired" else "rehires"
            current.annotate(f"{verb} {f.get('piece')} until day {f.get('until')}")
        elif event.type == "hid" and current is not None and f.get("roll") is not None:
            dice = rolls.pop(f["who"], str(f["roll"]))
            current.annotate(f"{dice}: {'hidden' if f.get('success') else 'not hidden'}")
        elif event.type in _LEFT_PLAY:
            later.append(event.describe())
            gone.add(str(f.get("who")))
        elif event.type in _ABANDONED and f.get("who") in gone:
            later.append(event.describe())
        elif event.type in _NOTES and current is not None:
            current.notes.append(event.describe())
        elif event.type in _TASKS_ENDED or event.type in _GAME_END:
            later.append(event.describe())
        elif event.type == "turn_ended" or event.type == "unhidden":
            continue
        elif event.type in ("not_implemented", "midnight", "day_ended") and current is None:
            (sunrise if not turns else later).append(event.describe())
        elif event.type == "not_implemented" and event.fields.get("who") is None:
            later.append(event.describe())
        elif current is not None and event.fields.get("who") == current.who:
            if event.type in _SEEN_TAKING and taken == f.get("from"):
                taken = None
                continue
            taken = f.get("from") if event.type == "looted" else None
            outcome = _outcome(event)
            if outcome is not None:
                current.annotate(outcome)
        elif current is not None and event.type in _TASKS:
            current.notes.append(event.describe())
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
