"""A day's events handed to its reports by the unit of work that resolved it (issue 31, the
month as a process: :meth:`bot.publishing.Publisher.told`, :attr:`bot.publishing.Ended.events`):
the events handed over are the day's as stored, the reports then read none back, and a day
resolved in parts over several units of work hands over nothing (its reports read them)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
import time_machine
from sqlmodel import Session

import db.event_log
from bot.config import Settings
from bot.demo import run_demo
from bot.publishing import Ended, Publisher
from bot.service import CampaignService
from db.engine import make_engine, session_scope
from db.models import Campaign
from rules import Event
from tests.bot.test_plays import START, force, giant_fight, quietly


def test_the_events_handed_to_each_day_s_reports_are_the_day_s_as_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed: list[Ended | None] = []
    hold = Publisher.hold

    def recorded(self: Publisher, ended: Ended) -> None:
        handed.append(ended)
        hold(self, ended)

    monkeypatch.setattr(Publisher, "hold", recorded)
    settings = Settings(
        output_dir=tmp_path, demo_days=4, demo_seed=21, demo_characters="Amazon,Elf,Dwarf,Witch"
    )
    run_demo(settings, echo=lambda _: None)
    engine = make_engine(f"sqlite:///{tmp_path / 'demo.db'}")
    days = [ended for ended in handed if ended is not None]
    assert [ended.due for ended in days] == [1, 2, 3, 4]
    with session_scope(engine) as session:
        for ended in days:
            stored = db.event_log.day_events(session, campaign_id=1, day=ended.due)
            assert ended.events is not None and list(ended.events) == stored
    engine.dispose()
    assert any(e.type == "dice_log" for ended in days for e in ended.events or ()), "rolls too"


def test_the_reports_of_a_day_resolved_whole_read_none_of_its_events_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unread(*_: object, **__: object) -> list[Event]:
        raise AssertionError("the day's events are read back")

    monkeypatch.setattr(db.event_log, "day_events", unread)
    settings = Settings(output_dir=tmp_path, demo_days=2, demo_seed=5, demo_characters="Elf")
    run_demo(settings, echo=lambda _: None)
    reports = sorted((tmp_path / "Demo" / "public").glob("*.md"))
    assert len([p for p in reports if "Day 2" in p.read_text(encoding="utf-8")]) >= 1


def test_a_day_resolved_over_several_units_hands_nothing_over(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[int] = []
    tell = Publisher.told

    def recorded(
        self: Publisher, session: Session, campaign: Campaign, day: int, events: Sequence[Event]
    ) -> None:
        told.append(day)
        tell(self, session, campaign, day, events)

    monkeypatch.setattr(Publisher, "told", recorded)
    with time_machine.travel(START, tick=False):
        giant_fight(service)
        service.players.submit_orders("Test", player="p1", text="R")
        service.players.submit_orders("Test", player="p2", text="R")
        assert "waits for" in force(service)
        for _ in range(40):
            if service.campaigns.campaign("Test").day != 1:
                break
            quietly(service, "p1", "Amazon")
            quietly(service, "p2", "Black Knight")
    assert service.campaigns.campaign("Test").day == 2, "the day was fought to its end"
    assert told == [], "the events stored by the earlier units are not in hand"
    public = [m.content for m in service.store.undelivered(1000) if m.kind == "channel"]
    assert any("Giant" in text for text in public), "the day's report read them all"
