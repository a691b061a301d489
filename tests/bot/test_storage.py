"""What a campaign keeps per day (issue 18): the rolls with the day's events, snapshots that do
not grow with the day, map images stored once and pruned once delivered."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import time_machine

from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope
from rules.events import logged_rolls

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def traveller():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def started(service: CampaignService, *characters: str) -> None:
    service.create("Test", moderator="gm", seed=7)
    for number, character in enumerate(characters, start=1):
        service.join("Test", player=f"p{number}", player_name=f"P{number}", character=character)
    service.start("Test", moderator="gm")
    for character in characters:
        service.set_autopilot("Test", moderator="gm", character=character)


def play(service: CampaignService, days: int) -> None:
    for day in range(1, days + 1):
        service.resolve_day("Test", day=day, moderator="gm")


def test_the_rolls_of_a_day_are_kept_with_its_events_for_the_moderators(service, traveller):
    started(service, "Amazon", "Berserker", "Dwarf")
    play(service, 3)
    with session_scope(service.engine) as session:
        for day in (1, 2, 3):
            records = repo.list_events(session, campaign_id=1, day=day)
            logs = [r for r in records if r.type == "dice_log"]
            assert logs and all(r.audience == "moderator" and not r.recipients for r in logs)
            rolls = logged_rolls([repo.as_event(r) for r in logs])
            assert rolls[0].purpose == "monster roll", "the day's own rolls, from its Sunrise"
            shown = [(r.fields["who"], r.fields["dice"]) for r in records if r.type == "roll"]
            assert all(roll in [(r.who, list(r.dice)) for r in rolls] for roll in shown)
    text = service.rolls("Test", moderator="gm", day=2).text
    assert text.startswith("Test, day 2: ") and "1. game, monster roll: " in text
    with pytest.raises(RequestError, match="only the moderators"):
        service.rolls("Test", moderator="p1", day=2)
    with pytest.raises(RequestError, match="no events of day 9"):
        service.rolls("Test", moderator="gm", day=9)
    assert "monster roll:" not in service.history("Test", day=2).text


def test_the_saved_game_holds_no_rolls_of_earlier_days(service, traveller):
    started(service, "Amazon", "Berserker", "Dwarf")
    play(service, 4)
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        assert set(json.loads(snapshot.state)["dice"]) == {"seed", "position", "forced"}
