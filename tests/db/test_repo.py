"""The repository functions, one table at a time."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from db import blobs, event_log, messages, repo, rewind
from db.engine import session_scope
from db.models import EventRecord, Seat
from rules.events import Untyped, from_stored
from rules.events.day import Midnight
from rules.events.daylight import Moved
from rules.events.search import Looted
from rules.phrases import verbatim

from .conftest import T0


def _seat(session: Session, campaign_id: int, character: str, player: str = "1") -> Seat:
    return repo.add_seat(
        session,
        campaign_id=campaign_id,
        character=character,
        player=player,
        player_name=f"player {player}",
        joined_at=T0,
    )


def test_campaigns_by_name_id_status_and_deadline(engine: Engine) -> None:
    with session_scope(engine) as session:
        names = ("Enrolling", "Due later", "Due first", "Not due", "Paused", "No deadline")
        made = {name: repo.create_campaign(session, name=name, created_at=T0) for name in names}
        for name in ("Due later", "Due first", "Not due", "No deadline"):
            made[name].status = "running"
        made["Paused"].status = "paused"
        made["Due later"].deadline = T0 - timedelta(minutes=1)
        made["Due first"].deadline = T0 - timedelta(hours=1)
        made["Not due"].deadline = T0 + timedelta(seconds=1)
        made["Paused"].deadline = T0 - timedelta(hours=2)
    with session_scope(engine) as session:
        assert repo.get_campaign(session, name="Due first") == made["Due first"]
        assert repo.get_campaign(session, name="Nowhere") is None
        campaign_id = made["Paused"].id or 0
        found = repo.get_campaign_by_id(session, campaign_id=campaign_id)
        assert found is not None
        assert found.name == "Paused"
        assert [c.name for c in repo.list_running_campaigns(session)] == [
            "Due later",
            "Due first",
            "Not due",
            "No deadline",
        ]
        due = repo.list_due_campaigns(session, now=T0)
        assert [c.name for c in due] == ["Due first", "Due later"]
        assert [
            c.name for c in repo.list_due_campaigns(session, now=T0 + timedelta(seconds=1))
        ] == [
            "Due first",
            "Due later",
            "Not due",
        ]


def test_campaign_names_are_unique_in_a_server(engine: Engine) -> None:
    with session_scope(engine) as session:
        repo.create_campaign(session, name="Realm", guild="1", created_at=T0)
        repo.create_campaign(session, name="Realm", guild="2", created_at=T0)
    with pytest.raises(IntegrityError), session_scope(engine) as session:
        repo.create_campaign(session, name="Realm", guild="1", created_at=T0)
    with session_scope(engine) as session:
        assert repo.get_campaign(session, name="Realm", guild="2") is not None
        assert repo.get_campaign(session, name="Realm") is None, "none outside a server"


def test_seats_by_campaign_player_and_character(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        other = repo.create_campaign(session, name="Other", created_at=T0).id or 0
        amazon = _seat(session, campaign_id, "Amazon", player="1")
        _seat(session, campaign_id, "Berserker", player="2")
        _seat(session, other, "Amazon", player="2")
        _seat(session, campaign_id, "Captain", player="1")
    with session_scope(engine) as session:
        seats = repo.list_seats(session, campaign_id=campaign_id)
        assert [s.character for s in seats] == ["Amazon", "Berserker", "Captain"]
        player_seats = repo.list_player_seats(session, player="2")
        assert [(s.campaign_id, s.character) for s in player_seats] == [
            (campaign_id, "Berserker"),
            (other, "Amazon"),
        ]
        mine = repo.list_player_seats(session, player="1", campaign_id=campaign_id)
        assert [s.character for s in mine] == ["Amazon", "Captain"]
        assert repo.get_seat(session, campaign_id=campaign_id, character="Amazon") == amazon
        assert repo.get_seat(session, campaign_id=other, character="Captain") is None


def test_each_submission_is_a_new_version_per_seat_and_day(
    engine: Engine, campaign_id: int
) -> None:
    with session_scope(engine) as session:
        amazon = _seat(session, campaign_id, "Amazon")
        berserker = _seat(session, campaign_id, "Berserker", player="2")

        def submit(seat: Seat, day: int, text: str) -> int:
            row = repo.submit_orders(
                session, seat=seat, day=day, text=text, canonical=text.upper(), submitted_at=T0
            )
            return row.version

        assert submit(amazon, 1, "m cv2") == 1
        assert submit(amazon, 1, "m cv3") == 2
        assert submit(berserker, 1, "h") == 1
        assert submit(amazon, 2, "r") == 1
        assert submit(amazon, 1, "m cv4") == 3
    with session_scope(engine) as session:
        current = repo.current_orders(session, campaign_id=campaign_id, day=1)
        assert {seat_id: row.text for seat_id, row in current.items()} == {
            amazon.id: "m cv4",
            berserker.id: "h",
        }
        assert current[amazon.id or 0].version == 3
        assert current[amazon.id or 0].canonical == "M CV4"


def test_cleared_orders_are_not_in_force(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        amazon = _seat(session, campaign_id, "Amazon")
        repo.submit_orders(session, seat=amazon, day=1, text="h", canonical="H", submitted_at=T0)
        cleared = repo.clear_orders(
            session, seat=amazon, day=1, submitted_at=T0, source="moderator"
        )
        assert (cleared.version, cleared.cleared, cleared.source) == (2, True, "moderator")
        assert repo.current_orders(session, campaign_id=campaign_id, day=1) == {}
        again = repo.submit_orders(
            session, seat=amazon, day=1, text="r", canonical="R", submitted_at=T0
        )
        assert again.version == 3
        assert repo.current_orders(session, campaign_id=campaign_id, day=1) == {amazon.id: again}


def test_snapshots_carry_their_hash(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        assert repo.latest_snapshot(session, campaign_id=campaign_id) is None
        first = repo.save_snapshot(
            session, campaign_id=campaign_id, day=1, step="start", state='{"a":1}', created_at=T0
        )
        assert first.content_hash == hashlib.sha256(b'{"a":1}').hexdigest()
        daylight = repo.save_snapshot(
            session, campaign_id=campaign_id, day=1, step="daylight", state='{"a":2}', created_at=T0
        )
        redone = repo.save_snapshot(
            session, campaign_id=campaign_id, day=1, step="start", state='{"a":3}', created_at=T0
        )
    with session_scope(engine) as session:
        assert repo.latest_snapshot(session, campaign_id=campaign_id) == redone
        assert repo.get_snapshot(session, campaign_id=campaign_id, day=1, step="start") == redone
        got = repo.get_snapshot(session, campaign_id=campaign_id, day=1, step="daylight")
        assert got == daylight
        assert repo.get_snapshot(session, campaign_id=campaign_id, day=2, step="start") is None


def test_events_keep_their_order_and_audience(engine: Engine, campaign_id: int) -> None:
    events = [
        from_stored({"type": t, "fields": f, "audience": a, "to": to})
        for t, f, a, to in (
            ("day_started", {"day": 1}, "public", []),
            ("hid", {"who": "Amazon"}, "private", ["Amazon"]),
            ("traded", {}, "private", ["Amazon", "Berserker"]),
            ("roll", {}, "moderator", []),
        )
    ]
    with session_scope(engine) as session:
        saved = event_log.save_events(session, campaign_id=campaign_id, day=1, events=events[:2])
        assert list(saved) == [0, 1]
        more = event_log.save_events(session, campaign_id=campaign_id, day=1, events=events[2:])
        assert list(more) == [2, 3]
        assert list(event_log.save_events(session, campaign_id=campaign_id, day=1, events=[])) == []
        event_log.save_events(
            session,
            campaign_id=campaign_id,
            day=2,
            events=[Midnight(what=verbatim("weapons unalert"))],
        )
    with session_scope(engine) as session:
        records = event_log.list_events(session, campaign_id=campaign_id, day=1)
        assert [event_log.as_event(r) for r in records] == events
        assert event_log.day_events(session, campaign_id=campaign_id, day=1) == events
        assert event_log.day_events(session, campaign_id=campaign_id, day=2) == [
            Midnight(what=verbatim("weapons unalert"))
        ]
        assert event_log.day_events(session, campaign_id=campaign_id, day=3) == []
        assert records[2].recipients == ["Amazon", "Berserker"]

        def seen(viewer: str) -> list[str]:
            visible = event_log.visible_events(
                session, campaign_id=campaign_id, day=1, viewer=viewer
            )
            return [r.type for r in visible]

        assert seen("moderator") == ["day_started", "hid", "traded", "roll"]
        assert seen("Amazon") == ["day_started", "hid", "traded"]
        assert seen("Berserker") == ["day_started", "traded"]
        assert seen("public") == ["day_started"]


def test_events_an_older_version_stored_still_load(engine: Engine, campaign_id: int) -> None:
    """Stored rows are read as they were written, whatever version wrote them: an event of
    today's form becomes its type's class; one lacking a field since added (a kill's clearing)
    or holding one since dropped is still read, kept as stored, with its audience."""
    rows: list[tuple[str, str, list[str], dict[str, Any]]] = [
        ("killed", "public", [], {"who": "Wolf 1", "by": "Amazon"}),
        ("looted", "private", ["Amazon"], {"who": "Amazon", "item": "Power Boots"}),
        ("moved", "public", [], {"who": "Amazon", "from": "CV1", "to": "CV5", "pace": 1}),
        ("looted", "private", ["Amazon"], {"who": "Amazon", "item": "Lamp", "from": "CAIRNS"}),
    ]
    with session_scope(engine) as session:
        for seq, (kind, audience, to, fields) in enumerate(rows):
            session.add(
                EventRecord(
                    campaign_id=campaign_id,
                    day=1,
                    seq=seq,
                    type=kind,
                    audience=audience,
                    recipients=to,
                    fields=fields,
                )
            )
    with session_scope(engine) as session:
        killed, told, moved, looted = map(
            event_log.as_event, event_log.list_events(session, campaign_id=campaign_id, day=1)
        )
        read = event_log.day_events(session, campaign_id=campaign_id, day=1)
    assert read == [killed, told, moved, looted]
    assert isinstance(killed, Untyped) and killed.fields == {"who": "Wolf 1", "by": "Amazon"}
    assert isinstance(told, Untyped) and told.recipients == ("Amazon",)
    assert not told.visible_to("public") and told.visible_to("Amazon")
    assert moved == Moved(who="Amazon", from_="CV1", to="CV5")
    assert looted == Looted(recipients=("Amazon",), who="Amazon", item="Lamp", from_="CAIRNS")


def test_decisions_open_until_answered(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:

        def ask(character: str) -> int:
            decision = repo.add_decision(
                session,
                campaign_id=campaign_id,
                day=1,
                ref=f"d1/{character}/p1/follow/{character}",
                character=character,
                kind="follow",
                prompt="Follow whom?",
                options=["Amazon", "nobody"],
                default="nobody",
                asked_at=T0,
                due_at=T0 + timedelta(hours=12),
            )
            return decision.id or 0

        first, second = ask("Berserker"), ask("Captain")
        assert [d.id for d in repo.open_decisions(session, campaign_id=campaign_id)] == [
            first,
            second,
        ]
        answered = repo.answer_decision(session, decision_id=first, answer="Amazon")
        assert answered.answer == "Amazon"
    with session_scope(engine) as session:
        assert [d.id for d in repo.open_decisions(session, campaign_id=campaign_id)] == [second]
        assert repo.open_decisions(session, campaign_id=campaign_id, character="Berserker") == []
        (captain,) = repo.open_decisions(session, campaign_id=campaign_id, character="Captain")
        assert captain.options == ["Amazon", "nobody"]
        assert captain.due_at == T0 + timedelta(hours=12)
        with pytest.raises(LookupError):
            repo.answer_decision(session, decision_id=999, answer="x")


def test_a_decision_is_stored_once_a_day_by_its_ref(engine: Engine, campaign_id: int) -> None:
    def ask(session: Session, day: int, who: str) -> None:
        repo.add_decision(
            session,
            campaign_id=campaign_id,
            day=day,
            ref=f"d{day}/Amazon/p1/rest/{who}",
            character=who,
            kind="rest",
            prompt="Which chit?",
            options=["MOVE M3*", "FIGHT M4*"],
            default="MOVE M3*",
            asked_at=T0,
        )

    with session_scope(engine) as session:
        ask(session, 1, "Amazon")
        ask(session, 1, "Black Knight")
        ask(session, 2, "Amazon")
        refs = [d.ref for d in repo.list_decisions(session, campaign_id=campaign_id, day=1)]
        assert refs == ["d1/Amazon/p1/rest/Amazon", "d1/Amazon/p1/rest/Black Knight"]
    with pytest.raises(IntegrityError), session_scope(engine) as session:
        ask(session, 1, "Amazon")
    with session_scope(engine) as session:
        assert rewind.delete_decisions(session, campaign_id=campaign_id, from_day=2) == 1
        assert repo.list_decisions(session, campaign_id=campaign_id, day=2) == []
        assert len(repo.list_decisions(session, campaign_id=campaign_id, day=1)) == 2


def test_moderator_actions_are_logged_in_order(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        repo.log_action(
            session, campaign_id=campaign_id, moderator="Mo", action="extend", detail="+24h", at=T0
        )
        repo.log_action(
            session,
            campaign_id=campaign_id,
            moderator="Mo",
            action="pause",
            detail="holiday",
            at=T0,
        )
    with session_scope(engine) as session:
        log = repo.list_actions(session, campaign_id=campaign_id)
        assert [(a.action, a.detail) for a in log] == [("extend", "+24h"), ("pause", "holiday")]


def test_outbox_delivers_in_id_order(engine: Engine, campaign_id: int) -> None:
    with session_scope(engine) as session:
        channel = messages.add_message(
            session,
            campaign_id=campaign_id,
            kind="channel",
            content="day 1",
            created_at=T0,
            attachment_name="map.png",
            attachment=b"\x89PNG",
        )
        dm = messages.add_message(
            session, campaign_id=campaign_id, kind="dm", to="42", content="yours", created_at=T0
        )
        mods = messages.add_message(
            session, campaign_id=campaign_id, kind="moderators", content="preview", created_at=T0
        )
        ids = [channel.id, dm.id, mods.id]
    with session_scope(engine) as session:
        pending = messages.undelivered_messages(session)
        assert [m.id for m in pending] == ids
        assert pending[0].attachment_sha256 == blobs.digest(b"\x89PNG")
        assert blobs.attachments(session, pending) == {ids[0]: b"\x89PNG"}
        assert [m.id for m in messages.undelivered_messages(session, limit=2)] == ids[:2]
        assert messages.record_attempt(session, message_id=ids[0] or 0) == 1
        assert messages.record_attempt(session, message_id=ids[0] or 0) == 2
        delivered = messages.mark_delivered(session, message_id=ids[0] or 0, at=T0)
        assert delivered.delivered_at == T0
    with session_scope(engine) as session:
        assert [m.id for m in messages.undelivered_messages(session)] == ids[1:]
        with pytest.raises(LookupError):
            messages.mark_delivered(session, message_id=999, at=T0)
