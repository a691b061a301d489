"""The maps posted with the reports, through Discord: sent once, with their bytes, which the
bot's periodic job then prunes (issue 18)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot import outbox
from bot.service import CampaignService
from db.engine import session_scope
from db.models import Blob, OutboxMessage

from .conftest import Table, bot_messages, private_answer, seat_two_players


@pytest.mark.asyncio
async def test_a_map_is_sent_once_with_its_bytes_then_pruned(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    started = await table.moderator.slash(table.channel, "gm start", campaign="Test")
    assert private_answer(started).startswith("Test has started")
    (queued,) = [m for m in service.store.undelivered(1000) if m.attachment_sha256]
    assert queued.id is not None
    image = outbox.load(service.engine, [queued.id])[queued.id].attachment
    assert image is not None and image.startswith(b"\x89PNG")

    assert await table.bot.deliver_once() > 0
    files = [a for m in bot_messages(table.channel.history()) for a in m.attachments]
    assert [a.filename for a in files] == ["map-month1-day1.png"]
    assert await files[0].read() == image
    assert await table.bot.deliver_once() == 0, "nothing is sent twice"

    assert outbox.prune_attachments(service.engine) == 1
    with session_scope(service.engine) as session:
        assert list(session.exec(select(Blob))) == []
        sent = session.get(OutboxMessage, queued.id)
        assert sent is not None and sent.delivered_at is not None
        assert sent.attachment_sha256 == queued.attachment_sha256
