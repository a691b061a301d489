"""The demo campaign (``make run`` without Discord, bot/demo.py): the autopilot plays every seat
through the campaign service, and uses natives (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import select

import bot.outbox
from bot.config import Settings
from bot.demo import run_demo
from db import event_log
from db.engine import make_engine, session_scope
from db.models import Blob, OutboxMessage
from rules.catalog import catalog


def test_a_demo_of_every_character_buys_and_hires_with_orders_all_read(tmp_path: Path) -> None:
    """Seed 21, four days: the Magician hires a Rogue on day 1, the Witch buys a Staff from the
    Company on day 4; no seat's orders are mended or refused (the orders_mended message)."""
    settings = Settings(
        output_dir=tmp_path,
        demo_days=4,
        demo_seed=21,
        demo_characters=",".join(catalog().characters),
    )
    run_demo(settings, echo=lambda _: None)
    engine = make_engine(f"sqlite:///{tmp_path / 'demo.db'}")
    with session_scope(engine) as session:
        events = [
            (day, event.type, event.fields)
            for day in range(1, 5)
            for event in map(
                event_log.as_event, event_log.list_events(session, campaign_id=1, day=day)
            )
        ]
        messages = [m.content for m in session.exec(select(OutboxMessage))]
    engine.dispose()
    assert (1, "hired", {"piece": "Rogues 7", "by": "Magician", "until": 14}) in events
    bought = {"who": "Witch", "item": "Staff 2", "price": 4, "from": "Company"}
    assert (4, "bought", bought) in events
    assert not any("could not" in text for text in messages), "every autopilot order is read"
    reports = "\n".join(p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.md"))
    assert "Magician: HR Rogues" in reports and "Witch: T Company" in reports


def test_the_demo_prunes_the_attachments_delivered_once_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each day's delivery leaves the attachments it delivered; the last one prunes them all
    (issue 31, the month's benchmark: not a pruning pass a day)."""
    passes: list[int] = []
    prune = bot.outbox.prune_attachments

    def counted(engine: Engine) -> int:
        passes.append(prune(engine))
        return passes[-1]

    monkeypatch.setattr(bot.outbox, "prune_attachments", counted)
    settings = Settings(output_dir=tmp_path, demo_days=3, demo_seed=5, demo_characters="Elf")
    run_demo(settings, echo=lambda _: None)
    assert len(passes) == 2 and passes[-1] == 3, "the start's pass, then the days' three maps"
    engine = make_engine(f"sqlite:///{tmp_path / 'demo.db'}")
    with session_scope(engine) as session:
        assert not list(session.exec(select(Blob))), "none is left"
    engine.dispose()
    assert len(list((tmp_path / "Demo").rglob("*.png"))) == 4
