"""What a campaign keeps per day (issue 18): the rolls with the day's events, snapshots that do
not grow with the day, map images stored once and pruned once delivered."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import col, select

from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope
from db.models import Snapshot
from rules.events import Event, logged_rolls

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


# --- snapshots ----------------------------------------------------------------------------------


def steps(service: CampaignService) -> list[tuple[int, str]]:
    with session_scope(service.engine) as session:
        query = select(Snapshot.day, Snapshot.step).order_by(col(Snapshot.id))
        return [(day, step) for day, step in session.exec(query)]


def waiting(service: CampaignService) -> bool:
    with session_scope(service.engine) as session:
        return bool(repo.open_decisions(session, campaign_id=1))


def public_reports(service: CampaignService) -> list[str]:
    return [m.content for m in service.undelivered(1000) if m.content.startswith("Day ")]


def test_a_day_over_keeps_its_end_snapshot_alone(service, traveller):
    """While a day waits for decisions its stops are saved (a moderator may roll back to
    them); once it is over only its end is kept, one snapshot a day."""
    started(service, "Amazon", "Berserker", "Dwarf")
    service.configure("Test", moderator="gm", setting="wait_for_decisions", value="yes")
    stops = 0
    for day in (1, 2, 3):
        service.resolve_day("Test", day=day, moderator="gm")
        while waiting(service):
            stops = max(stops, steps(service).count((day, "pending")))
            traveller.shift(timedelta(days=1))
            service.wake("Test", day)  # the decisions' time runs out: their defaults
    assert stops > 1, "the days stopped for decisions, each stop saved"
    assert steps(service) == [(1, "start"), (2, "end"), (3, "end"), (4, "end")]


def test_a_rollback_forgets_the_undone_days_and_plays_them_again_alike(service, traveller):
    started(service, "Amazon", "Berserker", "Dwarf")
    play(service, 4)
    first = public_reports(service)
    service.rollback("Test", moderator="gm", day=2)
    assert steps(service) == [(1, "start"), (2, "end"), (2, "rollback")]
    for day in (2, 3, 4):
        service.resolve_day("Test", day=day, moderator="gm")
    assert public_reports(service)[-3:] == first[-3:]
    assert steps(service) == [(1, "start"), (2, "end"), (3, "end"), (4, "end"), (5, "end")]
    service.rollback("Test", moderator="gm", day=1)
    assert steps(service) == [(1, "start"), (1, "rollback")]


# --- events -------------------------------------------------------------------------------------


def test_a_days_events_are_stored_in_one_batch_in_order(service, traveller):
    started(service, "Amazon")
    events = [Event(type="midnight", fields={"n": n}) for n in range(1500)]
    with session_scope(service.engine) as session:
        assert repo.save_events(session, campaign_id=1, day=5, events=events[:1000]) == range(1000)
        assert repo.save_events(session, campaign_id=1, day=5, events=events[1000:]) == range(
            1000, 1500
        )
    with session_scope(service.engine) as session:
        stored = repo.list_events(session, campaign_id=1, day=5)
    assert [r.seq for r in stored] == list(range(1500))
    assert [repo.as_event(r) for r in stored] == events
