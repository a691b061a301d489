"""The demo of six spellcasters (issue 34, "What players see"): played by the autopilot through
the campaign service and delivered as files, its public reports tell the enchanting and the
casts with their rules, and each private event's line reaches the players it is for alone, never
the public folder."""

from __future__ import annotations

from pathlib import Path

from bot.config import Settings
from bot.demo import run_demo
from bot.event_text import describe
from db import event_log
from db.engine import make_engine, session_scope
from rules.events import PUBLIC, Event

#: The six spellcasters, seated in this order (player-1 plays the first).
CASTERS = ("Wizard", "Witch King", "Magician", "Sorcerer", "Druid", "Witch")
DAYS = 10


def texts(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.md")))


def test_the_demo_of_six_spellcasters_reports_magic_and_keeps_secrets(tmp_path: Path) -> None:
    settings = Settings(
        output_dir=tmp_path, demo_days=DAYS, demo_seed=7, demo_characters=",".join(CASTERS)
    )
    run_demo(settings, echo=lambda _: None)
    engine = make_engine(f"sqlite:///{tmp_path / 'demo.db'}")
    with session_scope(engine) as session:
        events: list[Event] = [
            event_log.as_event(stored)
            for day in range(1, DAYS + 1)
            for stored in event_log.list_events(session, campaign_id=1, day=day)
        ]
    engine.dispose()
    demo = tmp_path / "Demo"
    public = texts(demo / "public")
    for kind, rule in (("enchanted", "(7.10.3)"), ("cast", "(8.3.9b)")):
        told = [describe(e) for e in events if e.type == kind]
        assert told and all(line in public for line in told), kind
        assert rule in public
    players = {
        CASTERS[int(folder.name.split("-")[1]) - 1]: texts(folder)
        for folder in (demo / "players").iterdir()
    }
    assert set(players) == set(CASTERS)
    private = [e for e in events if not e.visible_to(PUBLIC)]
    assert private, "the campaign has private events"
    for event in private:
        line = describe(event)
        assert line not in public, line
        for character, folder in players.items():
            if event.visible_to(character):
                assert line in folder, (character, line)
            else:
                assert line not in folder, (character, line)
