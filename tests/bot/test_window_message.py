"""The DM that opens a combat window (``bot.windows.window_message``): how to type a choice no
standing key answers is shown with a real line of the player's own window, and only when his
window holds such a choice (issue 32: a hireling's example only to his employer)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.windows import window_message
from db.models import Campaign
from rules.decisions import CombatId
from rules.events import Decision


def decision(ref: str, options: tuple[str, ...]) -> Decision:
    kind = CombatId.parse(ref).kind
    return Decision(
        id=ref, character="Amazon", kind=kind, prompt="?", options=options, default=options[0]
    )


def message(*decisions: Decision) -> str:
    campaign = Campaign(name="Valley", guild_id=0, channel_id=0, moderator_id=0, day=3)
    due = datetime(2026, 11, 29, 20, tzinfo=UTC)
    return window_message(campaign, "Amazon", "melee", due, [], decisions)


def test_an_employer_is_shown_how_to_type_his_hirelings_choice() -> None:
    text = message(
        decision("d3/CV5/r1/target/Amazon", ("none", "Giant 1")),
        decision("d3/CV5/r1/hireling_target/Company 1", ("none", "Giant 1")),
    )
    assert "e.g. `hireling_target Company 1: none`" in text
    assert "{" not in text and "}" not in text


def test_a_player_without_such_a_choice_is_not_told_about_it() -> None:
    text = message(
        decision("d3/CV5/r1/target/Amazon", ("none", "Giant 1")),
        decision("d3/CV5/r1/shield/Amazon", ("none", "thrust", "swing", "smash")),
    )
    assert "no key answers" not in text and "Company" not in text and "{" not in text
    assert "e.g. `target: ...`" in text
