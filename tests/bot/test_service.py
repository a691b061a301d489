"""The campaign service: campaign life, orders, resolution, deadlines and the outbox."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import col, select

from bot import outbox
from bot.local import deliver
from bot.maps import render_map
from bot.service import CampaignService, Reply, RequestError
from db import event_log, repo
from db.engine import session_scope
from db.models import PendingDecision
from rules.state import GameState
from tests.snapshots import rewrite_latest

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def traveller():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def force(service: CampaignService) -> Reply:
    """A moderator's force of the campaign's current day."""
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None
        day = campaign.day
    return service.resolver.resolve_day("Test", day=day, moderator="gm")


def started(service: CampaignService, *characters: str) -> None:
    service.campaigns.create("Test", moderator="gm", seed=7)
    for number, character in enumerate(characters, start=1):
        service.campaigns.join(
            "Test", player=f"p{number}", player_name=f"P{number}", character=character
        )
    service.campaigns.start("Test", moderator="gm")


def test_a_campaign_is_created_joined_and_started(service, traveller):
    started(service, "Amazon", "Elf")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None
        assert (campaign.status, campaign.day) == ("running", 1)
        assert campaign.deadline == datetime(2026, 11, 23, 21 - 1, 0, tzinfo=UTC) + timedelta(
            days=1
        ), "20:00 UTC at least 12 hours ahead"
        assert campaign.id is not None
        seats = repo.list_seats(session, campaign_id=campaign.id)
        assert [s.character for s in seats] == ["Amazon", "Elf"]


def test_a_start_draws_its_map_without_holding_the_write_lock(service, monkeypatch):
    """With many campaigns starting, drawing one's map must not hold up the others' writes: a
    campaign is created while another's start is still drawing its map (were the write lock
    held, the create would wait for it, which waits for the create: "database is locked")."""
    drawing, drawn = threading.Event(), threading.Event()
    draw = render_map

    def slow(catalog, view):
        drawing.set()
        drawn.wait(30)
        return draw(catalog, view)

    monkeypatch.setattr("bot.maps.render_map", slow)
    service.campaigns.create("Test", moderator="gm", seed=7)
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    starting = threading.Thread(
        target=service.campaigns.start, args=("Test",), kwargs={"moderator": "gm"}
    )
    starting.start()
    assert drawing.wait(30)
    try:
        service.campaigns.create("Other", moderator="gm2", seed=8)
    finally:
        drawn.set()
        starting.join()
    assert service.campaigns.campaign("Test").status == "running"
    assert service.campaigns.campaign("Other").status == "enrolling"


def test_a_seat_taken_while_the_game_is_made_is_not_left_out(service, monkeypatch):
    """The start's write checks that the seats it made the game for are still the seats."""
    draw = render_map

    def joined_meanwhile(catalog, view):
        service.campaigns.join("Test", player="p2", player_name="P2", character="Elf")
        return draw(catalog, view)

    monkeypatch.setattr("bot.maps.render_map", joined_meanwhile)
    service.campaigns.create("Test", moderator="gm", seed=7)
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    with pytest.raises(RequestError, match="changed while it was being started; start it again"):
        service.campaigns.start("Test", moderator="gm")
    monkeypatch.setattr("bot.maps.render_map", draw)
    service.campaigns.start("Test", moderator="gm")
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=service.campaigns.campaign("Test").id)
        assert snapshot is not None
        assert set(GameState.from_json(snapshot.state).characters) == {"Amazon", "Elf"}


def test_one_player_per_character_first_come_first_served(service, traveller):
    service.campaigns.create("Test", moderator="gm")
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    with pytest.raises(RequestError, match="The Amazon is taken"):
        service.campaigns.join("Test", player="p2", player_name="P2", character="Amazon")
    with pytest.raises(RequestError, match="You already play"):
        service.campaigns.join("Test", player="p1", player_name="P1", character="Elf")
    with pytest.raises(RequestError, match="Unknown character 'Amazone'; did you mean 'Amazon'"):
        service.campaigns.join("Test", player="p3", player_name="P3", character="Amazone")


def test_a_moderator_does_not_play_in_the_campaign_he_moderates(service, traveller):
    service.campaigns.create("Test", moderator="gm")
    with pytest.raises(RequestError, match="You moderate Test, and a moderator sees every secret"):
        service.campaigns.join("Test", player="gm", player_name="GM", character="Amazon")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.id is not None
        assert repo.list_seats(session, campaign_id=campaign.id) == []
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")


def test_only_moderators_start_or_force(service, traveller):
    service.campaigns.create("Test", moderator="gm")
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    with pytest.raises(RequestError, match="Only the moderators of Test"):
        service.campaigns.start("Test", moderator="p1")


def test_orders_with_errors_store_nothing_and_say_every_problem(service, traveller):
    started(service, "Amazon")
    reply = service.players.submit_orders("Test", player="p1", text="M XX9, Q")
    assert "NOT stored: 2 problems" in reply.text
    with session_scope(service.engine) as session:
        assert repo.current_orders(session, campaign_id=1, day=1) == {}
    reply = service.players.submit_orders("Test", player="p1", text="H, R")
    assert "stored (v1 · " in reply.text and "H, R" in reply.text
    reply = service.players.submit_orders("Test", player="p1", text="H")
    assert "(v2 · " in reply.text


def test_everyone_ready_brings_the_deadline_to_a_short_cool_off(service, traveller):
    started(service, "Amazon", "Elf")
    service.players.ready("Test", player="p1")
    assert service.timekeeper.due() == []
    reply = service.players.ready("Test", player="p2")
    assert "Everyone is ready" in reply.text
    traveller.shift(timedelta(minutes=11))
    assert service.timekeeper.due() == ["Test"]


def test_resolving_posts_the_report_and_map_and_each_player_his_own(service, traveller, tmp_path):
    started(service, "Amazon", "Elf")
    service.players.submit_orders("Test", player="p1", text="H, R")
    deliver(service, tmp_path / "out")
    force(service)
    messages = service.store.undelivered()
    public = [m for m in messages if m.kind == "channel" and m.attachment_sha256 is not None]
    assert len(public) == 1 and public[0].content.startswith("Day 1, Month 1")
    assert public[0].id is not None and public[0].attachment_name == "map-month1-day2.png"
    image = outbox.load(service.engine, [public[0].id])[public[0].id].attachment
    assert image is not None and image.startswith(b"\x89PNG")
    assert sorted(m.to for m in messages if m.kind == "dm") == ["p1", "p2"]
    assert any("[moderator] gm: resolved day 1" in m.content for m in messages)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.day == 2


def test_a_player_without_orders_gets_the_autopilot_after_missed_days(service, traveller):
    started(service, "Amazon")
    for _ in range(3):
        force(service)
    with session_scope(service.engine) as session:
        seat = repo.list_seats(session, campaign_id=1)[0]
        assert seat.missed_days == 3
        events = event_log.list_events(session, campaign_id=1, day=3)
    assert any(e.type == "phase_started" for e in events), "day 3 was played by the autopilot"


def test_outbox_messages_are_delivered_exactly_once(service, traveller, tmp_path):
    """A crash after commit and before delivery leaves the messages waiting; delivering again
    writes each once."""
    started(service, "Amazon")
    pending = len(service.store.undelivered())
    assert pending > 0
    files = deliver(service, tmp_path / "out")
    assert len({f.stem.split(".")[0].split("-")[0] for f in files}) == pending
    assert deliver(service, tmp_path / "out") == []


def test_hostile_names_are_stored_but_never_ping(service, traveller):
    service.campaigns.create("Test", moderator="gm")
    service.campaigns.join("Test", player="p1", player_name="@everyone **x**", character="Amazon")
    from bot.render import render_discord

    text = render_discord("messages/joined.txt.j2", player="@everyone **x**", character="Amazon")
    assert "@everyone" not in text and "\\*\\*x\\*\\*" in text


# --- moderation ---------------------------------------------------------------------------------


def public_reports(service: CampaignService) -> list[str]:
    return [m.content for m in service.store.undelivered(1000) if m.attachment_sha256 is not None]


def test_rollback_then_re_resolve_reproduces_the_same_report(service, traveller):
    started(service, "Amazon", "Elf")
    service.players.submit_orders("Test", player="p1", text="H, R")
    force(service)
    first = public_reports(service)[-1]
    service.rollbacks.rollback("Test", moderator="gm", day=1)
    force(service)
    assert public_reports(service)[-1] == first
    assert "[moderator] gm: rolled back to day 1" in "\n".join(
        m.content for m in service.store.undelivered(1000)
    )


def test_extensions_are_capped_and_need_a_reason(service, traveller):
    started(service, "Amazon")
    with pytest.raises(RequestError, match="needs a reason"):
        service.moderation.extend("Test", moderator="gm", hours=6, reason=" ")
    with pytest.raises(RequestError, match="0 to 24 hours"):
        service.moderation.extend("Test", moderator="gm", hours=48, reason="holiday")
    service.moderation.extend("Test", moderator="gm", hours=6, reason="holiday")
    service.moderation.extend("Test", moderator="gm", hours=6, reason="holiday")
    with pytest.raises(RequestError, match="its 2 extensions already"):
        service.moderation.extend("Test", moderator="gm", hours=6, reason="again")


def test_a_paused_campaign_is_never_due_and_resumes_with_its_time_given_back(service, traveller):
    started(service, "Amazon")
    before = service.campaigns.campaign("Test").deadline
    assert before is not None
    service.moderation.pause("Test", moderator="gm", reason="server move", hours=48)
    traveller.shift(timedelta(days=3))
    assert service.timekeeper.due() == []
    with pytest.raises(RequestError, match="paused, not running"):
        force(service)
    service.moderation.resume("Test", moderator="gm")
    assert service.campaigns.campaign("Test").deadline == before + timedelta(hours=48), (
        "the clock stood still for the pause's 48 hours; the day after it ran out counts"
    )
    assert service.timekeeper.due() == []


def test_a_resume_gives_at_least_the_grace_period(service, traveller):
    started(service, "Amazon")
    deadline = service.campaigns.campaign("Test").deadline
    assert deadline is not None
    traveller.shift(deadline - service.clock() - timedelta(minutes=1))
    service.moderation.pause("Test", moderator="gm", reason="server move", hours=1)
    service.moderation.resume("Test", moderator="gm")
    assert service.timekeeper.due() == [], "a minute left: the grace period runs instead"
    traveller.shift(timedelta(hours=2, minutes=1))
    assert service.timekeeper.due() == ["Test"]


def test_a_locked_campaign_takes_no_orders(service, traveller):
    started(service, "Amazon")
    service.moderation.lock("Test", moderator="gm")
    with pytest.raises(RequestError, match="locked"):
        service.players.submit_orders("Test", player="p1", text="H")
    service.moderation.lock("Test", moderator="gm", locked=False)
    assert "stored" in service.players.submit_orders("Test", player="p1", text="H").text


def test_the_status_shows_who_sent_orders_but_never_the_orders(service, traveller):
    started(service, "Amazon", "Elf")
    service.players.submit_orders("Test", player="p1", text="H, R")
    status = service.campaigns.status("Test").text
    assert "Amazon: orders in" in status and "Elf: no orders yet" in status
    assert "H, R" not in status


def test_a_moderator_sets_orders_and_it_is_logged(service, traveller):
    started(service, "Amazon")
    assert (
        service.moderation.set_orders("Test", moderator="gm", character="Amazon", text="H").text
        == "H"
    )
    assert service.moderation.view_orders("Test", moderator="gm", character="Amazon").text == "H"
    log = "\n".join(m.content for m in service.store.undelivered(1000))
    assert "gm: set the Amazon's orders" in log and "gm: viewed the Amazon's orders" in log


def test_a_replacement_player_receives_the_private_history(service, traveller):
    started(service, "Amazon")
    force(service)
    service.moderation.replace(
        "Test", moderator="gm", character="Amazon", player="p9", player_name="New"
    )
    journal = [m for m in service.store.undelivered(1000) if m.kind == "dm" and m.to == "p9"]
    assert journal and journal[0].content.startswith("Day 1, Month 1")
    assert "stored" in service.players.submit_orders("Test", player="p9", text="H").text


def test_a_preview_stores_and_sends_nothing(service, traveller):
    started(service, "Amazon")
    before = len(service.store.undelivered(1000))
    reply = service.moderation.preview("Test", moderator="gm")
    assert reply.text.startswith("Preview (nothing stored):\nDay 1, Month 1")
    assert len(service.store.undelivered(1000)) == before
    force(service)
    real = public_reports(service)[-1]
    roll = next(line for line in real.splitlines() if line.startswith("Monster Roll"))
    assert roll in reply.text.splitlines(), "the preview rolls the same dice as the real day"


def test_history_gives_the_public_report_or_the_players_journal(service, traveller):
    started(service, "Amazon")
    force(service)
    assert service.campaigns.history("Test", day=1).text.startswith("Day 1, Month 1")
    assert service.campaigns.history("Test", day=1, player="p1").text.startswith("Day 1, Month 1")
    with pytest.raises(RequestError, match="no report for day 5"):
        service.campaigns.history("Test", day=5)


# --- wake-ups -----------------------------------------------------------------------------------


def test_a_wake_up_resolves_only_a_day_still_due(service, traveller):
    started(service, "Amazon")
    assert service.timekeeper.wake("Test", 1) == "nothing", "not due yet"
    traveller.shift(timedelta(days=2))
    assert service.timekeeper.wake("Test", 1) == "resolved"
    assert service.timekeeper.wake("Test", 1) == "nothing", "a double fire is harmless"
    assert service.timekeeper.wake("Test", 5) == "nothing", "a stale job is harmless"


def test_a_reminder_says_exactly_what_is_missing_once(service, traveller):
    started(service, "Amazon", "Elf")
    service.players.submit_orders("Test", player="p1", text="H")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.deadline is not None
        deadline = campaign.deadline
    traveller.move_to(deadline - timedelta(hours=5))
    assert service.timekeeper.wake("Test", 1) == "reminded"
    reminders = [m for m in service.store.undelivered(1000) if "no orders yet" in m.content]
    assert [m.to for m in reminders] == ["p2"]
    assert "the Elf on day 1" in reminders[0].content
    assert service.timekeeper.wake("Test", 1) == "nothing", "once a day"


def test_a_day_overdue_after_downtime_is_announced_not_resolved(service, traveller):
    started(service, "Amazon")
    traveller.shift(timedelta(days=3))
    assert service.timekeeper.after_downtime() == ["Test"]
    assert service.timekeeper.wake("Test", 1) != "resolved", "a grace period runs first"
    assert any(
        "became due while the moderator was offline" in m.content
        for m in service.store.undelivered(1000)
    )
    traveller.shift(timedelta(hours=2, minutes=1))
    assert service.timekeeper.wake("Test", 1) == "resolved"


def test_the_scheduler_registers_one_wake_up_per_campaign(service, traveller, tmp_path):
    from bot.scheduler import Wakeups, job_id

    started(service, "Amazon")
    wakeups = Wakeups(service, jobstore_url=f"sqlite:///{tmp_path / 'jobs.db'}")

    async def run() -> None:
        wakeups.start(paused=True)
        try:
            job = wakeups.scheduler.get_job(job_id("#1", 1))
            assert job is not None, "jobs name campaigns by id: names may repeat across servers"
            assert wakeups.sync() == [job_id("#1", 1)], "syncing again upserts the same job"
        finally:
            wakeups.shutdown()

    import asyncio

    asyncio.run(run())


# --- mid-day decisions --------------------------------------------------------------------------


def resting_campaign(
    service: CampaignService, second: str, tired: dict[str, tuple[str, ...]], *, together: bool
) -> None:
    """A started campaign that waits for decisions, the Amazon and ``second`` seated (with him
    moved to her clearing if ``together``), and the chits ``tired`` names fatigued: a Rest then
    has a choice to make."""
    # combat by DM is tests/bot/test_plays.py's
    options: dict[str, object] = {"wait_for_decisions": True, "combat_by_dm": False}
    service.campaigns.create("Test", moderator="gm", seed=7, options=options)
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character=second)
    service.campaigns.start("Test", moderator="gm")
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        state = GameState.from_json(snapshot.state)
        if together:
            state.put(second, state.place_of("Amazon"))
        for name, labels in tired.items():
            for chit in state.characters[name].chits:
                if chit.label in labels:
                    chit.status = "fatigued"
        repo.save_snapshot(
            session,
            campaign_id=1,
            day=1,
            step="start",
            state=state.to_json(),
            created_at=datetime.now(UTC),
        )


def to_day_28(service: CampaignService) -> None:
    """Test's saved game moved on to day 28, its month's last."""

    def day_28(state: GameState) -> None:
        state.day = 28

    rewrite_latest(service.engine, 1, day_28, step="test", day=28)


def waiting_campaign(service: CampaignService) -> None:
    """A campaign that waits for decisions, where the Amazon's Rest has a choice to make."""
    resting_campaign(service, "Elf", {"Amazon": ("MOVE M3*", "FIGHT M4*")}, together=False)
    service.players.submit_orders("Test", player="p1", text="R, H")


def test_a_decision_is_asked_by_dm_and_the_day_resumes_with_the_answer(service, traveller):
    waiting_campaign(service)
    reply = force(service)
    assert "waits for 1 decision" in reply.text
    asked = [
        m for m in service.store.undelivered(1000) if m.kind == "dm" and "must decide" in m.content
    ]
    assert [m.to for m in asked] == ["p1"]
    assert not any(
        "decide" in m.content for m in service.store.undelivered(1000) if m.kind == "channel"
    ), "the channel never hears who is asked what"
    with pytest.raises(RequestError, match="'sleep' is not one of: "):
        service.resolver.answer("Test", player="p1", answer="sleep")
    with pytest.raises(RequestError, match="no decision to make"):
        service.resolver.answer("Test", player="p2", answer="MOVE M3*")
    assert (
        "The day goes on" in service.resolver.answer("Test", player="p1", answer="fight m4*").text
    )
    reports = [
        m.content
        for m in service.store.undelivered(1000)
        if m.kind == "channel" and m.content.startswith("Day 1")
    ]
    assert reports and "FIGHT M4* active" in reports[-1], reports
    own = [
        m.content for m in service.store.undelivered(1000) if m.to == "p1" and "Day 1" in m.content
    ]
    assert own and "FIGHT M4*" not in own[-1], "what the channel shows is not sent again"


def test_an_unanswered_decision_takes_its_default_when_its_time_runs_out(service, traveller):
    waiting_campaign(service)
    force(service)
    assert service.timekeeper.wake("Test", 1) == "nothing"
    traveller.shift(timedelta(hours=13))
    assert service.timekeeper.wake("Test", 1) == "decided by default"
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.day == 2


def guide_and_follower_resting(service: CampaignService) -> None:
    """A campaign waiting for decisions where the Amazon rests with the Black Knight following
    her: both have two fatigued chits, so one stop asks both which chit they rest first."""
    tired: dict[str, tuple[str, ...]] = {
        "Amazon": ("MOVE M3*", "FIGHT M4*"),
        "Black Knight": ("MOVE M4*", "FIGHT M4*"),
    }
    resting_campaign(service, "Black Knight", tired, together=True)
    service.players.submit_orders("Test", player="p1", text="R")
    assert "stored" in service.players.submit_orders("Test", player="p2", text="F Amazon").text


def decisions(service: CampaignService) -> list[PendingDecision]:
    with session_scope(service.engine) as session:
        return list(session.exec(select(PendingDecision).order_by(col(PendingDecision.id))))


def asked_dms(service: CampaignService) -> list[str | None]:
    """Who was sent a decision DM, in order."""
    return [
        m.to
        for m in service.store.undelivered(1000)
        if m.kind == "dm" and "must decide" in m.content
    ]


def rested(service: CampaignService, day: int) -> dict[str, str]:
    """The chit each character rested on ``day``, from the stored events."""
    with session_scope(service.engine) as session:
        events = event_log.list_events(session, campaign_id=1, day=day)
        return {e.fields["who"]: e.fields["chit"] for e in events if e.type == "rested"}


def test_answers_reach_the_engine_by_decision_id(service, traveller):
    """Answered in the opposite order of asking, each player's answer is his own."""
    guide_and_follower_resting(service)
    assert "waits for 2 decisions" in force(service).text
    amazon, knight = decisions(service)
    assert (amazon.character, knight.character) == ("Amazon", "Black Knight")
    assert amazon.ref.endswith("/Amazon/p1/rest/Amazon")
    assert knight.ref.endswith("/Amazon/p1/rest/Black Knight")
    for_amazon = next(o for o in amazon.options if o != amazon.default)
    for_knight = next(o for o in knight.options if o != knight.default)
    service.resolver.answer("Test", player="p2", answer=for_knight)
    assert "The day goes on" in service.resolver.answer("Test", player="p1", answer=for_amazon).text
    assert rested(service, 1) == {"Amazon": for_amazon, "Black Knight": for_knight}


def test_a_partial_answer_asks_nothing_twice(service, traveller):
    guide_and_follower_resting(service)
    force(service)
    assert asked_dms(service) == ["p1", "p2"]
    reply = service.resolver.answer("Test", player="p2", answer="FIGHT M4*")
    assert "Waiting for the other players" in reply.text
    assert [d.answer for d in decisions(service)] == [None, "FIGHT M4*"]
    assert asked_dms(service) == ["p1", "p2"]
    service.resolver.answer("Test", player="p1", answer="MOVE M3*")
    assert [(d.character, d.answer) for d in decisions(service)] == [
        ("Amazon", "MOVE M3*"),
        ("Black Knight", "FIGHT M4*"),
    ]
    assert asked_dms(service) == ["p1", "p2"]
    assert rested(service, 1) == {"Amazon": "MOVE M3*", "Black Knight": "FIGHT M4*"}


def test_a_day_answered_but_not_resumed_resumes_with_the_stored_answers(service, traveller):
    """Answers recorded without the day going on (two answers committed at once, each seeing
    the other still open): the deadline's resolution resumes with them and asks nothing again."""
    guide_and_follower_resting(service)
    force(service)
    with session_scope(service.engine) as session:
        for decision, answer in zip(
            repo.open_decisions(session, campaign_id=1), ("FIGHT M4*", "MOVE M4*"), strict=True
        ):
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=answer)
    assert "day 1 resolved" in force(service).text
    assert len(decisions(service)) == 2 and asked_dms(service) == ["p1", "p2"]
    assert rested(service, 1) == {"Amazon": "FIGHT M4*", "Black Knight": "MOVE M4*"}


def test_a_rolled_back_day_asks_its_decisions_again(service, traveller):
    """Rolling back removes the day's decisions with its reports: it is asked afresh, once."""
    guide_and_follower_resting(service)
    force(service)
    service.resolver.answer("Test", player="p1", answer="FIGHT M4*")
    service.resolver.answer("Test", player="p2", answer="FIGHT M4*")
    service.rollbacks.rollback("Test", moderator="gm", day=1)
    assert decisions(service) == []
    assert "waits for 2 decisions" in force(service).text
    assert [d.answer for d in decisions(service)] == [None, None]
    assert asked_dms(service) == ["p1", "p2", "p1", "p2"]
    service.resolver.answer("Test", player="p1", answer="MOVE M3*")
    service.resolver.answer("Test", player="p2", answer="MOVE M4*")
    assert rested(service, 1) == {"Amazon": "MOVE M3*", "Black Knight": "MOVE M4*"}


def test_a_preview_in_the_middle_of_a_day_takes_the_defaults(service, traveller):
    """The whole day is previewed, the decisions still open answered with their defaults."""
    guide_and_follower_resting(service)
    force(service)
    before = len(service.store.undelivered(1000))
    reply = service.moderation.preview("Test", moderator="gm")
    assert reply.text.startswith("Preview (nothing stored):\nDay 1, Month 1\nMonster Roll: ")
    assert "Amazon: R (MOVE M3* active)" in reply.text, "her default"
    assert len(service.store.undelivered(1000)) == before
    assert [d.answer for d in decisions(service)] == [None, None]


def test_secret_setup_choices_are_checked_and_used(service, traveller):
    """3.3.5-3.3.6: start dwelling and Victory Requirements, chosen before the game starts."""
    service.campaigns.create("Test", moderator="gm", seed=7)
    service.campaigns.join("Test", player="p1", player_name="P1", character="Dwarf")
    with pytest.raises(RequestError, match="must total 5 points"):
        service.campaigns.choose("Test", player="p1", text="victory: fame 2, gold 2")
    with pytest.raises(RequestError, match="cannot start at 'Chapel'"):
        service.campaigns.choose("Test", player="p1", text="start: Chapel")
    reply = service.campaigns.choose(
        "Test", player="p1", text="start: Guard house\nvictory: fame 2, gold 3"
    )
    assert "stored (secret)" in reply.text
    service.campaigns.start("Test", moderator="gm")
    sheet = service.players.sheet("Test", player="p1").text
    assert "Fame 2" in sheet and "Gold 3" in sheet
    with pytest.raises(RequestError, match="setup choices are closed"):
        service.campaigns.choose("Test", player="p1", text="start: Inn")


def test_the_last_day_ends_and_archives_the_campaign(service, traveller):
    """9.3.1: the game ends after the 28th day, and the archive note gives the Victory
    Requirements revealed, the scores and the victor (9.3.2)."""
    started(service, "Amazon")
    to_day_28(service)
    force(service)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.status == "finished"
    posted = [m for m in service.store.undelivered(1000) if m.kind == "channel"]
    final = next(m for m in posted if "archived" in m.content)
    text = final.content
    assert "day 28, has ended" in text
    requirements = text.split("Victory Requirements, revealed at last (3.3.6):\n")[1]
    assert requirements.startswith("Amazon: Great Treasures 1, Spells 0, Fame 2")
    scores = text.split("Scores (9.3.2")[1]
    assert "\nAmazon: Great Treasures -3, Spells 0, Fame -60" in scores
    assert "The victor: Amazon; no one won." in text
    assert "Epilogue\nAmazon: 0 moves, AV5\n" in text
    assert final.attachment_name == "routes.png" and final.attachment_sha256
    (own,) = [m for m in posted if m.attachment_name == "route-amazon.png"]
    assert own.content == "Test: the route of the Amazon"
    assert service.campaigns.final("Test").text == text, "the archive gives the same report again"
    reports = [m.content for m in service.store.undelivered(1000) if "day 28 is over" in m.content]
    assert reports and all("Amazon scores:" in r for r in reports), "public and the player's own"
    with pytest.raises(RequestError, match="finished, not running"):
        force(service)


def test_a_running_campaign_has_no_final_report_yet(service, traveller):
    started(service, "Amazon")
    with pytest.raises(RequestError, match="Test is not over yet: its final report comes after"):
        service.campaigns.final("Test")


def test_the_game_length_is_set_at_creation_and_checked(service, traveller):
    """10.E.2: any number of weeks; the Victory Requirements total one a week plus one."""
    with pytest.raises(RequestError, match=r"weeks: 0 is not allowed \(the game's length"):
        service.campaigns.create("Short", moderator="gm", options={"weeks": 0})
    with pytest.raises(RequestError, match="weeks: 25 is not allowed"):
        service.campaigns.create("Short", moderator="gm", options={"weeks": 25})
    service.campaigns.create("Short", moderator="gm", seed=7, options={"weeks": 2})
    service.campaigns.join("Short", player="p1", player_name="P1", character="Amazon")
    with pytest.raises(RequestError, match="must total 3 points"):
        service.campaigns.choose("Short", player="p1", text="victory: fame 5")
    service.campaigns.choose("Short", player="p1", text="victory: fame 3")
    service.campaigns.start("Short", moderator="gm")
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        assert '"weeks":2' in snapshot.state


def test_a_five_week_campaign_goes_on_into_its_second_month(service, traveller):
    """10.E.2: after day 28 comes day 1 of month 2, game day 29; the campaign counts game days,
    so its days never repeat, and it ends after game day 35."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"weeks": 5})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.choose("Test", player="p1", text="victory: fame 3, gold 3")
    service.campaigns.start("Test", moderator="gm")
    to_day_28(service)
    force(service)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and (campaign.status, campaign.day) == ("running", 29)
    assert "day 29 resolved" in force(service).text
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.day == 30
        latest = repo.latest_snapshot(session, campaign_id=1)
        assert latest is not None
        after = GameState.from_json(latest.state)
        assert (after.month, after.day) == (2, 2)


def test_an_absent_player_is_not_reminded_and_his_days_are_not_missed(service, traveller):
    started(service, "Amazon", "Elf")
    assert "away until" in service.players.away("Test", player="p1", days=5).text
    for _ in range(3):
        force(service)
    with session_scope(service.engine) as session:
        seats = {s.character: s for s in repo.list_seats(session, campaign_id=1)}
        assert seats["Amazon"].missed_days == 0 and seats["Elf"].missed_days == 3
    service.reminders.remind("Test")
    reminded = [m.to for m in service.store.undelivered(1000) if "no orders yet" in m.content]
    assert reminded == ["p2"]
    assert "no longer away" in service.players.away("Test", player="p1", days=0).text


def test_moderators_configure_the_campaign(service, traveller):
    started(service, "Amazon")
    deadline = service.campaigns.campaign("Test").deadline
    assert deadline is not None
    changed = service.moderation.configure(
        "Test", moderator="gm", setting="weekdays", value="0,2,4"
    ).text
    assert changed == (
        "Test: weekdays is now 0,2,4. It sets the deadlines after today's, which stays "
        f"{deadline:%Y-%m-%d %H:%M} UTC (/gm extend moves it)."
    )
    assert service.campaigns.campaign("Test").deadline == deadline
    service.moderation.configure("Test", moderator="gm", setting="wait_for_decisions", value="yes")
    with pytest.raises(RequestError, match="timezone: 'Mars/Olympus' is not allowed"):
        service.moderation.configure(
            "Test", moderator="gm", setting="timezone", value="Mars/Olympus"
        )
    with pytest.raises(RequestError, match="Unknown setting 'colour'"):
        service.moderation.configure("Test", moderator="gm", setting="colour", value="red")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None
        assert campaign.options["deadlines"]["weekdays"] == [0, 2, 4]
        assert campaign.options["wait_for_decisions"] is True


def test_utc_times_become_discord_timestamps_only_for_discord():
    from bot.render import discord_times

    stamped = discord_times("orders due 2026-11-24 20:00 UTC.")
    assert stamped == "orders due <t:1795550400:F> (<t:1795550400:R>)."
    assert discord_times("no time here") == "no time here"


def test_the_day_report_shows_chits_revealed_and_monsters_summoned():
    """Issue 6's report: denizens appearing and chits revealed, under the turn that caused them."""
    from bot.reports import day_report
    from rules.events import Event
    from rules.events.day import DayStarted
    from rules.events.daylight import ChitRevealed, Summoned, TurnStarted

    events: list[Event] = [
        DayStarted(day=1, month=1, colors=()),
        TurnStarted(who="Dwarf"),
        ChitRevealed(tile="DW", chit="BONES M"),
        Summoned(name="Giant", piece="Giant 1", at="DW6", by="BONES M", box="Giants #1"),
    ]
    report = day_report(events, "public")
    assert "Dwarf: no activities\n    the map chit BONES M turns face up in DW" in report
    assert "BONES M summons the Giant from Giants #1 to DW6" in report


def test_the_day_report_names_what_prowls_after_the_monster_roll():
    """Issue 6's report: the monster roll and the prowling groups (6.3.3, 7.13.1b)."""
    from bot.reports import day_report
    from rules.events import Event
    from rules.events.day import DayStarted, MonsterRoll, Prowling

    #: Rows 4 to 6 of the Appearance Chart: monsters (with the Ghosts, who prowl every day) and
    #: native groups.
    rows = {
        4: (["Heavy Troll", "Giant", "Tremendous Troll", "Ghost"], ["Lancers"]),
        5: (["Imp", "Heavy Spider", "Tremendous Spider", "Ghost"], ["Bashkars", "Rogues"]),
        6: (["Giant Bat", "Ghost"], ["Guard", "Order"]),
    }

    def report(roll: int) -> str:
        monsters, natives = rows[roll]
        prowling = Prowling(
            row=roll, monsters=tuple(monsters), natives=tuple(natives), visitors=roll == 6
        )
        events: list[Event] = [
            DayStarted(day=1, month=1, colors=()),
            MonsterRoll(roll=roll),
            prowling,
        ]
        return day_report(events, "public")

    assert "visitors" not in report(5)


def test_the_witch_records_her_familiars_turn_in_her_own_orders(service, traveller):
    """L3926: her message holds a ``Familiar:`` section; the echo shows it back to her alone,
    and the familiar's turn is played with the day."""
    started(service, "Witch", "Amazon")
    reply = service.players.submit_orders("Test", player="p1", text="H\nFamiliar: P")
    assert "stored (v1 · " in reply.text and "Familiar: P" in reply.text
    refused = service.players.submit_orders("Test", player="p2", text="H\nFamiliar: P")
    assert "NOT stored" in refused.text and "unknown-instruction" in refused.text
    force(service)
    with session_scope(service.engine) as session:
        events = event_log.list_events(session, campaign_id=1, day=1)
    started_turns = [e.fields["who"] for e in events if e.type == "turn_started"]
    assert started_turns.index("Familiar") + 1 == started_turns.index("Witch")
    peers = [e for e in events if e.type == "searched" and e.fields["who"] == "Familiar"]
    assert peers and peers[0].fields["table"] == "Peer", "its P is a Peer of its clearing"


def test_a_one_week_campaign_is_played_to_its_end_with_a_death_and_a_fresh_start(
    service, traveller
):
    """Issue 17: a week's game (10.E.2): on day 1 the Amazon's player suicides at Midnight
    (9.2.2a), sits out day 2 and starts again on day 3 as the Black Knight (9.1.2); the week
    ends after day 7 and the final report — requirements revealed, scores, the victor, each
    character's epilogue with his death and fresh start — is posted with the route maps, and
    the archive gives the same report again."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"weeks": 1})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Elf")
    service.campaigns.choose("Test", player="p1", text="victory: fame 1, gold 1")
    service.campaigns.choose("Test", player="p2", text="victory: notoriety 2")
    service.campaigns.start("Test", moderator="gm")
    for day in range(1, 8):
        if day == 3:
            reply = service.restarts.restart(
                "Test", player="p1", text="character: Black Knight\nvictory: gold 2"
            )
            assert "Black Knight" in reply.text
        if day != 2:
            first = "-\nsuicide: at midnight" if day == 1 else "H"
            service.players.submit_orders("Test", player="p1", text=first)
        service.players.submit_orders("Test", player="p2", text="H")
        force(service)
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None and campaign.status == "finished"
    posted = [m for m in service.store.undelivered(1000) if m.kind == "channel"]
    final = next(m for m in posted if "has ended (9.3.1)" in m.content)
    text = final.content
    assert "its last day, day 7, has ended" in text
    requirements = text.split("revealed at last (3.3.6):\n")[1].split("\n\n")[0]
    assert "Black Knight: Great Treasures 0, Spells 0, Fame 0, Notoriety 0, Gold 2" in requirements
    assert "Elf: Great Treasures 0, Spells 0, Fame 0, Notoriety 2, Gold 0" in requirements
    assert "Amazon:" not in requirements, "only his new character is scored (9.3.1a)"
    epilogue = text.split("Epilogue\n")[1]
    assert "Amazon: 0 moves, AV5\n" in epilogue
    assert "  killed: day 1, by her own hand at Midnight\n" in epilogue
    assert (
        "  fresh starts: the player of the Amazon starts again as the Black Knight, at the Inn"
        in epilogue.split("Black Knight:")[1]
    )
    names = sorted(
        m.attachment_name for m in posted if m.attachment_name and "route" in m.attachment_name
    )
    assert names == ["route-amazon.png", "route-black-knight.png", "route-elf.png", "routes.png"]
    assert service.campaigns.final("Test").text == text, "the archive gives the same report again"


def test_each_service_is_made_once_whoever_asks_first(service):
    """bot.service.built: threads asking at once for a service (and for those it is made with)
    all get the one service; a service's parts are the services the others hold."""
    from concurrent.futures import ThreadPoolExecutor

    fresh = CampaignService(service.engine, service.catalog)
    names = ["timekeeper", "resolver", "windows", "publisher", "plays"] * 8
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda name: (name, getattr(fresh, name)), names))
    for name, made in got:
        assert made is getattr(fresh, name)
    assert fresh.plays.windows is fresh.windows and fresh.resolver.windows is fresh.windows
