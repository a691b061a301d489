"""How outbox messages look on Discord (:mod:`bot.discord.outgoing`): reports and decisions as
cards within Discord's limits, the map in the report's last card, anything else as text."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.discord.embeds import MESSAGE_EMBEDS, MESSAGE_TOTAL
from bot.discord.outgoing import REPORT_MESSAGES, card_of, render_parts
from db.models import OutboxMessage

MAP = "map-month1-day2.png"


def message(content: str, kind: str = "channel", attachment: str | None = MAP) -> OutboxMessage:
    return OutboxMessage(
        id=7,
        campaign_id=1,
        kind=kind,
        to="42" if kind == "dm" else None,
        content=content,
        attachment_name=attachment,
        created_at=datetime(2026, 11, 26, tzinfo=UTC),
    )


def report(lines: int) -> str:
    return "Day 3, Month 1\n\n" + "\n".join(
        f"Amazon: M CV{n % 6 + 1} " + "x" * 60 for n in range(lines)
    )


def test_a_report_is_a_card_titled_by_its_first_line_with_the_map_in_it() -> None:
    sent = message(report(5))
    parts, files = render_parts(sent, b"png", card_of(sent, "Test"))
    [part] = parts
    assert part.content is None and part.embeds[0].title == "Day 3, Month 1"
    assert (part.embeds[0].description or "").startswith("Amazon: M CV1 ")
    assert part.embeds[-1].image.url == f"attachment://{MAP}"
    assert [f.filename for f in files] == [MAP]


def test_a_long_report_takes_several_messages_within_the_limits_nothing_lost() -> None:
    sent = message(report(150))  # ~11,000 characters: two or three messages of cards
    parts, files = render_parts(sent, b"png", card_of(sent, "Test"))
    assert 1 < len(parts) <= REPORT_MESSAGES
    for part in parts:
        assert sum(len(e) for e in part.embeds) <= MESSAGE_TOTAL
        assert len(part.embeds) <= MESSAGE_EMBEDS
    text = "\n".join(e.description or "" for p in parts for e in p.embeds)
    assert text.splitlines() == report(150).splitlines()[2:]
    assert parts[-1].embeds[-1].image.url == f"attachment://{MAP}"
    assert not any(e.image for p in parts[:-1] for e in p.embeds), "the map comes once, last"
    assert [f.filename for f in files] == [MAP]


def test_a_report_too_long_for_cards_is_attached_as_text_with_its_map() -> None:
    sent = message(report(400))
    parts, files = render_parts(sent, b"png", card_of(sent, "Test"))
    [part] = parts
    assert part.content == "Day 3, Month 1\n(the whole text is attached)" and not part.embeds
    assert [f.filename for f in files] == ["message-7.txt", MAP]


def test_only_reports_and_decisions_are_cards() -> None:
    assert card_of(message("Test: day 2 is open.", attachment=None), "Test") is None
    assert card_of(message("Orders stored.", kind="dm", attachment=None), "Test") is None
    decision = (
        "Test, day 3: the Amazon must decide. Which chit do you rest first? (7.8.2)\n"
        "Options: MOVE M3*, FIGHT M4*. Without an answer by 2026-11-27 12:00 UTC: MOVE M3*."
    )
    card = card_of(message(decision, kind="dm", attachment=None), "Test")
    assert card is not None and card.title == "Test, day 3: the Amazon must decide."
    assert card.description == "Which chit do you rest first? (7.8.2)"
    assert [(f.name, f.value) for f in card.fields] == [
        ("Options", "MOVE M3* | FIGHT M4*"),
        ("Without an answer", "by 2026-11-27 12:00 UTC: MOVE M3*"),
    ]
    assert card_of(message(decision, kind="dm", attachment=None), "Other") is None
