"""What a campaign keeps per day (issue 18): the rolls with the day's events, snapshots that do
not grow with the day, map images stored once and pruned once delivered."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import col, select

from bot import outbox
from bot.event_text import english
from bot.local import deliver
from bot.service import CampaignService, RequestError
from db import blobs, event_log, messages, repo
from db.engine import session_scope
from db.models import Blob, OutboxMessage, Snapshot
from rules.events import logged_rolls
from rules.events.day import Midnight
from rules.phrases import verbatim

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def traveller():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def started(service: CampaignService, *characters: str) -> None:
    service.campaigns.create("Test", moderator="gm", seed=7)
    for number, character in enumerate(characters, start=1):
        service.campaigns.join(
            "Test", player=f"p{number}", player_name=f"P{number}", character=character
        )
    service.campaigns.start("Test", moderator="gm")
    for character in characters:
        service.moderation.set_autopilot("Test", moderator="gm", character=character)


def play(service: CampaignService, days: int) -> None:
    for day in range(1, days + 1):
        service.resolver.resolve_day("Test", day=day, moderator="gm")


def test_the_rolls_of_a_day_are_kept_with_its_events_for_the_moderators(service, traveller):
    started(service, "Amazon", "Berserker", "Dwarf")
    play(service, 3)
    with session_scope(service.engine) as session:
        for day in (1, 2, 3):
            records = event_log.list_events(session, campaign_id=1, day=day)
            logs = [r for r in records if r.type == "dice_log"]
            assert logs and all(r.audience == "moderator" and not r.recipients for r in logs)
            rolls = logged_rolls([event_log.as_event(r) for r in logs])
            assert english(rolls[0].purpose) == "monster roll", (
                "the day's own rolls, from its Sunrise"
            )
            shown = [(r.fields["who"], r.fields["dice"]) for r in records if r.type == "roll"]
            assert all(roll in [(r.who, list(r.dice)) for r in rolls] for roll in shown)
    text = service.campaigns.rolls("Test", moderator="gm", day=2).text
    assert text.startswith("Test, day 2: ") and "1. game, monster roll: " in text
    with pytest.raises(RequestError, match="Only the moderators"):
        service.campaigns.rolls("Test", moderator="p1", day=2)
    with pytest.raises(RequestError, match="no events of day 9"):
        service.campaigns.rolls("Test", moderator="gm", day=9)
    assert "monster roll:" not in service.campaigns.history("Test", day=2).text


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
    return [m.content for m in service.store.undelivered(1000) if m.content.startswith("Day ")]


def test_a_day_over_keeps_its_end_snapshot_alone(service, traveller):
    """While a day waits for decisions its stops are saved (a moderator may roll back to
    them); once it is over only its end is kept, one snapshot a day."""
    started(service, "Amazon", "Berserker", "Dwarf")
    service.moderation.configure("Test", moderator="gm", setting="wait_for_decisions", value="yes")
    stops = 0
    for day in (1, 2, 3):
        service.resolver.resolve_day("Test", day=day, moderator="gm")
        while waiting(service):
            stops = max(stops, steps(service).count((day, "pending")))
            traveller.shift(timedelta(days=1))
            service.timekeeper.wake("Test", day)  # the decisions' time runs out: their defaults
    assert stops > 1, "the days stopped for decisions, each stop saved"
    assert steps(service) == [(1, "start"), (2, "end"), (3, "end"), (4, "end")]


def test_a_rollback_forgets_the_undone_days_and_plays_them_again_alike(service, traveller):
    started(service, "Amazon", "Berserker", "Dwarf")
    play(service, 4)
    first = public_reports(service)
    service.rollbacks.rollback("Test", moderator="gm", day=2)
    assert steps(service) == [(1, "start"), (2, "end"), (2, "rollback")]
    for day in (2, 3, 4):
        service.resolver.resolve_day("Test", day=day, moderator="gm")
    assert public_reports(service)[-3:] == first[-3:]
    assert steps(service) == [(1, "start"), (2, "end"), (3, "end"), (4, "end"), (5, "end")]
    service.rollbacks.rollback("Test", moderator="gm", day=1)
    assert steps(service) == [(1, "start"), (1, "rollback")]


# --- attachments and delivery -------------------------------------------------------------------


def blob_rows(service: CampaignService) -> list[tuple[int, str]]:
    with session_scope(service.engine) as session:
        query = select(Blob.campaign_id, Blob.sha256).order_by(col(Blob.sha256))
        return [(campaign, name) for campaign, name in session.exec(query)]


def test_a_map_is_stored_once_by_its_content(service, traveller):
    """The same bytes queued twice in a campaign are one blob; the messages name it."""
    started(service, "Amazon")
    image = b"\x89PNG same map"
    with session_scope(service.engine) as session:
        for content in ("first", "second"):
            messages.add_message(
                session,
                campaign_id=1,
                kind="channel",
                content=content,
                created_at=START,
                attachment_name="map.png",
                attachment=image,
            )
    queued = [m for m in service.store.undelivered(1000) if m.content in ("first", "second")]
    assert {m.attachment_sha256 for m in queued} == {blobs.digest(image)}
    assert (1, blobs.digest(image)) in blob_rows(service)


def test_the_local_transport_writes_each_map_once_then_prunes_its_bytes(
    service, traveller, tmp_path
):
    started(service, "Amazon", "Berserker")
    assert len(blob_rows(service)) == 1, "the start's map, waiting"
    (start_map,) = [m for m in service.store.undelivered(1000) if m.attachment_sha256]
    files = deliver(service, tmp_path)
    images = [f for f in files if f.suffix == ".png"]
    assert [f.name for f in images] == [f"{start_map.id:05d}-map-month1-day1.png"]
    assert images[0].read_bytes().startswith(b"\x89PNG")
    assert blob_rows(service) == [], "delivered: its bytes are pruned"
    assert deliver(service, tmp_path) == [], "nothing is written twice"
    service.resolver.resolve_day("Test", day=1, moderator="gm")
    assert len(blob_rows(service)) == 1
    files = deliver(service, tmp_path)
    assert [f.name.split("-", 1)[1] for f in files if f.suffix == ".png"] == ["map-month1-day2.png"]
    assert blob_rows(service) == []


def test_a_batch_is_marked_delivered_at_once_and_a_crash_before_writes_it_again(
    service, traveller, tmp_path, monkeypatch
):
    """Marking happens after the batch's files are written, in one transaction: a crash in
    between leaves every message of the batch undelivered, and the next delivery writes the
    same files again (nothing marked is written twice)."""
    started(service, "Amazon", "Berserker")
    waiting = [m.id for m in service.store.undelivered(1000)]

    def crash(*args: object, **kwargs: object) -> int:
        raise RuntimeError("the machine stopped")

    monkeypatch.setattr(outbox, "mark_delivered", crash)
    with pytest.raises(RuntimeError):
        deliver(service, tmp_path)
    assert [m.id for m in service.store.undelivered(1000)] == waiting
    monkeypatch.undo()
    again = deliver(service, tmp_path)
    assert sorted({int(f.name[:5]) for f in again}) == waiting
    assert service.store.undelivered(1000) == [] and deliver(service, tmp_path) == []


def test_marking_a_batch_leaves_the_messages_marked_before_alone(service, traveller):
    started(service, "Amazon")
    first, *rest = [m.id for m in service.store.undelivered(1000) if m.id is not None]
    service.store.delivered(first)
    later = START + timedelta(hours=1)
    assert outbox.mark_delivered(service.engine, [first, *rest], at=later) == len(rest)
    with session_scope(service.engine) as session:
        marked = {m.id: m.delivered_at for m in session.exec(select(OutboxMessage))}
    assert marked[first] == START and all(marked[i] == later for i in rest)


def test_pruning_keeps_what_an_undelivered_message_needs(service, traveller):
    """The bot's periodic job prunes only what no undelivered message names, campaign by
    campaign; a delivered message keeps the hash of what it sent."""
    started(service, "Amazon")
    (waiting,) = [m for m in service.store.undelivered(1000) if m.attachment_sha256]
    assert outbox.prune_attachments(service.engine) == 0
    assert waiting.id is not None
    assert outbox.load(service.engine, [waiting.id])[waiting.id].attachment is not None
    service.store.delivered(waiting.id)
    assert outbox.prune_attachments(service.engine) == 1
    assert blob_rows(service) == []
    with session_scope(service.engine) as session:
        sent = session.get(OutboxMessage, waiting.id)
        assert sent is not None and sent.attachment_sha256 == waiting.attachment_sha256


def test_a_days_events_are_stored_in_one_batch_in_order(service, traveller):
    started(service, "Amazon")
    events = [Midnight(what=verbatim(f"the {n}th")) for n in range(1500)]
    with session_scope(service.engine) as session:
        assert event_log.save_events(session, campaign_id=1, day=5, events=events[:1000]) == range(
            1000
        )
        assert event_log.save_events(session, campaign_id=1, day=5, events=events[1000:]) == range(
            1000, 1500
        )
    with session_scope(service.engine) as session:
        stored = event_log.list_events(session, campaign_id=1, day=5)
    assert [r.seq for r in stored] == list(range(1500))
    assert [event_log.as_event(r) for r in stored] == events
