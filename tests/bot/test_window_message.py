"""The DM that opens a combat window (``bot.window_messages.window_message``): how to type a
choice no standing key answers is shown with a real line of the player's own window, and only
when his window holds such a choice (issue 32: a hireling's example only to his employer)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.campaign_settings import CampaignSettings
from bot.window_messages import window_blocks, window_message
from db.models import Campaign
from rules.decisions import CombatId
from rules.events import Decision
from rules.phrases import Phrase


def decision(ref: str, options: tuple[str, ...]) -> Decision:
    kind = CombatId.parse(ref).kind
    return Decision(
        id=ref,
        character="Amazon",
        kind=kind,
        prompt=Phrase.read("?"),
        options=options,
        default=options[0],
    )


def message(*decisions: Decision) -> str:
    due = datetime(2026, 11, 29, 20, tzinfo=UTC)
    campaign = Campaign(name="Valley", day=3, created_at=due)
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


def test_two_or_more_lures_in_a_row_are_one_block_any_other_decision_its_own() -> None:
    lures = [
        decision("d3/CV5/r1/lure/Amazon/Giant 1", ("no", "yes")),
        decision("d3/CV5/r1/lure/Amazon/Ogre 1", ("no", "yes")),
    ]
    hireling = decision("d3/CV5/r1/hireling_lure/Company 1", ("none", "Giant 1", "Ogre 1"))
    (group, alone) = window_blocks([*lures, hireling])
    assert (group.many, group.options, group.default, group.count) == (
        True,
        ("Giant 1", "Ogre 1"),
        "none",
        2,
    )
    assert not alone.many and alone.options == ("none", "Giant 1", "Ogre 1")
    assert [b.many for b in window_blocks(lures[:1])] == [False], "one lure: yes or no"
    apart = window_blocks([lures[0], hireling, lures[1]])
    assert [b.many for b in apart] == [False, False, False], "not in a row: one block each"
    text = message(*lures, hireling)
    assert "Any of: Giant 1 | Ogre 1. Default: none." in text
    assert "Lure the" not in text and "e.g. `lure: Giant 1, Ogre 1` or `lure: none`" in text


def test_the_discord_selects_keep_each_decisions_place_in_the_window() -> None:
    from bot.discord.plays import window_views

    text = message(
        decision("d3/CV5/r1/lure/Amazon/Giant 1", ("no", "yes")),
        decision("d3/CV5/r1/lure/Amazon/Ogre 1", ("no", "yes")),
        decision("d3/CV5/r1/hireling_lure/Company 1", ("none", "Giant 1", "Ogre 1")),
    )
    (view,) = window_views(1, text)
    ids = [child.custom_id for child in view.children]  # type: ignore[attr-defined]
    tag = ids[0].split(":")[3]
    assert ids == [f"rb:lure:1:{tag}:0", f"rb:play:1:{tag}:2"]


def test_a_window_of_more_choices_than_a_message_holds_has_a_view_for_each_five() -> None:
    """Issue 32: the window after random assignment asks the Encounter's choices and the
    Melee's together; past Discord's five selects a message, the others go on a message of
    their own, in the window's order."""
    from bot.discord.plays import window_views

    text = message(
        decision("d3/CV5/r1/charge/Amazon", ("none", "Elf MOVE M4")),
        decision("d3/CV5/r1/action/Amazon", ("none", "alert FIGHT L4")),
        decision("d3/CV5/r1/target/Amazon", ("none", "Giant 1")),
        decision("d3/CV5/r1/attack/Amazon", ("none", "FIGHT L4 thrust")),
        decision("d3/CV5/r1/maneuver/Amazon", ("none", "MOVE M4 duck")),
        decision("d3/CV5/r1/shield/Amazon", ("none", "thrust", "swing", "smash")),
        decision("d3/CV5/r1/place/Amazon", ("spread", "Giant 1 box 1")),
    )
    views = window_views(1, text)
    indexes = [[c.custom_id.rsplit(":", 1)[1] for c in v.children] for v in views]  # type: ignore[attr-defined]
    assert indexes == [["0", "1", "2", "3", "4"], ["5", "6"]]


def test_each_window_says_what_is_asked_next_and_when() -> None:
    """Issue 32: each DM says what will be asked next and when."""
    due = datetime(2026, 11, 29, 20, tzinfo=UTC)
    campaign = Campaign(name="Valley", day=3, created_at=due)
    settings = CampaignSettings(lure_hours=2, encounter_hours=1, melee_hours=3)
    lure = decision("d3/CV5/r2/lure/Amazon/Giant 1", ("no", "yes"))
    melee = decision("d3/CV5/r2/target/Amazon", ("none", "Giant 1"))

    def told(window: str, asked: Decision) -> str:
        text = window_message(campaign, "Amazon", window, due, [], [asked], settings)
        return text.rstrip("\n").rsplit("\n", 1)[-1]

    assert told("lure", lure) == (
        "Next: random assignment, then your encounter and melee choices for round 2, in a "
        "window opening when this one closes, by 2026-11-29 20:00 UTC, and open at most 3 hours."
    )
    assert told("encounter and melee", melee).startswith(
        "Next: round 2 is fought, and its report comes with your first window of round 3"
    )
    assert told("encounter and melee", melee).endswith("open at most 2 hours.")
    assert "Next:" not in window_message(campaign, "Amazon", "melee", due, [], [melee])
