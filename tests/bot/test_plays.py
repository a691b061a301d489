"""Combat by DM through the service (issue 14): windows opened by DM with a brief, plays typed in
the standing-order notation and echoed privately, early close, defaults when time runs out,
missed windows, and the moderators' hold on a window."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import col, select

from bot.service import CampaignService, RequestError
from db import event_log, repo
from db.engine import session_scope
from db.models import ModeratorAction, PendingDecision
from rules.state import GameState, ItemState, Place
from tests.fights import quiet_plays, stage_giant_fight, stage_two_fights
from tests.snapshots import rewrite_latest

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)

#: Standing combat orders that answer every decision of the fight.
STANDING = """
lure: none
charge: none
encounter: none
target: any attacker on my sheet; none
attack: none
maneuver: fastest; none
shield: toward most attackers
place: spread"""


@pytest.fixture
def traveller():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def giant_fight(service: CampaignService) -> None:
    """A started campaign that waits for decisions, combat's too: the Amazon (p1) and the
    Black Knight (p2), unhidden, in one clearing with a Giant and nothing else."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"wait_for_decisions": True})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Black Knight")
    service.campaigns.start("Test", moderator="gm")
    stage_giant_fight(service.engine, 1, "Amazon", "Black Knight")


def force(service: CampaignService) -> str:
    return service.resolver.resolve_day("Test", day=1, moderator="gm").text


def windows_to(service: CampaignService, player: str) -> list[str]:
    return [
        m.content
        for m in service.store.undelivered(1000)
        if m.kind == "dm" and m.to == player and "window is open until" in m.content
    ]


def open_kinds(service: CampaignService, character: str) -> set[str]:
    with session_scope(service.engine) as session:
        return {
            d.kind for d in repo.open_decisions(session, campaign_id=1) if d.character == character
        }


def quietly(service: CampaignService, player: str, character: str) -> None:
    """``player`` answers his open window without fighting."""
    text = quiet_plays(open_kinds(service, character))
    if text is not None:
        service.plays.answer_plays("Test", player=player, text=text)


def until_window(service: CampaignService, kind: str) -> None:
    """Answer every window quietly until one asks ``kind``."""
    for _ in range(20):
        if any(kind in open_kinds(service, c) for c in ("Amazon", "Black Knight")):
            return
        quietly(service, "p1", "Amazon")
        quietly(service, "p2", "Black Knight")
    raise AssertionError(f"no window asked {kind}")


def test_a_window_is_asked_by_dm_and_closes_early_once_everyone_has_played(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    assert "waits for" in force(service)
    first = windows_to(service, "p1")
    assert first and "lure window" in first[-1] and "Giant 1" in first[-1]
    assert "Your chits in play:" in first[-1] and "plays" in first[-1]
    assert windows_to(service, "p2")
    channel = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert not any("window" in c or "lure" in c for c in channel), "the channel hears nothing"
    echo = service.plays.answer_plays("Test", player="p1", text="lure: Giant").text
    assert "lure Giant 1: yes" in echo and "version" in echo and "Waiting" in echo
    changed = service.plays.answer_plays("Test", player="p1", text="lure: none").text
    assert "lure Giant 1: no" in changed
    assert changed.split("version ")[1].split(")")[0] != echo.split("version ")[1].split(")")[0]
    assert (
        "combat goes on" in service.plays.answer_plays("Test", player="p2", text="lure: none").text
    )
    assert open_kinds(service, "Amazon") & {"action", "charge"}, "the encounter window is next"


def test_melee_plays_are_typed_together_and_bad_ones_change_nothing(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    until_window(service, "attack")
    with pytest.raises(RequestError, match="nothing was taken") as refused:
        service.plays.answer_plays(
            "Test", player="p1", text="target: Giant\nattack: FIGHT Z9 smash"
        )
    assert "line 2" in str(refused.value)
    with session_scope(service.engine) as session:
        assert all(d.answer is None for d in repo.open_decisions(session, campaign_id=1))
    echo = service.plays.answer_plays(
        "Test",
        player="p1",
        text="target: Giant\nattack: FIGHT M4* smash\nmaneuver: MOVE M3* dodge",
    ).text
    assert "target: Giant 1" in echo and "attack: FIGHT M4* smash" in echo
    assert "(default)" in echo, "what he did not answer shows its default"


def test_a_silent_player_takes_the_defaults_and_after_two_missed_windows_is_not_asked(
    service, traveller
):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    for _ in range(2):
        quietly(service, "p1", "Amazon")
        traveller.shift(timedelta(hours=9))
        assert service.timekeeper.wake("Test", 1) == "decided by default"
    told = [m for m in service.store.undelivered(1000) if "not answered in time" in m.content]
    assert {m.to for m in told} == {"p1", "p2"}, "the window's players hear what was defaulted"
    assert "the Black Knight's lure Giant 1: no (default)" in told[0].content
    notices = [m.content for m in service.store.undelivered(1000) if m.to == "gm"]
    assert any("Black Knight missed 2 combat windows" in n for n in notices)
    channel = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert not any("missed" in c for c in channel), "the public is not told"
    asked_before = len(windows_to(service, "p2"))
    for _ in range(10):
        quietly(service, "p1", "Amazon")
    assert len(windows_to(service, "p2")) == asked_before, "no more windows for him today"
    rounds = [
        m.content for m in service.store.undelivered(1000) if m.content.startswith("Combat in ")
    ]
    assert any("Black Knight reveals" in r and "(default: " in r for r in rounds), (
        "his plays left to the defaults are marked so in the round report"
    )


def test_a_fight_answered_by_standing_orders_opens_no_window(service, traveller):
    """It resolves at the day's deadline, by the scheduled wake-up, asking nobody."""
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R" + STANDING)
    service.players.submit_orders("Test", player="p2", text="R" + STANDING)
    deadline = service.campaigns.campaign("Test").deadline
    assert deadline is not None
    traveller.move_to(deadline)
    assert service.timekeeper.wake("Test", 1) == "resolved"
    assert windows_to(service, "p1") == [] and windows_to(service, "p2") == []
    assert service.campaigns.campaign("Test").day == 2
    public = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert any("Giant" in c and "Round 1" in c for c in public), "the fight is in the report"


def test_moderators_see_who_is_silent_extend_close_and_read_sealed_plays(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    service.plays.answer_plays("Test", player="p1", text="lure: Giant")
    status = service.plays.window_status("Test", moderator="gm").text
    assert "Black Knight" in status and "Amazon" not in status
    with pytest.raises(RequestError):
        service.plays.window_status("Test", moderator="p1")
    extended = service.plays.extend_window("Test", moderator="gm", hours=2).text
    assert "2026-11-23 12:00" in extended  # 9:00 + the lure window's hour + 2
    sealed = service.plays.sealed_plays("Test", moderator="gm").text
    assert "lure Giant 1: yes" in sealed
    with session_scope(service.engine) as session:
        actions = [
            a.action
            for a in session.exec(select(ModeratorAction).order_by(col(ModeratorAction.id)))
        ]
    assert "sealed plays" in actions and "extend window" in actions
    service.plays.close_window("Test", moderator="gm")
    with session_scope(service.engine) as session:
        rows = list(session.exec(select(PendingDecision)))
    lure = [d for d in rows if d.kind == "lure" and d.character == "Black Knight"]
    assert lure and lure[0].answer == lure[0].default


def test_each_finished_round_goes_to_the_fights_players_and_the_public_waits(service, traveller):
    """The round report, with the revealed plays (8.4.5e), reaches each player of the fight by
    DM at the head of his next window; the channel gets the Evening only with the day's
    report."""
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    until_window(service, "attack")
    quietly(service, "p1", "Amazon")
    quietly(service, "p2", "Black Knight")
    for player in ("p1", "p2"):
        rounds = [
            m.content
            for m in service.store.undelivered(1000)
            if m.to == player and m.content.startswith("Combat in ")
        ]
        assert rounds and "round 1:" in rounds[0] and "reveals" in rounds[0], player
        # one DM a round: the report heads the next round's window (issue 32)
        assert "window is open until" in rounds[0], player
    channel = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert not any("reveals" in c for c in channel)


def test_a_combat_window_is_not_answered_by_a_single_answer(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    with pytest.raises(RequestError, match="starting `plays`"):
        service.resolver.answer("Test", player="p1", answer="yes")


def test_the_silent_are_reminded_once_before_the_window_closes(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    service.plays.answer_plays("Test", player="p1", text="lure: none")
    ((_, _, when),) = service.timekeeper.wake_ups()
    assert when == START + timedelta(minutes=45), "a quarter of the lure window's hour before"
    assert service.timekeeper.wake("Test", 1) == "nothing"
    traveller.shift(timedelta(minutes=45))
    assert service.timekeeper.wake("Test", 1) == "reminded"
    reminded = [
        m.to for m in service.store.undelivered(1000) if "combat window closes" in m.content
    ]
    assert reminded == ["p2"], "only the silent player"
    assert service.timekeeper.wake("Test", 1) == "nothing", "once a window"
    ((_, _, when),) = service.timekeeper.wake_ups()
    assert when == START + timedelta(hours=1)


def combat_round(service: CampaignService) -> int | None:
    """The round of the fight the saved game stands in, or None outside combat."""
    with session_scope(service.engine) as session:
        snapshot = repo.latest_snapshot(session, campaign_id=1)
        assert snapshot is not None
        evening = GameState.from_json(snapshot.state).today.evening
    return evening.combat.round if evening is not None and evening.combat is not None else None


def stored_events(service: CampaignService) -> list[tuple[str, str, str]]:
    with session_scope(service.engine) as session:
        return [
            (r.type, r.audience, json.dumps(r.fields, sort_keys=True))
            for r in event_log.list_events(session, campaign_id=1, day=1)
        ]


AMAZON_ATTACKS = """target: Giant
attack: FIGHT M4* smash
maneuver: fastest
shield: toward most attackers
place: spread"""


def the_amazon_fights(service: CampaignService, until_round: int) -> None:
    """Answer every window until round ``until_round`` waits: the Amazon attacks the Giant in
    each melee window, the Black Knight keeps quiet."""
    for _ in range(40):
        if combat_round(service) == until_round:
            return
        if open_kinds(service, "Amazon") & {"target", "attack", "maneuver", "shield", "place"}:
            service.plays.answer_plays("Test", player="p1", text=AMAZON_ATTACKS)
        else:
            quietly(service, "p1", "Amazon")
        if combat_round(service) == until_round:  # her answer ended the round before
            return
        quietly(service, "p2", "Black Knight")
    raise AssertionError(f"round {until_round} never came")


def test_combat_rolled_back_to_a_round_replays_the_same_dice_with_the_same_plays(
    service, traveller
):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    the_amazon_fights(service, 2)
    at_round_two = stored_events(service)
    asked = open_kinds(service, "Amazon")  # the Black Knight may have answered his already
    the_amazon_fights(service, 3)
    played = stored_events(service)
    assert len(played) > len(at_round_two)
    with pytest.raises(RequestError, match="Only the moderators"):
        service.rollbacks.rollback_combat("Test", moderator="p1", to="round 2")
    with pytest.raises(RequestError, match=r"its points: evening, round 1 at \S+, round 2 at"):
        service.rollbacks.rollback_combat("Test", moderator="gm", to="round 9")
    assert stored_events(service) == played, "a refused rollback changes nothing"
    before = len(service.store.undelivered(1000))
    reply = service.rollbacks.rollback_combat("Test", moderator="gm", to="round 2")
    assert "back at the start of the round 2 at" in reply.text
    assert combat_round(service) == 2
    assert stored_events(service) == at_round_two, "what came after the point is undone"
    assert open_kinds(service, "Amazon") == asked and open_kinds(service, "Black Knight")
    sent = service.store.undelivered(1000)[before:]
    assert {m.to for m in sent if "rolled the combat back" in m.content} == {"p1", "p2"}
    assert not [m for m in sent if m.kind == "channel"], "the channel learns nothing"
    assert any("rolled day 1 back" in m.content for m in sent if m.to == "gm")
    the_amazon_fights(service, 3)
    assert stored_events(service) == played, "the same plays give the same results"


def test_combat_rolled_back_to_the_evening_opens_its_first_window_again(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    first = open_kinds(service, "Amazon")
    opened = stored_events(service)
    the_amazon_fights(service, 2)
    played = stored_events(service)
    service.rollbacks.rollback_combat("Test", moderator="gm", to="Evening")
    assert stored_events(service)[: len(opened)] == opened
    assert open_kinds(service, "Amazon") == first
    assert combat_round(service) == 1
    the_amazon_fights(service, 2)
    assert stored_events(service) == played
    with pytest.raises(RequestError, match=r"its points: evening, round 1 at \S+, round 2 at"):
        service.rollbacks.rollback_combat("Test", moderator="gm", to="round 1 at nowhere")


def test_a_day_whose_evening_has_not_begun_has_no_combat_to_roll_back(service, traveller):
    giant_fight(service)
    with pytest.raises(RequestError, match="its Evening has not begun; roll back the day"):
        service.rollbacks.rollback_combat("Test", moderator="gm", to="evening")


def test_a_preview_in_a_window_plays_the_rest_of_the_evening_with_the_defaults(service, traveller):
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    sent, events = len(service.store.undelivered(1000)), stored_events(service)
    preview = service.moderation.preview("Test", moderator="gm").text
    assert "Round 1" in preview and "Round 2" in preview, "beyond the window open now"
    assert len(service.store.undelivered(1000)) == sent and stored_events(service) == events
    assert combat_round(service) == 1 and open_kinds(service, "Amazon") == {"lure"}


def test_with_seal_hashes_a_closing_window_sends_each_sealed_sets_tag_before_the_reveal(
    service, traveller
):
    giant_fight(service)
    service.moderation.configure("Test", moderator="gm", setting="seal_hashes", value="yes")
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    amazon = service.plays.answer_plays("Test", player="p1", text="lure: Giant").text
    knight = service.plays.answer_plays("Test", player="p2", text="lure: none").text
    tags = [echo.split("(version ")[1].split(")")[0] for echo in (amazon, knight)]
    sealed = [m for m in service.store.undelivered(1000) if "plays sealed" in m.content]
    assert {m.to for m in sealed} == {"p1", "p2"}
    assert f"the Amazon's {tags[0]}, the Black Knight's {tags[1]}" in sealed[0].content
    quietly(service, "p1", "Amazon")
    seen = service.plays.sealed_plays("Test", moderator="gm").text
    assert "(default)" in seen, "the Black Knight has not answered"
    versions = [part.split(")")[0] for part in seen.split("(version ")[1:]]
    traveller.shift(timedelta(hours=5))
    assert service.timekeeper.wake("Test", 1) == "decided by default"
    sealed = [m.content for m in service.store.undelivered(1000) if "plays sealed" in m.content]
    assert len(sealed) == 4, "a window run out is sealed too"
    assert f"the Amazon's {versions[0]}, the Black Knight's {versions[1]}" in sealed[-1]
    channel = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert not any("sealed" in c for c in channel)


def test_clearings_agreed_to_fight_at_once_ask_their_windows_together(service, traveller):
    """8.1.3b: set before the start, with every player's agreement; each clearing's window
    opens at the first stop, they close together, and each clearing is a rollback point."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"wait_for_decisions": True})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Black Knight")
    service.moderation.configure("Test", moderator="gm", setting="parallel_clearings", value="yes")
    service.campaigns.start("Test", moderator="gm")
    with pytest.raises(RequestError, match="set before the campaign starts"):
        service.moderation.configure(
            "Test", moderator="gm", setting="parallel_clearings", value="no"
        )
    other = stage_two_fights(service.engine, 1, "Amazon", "Black Knight")
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    first = [
        m.content for m in service.store.undelivered(1000) if "window is open until" in m.content
    ]
    assert len(first) == 2 and any("Combat in AV5" in m for m in first)
    assert any(f"Combat in {other}" in m for m in first)
    quietly(service, "p1", "Amazon")
    assert open_kinds(service, "Black Knight"), "his window is still open"
    quietly(service, "p2", "Black Knight")
    with pytest.raises(RequestError, match=f"round 1 at AV5, round 1 at {other}"):
        service.rollbacks.rollback_combat("Test", moderator="gm", to="round 9")


def test_orders_are_closed_while_the_day_waits_for_decisions(service, traveller):
    """Clearing orders or saying ready while the day is being resolved is refused as sending
    them is: the day's orders are the record a rollback plays it again with."""
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="H")
    force(service)
    with session_scope(service.engine) as session:
        assert repo.open_decisions(session, campaign_id=1)
        before = repo.current_orders(session, campaign_id=1, day=1)
        texts = {seat: row.text for seat, row in before.items()}
    assert texts
    for attempt in (
        lambda: service.players.clear_orders("Test", player="p1"),
        lambda: service.players.ready("Test", player="p1"),
    ):
        with pytest.raises(RequestError, match="is being resolved and waits for players"):
            attempt()
    with session_scope(service.engine) as session:
        after = repo.current_orders(session, campaign_id=1, day=1)
        assert {seat: row.text for seat, row in after.items()} == texts


def test_a_card_that_moves_an_attack_is_asked_in_a_window_and_answered_by_plays(service, traveller):
    """L4480–4482: where the Battle Bracelets move her attack on the Giant (maneuver time 5 or
    6) is asked once the plays are revealed, at a stop of its own: a melee window like any
    other, answered with a select or typed as ``shift_attack: thrust`` (no standing key answers
    it). It used to be asked as a lone decision, which only an answer could reach, and an
    answer is refused while a combat decision is open."""
    giant_fight(service)

    def bracelets(state: GameState) -> None:
        state.put("Battle Bracelets", Place.owner("Amazon"))
        state.characters["Amazon"].items["Battle Bracelets"] = ItemState(active=True)

    rewrite_latest(service.engine, 1, bracelets)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    until_window(service, "attack")
    service.plays.answer_plays(
        "Test",
        player="p1",
        text="charge: none\nencounter: none\ntarget: Giant\nattack: FIGHT M4* smash\n"
        "maneuver: MOVE M3* dodge\nshield: toward most attackers\nplace: spread",
    )
    quietly(service, "p2", "Black Knight")
    assert open_kinds(service, "Amazon") == {"shift_attack"}
    window = windows_to(service, "p1")[-1]
    assert "melee window" in window and "Battle Bracelets" in window
    echo = service.plays.answer_plays("Test", player="p1", text="shift_attack: thrust").text
    assert "shift_attack: thrust" in echo and "combat goes on" in echo


def test_the_day_being_fought_is_no_one_s_to_read_until_its_report_is_out(service, traveller):
    """A day whose combat windows are open holds the Evening's rounds so far: neither the
    public history nor a player's journal gives it (any member may ask in the channel); once
    the day is resolved and reported, both do."""
    giant_fight(service)
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    until_window(service, "attack")
    quietly(service, "p1", "Amazon")
    quietly(service, "p2", "Black Knight")
    assert stored_events(service), "the day's events so far are stored"
    for player in (None, "p1"):
        with pytest.raises(RequestError, match="has no report for day 1 yet"):
            service.campaigns.history("Test", day=1, player=player)
    for _ in range(30):
        if combat_round(service) is None:
            break
        quietly(service, "p1", "Amazon")
        quietly(service, "p2", "Black Knight")
    assert service.campaigns.campaign("Test").day == 2, "the day is resolved"
    assert service.campaigns.history("Test", day=1).text.startswith("Day 1, Month 1")
    assert "Giant" in service.campaigns.history("Test", day=1, player="p1").text


def test_a_lure_declined_is_not_asked_again_in_the_fight(service, traveller):
    """Issue 32: a player who declined to lure a denizen, or let the window run out on it, is
    not asked about it again in the fight's later rounds; it stands as his answer (no)."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"wait_for_decisions": True})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Black Knight")
    service.campaigns.start("Test", moderator="gm")
    stage_giant_fight(
        service.engine, 1, "Amazon", "Black Knight", ("Giant 1", "Ogre 1", "Wolf 1", "Wolf 2")
    )
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    for _ in range(40):
        if not open_kinds(service, "Amazon") | open_kinds(service, "Black Knight"):
            break
        quietly(service, "p1", "Amazon")
        quietly(service, "p2", "Black Knight")
    with session_scope(service.engine) as session:
        lures = [d for d in repo.list_decisions(session, campaign_id=1, day=1) if d.kind == "lure"]
    later = [d for d in lures if "/r1/" not in d.ref]
    assert later and all(d.answer == "no" for d in later), "answered no for him"
    asked_by_dm = [m.content for m in service.store.undelivered(1000) if "Lure" in m.content]
    assert len(asked_by_dm) == 2, "each asked once, in round 1"
