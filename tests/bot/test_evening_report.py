"""The Evening's part of the report (``bot.evening_report``, issue 32): a round in which nothing
happened but the plays revealed is left out — a lone character's two rounds (8.1.3a) —, one in
which something happened is kept, and a Meeting Table roll is told once, with its result."""

from __future__ import annotations

from bot.evening_report import evening
from bot.reports import day_report
from rules import Event
from rules.events.day import Rolled
from rules.events.evening import CombatEnded, CombatStarted, HarmInflicted, Played
from rules.events.trade import MeetingRolled


def played(who: str, number: int) -> Played:
    return Played(
        who=who, attack="FIGHT T6*", maneuver="none", shield="none", at="AV2", round=number
    )


def test_a_lone_characters_quiet_rounds_are_left_out() -> None:
    events: list[Event] = [
        CombatStarted(at="AV2", who=("Dwarf",)),
        played("Dwarf", 1),
        played("Dwarf", 2),
        CombatEnded(at="AV2", rounds=2),
    ]
    (combat,) = evening(events)
    assert combat.rounds == {}
    assert combat.opening and combat.closing
    assert "Round" not in day_report(events, "public")


def test_a_round_in_which_something_happened_is_kept() -> None:
    harm = HarmInflicted(
        attacker="Dwarf", target="Giant 1", level="H", on="Giant 1", at="AV2", round=2
    )
    events: list[Event] = [
        CombatStarted(at="AV2", who=("Dwarf",)),
        played("Dwarf", 1),
        played("Dwarf", 2),
        harm,
        CombatEnded(at="AV2", rounds=2),
    ]
    (combat,) = evening(events)
    assert list(combat.rounds) == [2]
    assert any("Heavy harm" in text for text in combat.rounds[2])
    assert any("reveals" in text for text in combat.rounds[2])


def test_a_meeting_table_roll_is_told_once_with_its_result() -> None:
    events: list[Event] = [
        CombatStarted(at="AV5", who=("Swordsman",)),
        Rolled(who="Swordsman", purpose="Meeting Table", dice=(3, 6), result=6, at="AV5"),
        MeetingRolled(
            who="Swordsman", group="Rogues", column="friendly", result="No Deal", at="AV5"
        ),
        CombatEnded(at="AV5", rounds=2),
    ]
    (combat,) = evening(events)
    meeting = [text for text in combat.opening if "Meeting Table" in text]
    assert meeting == [
        "Swordsman rolls on the Meeting Table for the Rogues (friendly): No Deal (rolled 3, 6: 6)"
    ]
