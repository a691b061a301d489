"""The Evening's part of the day's report: each clearing's combat, round by round, in the
play-by-email style — who lured and ran, where each counter went, every attack with its result,
harm, armor and kills, fatigue and wounds, with the dice and the rule numbers (rules section 8).

The secret plays of a round are in the events only from their simultaneous reveal (8.4.5e): the
report shows what the events show, to the viewer they are visible to.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from bot.event_text import describe, word
from bot.i18n import _
from rules import Event
from rules.events.casting import Cast, SpellTable
from rules.events.day import Rolled
from rules.events.evening import Attacked, CombatEnded, CombatStarted, Played, Positioned
from rules.events.magic import ColorSupplied
from rules.events.trade import MeetingRolled


@dataclass
class Combat:
    """One clearing's combat as reported: its lines before the first round and by round
    (:attr:`rounds`: only those in which something happened, see :func:`evening`)."""

    at: str
    opening: list[str] = field(default_factory=list)
    rounds: dict[int, list[str]] = field(default_factory=dict)
    closing: list[str] = field(default_factory=list)
    eventful: set[int] = field(default_factory=set)

    def drop_quiet_rounds(self) -> None:
        """Leave out the rounds in which nothing happened but the plays revealed: a lone
        character's two rounds (8.1.3a), in which he neither ran nor activated anything, or a
        round of characters none of whom attacked anyone (issue 32)."""
        self.rounds = {n: lines for n, lines in self.rounds.items() if n in self.eventful}


def line(event: Event) -> str:
    """One event as a report line: a roll with its dice in parentheses, an attack with how it
    hit, anything else as its English line."""
    match event:
        case Rolled(who=who, purpose=purpose, dice=dice, result=result):
            return _("%(who)s: %(purpose)s (%(dice)s) = %(result)s") % {
                "who": word(who),
                "purpose": word(purpose),
                "dice": ", ".join(map(str, dice)),
                "result": word(result),
            }
        case Played(defaults=defaults) if defaults:
            return _("%(line)s (default: %(defaults)s)") % {
                "line": describe(event),
                "defaults": ", ".join(defaults),
            }
        case Attacked(attacker=attacker, target=target, hit=hit, how=how):
            words = {"attacker": word(attacker), "target": word(target), "how": word(how)}
            if hit:
                return _("%(attacker)s attacks %(target)s: hits (%(how)s)") % words
            return _("%(attacker)s attacks %(target)s: misses") % words
    return describe(event)


def _round(event: Event) -> int | None:
    """The round of combat an event names, whatever its type (its ``round``), if any."""
    number = event.fields.get("round")
    return number if isinstance(number, int) and not isinstance(number, bool) else None


#: The purpose of a roll on the Meeting Table (7.6.5, 8.2.2).
MEETING = "Meeting Table"

#: The rolls that reposition the denizens on a sheet and change their tactics (8.4.6).
_SHEET_ROLLS = ("Repositioning Denizens", "Change Tactics")


def _meeting_roll(before: Event, meeting: MeetingRolled) -> bool:
    """Whether ``before`` is the roll whose result ``meeting`` tells."""
    return isinstance(before, Rolled) and before.purpose == MEETING and before.who == meeting.who


def _table_roll(before: Event, table: SpellTable) -> bool:
    """Whether ``before`` is the roll whose result ``table`` tells (a Spell Table's, the
    Transform Table's: List of Spells)."""
    return isinstance(before, Rolled) and before.purpose == table.table and before.who == table.who


def _sheet_lines(events: list[Event]) -> list[tuple[Event, str]]:
    """Each event with its report line, the repositioning and change-tactics rolls and the
    final positions of one sheet folded into one line: ``Elf's sheet: repositioning (5),
    tactics (5, 3) → Goblin Axe 1 box 2 (dark)``; a Meeting Table roll and its result in one
    line too, so that the roll is told once: ``Swordsman rolls on the Meeting Table for the
    Rogues (friendly): No Deal (rolled 3, 6: 6)``, and a Spell Table's so: ``Sorcerer rolls 2 on
    the Transform Table for Giant 1: Lion (rolled 2, 1: 2)``."""
    lines: list[tuple[Event, str]] = []
    sheet: str | None = None
    rolls: list[str] = []
    places: list[str] = []

    def flush() -> None:
        nonlocal sheet, rolls, places
        if sheet is not None and last is not None and (rolls or places):
            owner = word(sheet)
            text = (
                _("%(sheet)s's sheet: %(rolls)s") % {"sheet": owner, "rolls": ", ".join(rolls)}
                if rolls
                else _("%(sheet)s's sheet:") % {"sheet": owner}
            )
            lines.append((last, f"{text} → {', '.join(places)}" if places else text))
        sheet, rolls, places = None, [], []

    last: Event | None = None
    for event in events:
        if (isinstance(event, MeetingRolled) and lines and _meeting_roll(lines[-1][0], event)) or (
            isinstance(event, SpellTable) and lines and _table_roll(lines[-1][0], event)
        ):
            roll = lines.pop()[0]
            assert isinstance(roll, Rolled)
            dice = ", ".join(map(str, roll.dice))
            told = _("%(line)s (rolled %(dice)s: %(result)s)") % {
                "line": line(event),
                "dice": dice,
                "result": roll.result,
            }
            lines.append((event, told))
            continue
        if isinstance(event, Rolled) and event.purpose in _SHEET_ROLLS:
            owner = event.who
        elif isinstance(event, Positioned):
            owner = event.sheet
        else:
            flush()
            lines.append((event, line(event)))
            continue
        if owner != sheet:
            flush()
        sheet, last = owner, event
        if isinstance(event, Rolled):
            dice = ", ".join(map(str, event.dice))
            name = _("repositioning") if event.purpose == _SHEET_ROLLS[0] else _("tactics")
            rolls.append(f"{name} ({dice})")
        else:
            places.append(
                _("%(denizen)s box %(box)s (%(side)s)")
                % {"denizen": word(event.denizen), "box": event.box, "side": word(event.side)}
            )
    flush()
    return lines


def _told_by_cast(events: list[Event]) -> list[Event]:
    """``events`` but the colour supplied to cast that the cast right after it tells (its
    colour and source are the cast's line: ``Wizard casts Stones Fly with MAGIC II3* (time 3)
    and gray magic from his colour chit MAGIC II4* (8.3.9b)``)."""
    kept: list[Event] = []
    for index, event in enumerate(events):
        after = events[index + 1] if index + 1 < len(events) else None
        if (
            isinstance(event, ColorSupplied)
            and isinstance(after, Cast)
            and (event.who, event.source, event.color) == (after.who, after.source, after.color)
        ):
            continue
        kept.append(event)
    return kept


def evening(events: list[Event], *, whole: bool = True) -> list[Combat]:
    """The combats of ``events`` (already filtered for the viewer), in the order fought; the
    events of a combat are those from its ``combat_started`` to its ``combat_ended``, each in
    the round it names or, naming none (a wound, a fatigued chit), the round before it; a
    round in which nothing happened but the plays revealed is left out. Not
    ``whole``: ``events`` may start in the middle of a combat (between two windows), whose
    clearing the first event naming one gives."""
    combats: list[Combat] = []
    current: Combat | None = None
    last = 0
    for event, text in _sheet_lines(_told_by_cast(_fought(events) if whole else events)):
        if isinstance(event, CombatStarted):
            current, last = Combat(event.at), 0
            current.opening.append(text)
            combats.append(current)
            continue
        number = _round(event)
        if current is None and not whole and number is not None:
            current, last = Combat(str(event.fields.get("at"))), 0
            combats.append(current)
        if current is None:
            continue
        if isinstance(event, CombatEnded):
            current.closing.append(text)
            current = None
            continue
        if number is not None and number > 0:
            last = number
        if last:
            current.rounds.setdefault(last, []).append(text)
            if not isinstance(event, Played):
                current.eventful.add(last)
        else:
            current.opening.append(text)
    for combat in combats:
        combat.drop_quiet_rounds()
    return combats


def _fought(events: list[Event]) -> list[Event]:
    """The events from each ``combat_started`` to the next ``combat_ended``: of a whole day's,
    the only ones :func:`evening` reports, so that no line is made for the others."""
    kept: list[Event] = []
    inside = False
    for event in events:
        inside = inside or isinstance(event, CombatStarted)
        if inside:
            kept.append(event)
        inside = inside and not isinstance(event, CombatEnded)
    return kept


def rounds_report(
    events: list[Event], rounds: Collection[tuple[str, int]] | None = None
) -> str | None:
    """The combat rounds ``events`` (already filtered for the viewer) finish, as the fight's
    players are sent them between windows: each clearing's finished rounds, in the report's
    style; None when no round was finished (the secret plays are in the events only from their
    reveal, 8.4.5e). ``rounds``: only those (clearing, round), when ``events`` hold earlier
    rounds already told."""
    revealed = {(e.at, e.round) for e in events if isinstance(e, Played)}
    if rounds is not None:
        revealed &= set(rounds)
    blocks = [
        _("Combat in %(clearing)s, round %(round)s:") % {"clearing": combat.at, "round": number}
        + "\n"
        + "\n".join(lines)
        for combat in evening(events, whole=False)
        for number, lines in sorted(combat.rounds.items())
        if (combat.at, number) in revealed
    ]
    return "\n\n".join(blocks) if blocks else None
